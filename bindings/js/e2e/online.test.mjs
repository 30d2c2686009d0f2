// End-to-end, online: the demo served by the dangian server (the server binary, started on a
// free port with a new data directory), in three headless Chromium contexts. For each game the
// first context opens the demo, creates a table through the "play online" form (two seats,
// both people) and sits at seat 1's link; the second sits at seat 2's link; the third opens
// the watch link. The two seats play a whole game against each other by clicking the board
// (a random legal move each time), through the server; the watcher sees the end, and all three
// see the same outcome. In Domino neither seat's page ever holds the other's tiles. Along the
// way a seat's socket is dropped (the page connects again and catches up) and a stale action
// is sent (the page shows the refusal). Screenshots go to artifacts/screenshots/: the form with
// its links (online-<game>-form.png), each game's end as the watcher sees it
// (online-<game>-end.png) and as seat 1 does (online-<game>-end-seat1.png).
//
// DANGIAN_SERVER=/path overrides the server binary (default: the debug build in
// CARGO_TARGET_DIR or the workspace's target/), CHROMIUM=/path the browser. Without either
// the tests are skipped with a message, unless DANGIAN_REQUIRE_CONSUMERS=1, under which they
// fail.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = join(here, '..');
const repo = join(pkg, '..', '..');
const shots = join(pkg, 'artifacts', 'screenshots');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const SERVER = process.env.DANGIAN_SERVER ?? join(process.env.CARGO_TARGET_DIR ?? join(repo, 'target'), 'debug', 'dangian-server');
const required = process.env.DANGIAN_REQUIRE_CONSUMERS === '1';
const built = existsSync(join(pkg, 'dist', 'index.js'));

let skip = false;
{
  const why = !built
    ? 'the package is not built (./build.sh)'
    : !existsSync(CHROMIUM)
      ? `no browser at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM)`
      : !existsSync(SERVER)
        ? `no server at ${SERVER} (cargo build -p dangian-server, or set DANGIAN_SERVER)`
        : null;
  if (why) {
    if (required) throw new Error(`e2e online: ${why}, and DANGIAN_REQUIRE_CONSUMERS=1`);
    console.log(`# e2e online skipped: ${why}`);
    skip = why;
  }
}

const VIEWPORT = { width: 1280, height: 860 };
const MAX_DECISIONS = 4000; // per game, far above what a game takes
let server;
let base;
let data;
let browser;

before(async () => {
  if (skip) return;
  mkdirSync(shots, { recursive: true });
  data = mkdtempSync(join(tmpdir(), 'dangian-online-'));
  server = spawn(SERVER, ['--addr', '127.0.0.1:0', '--data', data, '--web', pkg], { stdio: ['ignore', 'pipe', 'inherit'] });
  base = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (b) => {
      out += b;
      const m = /listening on (\S+)/.exec(out);
      const web = /web demo: (\S+)/.exec(out);
      if (m && web) resolve(`http://${m[1]}`);
      else if (/no web demo/.test(out)) reject(new Error(`the server serves no demo: ${out}`));
    });
    server.on('exit', (code) => reject(new Error(`the server exited (${code}): ${out}`)));
  });
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

after(async () => {
  await browser?.close();
  server?.kill();
  if (data) rmSync(data, { recursive: true, force: true });
});

const rand = (n) => Math.floor(Math.random() * n);

/** Click one of the locator's elements at random; false when there is none. */
async function clickAny(page, selector) {
  const all = page.locator(selector);
  const n = await all.count();
  if (n === 0) return false;
  await all.nth(rand(n)).click();
  return true;
}

/** One random legal move by clicking the board (or the buttons under it). */
async function clickMove(page, kind) {
  if ((await page.locator('#board [data-playable="true"]').count()) === 0) {
    assert.ok(await clickAny(page, '#choices button'), 'something to click');
    return;
  }
  if (kind === 'o_an_quan') {
    await clickAny(page, '[data-cell][data-playable="true"]');
    await clickAny(page, '.arrow');
  } else if (kind === 'ca_ngua') {
    await clickAny(page, '.piece[data-playable="true"]');
    if (!(await clickAny(page, '.target'))) await clickAny(page, '#choices button');
  } else {
    const tiles = await page.locator('#dm-hand [data-playable="true"]').count();
    const market = await page.locator('#dm-market[data-playable="true"]').count();
    if (tiles > 0 && (market === 0 || rand(8) > 0)) {
      await clickAny(page, '#dm-hand [data-playable="true"]');
      if ((await page.locator('.end-marker').count()) > 0) await clickAny(page, '.end-marker');
    } else {
      await page.click('#dm-market');
    }
  }
}

