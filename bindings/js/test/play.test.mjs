// Every game played to the end through the npm package: chance from the seeded RNG, decisions
// by bots and by a seeded choice; records saved and loaded; illegal actions refused with
// their stable codes; seat-safe calls; and every JSON form valid against the JSON Schemas
// the TypeScript types are generated from.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import {
  init,
  Game,
  KINDS,
  LEVELS,
  DangianError,
  presets,
  reasons,
  rulesVersion,
  seedRules,
  version,
} from '../dist/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const schemaDir = join(here, '..', '..', '..', 'schema');

await init();

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
const validators = {};
for (const kind of KINDS) {
  validators[kind] = {};
  for (const form of ['config', 'state', 'view', 'event', 'outcome', 'record']) {
    const schema = JSON.parse(readFileSync(join(schemaDir, kind, `${form}.schema.json`), 'utf8'));
    validators[kind][form] = ajv.compile(schema);
  }
}

function valid(kind, form, value) {
  const v = validators[kind][form];
  assert.ok(v(value), `${kind} ${form} does not match its schema: ${ajv.errorsText(v.errors)}\n${JSON.stringify(value).slice(0, 400)}`);
}

/** A small seeded generator for the test's own choices. */
function rng(seed) {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) % n);
  };
}

/** Play a game to its end; seat decisions by `decide`. Checks schemas along the way. */
function playOut(game, decide, { checkEvery = 1 } = {}) {
  const kind = game.kind;
  let steps = 0;
  let last = [];
  while (!game.isOver()) {
    const check = steps % checkEvery === 0;
    if (game.isChance()) {
      const { events } = game.playChance();
      last = events;
    } else {
      const seat = game.seatToMove();
      const legal = game.legalActionsFor(seat);
      assert.deepEqual(legal, game.legalActions());
      for (let other = 0; other < game.seats; other++) {
        if (other !== seat) assert.deepEqual(game.legalActionsFor(other), []);
      }
      const id = decide(game, seat, legal);
      last = game.seat(seat).apply(id);
    }
    if (check) {
      for (const e of game.events()) valid(kind, 'event', e);
      valid(kind, 'state', game.state());
      for (let s = 0; s < game.seats; s++) valid(kind, 'view', game.view(s));
    }
    steps += 1;
    assert.ok(steps <= game.maxMoves, 'the game ends within maxMoves');
  }
  assert.ok(last.some((e) => e.kind === 'game_over'), 'the last action reports game_over');
  const outcome = game.outcome();
  valid(kind, 'outcome', outcome);
  assert.equal(outcome.scores.length, game.seats);
  assert.equal(outcome.places.length, game.seats);
  return steps;
}

test('the package knows its games, presets and reasons', () => {
  assert.equal(rulesVersion(), 2);
  assert.match(version(), /^\d+\.\d+\.\d+/);
  for (const kind of KINDS) {
    const names = presets(kind);
    assert.equal(names[0], 'seed_rules');
    const rules = seedRules(kind);
    valid(kind, 'config', rules);
    assert.deepEqual(Game.create(kind, {}, { seed: 1 }).config(), rules);
    const codes = reasons(kind);
    assert.ok(codes.length > 0);
    for (const r of codes) assert.match(r.name, /^[a-z_]+$/);
  }
});

for (const kind of KINDS) {
  for (const preset of presets(kind)) {
    test(`${kind}/${preset}: a seeded game played to the end, saved and loaded`, () => {
      const game = Game.preset(kind, preset, { seed: 7 });
      assert.equal(game.seed, 7n);
      valid(kind, 'config', game.config());
      const pick = rng(11);
      playOut(game, (_g, _seat, legal) => legal[pick(legal.length)], { checkEvery: kind === 'o_an_quan' ? 1 : 7 });
      const record = game.record();
      valid(kind, 'record', record);
      const loaded = Game.load(game.save());
      assert.deepEqual(loaded.state(), game.state());
      assert.deepEqual(loaded.outcome(), game.outcome());
      assert.equal(loaded.stateHash(), game.stateHash());
      loaded.free();
      // The same seed and the same choices give the same game.
      const again = Game.preset(kind, preset, { seed: 7 });
      const pick2 = rng(11);
      playOut(again, (_g, _seat, legal) => legal[pick2(legal.length)], { checkEvery: 1e9 });
      assert.equal(again.stateHash(), game.stateHash());
      game.free();
      again.free();
    });
  }
}

