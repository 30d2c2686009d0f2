#!/usr/bin/env bash
# Checks the Windows DLL from C#: the Unity package's runtime (bindings/unity/Runtime) and its
# NUnit tests (bindings/unity/Tests/Runtime) are compiled with mcs, then every [Test] runs on
# .NET Core for Windows under Wine against the DLL (every game of each kind played to the end,
# the golden vectors, the bots, the error paths, all compared with the Rust engine), and once
# more under Mono on Linux against the Linux library; both runs must pass and print the same.
#
#   ffi/check-windows-csharp.sh DLL [LINUX_LIB_DIR]
#
# DLL: a dangian.dll (x86_64-pc-windows-gnu), e.g. bindings/unity/Plugins/Windows/x86_64/dangian.dll.
# LINUX_LIB_DIR: where libdangian_ffi.so is (default: target/dist, where build-plugins.sh
# builds the desktop plugins).
# The lines the tests expect from Rust are read from the file named by DANGIAN_EXPECTED, by
# default the one `cargo test -p dangian-ffi --test consumers` writes (target/debug/consumers/
# unity/expected.txt). NUnit's console runner does not run on .NET Core:
# ffi/tests/unity/RunTests.cs runs the tests by reflection (each after its fixture's [SetUp]).
# The .NET Core runtime for Windows (3.1.23) comes from the PyPI wheel dotnetcore2, fetched once
# with pip into a cache folder in the system's temporary folder and checked against its SHA-256.
# Needs mcs and mono (mono-mcs, mono-runtime), nunit.framework.dll 2.6
# (libnunit-framework2.6.3-cil), python3 with pip (python3-pip), x86_64-w64-mingw32-gcc
# (gcc-mingw-w64-x86-64) and wine64.
# With DANGIAN_REQUIRE_CONSUMERS=1 a missing tool fails the check; otherwise it is skipped with
# one line saying how to install it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dll=$(cd "$(dirname "${1:?usage: check-windows-csharp.sh DLL [LINUX_LIB_DIR]}")" && pwd)/$(basename "$1")
target=${CARGO_TARGET_DIR:-$root/target}
linux_lib=${2:-$target/dist}
expected=${DANGIAN_EXPECTED:-$target/debug/consumers/unity/expected.txt}
dotnet_version=3.1.23
wheel=dotnetcore2-$dotnet_version-py3-none-win_amd64.whl
wheel_sha256=e2528813677d7a080522336cb530442408d1e2aea76fa8657018fb532c03c252

skip() {
  msg="check-windows-csharp.sh: skipped the C# tests on .NET under Wine: $1"
  if [ "${DANGIAN_REQUIRE_CONSUMERS:-0}" = 1 ]; then echo "$msg (DANGIAN_REQUIRE_CONSUMERS=1)" >&2; exit 1; fi
  echo "$msg"; exit 0
}
wine=$(command -v wine64 || command -v wine || true)
[ -x /usr/lib/wine/wine64 ] && wine=${wine:-/usr/lib/wine/wine64}
[ -n "$wine" ] || skip "wine64 not found (apt-get install wine64)"
for tool in mcs:mono-mcs mono:mono-runtime x86_64-w64-mingw32-gcc:gcc-mingw-w64-x86-64; do
  command -v "${tool%%:*}" >/dev/null 2>&1 || skip "${tool%%:*} not found (apt-get install ${tool#*:})"
done
python3 -m pip --version >/dev/null 2>&1 || skip "pip not found (apt-get install python3-pip)"
nunit=$(ls /usr/lib/cli/nunit.framework-2.*/nunit.framework.dll 2>/dev/null | head -n1 || true)
[ -n "$nunit" ] || skip "nunit.framework.dll 2.6 not found (apt-get install libnunit-framework2.6.3-cil)"
if [ ! -f "$expected" ]; then
  echo "check-windows-csharp.sh: $expected is missing: run cargo test -p dangian-ffi --test consumers first (or name the file in DANGIAN_EXPECTED)" >&2
  exit 1
fi

