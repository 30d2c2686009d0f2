// The demo: a person (seat 0) plays one of the three games against the engine's bots.
//
// The page is the host: it holds the Game, samples chance from the game's seeded RNG and
// asks the bots for their seats. Everything it draws or lists for the person comes from
// seat 0's side only: `me = game.seat(0)` (its view, its legal actions, the events as it sees
// them), so in Domino the other hands and the chợ stay hidden.
import { init, Game, presets, DangianError } from '../dist/index.js';
import { getLang, setLang, t } from './i18n.js';
import { OAnQuanBoard } from './o_an_quan.js';
import { CaNguaBoard } from './ca_ngua.js';
import { DominoBoard } from './domino.js';

const HUMAN = 0;
const BOARDS = { o_an_quan: OAnQuanBoard, ca_ngua: CaNguaBoard, domino: DominoBoard };
const DELAYS = { slow: 320, normal: 120, fast: 30, instant: 0 };
const $ = (id) => document.getElementById(id);

const app = {
  game: null,
  me: null,
  kind: 'o_an_quan',
  board: null,
  moves: [],
  token: 0,
  waiting: null, // { kind: 'decision' | 'chance', resolve }
  botTimes: [], // { kind, level, seat, ms, choices }
  idle: false,
  over: false,
  error: null,
};

function randomSeed() {
  const w = new Uint32Array(1);
  crypto.getRandomValues(w);
  return String(w[0]);
}

function seatName(seat) {
  if (seat === HUMAN) return t('you');
  if (app.kind === 'ca_ngua') {
    const c = app.board?.colourOf?.(seat) ?? seat;
    return `${t('bot')} ${t('colours')[c] ?? seat}`;
  }
  return app.game.seats > 2 ? `${t('bot')} ${seat}` : t('bot');
}

function delay() {
  return DELAYS[$('speed').value] ?? 120;
}

function setStatus(text, over = false) {
  const s = $('status');
  s.textContent = text;
  s.classList.toggle('over', over);
}

function addMove(seat, text, cls = '', merge = null) {
  const last = $('moves').lastElementChild;
  if (merge && last && last.dataset.merge === merge) {
    // Steps of one kind in a row (the deal's tiles) make one line.
    const n = Number(last.dataset.n) + 1;
    last.dataset.n = String(n);
    last.textContent = `${text} ×${n}`;
    last.dataset.text = text;
    return;
  }
  app.moves.push({ seat, text });
  const li = document.createElement('li');
  li.dataset.merge = merge ?? '';
  li.dataset.n = '1';
  li.textContent = seat === null ? text : `${seatName(seat)}: ${text}`;
  li.dataset.seat = seat === null ? '' : String(seat);
  li.dataset.text = text;
  if (seat === HUMAN) li.classList.add('human');
  if (cls) li.classList.add(cls);
  const list = $('moves');
  list.append(li);
  list.scrollTop = list.scrollHeight;
}

function fillPresets(selected) {
  const sel = $('preset');
  sel.replaceChildren();
  for (const name of presets(app.kind)) {
    const o = document.createElement('option');
    o.value = name;
    o.textContent = name.replaceAll('_', ' ');
    sel.append(o);
  }
  if (selected) sel.value = selected;
}

function botSeed(seat) {
  return BigInt.asUintN(64, app.game.seed * 31n + BigInt(seat + 1));
}

/** Start a game (`game` given: a loaded one). */
function start(game) {
  app.token += 1;
  if (app.waiting) app.waiting.resolve(null);
  app.waiting = null;
  if (app.game) app.game.free();
  app.game = game;
  app.kind = game.kind;
  app.me = game.seat(HUMAN);
  app.moves = [];
  app.over = false;
  app.idle = false;
  $('moves').replaceChildren();
  $('hint-text').textContent = '';
  $('choices').replaceChildren();
  $('seed-shown').textContent = String(game.seed);
  $('game').value = game.kind;
  const svg = $('board');
  svg.replaceChildren();
  app.board = new BOARDS[game.kind](svg, { t, seatName, human: HUMAN, choices: $('choices') });
  // Cờ cá ngựa hides nothing: every seat's colours are public.
  if (game.kind === 'ca_ngua') app.board.coloursBySeat = Array.from({ length: game.seats }, (_, s) => game.view(s).colours);
  app.board.render(app.me.view());
  run(app.token).catch(fail);
}

function newGame() {
  const kind = $('game').value;
  let seedText = $('seed').value.trim();
  if (!/^\d+$/.test(seedText)) seedText = randomSeed();
  $('seed').value = seedText;
  const preset = $('preset').value || 'seed_rules';
  start(Game.preset(kind, preset, { seed: BigInt(seedText) }));
}

