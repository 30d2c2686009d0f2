/**
 * dangian for JavaScript and TypeScript: the rules engine of Ô ăn quan, Cờ cá ngựa and Domino,
 * compiled to WebAssembly.
 *
 * ```ts
 * import { init, Game } from 'dangian';
 * await init();
 * const game = Game.create('ca_ngua', { seats: 2 }, { seed: 42 });
 * game.playChance();                        // dice from the game's seeded RNG
 * const moves = game.legalActions();        // ids, ascending
 * const events = game.apply(moves[0]);      // each square stepped, for animation
 * ```
 *
 * Every JSON form (config, state, view, event, outcome, record) has a TypeScript type
 * generated from the JSON Schemas of the Rust types: `Config<'domino'>`, `View<'ca_ngua'>`,
 * `Event<'o_an_quan'>`, … (namespaces `OAnQuan`, `CaNgua`, `Domino` hold every named type).
 *
 * What a host may show a seat: Domino hides hands and the chợ. `game.seat(s)` gives a
 * {@link SeatHandle} whose calls are safe to show seat `s` (its view, its legal actions, the
 * events as it sees them, bots asked for it). `state()`, `stateHash()`, `boardText()`,
 * `legalActions()` at a chance point or on another seat's turn, `events()` without a seat,
 * what `playChance()` returns, and `record()` before the game is over are for the host alone.
 *
 * Actions and events in words, in Vietnamese or English: `game.describeAction(id, 'vi')`,
 * `game.describeEvents('en', seat)` (a seat's form never names a tile hidden from it).
 *
 * Provably fair chance for online tables: `game.setFairChance(serverSeedHex, playerSeeds)`
 * draws every die, deal and draw from committed seeds; publish {@link fairCommitment} before
 * the game, and anyone can check the finished game's record with {@link verifyRecord}.
 *
 * @module
 */
import wasmInit, {
  armFault,
  engineVersion,
  fairCommitment as wasmFairCommitment,
  initSync as wasmInitSync,
  presetsJson,
  presetWordsJson,
  reasonsJson,
  replayJson,
  rulesVersion as wasmRulesVersion,
  seedRulesJson,
  tablePresetsJson,
  verifyRecord as wasmVerifyRecord,
  WasmGame,
} from './wasm/dangian_js.js';
import type { GameForms } from './generated/index.js';

export type { CaNgua, Domino, GameForms, OAnQuan } from './generated/index.js';

/** The three games, as records and JSON name them. */
export type Kind = keyof GameForms;
/** Every game kind. */
export const KINDS: readonly Kind[] = ['o_an_quan', 'ca_ngua', 'domino'];

/** A game's config (every field optional: `{}` is the seed rules). */
export type Config<K extends Kind = Kind> = GameForms[K]['config'];
/** A game's whole state (its setup): for the host, it shows every hidden tile. */
export type State<K extends Kind = Kind> = GameForms[K]['state'];
/** What one seat may see. */
export type View<K extends Kind = Kind> = GameForms[K]['view'];
/** One step of what an action did (each stone sown, each square moved, each tile drawn). */
export type Event<K extends Kind = Kind> = GameForms[K]['event'];
/** How a finished game came out. */
export type Outcome<K extends Kind = Kind> = GameForms[K]['outcome'];
/** A saved game: the config, the start when not the config's, every action in notation. */
export type GameRecord<K extends Kind = Kind> = GameForms[K]['record'] & { game: K };

/** An action in the game's text notation (`"a1+"`, `"r3-5"`, `"0+8"`, `"play 3-5 L"`, `"draw 0-4"`). */
export type Action<K extends Kind = Kind> = GameForms[K]['record']['actions'][number];

/**
 * What a record of a game played with fair chance carries: the scheme, the commitment to the
 * server seed, the players' seeds and, once the game is over, the revealed server seed.
 */
export type Fairness = NonNullable<GameForms[Kind]['record']['fairness']>;

/** The language of a description: Vietnamese or English. */
export type Lang = 'vi' | 'en';
/** The languages of descriptions. */
export const LANGS: readonly Lang[] = ['vi', 'en'];

/** The most player seeds {@link Game.setFairChance} takes (`DG_MAX_PLAYER_SEEDS`). */
export const MAX_PLAYER_SEEDS = 16;
/** The longest player seed, in bytes of UTF-8 (`DG_MAX_PLAYER_SEED_BYTES`). */
export const MAX_PLAYER_SEED_BYTES = 256;

