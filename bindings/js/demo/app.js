// The demo: a person (seat 0) plays one of the three games against the engine's bots.
//
// The page is the host: it holds the Game, samples chance from the game's seeded RNG and
// asks the bots for their seats. Everything it draws or lists for the person comes from
// seat 0's side only: `me = game.seat(0)` (its view, its legal actions, the events as it sees
// them), so in Domino the other hands and the chợ stay hidden. The move list and the event log
// are the engine's own descriptions in words as seat 0 may see them (`describeAction`,
// `describeEvents` with seat 0), in both languages, with the notation where it hides nothing.
import { init, Game, LANGS, tablePresets, presetWords, DangianError } from '../dist/index.js';
import { BotWorker } from '../dist/worker.js';
import { getLang, setLang, t, tIn } from './i18n.js';
import { OAnQuanBoard } from './o_an_quan.js';
import { CaNguaBoard } from './ca_ngua.js';
import { DominoBoard } from './domino.js';
import { onlineLang, onlineRoute, startOnline } from './online.js';

const HUMAN = 0;
const BOARDS = { o_an_quan: OAnQuanBoard, ca_ngua: CaNguaBoard, domino: DominoBoard };
const DELAYS = { slow: 320, normal: 120, fast: 30, instant: 0 };
const EVENT_LINES = 600; // the event log keeps its last lines
const $ = (id) => document.getElementById(id);
// The bots think in a worker, so the page keeps answering while they do; `?bots=main` runs
// them on the page's main thread instead (the browser tests prove the difference with it).
// A browser whose worker cannot start (no module workers) gets its bots on the main thread too.
let botsOnMain = new URLSearchParams(location.search).get('bots') === 'main';
const bots = new BotWorker();

const app = {
  game: null,
  me: null,
  kind: 'o_an_quan',
  board: null,
  moves: [],
  token: 0,
  waiting: null, // { kind: 'decision' | 'chance', resolve }
  botTimes: [], // { kind, level, seat, ms (thinking), at (asked, performance.now()), wall (asked to answered), choices }
  abort: new AbortController(), // aborted when a new game replaces this one
  idle: false,
  over: false,
  error: null,
};

function randomSeed() {
  const w = new Uint32Array(1);
  crypto.getRandomValues(w);
  return String(w[0]);
}

/** The rules a table offers, its default first (the one place that lists them). */
function presetIds(kind) {
  return tablePresets(kind);
}

/** A seat as players name it ("Người 1", "Player 2 (yellow)"), the person's marked. */
function seatName(seat, lang = getLang()) {
  const name = app.game.seatName(seat, lang);
  return seat === HUMAN ? `${name} · ${tIn(lang, 'you')}` : name;
}

function delay() {
  return DELAYS[$('speed').value] ?? 120;
}

function setStatus(text, over = false) {
  const s = $('status');
  s.textContent = text;
  s.classList.toggle('over', over);
}

/** A line of the move list, in the language chosen now. */
function moveLine(li) {
  const seat = li.dataset.seat === '' ? null : Number(li.dataset.seat);
  const n = Number(li.dataset.n);
  const words = li.dataset.merge === 'deal' ? t('deal') : li.dataset[getLang()];
  const main = `${seat === null ? '' : `${seatName(seat)}: `}${words}${n > 1 ? ` ×${n}` : ''}`;
  const parts = [document.createTextNode(main)];
  if (li.dataset.text && n === 1) {
    const code = document.createElement('code');
    code.className = 'notation';
    code.textContent = li.dataset.text;
    parts.push(document.createTextNode(' '), code);
  }
  li.replaceChildren(...parts);
}

/**
 * A line of the move list: `words` in both languages (`{vi, en}`), `notation` the action's
 * text when it hides nothing from seat 0 (else empty), `merge` a key under which steps of one
 * kind in a row (the deal's tiles) make one line.
 */
function addMove(seat, words, notation = '', cls = '', merge = null) {
  const list = $('moves');
  const last = list.lastElementChild;
  if (merge && last && last.dataset.merge === merge) {
    last.dataset.n = String(Number(last.dataset.n) + 1);
    moveLine(last);
    return;
  }
  app.moves.push({ seat, text: notation, words });
  const li = document.createElement('li');
  li.dataset.merge = merge ?? '';
  li.dataset.n = '1';
  li.dataset.seat = seat === null ? '' : String(seat);
  li.dataset.text = notation;
  for (const l of LANGS) li.dataset[l] = words[l];
  if (seat === HUMAN) li.classList.add('human');
  if (cls) li.classList.add(cls);
  moveLine(li);
  list.append(li);
  list.scrollTop = list.scrollHeight;
}