function fail(e) {
  app.error = e;
  console.error(e);
  setStatus(`${t('error')}: ${e instanceof Error ? e.message : String(e)}`, true);
}

/** Wait for the person: a decision (an action id) or a chance step they trigger (a roll). */
function waitFor(kind) {
  let wait;
  return new Promise((resolve) => {
    wait = { kind, resolve };
    app.waiting = wait;
    app.idle = true;
  }).finally(() => {
    // A new game may already wait for something else.
    if (app.waiting === wait) {
      app.idle = false;
      app.waiting = null;
    }
  });
}

function choose(id) {
  if (app.waiting && app.waiting.kind === 'decision') app.waiting.resolve(id);
}

function chanceClicked() {
  if (app.waiting && app.waiting.kind === 'chance') app.waiting.resolve(true);
}

async function show(token, events) {
  const view = app.me.view();
  await app.board.animate(events, view, delay(), () => token === app.token);
  if (token === app.token) app.board.render(view);
}

async function run(token) {
  const game = app.game;
  const alive = () => token === app.token;
  while (alive() && !game.isOver()) {
    const toMove = game.toMove();
    const view = app.me.view();
    if (toMove.kind === 'chance') {
      const turn = view.turn ?? null;
      if (turn === HUMAN && app.board.humanChance?.(view) && !$('autoplay').checked) {
        setStatus(t(app.board.chancePrompt(view)));
        app.board.offerChance(view, chanceClicked);
        const go = await waitFor('chance');
        if (!go || !alive()) return;
      }
      game.playChance();
      const events = app.me.events();
      for (const m of app.board.describeChance(events, turn)) addMove(m.seat, m.text, 'chance', m.merge);
      await show(token, events);
    } else if (toMove.seat === HUMAN && !$('autoplay').checked) {
      const legal = app.me.legalActions().map((id) => ({ id, text: app.me.actionText(id) }));
      setStatus(`${t('your_turn')} — ${t(app.board.prompt(view))}`);
      app.board.offer(view, legal, choose);
      const id = await waitFor('decision');
      if (id === null || !alive()) return; // a new game took over: its board is not ours
      app.board.clearOffer();
      const text = app.me.actionText(id);
      const events = app.me.apply(id);
      $('hint-text').textContent = '';
      addMove(HUMAN, text);
      for (const m of app.board.describeAfter?.(events) ?? []) addMove(m.seat, m.text, 'chance');
      await show(token, events);
    } else {
      const seat = toMove.seat;
      setStatus(seat === HUMAN ? t('bot_thinking') : `${seatName(seat)} — ${t('bot_thinking')}`);
      await new Promise((r) => setTimeout(r, 0)); // let the status paint
      if (!alive()) return;
      const level = $('level').value;
      const choices = game.legalActionsFor(seat).length;
      const t0 = performance.now();
      const id = game.seat(seat).botChoose(level, botSeed(seat));
      const ms = performance.now() - t0;
      app.botTimes.push({ kind: app.kind, level, seat, ms, choices });
      const text = game.actionText(id);
      game.seat(seat).apply(id);
      const events = app.me.events();
      addMove(seat, text);
      for (const m of app.board.describeAfter?.(events) ?? []) addMove(m.seat, m.text, 'chance');
      await show(token, events);
    }
  }
  if (alive()) finish();
}

function finish() {
  app.over = true;
  const o = app.game.outcome();
  const place = o.places[HUMAN];
  const winners = o.places.filter((p) => p === 1).length;
  let verdict = place === 1 ? (winners > 1 ? t('draw') : t('you_win')) : t('you_lose');
  const limit = app.game.config().loss_threshold ?? '';
  const why = t('end_reasons')[o.reason]?.replace('{limit}', String(limit)) ?? o.reason;
  const scores = o.scores.map((s, i) => `${seatName(i)} ${s}`).join(', ');
  setStatus(`${t('game_over')} (${why}). ${verdict} ${t('score')}: ${scores}`, true);
  addMove(null, `${t('game_over')}: ${o.places.join('-')}`);
  app.board.render(app.me.view());
}

function hint() {
  if (!app.me || !app.me.isToMove()) return;
  const hints = app.me.botHints($('level').value, botSeed(HUMAN));
  const best = hints[0];
  if (!best) return;
  $('hint-text').textContent = t('hint_is', { text: best.text, score: Math.round(best.score * 100) });
  app.board.highlight?.(best.action, best.text);
}

