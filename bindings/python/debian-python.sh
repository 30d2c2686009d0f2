#!/usr/bin/env bash
# A CPython from Debian's packages, unpacked into a folder without installing anything on the
# machine: used by ci.sh to test the wheels on a second Python version and, under qemu-user,
# on aarch64. The packages are downloaded with apt-get from the mirror this machine's apt
# already uses, through a private apt state in DIR/apt (the machine's own lists, sources
# and installed packages are left alone), and unpacked with `dpkg-deb -x` into DIR/root.
#
#   bindings/python/debian-python.sh DIR ARCH SUITE VERSION
#   e.g. debian-python.sh /tmp/py39 amd64 bullseye 3.9     # Debian 11's CPython 3.9
#        debian-python.sh /tmp/pyarm arm64 bookworm 3.11   # Debian 12's CPython 3.11, arm64
#
# Prints the interpreter's path last. For an amd64 one, run it with
# LD_LIBRARY_PATH=DIR/root/lib/x86_64-linux-gnu:DIR/root/usr/lib/x86_64-linux-gnu (the
# libraries of its suite that this machine lacks); for another architecture, with
# `qemu-<arch> -L DIR/root` (the root holds its own C library and loader).
set -euo pipefail
[ $# -eq 4 ] || { echo "usage: $0 DIR ARCH SUITE VERSION" >&2; exit 2; }
dir="$(mkdir -p "$1" && cd "$1" && pwd)"
arch="$2" suite="$3" version="$4"
root="$dir/root"
python="$root/usr/bin/python$version"
if [ -x "$python" ]; then
  echo "$python"
  exit 0
fi

# The mirror this machine's apt uses (deb822 or one-line sources), and Debian's keyring.
mirror="$(grep -hs '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{print $2}' | grep -v security | head -n 1)"
[ -n "$mirror" ] || mirror="$(grep -hs '^deb ' /etc/apt/sources.list | awk '{print $2}' | grep -v security | head -n 1)"
[ -n "$mirror" ] || { echo "error: no Debian mirror in /etc/apt/sources.list*" >&2; exit 1; }
keyring=/usr/share/keyrings/debian-archive-keyring.gpg

apt_dir="$dir/apt"
mkdir -p "$apt_dir/lists/partial" "$apt_dir/archives/partial" "$apt_dir/etc/parts" "$apt_dir/etc/prefs" "$root"
echo "deb [arch=$arch signed-by=$keyring] $mirror $suite main" > "$apt_dir/etc/sources.list"
: > "$apt_dir/status"
apt_opts=(
  -o "Dir::Etc::SourceList=$apt_dir/etc/sources.list" -o "Dir::Etc::SourceParts=$apt_dir/etc/parts"
  -o "Dir::Etc::PreferencesParts=$apt_dir/etc/prefs" -o "Dir::State::Lists=$apt_dir/lists"
  -o "Dir::State::status=$apt_dir/status" -o "Dir::Cache=$apt_dir/cache"
  -o "Dir::Cache::archives=$apt_dir/archives" -o "APT::Architecture=$arch"
  -o "APT::Architectures::=$arch" -o "Debug::NoLocking=1" -o "APT::Sandbox::User=root"
)
apt-get "${apt_opts[@]}" -qq update

# The interpreter, its standard library, and the libraries they and the modules the tests
# import (ssl, ctypes, decimal, sqlite3 are not among them but load cheaply) link against.
pkgs=("python$version-minimal" "libpython$version-minimal" "libpython$version-stdlib"
      libexpat1 zlib1g libbz2-1.0 liblzma5 libuuid1 libsqlite3-0
      libncursesw6 libtinfo6 libreadline8 libcrypt1)
case "$suite" in
  bullseye) pkgs+=(libssl1.1 libffi7 libmpdec3) ;;
  *) pkgs+=(libssl3 libffi8) ;;
esac
if [ "$arch" != "$(dpkg --print-architecture)" ]; then
  # A foreign root runs under qemu-user with its own C library, loader and C++ runtime.
  pkgs+=(libc6 libgcc-s1 libstdc++6)
fi
(cd "$apt_dir/archives" && apt-get "${apt_opts[@]}" -qq download "${pkgs[@]}")
for deb in "$apt_dir"/archives/*.deb; do
  dpkg-deb -x "$deb" "$root"
done
[ -x "$python" ] || { echo "error: $python was not unpacked" >&2; exit 1; }
echo "$python"
