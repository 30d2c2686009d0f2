// Ô ăn quan: two rows of five squares between two quan squares. The person is A (seat 0,
// bottom row, cells 1..5 left to right); the bot is B (top row, cells 7..11 from the right).
import { control, el, focusedKey, label, legible, pause, prng, refocus } from './svg.js';

const SQ = 110;
const X0 = 175; // left edge of the squares
const TOP = 140;
const MID = TOP + SQ;
const BOTTOM = MID + SQ;

/** The centre of cell `c`. */
function centre(c) {
  if (c === 0) return [X0 - 50, MID];
  if (c === 6) return [X0 + 5 * SQ + 50, MID];
  if (c <= 5) return [X0 + (c - 1) * SQ + SQ / 2, MID + SQ / 2];
  return [X0 + (11 - c) * SQ + SQ / 2, TOP + SQ / 2];
}

export class OAnQuanBoard {
  constructor(svg, ctx) {
    this.svg = svg;
    this.ctx = ctx;
    this.view = null;
    this.model = null;
    this.offered = null;
    this.selected = null;
    this.focus = null;
    this.hand = null;
    this.wantFocus = null;
  }

  prompt() {
    return 'choose_square';
  }

  humanChance() {
    return false;
  }

  modelOf(view) {
    return {
      dan: [...view.dan],
      big: view.big.map((b) => b.kind),
      // Once the game is over, the final totals (the stones left on each side counted in).
      scores: [...(view.outcome?.scores ?? view.scores)],
      capturedQuan: [...view.captured_quan],
    };
  }

  render(view) {
    this.view = view;
    this.model = this.modelOf(view);
    this.hand = null;
    this.focus = null;
    this.draw();
  }

  draw() {
    const { svg, model, ctx } = this;
    const t = ctx.t;
    const keep = focusedKey(svg);
    // Only the board and its labels: as large as it can be on a phone.
    svg.setAttribute('viewBox', '60 50 780 420');
    svg.replaceChildren();
    svg.append(el('rect', { x: 0, y: 0, width: 900, height: 560, fill: '#f3e6cc' }));
    // The board.
    const g = el('g', { id: 'oaq-board' });
    const left = el('path', {
      d: `M ${X0} ${TOP} A ${SQ - 10} ${SQ} 0 0 0 ${X0} ${BOTTOM} Z`,
      fill: '#d9b27c',
      stroke: '#5b3b1c',
      'stroke-width': 3,
    });
    const right = el('path', {
      d: `M ${X0 + 5 * SQ} ${TOP} A ${SQ - 10} ${SQ} 0 0 1 ${X0 + 5 * SQ} ${BOTTOM} Z`,
      fill: '#d9b27c',
      stroke: '#5b3b1c',
      'stroke-width': 3,
    });
    g.append(left, right);
    for (let c = 0; c < 12; c++) g.append(this.cell(c));
    svg.append(g);
    // Row labels and scores.
    const names = [ctx.seatName(0), ctx.seatName(1)];
    for (const seat of [0, 1]) {
      const y = seat === 0 ? BOTTOM + 82 : TOP - 62;
      const quan = model.capturedQuan[seat];
      svg.append(
        label(450, y, `${names[seat]} (${seat === 0 ? t('seat_a') : t('seat_b')}) — ${t('score')}: ${model.scores[seat]}${quan ? ` (${quan} quan)` : ''}`, {
          'font-size': 22,
          'font-weight': 600,
          fill: seat === 0 ? '#b23a2b' : '#2b2118',
          'data-score-seat': seat,
          'data-score': model.scores[seat],
        }),
      );
    }
    // Square names, as the notation writes them.
    for (let c = 1; c < 12; c++) {
      if (c === 6) continue;
      const [x, y] = centre(c);
      const name = c <= 5 ? `a${c}` : `b${c - 6}`;
      svg.append(label(x, c <= 5 ? BOTTOM + 16 : TOP - 14, name, { 'font-size': 13, fill: '#7a6a58' }));
    }
    if (this.hand) {
      const [x, y] = centre(this.hand.cell);
      svg.append(
        el('g', { id: 'oaq-hand' }, el('circle', { cx: x + 38, cy: y - 38, r: 17, fill: '#b23a2b', opacity: 0.9 }), label(x + 38, y - 38, this.hand.stones, { fill: '#fff', 'font-size': 16, 'font-weight': 700 })),
      );
    }
    if (this.offered) this.drawOffer();
    legible(svg);
    refocus(svg, keep, this.wantFocus);
    this.wantFocus = null;
  }

  cell(c) {
    const { model } = this;
    const n = model.dan[c];
    const quan = c === 0 || c === 6;
    const g = el('g', { 'data-cell': c, 'data-dan': n, class: 'cell' });
    if (!quan) {
      const x = c <= 5 ? X0 + (c - 1) * SQ : X0 + (11 - c) * SQ;
      const y = c <= 5 ? MID : TOP;
      g.append(
        el('rect', {
          x,
          y,
          width: SQ,
          height: SQ,
          fill: this.focus === c ? '#f7d79a' : '#e9c993',
          stroke: '#5b3b1c',
          'stroke-width': 3,
        }),
      );
    } else if (this.focus === c) {
      const [cx, cy] = centre(c);
      g.append(el('ellipse', { cx, cy, rx: 45, ry: 95, fill: '#f7d79a', opacity: 0.7 }));
    }
    const [cx, cy] = centre(c);
    // The big stone of a quan square.
    const q = c === 0 ? 0 : 1;
    if (quan && model.big[q] === 'on_board') {
      g.append(el('ellipse', { cx, cy: cy - 40, rx: 26, ry: 18, fill: '#4a4a52', stroke: '#222', 'data-big': 'on_board' }));
    }
    // Small stones at stable random places.
    const rnd = prng(c * 7919 + 17);
    const shown = Math.min(n, 24);
    for (let i = 0; i < shown; i++) {
      const r = (quan ? 34 : 36) * Math.sqrt(rnd());
      const a = rnd() * Math.PI * 2;
      const sx = cx + r * Math.cos(a) * (quan ? 0.8 : 1);
      const sy = cy + (quan ? 20 : 0) + r * Math.sin(a) * (quan ? 1.2 : 1);
      g.append(el('circle', { cx: sx.toFixed(1), cy: sy.toFixed(1), r: 6, fill: ['#6b7f8e', '#8a9a7b', '#9a7b6b'][i % 3], stroke: '#333', 'stroke-width': 0.8 }));
    }
    g.append(label(quan ? cx : cx + 40, quan ? cy + 78 : cy + 40, n, { 'font-size': 18, 'font-weight': 700, fill: '#3b2a1c', class: 'count' }));
    return g;
  }