function save() {
  if (!app.game) return;
  const json = app.game.save();
  app.lastSaved = json;
  const blob = new Blob([json], { type: 'application/json' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `dangian-${app.kind}-${app.game.seed}-${app.game.moveNumber}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  $('hint-text').textContent = t('saved');
}

async function load(file) {
  try {
    const text = await file.text();
    let seedText = $('seed').value.trim();
    if (!/^\d+$/.test(seedText)) seedText = randomSeed();
    const game = Game.load(text, { seed: BigInt(seedText) });
    app.kind = game.kind;
    fillPresets();
    start(game);
    listRecord(game.record());
    $('hint-text').textContent = t('loaded');
  } catch (e) {
    fail(e instanceof DangianError ? e : new Error(String(e)));
  }
}

/**
 * The moves of a loaded record in the list, as seat 0 would have seen them live: the record
 * is replayed from its start and each chance step is described from seat 0's events (a
 * record names every tile dealt, the list does not).
 */
function listRecord(record) {
  const g = record.start ? Game.fromState(record.game, record.start, { seed: 0 }) : Game.create(record.game, record.config, { seed: 0 });
  try {
    for (const text of record.actions) {
      const turn = g.view(HUMAN).turn ?? null;
      const chance = g.isChance();
      g.apply(text);
      const events = g.events(HUMAN);
      if (chance) for (const m of app.board.describeChance(events, turn)) addMove(m.seat, m.text, 'chance', m.merge);
      else {
        addMove(turn, text);
        for (const m of app.board.describeAfter?.(events) ?? []) addMove(m.seat, m.text, 'chance');
      }
    }
  } finally {
    g.free();
  }
}

function switchLang(l) {
  setLang(l);
  $('lang-vi').setAttribute('aria-pressed', String(l === 'vi'));
  $('lang-en').setAttribute('aria-pressed', String(l === 'en'));
  // Move list and board labels in the new language.
  const items = [...$('moves').children];
  for (const li of items) {
    const seat = li.dataset.seat === '' ? null : Number(li.dataset.seat);
    if (seat !== null) li.textContent = `${seatName(seat)}: ${li.dataset.text}`;
    else if (li.dataset.merge === 'deal') li.textContent = `${t('deal')} ×${li.dataset.n}`;
  }
  if (app.board && app.me) {
    app.board.render(app.me.view());
    if (app.waiting) {
      const view = app.me.view();
      if (app.waiting.kind === 'decision') {
        setStatus(`${t('your_turn')} — ${t(app.board.prompt(view))}`);
        const legal = app.me.legalActions().map((id) => ({ id, text: app.me.actionText(id) }));
        app.board.offer(view, legal, choose);
      } else {
        setStatus(t(app.board.chancePrompt(view)));
        app.board.offerChance(view, chanceClicked);
      }
    } else if (app.over) finish();
  }
}

async function main() {
  await init();
  const params = new URLSearchParams(location.search);
  switchLang(params.get('lang') === 'en' ? 'en' : 'vi');
  app.kind = params.get('game') ?? 'o_an_quan';
  $('game').value = app.kind;
  if (params.get('level')) $('level').value = params.get('level');
  if (params.get('speed')) $('speed').value = params.get('speed');
  fillPresets(params.get('preset') ?? undefined);
  $('seed').value = params.get('seed') ?? randomSeed();
  $('game').addEventListener('change', () => {
    app.kind = $('game').value;
    fillPresets();
    newGame();
  });
  $('preset').addEventListener('change', newGame);
  $('new').addEventListener('click', () => {
    $('seed').value = randomSeed();
    newGame();
  });
  $('lang-vi').addEventListener('click', () => switchLang('vi'));
  $('lang-en').addEventListener('click', () => switchLang('en'));
  $('hint').addEventListener('click', hint);
  $('save').addEventListener('click', save);
  $('load').addEventListener('change', (e) => {
    const f = e.target.files?.[0];
    if (f) load(f);
    e.target.value = '';
  });
  $('autoplay').addEventListener('change', () => {
    // Let the bot take over a decision the person was waiting on.
    if ($('autoplay').checked && app.waiting) {
      const w = app.waiting;
      app.board.clearOffer();
      if (w.kind === 'chance') w.resolve(true);
      else w.resolve(app.me.botChoose($('level').value, botSeed(HUMAN)));
    }
  });
  newGame();
}

// For the end-to-end tests and the curious: the host's handle on the demo.
window.dangianDemo = {
  app,
  get game() {
    return app.game;
  },
  get idle() {
    return app.idle;
  },
  /** What the page waits for from the person: 'decision', 'chance' (a roll, a draw) or null. */
  get waiting() {
    return app.waiting?.kind ?? null;
  },
  get over() {
    return app.over;
  },
  lang: getLang,
};

main().catch(fail);
