// Hostile arguments through the npm package: a number that is not a valid integer for its
// place (a fraction, NaN, a negative number, 2**32 or more; a seed beyond 2**64 - 1) is refused
// with a DangianError of kind `invalid_argument` and changes nothing (the WebAssembly
// conversion would have truncated or wrapped it); a panic inside the engine reaches
// JavaScript as a DangianError of kind `panic`, and every call after it is refused (`poisoned`).
// The panic test runs last: it poisons this process's module.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init, Game, DangianError, __armFault, presets } from '../dist/index.js';

await init();

const BAD_U32 = [0.5, 1.7, NaN, Infinity, -1, -0.5, 2 ** 32, 2 ** 53 + 2];

function refused(f, what) {
  assert.throws(f, (e) => e instanceof DangianError && e.kind === 'invalid_argument', what);
}

test('a fractional, NaN, negative or too large action id is refused, the game unchanged', () => {
  const game = Game.create('o_an_quan', {}, { seed: 1 });
  const before = JSON.stringify(game.state());
  for (const bad of BAD_U32) {
    refused(() => game.apply(bad), `apply(${bad})`);
    refused(() => game.actionText(bad), `actionText(${bad})`);
    refused(() => game.describeAction(bad, 'en'), `describeAction(${bad})`);
    assert.equal(game.check(bad).legal, false, `check(${bad})`);
  }
  assert.equal(JSON.stringify(game.state()), before);
  assert.equal(game.moveNumber, 0);
  game.apply(game.legalActions()[0]); // a valid id still plays
  assert.equal(game.moveNumber, 1);
});

test('a bad seat or move number is refused, never read as another seat', () => {
  const game = Game.create('domino', {}, { seed: 2 });
  game.playChance();
  for (const bad of BAD_U32) {
    refused(() => game.view(bad), `view(${bad})`);
    refused(() => game.viewHash(bad), `viewHash(${bad})`);
    refused(() => game.legalActionsFor(bad), `legalActionsFor(${bad})`);
    refused(() => game.events(bad), `events(${bad})`);
    refused(() => game.describeEvents('en', bad), `describeEvents(${bad})`);
    refused(() => game.botChoose(bad, 'easy'), `botChoose(${bad})`);
    refused(() => game.botHints(bad, 'easy'), `botHints(${bad})`);
    refused(() => game.apply(game.legalActions()[0], { atMove: bad }), `atMove ${bad}`);
  }
  // 0.5 was read as seat 0: seat 0's hand must not be what a fraction shows.
  assert.ok(game.view(0));
});

test('a seed that is not an integer from 0 to 2**64 - 1 is refused, never wrapped', () => {
  for (const bad of [0.5, NaN, Infinity, -1, -1n, 2n ** 64n, 2 ** 53 + 2]) {
    refused(() => Game.create('ca_ngua', {}, { seed: bad }), `seed ${String(bad)}`);
    refused(() => Game.preset('ca_ngua', 'seed_rules', { seed: bad }), `preset seed ${String(bad)}`);
  }
  const game = Game.create('ca_ngua', {}, { seed: 2n ** 64n - 1n });
  assert.equal(game.seed, 2n ** 64n - 1n);
  assert.equal(Game.create('ca_ngua', {}, { seed: 0 }).seed, 0n);
  game.playChance();
  refused(() => game.botChoose(game.seatToMove(), 'easy', -1), 'bot seed -1');
});

test('a panic inside the engine is a DangianError, and the module refuses every later call', () => {
  const game = Game.create('o_an_quan', {}, { seed: 3 });
  const other = Game.create('o_an_quan', {}, { seed: 3 });
  __armFault();
  assert.throws(
    () => game.apply(game.legalActions()[0]),
    (e) => e instanceof DangianError && e instanceof Error && e.kind === 'panic',
  );
  for (const f of [() => game.moveNumber, () => other.legalActions(), () => presets('domino')]) {
    assert.throws(f, (e) => e instanceof DangianError && e.kind === 'poisoned');
  }
});
