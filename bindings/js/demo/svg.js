// Small helpers to build SVG.
export const NS = 'http://www.w3.org/2000/svg';

/** An SVG element with attributes; `children` are appended. */
export function el(name, attrs = {}, ...children) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    e.setAttribute(k, String(v));
  }
  for (const c of children) {
    if (c === null || c === undefined) continue;
    e.append(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
  return e;
}

/** Text centred on (x, y). */
export function label(x, y, s, attrs = {}) {
  return el('text', { x, y, 'text-anchor': 'middle', 'dominant-baseline': 'central', ...attrs }, String(s));
}

/** Wait `ms` milliseconds (0: the next frame), unless the game was replaced. */
export function pause(ms) {
  return new Promise((resolve) => {
    if (ms <= 0) requestAnimationFrame(() => resolve());
    else setTimeout(resolve, ms);
  });
}

/** A seeded pseudo-random generator for stable stone positions (mulberry32). */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The smallest tap target, in CSS pixels (WCAG 2.5.5): every control of a board is as big. */
export const MIN_TAP = 44;

/** CSS pixels per user unit of the SVG as laid out now (1 before it is laid out). */
export function scaleOf(svg) {
  const vb = svg.viewBox.baseVal;
  const w = svg.getBoundingClientRect().width;
  return vb && vb.width > 0 && w > 0 ? w / vb.width : 1;
}

/**
 * Make `node` (an SVG group) a control: focusable (Tab, the arrow keys), named for screen
 * readers (`name`, in the page's language), activated by a click, a tap, Enter or Space;
 * with a transparent hit area around `box` ({x, y, w, h} in user units) grown to at least
 * MIN_TAP CSS pixels each way, so small pieces stay easy to tap on a phone. `key` names the
 * control across redraws (focus is kept on it).
 */
export function control(svg, node, { key, name, box, round = false, onActivate }) {
  const s = scaleOf(svg);
  const min = (MIN_TAP + 2) / s;
  const w = Math.max(box.w, min);
  const h = Math.max(box.h, min);
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  node.append(
    el('rect', {
      class: 'hit',
      x: (cx - w / 2).toFixed(1),
      y: (cy - h / 2).toFixed(1),
      width: w.toFixed(1),
      height: h.toFixed(1),
      rx: round ? (Math.min(w, h) / 2).toFixed(1) : (6 / s).toFixed(1),
    }),
  );
  node.classList.add('clickable');
  node.setAttribute('data-tap', key);
  node.setAttribute('tabindex', '0');
  node.setAttribute('role', 'button');
  node.setAttribute('aria-label', name);
  node.addEventListener('click', (ev) => {
    ev.stopPropagation();
    onActivate();
  });
  node.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      ev.stopPropagation();
      onActivate();
    }
  });
  return node;
}

/** The key of the board's control that has the focus now, if any. */
export function focusedKey(svg) {
  const a = document.activeElement;
  return a && svg.contains(a) ? a.getAttribute('data-tap') : null;
}

/**
 * After a redraw: the focus back on the control named `key`, or on the first whose key starts
 * with `prefer` (a control that just appeared, e.g. the directions after a square was chosen).
 */
export function refocus(svg, key, prefer = null) {
  const all = [...svg.querySelectorAll('[data-tap]')];
  const target = (prefer && all.find((n) => n.getAttribute('data-tap').startsWith(prefer))) || (key && all.find((n) => n.getAttribute('data-tap') === key));
  if (target) target.focus({ preventScroll: true });
}

/** The smallest text on a board, in CSS pixels. */
export const MIN_FONT = 11;

/** Every text of the board at least MIN_FONT pixels high as laid out now (a phone's board is small). */
export function legible(svg) {
  const min = MIN_FONT / scaleOf(svg);
  for (const t of svg.querySelectorAll('text')) {
    const size = Number(t.getAttribute('font-size') ?? 16);
    if (size < min) t.setAttribute('font-size', min.toFixed(1));
  }
}
