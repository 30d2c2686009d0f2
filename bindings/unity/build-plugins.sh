#!/bin/sh
# Builds the native dangian library into this package's Plugins/<platform>/ folders.
#
#   bindings/unity/build-plugins.sh            # the platform of this machine (Linux x86_64)
#   bindings/unity/build-plugins.sh linux windows webgl android ios macos
#
# Each platform needs its Rust target (`rustup target add …`) and, across platforms, a linker:
#   linux    x86_64-unknown-linux-gnu      the host toolchain            Plugins/Linux/x86_64/libdangian.so
#   windows  x86_64-pc-windows-gnu         mingw-w64 (apt-get install gcc-mingw-w64-x86-64)
#                                                                        Plugins/Windows/x86_64/dangian.dll
#   webgl    wasm32-unknown-emscripten     nothing more: only the static library is built (Unity's
#                                          own Emscripten links it into the player)
#                                                                        Plugins/WebGL/libdangian.a
#   android  aarch64-linux-android         the Android NDK's clang: set ANDROID_NDK_HOME
#                                                                        Plugins/Android/arm64-v8a/libdangian.so
#   ios      aarch64-apple-ios             Xcode (on macOS)              Plugins/iOS/libdangian.a
#   macos    aarch64-apple-darwin and x86_64-apple-darwin, joined by lipo (on macOS)
#                                                                        Plugins/macOS/libdangian.dylib
# iOS and WebGL link the static library into the app: the package imports from "__Internal"
# there (Native.Lib).
#
# Every library built is checked to export each function of include/dangian.h (a plugin
# missing one would fail only when a player's device first calls it).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
target_dir=${CARGO_TARGET_DIR:-$root/target}
build() { (cd "$root" && cargo build --release -p dangian-ffi "$@"); }
put() { mkdir -p "$here/Plugins/$2" && cp "$1" "$here/Plugins/$2/$3" && echo "Plugins/$2/$3"; }
# The functions the header declares, one per line.
declared() { grep -o '\bdg_[a-z0-9_]*(' "$root/include/dangian.h" | tr -d '(' | sort -u; }
# check_exports FILE LISTER: fails naming every declared function that LISTER's output lacks.
check_exports() {
  exported=$($2 "$1" | grep -o '\bdg_[a-z0-9_]*' | sort -u)
  missing=$(declared | while read -r f; do echo "$exported" | grep -qx "$f" || echo "$f"; done)
  if [ -n "$missing" ]; then
    echo "build-plugins.sh: $1 does not export:" $missing >&2
    exit 1
  fi
  echo "  exports all $(declared | wc -l) functions of include/dangian.h"
}
elf_exports() { nm -D --defined-only "$1"; }
pe_exports() { x86_64-w64-mingw32-objdump -p "$1"; }
# A wasm archive: GNU nm cannot read wasm objects, but every exported name is in their symbol
# tables as text.
wasm_exports() { strings -a "$1"; }

for platform in ${*:-linux}; do
  case $platform in
    linux)
      build
      put "$target_dir/release/libdangian_ffi.so" Linux/x86_64 libdangian.so
      check_exports "$here/Plugins/Linux/x86_64/libdangian.so" elf_exports ;;
    windows)
      build --target x86_64-pc-windows-gnu
      put "$target_dir/x86_64-pc-windows-gnu/release/dangian_ffi.dll" Windows/x86_64 dangian.dll
      check_exports "$here/Plugins/Windows/x86_64/dangian.dll" pe_exports ;;
    webgl)
      # Only the static library: the crate's cdylib would need emcc to link.
      (cd "$root" && cargo rustc --release -p dangian-ffi --target wasm32-unknown-emscripten \
        --crate-type staticlib)
      put "$target_dir/wasm32-unknown-emscripten/release/libdangian_ffi.a" WebGL libdangian.a
      check_exports "$here/Plugins/WebGL/libdangian.a" wasm_exports ;;
    android)
      : "${ANDROID_NDK_HOME:?set ANDROID_NDK_HOME to the Android NDK}"
      bin=$(echo "$ANDROID_NDK_HOME"/toolchains/llvm/prebuilt/*/bin)
      CARGO_TARGET_AARCH64_LINUX_ANDROID_LINKER="$bin/aarch64-linux-android21-clang" \
        build --target aarch64-linux-android
      put "$target_dir/aarch64-linux-android/release/libdangian_ffi.so" Android/arm64-v8a libdangian.so ;;
    ios)
      build --target aarch64-apple-ios
      put "$target_dir/aarch64-apple-ios/release/libdangian_ffi.a" iOS libdangian.a ;;
    macos)
      build --target aarch64-apple-darwin
      build --target x86_64-apple-darwin
      mkdir -p "$here/Plugins/macOS"
      lipo -create -output "$here/Plugins/macOS/libdangian.dylib" \
        "$target_dir/aarch64-apple-darwin/release/libdangian_ffi.dylib" \
        "$target_dir/x86_64-apple-darwin/release/libdangian_ffi.dylib"
      echo Plugins/macOS/libdangian.dylib ;;
    *)
      echo "build-plugins.sh: unknown platform $platform (linux windows webgl android ios macos)" >&2
      exit 2 ;;
  esac
done