/**
 * What {@link verifyRecord} proved, and nothing more: the game was played from its config's own
 * start, and each chance outcome checked is the one the committed seeds give, in order.
 */
export interface Verified {
  /** The scheme the outcomes were derived under (`"dangian-fair/2"`). */
  scheme: string;
  /** Which game. */
  game: Kind;
  /** The commitment the chance outcomes came from. */
  commitment: string;
  /** How many player seeds were mixed into every outcome. */
  player_seeds: number;
  /** Where the game started: always the config's own start (a chosen start is never verified). */
  start: 'config';
  /** The state hash of that start, 16 hex digits. */
  start_hash: string;
  /** Chance outcomes checked, one by one. */
  chance_outcomes: number;
  /** The index in the record's actions of each chance outcome checked. */
  chance_indices: number[];
  /** Actions replayed in all. */
  actions: number;
  /** The state hash at the end of the record, 16 hex digits. */
  final_hash: string;
  /** Whether the game is over at the end of the record. */
  over: boolean;
}

/**
 * Why a record's chance is not proven fair, or fair chance cannot be set up (the `reason` of a
 * `DangianError` of kind `unfair`).
 */
export type UnfairReason =
  | 'not_fair'
  | 'scheme'
  | 'not_revealed'
  | 'wrong_reveal'
  | 'mismatch'
  | 'chosen_start'
  | 'after_start'
  | 'committed'
  | 'awaiting_seed';

/** The first chance action of a record that is not the one the committed seeds give. */
export interface Mismatch {
  /** The outcome's number among the record's chance actions, from 0. */
  number: number;
  /** Its index among all the record's actions. */
  index: number;
  /** The action the record holds. */
  found: string;
  /** The action the seeds give. */
  expected: string;
}

/** A bot's strength. */
export type Level = 'easy' | 'medium' | 'hard';
/** The bot levels, easiest first. */
export const LEVELS: readonly Level[] = ['easy', 'medium', 'hard'];

/** Who acts next. */
export type ToMove = { kind: 'seat'; seat: number } | { kind: 'chance' } | { kind: 'over' };

/** An action: its dense id, or its text in the game's notation (`"a1+"`, `"r3-5"`, `"play 3-5 L"`). */
export type ActionRef = number | string;

/** A seed for the RNG of chance or for a bot. */
export type Seed = number | bigint;

/** A chance outcome and its exact weight. */
export interface ChanceOutcome {
  id: number;
  weight: number;
}

/** A legal action ranked by a bot. */
export interface Hint {
  action: number;
  text: string;
  /** The bot's estimate for the seat, from 0 (lost) to 1 (won). */
  score: number;
  /** The simulations spent on it (0 for bots that do not simulate: one-ply look-ahead and Ô ăn quan's alpha-beta). */
  visits: number;
  /** The result exact analysis proves for the move (an Ô ăn quan endgame table or proof certificate), or null. */
  proven: Proven | null;
}

/** A result proven by exact analysis, for the seat that plays the move. */
export interface Proven {
  result: 'win' | 'draw' | 'loss';
  /** The final margin with best play by both, when the analysis measures it. */
  margin: number | null;
  /** The plies within which the game ends with that result, when known. */
  plies: number | null;
  /** The result in words, in Vietnamese ("thắng chắc, hơn 12 điểm") and English ("wins by force, by 12 points"). */
  vi: string;
  en: string;
}

/** Why a call failed, with a stable code for an illegal action. */
export type FailureKind =
  | 'config'
  | 'setup'
  | 'record'
  | 'no_such_preset'
  | 'unknown_id'
  | 'notation'
  | 'stale'
  | 'illegal'
  | 'no_such_seat'
  | 'not_chance'
  | 'not_to_move'
  | 'unknown_kind'
  | 'unknown_level'
  | 'unknown_lang'
  | 'bad_seed'
  | 'unfair'
  | 'invalid_argument'
  | 'panic'
  | 'poisoned'
  | 'other';

interface FailureJson {
  kind: FailureKind;
  message: string;
  code: number | null;
  reason: string | null;
  mismatch?: Mismatch | null;
}

