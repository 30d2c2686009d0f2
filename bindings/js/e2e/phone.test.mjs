// End-to-end on a phone: the demo in Debian's headless Chromium (playwright-core) with a
// phone's viewport (390 × 844, touch, mobile). For each game a whole game played by touch
// (taps on the board) and a whole game played with the keyboard alone (arrow keys, Enter,
// Space, R and D), against the easy bots; every control's tap area at least 44 × 44 px, checked
// every few steps; the end of the game in words; and the page kept responsive while a hard bot
// thinks (in the worker; the same probe sees the page freeze when the bot runs on the main
// thread), and the bots still play when the worker cannot start. Screenshots of each game,
// mid-game and at the end, go to artifacts/screenshots/.
//
// CHROMIUM=/path overrides the browser. Without a browser the tests are skipped with a
// message, unless DANGIAN_REQUIRE_CONSUMERS=1, under which they fail.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../scripts/serve.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const shots = join(here, '..', 'artifacts', 'screenshots');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const required = process.env.DANGIAN_REQUIRE_CONSUMERS === '1';
const built = existsSync(join(here, '..', 'dist', 'index.js'));

let skip = false;
if (!existsSync(CHROMIUM) || !built) {
  const why = !built ? 'the package is not built (./build.sh)' : `no browser at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM)`;
  if (required) throw new Error(`e2e: ${why}, and DANGIAN_REQUIRE_CONSUMERS=1`);
  console.log(`# e2e skipped: ${why}`);
  skip = why;
}

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const MIN_TAP = 44;
// The rules of each full game: Cờ cá ngựa with two players (the seed rules' four make a game
// of thousands of moves).
const PRESET = { o_an_quan: 'seed_rules', ca_ngua: 'two_players', domino: 'seed_rules' };
// Seeds that give each game some length (an easy bot can lose an Ô ăn quan game in a few moves).
const SEED = { o_an_quan: 26, ca_ngua: 777, domino: 777 };
const MAX_STEPS = 2000;

let server;
let browser;
let phone;
let profile;

before(async () => {
  if (skip) return;
  mkdirSync(shots, { recursive: true });
  server = await serve(0);
  const { chromium } = await import('playwright-core');
  profile = mkdtempSync(join(tmpdir(), 'dangian-e2e-phone-'));
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  phone = await browser.newContext(PHONE);
});

