// Hostile input through the npm package costs a bounded amount: configs, positions and records
// longer than the bounds (MAX_CONFIG_JSON, MAX_STATE_JSON, MAX_RECORD_JSON) throw before they
// are copied into the module's memory or parsed; a record of millions of actions is refused
// while it is read; an unknown field inside a nested object throws; the events of the
// costliest Ô ăn quan move are described in at most MAX_DESCRIBED_EVENTS lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  init,
  Game,
  DangianError,
  verifyRecord,
  MAX_CONFIG_JSON,
  MAX_STATE_JSON,
  MAX_RECORD_JSON,
  MAX_RECORD_ACTIONS,
  MAX_ACTION_TEXT,
  MAX_DESCRIBED_EVENTS,
} from '../dist/index.js';
import { limitsJson } from '../dist/wasm/dangian_js.js';

await init();

/** `text` padded with spaces after its first character to `length` bytes (same JSON). */
const padded = (text, length) => text[0] + ' '.repeat(length - text.length) + text.slice(1);

const refused = (kind, pattern) => (e) =>
  e instanceof DangianError && e.kind === kind && pattern.test(e.message);

test('the bounds are the engine\'s', () => {
  const limits = JSON.parse(limitsJson());
  assert.deepEqual(
    [MAX_CONFIG_JSON, MAX_STATE_JSON, MAX_RECORD_JSON, MAX_RECORD_ACTIONS, MAX_ACTION_TEXT, MAX_DESCRIBED_EVENTS],
    [
      limits.max_config_json,
      limits.max_state_json,
      limits.max_record_json,
      limits.max_record_actions,
      limits.max_action_text,
      limits.max_described_events,
    ],
  );
});

test('a config longer than the bound is refused', () => {
  Game.create('o_an_quan', padded('{}', MAX_CONFIG_JSON), { seed: 1 });
  assert.throws(
    () => Game.create('o_an_quan', padded('{}', MAX_CONFIG_JSON + 1), { seed: 1 }),
    refused('config', /at most 16384/),
  );
  // Longer in UTF-8 than in UTF-16 units: the engine refuses it, unparsed.
  const wide = `{"dan_per_square":5${' '.repeat(10)}}`.replace('{', '{' + '\u3000'.repeat(6000));
  assert.throws(() => Game.create('o_an_quan', wide, { seed: 1 }), refused('config', /at most 16384/));
});

test('a position longer than the bound is refused', () => {
  const state = JSON.stringify(Game.create('domino', undefined, { seed: 1 }).state());
  Game.fromState('domino', padded(state, MAX_STATE_JSON), { seed: 1 });
  assert.throws(
    () => Game.fromState('domino', padded(state, MAX_STATE_JSON + 1), { seed: 1 }),
    refused('setup', /at most 65536/),
  );
});

test('a record longer than the bound is refused', () => {
  const game = Game.create('o_an_quan', undefined, { seed: 1 });
  game.apply('a1+');
  const record = game.save();
  Game.load(padded(record, 4096), { seed: 1 });
  const over = padded(record, MAX_RECORD_JSON + 1);
  assert.throws(() => Game.load(over, { seed: 1 }), refused('record', /at most 16777216/));
  assert.throws(() => verifyRecord(over), refused('record', /at most 16777216/));
});

test('a record of millions of actions is refused while it is read', () => {
  const actions = new Array(2_000_000).fill('"a1+"').join(',');
  const record =
    '{"format":"dangian-record/2","game":"o_an_quan","rules_version":2,' +
    `"config":{},"actions":[${actions}]}`;
  assert.throws(() => Game.load(record, { seed: 1 }), refused('record', /2000000 actions/));
});

test('an unknown nested field is refused', () => {
  assert.throws(
    () => Game.create('o_an_quan', { match_mode: { kind: 'debt_carry_over', stake_per_halve: 20 } }),
    refused('config', /stake_per_halve/),
  );
  const state = Game.create('o_an_quan', undefined, { seed: 1 }).state();
  state.big[0].zz = 1;
  assert.throws(() => Game.fromState('o_an_quan', state, { seed: 1 }), refused('setup', /zz/));
});

test('the costliest move is described in bounded lines', () => {
  const config = { relay_at_quan: 'take_all', relay_loop: { kind: 'end_turn_on_repeat' } };
  const game = Game.create('o_an_quan', config, { seed: 1 });
  for (const move of 'a1+ b5+ a3+ b2+ a2- b3- a5+ b1+'.split(' ')) game.apply(move);
  const lines = game.describeEvents('en');
  assert.equal(lines.length, MAX_DESCRIBED_EVENTS + 1);
  assert.match(lines.at(-1), /more events/);
});