/** What a page knows of the table. */
function stateOf(page) {
  return page.evaluate(() => {
    const o = window.dangianOnline;
    return { waiting: o.waiting, move: o.moveNumber, over: o.over, connected: o.connected, outcome: o.outcome, seat: o.seat };
  });
}

/** In Domino: no tile of the other seat's hand anywhere in this seat's page. */
async function hidesTheOtherHand(page, other) {
  const theirs = await other.evaluate(() => [...document.querySelectorAll('#dm-hand [data-hand-tile]')].map((e) => e.dataset.handTile));
  const leaks = await page.evaluate((theirs) => {
    const out = [];
    const mine = new Set([...document.querySelectorAll('[data-hand-tile]')].map((e) => e.dataset.handTile));
    const html = document.documentElement.outerHTML;
    for (const k of theirs) {
      if (mine.has(k)) out.push(`${k} drawn as a hand tile`);
      if (html.includes(`data-hand-tile="${k}"`)) out.push(`${k} in the page`);
    }
    const view = window.dangianOnline.on.state?.view;
    if (view && ('hands' in view || 'boneyard_tiles' in view)) out.push('a view with hidden fields');
    return out;
  }, theirs);
  assert.deepEqual(leaks, [], 'the other seat’s tiles are not in the page');
  return theirs.length;
}

