/**
 * Bots off the main thread: {@link BotWorker} starts a worker (a module Web Worker in a
 * browser, a `worker_threads` worker in Node) that loads the engine's WebAssembly once and
 * answers the bots' questions, so a page keeps drawing and answering input while a hard bot
 * thinks.
 *
 * ```ts
 * import { init, Game } from 'dangian';
 * import { BotWorker } from 'dangian/worker';
 * await init();
 * const bots = new BotWorker();
 * const game = Game.create('o_an_quan', {}, { seed: 1 });
 * const { action } = await bots.decide(game, game.seatToMove()!, 'hard', { seed: 7 });
 * game.apply(action);
 * bots.terminate();
 * ```
 *
 * Each question carries the game's record ({@link Game.save}): the worker replays it (only
 * the actions it has not seen yet, when the record continues the last one it was sent), so
 * its position, the history a repetition rule looks at included, is the host's. The answer is
 * the one `game.botChoose(seat, level, seed)` gives on the main thread: the same position,
 * level and seed give the same action. A question can be cancelled with an `AbortSignal`
 * (WebAssembly cannot be interrupted: the worker is stopped and a fresh one answers the
 * questions still waiting).
 *
 * @module
 */
import { DangianError, Game } from './index.js';
import type { FailureKind, GameRecord, Hint, Level, Seed } from './index.js';

/** Options of a {@link BotWorker}. */
export interface BotWorkerOptions {
  /**
   * The worker's script: by default `bot-thread.js` beside this module. A bundler that moves
   * files may need it spelled out: `new URL('dangian/bot-thread', import.meta.url)`.
   */
  script?: URL | string;
  /**
   * Where the worker loads the `.wasm` from (a URL): by default beside the package's
   * `index.js`, as {@link init} finds it.
   */
  wasm?: URL | string;
}

/** Options of one question to a {@link BotWorker}. */
export interface BotAskOptions {
  /** The bot's seed (as for {@link Game.botChoose}); 0 when absent. */
  seed?: Seed;
  /** Aborting it rejects the question's promise with the signal's reason (an `AbortError`). */
  signal?: AbortSignal;
}

/** A bot's decision from a {@link BotWorker}. */
export interface BotDecision {
  /** The action's id in the host's game (what {@link Game.botChoose} returns). */
  action: number;
  /** The action's text in the game's notation. */
  text: string;
  /** The time the bot thought in the worker, in milliseconds (not counting the messages). */
  ms: number;
}

/** What a question may name the game by: the game itself, or its record (object or JSON text). */
export type GameSource = Game | GameRecord | string;

type Op = 'decide' | 'hints' | 'ready';

interface Request {
  id: number;
  op: Op;
  record: string;
  seat: number;
  level: Level;
  seed: string;
  wasm: string | null;
}

interface Reply {
  id: number;
  ok: boolean;
  action?: number;
  text?: string;
  ms?: number;
  hints?: Hint[];
  error?: { kind: FailureKind; message: string; code: number | null; reason: string | null };
}