/** The result of {@link Game.check}. */
export type Check =
  | { legal: true }
  | {
      legal: false;
      kind: FailureKind;
      /** Why, in words. */
      message: string;
      /** For an illegal action: the stable code of the reason (the C header's `DgReason`). */
      code: number | null;
      /** For an illegal action: the reason's snake_case name (`"empty_square"`). */
      reason: string | null;
    };

/** An error thrown by the engine: an illegal action, a bad config, a corrupt record, … */
export class DangianError extends Error {
  /** What failed. */
  readonly kind: FailureKind;
  /** For an illegal action: the stable code of the reason. */
  readonly code: number | null;
  /**
   * For an illegal action: the reason's snake_case name. For `unfair`: an {@link UnfairReason}
   * (`not_fair`, `scheme`, `not_revealed`, `wrong_reveal`, `mismatch`).
   */
  readonly reason: string | null;
  /** For `unfair` with reason `mismatch`: the first chance action the seeds do not give. */
  readonly mismatch: Mismatch | null;
  constructor(f: FailureJson) {
    super(f.message);
    this.name = 'DangianError';
    this.kind = f.kind;
    this.code = f.code;
    this.reason = f.reason;
    this.mismatch = f.mismatch ?? null;
  }
}

/** One action applied: its id, its text and its events. */
export interface Step<K extends Kind = Kind> {
  action: number;
  text: string;
  events: Event<K>[];
}

/** One line of {@link replay}: an action with its events and the state after it. */
export interface ReplayStep<K extends Kind = Kind> {
  index: number;
  action: string;
  events: Event<K>[];
  state: State<K>;
}

/** The last line of {@link replay}. */
export type ReplayEnd<K extends Kind = Kind> = { outcome: Outcome<K> } | { to_move: ToMove };

function failure(e: unknown): unknown {
  if (typeof e === 'string' && e.startsWith('{')) {
    try {
      return new DangianError(JSON.parse(e) as FailureJson);
    } catch {
      return e;
    }
  }
  return e;
}

// Set once a call trapped: the WebAssembly instance may be left inconsistent (a panic of the
// engine aborts the call half way), so every later call is refused.
let poisoned: string | null = null;

function fail(kind: FailureKind, message: string): DangianError {
  return new DangianError({ kind, message, code: null, reason: null });
}

// Every call into the WebAssembly module goes through here: the engine's failures become
// `DangianError`s; a panic (a trap: `WebAssembly.RuntimeError`) becomes a `DangianError` of
// kind `panic` and poisons the module (kind `poisoned` for every call after it).
function call<T>(f: () => T): T {
  if (poisoned !== null) {
    throw fail('poisoned', `an earlier call panicked (${poisoned}); the engine refuses every call: load the module anew`);
  }
  try {
    return f();
  } catch (e) {
    if (e instanceof WebAssembly.RuntimeError) {
      poisoned = e.message;
      throw fail('panic', `internal error of the engine: ${e.message}`);
    }
    throw failure(e);
  }
}

/** For tests only: make the next `apply` panic inside the engine. */
export function __armFault(): void {
  needInit();
  armFault();
}

// A number argument the engine takes as a 32-bit unsigned integer (a seat, an action id, a
// move number): anything else (a fraction, NaN, a negative number, 2**32 or more) would be
// silently truncated or wrapped by the conversion, so it is refused.
function u32(value: number, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 0xffff_ffff) {
    throw fail('invalid_argument', `${what} must be an integer from 0 to 4294967295, not ${String(value)}`);
  }
  return value;
}

function optionalU32(value: number | undefined, what: string): number | undefined {
  return value === undefined ? undefined : u32(value, what);
}

function parse<T>(json: string): T {
  return JSON.parse(json) as T;
}

function toSeed(seed: Seed | undefined): bigint {
  if (seed === undefined) {
    const words = new Uint32Array(2);
    globalThis.crypto.getRandomValues(words);
    return (BigInt(words[0]!) << 32n) | BigInt(words[1]!);
  }
  // A number must be a safe integer (beyond 2**53 it is already rounded: use a bigint); a
  // bigint must fit 64 unsigned bits. Nothing is truncated or wrapped.
  const ok =
    typeof seed === 'bigint'
      ? seed >= 0n && seed <= 0xffff_ffff_ffff_ffffn
      : typeof seed === 'number' && Number.isSafeInteger(seed) && seed >= 0;
  if (!ok) {
    throw fail('invalid_argument', `a seed must be an integer from 0 to 2**64 - 1 (a bigint beyond 2**53), not ${String(seed)}`);
  }
  return BigInt(seed);
}

