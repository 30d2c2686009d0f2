#!/usr/bin/env node
// Serves the demo and the built package on 127.0.0.1 (no dependencies):
//   node scripts/serve.mjs [PORT]     (default 8080; 0 picks a free port)
// then open http://127.0.0.1:PORT/ (the demo is demo/index.html, the engine dist/).
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVED = ['demo', 'dist'];
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ts': 'text/plain; charset=utf-8',
};

async function handle(req, res) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/' || url.pathname === '/demo') {
    res.writeHead(302, { location: `/demo/${url.search}` });
    res.end();
    return;
  }
  let path = decodeURIComponent(url.pathname);
  if (path.endsWith('/')) path += 'index.html';
  const rel = normalize(path).replace(/^[/\\]+/, '');
  const top = rel.split(sep)[0];
  if (!SERVED.includes(top) || rel.split(sep).includes('..')) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found\n');
    return;
  }
  const file = join(root, rel);
  try {
    const s = await stat(file);
    if (!s.isFile()) throw new Error('not a file');
    const body = await readFile(file);
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': body.length,
      'cache-control': 'no-cache',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end(top === 'dist' ? 'not found: build the package first (./build.sh)\n' : 'not found\n');
  }
}

/** Start the server; resolves to { url, close }. */
export function serve(port = 8080, host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = createServer((req, res) => {
      handle(req, res).catch((e) => {
        res.writeHead(500);
        res.end(String(e));
      });
    });
    server.on('error', reject);
    server.listen(port, host, () => {
      const { port: p } = server.address();
      resolve({ url: `http://${host}:${p}/`, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const port = Number(process.argv[2] ?? process.env.PORT ?? 8080);
  const { url } = await serve(port);
  console.log(`dangian demo: ${url}  (Ctrl-C to stop)`);
}