/** The event log in the language chosen now. */
function eventLine(li) {
  const n = Number(li.dataset.n);
  li.textContent = `${li.dataset[getLang()]}${n > 1 ? ` ×${n}` : ''}`;
}

/** The events of the last action in the log, as seat 0 sees them (`{vi: [...], en: [...]}`). */
function addEvents(lines, move) {
  const list = $('events');
  for (let i = 0; i < lines.en.length; i++) {
    const last = list.lastElementChild;
    if (last && last.dataset.en === lines.en[i] && last.dataset.vi === lines.vi[i]) {
      // The same words again (another seat dealt a tile): one line.
      last.dataset.n = String(Number(last.dataset.n) + 1);
      eventLine(last);
      continue;
    }
    const li = document.createElement('li');
    li.dataset.n = '1';
    li.dataset.move = String(move);
    for (const l of LANGS) li.dataset[l] = lines[l][i];
    if (i === 0) li.classList.add('first');
    eventLine(li);
    list.append(li);
  }
  while (list.childElementCount > EVENT_LINES) list.firstElementChild.remove();
  list.scrollTop = list.scrollHeight;
}

/** The words for seat 0 of an action about to be played (before it is applied). */
function wordsBefore(g, id) {
  const words = {};
  for (const l of LANGS) words[l] = g.describeAction(id, l, HUMAN);
  // The notation is shown only when seat 0's words are the host's (nothing is hidden).
  return { words, safe: g.describeAction(id, 'en') === words.en };
}

/**
 * List an action just applied in `g`: its line in the move list (a decision's words from
 * before it, `pre`; a chance outcome's from its first event) and its events in the log.
 */
function logAction(g, seat, id, pre = null) {
  const events = {};
  for (const l of LANGS) events[l] = g.describeEvents(l, HUMAN);
  if (pre) addMove(seat, pre.words, pre.safe ? g.actionText(id) : '');
  else {
    const words = { vi: events.vi[0] ?? '', en: events.en[0] ?? '' };
    const safe = (g.describeEvents('en')[0] ?? '') === words.en;
    const merge = g.kind === 'domino' && g.events(HUMAN)[0]?.kind === 'dealt' ? 'deal' : null;
    addMove(null, words, safe ? g.actionText(id) : '', 'chance', merge);
  }
  addEvents(events, g.moveNumber);
}

/** The rules menu: each preset by its name in the language chosen, its summary as the title. */
function fillPresets(selected = $('preset').value) {
  const sel = $('preset');
  const ids = presetIds(app.kind);
  sel.replaceChildren();
  for (const id of ids) {
    const o = document.createElement('option');
    const words = presetWords(app.kind, id, getLang());
    o.value = id;
    o.textContent = words.name;
    o.title = words.summary;
    sel.append(o);
  }
  sel.value = ids.includes(selected) ? selected : ids[0];
  presetSummary();
}

/** The chosen preset's one-line summary beside the menu. */
function presetSummary() {
  const id = $('preset').value;
  const text = id ? presetWords(app.kind, id, getLang()).summary : '';
  $('preset').title = text;
  $('preset-summary').textContent = text;
}

function botSeed(seat) {
  return BigInt.asUintN(64, app.game.seed * 31n + BigInt(seat + 1));
}

/** Start a game (`record`: the record it was loaded from, whose moves are listed first). */
function start(game, record = null) {
  app.token += 1;
  app.abort.abort();
  app.abort = new AbortController();
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
  $('events').replaceChildren();
  $('hint-text').textContent = '';
  $('choices').replaceChildren();
  $('outcome').replaceChildren();
  $('outcome').hidden = true;
  $('seed-shown').textContent = String(game.seed);
  $('game').value = game.kind;
  const svg = $('board');
  svg.replaceChildren();
  app.board = new BOARDS[game.kind](svg, { t, seatName, human: HUMAN, choices: $('choices') });
  // Cờ cá ngựa hides nothing: every seat's colours are public.
  if (game.kind === 'ca_ngua') app.board.coloursBySeat = Array.from({ length: game.seats }, (_, s) => game.view(s).colours);
  app.board.render(app.me.view());
  if (record) listRecord(record);
  run(app.token).catch(fail);
}