function text(json: unknown): string {
  return typeof json === 'string' ? json : JSON.stringify(json);
}

/** The longest config JSON read, in bytes (`DG_MAX_CONFIG_JSON`): a longer one throws `config`. */
export const MAX_CONFIG_JSON = 16 * 1024;
/** The longest position JSON read, in bytes (`DG_MAX_STATE_JSON`): a longer one throws `setup`. */
export const MAX_STATE_JSON = 64 * 1024;
/** The longest record JSON read, in bytes (`DG_MAX_RECORD_JSON`): a longer one throws `record`. */
export const MAX_RECORD_JSON = 16 * 1024 * 1024;
/**
 * The most actions a record may list (`DG_MAX_RECORD_ACTIONS`); fewer when its config bounds
 * the game's length. They are counted while the record is read.
 */
export const MAX_RECORD_ACTIONS = 1 << 20;
/** The longest action text read, in bytes (`DG_MAX_ACTION_TEXT`). */
export const MAX_ACTION_TEXT = 64;
/** The most events {@link Game.describeEvents} describes; one last line sums up the rest. */
export const MAX_DESCRIBED_EVENTS = 1000;

/**
 * `json` as text, refused (a `kind` failure) when it is surely longer than `max` bytes, before
 * it is copied into the module's memory (which never shrinks): a string of more than `max`
 * UTF-16 units takes more than `max` bytes of UTF-8. Shorter text that is longer in UTF-8 is
 * refused by the engine, before it is parsed.
 */
function bounded(json: unknown, max: number, kind: FailureKind, what: string): string {
  const t = text(json);
  if (t.length > max) {
    throw new DangianError({
      kind,
      message: `${what}: more than ${max} bytes; at most ${max} are read`,
      code: null,
      reason: null,
    });
  }
  return t;
}

// ---- loading the WebAssembly module -------------------------------------------------------

/** Where to find the `.wasm`: a URL, a `Response`, its bytes, or a compiled module. */
export type WasmSource = URL | string | Response | BufferSource | WebAssembly.Module;

let ready: Promise<void> | undefined;
let loaded = false;

function isNode(): boolean {
  const p = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof p?.versions?.node === 'string';
}

/**
 * Load the WebAssembly module (once; later calls return the same promise). In a browser it is
 * fetched next to this module (`wasm/dangian_js_bg.wasm`); in Node it is read from disk.
 */
export function init(source?: WasmSource): Promise<void> {
  ready ??= (async () => {
    let input: WasmSource | undefined = source;
    if (input === undefined && isNode()) {
      // A computed specifier keeps bundlers for the browser from following it.
      const fs = 'node:fs/promises';
      const { readFile } = (await import(fs)) as {
        readFile: (u: URL) => Promise<Uint8Array>;
      };
      input = await readFile(new URL('./wasm/dangian_js_bg.wasm', import.meta.url));
    }
    await wasmInit(input === undefined ? undefined : { module_or_path: input });
    loaded = true;
  })();
  return ready;
}

/** Load the WebAssembly module synchronously from its bytes or a compiled module. */
export function initSync(module: BufferSource | WebAssembly.Module): void {
  if (loaded) return;
  wasmInitSync({ module });
  loaded = true;
  ready = Promise.resolve();
}

function needInit(): void {
  if (!loaded) throw new Error('dangian: call `await init()` first');
}

// ---- free functions -----------------------------------------------------------------------

/** The preset names of a game, `"seed_rules"` first. */
export function presets(kind: Kind): string[] {
  needInit();
  return parse(call(() => presetsJson(kind)));
}

/**
 * The presets a table of a game offers (a rules menu, a lobby), its default first: games
 * against the bots end like games under each of them. The other presets stay playable.
 */
export function tablePresets(kind: Kind): string[] {
  needInit();
  return parse(call(() => tablePresetsJson(kind)));
}

/** A preset's name and one-line summary in a language, for a rules menu (e.g. `"Lặp ba lần"`). */
export function presetWords(kind: Kind, preset: string, lang: Lang): { name: string; summary: string } {
  needInit();
  return parse(call(() => presetWordsJson(kind, preset, lang)));
}

