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