function newGame() {
  const kind = $('game').value;
  let seedText = $('seed').value.trim();
  if (!/^\d+$/.test(seedText)) seedText = randomSeed();
  $('seed').value = seedText;
  const preset = $('preset').value || presetIds(kind)[0];
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

/** The person's legal actions: id, notation and words (the controls' names). */
function legalNow() {
  return app.me.legalActions().map((id) => ({ id, text: app.me.actionText(id), words: app.me.describeAction(id, getLang()) }));
}

/**
 * The focus on the first control of the board (or the roll / draw button) when the person is
 * to act, unless they are busy elsewhere on the page (a menu, the seed): keyboard play needs
 * no mouse to get there.
 */
function focusBoard() {
  const a = document.activeElement;
  const free = !a || a === document.body || $('board').contains(a) || $('choices').contains(a);
  if (!free) return;
  const first = $('board').querySelector('[data-tap]') ?? $('choices').querySelector('button');
  first?.focus({ preventScroll: true });
}

/** The controls the arrow keys move among: the board's, then the buttons under it. */
function controls() {
  return [...$('board').querySelectorAll('[data-tap]'), ...$('choices').querySelectorAll('button')];
}

function onKey(e) {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const inPlay = $('board').contains(e.target) || $('choices').contains(e.target) || e.target === document.body;
  if (!inPlay) return;
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
  if (step) {
    const all = controls();
    if (all.length === 0) return;
    e.preventDefault();
    const at = all.indexOf(document.activeElement);
    const next = at < 0 ? (step > 0 ? 0 : all.length - 1) : (at + step + all.length) % all.length;
    all[next].focus();
    return;
  }
  // R rolls the dice, D draws from the chợ, H asks for a hint.
  const key = e.key.toLowerCase();
  if ((key === 'r' || key === 'd') && app.waiting?.kind === 'chance') {
    e.preventDefault();
    document.querySelector('#roll, #draw')?.click();
  } else if (key === 'h' && app.waiting?.kind === 'decision') {
    e.preventDefault();
    hint();
  }
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
        focusBoard();
        const go = await waitFor('chance');
        if (!go || !alive()) return;
      }
      const { action } = game.playChance();
      logAction(game, null, action);
      await show(token, app.me.events());
    } else if (toMove.seat === HUMAN && !$('autoplay').checked) {
      setStatus(`${t('your_turn')} — ${t(app.board.prompt(view))}`);
      app.board.offer(view, legalNow(), choose);
      focusBoard();
      const id = await waitFor('decision');
      if (id === null || !alive()) return; // a new game took over: its board is not ours
      app.board.clearOffer();
      const pre = wordsBefore(game, id);
      const events = app.me.apply(id);
      $('hint-text').textContent = '';
      logAction(game, HUMAN, id, pre);
      await show(token, events);
    } else {
      const seat = toMove.seat;
      setStatus(seat === HUMAN ? t('bot_thinking') : `${seatName(seat)} — ${t('bot_thinking')}`);
      await new Promise((r) => setTimeout(r, 0)); // let the status paint
      if (!alive()) return;
      const level = $('level').value;
      const choices = game.legalActionsFor(seat).length;
      const t0 = performance.now();
      const { action: id, ms } = await decide(game, seat, level);
      if (!alive()) return;
      app.botTimes.push({ kind: app.kind, level, seat, ms, at: t0, wall: performance.now() - t0, choices });
      const pre = wordsBefore(game, id);
      game.seat(seat).apply(id);
      logAction(game, seat, id, pre);
      await show(token, app.me.events());
    }
  }
  if (alive()) finish();
}

/**
 * A bot's action for `seat`, from the worker (or on the main thread under `?bots=main`); a
 * new game aborts the question.
 */
