// Actions and events in words through the npm package: every action and every event of a
// whole game of each kind is described by a non-empty text, in Vietnamese and in English, for
// the host and for every seat; and a Domino seat's descriptions never name a tile dealt or
// drawn to another seat.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init, Game, KINDS, LANGS, DangianError } from '../dist/index.js';

await init();

/** A small seeded generator for the test's own choices. */
function rng(seed) {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
}

const tileText = (t) => `${Math.min(t[0], t[1])}-${Math.max(t[0], t[1])}`;

/**
 * Play a whole game, describing every action (before it is played) and every event (after)
 * for the host and every seat in both languages. `each(game, id, before, hostEvents)` sees
 * each step. Returns how many texts were checked.
 */
function describeGame(game, seed, each = () => {}) {
  const pick = rng(seed);
  const viewers = [undefined, ...Array.from({ length: game.seats }, (_, s) => s)];
  let texts = 0;
  while (!game.isOver()) {
    const legal = game.legalActions();
    const id = legal[pick(legal.length)];
    const before = {};
    for (const viewer of viewers) {
      for (const lang of LANGS) {
        const words = game.describeAction(id, lang, viewer);
        assert.equal(typeof words, 'string');
        assert.ok(words.trim().length > 0, `${game.kind}: ${game.actionText(id)} in ${lang} for ${viewer}`);
        before[`${viewer}/${lang}`] = words;
        texts += 1;
      }
    }
    // The seat handle says the same as the game for that seat.
    for (let s = 0; s < game.seats; s++) assert.equal(game.seat(s).describeAction(id, 'vi'), before[`${s}/vi`]);
    // The two languages differ (nothing is left untranslated) but say the same thing.
    assert.notEqual(before['undefined/vi'], before['undefined/en']);
    game.apply(id);
    const hostEvents = game.events();
    for (const viewer of viewers) {
      const events = game.events(viewer);
      for (const lang of LANGS) {
        const lines = game.describeEvents(lang, viewer);
        assert.equal(lines.length, events.length, `one line per event the viewer sees (${game.kind}, ${lang})`);
        for (const line of lines) {
          assert.ok(typeof line === 'string' && line.trim().length > 0, `${game.kind}: an event in ${lang} for ${viewer}`);
        }
        texts += lines.length;
      }
    }
    assert.deepEqual(game.describeEvents('en', 0), game.seat(0).describeEvents('en'));
    each(game, id, before, hostEvents);
  }
  assert.ok(game.describeEvents('en').length > 0, 'the last action has events (game over)');
  return texts;
}

for (const kind of KINDS) {
  test(`${kind}: every action and event of a whole game is described, in both languages`, () => {
    const game = kind === 'ca_ngua' ? Game.preset(kind, 'two_players', { seed: 21 }) : Game.create(kind, {}, { seed: 21 });
    const texts = describeGame(game, 5);
    assert.ok(texts > 500, `${texts} texts`);
    game.free();
  });
}

test('known descriptions, and refused languages, seats and ids', () => {
  const game = Game.create('o_an_quan', {}, { seed: 1 });
  assert.equal(game.describeAction('a1+', 'vi'), 'A rải ô a1 sang phải');
  assert.equal(game.describeAction('a1+', 'en', 1), 'A sows a1 to the right');
  assert.deepEqual(game.describeEvents('en'), [], 'no action yet');
  game.apply('a1+');
  const vi = game.describeEvents('vi');
  assert.ok(vi.length > 3);
  assert.ok(vi.some((l) => l.includes('a1')), vi.join(' / '));
  assert.throws(() => game.describeAction('b1+', 'fr'), (e) => e instanceof DangianError && e.kind === 'unknown_lang');
  assert.throws(() => game.describeEvents('de'), (e) => e instanceof DangianError && e.kind === 'unknown_lang');
  assert.throws(() => game.describeEvents('en', 2), (e) => e instanceof DangianError && e.kind === 'no_such_seat');
  assert.throws(() => game.describeAction(99999, 'en'), (e) => e instanceof DangianError && e.kind === 'unknown_id');
  game.keepEvents(false);
  game.apply(game.legalActions()[0]);
  assert.deepEqual(game.describeEvents('en'), [], 'events off: nothing to describe');
  game.free();
});

test('Domino: a seat never reads a tile dealt or drawn to another seat', () => {
  let hidden = 0;
  let own = 0;
  for (const [players, seed] of [[2, 31], [4, 32]]) {
    const game = Game.create('domino', { players }, { seed });
    describeGame(game, seed, (g, id, before, hostEvents) => {
      const text = g.actionText(id);
      // The chance action: its tile named to the host and to its receiver alone.
      if (/^(deal|draw) /.test(text)) {
        const tile = text.split(' ')[1];
        const receiver = hostEvents.find((e) => e.kind === 'dealt' || e.kind === 'drew').seat;
        assert.ok(before['undefined/en'].includes(tile), 'the host reads the tile');
        for (let s = 0; s < g.seats; s++) {
          for (const lang of ['vi', 'en']) {
            const words = before[`${s}/${lang}`];
            if (s === receiver) {
              assert.ok(words.includes(tile), `the receiver reads its tile: ${words}`);
              own += 1;
            } else {
              assert.ok(!words.includes(tile) && !/\d-\d/.test(words), `seat ${s} reads "${words}" (${text})`);
              hidden += 1;
            }
          }
        }
      }
      for (let s = 0; s < g.seats; s++) {
        const seen = g.events(s);
        const view = g.view(s);
        const mine = new Set(view.hand.map(tileText));
        for (const lang of ['vi', 'en']) {
          const lines = g.describeEvents(lang, s);
          // Events and lines match one to one; the host's events line up with the seat's.
          assert.equal(lines.length, hostEvents.length);
          hostEvents.forEach((e, i) => {
            if ((e.kind !== 'dealt' && e.kind !== 'drew') || e.seat === s) return;
            const tile = tileText(e.tile);
            // The seat's form of the event has no tile, and its words name none.
            assert.equal(seen[i].tile ?? null, null, 'the seat does not see the tile');
            assert.ok(!lines[i].includes(tile), `seat ${s} reads "${lines[i]}", which names ${tile}`);
            assert.ok(!/\d-\d/.test(lines[i]), `seat ${s} reads "${lines[i]}"`);
            assert.ok(!mine.has(tile), 'the tile is in another hand');
            hidden += 1;
          });
          // A tile this seat was dealt or drew is named to it, and is in its hand.
          hostEvents.forEach((e, i) => {
            if ((e.kind === 'dealt' || e.kind === 'drew') && e.seat === s && lang === 'en') {
              assert.ok(lines[i].includes(tileText(e.tile)), lines[i]);
            }
          });
        }
      }
    });
    game.free();
  }
  assert.ok(hidden > 100, `only ${hidden} hidden tiles checked`);
  assert.ok(own > 0, 'a receiver reads its own tiles');
});