/** The seed rules of a game, every option written out. */
export function seedRules<K extends Kind>(kind: K): Required<Config<K>> {
  needInit();
  return parse(call(() => seedRulesJson(kind)));
}

/** Every reason an action of a game can be refused: its stable code and its name. */
export function reasons(kind: Kind): { code: number; name: string }[] {
  needInit();
  return parse(call(() => reasonsJson(kind)));
}

/**
 * The commitment to a server seed (64 hex digits): `SHA-256` of its 32 bytes, as 64 lower-case
 * hex digits. A server publishes it before the game; {@link verifyRecord} checks the reveal
 * against it. Throws a `DangianError` of kind `bad_seed` for a seed that is not 64 hex digits.
 */
export function fairCommitment(serverSeedHex: string): string {
  needInit();
  return call(() => wasmFairCommitment(serverSeedHex));
}

/**
 * Verify the chance of a finished game played with fair chance ({@link Game.setFairChance}):
 * the revealed server seed matches the commitment, and every chance action of the record is
 * the one the committed seeds give. Returns what was proven; throws a `DangianError` of kind
 * `unfair` (its `reason` an {@link UnfairReason}, its `mismatch` naming the first chance
 * action the seeds do not give), or of kind `record` for a record that is not valid.
 */
export function verifyRecord(record: GameRecord | string | { record: GameRecord }): Verified {
  needInit();
  return parse(call(() => wasmVerifyRecord(bounded(record, MAX_RECORD_JSON, 'record', 'record'))));
}

/** The engine's rules version: a record of another version is refused. */
export function rulesVersion(): number {
  needInit();
  return wasmRulesVersion();
}

/** The version of the Rust engine inside. */
export function version(): string {
  needInit();
  return engineVersion();
}

/**
 * Replay a record action by action: every action with its events and the state after it,
 * then the outcome (or who is to move). The final hash is checked.
 */
export function replay<K extends Kind = Kind>(
  record: GameRecord<K> | string,
): { steps: ReplayStep<K>[]; end: ReplayEnd<K> } {
  needInit();
  const lines = parse<unknown[]>(call(() => replayJson(bounded(record, MAX_RECORD_JSON, 'record', 'record'))));
  const end = lines.pop() as ReplayEnd<K>;
  return { steps: lines as ReplayStep<K>[], end };
}

// ---- games --------------------------------------------------------------------------------

/** Options of a new game. */
export interface GameOptions {
  /** The seed of the RNG that samples chance (dice, the deal, draws); random when absent. */
  seed?: Seed;
}

/**
 * One game of Ô ăn quan, Cờ cá ngựa or Domino, with its own seeded RNG for chance. Call
 * {@link Game.free} (or `using`) when done, or leave it to the garbage collector.
 */
export class Game<K extends Kind = Kind> {
  readonly #inner: WasmGame;
  /** Which game. */
  readonly kind: K;
  /** How many seats play. */
  readonly seats: number;
  /** The seed of the RNG of chance: the same seed and the same decisions replay the game. */
  readonly seed: bigint;

  private constructor(inner: WasmGame) {
    this.#inner = inner;
    this.kind = inner.kind() as K;
    this.seats = inner.seats();
    this.seed = inner.seed();
  }

  /** A new game under a config (`{}`, absent or `""`: the seed rules), or its JSON text. */
  static create<K extends Kind>(kind: K, config?: Config<K> | string, options: GameOptions = {}): Game<K> {
    needInit();
    const json = config === undefined ? '' : bounded(config, MAX_CONFIG_JSON, 'config', 'config');
    return new Game<K>(call(() => WasmGame.create(kind, json, toSeed(options.seed))));
  }

  /** A new game under a named preset (see {@link presets}). */
  static preset<K extends Kind>(kind: K, name: string, options: GameOptions = {}): Game<K> {
    needInit();
    return new Game<K>(call(() => WasmGame.preset(kind, name, toSeed(options.seed))));
  }

  /** A game from a position (a state, as {@link Game.state} gives it), validated. */
  static fromState<K extends Kind>(kind: K, state: State<K> | string, options: GameOptions = {}): Game<K> {
    needInit();
    return new Game<K>(call(() => WasmGame.from_state(kind, bounded(state, MAX_STATE_JSON, 'setup', 'state'), toSeed(options.seed))));
  }

