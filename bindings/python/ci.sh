#!/usr/bin/env bash
# The Python package's CI: the wheels built once (build-wheels.sh: the abi3 wheels for Linux
# x86_64 and aarch64, maturin and zig, each checked by tests/check_wheels.py), then a fresh
# virtualenv with pinned tools and frameworks from PyPI, the x86_64 wheel installed into it
# with pip and no Rust toolchain on PATH, then the extension crate's rustfmt check and unit
# tests, mypy (strict) and pytest; then the same wheel
# in a fresh virtualenv of a second CPython version, and the aarch64 wheel under qemu-user
# with Debian's CPython for arm64, each running tests/wheel_smoke.py (a game, a VecEnv and a
# BotVecEnv of each kind). Works from a clean clone; prints pytest's summary, then the smoke
# tests' lines.
#
#   bash bindings/python/ci.sh            # from anywhere
#   DANGIAN_REQUIRE_CONSUMERS=1 ...       # an optional framework that cannot be installed or
#                                         # imported, or a check that cannot run (no second
#                                         # CPython, no qemu-user), fails the run instead of
#                                         # being skipped
#   DANGIAN_PY_VENV=DIR                   # where the virtualenv goes (default: a new temp dir)
#   PYTHON=python3.11                     # the interpreter (default: python3)
#   DANGIAN_PY_SECOND=python3.9|debian    # the second CPython: an interpreter, or `debian`
#                                         # for Debian 11's CPython 3.9 (debian-python.sh);
#                                         # default: the first of 3.9, 3.13, 3.12, 3.10 found
#                                         # on PATH or in ~/.pyenv, else Debian's
#   DANGIAN_WHEELS=DIR                    # where the wheels go (default: in the temp dir)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$here"
step() { printf '\n==> python: %s (%ss)\n' "$*" "$SECONDS"; }

# Versions checked to install together on CPython 3.11 (Linux x86_64).
TOOLS=(numpy==2.4.6 mypy==2.4.1 pytest==9.2.0 jsonschema==4.26.0)
FRAMEWORKS=(open_spiel==2.0.2 pettingzoo==1.27.0 gymnasium==1.4.0 "ray==2.60.0")

python="${PYTHON:-python3}"
cleanup=()
trap 'rm -rf "${cleanup[@]}"' EXIT
if [ -n "${DANGIAN_PY_VENV:-}" ]; then
  venv="$DANGIAN_PY_VENV"
else
  venv="$(mktemp -d "${TMPDIR:-/tmp}/dangian-py.XXXXXX")"
  cleanup+=("$venv")   # a temporary virtualenv (ray alone is over 1 GB) goes away
fi
wheels="${DANGIAN_WHEELS:-$venv.wheels}"
[ -n "${DANGIAN_WHEELS:-}" ] || cleanup+=("$wheels")
# Beside the virtualenv: the second CPython's virtualenv, Debian's CPythons (amd64, arm64).
cleanup+=("$venv.second" "$venv.debian" "$venv.arm64")
require() {  # a check that cannot run: skipped with a line saying why, or fatal when required
  if [ "${DANGIAN_REQUIRE_CONSUMERS:-0}" = "1" ]; then
    echo "error: $* (DANGIAN_REQUIRE_CONSUMERS=1)" >&2
    exit 1
  fi
  echo "skipped: $*"
}
# PATH without any Rust toolchain: what pip sees when it installs a wheel, so that a wheel
# that would need compiling fails instead of quietly building from source.
norust_path() {
  local dir out=""
  local IFS=:
  for dir in $PATH; do
    [ -x "$dir/cargo" ] || [ -x "$dir/rustc" ] || [ -x "$dir/rustup" ] || out="${out:+$out:}$dir"
  done
  echo "$out"
}

# Export the target dir the workspace's caller chose, else the package's own.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target/python}"
step "the abi3 wheels for Linux x86_64 and aarch64, once (build-wheels.sh: maturin --zig)"
mkdir -p "$wheels"
DANGIAN_WHEEL_TOOLS="$wheels/.tools" bash "$here/build-wheels.sh" "$wheels" linux-x86_64 linux-aarch64 > "$wheels/build.log" 2>&1 || {
  tail -n 60 "$wheels/build.log" >&2
  echo "error: build-wheels.sh failed (the end of its log is above)" >&2
  exit 1
}
grep -E 'Finished|Built wheel|^ *[0-9]+  dangian|^(ok|FAIL) |^wheels: ' "$wheels/build.log" || true
wheel_x86="$(ls "$wheels"/dangian-*-cp39-abi3-manylinux*_x86_64.whl)"
wheel_arm="$(ls "$wheels"/dangian-*-cp39-abi3-manylinux*_aarch64.whl)"
rm -rf "$wheels/.tools"
step "virtualenv in $venv ($("$python" --version))"
"$python" -m venv "$venv"
# shellcheck disable=SC1091
source "$venv/bin/activate"
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1
python -m pip install -q --upgrade pip