async function decide(game, seat, level, signal = app.abort.signal) {
  if (botsOnMain) {
    const t0 = performance.now();
    const action = game.seat(seat).botChoose(level, botSeed(seat));
    return { action, ms: performance.now() - t0 };
  }
  try {
    return await bots.decide(game, seat, level, { seed: botSeed(seat), signal });
  } catch (e) {
    if (signal.aborted) return new Promise(() => {}); // a new game took over: this one stops here
    if (e instanceof DangianError) throw e;
    console.warn('dangian demo: the bot worker failed, the bots think on the page instead:', e);
    botsOnMain = true;
    return decide(game, seat, level, signal);
  }
}

function finish() {
  app.over = true;
  const words = {};
  for (const l of LANGS) words[l] = `${tIn(l, 'game_over')}: ${app.game.outcomeLines(l)[0] ?? ''}`;
  addMove(null, words, '', 'end');
  showOutcome();
}

/** The outcome in the status line and the end panel, in the language chosen now. */
function showOutcome() {
  const o = app.game.outcome();
  const lines = app.game.outcomeLines(getLang());
  const place = o.places[HUMAN];
  const winners = o.places.filter((p) => p === 1).length;
  const verdict = place === 1 ? (winners > 1 ? t('draw') : t('you_win')) : t('you_lose');
  setStatus(`${t('game_over')}. ${verdict} ${lines[0] ?? ''}`, true);
  const panel = $('outcome');
  panel.replaceChildren(
    ...lines.map((line) => {
      const li = document.createElement('li');
      li.textContent = line;
      return li;
    }),
  );
  panel.hidden = false;
  app.board.render(app.me.view());
}

async function hint() {
  if (!app.me || !app.me.isToMove()) return;
  const token = app.token;
  const move = app.game.moveNumber;
  const hints = botsOnMain
    ? app.me.botHints($('level').value, botSeed(HUMAN))
    : await bots.hints(app.game, HUMAN, $('level').value, { seed: botSeed(HUMAN), signal: app.abort.signal }).catch(() => []);
  if (token !== app.token || move !== app.game.moveNumber) return;
  const best = hints[0];
  if (!best) return;
  // A proven result (an endgame table's) says it in words instead of a percentage.
  $('hint-text').textContent = best.proven
    ? t('hint_proven', { text: best.text, proven: best.proven[getLang()] })
    : t('hint_is', { text: best.text, score: Math.round(best.score * 100) });
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
    start(game, game.record());
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
      const seat = g.seatToMove();
      const id = g.actionId(text);
      const pre = seat === null ? null : wordsBefore(g, id);
      g.apply(id);
      logAction(g, seat, id, pre);
    }
  } finally {
    g.free();
  }
}

function switchLang(l) {
  setLang(l);
  fillPresets();
  $('lang-vi').setAttribute('aria-pressed', String(l === 'vi'));
  $('lang-en').setAttribute('aria-pressed', String(l === 'en'));
  // Move list, event log and board labels in the new language.
  for (const li of $('moves').children) moveLine(li);
  for (const li of $('events').children) eventLine(li);
  onlineLang();
  if (app.board && app.me) {
    app.board.render(app.me.view());
    if (app.waiting) {
      const view = app.me.view();
      if (app.waiting.kind === 'decision') {
        setStatus(`${t('your_turn')} — ${t(app.board.prompt(view))}`);
        app.board.offer(view, legalNow(), choose);
      } else {
        setStatus(t(app.board.chancePrompt(view)));
        app.board.offerChance(view, chanceClicked);
      }
    } else if (app.over) showOutcome();
  }
}

async function main() {
  await init();
  // The worker loads the engine while the page starts.
  if (!botsOnMain) bots.ready().catch(() => {});
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
  $('preset').addEventListener('change', () => {
    presetSummary();
    newGame();
  });
  $('new').addEventListener('click', () => {
    $('seed').value = randomSeed();
    newGame();
  });
  document.addEventListener('keydown', onKey);
  // The board's tap areas follow its size on screen.
  let resizing = 0;
  window.addEventListener('resize', () => {
    cancelAnimationFrame(resizing);
    resizing = requestAnimationFrame(() => app.board?.draw());
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
      else decide(app.game, HUMAN, $('level').value).then((d) => w.resolve(d.action), fail);
    }
  });
  // Play online (#online, or a table's link): the server's tables instead of a game here.
  const online = onlineRoute();
  if (online) {
    startOnline(online);
    return;
  }
  // The link to the online form opens it in place.
  window.addEventListener('hashchange', () => {
    if (onlineRoute()) location.reload();
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