# The runtime: fetched and unpacked once, kept in the system's temporary folder.
cache=${TMPDIR:-/tmp}/dangian-dotnetcore2-$dotnet_version
dotnet=$cache/dotnetcore2/bin/dotnet.exe
if [ ! -f "$dotnet" ]; then
  mkdir -p "$cache"
  if [ ! -f "$cache/$wheel" ]; then
    python3 -m pip download --quiet --disable-pip-version-check --no-deps --platform win_amd64 \
      --only-binary=:all: --dest "$cache" "dotnetcore2==$dotnet_version"
  fi
  if [ "$(sha256sum "$cache/$wheel" | cut -d' ' -f1)" != "$wheel_sha256" ]; then
    rm -f "$cache/$wheel"
    echo "check-windows-csharp.sh: $wheel does not have the SHA-256 expected" >&2
    exit 1
  fi
  unpack=$(mktemp -d "$cache/unpack.XXXXXX")
  python3 -m zipfile -e "$cache/$wheel" "$unpack"
  [ -f "$dotnet" ] || mv "$unpack/dotnetcore2" "$cache/dotnetcore2"
  rm -rf "$unpack"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mcs() { command mcs -langversion:7.2 -warnaserror -nologo "$@"; }
(
  cd "$work"
  # The runtime's sources, the generated typed classes (Runtime/Generated) among them.
  find "$root/bindings/unity/Runtime" -name '*.cs' | sort > runtime.txt
  mcs -target:library -out:Dangian.Runtime.dll @runtime.txt
  mcs -target:library -out:Dangian.Tests.dll -r:Dangian.Runtime.dll -r:"$nunit" \
    "$root"/bindings/unity/Tests/Runtime/*.cs
  mcs -out:RunTests.exe -r:"$nunit" "$root/ffi/tests/unity/RunTests.cs"
  cp "$nunit" .
)
declared=$(cat "$root"/bindings/unity/Tests/Runtime/*.cs | grep -c '\[Test\]')

# Linux: Mono against the Linux library, as the reference.
mkdir -p "$work/lib"
cp "$linux_lib/libdangian_ffi.so" "$work/lib/libdangian.so"
(cd "$work" && LD_LIBRARY_PATH="$work/lib" DANGIAN_EXPECTED="$expected" \
  mono RunTests.exe Dangian.Tests.dll) 2>"$work/mono.err" > "$work/linux.txt" || {
    cat "$work/linux.txt" "$work/mono.err" >&2
    echo "check-windows-csharp.sh: the C# tests failed under Mono on Linux" >&2; exit 1; }

# Windows: .NET Core (the assemblies built by mcs reference mscorlib, which .NET Core forwards)
# with the DLL as the package names it, beside the program.
cp "$dll" "$work/dangian.dll"
# Globalization in invariant mode (the tests set the invariant culture anyway): culture-aware
# string searches go to Wine's NLS functions otherwise, which take seconds on a long text.
cat > "$work/RunTests.runtimeconfig.json" <<JSON
{"runtimeOptions": {"tfm": "netcoreapp3.1",
  "framework": {"name": "Microsoft.NETCore.App", "version": "$dotnet_version"},
  "configProperties": {"System.Globalization.Invariant": true}}}
JSON
# The system DLLs Wine lacks and Rust's standard library imports (bcryptprimitives.dll).
bash "$root/ffi/wine-stand-ins.sh" "$work"
(cd "$work" && DANGIAN_EXPECTED="Z:${expected//\//\\}" WINEDEBUG=-all WINEPREFIX="$work/prefix" \
  "$wine" "$dotnet" RunTests.exe Dangian.Tests.dll) 2>"$work/wine.err" \
  | tr -d '\r' > "$work/windows.txt" || {
    cat "$work/windows.txt" "$work/wine.err" >&2
    echo "check-windows-csharp.sh: the C# tests failed on .NET under Wine" >&2; exit 1; }
grep -q "^runtime: .NET Core $dotnet_version on Microsoft Windows" "$work/wine.err" || {
  cat "$work/wine.err" >&2; echo "check-windows-csharp.sh: not run on .NET Core for Windows" >&2; exit 1; }

summary="tests run $declared, failed 0, ignored 0"
if ! grep -qx "$summary" "$work/windows.txt" || ! cmp -s "$work/linux.txt" "$work/windows.txt"; then
  diff "$work/linux.txt" "$work/windows.txt" | cut -c1-200 | head -20 >&2
  echo "check-windows-csharp.sh: expected \"$summary\" on both, the same lines on both" >&2
  exit 1
fi
echo "check-windows-csharp.sh: the Unity package's $declared tests pass on .NET Core $dotnet_version under Wine against the DLL, as under Mono on Linux"
