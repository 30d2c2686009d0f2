// End-to-end: the demo page in a real headless Chromium (Debian's /usr/bin/chromium driven by
// playwright-core), served from 127.0.0.1. For each game: moves made by clicking the board,
// the bot's answers, the board checked against the engine's state after every move, the move
// list and the event log in words in either language (the language switch), save and load, a game finished (the bot plays for the person at the end),
// a screenshot checked for its size and a few pixels, and the hard bot's time per move.
//
// CHROMIUM=/path overrides the browser. Without a browser the tests are skipped with a
// message, unless DANGIAN_REQUIRE_CONSUMERS=1, under which they fail.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../scripts/serve.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const artifacts = join(here, '..', 'artifacts');
const shots = join(artifacts, 'screenshots');
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

const VIEWPORT = { width: 1280, height: 860 };
// The board's background where the SVG starts, per game (see demo/*.js).
const BACKGROUND = { o_an_quan: [0xf3, 0xe6, 0xcc], ca_ngua: [0xfb, 0xf6, 0xea], domino: [0x2f, 0x6b, 0x45] };
const HUMAN_CLICKS = 3; // decisions made by real clicks in each game

let server;
let context;
let profile;
const timings = {};

before(async () => {
  if (skip) return;
  mkdirSync(shots, { recursive: true });
  server = await serve(0);
  const { chromium } = await import('playwright-core');
  profile = mkdtempSync(join(tmpdir(), 'dangian-e2e-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: VIEWPORT,
    acceptDownloads: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});

after(async () => {
  await context?.close();
  await server?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  if (Object.keys(timings).length) {
    writeFileSync(join(artifacts, 'bot-times.json'), JSON.stringify(timings, null, 2) + '\n');
  }
});

/** Wait until the page waits for the person or the game is over. */
async function settle(page, timeout = 120_000) {
  await page.waitForFunction(() => window.dangianDemo?.game && (window.dangianDemo.waiting !== null || window.dangianDemo.over || window.dangianDemo.app.error), null, { timeout, polling: 50 });
  const error = await page.evaluate(() => (window.dangianDemo.app.error ? String(window.dangianDemo.app.error.stack ?? window.dangianDemo.app.error) : null));
  assert.equal(error, null, 'the page reports no error');
}

/** The board drawn in the page against the engine's state and seat 0's view. */
async function boardMatchesEngine(page, kind) {
  const problems = await page.evaluate((kind) => {
    const game = window.dangianDemo.game;
    const state = game.state();
    const view = game.view(0);
    const out = [];
    const eq = (what, a, b) => {
      if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`${what}: page ${JSON.stringify(a)} engine ${JSON.stringify(b)}`);
    };
    if (kind === 'o_an_quan') {
      for (let c = 0; c < 12; c++) eq(`cell ${c}`, Number(document.querySelector(`[data-cell="${c}"]`)?.dataset.dan), state.dan[c]);
      const scores = view.outcome?.scores ?? view.scores;
      for (const s of [0, 1]) eq(`score ${s}`, Number(document.querySelector(`[data-score-seat="${s}"]`)?.getAttribute('data-score')), scores[s]);
      for (const [q, c] of [[0, 0], [1, 6]]) eq(`big stone ${q}`, !!document.querySelector(`[data-cell="${c}"] [data-big]`), state.big[q].kind === 'on_board');
    } else if (kind === 'ca_ngua') {
      const drawn = document.querySelectorAll('.piece');
      let n = 0;
      for (let c = 0; c < 4; c++) {
        for (let p = 0; p < 4; p++) {
          const node = document.querySelector(`.piece[data-colour="${c}"][data-piece="${p}"]`);
          if (!node) continue;
          n += 1;
          eq(`piece ${c}/${p}`, Number(node.dataset.progress), state.pieces[c][p]);
        }
      }
      eq('pieces drawn', drawn.length, n);
      if (n < 8) out.push(`only ${n} pieces drawn`);
    } else {
      const key = (t) => `${Math.min(t[0], t[1])}-${Math.max(t[0], t[1])}`;
      const hand = [...document.querySelectorAll('#dm-hand [data-hand-tile]')].map((e) => e.dataset.handTile);
      eq('my hand', hand, view.hand.map(key));
      eq('my hand is my state hand', hand, state.hands[0].map(key));
      eq('line', document.querySelector('#dm-line').dataset.line, view.line.map((p) => p.join('-')).join(' '));
      eq('chợ', Number(document.querySelector('#dm-market').dataset.boneyard), view.boneyard);
      for (let s = 1; s < game.seats; s++) eq(`seat ${s} count`, Number(document.querySelector(`[data-count-seat="${s}"]`).dataset.count), view.hand_counts[s]);
      // Nothing of another hand is drawn face up.
      for (let s = 1; s < game.seats; s++) for (const t of state.hands[s]) if (hand.includes(key(t))) out.push(`seat ${s}'s ${key(t)} shown`);
    }
    return out;
  }, kind);
  assert.deepEqual(problems, [], `the board matches the engine (${kind})`);
}

/** One move by the person, by clicking the board. Returns true for a decision (not a roll/draw). */
async function clickMove(page, kind) {
  const waiting = await page.evaluate(() => window.dangianDemo.waiting);
  if (waiting === 'chance') {
    await page.click(kind === 'ca_ngua' ? '#cn-dice' : '#dm-market');
    return false;
  }
  assert.equal(waiting, 'decision');
  if (kind === 'o_an_quan') {
    await page.click('[data-cell][data-playable="true"] >> nth=0');
    await page.click('.arrow >> nth=0');
  } else if (kind === 'ca_ngua') {
    await page.click('.piece[data-playable="true"] >> nth=0');
    await page.click('.target >> nth=0');
  } else {
    const tiles = page.locator('#dm-hand [data-playable="true"]');
    if ((await tiles.count()) > 0) {
      await tiles.first().click();
      if (await page.evaluate(() => window.dangianDemo.waiting === 'decision' && document.querySelector('.end-marker') !== null)) {
        await page.click('.end-marker >> nth=0');
      }
    } else {
      await page.click('#dm-market'); // a voluntary draw
    }
  }
  return true;
}

/** The screenshot's size from its PNG header, and pixels decoded by the browser. */
async function checkScreenshot(page, kind, png) {
  assert.equal(png.readUInt32BE(16), VIEWPORT.width, 'screenshot width');
  assert.equal(png.readUInt32BE(20), VIEWPORT.height, 'screenshot height');
  const box = await page.evaluate(() => {
    const r = document.getElementById('board').getBoundingClientRect();
    return { x: r.x, y: r.y, w: r.width, h: r.height };
  });
  const points = [
    ['header', 8, 8],
    ['board background', Math.round(box.x + 6), Math.round(box.y + box.h / 2)],
  ];
  const result = await page.evaluate(
    async ({ b64, points }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const g = c.getContext('2d');
      g.drawImage(img, 0, 0);
      const data = g.getImageData(0, 0, c.width, c.height).data;
      const colours = new Set();
      for (let i = 0; i < data.length; i += 4 * 97) colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
      const at = {};
      for (const [name, x, y] of points) {
        const i = (y * c.width + x) * 4;
        at[name] = [data[i], data[i + 1], data[i + 2]];
      }
      return { colours: colours.size, at };
    },
    { b64: png.toString('base64'), points },
  );
  const near = (a, b) => a.every((v, i) => Math.abs(v - b[i]) <= 12);
  assert.ok(result.colours > 40, `a drawn page, not a blank one (${result.colours} colours)`);
  assert.ok(near(result.at.header, [0x3b, 0x2a, 0x1c]), `the header's colour (${result.at.header})`);
  assert.ok(near(result.at['board background'], BACKGROUND[kind]), `the ${kind} board's colour (${result.at['board background']})`);
}

for (const kind of ['o_an_quan', 'ca_ngua', 'domino']) {
  test(`${kind}: play against the hard bot by clicking, save, load and finish`, { skip, timeout: 1_500_000 }, async () => {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    // Cờ cá ngựa with two players: the seed rules' four make a game of thousands of moves.
    const preset = kind === 'ca_ngua' ? '&preset=two_players' : '';
    await page.goto(`${server.url}demo/?game=${kind}${preset}&level=hard&seed=20240607&speed=fast&lang=en`);
    await settle(page);
    assert.equal(await page.locator('#seed-shown').textContent(), '20240607', 'the seed is shown');
    assert.equal(await page.locator('#new').textContent(), 'New game');
    await boardMatchesEngine(page, kind);

    // Moves by clicking, each answered by the bot.
    let decisions = 0;
    for (let i = 0; i < 80 && decisions < HUMAN_CLICKS; i++) {
      const before = await page.evaluate(() => ({ move: window.dangianDemo.game.moveNumber, bots: window.dangianDemo.app.botTimes.length }));
      const decided = await clickMove(page, kind);
      await page.waitForFunction((m) => window.dangianDemo.game.moveNumber > m, before.move, { timeout: 30_000 });
      await settle(page);
      if (decided) {
        decisions += 1;
        const now = await page.evaluate(() => ({
          move: window.dangianDemo.game.moveNumber,
          bots: window.dangianDemo.app.botTimes.length,
          over: window.dangianDemo.over,
          listed: [...document.querySelectorAll('#moves li.human')].at(-1)?.dataset.text,
        }));
        assert.ok(now.listed, 'the move list shows the move');
        // The bot answered (or the engine played on: a pass, a draw, the person's second die).
        assert.ok(now.over || now.bots > before.bots || now.move > before.move + 1 || kind === 'ca_ngua', 'the bot answered');
      }
      await boardMatchesEngine(page, kind);
    }
    assert.equal(decisions, HUMAN_CLICKS, 'moves made by clicking');
    const botMoves = await page.evaluate(() => window.dangianDemo.app.botTimes.length);
    assert.ok(botMoves > 0, 'the bot played');

    // The move list and the event log in words, and the language switch.
    const words = () =>
      page.evaluate(() => {
        const li = [...document.querySelectorAll('#moves li.human')].at(-1);
        const ev = document.querySelector('#events li:last-child');
        return { move: li.textContent, vi: li.dataset.vi, en: li.dataset.en, event: ev?.textContent ?? '', eventVi: ev?.dataset.vi, eventEn: ev?.dataset.en };
      });
    const en = await words();
    assert.ok(en.en && en.move.includes(en.en), `the move list shows the move in words: ${en.move}`);
    assert.ok(en.eventEn && en.event.startsWith(en.eventEn), `the event log shows the events in words: ${en.event}`);
    assert.notEqual(en.vi, en.en);
    await page.click('#lang-vi');
    assert.equal(await page.locator('#new').textContent(), 'Ván mới');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'vi');
    const vi = await words();
    assert.ok(vi.move.includes(vi.vi) && !vi.move.includes(vi.en), `the move list in Vietnamese: ${vi.move}`);
    assert.ok(vi.event.startsWith(vi.eventVi), `the event log in Vietnamese: ${vi.event}`);
    await page.click('#lang-en');
    assert.equal(await page.locator('#new').textContent(), 'New game');
    assert.equal((await words()).move, en.move);

    // Save, then load what was saved.
    const saved = await page.evaluate(() => ({ hash: window.dangianDemo.game.stateHash(), move: window.dangianDemo.game.moveNumber }));
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save')]);
    const recordPath = join(artifacts, `${kind}-record.json`);
    await download.saveAs(recordPath);
    const record = JSON.parse(readFileSync(recordPath, 'utf8'));
    assert.equal(record.format, 'dangian-record/2');
    assert.equal(record.game, kind);
    assert.equal(record.actions.length, saved.move);
    await page.click('#new'); // another game first, so the load is seen to replace it
    await settle(page);
    await page.setInputFiles('#load', recordPath);
    await page.waitForFunction((h) => window.dangianDemo.game.stateHash() === h, saved.hash, { timeout: 30_000 });
    await settle(page);
    await boardMatchesEngine(page, kind);
    const listed = await page.evaluate(() => document.querySelectorAll('#moves li').length);
    assert.ok(listed > 0, 'the loaded game lists its moves');

    // One more move by clicking on the loaded game, then the screenshot.
    if (!(await page.evaluate(() => window.dangianDemo.over))) {
      const m = await page.evaluate(() => window.dangianDemo.game.moveNumber);
      await clickMove(page, kind);
      await page.waitForFunction((m) => window.dangianDemo.game.moveNumber > m, m, { timeout: 30_000 });
      await settle(page);
      await boardMatchesEngine(page, kind);
    }
    const png = await page.screenshot({ path: join(shots, `desktop-${kind}-mid.png`) });
    await checkScreenshot(page, kind, png);

    // The bot plays for the person until the end.
    await page.selectOption('#speed', 'instant');
    await page.check('#autoplay');
    await page.waitForFunction(() => window.dangianDemo.over || window.dangianDemo.app.error, null, { timeout: 1_200_000, polling: 250 });
    await settle(page);
    await boardMatchesEngine(page, kind);
    const end = await page.evaluate(() => ({
      outcome: window.dangianDemo.game.outcome(),
      status: document.getElementById('status').textContent,
      lines: document.querySelectorAll('#moves li').length,
      moves: window.dangianDemo.game.moveNumber,
    }));
    assert.ok(end.outcome, 'the game is over');
    assert.match(end.status, /Game over/);
    // One line per action (and one for the end) where nothing is merged or hidden.
    if (kind !== 'domino') assert.equal(end.lines, end.moves + 1, 'the move list has every action');
    await page.screenshot({ path: join(shots, `desktop-${kind}-end.png`) });

    // A short game gives few timings: then another whole game, the bot playing both sides.
    if ((await page.evaluate(() => window.dangianDemo.app.botTimes.filter((b) => b.level === 'hard' && b.choices > 1).length)) < 20) {
      await page.click('#new');
      await page.waitForFunction(() => window.dangianDemo.over || window.dangianDemo.app.error, null, { timeout: 600_000, polling: 250 });
      await settle(page);
      await boardMatchesEngine(page, kind);
    }

    // The hard bot's time per move in this browser (decisions with more than one choice).
    const times = await page.evaluate(() => window.dangianDemo.app.botTimes.filter((b) => b.level === 'hard' && b.choices > 1).map((b) => b.ms));
    assert.ok(times.length > 0);
    times.sort((a, b) => a - b);
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    timings[kind] = {
      moves: times.length,
      mean_ms: Number(mean.toFixed(1)),
      median_ms: Number(times[Math.floor(times.length / 2)].toFixed(1)),
      max_ms: Number(times.at(-1).toFixed(1)),
    };
    console.log(`# ${kind}: hard bot ${JSON.stringify(timings[kind])}`);
    assert.deepEqual(errors, [], 'no error in the page');
    await page.close();
  });
}
