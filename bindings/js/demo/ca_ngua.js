// Cờ cá ngựa: the track drawn as a ring of squares (counter-clockwise, red starting at the
// bottom), each colour's home column running from its door to the centre, the yards in the
// corners. The person plays seat 0's colours; the bots the others.
import { control, el, focusedKey, label, legible, pause, refocus } from './svg.js';

const CX = 450;
const CY = 280;
const R = 232;
const FILL = ['#d8342c', '#e8b923', '#2f6fd0', '#2f9a4a'];
const LIGHT = ['#f6c9c5', '#f8e7b0', '#c6d8f5', '#c5e6cf'];
const YARDS = [
  [150, 470],
  [750, 470],
  [750, 90],
  [150, 90],
];
const DICE = [812, 280];

export class CaNguaBoard {
  constructor(svg, ctx) {
    this.svg = svg;
    this.ctx = ctx;
    this.view = null;
    this.model = null;
    this.offered = null;
    this.selected = null;
    this.chance = null;
    this.dice = null;
    this.moving = null;
    this.wantFocus = null;
  }

  get L() {
    return this.view.config.track_len ?? 56;
  }

  angle(square) {
    return Math.PI / 2 - (2 * Math.PI * square) / this.L;
  }

  squareXY(square) {
    const a = this.angle(square);
    return [CX + R * Math.cos(a), CY + R * Math.sin(a)];
  }

  start(colour) {
    return (this.L / 4) * colour;
  }

  homeXY(colour, step) {
    const a = this.angle(this.start(colour) - 0.5);
    const r = R - 30 * step - 6;
    return [CX + r * Math.cos(a), CY + r * Math.sin(a)];
  }

  yardXY(colour, piece) {
    const [x, y] = YARDS[colour];
    return [x + (piece % 2 ? 24 : -24), y + (piece < 2 ? -24 : 24)];
  }

  /** Where a piece of `colour` with `progress` stands. */
  loc(colour, progress) {
    const L = this.L;
    if (progress < 0) return { kind: 'yard' };
    if (progress <= L - 1) return { kind: 'track', square: (this.start(colour) + progress) % L };
    return { kind: 'home', step: progress - (L - 1) };
  }

  xy(colour, piece, loc) {
    if (loc.kind === 'yard') return this.yardXY(colour, piece);
    if (loc.kind === 'track') return this.squareXY(loc.square);
    return this.homeXY(colour, loc.step);
  }

  prompt() {
    return 'choose_piece';
  }

  humanChance(view) {
    return view.turn === this.ctx.human && view.phase === 'roll';
  }

  chancePrompt() {
    return 'roll';
  }

  /** The seat a colour belongs to (read from the public views). */
  colourOf(seat) {
    return this.coloursBySeat?.[seat]?.[0] ?? seat;
  }

  render(view) {
    this.view = view;
    this.model = view.pieces.map((ps, c) => ps.map((p) => this.loc(c, p)));
    this.dice = view.roll ? { values: view.roll.dice, used: view.roll.used } : this.dice;
    this.moving = null;
    this.draw();
  }

  draw() {
    const { svg, view, ctx } = this;
    const t = ctx.t;
    const L = this.L;
    const keep = focusedKey(svg);
    svg.setAttribute('viewBox', '80 8 812 544');
    svg.replaceChildren();
    svg.append(el('rect', { x: 0, y: 0, width: 900, height: 560, fill: '#fbf6ea' }));
    svg.append(el('circle', { cx: CX, cy: CY, r: R + 22, fill: '#efe2c4', stroke: '#8b6b4a', 'stroke-width': 2 }));
    // Track squares.
    const track = el('g', { id: 'cn-track' });
    for (let s = 0; s < L; s++) {
      const [x, y] = this.squareXY(s);
      const owner = [0, 1, 2, 3].find((c) => this.start(c) === s);
      track.append(
        el('circle', {
          cx: x.toFixed(1),
          cy: y.toFixed(1),
          r: 11.5,
          fill: owner === undefined ? '#fffdf8' : LIGHT[owner],
          stroke: owner === undefined ? '#b19a7a' : FILL[owner],
          'stroke-width': owner === undefined ? 1 : 3,
          'data-square': s,
        }),
      );
    }
    svg.append(track);
    // Home columns and yards.
    const steps = view.config.home_steps ?? 6;
    for (let c = 0; c < 4; c++) {
      for (let k = 1; k <= steps; k++) {
        const [x, y] = this.homeXY(c, k);
        svg.append(el('rect', { x: x - 12, y: y - 12, width: 24, height: 24, rx: 4, fill: LIGHT[c], stroke: FILL[c], 'data-home': `${c}:${k}` }));
        svg.append(label(x, y, k, { 'font-size': 11, fill: FILL[c], opacity: 0.8 }));
      }
      const [yx, yy] = YARDS[c];
      svg.append(el('rect', { x: yx - 52, y: yy - 52, width: 104, height: 104, rx: 14, fill: LIGHT[c], stroke: FILL[c], 'stroke-width': 2 }));
      svg.append(label(yx, c < 2 ? yy + 66 : yy - 66, t('colours')[c], { 'font-size': 14, fill: FILL[c], 'font-weight': 600 }));
    }
    // Pieces.
    const mine = new Set(view.colours);
    for (let c = 0; c < 4; c++) {
      if (!this.coloursInPlay().has(c)) continue;
      for (let p = 0; p < 4; p++) {
        const loc = this.model[c][p];
        const [x, y] = this.xy(c, p, loc);
        const g = el(
          'g',
          {
            class: 'piece',
            'data-colour': c,
            'data-piece': p,
            'data-progress': view.pieces[c][p],
            'data-loc': loc.kind === 'track' ? `t${loc.square}` : loc.kind === 'home' ? `h${loc.step}` : 'y',
          },
          el('circle', { cx: x.toFixed(1), cy: y.toFixed(1), r: 10.5, fill: FILL[c], stroke: mine.has(c) ? '#000' : '#fff', 'stroke-width': 2 }),
          label(x.toFixed(1), y.toFixed(1), p, { 'font-size': 11, fill: '#fff', 'font-weight': 700, 'pointer-events': 'none' }),
        );
        svg.append(g);
      }
    }
    this.drawDice();
    if (this.offered) this.drawOffer();
    if (this.chance) this.drawChance();
    legible(svg);
    refocus(svg, keep, this.wantFocus);
    this.wantFocus = null;
  }