  /**
   * A saved game (a record, its JSON text, or a document with a `record` field such as a
   * golden vector), replayed and verified (a corrupt or forged record throws). The seed is
   * for the chance still to come: a record holds no RNG.
   */
  static load<K extends Kind = Kind>(record: GameRecord<K> | string | { record: GameRecord<K> }, options: GameOptions = {}): Game<K> {
    needInit();
    return new Game<K>(call(() => WasmGame.load(bounded(record, MAX_RECORD_JSON, 'record', 'record'), toSeed(options.seed))));
  }

  /** A copy, with a copy of the RNG. */
  clone(): Game<K> {
    return new Game<K>(call(() => this.#inner.copy()));
  }

  /** Release the WebAssembly memory now. */
  free(): void {
    this.#inner.free();
  }

  [Symbol.dispose](): void {
    this.free();
  }

  /** Who acts next. */
  toMove(): ToMove {
    return parse(call(() => this.#inner.to_move_json()));
  }

  /** The seat that decides now, or `null` at a chance point or once the game is over. */
  seatToMove(): number | null {
    const t = this.toMove();
    return t.kind === 'seat' ? t.seat : null;
  }

  /** Whether chance (dice, the deal, a draw) is to move. */
  isChance(): boolean {
    return this.toMove().kind === 'chance';
  }

  /** Whether the game is over. */
  isOver(): boolean {
    return call(() => this.#inner.is_over());
  }

  /** Actions applied so far, chance outcomes included. */
  get moveNumber(): number {
    return call(() => this.#inner.move_number());
  }

  /** No game under this config lasts more actions. */
  get maxMoves(): number {
    return call(() => this.#inner.max_moves());
  }

  /**
   * Every legal action id, ascending: the decisions of the seat to move, or the chance
   * outcomes at a chance point. For the host (in Domino they name hidden tiles).
   */
  legalActions(): number[] {
    return Array.from(call(() => this.#inner.legal_actions()));
  }

  /** The action ids `seat` may take now: empty unless it is its turn. Safe to show that seat. */
  legalActionsFor(seat: number): number[] {
    const s = u32(seat, 'a seat');
    return Array.from(call(() => this.#inner.legal_actions_for(s)));
  }

  /** The chance outcomes with their exact weights (empty unless chance is to move). For the host. */
  chanceOutcomes(): ChanceOutcome[] {
    return parse(call(() => this.#inner.chance_outcomes_json()));
  }

  /** The id of an action given by id or text. */
  actionId(action: ActionRef): number {
    return typeof action === 'number' ? u32(action, 'an action id') : call(() => this.#inner.action_id(action));
  }

  /** An action's text in the game's notation. */
  actionText(action: ActionRef): string {
    if (typeof action === 'string') return action;
    const id = u32(action, 'an action id');
    return call(() => this.#inner.action_text(id));
  }

  /** Whether an action is legal now, and if not, why (with the reason's stable code). */
  check(action: ActionRef): Check {
    let id: number;
    try {
      id = this.actionId(action);
    } catch (e) {
      if (e instanceof DangianError) return { legal: false, kind: e.kind, message: e.message, code: null, reason: null };
      throw e;
    }
    const f = call(() => this.#inner.check(id));
    if (f === undefined) return { legal: true };
    const j = parse<FailureJson>(f);
    return { legal: false, kind: j.kind, message: j.message, code: j.code, reason: j.reason };
  }

  /**
   * Apply an action (a decision or a chance outcome) and return its events (every seat's
   * form: for the host). With `atMove`, refuse an action chosen at another move number
   * (a stale message). Throws {@link DangianError} and changes nothing when it is illegal.
   */
  apply(action: ActionRef, options: { atMove?: number } = {}): Event<K>[] {
    const id = this.actionId(action);
    if (options.atMove === undefined) call(() => this.#inner.apply(id));
    else {
      const at = u32(options.atMove, 'a move number');
      call(() => this.#inner.apply_at(at, id));
    }
    return this.events();
  }

  /**
   * Play chance: the outcome the committed seeds give with fair chance
   * ({@link Game.setFairChance}), else one sampled from the game's seeded RNG. For the host.
   */
  playChance(): Step<K> {
    const id = call(() => this.#inner.play_chance());
    return { action: id, text: this.actionText(id), events: this.events() };
  }

  /**
   * Play this game's chance with provably fair chance from now on: `serverSeedHex` is the
   * server's secret seed (64 hex digits, 32 random bytes), `playerSeeds` the players' own
   * seeds. {@link Game.playChance} then draws every die, deal and draw from these seeds, and
   * the record carries the commitment, the player seeds and, once the game is over, the server
   * seed ({@link verifyRecord} checks it). At most {@link MAX_PLAYER_SEEDS} player seeds of at
   * most {@link MAX_PLAYER_SEED_BYTES} bytes (else `bad_seed` with reason `player_seeds`).
   *
   * Call it before the first action: `unfair` with reason `after_start` once an action was
   * applied, `chosen_start` on a game from a chosen position, `committed` for other seeds than
   * those set. A game loaded from a fair record keeps its commitment: call it again with the
   * same seeds to go on ({@link Game.playChance} throws `unfair` with reason `awaiting_seed`
   * until then). Throws `bad_seed` for a seed that is not 64 hex digits.
   */
  setFairChance(serverSeedHex: string, playerSeeds: readonly string[] = []): void {
    const seeds = [...playerSeeds];
    call(() => this.#inner.set_fair_chance(serverSeedHex, seeds));
  }

  /**
   * What the players may check: the commitment and the player seeds, and the server seed once
   * the game is over; `null` for a game without fair chance. Safe to show every seat.
   */
  fairness(): Fairness | null {
    return parse(call(() => this.#inner.fairness_json()));
  }

  /**
   * An action about to be played now, in words (`"A rải ô a1 sang phải"`, `"A sows a1 to the
   * right"`): for the host, or as `seat` may see it (a Domino tile dealt or drawn to another
   * seat is not named: safe to show that seat).
   */
  describeAction(action: ActionRef, lang: Lang, seat?: number): string {
    const id = this.actionId(action);
    const s = optionalU32(seat, 'a seat');
    return call(() => this.#inner.describe_action(id, lang, s));
  }

  /**
   * A seat as the players name it, numbered from 1: `"Người 1"` / `"Player 1"`; in Cờ cá ngựa
   * with its colours, `"Người 1 (đỏ)"`.
   */
  seatName(seat: number, lang: Lang): string {
    const s = u32(seat, 'a seat');
    return call(() => this.#inner.seat_name(s, lang));
  }

  /**
   * The end of the game in words, one line each: who won, the places and scores in the game's
   * own terms (debts as debts in Ô ăn quan, places in Cờ cá ngựa, penalty points in Domino)
   * and why it ended. Empty while the game is not over.
   */
  outcomeLines(lang: Lang): string[] {
    return parse(call(() => this.#inner.outcome_lines_json(lang)));
  }

  /**
   * The events of the last action in words: every event for the host, or as `seat` may see
   * them (never a tile hidden from it). Empty while events are off.
   */
  describeEvents(lang: Lang, seat?: number): string[] {
    const s = optionalU32(seat, 'a seat');
    return parse(call(() => this.#inner.describe_events_json(lang, s)));
  }

  /** Apply a chance outcome chosen outside (physical dice, a server's shuffle). */
  applyChance(action: ActionRef): Event<K>[] {
    const id = this.actionId(action);
    call(() => this.#inner.apply_chance(id));
    return this.events();
  }

  /** Whether to keep the events of each action (on by default; off is faster). */
  keepEvents(keep: boolean): void {
    call(() => this.#inner.keep_events(keep));
  }

  /** The events of the last action: every event (host), or the form `seat` may see. */
  events(seat?: number): Event<K>[] {
    const s = optionalU32(seat, 'a seat');
    return parse(call(() => this.#inner.events_json(s)));
  }

  /** The outcome, once the game is over. */
  outcome(): Outcome<K> | null {
    return parse(call(() => this.#inner.outcome_json()));
  }

  /** The whole state (its setup): for the host (every hand shown). */
  state(): State<K> {
    return parse(call(() => this.#inner.state_json()));
  }

  /** What `seat` may see: safe to send to that seat. */
  view(seat: number): View<K> {
    const s = u32(seat, 'a seat');
    return parse(call(() => this.#inner.view_json(s)));
  }

  /** The config, every option written out. */
  config(): Required<Config<K>> {
    return parse(call(() => this.#inner.config_json()));
  }

  /** The stable state hash, 16 hex digits (the same as Rust, C and the records). For the host. */
  stateHash(): string {
    return call(() => this.#inner.state_hash());
  }

  /** The stable hash of what `seat` sees. */
  viewHash(seat: number): string {
    const s = u32(seat, 'a seat');
    return call(() => this.#inner.view_hash(s));
  }

  /** The position drawn as text (every hand shown): for the host. */
  boardText(): string {
    return call(() => this.#inner.board_text());
  }

  /** The record of the game so far (during play it lists every tile dealt: for the host). */
  record(): GameRecord<K> {
    return parse(call(() => this.#inner.record_json()));
  }

  /** The record as JSON text. */
  save(): string {
    return call(() => this.#inner.record_json());
  }

  /**
   * The action a bot of `level` plays for `seat`, which must be the seat to move. The bot
   * sees only what that seat may see; the same position, level and seed give the same action.
   */
  botChoose(seat: number, level: Level, seed: Seed = 0): number {
    const s = u32(seat, 'a seat');
    return call(() => this.#inner.bot_choose(s, level, toSeed(seed)));
  }

  /** Every legal action of `seat` (the seat to move) ranked by a bot, best first. */
  botHints(seat: number, level: Level, seed: Seed = 0): Hint[] {
    const s = u32(seat, 'a seat');
    return parse(call(() => this.#inner.bot_hints_json(s, level, toSeed(seed))));
  }

  /** The calls that are safe to show seat `seat` (see {@link SeatHandle}). */
  seat(seat: number): SeatHandle<K> {
    if (!Number.isInteger(seat) || seat < 0 || seat >= this.seats) {
      throw new DangianError({ kind: 'no_such_seat', message: `seat ${seat} is not in this game`, code: null, reason: null });
    }
    return new SeatHandle(this, seat);
  }
}

/**
 * What one seat may know and do: everything here is safe to show that seat, in every game
 * (Domino hands stay hidden). A client for one player needs nothing else.
 */
export class SeatHandle<K extends Kind = Kind> {
  constructor(
    private readonly game: Game<K>,
    /** The seat. */
    readonly seat: number,
  ) {}

  /** What this seat sees. */
  view(): View<K> {
    return this.game.view(this.seat);
  }

  /** The hash of what this seat sees (to agree on a position with a server). */
  viewHash(): string {
    return this.game.viewHash(this.seat);
  }

  /** Whether this seat is to decide now. */
  isToMove(): boolean {
    return this.game.seatToMove() === this.seat;
  }

  /** The action ids this seat may take now (empty unless it is its turn). */
  legalActions(): number[] {
    return this.game.legalActionsFor(this.seat);
  }

  /** Whether this seat may take the action now, and if not, why. */
  check(action: ActionRef): Check {
    if (!this.isToMove()) {
      return { legal: false, kind: 'not_to_move', message: `seat ${this.seat} is not to move`, code: null, reason: null };
    }
    return this.game.check(action);
  }

  /** Take an action as this seat; returns the events as this seat sees them. */
  apply(action: ActionRef, options: { atMove?: number } = {}): Event<K>[] {
    if (!this.isToMove()) {
      throw new DangianError({ kind: 'not_to_move', message: `seat ${this.seat} is not to move`, code: null, reason: null });
    }
    this.game.apply(action, options);
    return this.events();
  }

  /** The events of the last action as this seat sees them. */
  events(): Event<K>[] {
    return this.game.events(this.seat);
  }

  /** An action about to be played now, in words, as this seat may see it. */
  describeAction(action: ActionRef, lang: Lang): string {
    return this.game.describeAction(action, lang, this.seat);
  }

  /** The events of the last action in words, as this seat sees them. */
  describeEvents(lang: Lang): string[] {
    return this.game.describeEvents(lang, this.seat);
  }

  /** The commitment and player seeds of a game with fair chance (`null` without). */
  fairness(): Fairness | null {
    return this.game.fairness();
  }

  /** The action a bot of `level` would play for this seat now. */
  botChoose(level: Level, seed: Seed = 0): number {
    return this.game.botChoose(this.seat, level, seed);
  }

  /** This seat's legal actions ranked by a bot, best first (a hint). */
  botHints(level: Level, seed: Seed = 0): Hint[] {
    return this.game.botHints(this.seat, level, seed);
  }

  /** An action's text. */
  actionText(action: ActionRef): string {
    return this.game.actionText(action);
  }

  /** The outcome, once the game is over. */
  outcome(): Outcome<K> | null {
    return this.game.outcome();
  }
}
