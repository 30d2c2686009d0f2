#!/usr/bin/env node
// Drops the `name` custom section (function names for stack traces, about a sixth of the
// module) from a .wasm file in place: node scripts/strip-names.mjs FILE.wasm
import { readFileSync, writeFileSync } from 'node:fs';

function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[at++];
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (b < 0x80) return [value, at];
  }
}

const file = process.argv[2];
const bytes = readFileSync(file);
if (bytes.readUInt32LE(0) !== 0x6d736100) throw new Error(`${file}: not a wasm module`);
const keep = [bytes.subarray(0, 8)];
let at = 8;
let dropped = 0;
while (at < bytes.length) {
  const start = at;
  const id = bytes[at++];
  const [size, body] = leb(bytes, at);
  const end = body + size;
  let drop = false;
  if (id === 0) {
    const [len, nameAt] = leb(bytes, body);
    drop = bytes.subarray(nameAt, nameAt + len).toString('utf8') === 'name';
  }
  if (drop) dropped += end - start;
  else keep.push(bytes.subarray(start, end));
  at = end;
}
const out = Buffer.concat(keep);
new WebAssembly.Module(out); // still a valid module
writeFileSync(file, out);
console.log(`${file}: dropped ${dropped} bytes of names`);