interface Pending {
  request: Request;
  resolve: (reply: Reply) => void;
  reject: (e: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

/** What the two kinds of worker have in common here. */
interface Port {
  post(message: Request): void;
  stop(): void;
  /** Keep a Node process alive while questions wait (a browser ignores it). */
  hold(busy: boolean): void;
}

function isNode(): boolean {
  const p = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof p?.versions?.node === 'string';
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('the bot was cancelled', 'AbortError');
}

function toRecord(source: GameSource): string {
  if (source instanceof Game) return source.save();
  return typeof source === 'string' ? source : JSON.stringify(source);
}

function seedText(seed: Seed | undefined): string {
  const s = seed ?? 0;
  if (typeof s === 'bigint') return s.toString();
  if (!Number.isSafeInteger(s) || s < 0) {
    throw new DangianError({ kind: 'invalid_argument', message: `a bot's seed must be a non-negative safe integer or a bigint, not ${String(s)}`, code: null, reason: null });
  }
  return String(s);
}

function checkSeat(seat: number): number {
  if (!Number.isInteger(seat) || seat < 0 || seat > 0xffff_ffff) {
    throw new DangianError({ kind: 'invalid_argument', message: `a seat must be an integer from 0 to 2^32 - 1, not ${String(seat)}`, code: null, reason: null });
  }
  return seat;
}

/**
 * A worker that runs the engine's bots off the main thread. One worker answers one question
 * at a time, in the order asked; start several for several at once. The worker starts on the
 * first question and stays until {@link BotWorker.terminate} (a Node process is not kept alive
 * by an idle worker).
 */
export class BotWorker {
  readonly #script: URL | string;
  readonly #wasm: string | null;
  #port: Promise<Port> | null = null;
  #next = 1;
  readonly #pending = new Map<number, Pending>();

  constructor(options: BotWorkerOptions = {}) {
    this.#script = options.script ?? new URL('./bot-thread.js', import.meta.url);
    this.#wasm = options.wasm === undefined ? null : String(options.wasm);
  }

  /**
   * The action a bot of `level` plays for `seat` (the seat to move) in the game, decided in
   * the worker: the action `game.botChoose(seat, level, seed)` gives. Rejects with a
   * `DangianError` as `botChoose` throws it, or with the signal's reason when aborted.
   */
  async decide(game: GameSource, seat: number, level: Level, options: BotAskOptions = {}): Promise<BotDecision> {
    const reply = await this.#ask('decide', game, seat, level, options);
    return { action: reply.action!, text: reply.text!, ms: reply.ms! };
  }

  /** Every legal action of `seat` ranked by a bot, best first (as {@link Game.botHints}), in the worker. */
  async hints(game: GameSource, seat: number, level: Level, options: BotAskOptions = {}): Promise<Hint[]> {
    const reply = await this.#ask('hints', game, seat, level, options);
    return reply.hints!;
  }

  /**
   * Start the worker and load the engine in it now, so that the first question does not wait
   * for the `.wasm` to load. Resolves once the worker is ready.
   */
  async ready(options: { signal?: AbortSignal } = {}): Promise<void> {
    await this.#ask('ready', '', 0, 'easy', options);
  }

  /** How many questions wait for an answer. */
  get pending(): number {
    return this.#pending.size;
  }

  /** Cancel every question waiting (each rejects with an `AbortError`); the worker is stopped. */
  cancel(): void {
    const all = [...this.#pending.values()];
    this.#pending.clear();
    this.#stop();
    for (const p of all) {
      if (p.signal && p.onAbort) p.signal.removeEventListener('abort', p.onAbort);
      p.reject(new DOMException('the bot was cancelled', 'AbortError'));
    }
  }

  /** Stop the worker now, cancelling what waits; a later question starts a new one. */
  terminate(): void {
    this.cancel();
  }

  #ask(op: Op, game: GameSource, seat: number, level: Level, options: BotAskOptions): Promise<Reply> {
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(abortError(signal));
    const request: Request = { id: this.#next++, op, record: op === 'ready' ? '' : toRecord(game), seat: checkSeat(seat), level, seed: seedText(options.seed), wasm: this.#wasm };
    return new Promise<Reply>((resolve, reject) => {
      const pending: Pending = { request, resolve, reject, signal, onAbort: undefined };
      if (signal) {
        pending.onAbort = () => this.#abort(request.id, abortError(signal));
        signal.addEventListener('abort', pending.onAbort, { once: true });
      }
      this.#pending.set(request.id, pending);
      this.#send(request);
    });
  }

  #send(request: Request): void {
    const port = (this.#port ??= this.#start());
    port.then(
      (p) => {
        if (!this.#pending.has(request.id)) return; // cancelled while the worker started
        p.hold(true);
        p.post(request);
      },
      (e: unknown) => this.#settle({ id: request.id, ok: false }, e),
    );
  }

  /** A question aborted: the worker may be busy with it, so it is stopped, and a new one takes the rest. */
  #abort(id: number, reason: unknown): void {
    const p = this.#pending.get(id);
    if (!p) return;
    this.#pending.delete(id);
    p.reject(reason);
    this.#stop();
    for (const other of this.#pending.values()) this.#send(other.request);
  }

  #stop(): void {
    const port = this.#port;
    this.#port = null;
    port?.then((p) => p.stop(), () => {});
  }

  #settle(reply: Reply, error?: unknown): void {
    const p = this.#pending.get(reply.id);
    if (!p) return; // cancelled meanwhile
    this.#pending.delete(reply.id);
    if (p.signal && p.onAbort) p.signal.removeEventListener('abort', p.onAbort);
    if (this.#pending.size === 0) this.#port?.then((q) => q.hold(false), () => {});
    if (error !== undefined) p.reject(error);
    else if (reply.ok) p.resolve(reply);
    else {
      const e = new DangianError(reply.error ?? { kind: 'other', message: 'the bot worker failed', code: null, reason: null });
      // A panic poisons the worker's engine: the next question gets a fresh one.
      if (e.kind === 'panic' || e.kind === 'poisoned') this.#stop();
      p.reject(e);
    }
  }

  /** The worker failed as a whole (its script or the `.wasm` did not load): every question fails. */
  #crash(error: unknown): void {
    const all = [...this.#pending.values()];
    this.#pending.clear();
    this.#stop();
    for (const p of all) {
      if (p.signal && p.onAbort) p.signal.removeEventListener('abort', p.onAbort);
      p.reject(error);
    }
  }

  async #start(): Promise<Port> {
    const script = this.#script;
    const onMessage = (data: Reply) => this.#settle(data);
    if (typeof Worker === 'function') {
      const w = new Worker(script, { type: 'module', name: 'dangian-bots' });
      w.onmessage = (e: MessageEvent<Reply>) => onMessage(e.data);
      w.onerror = (e: ErrorEvent) => {
        e.preventDefault();
        this.#crash(new Error(`dangian bot worker: ${e.message || 'the worker failed to start'}`));
      };
      return { post: (m) => w.postMessage(m), stop: () => w.terminate(), hold: () => {} };
    }
    if (isNode()) {
      // A computed specifier keeps bundlers for the browser from following it.
      const spec = 'node:worker_threads';
      const { Worker: NodeWorker } = (await import(spec)) as {
        Worker: new (url: URL | string) => {
          on(ev: string, f: (x: never) => void): void;
          postMessage(m: unknown): void;
          terminate(): Promise<number>;
          ref(): void;
          unref(): void;
        };
      };
      const w = new NodeWorker(typeof script === 'string' ? new URL(script) : script);
      w.on('message', (data: Reply) => onMessage(data));
      w.on('error', (e: Error) => this.#crash(e));
      w.unref();
      return {
        post: (m) => w.postMessage(m),
        stop: () => void w.terminate(),
        hold: (busy) => (busy ? w.ref() : w.unref()),
      };
    }
    throw new Error('dangian: no Worker here (a browser or Node is needed)');
  }
}
