# Sourced by build.sh and ci.sh: installs what the build needs when it is missing.
#   the wasm32 target (rustup), wasm-bindgen-cli at the exact version of the wasm-bindgen crate
#   in Cargo.lock (cargo install), and the npm packages of package-lock.json (npm ci).

# The version of the wasm-bindgen crate that Cargo.lock resolved (Cargo.toml pins it with `=`).
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' "$repo/Cargo.lock"
}

ensure_rust_tools() {
  if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
  fi
  local want have
  want=$(wasm_bindgen_version)
  [ -n "$want" ] || { echo "wasm-bindgen is not in Cargo.lock" >&2; return 1; }
  have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
  if [ "$have" != "$want" ]; then
    echo "installing wasm-bindgen-cli $want (found: ${have:-none})"
    # Without the default features: the `wasm-bindgen` binary needs no TLS stack (only the
    # test runner downloads anything), and rustls with ring is the slowest part of the build.
    # Not --locked: the CLI's lock file names a webpki-roots the registry no longer serves.
    cargo install wasm-bindgen-cli --version "$want" --no-default-features
  fi
}

ensure_node_modules() {
  # npm ci when node_modules is missing or older than the lock file.
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund
  fi
}
