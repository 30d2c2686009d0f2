/**
 * The script a {@link BotWorker} runs in its worker (a module Web Worker, or a Node
 * `worker_threads` worker): it loads the engine once, keeps the last game it was sent, and
 * answers each question with the bot's action. Not meant to be imported by a page.
 *
 * @module
 */
import { DangianError, Game, init } from './index.js';
import type { GameRecord, Hint, Level } from './index.js';

interface Request {
  id: number;
  op: 'decide' | 'hints' | 'ready';
  record: string;
  seat: number;
  level: Level;
  seed: string;
  wasm: string | null;
}

type Send = (message: unknown) => void;

/** The last game replayed, and the record it was replayed from (less its actions). */
let last: { head: string; actions: string[]; game: Game } | null = null;

function headOf(record: GameRecord): string {
  const { actions: _actions, final_hash: _hash, ...head } = record as GameRecord & { final_hash?: string };
  return JSON.stringify(head);
}

/**
 * The game of a record: the last one carried on by the actions it has not seen (checked
 * against the record's final hash), or the record loaded anew.
 */
function gameOf(text: string): Game {
  const record = JSON.parse(text) as GameRecord & { final_hash?: string };
  const head = headOf(record);
  const actions = record.actions as string[];
  if (last && last.head === head && last.actions.length <= actions.length && last.actions.every((a, i) => a === actions[i])) {
    const game = last.game;
    try {
      for (const a of actions.slice(last.actions.length)) {
        if (game.isChance()) game.applyChance(a);
        else game.apply(a);
      }
      if (record.final_hash === undefined || game.stateHash() === record.final_hash) {
        last.actions = actions;
        return game;
      }
    } catch {
      // fall through: load the record
    }
  }
  last?.game.free();
  last = null;
  const game = Game.load(text, { seed: 0 });
  game.keepEvents(false);
  last = { head, actions, game };
  return game;
}

async function answer(request: Request, send: Send): Promise<void> {
  try {
    await init(request.wasm ?? undefined);
    if (request.op === 'ready') {
      send({ id: request.id, ok: true });
      return;
    }
    const game = gameOf(request.record);
    const seed = BigInt(request.seed);
    const t0 = performance.now();
    if (request.op === 'decide') {
      const action = game.botChoose(request.seat, request.level, seed);
      const ms = performance.now() - t0;
      send({ id: request.id, ok: true, action, text: game.actionText(action), ms });
    } else {
      const hints: Hint[] = game.botHints(request.seat, request.level, seed);
      send({ id: request.id, ok: true, hints, ms: performance.now() - t0 });
    }
  } catch (e) {
    const error =
      e instanceof DangianError
        ? { kind: e.kind, message: e.message, code: e.code, reason: e.reason }
        : { kind: 'other', message: e instanceof Error ? e.message : String(e), code: null, reason: null };
    send({ id: request.id, ok: false, error });
  }
}

/** The questions, one at a time in the order they came. */
function serve(send: Send): (request: Request) => void {
  let queue: Promise<void> = Promise.resolve();
  return (request) => {
    queue = queue.then(() => answer(request, send));
  };
}

const scope = globalThis as unknown as {
  WorkerGlobalScope?: unknown;
  postMessage?: (m: unknown) => void;
  addEventListener?: (type: string, f: (e: { data: Request }) => void) => void;
  process?: { versions?: { node?: string } };
};

if (scope.WorkerGlobalScope !== undefined && scope.postMessage && scope.addEventListener) {
  const post = scope.postMessage.bind(scope);
  const take = serve(post);
  scope.addEventListener('message', (e) => take(e.data));
} else if (typeof scope.process?.versions?.node === 'string') {
  // A computed specifier keeps bundlers for the browser from following it.
  const spec = 'node:worker_threads';
  const { parentPort } = (await import(spec)) as {
    parentPort: { postMessage(m: unknown): void; on(ev: 'message', f: (m: Request) => void): void } | null;
  };
  if (parentPort) {
    const take = serve((m) => parentPort.postMessage(m));
    parentPort.on('message', take);
  }
}
