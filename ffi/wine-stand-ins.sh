#!/usr/bin/env bash
# Puts beside a Windows program, in DIR, the system DLLs Wine lacks and Rust's standard
# library imports: ProcessPrng from bcryptprimitives.dll, which Windows 10 and later have but
# Wine before 9.0 (Debian 12 has 8.0) does not. The stand-in calls RtlGenRandom. Nothing is
# written where Wine has the DLL.
#
#   ffi/wine-stand-ins.sh DIR        (needs x86_64-w64-mingw32-gcc)
set -euo pipefail
dir=${1:?usage: wine-stand-ins.sh DIR}
if find /usr/lib*/ /opt 2>/dev/null -path '*wine*' -name bcryptprimitives.dll | grep -q .; then
  exit 0
fi
cat > "$dir/bcryptprimitives.c" <<'C'
#include <windows.h>
BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);
BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    while (len > 0) {
        ULONG n = len > 0x7fffffff ? 0x7fffffff : (ULONG)len;
        if (!SystemFunction036(data, n)) return FALSE;
        data += n;
        len -= n;
    }
    return TRUE;
}
C
printf 'LIBRARY bcryptprimitives.dll\nEXPORTS\nProcessPrng\n' > "$dir/bcryptprimitives.def"
x86_64-w64-mingw32-gcc -shared -O1 -o "$dir/bcryptprimitives.dll" "$dir/bcryptprimitives.c" \
  "$dir/bcryptprimitives.def" -ladvapi32
rm -f "$dir/bcryptprimitives.c" "$dir/bcryptprimitives.def"
