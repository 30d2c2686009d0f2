// The TypeScript types: test/types-check.ts uses the package as a TypeScript program would,
// with `@ts-expect-error` where the types must refuse something; tsc must accept it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

test('the .d.ts files type-check a typed program (tsc --noEmit)', () => {
  const tsc = require.resolve('typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '--noEmit', '-p', join(here, 'tsconfig.json')], { encoding: 'utf8' });
  assert.equal(r.status, 0, `tsc failed:\n${r.stdout}\n${r.stderr}`);
});
