#!/usr/bin/env bash
# CI of the web package (bindings/js), from a clean clone:
#   installs what it needs (the wasm32 target; wasm-bindgen-cli at the exact version of the
#   wasm-bindgen crate; the npm packages of package-lock.json with `npm ci`; Debian's chromium
#   when it is missing), builds the package once (one wasm build in the size-optimised `wasm` profile, reused by the tests
#   and the demo), checks that `npm pack` packs it (the worker helper included), then runs the
#   Node tests (node --test; the wasm's size budget among them) and the browser tests (headless
#   Chromium through playwright-core; screenshots in artifacts/screenshots/), among them the
#   online games through the server (dangian-server, built here in the dev profile).
# DANGIAN_REQUIRE_CONSUMERS=1: a browser that cannot be had fails the run instead of skipping
# the browser tests. CARGO_TARGET_DIR is honoured (default: the workspace's target/).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$repo/target}"
export CARGO_TERM_COLOR=never
cd "$here"
start=$SECONDS
step() { printf '\n==> bindings/js: %s (%ss)\n' "$*" "$((SECONDS - start))"; }

step "tools"
. scripts/tools.sh
ensure_rust_tools
ensure_node_modules
chromium="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    { apt-get update -qq && apt-get install -y -qq --no-install-recommends chromium; } \
      || echo "bindings/js: apt-get could not install chromium"
  fi
fi
if [ ! -x "$chromium" ]; then
  if [ "${DANGIAN_REQUIRE_CONSUMERS:-}" = 1 ]; then
    echo "bindings/js: no browser at $chromium and DANGIAN_REQUIRE_CONSUMERS=1" >&2
    exit 1
  fi
  echo "bindings/js: no browser at $chromium: the browser tests will be skipped (apt-get install chromium)"
fi
export CHROMIUM="$chromium"

step "build (the size-optimised wasm, wasm-bindgen, types, tsc)"
./build.sh

step "npm pack"
mkdir -p artifacts
rm -f artifacts/*.tgz
npm pack --silent --pack-destination artifacts >/dev/null
tarball=$(ls artifacts/dangian-*.tgz)
listing=$(tar -tzf "$tarball")
for f in package/package.json package/dist/index.js package/dist/index.d.ts \
  package/dist/wasm/dangian_js.js package/dist/wasm/dangian_js_bg.wasm \
  package/dist/worker.js package/dist/worker.d.ts package/dist/bot-thread.js \
  package/dist/generated/domino.d.ts package/README.md; do
  grep -qx "$f" <<<"$listing" || { echo "bindings/js: $f missing from $tarball" >&2; exit 1; }
done
echo "$tarball: $(wc -l <<<"$listing") files, $(wc -c < "$tarball") bytes"
# The packed package, installed as a dependency would be, imported by its name and played.
consumer=$(mktemp -d)
mkdir -p "$consumer/node_modules/dangian"
tar -xzf "$tarball" -C "$consumer/node_modules/dangian" --strip-components=1
cat > "$consumer/smoke.mjs" <<'JS'
import { init, Game } from 'dangian';
import { BotWorker } from 'dangian/worker';
await init();
const game = Game.create('o_an_quan', {}, { seed: 1 });
while (!game.isOver()) game.apply(game.botChoose(game.seatToMove(), 'easy'));
console.log('the packed package plays:', JSON.stringify(game.outcome()));
const bots = new BotWorker();
const other = Game.create('domino', {}, { seed: 2 });
while (other.isChance()) other.playChance();
const { action } = await bots.decide(other, other.seatToMove(), 'hard', { seed: 3 });
if (action !== other.botChoose(other.seatToMove(), 'hard', 3)) throw new Error('the worker differs');
bots.terminate();
console.log('its bot worker answers:', other.actionText(action));
JS
(cd "$consumer" && node smoke.mjs)
rm -rf "$consumer"

step "node tests (the wasm's size budget among them)"
node --test test/

step "the server for the online browser tests (cargo build -p dangian-server)"
(cd "$repo" && cargo build --locked -p dangian-server)
export DANGIAN_SERVER="${DANGIAN_SERVER:-$CARGO_TARGET_DIR/debug/dangian-server}"

step "browser tests (desktop, a phone by touch and by keyboard, online through the server)"
rm -rf artifacts/screenshots
node --test --test-concurrency=1 e2e/
[ -f artifacts/bot-times.json ] && cat artifacts/bot-times.json
[ -d artifacts/screenshots ] && ls artifacts/screenshots

step "done"
