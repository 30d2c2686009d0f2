#!/usr/bin/env bash
# The Python package's CI: a fresh virtualenv with pinned tools and frameworks from PyPI, the
# package built and installed with `pip install ./bindings/python` (maturin, release), then
# mypy (strict) and pytest. Works from a clean clone; prints pytest's summary last.
#
#   bash bindings/python/ci.sh            # from anywhere
#   DANGIAN_REQUIRE_CONSUMERS=1 ...       # an optional framework that cannot be installed or
#                                         # imported fails the run instead of being skipped
#   DANGIAN_PY_VENV=DIR                   # where the virtualenv goes (default: a new temp dir)
#   PYTHON=python3.11                     # the interpreter (default: python3)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$here"
step() { printf '\n==> python: %s (%ss)\n' "$*" "$SECONDS"; }

# Versions checked to install together on CPython 3.11 (Linux x86_64).
TOOLS=(maturin==1.16.0 numpy==2.4.6 mypy==2.4.1 pytest==9.2.0 jsonschema==4.26.0)
FRAMEWORKS=(open_spiel==2.0.2 pettingzoo==1.27.0 gymnasium==1.4.0 "ray==2.60.0")

python="${PYTHON:-python3}"
if [ -n "${DANGIAN_PY_VENV:-}" ]; then
  venv="$DANGIAN_PY_VENV"
else
  venv="$(mktemp -d "${TMPDIR:-/tmp}/dangian-py.XXXXXX")"
  trap 'rm -rf "$venv"' EXIT   # a temporary virtualenv (ray alone is over 1 GB) goes away
fi
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

step "pip install ./bindings/python (maturin, release; the pinned maturin above)"
# Reuse the workspace's target directory when the caller set one; else the package's own.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target/python}"
if ! (cd "$root" && python -m pip install -v --no-build-isolation ./bindings/python > "$venv/build.log" 2>&1); then
  tail -n 60 "$venv/build.log" >&2
  echo "error: pip install ./bindings/python failed (the end of its log is above)" >&2
  exit 1
fi
grep -E 'Finished|Built wheel|Successfully installed' "$venv/build.log" || true
python -c "import dangian, sys; print('dangian', dangian.__version__, 'from', dangian.__file__)"
# The test below must import the installed package, not the source folder.
cd "$root"

step "rustfmt --check (the extension crate)"
command -v rustfmt >/dev/null 2>&1 || rustup component add rustfmt >/dev/null 2>&1 || true
cargo fmt --manifest-path "$here/Cargo.toml" -- --check

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
step "done"
