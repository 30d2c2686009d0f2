// The size budget of the WebAssembly module every page downloads: the built
// dist/wasm/dangian_js_bg.wasm, raw and gzipped (level 9, as a server would send it).
// Built with the workspace's `wasm` profile (opt-level "s", LTO, one codegen unit) and without
// its `name` section, it was 1,169,448 bytes raw and 330,617 gzipped (`gzip -9`; Node's zlib
// here gives about 1 KB more); the release profile gave 1,564,646 and 443,737. The budget leaves about 6 % for the engine to grow: a change
// that needs more must say so here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET = { raw: 1_240_000, gzip: 350_000 };

const here = dirname(fileURLToPath(import.meta.url));
const wasm = join(here, '..', 'dist', 'wasm', 'dangian_js_bg.wasm');

test(`the .wasm stays within its size budget (${BUDGET.raw} bytes, ${BUDGET.gzip} gzipped)`, () => {
  const bytes = readFileSync(wasm);
  const gzip = gzipSync(bytes, { level: 9 }).length;
  console.log(`# dangian_js_bg.wasm: ${bytes.length} bytes, ${gzip} gzipped (budget ${BUDGET.raw}, ${BUDGET.gzip})`);
  assert.ok(bytes.length <= BUDGET.raw, `${bytes.length} bytes: over the budget of ${BUDGET.raw}`);
  assert.ok(gzip <= BUDGET.gzip, `${gzip} bytes gzipped: over the budget of ${BUDGET.gzip}`);
});

test('the .wasm carries no name section (function names for stack traces)', () => {
  const bytes = readFileSync(wasm);
  assert.ok(!bytes.includes(Buffer.from('\u0004name')), 'a `name` custom section is left in');
});
