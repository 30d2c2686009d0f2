// The golden games of tests/vectors, replayed through the npm package: every record loads,
// and replaying its actions one by one (chance outcomes applied as given) reaches the same
// final state JSON, outcome and state hash as the Rust engine wrote.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init, Game, replay, DangianError } from '../dist/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const vectorDir = join(here, '..', '..', '..', 'tests', 'vectors');
const files = readdirSync(vectorDir).filter((f) => f.endsWith('.json')).sort();

await init();

test('there are golden vectors of every game', () => {
  const kinds = new Set(files.map((f) => JSON.parse(readFileSync(join(vectorDir, f), 'utf8')).record.game));
  assert.deepEqual([...kinds].sort(), ['ca_ngua', 'domino', 'o_an_quan']);
});

for (const file of files) {
  const doc = JSON.parse(readFileSync(join(vectorDir, file), 'utf8'));
  const { record, final_state: finalState, outcome } = doc;

  test(`${file}: Game.load reaches the final state and outcome`, () => {
    const game = Game.load(record, { seed: 1 });
    assert.equal(game.kind, record.game);
    assert.deepEqual(game.state(), finalState);
    assert.deepEqual(game.outcome(), outcome);
    assert.equal(game.stateHash(), record.final_hash);
    assert.equal(game.isOver(), true);
    assert.deepEqual(game.legalActions(), []);
    // A document holding the record in its `record` field loads too.
    assert.deepEqual(Game.load(JSON.stringify(doc)).state(), finalState);
    game.free();
  });

  test(`${file}: replaying action by action gives the same game`, () => {
    const game = record.start
      ? Game.fromState(record.game, record.start, { seed: 0 })
      : Game.create(record.game, record.config, { seed: 0 });
    let sawGameOver = false;
    for (const [i, text] of record.actions.entries()) {
      assert.equal(game.isOver(), false, `over before action ${i}`);
      const id = game.actionId(text);
      assert.equal(game.actionText(id), text);
      assert.ok(game.legalActions().includes(id), `action ${i} ${text} is legal`);
      assert.deepEqual(game.check(text), { legal: true });
      const events = game.isChance() ? game.applyChance(id) : game.apply(id, { atMove: game.moveNumber });
      assert.ok(events.length > 0, `action ${i} ${text} reports events`);
      if (events.some((e) => e.kind === 'game_over')) sawGameOver = true;
    }
    assert.ok(sawGameOver, 'the last action reports game_over');
    assert.deepEqual(game.state(), finalState);
    assert.deepEqual(game.outcome(), outcome);
    assert.equal(game.stateHash(), record.final_hash);
    // The record the game keeps is the golden one.
    const again = game.record();
    assert.deepEqual(again.actions, record.actions);
    assert.equal(again.final_hash, record.final_hash);
    game.free();
  });

  test(`${file}: replay() gives every step and the outcome`, () => {
    const { steps, end } = replay(record);
    assert.equal(steps.length, record.actions.length);
    assert.deepEqual(steps.map((s) => s.action), record.actions);
    assert.deepEqual(steps.at(-1).state, finalState);
    assert.deepEqual(end, { outcome });
  });

  test(`${file}: a forged record is refused`, () => {
    const forged = { ...record, final_hash: '0000000000000000' };
    assert.throws(() => Game.load(forged), (e) => e instanceof DangianError && e.kind === 'record');
    const cut = { ...record, actions: record.actions.slice(0, -1) };
    assert.throws(() => Game.load(cut), (e) => e instanceof DangianError && e.kind === 'record');
  });
}
