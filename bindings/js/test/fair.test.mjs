// Provably fair chance through the npm package: the commitment and the deal match the Rust
// known answers (tests/fair.rs); a whole game played with fair chance verifies once over;
// a record with one chance action changed, a wrong reveal or no commitment is refused, and the
// error names the first chance action the seeds do not give.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import {
  init,
  Game,
  DangianError,
  fairCommitment,
  verifyRecord,
  MAX_PLAYER_SEEDS,
  MAX_PLAYER_SEED_BYTES,
} from '../dist/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const schemaDir = join(here, '..', '..', '..', 'schema');

await init();

// The known answers of tests/fair.rs.
const SERVER_SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const COMMITMENT = '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd';
const PLAYER_SEEDS = ['alice:42', 'bob: a seed of his own'];
const KNOWN_DEAL = ['deal 2-3', 'deal 3-6', 'deal 4-6', 'deal 5-5', 'deal 3-3', 'deal 0-6', 'deal 1-5'];

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
const recordSchema = {};
for (const kind of ['ca_ngua', 'domino']) {
  recordSchema[kind] = ajv.compile(JSON.parse(readFileSync(join(schemaDir, kind, 'record.schema.json'), 'utf8')));
}

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

/** Play on to the end (or `until` actions): chance by playChance, seats at random. */
function playOn(game, pick, chanceAt, until = Infinity) {
  while (!game.isOver() && game.moveNumber < until) {
    if (game.isChance()) {
      chanceAt.push(game.moveNumber);
      game.playChance();
    } else {
      const legal = game.legalActions();
      game.apply(legal[pick(legal.length)]);
    }
  }
}

function unfair(reason, check = () => true) {
  return (e) => e instanceof DangianError && e.kind === 'unfair' && e.reason === reason && check(e);
}

test('the commitment and the deal are the Rust known answers', () => {
  assert.equal(fairCommitment(SERVER_SEED), COMMITMENT);
  assert.equal(fairCommitment(SERVER_SEED.toUpperCase()), COMMITMENT);
  for (const bad of ['', '00', 'g'.repeat(64), '0'.repeat(65)]) {
    assert.throws(() => fairCommitment(bad), (e) => e instanceof DangianError && e.kind === 'bad_seed', bad);
  }
  // The RNG seed plays no part: the committed seeds decide.
  for (const seed of [1, 2]) {
    const game = Game.create('domino', {}, { seed });
    game.setFairChance(SERVER_SEED, PLAYER_SEEDS);
    const dealt = [];
    for (let i = 0; i < 7; i++) dealt.push(game.playChance().text);
    assert.deepEqual(dealt, KNOWN_DEAL);
    game.free();
  }
  const game = Game.create('domino', {}, { seed: 1 });
  assert.throws(() => game.setFairChance('xyz'), (e) => e instanceof DangianError && e.kind === 'bad_seed');
  assert.equal(game.fairness(), null, 'no fair chance');
  game.free();
});

for (const kind of ['ca_ngua', 'domino']) {
  test(`${kind}: a game played with fair chance verifies once over; a changed outcome is named`, () => {
    const game = Game.create(kind, {}, { seed: 8 });
    game.setFairChance(SERVER_SEED, PLAYER_SEEDS);
    const pick = rng(3);
    const chanceAt = [];
    playOn(game, pick, chanceAt, 40);
    // During the game: the commitment and the seeds, no reveal, and no verification yet.
    const during = game.fairness();
    assert.deepEqual(during, { scheme: 'dangian-fair/2', commitment: COMMITMENT, player_seeds: PLAYER_SEEDS });
    assert.deepEqual(game.seat(1).fairness(), during);
    const mid = game.save();
    assert.ok(!mid.includes(SERVER_SEED), 'the server seed is not in the record before the end');
    assert.throws(() => verifyRecord(mid), unfair('not_revealed'));
    playOn(game, pick, chanceAt);

    const record = game.record();
    assert.ok(recordSchema[kind](record), ajv.errorsText(recordSchema[kind].errors));
    assert.equal(record.fairness.server_seed, SERVER_SEED, 'revealed once over');
    assert.deepEqual(game.fairness(), record.fairness);
    const verified = verifyRecord(record);
    assert.deepEqual(verified, {
      scheme: 'dangian-fair/2',
      game: kind,
      commitment: COMMITMENT,
      player_seeds: PLAYER_SEEDS.length,
      start: 'config',
      start_hash: verified.start_hash,
      chance_outcomes: chanceAt.length,
      chance_indices: chanceAt,
      actions: record.actions.length,
      final_hash: record.final_hash,
      over: true,
    });
    assert.match(verified.start_hash, /^[0-9a-f]{16}$/);
    assert.deepEqual(verifyRecord(game.save()), verified, 'the JSON text verifies too');
    assert.deepEqual(verifyRecord({ record }), verified, 'and a document holding the record');

    // One chance action changed: the 6th chance outcome becomes another legal outcome.
    const number = 5;
    const index = chanceAt[number];
    const replay = record.start ? Game.fromState(kind, record.start) : Game.create(kind, record.config);
    for (const a of record.actions.slice(0, index)) replay.apply(a);
    assert.ok(replay.isChance());
    const other = replay.legalActions().map((id) => replay.actionText(id)).find((a) => a !== record.actions[index]);
    replay.free();
    const tampered = structuredClone(record);
    tampered.actions[index] = other;
    assert.throws(
      () => verifyRecord(tampered),
      unfair('mismatch', (e) => {
        assert.deepEqual(e.mismatch, { number, index, found: other, expected: record.actions[index] });
        assert.match(e.message, new RegExp(`chance outcome ${number} \\(action ${index}\\)`));
        return true;
      }),
    );

    // A wrong reveal, another player seed, no commitment, a record that is no record.
    const wrong = structuredClone(record);
    wrong.fairness.server_seed = 'ff'.repeat(32);
    assert.throws(() => verifyRecord(wrong), unfair('wrong_reveal'));
    const seeds = structuredClone(record);
    seeds.fairness.player_seeds[0] += '!';
    assert.throws(() => verifyRecord(seeds), unfair('mismatch', (e) => e.mismatch.number === 0));
    const plain = structuredClone(record);
    delete plain.fairness;
    assert.throws(() => verifyRecord(plain), unfair('not_fair'));
    const scheme = structuredClone(record);
    scheme.fairness.scheme = 'other/1';
    assert.throws(() => verifyRecord(scheme), unfair('scheme'));
    assert.throws(() => verifyRecord('{"format":"x"}'), (e) => e instanceof DangianError && e.kind === 'record');
    game.free();
  });
}

