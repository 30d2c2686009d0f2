#!/bin/sh
# Builds the native dangian library into this package's Plugins/<platform>/ folders, and checks
# each library built: its architecture, that it exports exactly the functions of
# include/dangian.h, and (Mach-O) the minimum OS version it records.
#
#   bindings/unity/build-plugins.sh            # the platform of this machine (Linux x86_64)
#   bindings/unity/build-plugins.sh linux windows webgl macos ios android
#
# Each platform needs its Rust target (`rustup target add …`) and, across platforms, a linker:
#   linux    x86_64-unknown-linux-gnu    the host toolchain      Plugins/Linux/x86_64/libdangian.so
#   windows  x86_64-pc-windows-gnu       mingw-w64 (apt-get install gcc-mingw-w64-x86-64)
#                                                                Plugins/Windows/x86_64/dangian.dll
#   webgl    wasm32-unknown-emscripten   the rust-src component (`rustup component add rust-src`):
#            the static library only (Unity's own Emscripten links it into the player), with the
#            standard library rebuilt for the WebAssembly Unity's Emscripten accepts: MVP
#            features only (`-C target-cpu=mvp`) and no wasm exception handling
#            (`panic=abort`); the prebuilt standard library of this target uses both.
#                                                                Plugins/WebGL/libdangian.a
#   macos    aarch64-apple-darwin and x86_64-apple-darwin, joined into one universal library
#            by lipo (or llvm-lipo, Debian's llvm). On macOS: Xcode's command line tools.
#            Elsewhere: zig and cargo-zigbuild (`pip install ziglang cargo-zigbuild`), whose
#            stubs of libSystem suffice for this library (it needs no other framework), and
#            rust-src: zig does not apply rustc's exported-symbols list, so Rust's symbols are
#            hidden at compile time (-Z default-visibility=hidden, standard library rebuilt).
#                                                                Plugins/macOS/libdangian.dylib
#   ios      aarch64-apple-ios           a static library: nothing more than the Rust target
#            (Xcode links it into the app)                       Plugins/iOS/libdangian.a
#   android  aarch64-linux-android and armv7-linux-androideabi: the Android NDK's clang, found
#            under ANDROID_NDK_HOME (API level 21, Unity's minimum)
#                                          Plugins/Android/arm64-v8a/libdangian.so
#                                          Plugins/Android/armeabi-v7a/libdangian.so
# iOS and WebGL link the static library into the app: the package imports from "__Internal"
# there (Native.Lib). Every plugin's import settings (which platform, which CPU) are in its
# committed .meta file beside it.
#
# The desktop plugins (Linux, Windows, macOS) are the C SDK's libraries (the `dist` profile:
# release code with line tables), stripped; the SDK archives keep their debug info.
#
# Minimum OS versions: macOS 10.13 and iOS 12.0 (MACOSX_DEPLOYMENT_TARGET and
# IPHONEOS_DEPLOYMENT_TARGET, Unity 2021.3's minimums), checked in the built libraries.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
target_dir=${CARGO_TARGET_DIR:-$root/target}
# The builds that rebuild the standard library (WebGL; macOS cross-linked by zig) need
# RUSTC_BOOTSTRAP, which changes the host's build scripts and macros too: they get a target
# folder of their own, so that they and the other builds do not rebuild each other.
std_dir=$target_dir/build-std
export MACOSX_DEPLOYMENT_TARGET=${MACOSX_DEPLOYMENT_TARGET:-10.13}
export IPHONEOS_DEPLOYMENT_TARGET=${IPHONEOS_DEPLOYMENT_TARGET:-12.0}
inspect() { python3 "$here/tools~/inspect.py" "$1"; }
build() { (cd "$root" && cargo build --release -p dangian-ffi "$@"); }
build_dist() { (cd "$root" && cargo build --profile dist -p dangian-ffi "$@"); }
put() { mkdir -p "$here/Plugins/$2" && cp "$1" "$here/Plugins/$2/$3" && echo "Plugins/$2/$3 ($(wc -c <"$here/Plugins/$2/$3") bytes)"; }
fail() { echo "build-plugins.sh: $*" >&2; exit 1; }
# The functions the header declares, one per line.
declared() { grep -o '\bdg_[a-z0-9_]*(' "$root/include/dangian.h" | tr -d '(' | sort -u; }
# check_exports FILE EXPORTED: EXPORTED (one symbol a line) must be exactly the header's
# functions; for a static library, EXPORTED is its dg_ symbols (the rest is Rust's own code).
check_exports() {
  if [ "$2" != "$(declared)" ]; then
    echo "build-plugins.sh: $1 does not export exactly the functions of include/dangian.h:" >&2
    echo "$2" | diff - "$(declared_file)" | grep '^[<>]' >&2 || true
    exit 1
  fi
  echo "  exports exactly the $(declared | wc -l) functions of include/dangian.h"
}
declared_file() { f=$(mktemp) && declared >"$f" && echo "$f"; }
# check_arch FILE WHAT EXPECTED: WHAT (the tool's description of FILE) must contain EXPECTED.
check_arch() {
  echo "$2" | grep -q "$3" || fail "$1 is not $3: $2"
  echo "  $3"
}
# check_lines FILE EXPECTED...: every expected line is in inspect.py's description of FILE.
check_lines() {
  file=$1
  shift
  described=$(inspect "$file")
  for line in "$@"; do
    echo "$described" | grep -qx "$line" || fail "$file: no \"$line\" in: $(echo "$described" | grep -v '^export')"
    echo "  $line"
  done
}
exported() { inspect "$1" | sed -n 's/^export //p' | sort -u; }
dg_only() { grep '^dg_' || true; }
lipo_tool() { command -v lipo || command -v llvm-lipo || ls /usr/bin/llvm-lipo-* 2>/dev/null | head -n 1; }
android_build() {
  : "${ANDROID_NDK_HOME:?set ANDROID_NDK_HOME to the Android NDK (r23 or later)}"
  bin=$(echo "$ANDROID_NDK_HOME"/toolchains/llvm/prebuilt/*/bin)
  CARGO_TARGET_AARCH64_LINUX_ANDROID_LINKER="$bin/aarch64-linux-android21-clang" \
    CARGO_TARGET_ARMV7_LINUX_ANDROIDEABI_LINKER="$bin/armv7a-linux-androideabi21-clang" \
    build --target "$1"
}

for platform in ${*:-linux}; do
  case $platform in
    linux)
      build_dist
      so=$here/Plugins/Linux/x86_64/libdangian.so
      put "$target_dir/dist/libdangian_ffi.so" Linux/x86_64 libdangian.so
      strip --strip-unneeded "$so" && echo "  stripped: $(wc -c <"$so") bytes"
      check_arch "$so" "$(readelf -h "$so" | grep Machine)" "X86-64"
      check_exports "$so" "$(nm -D --defined-only "$so" | awk '$2 == "T" { print $3 }' | sort -u)" ;;
    windows)
      build_dist --target x86_64-pc-windows-gnu
      dll=$here/Plugins/Windows/x86_64/dangian.dll
      put "$target_dir/x86_64-pc-windows-gnu/dist/dangian_ffi.dll" Windows/x86_64 dangian.dll
      x86_64-w64-mingw32-strip --strip-unneeded "$dll" && echo "  stripped: $(wc -c <"$dll") bytes"
      check_arch "$dll" "$(x86_64-w64-mingw32-objdump -f "$dll")" "pei-x86-64"
      # The export table's names: the lines after "[Ordinal/Name Pointer] Table".
      check_exports "$dll" "$(x86_64-w64-mingw32-objdump -p "$dll" \
        | sed -n '/Ordinal\/Name Pointer\] Table/,/^$/p' | sed -n 's/^[[:space:]]*\[ *[0-9]*\] //p' \
        | sort -u)" ;;
    webgl)
      (cd "$root" && CARGO_TARGET_DIR="$std_dir" RUSTC_BOOTSTRAP=1 \
        CARGO_TARGET_WASM32_UNKNOWN_EMSCRIPTEN_RUSTFLAGS="-C panic=abort -C target-cpu=mvp" \
        cargo rustc --release -p dangian-ffi --target wasm32-unknown-emscripten \
        -Z build-std=std,panic_abort --crate-type staticlib)
      a=$here/Plugins/WebGL/libdangian.a
      put "$std_dir/wasm32-unknown-emscripten/release/libdangian_ffi.a" WebGL libdangian.a
      check_lines "$a" "arch wasm32"
      # MVP: no object may have been compiled with a feature enabled ("+name").
      if inspect "$a" | grep '^feature +'; then fail "$a uses WebAssembly features past the MVP"; fi
      echo "  WebAssembly MVP features only (no exception handling)"
      check_exports "$a" "$(exported "$a" | dg_only)" ;;
    macos)
      lipo=$(lipo_tool)
      [ -n "$lipo" ] || fail "lipo or llvm-lipo is needed to join the macOS libraries (apt-get install llvm)"
      for target in aarch64-apple-darwin x86_64-apple-darwin; do
        # Apple silicon starts at macOS 11.0.
        minos=$MACOSX_DEPLOYMENT_TARGET
        [ "$target" = x86_64-apple-darwin ] || minos=11.0
        if [ "$(uname -s)" = Darwin ]; then
          (export CARGO_TARGET_DIR="$std_dir" MACOSX_DEPLOYMENT_TARGET=$minos; build_dist --target "$target")
        else
          # zig's linker does not apply rustc's exported-symbols list: hide every Rust symbol
          # at compile time instead, the standard library's too (rebuilt, with rust-src).
          flags=CARGO_TARGET_$(echo "$target" | tr a-z- A-Z_)_RUSTFLAGS
          (cd "$root" && env CARGO_TARGET_DIR="$std_dir" MACOSX_DEPLOYMENT_TARGET="$minos" RUSTC_BOOTSTRAP=1 \
            "$flags=-Z default-visibility=hidden" \
            cargo zigbuild --profile dist -p dangian-ffi --target "$target" -Z build-std=std)
        fi
      done
      mkdir -p "$here/Plugins/macOS"
      dylib=$here/Plugins/macOS/libdangian.dylib
      "$lipo" -create -output "$dylib" \
        "$std_dir/aarch64-apple-darwin/dist/libdangian_ffi.dylib" \
        "$std_dir/x86_64-apple-darwin/dist/libdangian_ffi.dylib"
      # Only the exported symbols stay (no local symbols, no debug map).
      strip_tool=$(command -v strip)
      [ "$(uname -s)" = Darwin ] || strip_tool=$(command -v llvm-strip || ls /usr/bin/llvm-strip-* 2>/dev/null | head -n 1)
      [ -n "$strip_tool" ] || fail "llvm-strip is needed to strip the macOS library (apt-get install llvm)"
      "$strip_tool" -x -S "$dylib"
      echo "Plugins/macOS/libdangian.dylib ($(wc -c <"$dylib") bytes)"
      check_lines "$dylib" "arch arm64" "arch x86_64" "platform macos minos 11.0.0" \
        "platform macos minos $MACOSX_DEPLOYMENT_TARGET.0"
      if inspect "$dylib" | grep '^arch ' | grep -vx -e 'arch arm64' -e 'arch x86_64'; then fail "$dylib holds another architecture"; fi
      # Besides the header's functions, zig's linker exports the image's own header symbols
      # and compiler-rt's OS version checks (Apple's linker keeps these too, unexported).
      check_exports "$dylib" "$(exported "$dylib" | grep -vx -e __dso_handle -e _mh_dylib_header \
        -e __isOSVersionAtLeast -e __isPlatformVersionAtLeast)" ;;
    ios)
      (cd "$root" && cargo rustc --release -p dangian-ffi --target aarch64-apple-ios --crate-type staticlib)
      a=$here/Plugins/iOS/libdangian.a
      put "$target_dir/aarch64-apple-ios/release/libdangian_ffi.a" iOS libdangian.a
      # This crate's objects record IPHONEOS_DEPLOYMENT_TARGET; Rust's prebuilt standard
      # library records its own lower default (10.0), which any app's target satisfies.
      check_lines "$a" "arch arm64" "platform ios minos $IPHONEOS_DEPLOYMENT_TARGET.0"
      if inspect "$a" | grep '^platform ' | grep -v '^platform ios '; then fail "$a holds objects for another platform"; fi
      if inspect "$a" | grep '^arch ' | grep -vx 'arch arm64'; then fail "$a holds another architecture"; fi
      check_exports "$a" "$(exported "$a" | dg_only)" ;;
    android)
      for abi in arm64-v8a:aarch64-linux-android:AArch64 armeabi-v7a:armv7-linux-androideabi:ARM; do
        folder=${abi%%:*} rest=${abi#*:}
        target=${rest%%:*} machine=${rest#*:}
        android_build "$target"
        so=$here/Plugins/Android/$folder/libdangian.so
        put "$target_dir/$target/release/libdangian_ffi.so" "Android/$folder" libdangian.so
        check_arch "$so" "$(readelf -h "$so" | grep Machine)" "$machine"
        check_exports "$so" "$(nm -D --defined-only "$so" | awk '$2 == "T" { print $3 }' | sort -u)"
      done ;;
    *)
      fail "unknown platform $platform (linux windows webgl macos ios android)" ;;
  esac
done
