// dangian/worker: the bots in a worker (here Node's worker_threads; the browser tests use a Web
// Worker) answer as botChoose and botHints do on the calling thread, for games that go on
// (the worker carries its game forward) and for games that change under it (it loads anew);
// engine errors arrive as DangianErrors; a question can be cancelled.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { DangianError, Game, init } from '../dist/index.js';
import { BotWorker } from '../dist/worker.js';

await init();
const bots = new BotWorker();
after(() => bots.terminate());

function step(game) {
  if (game.isOver()) return;
  if (game.isChance()) game.playChance();
  else game.apply(game.botChoose(game.seatToMove(), 'easy', game.moveNumber));
}

test('decide gives what botChoose gives, move after move, in every game', async () => {
  for (const [kind, preset] of [['o_an_quan', 'seed_rules'], ['ca_ngua', 'two_players'], ['domino', 'seed_rules']]) {
    const game = Game.preset(kind, preset, { seed: 11 });
    let asked = 0;
    while (!game.isOver() && asked < 25) {
      if (game.isChance()) {
        game.playChance();
        continue;
      }
      const seat = game.seatToMove();
      for (const level of ['easy', 'hard']) {
        const d = await bots.decide(game, seat, level, { seed: 5n });
        assert.equal(d.action, game.botChoose(seat, level, 5n), `${kind} move ${game.moveNumber} ${level}`);
        assert.equal(d.text, game.actionText(d.action));
        assert.ok(d.ms >= 0);
      }
      asked += 1;
      step(game);
    }
    assert.ok(asked > 3, `${kind}: the bots were asked`);
  }
});

test('two games in turn, a record, its text, and a game that went back: each answered for its own position', async () => {
  const a = Game.create('o_an_quan', {}, { seed: 1 });
  const b = Game.create('domino', {}, { seed: 2 });
  for (let i = 0; i < 12; i++) {
    step(a);
    step(b);
    for (const [g, source] of [[a, a], [b, b.record()], [a, a.save()]]) {
      if (g.isOver() || g.isChance()) continue;
      const seat = g.seatToMove();
      assert.equal((await bots.decide(source, seat, 'medium', { seed: i })).action, g.botChoose(seat, 'medium', i));
    }
  }
  // An earlier position of the same game (fewer actions than the worker has seen).
  const back = Game.create('o_an_quan', {}, { seed: 1 });
  step(back);
  const seat = back.seatToMove();
  assert.equal((await bots.decide(back, seat, 'hard', { seed: 3 })).action, back.botChoose(seat, 'hard', 3));
});

test('hints gives what botHints gives', async () => {
  const game = Game.preset('ca_ngua', 'two_players', { seed: 4 });
  while (game.isChance()) game.playChance();
  const seat = game.seatToMove();
  assert.deepEqual(await bots.hints(game, seat, 'hard', { seed: 9 }), game.botHints(seat, 'hard', 9));
});

test("the engine's refusals arrive as DangianErrors, bad arguments are refused before asking", async () => {
  const game = Game.create('o_an_quan', {}, { seed: 1 });
  await assert.rejects(bots.decide(game, 1, 'hard'), (e) => e instanceof DangianError && e.kind === 'not_to_move');
  await assert.rejects(bots.decide(game, 0, 'grandmaster'), (e) => e instanceof DangianError && e.kind === 'unknown_level');
  await assert.rejects(bots.decide('{"format":"nonsense"}', 0, 'easy'), (e) => e instanceof DangianError && e.kind === 'record');
  await assert.rejects(bots.decide(game, -1, 'easy'), (e) => e instanceof DangianError && e.kind === 'invalid_argument');
  await assert.rejects(bots.decide(game, 0, 'easy', { seed: 1.5 }), (e) => e instanceof DangianError && e.kind === 'invalid_argument');
  // The worker still answers after them.
  assert.equal((await bots.decide(game, 0, 'easy', { seed: 2 })).action, game.botChoose(0, 'easy', 2));
});

test('a question aborted rejects with AbortError; the questions behind it are still answered', async () => {
  const game = Game.preset('domino', 'four_players', { seed: 8 });
  while (game.isChance()) game.playChance();
  const seat = game.seatToMove();
  const stop = new AbortController();
  const first = bots.decide(game, seat, 'hard', { signal: stop.signal });
  const second = bots.decide(game, seat, 'medium', { seed: 3 });
  assert.equal(bots.pending, 2);
  stop.abort();
  await assert.rejects(first, (e) => e.name === 'AbortError');
  assert.equal((await second).action, game.botChoose(seat, 'medium', 3));
  // Aborted before it was asked.
  await assert.rejects(bots.decide(game, seat, 'easy', { signal: AbortSignal.abort() }), (e) => e.name === 'AbortError');
  // cancel() rejects everything waiting; the next question starts a new worker.
  const waiting = [bots.decide(game, seat, 'hard'), bots.hints(game, seat, 'hard')];
  bots.cancel();
  for (const w of waiting) await assert.rejects(w, (e) => e.name === 'AbortError');
  assert.equal(bots.pending, 0);
  assert.equal((await bots.decide(game, seat, 'easy', { seed: 1 })).action, game.botChoose(seat, 'easy', 1));
});