for (const kind of KINDS) {
  test(`${kind}: easy and medium bots play a game to the end, with hints`, () => {
    // Cờ cá ngựa with two players keeps the test short.
    const game = kind === 'ca_ngua' ? Game.preset(kind, 'two_players', { seed: 3 }) : Game.create(kind, {}, { seed: 3 });
    let n = 0;
    playOut(
      game,
      (g, seat, legal) => {
        const level = LEVELS[(n++ + seat) % 2]; // easy and medium: the hard bot is timed in the browser
        const hints = g.botHints(seat, level, 5);
        assert.deepEqual(hints.map((h) => h.action).sort((a, b) => a - b), legal);
        for (const h of hints) assert.equal(h.text, g.actionText(h.action));
        const id = g.botChoose(seat, level, 5);
        assert.equal(id, hints[0].action);
        return id;
      },
      { checkEvery: 13 },
    );
    game.free();
  });

  test(`${kind}: a hard bot chooses a legal action`, () => {
    const game = Game.create(kind, {}, { seed: 9 });
    while (game.isChance()) game.playChance();
    const seat = game.seatToMove();
    const id = game.botChoose(seat, 'hard', 1);
    assert.ok(game.legalActions().includes(id));
    assert.equal(game.seat(seat).botChoose('hard', 1), id, 'deterministic');
    game.free();
  });
}

test('illegal actions are refused with a reason and a stable code, the game unchanged', () => {
  const game = Game.create('o_an_quan', {}, { seed: 1 });
  const before = game.state();
  const c = game.check('b1+');
  assert.equal(c.legal, false);
  assert.equal(c.kind, 'illegal');
  assert.equal(typeof c.code, 'number');
  assert.ok(c.code >= 100 && c.code < 200);
  assert.ok(reasons('o_an_quan').some((r) => r.code === c.code && r.name === c.reason));
  assert.throws(
    () => game.apply('b1+'),
    (e) => e instanceof DangianError && e.kind === 'illegal' && e.code === c.code && e.reason === c.reason && e.message === c.message,
  );
  assert.deepEqual(game.state(), before);
  assert.deepEqual(game.check('zz'), { legal: false, kind: 'notation', message: game.check('zz').message, code: null, reason: null });
  assert.throws(() => game.apply(9999), (e) => e instanceof DangianError && e.kind === 'unknown_id');
  assert.throws(() => game.apply('a1+', { atMove: 5 }), (e) => e instanceof DangianError && e.kind === 'stale');
  assert.throws(() => game.playChance(), (e) => e instanceof DangianError && e.kind === 'not_chance');
  assert.throws(() => game.botChoose(1, 'hard'), (e) => e instanceof DangianError && e.kind === 'not_to_move');
  assert.throws(() => game.view(2), (e) => e instanceof DangianError && e.kind === 'no_such_seat');
  assert.throws(() => game.seat(1).apply('b1+'), (e) => e instanceof DangianError && e.kind === 'not_to_move');
  assert.equal(game.seat(1).check('b1+').kind, 'not_to_move');
  assert.throws(() => Game.create('domino', { players: 7 }), (e) => e instanceof DangianError && e.kind === 'config');
  assert.throws(() => Game.create('domino', '{"nope":1}'), (e) => e instanceof DangianError && e.kind === 'config');
  assert.throws(() => Game.create('chess'), (e) => e instanceof DangianError && e.kind === 'unknown_kind');
  assert.throws(() => Game.preset('ca_ngua', 'nope'), (e) => e instanceof DangianError && e.kind === 'no_such_preset');
  assert.throws(() => Game.load('{"format":"x"}'), (e) => e instanceof DangianError && e.kind === 'record');
  game.free();
});