step "tools: ${TOOLS[*]}"
python -m pip install -q "${TOOLS[@]}"

step "frameworks: ${FRAMEWORKS[*]}"
if ! python -m pip install -q "${FRAMEWORKS[@]}"; then
  if [ "${DANGIAN_REQUIRE_CONSUMERS:-0}" = "1" ]; then
    echo "error: the frameworks did not install (DANGIAN_REQUIRE_CONSUMERS=1)" >&2
    exit 1
  fi
  echo "warning: the frameworks did not install; their tests will be reported as skipped" >&2
fi

step "pip install $(basename "$wheel_x86") (no Rust toolchain on PATH)"
PATH="$(norust_path)" python -m pip install -q "$wheel_x86"
python -c "import dangian, sys; print('dangian', dangian.__version__, 'from', dangian.__file__)"
# The test below must import the installed package, not the source folder.
cd "$root"

step "rustfmt --check (the extension crate)"
command -v rustfmt >/dev/null 2>&1 || rustup component add rustfmt >/dev/null 2>&1 || true
cargo fmt --manifest-path "$here/Cargo.toml" -- --check

step "cargo test (the extension crate's own unit tests)"
cargo test --manifest-path "$here/Cargo.toml" --lib -q

step "mypy --strict (package, tests, examples, benchmark)"
(cd "$here" && mypy --config-file pyproject.toml python/dangian tests examples bench)

step "pytest"
set +e
(cd "$here" && python -m pytest -q -rs -p no:cacheprovider tests)
status=$?
set -e
if [ "$status" -ne 0 ]; then
  exit "$status"
fi
deactivate

step "the same wheel on a second CPython, in a fresh virtualenv, no Rust toolchain on PATH"
main_version="$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
second="${DANGIAN_PY_SECOND:-}"
if [ -z "$second" ]; then
  for v in 3.9 3.13 3.12 3.10; do
    [ "$v" != "$main_version" ] || continue
    for candidate in "python$v" "$HOME"/.pyenv/versions/"$v".*/bin/"python$v"; do
      # Run, not only found: a pyenv shim is on PATH for versions it does not select.
      if "$candidate" -c 'import venv' >/dev/null 2>&1; then
        second="$("$candidate" -c 'import sys; print(sys.executable)')"
        break 2
      fi
    done
  done
fi
second_env="$venv.second"
rm -rf "$second_env"
if [ -z "$second" ] || [ "$second" = debian ]; then
  # No second CPython here: Debian 11's CPython 3.9, unpacked into a folder (no install).
  second="$(bash "$here/debian-python.sh" "$venv.debian" amd64 bullseye 3.9 | tail -n 1)"
  export LD_LIBRARY_PATH="$venv.debian/root/lib/x86_64-linux-gnu:$venv.debian/root/usr/lib/x86_64-linux-gnu"
  # Debian's interpreter comes without ensurepip: a virtualenv without pip, filled by this
  # pip for that Python version and platform (wheels only, nothing built).
  "$second" -m venv --without-pip "$second_env"
  site="$("$second_env/bin/python" -c 'import sysconfig; print(sysconfig.get_path("purelib"))')"
  PATH="$(norust_path)" "$venv/bin/python" -m pip install -q --target "$site" --only-binary=:all: \
    --python-version 3.9 --implementation cp --platform manylinux2014_x86_64 \
    --platform manylinux_2_17_x86_64 "$wheel_x86"
else
  "$second" -m venv "$second_env"
  PATH="$(norust_path)" "$second_env/bin/python" -m pip install -q "$wheel_x86"
fi
PATH="$(norust_path)" "$second_env/bin/python" "$here/tests/wheel_smoke.py" --expect-abi3
unset LD_LIBRARY_PATH
rm -rf "$second_env" "$venv.debian"

step "the aarch64 wheel under qemu-user, with Debian 12's CPython for arm64"
if ! command -v qemu-aarch64 >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends qemu-user >/dev/null 2>&1 ||
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends qemu-user >/dev/null; } || true
fi
if command -v qemu-aarch64 >/dev/null 2>&1; then
  arm_python="$(bash "$here/debian-python.sh" "$venv.arm64" arm64 bookworm 3.11 | tail -n 1)"
  arm_site="$venv.arm64/site"
  # Installed for that interpreter by this pip (wheels only), then run under emulation.
  PATH="$(norust_path)" "$venv/bin/python" -m pip install -q --target "$arm_site" --only-binary=:all: \
    --python-version 3.11 --implementation cp --platform manylinux_2_28_aarch64 \
    --platform manylinux2014_aarch64 numpy==2.4.6 "$wheel_arm"
  PYTHONPATH="$arm_site" qemu-aarch64 -L "$venv.arm64/root" "$arm_python" \
    "$here/tests/wheel_smoke.py" --expect-abi3
  rm -rf "$venv.arm64"
else
  require "qemu-user is not installed (apt-get install qemu-user); the aarch64 wheel was not run"
fi
step "done"