test('a server restarting a table loads the record, sets the same seeds again and goes on', () => {
  const pick = rng(9);
  const chanceAt = [];
  const first = Game.create('ca_ngua', {}, { seed: 1 });
  first.setFairChance(SERVER_SEED, PLAYER_SEEDS);
  playOn(first, pick, chanceAt, 30);
  while (!first.isChance()) first.apply(first.legalActions()[0]);
  const again = Game.load(first.save(), { seed: 77 });
  // A loaded game keeps the commitment (never the server seed) and waits for that seed.
  assert.deepEqual(again.fairness(), first.fairness());
  assert.ok(!JSON.stringify(again.fairness()).includes(SERVER_SEED));
  const moves = again.moveNumber;
  assert.throws(() => again.playChance(), unfair('awaiting_seed'));
  assert.throws(() => again.setFairChance('11'.repeat(32), PLAYER_SEEDS), unfair('committed'));
  assert.throws(() => again.setFairChance(SERVER_SEED, []), unfair('committed'));
  assert.equal(again.moveNumber, moves, 'unchanged');
  again.setFairChance(SERVER_SEED, PLAYER_SEEDS);
  assert.deepEqual(again.playChance().text, first.playChance().text, 'the same next outcome');
  playOn(again, pick, chanceAt);
  assert.ok(verifyRecord(again.record()).chance_outcomes > 20);
  first.free();
  again.free();
});

test('fair chance is set up before the first action, with bounded player seeds', () => {
  assert.equal(MAX_PLAYER_SEEDS, 16);
  assert.equal(MAX_PLAYER_SEED_BYTES, 256);
  const game = Game.create('ca_ngua', {}, { seed: 1 });
  const badSeeds = (e) => e instanceof DangianError && e.kind === 'bad_seed' && e.reason === 'player_seeds';
  assert.throws(() => game.setFairChance(SERVER_SEED, Array(MAX_PLAYER_SEEDS + 1).fill('s')), badSeeds);
  assert.throws(() => game.setFairChance(SERVER_SEED, ['x'.repeat(1 << 20)]), badSeeds);
  assert.equal(game.fairness(), null);
  game.setFairChance(SERVER_SEED, Array(MAX_PLAYER_SEEDS).fill('é'.repeat(MAX_PLAYER_SEED_BYTES / 2)));
  assert.throws(() => game.setFairChance(SERVER_SEED, PLAYER_SEEDS), unfair('committed'));
  game.free();

  const late = Game.create('ca_ngua', {}, { seed: 1 });
  late.playChance();
  assert.throws(() => late.setFairChance(SERVER_SEED, PLAYER_SEEDS), unfair('after_start'));
  assert.equal(late.fairness(), null);
  late.free();
});

test('a record that starts from a position the host chose is never reported fair', () => {
  // An honest game, then the host's forgery: seat 0 rolls a double six before the game, the
  // position is saved as the start, and play goes on with the seeds from there.
  const game = Game.create('ca_ngua', {}, { seed: 2 });
  game.setFairChance(SERVER_SEED, PLAYER_SEEDS);
  playOn(game, rng(4), []);
  const record = game.record();
  const chosen = Game.create('ca_ngua', {}, { seed: 2 });
  chosen.apply('r6-6');
  assert.throws(() => chosen.setFairChance(SERVER_SEED, PLAYER_SEEDS), unfair('after_start'));
  const fromChosen = Game.fromState('ca_ngua', chosen.state());
  assert.throws(() => fromChosen.setFairChance(SERVER_SEED, PLAYER_SEEDS), unfair('chosen_start'));
  const forged = structuredClone(record);
  forged.start = chosen.state();
  forged.actions = [];
  forged.final_hash = chosen.record().final_hash;
  assert.throws(() => verifyRecord(forged), unfair('chosen_start'));
  for (const g of [game, chosen, fromChosen]) g.free();
});