test('Cờ cá ngựa: dice supplied by the host, or sampled from the seed', () => {
  const game = Game.create('ca_ngua', {}, { seed: 2 });
  assert.equal(game.isChance(), true);
  const outcomes = game.chanceOutcomes();
  assert.equal(outcomes.length, 21);
  assert.equal(outcomes.reduce((s, o) => s + o.weight, 0), 36);
  const events = game.applyChance('r6-6');
  assert.ok(events.some((e) => e.kind === 'rolled'));
  assert.deepEqual(game.legalActions().map((id) => game.actionText(id)).includes('x0'), true);
  // Two games with one seed roll the same dice.
  const a = Game.create('ca_ngua', {}, { seed: 99 });
  const b = Game.create('ca_ngua', {}, { seed: 99n });
  assert.equal(a.playChance().text, b.playChance().text);
});

test('Domino: a seat sees its own hand only, and redacted events', () => {
  const game = Game.create('domino', { players: 3 }, { seed: 4 });
  while (game.isChance()) game.playChance();
  const state = game.state();
  for (let seat = 0; seat < 3; seat++) {
    const view = game.seat(seat).view();
    assert.deepEqual(view.hand, state.hands[seat]);
    assert.equal(view.hand_counts.length, 3);
    const text = JSON.stringify(view);
    assert.ok(!('hands' in view) && !('boneyard' in view && Array.isArray(view.boneyard)), 'no other hand, no chợ tiles');
    for (let other = 0; other < 3; other++) {
      if (other === seat) continue;
      for (const tile of state.hands[other]) {
        // The tile may still appear on the line or in this seat's hand, never as another hand.
        assert.ok(!view.hand.some((t) => t[0] === tile[0] && t[1] === tile[1]));
      }
    }
    assert.ok(text.length > 0);
  }
  // Draws: the drawer sees the tile, the others do not.
  const fresh = Game.create('domino', {}, { seed: 4 });
  const step = fresh.playChance();
  const dealtTo = step.events.find((e) => e.kind === 'dealt').seat;
  assert.ok(Array.isArray(fresh.events(dealtTo)[0].tile));
  assert.equal(fresh.events(1 - dealtTo)[0].tile ?? null, null);
  // The view hash a seat can compare does not depend on the others' hidden tiles.
  assert.match(fresh.viewHash(0), /^[0-9a-f]{16}$/);
});

test('clone and fromState keep the position', () => {
  const game = Game.create('o_an_quan', {}, { seed: 1 });
  game.apply('a1+');
  const copy = game.clone();
  assert.deepEqual(copy.state(), game.state());
  const restored = Game.fromState('o_an_quan', game.state());
  assert.deepEqual(restored.state(), game.state());
  assert.deepEqual(restored.record().start, game.state());
  assert.throws(() => Game.fromState('o_an_quan', { ...game.state(), dan: [0] }), (e) => e instanceof DangianError && e.kind === 'setup');
});

test('o_an_quan: a hint in an endgame the hard level has solved says the result in words', () => {
  // Two captured big stones, 6 dân left, seat 0 to move: lost by 2 whatever it plays.
  const state = {
    config: seedRules('o_an_quan'),
    dan: [0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 1, 1],
    big: [{ kind: 'captured_by', seat: 1 }, { kind: 'captured_by', seat: 0 }],
    cap_dan: [22, 22],
    turn: 0,
    ply: 40,
    end: null,
  };
  const g = Game.fromState('o_an_quan', state);
  const hard = g.botHints(0, 'hard', 1);
  assert.deepEqual(hard[0].proven, {
    result: 'loss',
    margin: -2,
    plies: 11,
    vi: 'thua chắc, kém 2 điểm',
    en: 'loses by force, by 2 points',
  });
  for (const h of g.botHints(0, 'easy', 1)) assert.equal(h.proven, null);
});