after(async () => {
  await phone?.close();
  await browser?.close();
  await server?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

async function open(kind, params = '') {
  const page = await phone.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(`${server.url}demo/?game=${kind}&preset=${PRESET[kind]}&level=easy&seed=${SEED[kind]}&speed=instant&lang=vi${params}`);
  await settle(page);
  return { page, errors };
}

/** Wait until the page waits for the person or the game is over. */
async function settle(page) {
  await page.waitForFunction(() => window.dangianDemo?.game && (window.dangianDemo.waiting !== null || window.dangianDemo.over || window.dangianDemo.app.error), null, { timeout: 60_000, polling: 'raf' });
  const error = await page.evaluate(() => (window.dangianDemo.app.error ? String(window.dangianDemo.app.error.stack ?? window.dangianDemo.app.error) : null));
  assert.equal(error, null, 'the page reports no error');
}

/** Wait until the person's step was taken (the game moved on, or another choice shows) and the page waits again. */
async function stepped(page, before) {
  const handle = await page.waitForFunction(
    (b) => {
      const d = window.dangianDemo;
      if (d.app.error) return { error: String(d.app.error.stack ?? d.app.error) };
      const changed =
        d.over ||
        d.game.moveNumber > b.move ||
        document.querySelectorAll('#board [data-tap]').length + document.querySelectorAll('#choices button').length !== b.controls ||
        (document.activeElement?.getAttribute?.('data-tap') ?? null) !== b.focus;
      return changed && (d.waiting !== null || d.over) ? { error: null } : false;
    },
    before,
    { timeout: 60_000, polling: 'raf' },
  );
  const { error } = await handle.jsonValue();
  assert.equal(error, null, 'the page reports no error');
}

async function snapshot(page) {
  return page.evaluate(() => ({
    move: window.dangianDemo.game.moveNumber,
    waiting: window.dangianDemo.waiting,
    over: window.dangianDemo.over,
    controls: document.querySelectorAll('#board [data-tap]').length + document.querySelectorAll('#choices button').length,
    focus: document.activeElement?.getAttribute?.('data-tap') ?? null,
  }));
}

/**
 * The controls on screen smaller than MIN_TAP either way: the board's (their tap area), the
 * buttons, menus and fields (a checkbox or file field by its label, which takes the tap).
 */
async function smallTargets(page) {
  return page.evaluate((min) => {
    const out = [];
    const nodes = document.querySelectorAll('#board [data-tap], button, select, input');
    for (const n of nodes) {
      const target = n.matches('input[type=checkbox], input[type=file]') ? n.closest('label') ?? n : n;
      const r = target.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue; // not shown
      // 0.5 px of slack for the rounding of a scaled SVG.
      if (r.width < min - 0.5 || r.height < min - 0.5) out.push(`${n.id || n.getAttribute('data-tap') || n.tagName} ${r.width.toFixed(1)}×${r.height.toFixed(1)}`);
    }
    return out;
  }, MIN_TAP);
}

/**
 * A point of the control `selector` (the n-th match) where a tap lands on it (not on a control
 * drawn over it): its centre if free, else a free point of its tap area.
 */
async function tapPoint(page, selector, n = 0) {
  const p = await page.evaluate(
    ({ selector, n }) => {
      const all = [...document.querySelectorAll(selector)];
      const node = all[n % Math.max(1, all.length)];
      if (!node) return null;
      node.scrollIntoView({ block: 'nearest' });
      const r = node.getBoundingClientRect();
      const hits = (x, y) => {
        const at = document.elementFromPoint(x, y);
        return at && (at === node || node.contains(at)) && (at.closest('[data-tap]') ?? at.closest('button')) === node;
      };
      for (const [fx, fy] of [[0.5, 0.5], [0.5, 0.3], [0.5, 0.7], [0.3, 0.5], [0.7, 0.5], [0.25, 0.25], [0.75, 0.75], [0.25, 0.75], [0.75, 0.25], [0.5, 0.1], [0.5, 0.9], [0.1, 0.5], [0.9, 0.5]]) {
        const x = r.x + r.width * fx;
        const y = r.y + r.height * fy;
        if (hits(x, y)) return { x, y, key: node.getAttribute('data-tap') ?? node.id ?? node.textContent };
      }
      return { covered: node.getAttribute('data-tap') ?? node.textContent };
    },
    { selector, n },
  );
  assert.ok(p, `no ${selector} to tap`);
  assert.ok(!p.covered, `${p.covered}: covered by other controls, it cannot be tapped`);
  return p;
}

async function tap(page, selector, n = 0) {
  // A real touch at a point that reaches the control (scrolled into view first: a phone scrolls).
  const p = await tapPoint(page, selector, n);
  await page.touchscreen.tap(p.x, p.y);
}

/** One step of the person by touch: a roll or a draw, or a decision (one or two taps). */
async function tapStep(page, kind, i) {
  const s = await snapshot(page);
  if (s.waiting === 'chance') {
    await tap(page, kind === 'ca_ngua' ? '[data-tap="dice"]' : '[data-tap="market"]');
    return stepped(page, s);
  }
  const first = { o_an_quan: '[data-tap^="cell:"]', ca_ngua: '[data-tap^="piece:"]', domino: '[data-tap^="tile:"], [data-tap="market"]' }[kind];
  const second = { o_an_quan: '[data-tap^="arrow:"]', ca_ngua: '[data-tap^="target:"], #choices button', domino: '[data-tap^="end:"]' }[kind];
  const ready = await page.evaluate((sel) => document.querySelectorAll(sel).length > 0, second);
  if (!ready) {
    await tap(page, first, i);
    await stepped(page, s);
  }
  const t = await snapshot(page);
  if (t.move === s.move && !t.over && t.waiting === 'decision') {
    await tap(page, second, i);
    await stepped(page, t);
  }
}

/** The key of the focused control (a board control's data-tap, or a button's id or text). */
function focused(page) {
  return page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body) return null;
    return a.getAttribute('data-tap') ?? (a.closest('#choices') ? `button:${a.textContent}` : `other:${a.id || a.tagName}`);
  });
}

