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
#   webgl    wasm32-unknown-emscripten     Emscripten's emcc (apt-get install emscripten; the
#                                          version must match the Unity release's)
#                                                                        Plugins/WebGL/libdangian.a
#   android  aarch64-linux-android         the Android NDK's clang: set ANDROID_NDK_HOME
#                                                                        Plugins/Android/arm64-v8a/libdangian.so
#   ios      aarch64-apple-ios             Xcode (on macOS)              Plugins/iOS/libdangian.a
#   macos    aarch64-apple-darwin and x86_64-apple-darwin, joined by lipo (on macOS)
#                                                                        Plugins/macOS/libdangian.dylib
# iOS and WebGL link the static library into the app: the package imports from "__Internal"
# there (Native.Lib).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
target_dir=${CARGO_TARGET_DIR:-$root/target}
build() { (cd "$root" && cargo build --release -p dangian-ffi "$@"); }
put() { mkdir -p "$here/Plugins/$2" && cp "$1" "$here/Plugins/$2/$3" && echo "Plugins/$2/$3"; }

for platform in ${*:-linux}; do
  case $platform in
    linux)
      build
      put "$target_dir/release/libdangian_ffi.so" Linux/x86_64 libdangian.so ;;
    windows)
      build --target x86_64-pc-windows-gnu
      put "$target_dir/x86_64-pc-windows-gnu/release/dangian_ffi.dll" Windows/x86_64 dangian.dll ;;
    webgl)
      build --target wasm32-unknown-emscripten
      put "$target_dir/wasm32-unknown-emscripten/release/libdangian_ffi.a" WebGL libdangian.a ;;
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
