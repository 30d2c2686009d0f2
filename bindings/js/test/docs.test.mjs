// The JavaScript examples of the guides run: every ```js block of docs/web.md and of the top
// README, as a module of its own under Node, with `from 'dangian'` pointing at the built
// package (dist/), `from 'dangian/worker'` at its worker helper.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', '..');
const dist = pathToFileURL(join(here, '..', 'dist', 'index.js')).href;
const worker = pathToFileURL(join(here, '..', 'dist', 'worker.js')).href;
const out = join(here, '..', 'artifacts', 'docs');

function jsBlocks(page) {
  const text = readFileSync(join(root, page), 'utf8');
  return [...text.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
}

for (const page of ['docs/web.md', 'README.md']) {
  const blocks = jsBlocks(page);
  test(`${page} has JavaScript examples`, () => {
    assert.ok(blocks.length > 0, `${page} has no \`\`\`js block`);
  });
  blocks.forEach((source, i) => {
    test(`${page}: example ${i + 1} runs`, async () => {
      assert.ok(source.includes("from 'dangian'"), 'the example imports the package');
      mkdirSync(out, { recursive: true });
      const file = join(out, `${page.replace(/\W/g, '_')}_${i + 1}.mjs`);
      writeFileSync(file, source.replaceAll("from 'dangian'", `from '${dist}'`).replaceAll("from 'dangian/worker'", `from '${worker}'`));
      const printed = [];
      const log = console.log;
      console.log = (...args) => printed.push(args.join(' '));
      try {
        await import(pathToFileURL(file).href);
      } finally {
        console.log = log;
      }
      assert.ok(printed.length > 0, `${page}'s example ${i + 1} printed nothing`);
    });
  });
}