/** One step of the person by the keyboard alone. */
async function keyStep(page, kind, i) {
  const s = await snapshot(page);
  if (s.waiting === 'chance') {
    // The dice or the chợ has the focus: Enter or Space; or the R / D key.
    const f = await focused(page);
    if (i % 3 === 2) await page.keyboard.press(kind === 'ca_ngua' ? 'r' : 'd');
    else {
      assert.ok(f === 'dice' || f === 'market', `the dice or the chợ has the focus (${f})`);
      await page.keyboard.press(i % 3 === 0 ? 'Enter' : ' ');
    }
    return stepped(page, s);
  }
  // The first control has the focus; the arrow keys move it; Enter or Space take it.
  assert.ok(await focused(page), 'a control has the focus when the person is to move');
  for (let k = 0; k < 4; k++) {
    const now = await snapshot(page);
    if (now.move !== s.move || now.over || now.waiting !== 'decision') return;
    const f = await focused(page);
    assert.ok(f && !f.startsWith('other:'), `the focus is on a control of the game (${f})`);
    // Among the first choices (squares, horses, tiles), a few steps of the arrow keys.
    if (k === 0 && i % 4 !== 0) {
      for (let a = 0; a < i % 3; a++) await page.keyboard.press(i % 2 ? 'ArrowRight' : 'ArrowLeft');
      const g = await focused(page);
      // Past the first choices (onto the roll of buttons under the board) is fine too.
      assert.ok(g && !g.startsWith('other:'), `the arrow keys keep the focus on the game (${g})`);
    }
    await page.keyboard.press(k % 2 ? ' ' : 'Enter');
    await stepped(page, now);
  }
  const end = await snapshot(page);
  assert.ok(end.move !== s.move || end.over || end.waiting !== 'decision', 'the keys made a move');
}

async function finishGame(page, kind, how) {
  let steps = 0;
  let shot = false;
  for (; steps < MAX_STEPS; steps++) {
    const s = await snapshot(page);
    if (s.over) break;
    if (steps % 5 === 0) {
      const small = await smallTargets(page);
      assert.deepEqual(small, [], `every control is at least ${MIN_TAP} px each way (${kind}, ${how}, step ${steps})`);
    }
    if (!shot && steps >= 2 && s.waiting === 'decision') {
      await page.screenshot({ path: join(shots, `phone-${how}-${kind}-mid.png`), fullPage: false });
      shot = true;
    }
    if (how === 'touch') await tapStep(page, kind, steps);
    else await keyStep(page, kind, steps);
  }
  assert.ok(await page.evaluate(() => window.dangianDemo.over), `the ${kind} game ended within ${MAX_STEPS} steps`);
  return steps;
}

/** The end in words: the engine's outcome lines in the status and the panel; no seat 0, no preset id. */
async function checkEnd(page, kind) {
  const end = await page.evaluate(() => ({
    lines: window.dangianDemo.game.outcomeLines('vi'),
    panel: [...document.querySelectorAll('#outcome li')].map((li) => li.textContent),
    status: document.getElementById('status').textContent,
    text: document.body.innerText,
    options: [...document.querySelectorAll('#preset option')].map((o) => ({ id: o.value, text: o.textContent, title: o.title })),
  }));
  assert.ok(end.lines.length > 0);
  assert.deepEqual(end.panel, end.lines, 'the end panel shows the outcome lines');
  assert.match(end.status, /^Hết ván\. (Bạn thắng!|Bạn thua\.|Hòa\.)/);
  assert.ok(end.status.includes(end.lines[0]), `the status says who won: ${end.status}`);
  assert.doesNotMatch(end.text, /người 0|player 0/i, 'no seat is numbered from 0');
  for (const o of end.options) {
    assert.notEqual(o.text, o.id, 'a preset by its name, not its id');
    assert.ok(!o.text.includes('_') && o.title.length > 0, `preset ${o.id}: "${o.text}" with a summary`);
  }
  assert.ok(!end.text.includes(PRESET[kind]), 'no preset id on the page');
}

