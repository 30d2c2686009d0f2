// Presets, seats and the end of a game in words through the npm package: every preset has a
// name and a one-line summary in both languages, seats are named from 1 (with their colours
// in Cờ cá ngựa), and a game played to its end says who won.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init, Game, KINDS, LANGS, DangianError, presets, presetWords, tablePresets } from '../dist/index.js';

await init();

test('every preset has a name and a summary in both languages', () => {
  for (const kind of KINDS) {
    const names = new Set();
    for (const preset of presets(kind)) {
      const vi = presetWords(kind, preset, 'vi');
      const en = presetWords(kind, preset, 'en');
      for (const w of [vi, en]) {
        assert.ok(w.name.trim() && w.summary.trim() && !w.name.includes('_'), `${kind} ${preset}`);
      }
      assert.notEqual(vi.name, en.name);
      assert.notEqual(vi.summary, en.summary);
      assert.ok(!names.has(en.name), `${kind}: ${en.name} twice`);
      names.add(en.name);
    }
  }
  assert.equal(presetWords('o_an_quan', 'threefold', 'en').name, 'Threefold repetition');
  assert.throws(() => presetWords('domino', 'nope', 'vi'), DangianError);
});

test('a table offers some of the presets, its default first', () => {
  for (const kind of KINDS) {
    const table = tablePresets(kind);
    assert.ok(table.length > 0 && table.every((p) => presets(kind).includes(p)), kind);
  }
  assert.deepEqual(tablePresets('o_an_quan').slice(0, 1), ['pay_to_refill']);
  assert.ok(tablePresets('o_an_quan').includes('seed_rules'));
});

test('seats are named from 1 and the end of a game names the winner', () => {
  for (const kind of KINDS) {
    const game = Game.create(kind, {}, { seed: 3 });
    for (const lang of LANGS) {
      assert.deepEqual(game.outcomeLines(lang), []);
      assert.match(game.seatName(0, lang), lang === 'vi' ? /^Người 1/ : /^Player 1/);
    }
    assert.throws(() => game.seatName(game.seats, 'en'), DangianError);
    let turn = 0;
    while (!game.isOver()) {
      if (game.isChance()) {
        game.playChance();
        continue;
      }
      const legal = game.legalActions();
      game.apply(legal[(turn++ * 7 + 3) % legal.length]);
    }
    const outcome = game.outcome();
    const winners = outcome.places.flatMap((p, s) => (p === 1 ? [s] : []));
    for (const lang of LANGS) {
      const lines = game.outcomeLines(lang);
      assert.ok(lines.length >= 2, `${kind}: ${lines}`);
      if (winners.length === 1) assert.ok(lines[0].includes(game.seatName(winners[0], lang)), lines[0]);
    }
  }
  assert.equal(Game.create('ca_ngua').seatName(2, 'vi'), 'Người 3 (xanh dương)');
});