  /** Play the events (what seat 0 sees) step by step on the model. */
  async animate(events, view, ms, alive) {
    if (ms <= 0 || !this.model) return;
    const m = this.model;
    const quanValue = view.config.quan_value ?? 10;
    for (const e of events) {
      if (!alive()) return;
      switch (e.kind) {
        case 'pick_up':
          m.dan[e.cell] = Math.max(0, m.dan[e.cell] - e.stones);
          this.hand = { cell: e.cell, stones: e.stones };
          this.focus = e.cell;
          break;
        case 'sow':
          m.dan[e.cell] = e.now;
          this.hand = this.hand ? { cell: e.cell, stones: Math.max(0, this.hand.stones - 1) } : null;
          this.focus = e.cell;
          break;
        case 'relay':
          m.dan[e.cell] = Math.max(0, m.dan[e.cell] - e.stones);
          this.hand = { cell: e.cell, stones: e.stones };
          this.focus = e.cell;
          break;
        case 'capture':
          m.dan[e.cell] = 0;
          if (e.quan > 0) {
            m.big[e.cell === 0 ? 0 : 1] = 'captured_by';
            m.capturedQuan[e.seat] += 1;
          }
          m.scores[e.seat] += e.dan + (e.quan > 0 ? quanValue : 0);
          this.hand = null;
          this.focus = e.cell;
          break;
        case 'refill': {
          const cells = e.seat === 0 ? [1, 2, 3, 4, 5] : [7, 8, 9, 10, 11];
          for (const c of cells) m.dan[c] += e.per_square;
          this.focus = null;
          break;
        }
        default:
          continue;
      }
      this.draw();
      await pause(e.kind === 'capture' ? ms * 3 : ms);
    }
    this.hand = null;
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
    const byCell = new Map();
    for (const a of legal) {
      const m = /^([ab])([1-5])([+-])$/.exec(a.text);
      if (!m) continue;
      const cell = m[1] === 'a' ? Number(m[2]) : Number(m[2]) + 6;
      if (!byCell.has(cell)) byCell.set(cell, []);
      byCell.get(cell).push({ ...a, dir: m[3] });
    }
    for (const [cell, actions] of byCell) {
      const node = this.svg.querySelector(`[data-cell="${cell}"]`);
      if (!node) continue;
      node.setAttribute('data-playable', 'true');
      const rect = node.querySelector('rect');
      if (rect && this.selected !== cell) rect.setAttribute('stroke', '#2f7d4a');
      if (rect && this.selected === cell) rect.setAttribute('stroke', '#b23a2b');
      rect?.setAttribute('stroke-width', 5);
      const [x, y] = centre(cell);
      const name = cell <= 5 ? `a${cell}` : `b${cell - 6}`;
      control(this.svg, node, {
        key: `cell:${cell}`,
        name: this.ctx.t('square_named', { name, n: this.model.dan[cell] }),
        box: { x: x - SQ / 2, y: y - SQ / 2, w: SQ, h: SQ },
        onActivate: () => {
          this.selected = cell;
          this.wantFocus = 'arrow:';
          this.draw();
        },
      });
    }
    if (this.selected !== null && byCell.has(this.selected)) {
      const [x, y] = centre(this.selected);
      const bottom = this.selected <= 5;
      for (const a of byCell.get(this.selected)) {
        // `+` is counter-clockwise: to the right along A's row, to the left along B's.
        const toRight = (a.dir === '+') === bottom;
        const ax = x + (toRight ? 50 : -50);
        const ay = bottom ? BOTTOM + 38 : TOP - 38;
        const arrow = el(
          'g',
          { class: 'arrow', 'data-action': a.text },
          el('circle', { cx: ax, cy: ay, r: 24, fill: '#2f7d4a' }),
          el('path', {
            d: toRight ? `M ${ax - 9} ${ay - 10} L ${ax + 11} ${ay} L ${ax - 9} ${ay + 10} Z` : `M ${ax + 9} ${ay - 10} L ${ax - 11} ${ay} L ${ax + 9} ${ay + 10} Z`,
            fill: '#fff',
          }),
        );
        control(this.svg, arrow, { key: `arrow:${a.text}`, name: a.words ?? a.text, box: { x: ax - 24, y: ay - 24, w: 48, h: 48 }, round: true, onActivate: () => choose(a.id) });
        this.svg.append(arrow);
      }
    }
  }

  highlight(id, text) {
    const m = /^([ab])([1-5])([+-])$/.exec(text);
    if (!m || !this.offered) return;
    this.selected = m[1] === 'a' ? Number(m[2]) : Number(m[2]) + 6;
    this.draw();
  }
}