  coloursInPlay() {
    if (!this._inPlay || this._inPlayFor !== this.view) {
      const used = new Set(this.coloursBySeat ? this.coloursBySeat.flat() : []);
      this.view.pieces.forEach((ps, c) => {
        if (ps.some((p) => p >= 0)) used.add(c);
      });
      for (const c of this.view.colours) used.add(c);
      this._inPlay = used;
      this._inPlayFor = this.view;
    }
    return this._inPlay;
  }

  drawDice() {
    const [x, y] = DICE;
    const turnColour = this.view.colour_to_move;
    const g = el('g', { id: 'cn-dice' });
    g.append(el('rect', { x: x - 70, y: y - 60, width: 140, height: 120, rx: 12, fill: '#fffdf8', stroke: turnColour == null ? '#8b6b4a' : FILL[turnColour], 'stroke-width': 3 }));
    if (this.dice) {
      const vals = this.dice.values;
      vals.forEach((v, i) => {
        const dx = vals.length === 1 ? x : x + (i === 0 ? -30 : 30);
        g.append(this.die(dx, y - 5, v, this.dice.used?.[i]));
      });
      g.setAttribute('data-dice', vals.join('-'));
    }
    if (turnColour != null) g.append(label(x, y + 45, this.ctx.t('colours')[turnColour], { 'font-size': 13, fill: FILL[turnColour], 'font-weight': 600 }));
    this.svg.append(g);
  }

  die(x, y, v, used) {
    const g = el('g', { opacity: used ? 0.35 : 1 });
    g.append(el('rect', { x: x - 22, y: y - 22, width: 44, height: 44, rx: 8, fill: '#fff', stroke: '#333', 'stroke-width': 2 }));
    const pips = {
      1: [[0, 0]],
      2: [[-1, -1], [1, 1]],
      3: [[-1, -1], [0, 0], [1, 1]],
      4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
      5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
      6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
    }[v] ?? [];
    for (const [px, py] of pips) g.append(el('circle', { cx: x + px * 11, cy: y + py * 11, r: 4, fill: v === 1 || v === 4 ? '#c0392b' : '#222' }));
    return g;
  }

  async animate(events, view, ms, alive) {
    if (ms <= 0 || !this.model) return;
    for (const e of events) {
      if (!alive()) return;
      const m = this.model;
      switch (e.kind) {
        case 'rolled':
          this.dice = { values: e.roll, used: [false, false] };
          break;
        case 'exited':
        case 'stepped':
          m[e.colour][e.piece] = { kind: 'track', square: e.square };
          break;
        case 'entered_home':
        case 'climbed':
          m[e.colour][e.piece] = { kind: 'home', step: e.step };
          break;
        case 'kicked':
          m[e.colour][e.piece] = { kind: 'yard' };
          break;
        default:
          continue;
      }
      this.draw();
      await pause(e.kind === 'rolled' || e.kind === 'kicked' ? ms * 3 : ms);
    }
  }

