#!/usr/bin/env bash
# Builds the npm package in bindings/js/dist/ (and so the demo's engine):
#   1. the engine for wasm32 in the `wasm` profile (small; cargo, once; CARGO_TARGET_DIR is honoured),
#   2. its JavaScript glue and .d.ts with wasm-bindgen (--target web: an ES module that runs in
#      browsers and in Node), less the wasm's `name` section,
#   3. the TypeScript types of every JSON form from schema/*.json (json-schema-to-typescript),
#   4. the typed wrapper ts/index.ts with tsc.
# Installs what is missing first (the wasm32 target, wasm-bindgen-cli, node_modules).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$repo/target}"
cd "$here"
. scripts/tools.sh
ensure_rust_tools
ensure_node_modules

# The workspace's `wasm` profile (Cargo.toml): release code optimised for size, one codegen
# unit, LTO; the release profile stays as it is for the host. No wasm-opt: Debian's binaryen
# (version 108) makes the gzipped module larger and breaks wasm-bindgen's externref table.
cargo build --profile wasm --locked --target wasm32-unknown-unknown -p dangian-js
wasm="$CARGO_TARGET_DIR/wasm32-unknown-unknown/wasm/dangian_js.wasm"

rm -rf dist
mkdir -p dist/wasm
wasm-bindgen --target web --out-dir dist/wasm --out-name dangian_js "$wasm"
node scripts/strip-names.mjs dist/wasm/dangian_js_bg.wasm
node scripts/gen-types.mjs
npx --no-install tsc -p tsconfig.json

raw=$(wc -c < dist/wasm/dangian_js_bg.wasm)
gz=$(gzip -9 -c dist/wasm/dangian_js_bg.wasm | wc -c)
echo "built dist/ (dangian_js_bg.wasm: $raw bytes, $gz gzipped)"
