// Play online: tables on a dangian server (the one that serves this page).
//
//   #online                          the form that creates a table (POST /tables) and shows
//                                    its links: one per human seat, and one to watch;
//   #table=ID&seat=S&token=T         a seat: joins over WebSocket, gives a random player seed,
//                                    draws the seat's view and plays its legal actions;
//   #table=ID&watch                  a watcher: the public view (none in Domino).
//
// The seat's token is in the fragment, so it is never sent in an HTTP request line (nor in
// the server's logs); it goes to the server only in the WebSocket's URL. Everything drawn
// comes from what the server sends this connection: its seat's view, its legal actions, the
// actions it may see. A dropped connection is opened again and asks (`sync`) for what it
// missed.
import { Game, tablePresets, presetWords } from '../dist/index.js';
import { getLang, t } from './i18n.js';
import { OAnQuanBoard } from './o_an_quan.js';
import { CaNguaBoard } from './ca_ngua.js';
import { DominoBoard } from './domino.js';

const BOARDS = { o_an_quan: OAnQuanBoard, ca_ngua: CaNguaBoard, domino: DominoBoard };
const SEATS = { o_an_quan: [2, 2], ca_ngua: [2, 4], domino: [2, 4] };
const $ = (id) => document.getElementById(id);

/** What the location's fragment asks for: `{ mode: 'form' | 'seat' | 'watch', ... }` or null. */
export function onlineRoute(hash = location.hash) {
  const h = hash.replace(/^#/, '');
  if (h === 'online') return { mode: 'form' };
  const p = new URLSearchParams(h);
  const table = p.get('table');
  if (!table || !/^[0-9a-zA-Z_-]{1,128}$/.test(table)) return null;
  if (p.has('token') && p.has('seat')) return { mode: 'seat', table, seat: Number(p.get('seat')), token: p.get('token') };
  return { mode: 'watch', table };
}

const on = {
  route: null,
  kind: null,
  info: null, // GET /tables/{id}
  names: null, // a local Game of the table's config, for the seats' names and colours
  seat: null, // this connection's seat (null: watching)
  board: null,
  ws: null,
  connected: false,
  connects: 0,
  nextIndex: 0, // the first action not listed yet (what a sync asks for from)
  listed: new Set(), // the indices of the actions listed
  state: null, // the last `state` message
  refusals: [],
  seedSent: false,
  retry: 0,
  error: null,
};

function randomPlayerSeed() {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
}

function setStatus(text, over = false) {
  const s = $('status');
  s.textContent = text;
  s.classList.toggle('over', over);
}

/** A seat's name at this table, this connection's and the bots' marked. */
function seatName(seat) {
  let name = on.names ? on.names.seatName(seat, getLang()) : `${t('seat')} ${seat + 1}`;
  if (seat === on.seat) name += ` · ${t('you')}`;
  else if (on.info?.bots?.some((b) => b.seat === seat)) name += ` · ${t('bot')}`;
  return name;
}

function note(text, cls = '') {
  const n = $('online-note');
  n.textContent = text;
  n.className = `online-note ${cls}`.trim();
  n.hidden = !text;
}

// ---- The form -------------------------------------------------------------------------

function fillForm() {
  const kind = $('on-game').value;
  const sel = $('on-preset');
  const keep = sel.value;
  sel.replaceChildren();
  for (const id of tablePresets(kind)) {
    const o = document.createElement('option');
    const words = presetWords(kind, id, getLang());
    o.value = id;
    o.textContent = words.name;
    o.title = words.summary;
    sel.append(o);
  }
  if ([...sel.options].some((o) => o.value === keep)) sel.value = keep;
  const seats = $('on-seats');
  const n = Number(seats.value) || 2;
  const [lo, hi] = SEATS[kind];
  seats.replaceChildren();
  for (let k = lo; k <= hi; k++) {
    const o = document.createElement('option');
    o.value = String(k);
    o.textContent = String(k);
    seats.append(o);
  }
  seats.value = String(Math.min(hi, Math.max(lo, n)));
  seats.disabled = lo === hi;
  fillSeats();
}

/** One menu per seat: a person, or a bot of a level. */
function fillSeats() {
  const box = $('on-who');
  const before = [...box.querySelectorAll('select')].map((s) => s.value);
  box.replaceChildren();
  const n = Number($('on-seats').value);
  for (let s = 0; s < n; s++) {
    const label = document.createElement('label');
    const span = document.createElement('span');
    span.textContent = `${t('seat')} ${s + 1}`;
    const sel = document.createElement('select');
    sel.id = `on-seat-${s}`;
    sel.dataset.seat = String(s);
    for (const v of ['person', 'easy', 'medium', 'hard']) {
      const o = document.createElement('option');
      o.value = v;
      o.textContent = v === 'person' ? t('seat_person') : `${t('bot')} (${t(v)})`;
      sel.append(o);
    }
    sel.value = before[s] ?? 'person';
    label.append(span, sel);
    box.append(label);
  }
}

function linkTo(hash) {
  return `${location.origin}${location.pathname}${location.search}#${hash}`;
}

async function createTable() {
  const kind = $('on-game').value;
  const body = { game: kind, preset: $('on-preset').value, bots: [] };
  if (SEATS[kind][0] !== SEATS[kind][1]) body.seats = Number($('on-seats').value);
  for (const sel of $('on-who').querySelectorAll('select')) {
    if (sel.value !== 'person') body.bots.push({ seat: Number(sel.dataset.seat), level: sel.value });
  }
  note('');
  $('on-links').replaceChildren();
  let answer;
  try {
    const res = await fetch('/tables', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    answer = await res.json().catch(() => null);
    if (!res.ok) throw new Error(answer?.message ?? `HTTP ${res.status}`);
  } catch (e) {
    // No refusal of the game server (no error code): this page is not served by one.
    const hint = answer?.code ? '' : ` ${t('online_needs_server')}`;
    note(`${t('online_failed')}: ${e instanceof Error ? e.message : String(e)}.${hint}`, 'refused');
    return;
  }
  const names = Game.create(kind, answer.config, { seed: 0 });
  const list = $('on-links');
  try {
    for (const { seat, token } of answer.tokens) {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.className = 'seat-link';
      a.dataset.seat = String(seat);
      a.href = linkTo(`table=${answer.id}&seat=${seat}&token=${token}`);
      a.textContent = `${t('play_as')} ${names.seatName(seat, getLang())}`;
      li.append(a);
      list.append(li);
    }
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.className = 'watch-link';
    a.href = linkTo(`table=${answer.id}&watch`);
    a.textContent = t('watch');
    li.append(a);
    list.append(li);
  } finally {
    names.free();
  }
  $('on-share').hidden = false;
  $('online-form').dataset.table = answer.id;
}

function showForm() {
  $('online-form').hidden = false;
  $('on-game').addEventListener('change', fillForm);
  $('on-seats').addEventListener('change', fillSeats);
  $('on-create').addEventListener('click', createTable);
  fillForm();
  // The form alone: no board until a table is joined.
  document.body.classList.add('online-form-mode');
}

// ---- A seat or a watcher ----------------------------------------------------------------

async function joinTable(route) {
  on.seat = route.mode === 'seat' ? route.seat : null;
  setStatus(t('connecting'));
  const res = await fetch(`/tables/${route.table}`);
  const info = await res.json().catch(() => null);
  if (!res.ok) throw new Error(info?.message ?? `HTTP ${res.status}`);
  on.info = info;
  on.kind = info.game;
  on.names = Game.create(info.game, info.config, { seed: 0 });
  $('online-table').hidden = false;
  $('online-who').textContent = on.seat === null ? t('watching') : `${t('you_are')} ${seatName(on.seat)}`;
  const svg = $('board');
  svg.replaceChildren();
  // A watcher of the games without hidden information sees seat 0's view.
  const human = on.seat ?? 0;
  on.board = new BOARDS[on.kind](svg, { t, seatName, human, choices: $('choices') });
  if (on.kind === 'ca_ngua') on.board.coloursBySeat = Array.from({ length: on.names.seats }, (_, s) => on.names.view(s).colours);
  connect();
}

function wsUrl() {
  const r = on.route;
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const q = r.mode === 'seat' ? `?token=${encodeURIComponent(r.token)}` : '';
  return `${proto}//${location.host}/tables/${r.table}/ws${q}`;
}

function connect() {
  const ws = new WebSocket(wsUrl());
  on.ws = ws;
  on.connects += 1;
  ws.addEventListener('open', () => {
    on.connected = true;
    on.retry = 0;
    // The actions not listed yet (all of them on joining; on a connection opened again,
    // those missed while it was away), then the state now.
    send({ type: 'sync', from_event: on.nextIndex });
  });
  ws.addEventListener('message', (e) => {
    try {
      receive(JSON.parse(e.data));
    } catch (err) {
      fail(err);
    }
  });
  ws.addEventListener('close', () => {
    if (on.ws !== ws) return;
    on.connected = false;
    on.seedSent = false; // given again if it was lost (a second one is refused, and ignored)
    if (on.state?.outcome) return; // the game is over: nothing more will come
    on.retry = Math.min(on.retry + 1, 6);
    setStatus(t('reconnecting'));
    on.board?.clearOffer();
    setTimeout(connect, 250 * 2 ** (on.retry - 1));
  });
}

function send(msg) {
  if (on.ws?.readyState === WebSocket.OPEN) on.ws.send(JSON.stringify(msg));
}

function receive(msg) {
  switch (msg.type) {
    case 'welcome':
      on.seat = msg.seat;
      break;
    case 'update':
      // A sync may send again what is listed already, or after a later action.
      if (on.listed.has(msg.index)) break;
      on.listed.add(msg.index);
      while (on.listed.has(on.nextIndex)) on.nextIndex += 1;
      addMove(msg.index, msg.action);
      break;
    case 'state':
      onState(msg);
      break;
    case 'error':
      // A second seed after a reconnection is no news.
      if (msg.code === 'seed_given' || msg.code === 'seed_closed') break;
      on.refusals.push(msg);
      note(`${t('refused')}: ${msg.message} (${msg.code})`, 'refused');
      break;
    default:
      break;
  }
}

function addMove(index, action) {
  const li = document.createElement('li');
  li.dataset.index = String(index);
  li.textContent = action ?? t('hidden_action');
  if (action === null) li.classList.add('chance');
  const list = $('moves');
  const later = [...list.children].find((x) => Number(x.dataset.index) > index);
  list.insertBefore(li, later ?? null);
  list.scrollTop = list.scrollHeight;
}

function onState(s) {
  on.state = s;
  if (on.seat !== null && !s.started && s.seeds_missing.includes(on.seat) && !on.seedSent) {
    on.seedSent = true;
    send({ type: 'seed', seed: randomPlayerSeed() });
  }
  draw();
}

/** The board, the status and the offer, from the last state (again on a language switch). */
function draw() {
  const s = on.state;
  if (!s || !on.board) return;
  if (s.view) on.board.render(s.view);
  else drawHidden(s);
  on.board.clearOffer?.();
  if (s.outcome) {
    showOutcome(s.outcome);
    return;
  }
  if (!s.started) {
    setStatus(t('waiting_seeds', { seats: s.seeds_missing.map((x) => seatName(x)).join(', ') }));
    return;
  }
  if (s.legal.length > 0 && s.view) {
    setStatus(`${t('your_turn')} — ${t(on.board.prompt(s.view))}`);
    note('');
    on.board.offer(
      s.view,
      s.legal.map((a) => ({ ...a, words: a.text })),
      (id) => {
        if (on.ws?.readyState !== WebSocket.OPEN) return; // offered again once connected
        on.board.clearOffer();
        send({ type: 'act', move_number: s.move_number, action: id });
      },
    );
  } else if (s.to_move.kind === 'seat') {
    setStatus(`${t('turn_of')} ${seatName(s.to_move.seat)}`);
  } else {
    setStatus(t('chance'));
  }
}

/** A Domino watcher sees no tile: the board says so. */
function drawHidden(s) {
  const svg = $('board');
  svg.setAttribute('viewBox', '0 0 900 200');
  const ns = 'http://www.w3.org/2000/svg';
  const text = document.createElementNS(ns, 'text');
  text.setAttribute('x', '450');
  text.setAttribute('y', '100');
  text.setAttribute('text-anchor', 'middle');
  text.setAttribute('font-size', '22');
  text.setAttribute('id', 'hidden-view');
  text.dataset.move = String(s.move_number);
  text.textContent = `${t('hidden_view')} — ${t('move_n', { n: s.move_number })}`;
  svg.replaceChildren(text);
}

function showOutcome(outcome) {
  const places = outcome.places ?? [];
  const mine = on.seat === null ? null : places[on.seat];
  const winners = places.filter((p) => p === 1).length;
  const verdict = mine === null || mine === undefined ? '' : mine === 1 ? (winners > 1 ? t('draw') : t('you_win')) : t('you_lose');
  setStatus(`${t('game_over')}. ${verdict}`.trim(), true);
  const panel = $('outcome');
  const order = places.map((p, seat) => ({ p, seat })).sort((x, y) => x.p - y.p || x.seat - y.seat);
  panel.replaceChildren(
    ...order.map(({ p, seat }) => {
      const li = document.createElement('li');
      const score = outcome.scores?.[seat];
      li.textContent = `${seatName(seat)}: ${t('place')} ${p}${score === undefined ? '' : ` (${t('score')} ${score})`}`;
      return li;
    }),
  );
  // The record, with the revealed server seed: every die and deal can be checked.
  const li = document.createElement('li');
  li.className = 'record';
  const a = document.createElement('a');
  a.id = 'online-record';
  a.href = `/tables/${on.route.table}/record`;
  a.download = `dangian-${on.kind}-${on.route.table}.json`;
  a.textContent = t('online_record');
  li.append(a);
  panel.append(li);
  panel.hidden = false;
  panel.dataset.over = 'true';
}

function fail(e) {
  on.error = e;
  console.error(e);
  setStatus(`${t('error')}: ${e instanceof Error ? e.message : String(e)}`, true);
}

/** Start the online mode the fragment asks for. */
export function startOnline(route) {
  on.route = route;
  document.body.classList.add('online');
  document.querySelector('.online-footer').hidden = false;
  window.addEventListener('hashchange', () => location.reload());
  if (route.mode === 'form') showForm();
  else joinTable(route).catch(fail);
}

/** Labels in the language chosen now. */
export function onlineLang() {
  if (!on.route) return;
  if (on.route.mode === 'form') fillForm();
  else {
    if (on.info) $('online-who').textContent = on.seat === null ? t('watching') : `${t('you_are')} ${seatName(on.seat)}`;
    draw();
  }
}

// For the end-to-end tests: what the online page knows.
window.dangianOnline = {
  on,
  get seat() {
    return on.seat;
  },
  get connected() {
    return on.connected;
  },
  get moveNumber() {
    return on.state?.move_number ?? null;
  },
  /** Whether this seat is to act now (it has legal actions). */
  get waiting() {
    return on.connected && (on.state?.legal?.length ?? 0) > 0 && !on.state?.outcome;
  },
  get over() {
    return !!on.state?.outcome;
  },
  get outcome() {
    return on.state?.outcome ?? null;
  },
  /** Close the socket as a dropped network would (the page opens it again). */
  drop() {
    on.ws?.close();
  },
};