  /** The pieces the person may move, and each piece's actions. */
  byPiece(legal) {
    const map = new Map();
    for (const a of legal) {
      const m = /^x(\d)$/.exec(a.text) ?? /^(\d)[+>^]\d+$/.exec(a.text);
      if (!m) continue;
      const p = Number(m[1]);
      if (!map.has(p)) map.set(p, []);
      map.get(p).push(a);
    }
    return map;
  }

  /** Where an action takes its piece. */
  target(text, colour) {
    const L = this.L;
    let m;
    if ((m = /^x(\d)$/.exec(text))) return { kind: 'track', square: this.start(colour) };
    const piece = Number(text[0]);
    const progress = this.view.pieces[colour][piece];
    if ((m = /^\d\+(\d+)$/.exec(text))) return this.loc(colour, progress + Number(m[1]));
    if ((m = /^\d>(\d+)$/.exec(text))) return { kind: 'home', step: Number(m[1]) };
    if ((m = /^\d\^(\d+)$/.exec(text))) return this.loc(colour, progress + Number(m[1]));
    return null;
  }

  offer(view, legal, choose) {
    this.offered = { legal, choose };
    this.selected = null;
    const pieces = this.byPiece(legal);
    // With one piece to move, it is selected at once.
    if (pieces.size === 1) this.selected = [...pieces.keys()][0];
    this.draw();
  }

  clearOffer() {
    this.offered = null;
    this.selected = null;
    this.ctx.choices.replaceChildren();
  }

  drawOffer() {
    const { legal, choose } = this.offered;
    const colour = this.view.colour_to_move;
    const pieces = this.byPiece(legal);
    for (const [p, actions] of pieces) {
      const node = this.svg.querySelector(`.piece[data-colour="${colour}"][data-piece="${p}"]`);
      if (!node) continue;
      node.setAttribute('data-playable', 'true');
      const c = node.querySelector('circle');
      c.setAttribute('stroke', this.selected === p ? '#000' : '#2f7d4a');
      c.setAttribute('stroke-width', this.selected === p ? 4 : 3);
      if (this.selected !== p) c.classList.add('pulse');
      const cx = Number(c.getAttribute('cx'));
      const cy = Number(c.getAttribute('cy'));
      // Raised above the other pieces, so that its tap area is not under them.
      node.remove();
      this.svg.append(node);
      control(this.svg, node, {
        key: `piece:${p}`,
        name: this.ctx.t('horse_named', { colour: this.ctx.t('colours')[colour], n: p }),
        box: { x: cx - 14, y: cy - 14, w: 28, h: 28 },
        round: true,
        onActivate: () => {
          this.selected = p;
          this.wantFocus = 'target:';
          this.draw();
        },
      });
    }
    const box = this.ctx.choices;
    box.replaceChildren();
    if (this.selected === null || !pieces.has(this.selected)) return;
    for (const a of pieces.get(this.selected)) {
      const to = this.target(a.text, colour);
      if (to) {
        const [x, y] = this.xy(colour, this.selected, to);
        const marker = el(
          'g',
          { class: 'target', 'data-action': a.text },
          el('circle', { cx: x.toFixed(1), cy: y.toFixed(1), r: 14, fill: 'none', stroke: '#2f7d4a', 'stroke-width': 4, 'stroke-dasharray': '4 3' }),
          el('circle', { cx: x.toFixed(1), cy: y.toFixed(1), r: 14, fill: '#2f7d4a', opacity: 0.25 }),
        );
        control(this.svg, marker, { key: `target:${a.text}`, name: a.words ?? a.text, box: { x: x - 14, y: y - 14, w: 28, h: 28 }, round: true, onActivate: () => choose(a.id) });
        this.svg.append(marker);
      }
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = a.words ?? a.text;
      b.title = a.text;
      b.dataset.action = a.text;
      b.addEventListener('click', () => choose(a.id));
      box.append(b);
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
    b.id = 'roll';
    b.textContent = this.ctx.t('roll');
    b.addEventListener('click', () => {
      this.chance = null;
      box.replaceChildren();
      go();
    });
    box.append(b);
  }

  drawChance() {
    const node = this.svg.querySelector('#cn-dice');
    if (!node) return;
    node.setAttribute('data-playable', 'true');
    node.querySelector('rect').classList.add('pulse');
    const [x, y] = DICE;
    control(this.svg, node, {
      key: 'dice',
      name: this.ctx.t('roll'),
      box: { x: x - 70, y: y - 60, w: 140, h: 120 },
      onActivate: () => {
        const go = this.chance?.go;
        this.chance = null;
        this.ctx.choices.replaceChildren();
        go?.();
      },
    });
  }

  highlight(id, text) {
    const m = /^x(\d)$/.exec(text) ?? /^(\d)[+>^]\d+$/.exec(text);
    if (!m || !this.offered) return;
    this.selected = Number(m[1]);
    this.draw();
  }
}
