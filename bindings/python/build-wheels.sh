#!/usr/bin/env bash
# The Python package's wheels and sdist. One abi3 wheel per platform serves every CPython
# from 3.9 on; each is cross-compiled with maturin and zig (`--zig`: zig's C toolchain and
# its glibc 2.17 stubs, so the Linux wheels are manylinux2014 = manylinux_2_17; its macOS
# libSystem stubs, so no macOS SDK is needed), the Windows one with MinGW-w64 (see below).
# The tools come from PyPI at pinned versions into their own virtualenv; the Rust targets
# are added with rustup when missing. Each target is built once; a target that fails is
# reported and the others are still built; the exit status is non-zero when any failed.
#
#   bindings/python/build-wheels.sh OUTDIR [TARGET...]
#
# TARGET (default: linux-x86_64 linux-aarch64 macos-x86_64 macos-arm64 windows-x86_64 sdist):
#   linux-x86_64      manylinux2014 x86_64            (x86_64-unknown-linux-gnu)
#   linux-aarch64     manylinux2014 aarch64           (aarch64-unknown-linux-gnu)
#   macos-x86_64      macOS 10.12+ x86_64             (x86_64-apple-darwin)
#   macos-arm64       macOS 11.0+ arm64               (aarch64-apple-darwin)
#   macos-universal2  both macOS architectures in one wheel (instead of the two above)
#   windows-x86_64    Windows x86_64, MinGW-w64 ABI   (x86_64-pc-windows-gnu; needs
#                     x86_64-w64-mingw32-gcc, Debian's gcc-mingw-w64-x86-64)
#   sdist             the source distribution (the engine's sources included)
#
# Environment: PYTHON (the interpreter that runs the tools, default python3),
# DANGIAN_WHEEL_TOOLS (the tools' virtualenv, kept between runs; default: a temporary one),
# CARGO_TARGET_DIR (as cargo reads it). Writes OUTDIR/SHA256SUMS, prints each file's size,
# then checks every wheel in OUTDIR with tests/check_wheels.py.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

# Pinned tools (maturin at the version ci.sh has always used).
MATURIN=maturin==1.16.0
ZIGLANG=ziglang==0.17.1
CARGO_ZIGBUILD=cargo-zigbuild==0.24.0

[ $# -ge 1 ] || { awk 'NR > 1 && /^#/ { print; next } NR > 1 { exit }' "$0" >&2; exit 2; }
out="$(mkdir -p "$1" && cd "$1" && pwd)"
shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(linux-x86_64 linux-aarch64 macos-x86_64 macos-arm64 windows-x86_64 sdist)

triple_of() {
  case "$1" in
    linux-x86_64) echo x86_64-unknown-linux-gnu ;;
    linux-aarch64) echo aarch64-unknown-linux-gnu ;;
    macos-x86_64) echo x86_64-apple-darwin ;;
    macos-arm64) echo aarch64-apple-darwin ;;
    macos-universal2) echo universal2-apple-darwin ;;
    windows-x86_64) echo x86_64-pc-windows-gnu ;;
    sdist) echo sdist ;;
    *) return 1 ;;
  esac
}
for t in "${targets[@]}"; do
  triple_of "$t" >/dev/null || { echo "error: unknown target $t (see $0)" >&2; exit 2; }
done

step() { printf '\n==> wheels: %s (%ss)\n' "$*" "$SECONDS"; }

tools="${DANGIAN_WHEEL_TOOLS:-}"
if [ -z "$tools" ]; then
  tools="$(mktemp -d "${TMPDIR:-/tmp}/dangian-wheel-tools.XXXXXX")"
  trap 'rm -rf "$tools"' EXIT
fi
if [ ! -x "$tools/bin/maturin" ] || ! "$tools/bin/python" -m pip show -q ziglang cargo-zigbuild >/dev/null 2>&1; then
  step "tools: $MATURIN $ZIGLANG $CARGO_ZIGBUILD"
  "${PYTHON:-python3}" -m venv "$tools"
  PIP_DISABLE_PIP_VERSION_CHECK=1 "$tools/bin/python" -m pip install -q "$MATURIN" "$ZIGLANG" "$CARGO_ZIGBUILD"
fi
# maturin finds zig (`python -m ziglang`) and cargo-zigbuild on PATH through the virtualenv.
export PATH="$tools/bin:$PATH"

add_rust_target() {
  local triple="$1"
  if ! rustc --print sysroot >/dev/null 2>&1; then return; fi
  if [ -d "$(rustc --print sysroot)/lib/rustlib/$triple" ]; then return; fi
  command -v rustup >/dev/null 2>&1 && rustup target add "$triple"
}

built=() failed=()
for t in "${targets[@]}"; do
  triple="$(triple_of "$t")"
  step "$t ($triple)"
  args=(--release --manifest-path "$here/Cargo.toml" -o "$out")
  case "$t" in
    sdist)
      if maturin sdist --manifest-path "$here/Cargo.toml" -o "$out"; then built+=("$t"); else failed+=("$t"); fi
      continue ;;
    # Symbols stripped (`-C strip=symbols`) where zig links; for macOS rustc would run the
    # host's `strip`, which does not read Mach-O, so those keep their symbols.
    linux-*) args+=(--zig --compatibility manylinux2014 --target "$triple" --strip) ;;
    windows-*)
      # Not with zig: maturin's export list for zig's Windows linker names the init function
      # after the dotted module name (`PyInit_dangian._dangian`), which no symbol matches, so
      # the link fails. MinGW-w64's GCC and binutils (Debian: gcc-mingw-w64-x86-64) link it,
      # and maturin makes python3.dll's import library itself (abi3).
      if ! command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1; then
        echo "error: $t needs x86_64-w64-mingw32-gcc (Debian: apt-get install gcc-mingw-w64-x86-64)" >&2
        failed+=("$t")
        continue
      fi
      args+=(--target "$triple" --strip) ;;
    macos-universal2) add_rust_target x86_64-apple-darwin; add_rust_target aarch64-apple-darwin
                      args+=(--zig --target "$triple") ;;
    *) args+=(--zig --target "$triple") ;;
  esac
  [ "$t" = macos-universal2 ] || add_rust_target "$triple"
  if maturin build "${args[@]}"; then built+=("$t"); else failed+=("$t"); fi
done

step "built: ${built[*]:-none}${failed[*]:+; FAILED: ${failed[*]}}"
(cd "$out" && shopt -s nullglob && files=(dangian-*.whl dangian-*.tar.gz) &&
  if [ ${#files[@]} -gt 0 ]; then
    sha256sum "${files[@]}" > SHA256SUMS
    for f in "${files[@]}"; do printf '%10s  %s\n' "$(stat -c %s "$f")" "$f"; done
  fi)
# Each wheel's tag against its binary (architecture, exported init function, glibc, minimum
# macOS, code signature, imported DLLs): the checks that hold where a wheel cannot run here.
step "check_wheels.py"
"$tools/bin/python" "$here/tests/check_wheels.py" "$out" || failed+=(check_wheels.py)
[ ${#failed[@]} -eq 0 ]
