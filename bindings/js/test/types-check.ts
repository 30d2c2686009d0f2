// Compiled (never run) by types.test.mjs against the built package's .d.ts files.
import { DangianError, fairCommitment, Game, init, replay, seedRules, verifyRecord } from '../dist/index.js';
import { BotWorker } from '../dist/worker.js';
import type { BotDecision } from '../dist/worker.js';
import type {
  Action,
  CaNgua,
  Config,
  Domino,
  Event,
  Fairness,
  GameRecord,
  Lang,
  Mismatch,
  OAnQuan,
  Outcome,
  State,
  Verified,
  View,
} from '../dist/index.js';

export async function typed(): Promise<void> {
  await init();

  // Configs are typed per game.
  const domino = Game.create('domino', { players: 3, draw_policy: 'until_playable' }, { seed: 1n });
  // @ts-expect-error: not a Domino option
  Game.create('domino', { dan_per_square: 5 });
  // @ts-expect-error: not a value of draw_policy
  Game.create('domino', { draw_policy: 'sometimes' });
  // @ts-expect-error: no such game
  Game.create('chess');

  // Views, states and events carry the game's types.
  const view: View<'domino'> = domino.view(0);
  const hand: Domino.Tile[] = view.hand;
  const mine: Domino.DominoView = domino.seat(0).view();
  // @ts-expect-error: a Domino view has no board of dân
  view.dan;
  for (const e of domino.events(0)) {
    if (e.kind === 'drew') {
      const tile: Domino.Tile | null | undefined = e.tile;
      void tile;
    }
    // @ts-expect-error: no such Domino event
    if (e.kind === 'sow') void e;
  }

  const oaq = Game.create('o_an_quan', { quan_setup: { kind: 'small_stones', count: 10 } }, { seed: 2 });
  const events: Event<'o_an_quan'>[] = oaq.apply('a1+');
  for (const e of events) {
    if (e.kind === 'sow') {
      const n: number = e.now;
      void n;
    }
  }
  const dan: number[] = oaq.state().dan;
  const big: OAnQuan.BigStone = oaq.view(1).big[0];

  const cn = Game.preset('ca_ngua', 'two_players', { seed: 3 });
  const step = cn.playChance();
  const pieces: number[][] = cn.view(0).pieces;
  const roll: CaNgua.CurrentRoll | null | undefined = cn.state().roll;
  const outcome: Outcome<'ca_ngua'> | null = cn.outcome();
  if (outcome) {
    const reason: CaNgua.EndReason = outcome.reason;
    void reason;
  }

  // Records and replays.
  const record: GameRecord<'domino'> = domino.record();
  const actions: Action<'domino'>[] = record.actions;
  const back: Game<'domino'> = Game.load(record);
  const { steps, end } = replay(record);
  const state: State<'domino'> = steps[0]!.state;
  const rules: Required<Config<'o_an_quan'>> = seedRules('o_an_quan');

  // Descriptions: a language of two, a seat optional.
  const lang: Lang = 'en';
  const words: string = oaq.describeAction('b1+', lang);
  const seen: string[] = domino.describeEvents('vi', 1);
  const seatWords: string = domino.seat(0).describeAction(0, 'vi');
  // @ts-expect-error: no such language
  oaq.describeAction('b1+', 'fr');
  // @ts-expect-error: a seat is a number
  oaq.describeEvents('en', 'A');

  // Fair chance: the commitment, the record's fairness, the verifier's report and error.
  const commitment: string = fairCommitment('00'.repeat(32));
  domino.setFairChance('00'.repeat(32), ['alice']);
  const fairness: Fairness | null = domino.fairness();
  const revealed: string | null | undefined = fairness?.server_seed;
  const inRecord: Fairness | null | undefined = record.fairness;
  // @ts-expect-error: player seeds are text
  domino.setFairChance('00'.repeat(32), [42]);
  try {
    const report: Verified = verifyRecord(record);
    const n: number = report.chance_outcomes;
    void n;
  } catch (e) {
    if (e instanceof DangianError && e.kind === 'unfair') {
      const first: Mismatch | null = e.mismatch;
      const index: number | undefined = first?.index;
      void index;
    }
  }
  void [hand, mine, dan, big, step, pieces, roll, actions, back, end, state, rules];
  void [words, seen, seatWords, commitment, revealed, inRecord];

  // The bots in a worker: typed questions and answers.
  const bots = new BotWorker({ wasm: new URL('https://example.org/dangian_js_bg.wasm') });
  await bots.ready();
  const decided: BotDecision = await bots.decide(domino, 0, 'hard', { seed: 7n, signal: AbortSignal.timeout(1000) });
  const chosen: number = decided.action;
  const fromRecord = await bots.decide(domino.record(), 0, 'easy');
  const ranked: number = (await bots.hints(domino.save(), 0, 'medium'))[0]!.action;
  // @ts-expect-error: not a level
  void bots.decide(domino, 0, 'grandmaster');
  // @ts-expect-error: a seat is a number
  void bots.decide(domino, '0', 'easy');
  const waiting: number = bots.pending;
  bots.cancel();
  bots.terminate();
  void [chosen, fromRecord, ranked, waiting];
}
