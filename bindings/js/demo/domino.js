// Domino: the line in the middle, the person's hand face up at the bottom, the other hands
// face down at the top (only their sizes are known), the chợ (market) on the right. Everything
// drawn comes from seat 0's view and the events as seat 0 sees them: the other hands and the
// chợ's tiles are never read.
import { control, el, focusedKey, label, legible, MIN_TAP, pause, refocus, scaleOf } from './svg.js';

const W = 900;
const LINE_Y = 250;
const HAND_Y = 470;
const MARKET = [835, 250];

const PIPS = {
  0: [],
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

const key = (t) => `${Math.min(t[0], t[1])}-${Math.max(t[0], t[1])}`;

/** A tile lying horizontally with its centre at (x, y): `a` on the left, `b` on the right. */
function tile(x, y, a, b, size, attrs = {}) {
  const w = size * 2;
  const h = size;
  const g = el('g', attrs);
  g.append(el('rect', { x: x - w / 2, y: y - h / 2, width: w, height: h, rx: size / 6, fill: '#fffef8', stroke: '#3b2a1c', 'stroke-width': 1.5 }));
  g.append(el('line', { x1: x, y1: y - h / 2 + 3, x2: x, y2: y + h / 2 - 3, stroke: '#3b2a1c', 'stroke-width': 1.2 }));
  const step = size * 0.24;
  for (const [half, v] of [[-1, a], [1, b]]) {
    const hx = x + (half * w) / 4;
    for (const [px, py] of PIPS[v] ?? []) g.append(el('circle', { cx: (hx + px * step).toFixed(1), cy: (y + py * step).toFixed(1), r: size * 0.075, fill: '#222' }));
  }
  return g;
}

function back(x, y, size, attrs = {}) {
  return el('rect', { x: x - size / 2, y: y - size, width: size, height: size * 2, rx: size / 6, fill: '#7a4a2a', stroke: '#3b2a1c', 'stroke-width': 1.2, ...attrs });
}

export class DominoBoard {
  constructor(svg, ctx) {
    this.svg = svg;
    this.ctx = ctx;
    this.view = null;
    this.model = null;
    this.offered = null;
    this.selected = null;
    this.chance = null;
    this.banner = null;
    this.dealCount = 0;
    this.wantFocus = null;
  }

  prompt(view) {
    return view.phase === 'draw' ? 'draw_tile' : 'choose_tile';
  }

  humanChance(view) {
    return view.turn === this.ctx.human && view.phase === 'draw';
  }

  chancePrompt() {
    return 'draw_tile';
  }

  render(view) {
    this.view = view;
    this.model = {
      line: view.line.map((p) => [...p]),
      hand: view.hand.map((p) => [...p]),
      counts: [...view.hand_counts],
      boneyard: view.boneyard,
      scores: [...view.scores],
    };
    this.draw();
  }

  draw() {
    const { svg, view, model, ctx } = this;
    const t = ctx.t;
    const me = ctx.human;
    const seats = model.counts.length;
    const keep = focusedKey(svg);
    // My hand in rows of tiles at least MIN_TAP pixels apart (a phone gets fewer, larger tiles
    // to a row and a taller board).
    svg.setAttribute('viewBox', `0 0 ${W} 560`);
    const s = scaleOf(svg);
    const gap = 6;
    const step = Math.max(66, (MIN_TAP + 4) / s);
    const hs = Math.min(44, Math.max(30, (step - gap) / 2));
    const perRow = Math.max(1, Math.floor((W - 40) / step));
    const handRows = Math.max(1, Math.ceil(model.hand.length / perRow));
    const rowH = Math.max(hs + 16, (MIN_TAP + 4) / s);
    const H = HAND_Y + (handRows - 1) * rowH + hs / 2 + 50;
    const height = Math.max(560, H);
    svg.setAttribute('viewBox', `0 0 ${W} ${height}`);
    svg.replaceChildren();
    svg.append(el('rect', { x: 0, y: 0, width: W, height, fill: '#2f6b45' }));
    svg.append(el('rect', { x: 10, y: 10, width: W - 20, height: height - 20, rx: 18, fill: '#3a7d52', stroke: '#24553a', 'stroke-width': 4 }));
    // Scores and round.
    const limit = view.config.loss_threshold ?? 101;
    const scoreText = model.scores.slice(0, seats).map((s, i) => `${ctx.seatName(i)} ${s}`).join(' · ');
    svg.append(label(30, 32, `${t('round')} ${view.round} — ${t('score')}: ${scoreText} / ${limit}`, { 'text-anchor': 'start', fill: '#fff', 'font-size': 16, 'font-weight': 600, id: 'dm-scores', 'data-scores': model.scores.slice(0, seats).join(',') }));
    // The other seats, face down.
    const others = [...Array(seats).keys()].filter((s) => s !== me);
    others.forEach((s, i) => {
      const cx = (W / (others.length + 1)) * (i + 1) - 40;
      const n = model.counts[s];
      const g = el('g', { 'data-count-seat': s, 'data-count': n, class: 'opponent' });
      const size = 14;
      const width = Math.min(n, 14) * (size + 3);
      for (let k = 0; k < Math.min(n, 14); k++) g.append(back(cx - width / 2 + k * (size + 3) + size / 2, 90, size));
      g.append(label(cx, 130, `${ctx.seatName(s)}: ${n}`, { fill: '#fff', 'font-size': 14, 'font-weight': view.turn === s ? 700 : 400 }));
      if (view.turn === s) g.append(el('circle', { cx: cx - width / 2 - 16, cy: 90, r: 6, fill: '#ffd54a' }));
      svg.append(g);
    });
    // The line, wrapped in rows (larger tiles on a small screen).
    const size = Math.min(40, Math.max(24, 16 / s));
    const per = Math.floor((W - 220) / (size * 2 + 3));
    const rows = Math.max(1, Math.ceil(model.line.length / per));
    const lineG = el('g', { id: 'dm-line', 'data-line': model.line.map((p) => p.join('-')).join(' ') });
    model.line.forEach((p, i) => {
      const row = Math.floor(i / per);
      const inRow = Math.min(per, model.line.length - row * per);
      const x0 = (W - 120) / 2 - (inRow * (size * 2 + 3)) / 2;
      const x = x0 + (i - row * per) * (size * 2 + 3) + size;
      const y = LINE_Y - ((rows - 1) * (size + 10)) / 2 + row * (size + 10);
      lineG.append(tile(x, y, p[0], p[1], size, { 'data-line-tile': p.join('-') }));
    });
    svg.append(lineG);
    this.lineEnds = this.endsXY(model.line.length, per, rows, size);
    // The chợ.
    const [mx, my] = MARKET;
    const market = el('g', { id: 'dm-market', 'data-boneyard': model.boneyard });
    for (let k = 0; k < Math.min(model.boneyard, 6); k++) market.append(back(mx - 6 + k * 2.5, my - k * 3, 22));
    market.append(label(mx, my + 44, `${t('market')}: ${model.boneyard}`, { fill: '#fff', 'font-size': 14 }));
    svg.append(market);
    // My hand.
    const hand = el('g', { id: 'dm-hand' });
    const n = model.hand.length;
    this.handBoxes = new Map();
    model.hand.forEach((p, i) => {
      const row = Math.floor(i / perRow);
      const inRow = Math.min(perRow, n - row * perRow);
      const x = W / 2 - (inRow * step) / 2 + (i - row * perRow) * step + step / 2;
      const y = HAND_Y + row * rowH;
      this.handBoxes.set(key(p), { x: x - hs, y: y - hs / 2, w: hs * 2, h: hs });
      hand.append(tile(x, y, p[0], p[1], hs, { 'data-hand-tile': key(p), class: 'hand-tile' }));
    });
    svg.append(hand);
    svg.append(label(W / 2, HAND_Y + (handRows - 1) * rowH + hs / 2 + 24, `${ctx.seatName(me)}${view.turn === me ? ' ◀' : ''}`, { fill: '#fff', 'font-size': 16, 'font-weight': 700 }));
    if (this.banner) {
      svg.append(el('rect', { x: W / 2 - 260, y: 170, width: 520, height: 60, rx: 12, fill: '#fffdf8', opacity: 0.95 }));
      svg.append(label(W / 2, 200, this.banner, { 'font-size': 18, 'font-weight': 700, fill: '#3b2a1c' }));
    }
    if (this.offered) this.drawOffer();
    if (this.chance) this.drawChance();
    legible(svg);
    refocus(svg, keep, this.wantFocus);
    this.wantFocus = null;
  }

  endsXY(count, per, rows, size) {
    const step = size * 2 + 3;
    if (count === 0) return { left: [(W - 120) / 2 - 40, LINE_Y], right: [(W - 120) / 2 + 40, LINE_Y] };
    const rowY = (r) => LINE_Y - ((rows - 1) * (size + 10)) / 2 + r * (size + 10);
    const firstRow = Math.min(per, count);
    const left = [(W - 120) / 2 - (firstRow * step) / 2 - 26, rowY(0)];
    const lastRow = rows - 1;
    const inLast = count - lastRow * per;
    const right = [(W - 120) / 2 - (inLast * step) / 2 + inLast * step + 22, rowY(lastRow)];
    return { left, right };
  }

  async animate(events, view, ms, alive) {
    if (ms <= 0 || !this.model) return;
    const m = this.model;
    const me = this.ctx.human;
    const t = this.ctx.t;
    const take = (seat, tl) => {
      if (seat === me) {
        const k = m.hand.findIndex((h) => key(h) === key(tl));
        if (k >= 0) m.hand.splice(k, 1);
      }
      m.counts[seat] = Math.max(0, m.counts[seat] - 1);
    };
    for (const e of events) {
      if (!alive()) return;
      let wait = ms;
      switch (e.kind) {
        case 'dealt':
          if (e.seat === me && e.tile) m.hand.push([...e.tile]);
          m.counts[e.seat] += 1;
          m.boneyard = Math.max(0, m.boneyard - 1);
          wait = ms / 3;
          break;
        case 'redealt':
          m.hand = [];
          m.counts = m.counts.map(() => 0);
          this.banner = null;
          break;
        case 'led':
          take(e.seat, e.tile);
          m.line = [[...e.tile]];
          break;
        case 'played':
          take(e.seat, e.tile);
          if (e.end === 'left') m.line.unshift([...e.placed]);
          else m.line.push([...e.placed]);
          break;
        case 'drew':
          if (e.seat === me && e.tile) m.hand.push([...e.tile]);
          m.counts[e.seat] += 1;
          m.boneyard = Math.max(0, m.boneyard - 1);
          break;
        case 'passed':
          this.banner = `${this.ctx.seatName(e.seat)}: ${t('passed')}`;
          wait = ms * 3;
          break;
        case 'fish':
          this.banner = t('fish');
          wait = ms * 4;
          break;
        case 'round_scored':
          m.scores = [...e.scores];
          this.banner = `${t('round')} ${e.result.round}: ${e.scores.slice(0, m.counts.length).join(' / ')}`;
          wait = ms * 8;
          break;
        case 'round_started':
          m.line = [];
          m.hand = [];
          m.counts = m.counts.map(() => 0);
          m.boneyard = 28;
          this.banner = null;
          break;
        default:
          continue;
      }
      this.draw();
      await pause(wait);
      if (e.kind === 'passed') this.banner = null;
    }
    this.banner = null;
  }

  /** The person's actions by tile. */
  byTile(legal) {
    const map = new Map();
    for (const a of legal) {
      const m = /^play (\d-\d) ([LR])$/.exec(a.text);
      if (!m) continue;
      if (!map.has(m[1])) map.set(m[1], []);
      map.get(m[1]).push({ ...a, end: m[2] });
    }
    return map;
  }

  offer(view, legal, choose) {
    this.offered = { legal, choose };
    this.selected = null;
    this.draw();
  }

  clearOffer() {
    this.offered = null;
    this.selected = null;
    this.ctx.choices.replaceChildren();
  }

  drawOffer() {
    const { legal, choose } = this.offered;
    const tiles = this.byTile(legal);
    const box = this.ctx.choices;
    box.replaceChildren();
    for (const [k, actions] of tiles) {
      const node = this.svg.querySelector(`[data-hand-tile="${k}"]`);
      if (!node) continue;
      node.setAttribute('data-playable', 'true');
      const rect = node.querySelector('rect');
      rect.setAttribute('stroke', this.selected === k ? '#b23a2b' : '#ffd54a');
      rect.setAttribute('stroke-width', 4);
      node.setAttribute('transform', 'translate(0 -6)');
      control(this.svg, node, {
        key: `tile:${k}`,
        name: actions.length === 1 ? (actions[0].words ?? actions[0].text) : this.ctx.t('tile_named', { tile: k }),
        box: this.handBoxes.get(k),
        onActivate: () => {
          if (actions.length === 1) choose(actions[0].id);
          else {
            this.selected = k;
            this.wantFocus = 'end:';
            this.draw();
          }
        },
      });
    }
    const market = legal.find((a) => a.text === 'market');
    if (market) {
      const node = this.svg.querySelector('#dm-market');
      node.setAttribute('data-playable', 'true');
      node.setAttribute('data-action', 'market');
      const [mx, my] = MARKET;
      control(this.svg, node, { key: 'market', name: market.words ?? this.ctx.t('draw_action'), box: { x: mx - 30, y: my - 45, w: 60, h: 100 }, onActivate: () => choose(market.id) });
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = market.words ?? this.ctx.t('draw_action');
      b.dataset.action = 'market';
      b.addEventListener('click', () => choose(market.id));
      box.append(b);
    }
    if (this.selected && tiles.has(this.selected)) {
      for (const a of tiles.get(this.selected)) {
        const [x, y] = a.end === 'L' ? this.lineEnds.left : this.lineEnds.right;
        const marker = el(
          'g',
          { class: 'end-marker', 'data-action': a.text },
          el('circle', { cx: x, cy: y, r: 18, fill: '#ffd54a', stroke: '#3b2a1c', 'stroke-width': 2 }),
          label(x, y, a.end === 'L' ? '◀' : '▶', { 'font-size': 16, fill: '#3b2a1c' }),
        );
        control(this.svg, marker, { key: `end:${a.end}`, name: a.words ?? a.text, box: { x: x - 18, y: y - 18, w: 36, h: 36 }, round: true, onActivate: () => choose(a.id) });
        this.svg.append(marker);
        const b = document.createElement('button');
        b.type = 'button';
        b.textContent = a.words ?? `${a.text} (${this.ctx.t(a.end === 'L' ? 'left' : 'right')})`;
        b.title = a.text;
        b.dataset.action = a.text;
        b.addEventListener('click', () => choose(a.id));
        box.append(b);
      }
    }
  }

  offerChance(view, go) {
    this.chance = { go };
    this.draw();
    const box = this.ctx.choices;
    box.replaceChildren();
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'roll';
    b.id = 'draw';
    b.textContent = this.ctx.t('draw_action');
    b.addEventListener('click', () => this.fire());
    box.append(b);
  }

  fire() {
    const go = this.chance?.go;
    this.chance = null;
    this.ctx.choices.replaceChildren();
    go?.();
  }

  drawChance() {
    const node = this.svg.querySelector('#dm-market');
    if (!node) return;
    node.classList.add('pulse');
    node.setAttribute('data-playable', 'true');
    const [mx, my] = MARKET;
    control(this.svg, node, { key: 'market', name: this.ctx.t('draw_action'), box: { x: mx - 30, y: my - 45, w: 60, h: 100 }, onActivate: () => this.fire() });
  }

  highlight(id, text) {
    const m = /^play (\d-\d) ([LR])$/.exec(text);
    if (!m || !this.offered) return;
    this.selected = m[1];
    this.draw();
  }
}