for (const kind of ['o_an_quan', 'ca_ngua', 'domino']) {
  for (const how of ['touch', 'keyboard']) {
    test(`${kind}: a whole game on a phone by ${how}`, { skip, timeout: 600_000 }, async () => {
      const { page, errors } = await open(kind);
      const t0 = Date.now();
      const steps = await finishGame(page, kind, how);
      await settle(page);
      await checkEnd(page, kind);
      await page.screenshot({ path: join(shots, `phone-${how}-${kind}-end.png`), fullPage: false });
      console.log(`# ${kind} by ${how}: ${steps} steps, ${Date.now() - t0} ms`);
      assert.deepEqual(errors, [], 'no error in the page');
      await page.close();
    });
  }
}

/**
 * The longest wait between two frames while a hard bot makes its first decision, with the bot in
 * its worker or on the page's thread (`mode`), the page's thread slowed as on a slow phone.
 */
async function frameGap(mode) {
  const page = await phone.newPage();
  await page.goto(`${server.url}demo/?game=o_an_quan&level=hard&seed=31&speed=instant&lang=en&bots=${mode}`);
  await settle(page);
  // A slow phone: the page's thread runs eight times slower (the worker is not slowed), so a
  // hard decision on the page's thread would take far more than 100 ms.
  const cdp = await phone.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  await page.evaluate(() => {
    window.frames_ = [];
    const tick = () => {
      window.frames_.push(performance.now());
      if (window.frames_.length < 100_000) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const bots = await page.evaluate(() => window.dangianDemo.app.botTimes.length);
  await tap(page, '[data-tap^="cell:"]', 2);
  await tap(page, '[data-tap^="arrow:"]');
  await page.waitForFunction((n) => window.dangianDemo.app.botTimes.length > n, bots, { timeout: 120_000, polling: 50 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  // The longest wait between two frames while the bot thought (from its question to its answer).
  const gap = await page.evaluate((n) => {
    const b = window.dangianDemo.app.botTimes[n];
    const end = b.at + b.wall;
    const points = [b.at, ...window.frames_.filter((t) => t > b.at && t < end), end];
    let worst = 0;
    for (let i = 1; i < points.length; i++) worst = Math.max(worst, points[i] - points[i - 1]);
    return { worst, wall: b.wall, ms: b.ms };
  }, bots);
  await page.close();
  return gap;
}

test('the page stays responsive while a hard bot thinks (in its worker), and the probe sees a bot on the main thread', { skip, timeout: 300_000 }, async () => {
  // On two cores the bot's worker shares the machine with the browser's own threads, so one
  // frame can come late; a bot on the page's thread freezes it for its whole decision, every
  // time. So the worker gets up to three tries to keep a frame every 100 ms.
  const tries = [];
  do tries.push(await frameGap('worker'));
  while (tries.length < 3 && tries.at(-1).worst >= 100);
  const main = await frameGap('main');
  console.log(`# responsiveness: ${JSON.stringify({ worker: tries, main })}`);
  const worker = tries.at(-1);
  assert.ok(worker.worst < 100, `a frame at least every 100 ms while the bot thinks in its worker (${tries.map((t) => t.worst.toFixed(1)).join(', ')} ms)`);
  // The probe works: a bot on the page's own thread freezes it for its whole decision.
  assert.ok(main.worst >= 100, `the probe sees the page freeze when the bot runs on the main thread (${main.worst.toFixed(1)} ms)`);
});

test('without its worker (the script cannot load) the bots think on the page, and the game goes on', { skip, timeout: 120_000 }, async () => {
  const page = await phone.newPage();
  await page.route('**/bot-thread.js', (route) => route.abort());
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${server.url}demo/?game=o_an_quan&level=medium&seed=5&speed=instant&lang=en`);
  await settle(page);
  const s = await snapshot(page);
  await tap(page, '[data-tap^="cell:"]');
  await tap(page, '[data-tap^="arrow:"]');
  await page.waitForFunction(() => window.dangianDemo.app.botTimes.length > 0 || window.dangianDemo.over || window.dangianDemo.app.error, null, { timeout: 60_000 });
  await settle(page);
  const after = await snapshot(page);
  assert.ok(after.move > s.move + 1 || after.over, 'the bot answered the move');
  assert.deepEqual(errors, [], 'no error in the page');
  await page.close();
});
