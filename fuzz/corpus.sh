#!/bin/sh
# The fuzz corpus is committed as one archive, fuzz/corpus.tar.gz (entries
# `<target>/<input>`), which `cargo test -p dangian-fuzz --test corpus` reads in memory.
#
#   fuzz/corpus.sh unpack   archive -> fuzz/corpus/<target>/ (for `cargo fuzz run <target>`)
#   fuzz/corpus.sh pack     fuzz/corpus/ -> archive (after a fuzzing run added inputs)
#
# fuzz/corpus/ is git-ignored. `pack` writes a reproducible archive (sorted names, no
# owners, times or modes of the machine), so packing the same files twice gives the same
# bytes (`pack` needs GNU tar and gzip). After `pack`, update the entry count and digest
# recorded in fuzz/tests/corpus.rs (the test prints the new ones when they differ).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
archive="$here/corpus.tar.gz"
dir="$here/corpus"

case "${1:-}" in
unpack)
    mkdir -p "$dir"
    # Existing files of the same name are overwritten with the archived bytes; inputs the
    # fuzzer added since are kept.
    tar -xzf "$archive" -C "$dir"
    echo "unpacked $(tar -tzf "$archive" | wc -l) inputs into $dir"
    ;;
pack)
    [ -d "$dir" ] || { echo "no $dir: run '$0 unpack' first" >&2; exit 1; }
    tmp="$archive.tmp"
    trap 'rm -f "$tmp" "$tmp.tar"' EXIT
    (
        cd "$dir"
        find . -type f ! -name '.*' | sed 's|^\./||' | LC_ALL=C sort |
            tar --no-recursion --owner=0 --group=0 --numeric-owner --mtime=@0 \
                --mode=0644 --format=gnu -cf "$tmp.tar" -T -
    )
    gzip -n -9 <"$tmp.tar" >"$tmp"
    mv "$tmp" "$archive"
    echo "packed $(tar -tzf "$archive" | wc -l) inputs into $archive"
    ;;
*)
    echo "usage: $0 unpack|pack" >&2
    exit 2
    ;;
esac