async function openTable(kind) {
  const contexts = await Promise.all([0, 1, 2].map(() => browser.newContext({ viewport: VIEWPORT })));
  const [a, b, w] = await Promise.all(contexts.map((c) => c.newPage()));
  const errors = [];
  for (const [name, p] of [['seat 1', a], ['seat 2', b], ['watcher', w]]) {
    p.on('pageerror', (e) => errors.push(`${name}: ${e.message}`));
  }
  // The server's address sends to the demo; its "play online" link opens the form.
  await a.goto(`${base}/?lang=en`);
  assert.match(a.url(), /\/demo\/\?lang=en$/);
  let loaded = a.waitForEvent('load');
  await a.click('#play-online');
  await loaded;
  await a.waitForSelector('#online-form:not([hidden])');
  await a.selectOption('#on-game', kind);
  const presets = await a.locator('#on-preset option').count();
  assert.ok(presets >= 1, 'the presets of the game are offered');
  if (kind !== 'o_an_quan') await a.selectOption('#on-seats', '2');
  assert.equal(await a.locator('#on-who select').count(), 2, 'one menu per seat');
  await a.click('#on-create');
  await a.waitForSelector('#on-share:not([hidden])');
  const links = await a.evaluate(() => ({
    seats: [...document.querySelectorAll('.seat-link')].map((l) => l.href),
    watch: document.querySelector('.watch-link').href,
  }));
  await a.screenshot({ path: join(shots, `online-${kind}-form.png`) });
  assert.equal(links.seats.length, 2);
  for (const l of links.seats) assert.match(l, /#table=[^&]+&seat=\d&token=[0-9a-f]+$/, 'the token is in the fragment');
  assert.doesNotMatch(links.watch, /token/);
  loaded = a.waitForEvent('load');
  await a.click('.seat-link[data-seat="0"]'); // the creator takes seat 1 in this tab
  await loaded;
  await b.goto(links.seats[1]);
  await w.goto(links.watch);
  for (const p of [a, b, w]) await p.waitForFunction(() => window.dangianOnline?.connected && window.dangianOnline.moveNumber !== null, null, { timeout: 30_000 });
  assert.deepEqual(await a.evaluate(() => window.dangianOnline.seat), 0);
  assert.deepEqual(await b.evaluate(() => window.dangianOnline.seat), 1);
  assert.deepEqual(await w.evaluate(() => window.dangianOnline.seat), null);
  return { contexts, a, b, w, errors };
}

for (const kind of ['o_an_quan', 'ca_ngua', 'domino']) {
  test(`${kind}: two browsers play a whole game through the server, a third watches`, { skip, timeout: 600_000 }, async () => {
    const t0 = Date.now();
    const { contexts, a, b, w, errors } = await openTable(kind);
    try {
      let decisions = 0;
      let dropped = false;
      let refusedShown = false;
      let checked = 0;
      for (;;) {
        const [sa, sb] = await Promise.all([stateOf(a), stateOf(b)]);
        if (sa.over && sb.over) break;
        const turn = sa.waiting ? [a, sa, b] : sb.waiting ? [b, sb, a] : null;
        if (!turn) {
          await a.waitForTimeout(20);
          continue;
        }
        const [page, s, other] = turn;
        if (kind === 'domino' && checked < 1000) {
          await hidesTheOtherHand(page, other);
          checked += 1;
        }
        // Both early: an Ô ăn quan game can end at its fourth ply.
        if (decisions === 1 && !refusedShown) {
          // A stale action (move 0 again): refused, shown, nothing changes.
          await page.evaluate(() => window.dangianOnline.on.ws.send(JSON.stringify({ type: 'act', move_number: 0, action: 0 })));
          await page.waitForFunction(() => /stale_move/.test(document.querySelector('#online-note').textContent), null, { timeout: 10_000 });
          assert.equal((await stateOf(page)).move, s.move, 'a refusal changes nothing');
          refusedShown = true;
        }
        if (decisions === 2 && !dropped) {
          // The network drops: the page connects again, catches up and plays on.
          await other.evaluate(() => window.dangianOnline.drop());
          dropped = true;
        }
        await clickMove(page, kind);
        decisions += 1;
        assert.ok(decisions < MAX_DECISIONS, 'the game ends');
        await page.waitForFunction((m) => window.dangianOnline.moveNumber !== m || window.dangianOnline.over, s.move, { timeout: 30_000 });
      }
      assert.ok(dropped && refusedShown, 'the drop and the refusal were tried');
      // The watcher sees the end, with the same outcome as both seats.
      await w.waitForFunction(() => window.dangianOnline.over && document.querySelector('#outcome[data-over="true"]'), null, { timeout: 30_000 });
      const [oa, ob, ow] = await Promise.all([a, b, w].map((p) => p.evaluate(() => window.dangianOnline.outcome)));
      assert.deepEqual(oa, ow);
      assert.deepEqual(ob, ow);
      // Every action is listed on each page, the dropped one's included.
      const moves = await w.evaluate(() => window.dangianOnline.moveNumber);
      for (const p of [a, b, w]) {
        await p.waitForFunction((n) => document.querySelectorAll('#moves li').length === n, moves, { timeout: 10_000 });
      }
      if (kind === 'domino') {
        assert.ok(checked > 10, 'the hands were checked along the game');
        assert.equal(await w.locator('[data-hand-tile]').count(), 0, 'the watcher sees no tile');
      } else {
        assert.ok((await w.locator('#board *').count()) > 10, 'the watcher sees the board');
      }
      assert.match(await w.locator('#status').textContent(), /Game over/);
      // The record the end links to proves the game's chance fair.
      const verified = await w.evaluate(async () => {
        const { verifyRecord } = await import('../dist/index.js');
        const res = await fetch(document.querySelector('#online-record').href);
        const v = verifyRecord(await res.text()); // throws unless every chance outcome is the seeds'
        return { status: res.status, over: v.over, seeds: v.player_seeds, chance: v.chance_outcomes };
      });
      assert.equal(verified.status, 200);
      assert.equal(verified.over, true);
      assert.equal(verified.seeds, 2, 'both seats gave a seed');
      if (kind !== 'o_an_quan') assert.ok(verified.chance > 0, 'the dice and the deals are checked');
      await w.screenshot({ path: join(shots, `online-${kind}-end.png`) });
      await a.screenshot({ path: join(shots, `online-${kind}-end-seat1.png`) });
      assert.deepEqual(errors, [], 'no page error');
      console.log(`# ${kind}: ${decisions} decisions by clicking, ${moves} actions, ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    } finally {
      await Promise.all(contexts.map((c) => c.close()));
    }
  });
}
