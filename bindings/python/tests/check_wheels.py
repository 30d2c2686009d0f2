"""Static checks of built wheels, for the platforms where they cannot be run here.

For every `dangian-*.whl` in the folder: the wheel's tag is abi3 for CPython 3.9 and later,
the extension inside is named for the stable ABI, and its binary is of the platform the tag
names: the architecture (ELF, Mach-O or PE header), the init function `PyInit__dangian`
exported, and
- Linux: no glibc symbol version newer than the manylinux tag allows;
- macOS: the minimum macOS version the tag names, an ad-hoc code signature on arm64, and only
  system libraries loaded;
- Windows: `python3.dll` imported (the stable ABI), no versioned `python3X.dll`, no MinGW
  runtime DLL.
Standard library only. Prints one line per wheel and, last, `wheels: N passed, M failed`.

    python bindings/python/tests/check_wheels.py DIR
"""

from __future__ import annotations

import re
import struct
import sys
import zipfile
from pathlib import Path

INIT = "PyInit__dangian"


class Bad(Exception):
    pass


def check(cond: bool, what: str) -> None:
    if not cond:
        raise Bad(what)


def cstr(data: bytes, at: int) -> str:
    return data[at : data.index(b"\0", at)].decode("utf-8", "replace")


def check_elf(data: bytes, tag: str) -> str:
    check(data[:4] == b"\x7fELF" and data[4] == 2 and data[5] == 1, "not a 64-bit LE ELF file")
    machine = struct.unpack_from("<H", data, 18)[0]
    want = 183 if tag.endswith("_aarch64") else 62 if tag.endswith("_x86_64") else -1
    check(machine == want, f"ELF machine {machine}, the tag wants {want}")
    shoff, = struct.unpack_from("<Q", data, 40)
    shentsize, shnum = struct.unpack_from("<HH", data, 58)
    sections = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    exported = False
    for sh in sections:
        if sh[1] != 11:  # SHT_DYNSYM
            continue
        strtab = sections[sh[6]]
        for off in range(sh[4], sh[4] + sh[5], 24):
            name, info, _, shndx = struct.unpack_from("<IBBH", data, off)
            if shndx != 0 and info >> 4 == 1 and cstr(data, strtab[4] + name) == INIT:
                exported = True
    check(exported, f"{INIT} is not exported")
    glibc = max(
        (tuple(int(p) for p in m.group(1).split(b".")) for m in re.finditer(rb"GLIBC_([0-9.]+)\0", data)),
        default=(2, 0),
    )
    m = re.search(r"manylinux_(\d+)_(\d+)", tag)
    check(m is not None, "no manylinux_X_Y tag")
    assert m is not None
    allowed = (int(m.group(1)), int(m.group(2)))
    check(glibc <= allowed, f"needs glibc {glibc}, the tag promises {allowed}")
    return f"ELF machine {machine}, exports {INIT}, glibc symbols up to {'.'.join(map(str, glibc))}"


def check_macho(data: bytes, tags: list[str]) -> str:
    """A thin Mach-O file, or a fat one (universal2) whose every slice is checked."""
    if data[:4] != b"\xca\xfe\xba\xbe":
        return check_macho_slice(data, tags)
    count = struct.unpack_from(">I", data, 4)[0]
    slices = [struct.unpack_from(">IIII", data, 8 + 20 * i) for i in range(count)]
    arches = {m.group(1) for t in tags if (m := re.search(r"macosx_\d+_\d+_(\w+)$", t))}
    arches.discard("universal2")
    found = [check_macho_slice(data[off : off + size], tags) for _, _, off, size in slices]
    check(len(found) == len(arches), f"{len(found)} slices for the tags' {sorted(arches)}")
    return "fat: " + "; ".join(found)


def check_macho_slice(data: bytes, tags: list[str]) -> str:
    magic, cputype = struct.unpack_from("<II", data, 0)
    check(magic == 0xFEEDFACF, "not a 64-bit Mach-O file")
    arch = {0x01000007: "x86_64", 0x0100000C: "arm64"}.get(cputype, hex(cputype))
    matches = [m for t in tags if (m := re.search(r"macosx_(\d+)_(\d+)_(\w+)$", t))]
    check(bool(matches), "no macosx tag")
    m = next((m for m in matches if m.group(3) == arch), None)
    check(m is not None, f"Mach-O {arch}, the tags say {[m.group(3) for m in matches]}")
    assert m is not None
    ncmds, = struct.unpack_from("<I", data, 16)
    off, minos, signed, exported, dylibs = 32, None, False, False, []
    for _ in range(ncmds):
        cmd, size = struct.unpack_from("<II", data, off)
        if cmd == 0x32:  # LC_BUILD_VERSION
            v = struct.unpack_from("<I", data, off + 12)[0]
            minos = (v >> 16, (v >> 8) & 0xFF)
        elif cmd == 0x24:  # LC_VERSION_MIN_MACOSX
            v = struct.unpack_from("<I", data, off + 8)[0]
            minos = (v >> 16, (v >> 8) & 0xFF)
        elif cmd == 0x1D:  # LC_CODE_SIGNATURE
            signed = True
        elif cmd == 0x0C:  # LC_LOAD_DYLIB
            dylibs.append(cstr(data, off + struct.unpack_from("<I", data, off + 8)[0]))
        elif cmd == 0x02:  # LC_SYMTAB
            symoff, nsyms, stroff = struct.unpack_from("<III", data, off + 8)
            for i in range(nsyms):
                strx, ntype = struct.unpack_from("<IB", data, symoff + 16 * i)
                if ntype & 0x0F == 0x0F and cstr(data, stroff + strx) == "_" + INIT:
                    exported = True
        off += size
    want = (int(m.group(1)), int(m.group(2)))
    check(minos == want, f"minimum macOS {minos}, the tag says {want}")
    check(exported, f"{INIT} is not exported")
    check(arch != "arm64" or signed, "arm64 code without a code signature does not load")
    foreign = [d for d in dylibs if not d.startswith(("/usr/lib/", "/System/"))]
    check(not foreign, f"loads non-system libraries {foreign}")
    return (
        f"Mach-O {arch}, macOS {want[0]}.{want[1]}+, exports {INIT}"
        f"{', signed' if signed else ''}, loads {', '.join(d.rsplit('/', 1)[-1] for d in dylibs)}"
    )


def check_pe(data: bytes, tag: str) -> str:
    check(data[:2] == b"MZ", "not a PE file")
    pe, = struct.unpack_from("<I", data, 0x3C)
    check(data[pe : pe + 4] == b"PE\0\0", "no PE header")
    machine, nsect, _, _, _, optsize = struct.unpack_from("<HHIIIH", data, pe + 4)
    check(machine == 0x8664 and tag.endswith("win_amd64"), f"PE machine {machine:#x}")
    opt = pe + 24
    check(struct.unpack_from("<H", data, opt)[0] == 0x20B, "not PE32+")
    exp_rva, _, imp_rva, _ = struct.unpack_from("<IIII", data, opt + 112)
    sects = [struct.unpack_from("<8sIIII", data, opt + optsize + 40 * i) for i in range(nsect)]

    def at(rva: int) -> int:
        for _, vsize, vaddr, rawsize, rawptr in sects:
            if vaddr <= rva < vaddr + max(vsize, rawsize):
                return int(rva - vaddr + rawptr)
        raise Bad(f"RVA {rva:#x} in no section")

    # The export directory: the number of names at 24, the table of name RVAs at 32.
    nnames = struct.unpack_from("<I", data, at(exp_rva) + 24)[0]
    names = struct.unpack_from("<I", data, at(exp_rva) + 32)[0]
    exports = [cstr(data, at(struct.unpack_from("<I", data, at(names) + 4 * i)[0])) for i in range(nnames)]
    check(INIT in exports, f"{INIT} is not exported")
    dlls, off = [], at(imp_rva)
    while True:
        name_rva = struct.unpack_from("<I", data, off + 12)[0]
        if name_rva == 0:
            break
        dlls.append(cstr(data, at(name_rva)).lower())
        off += 20
    check("python3.dll" in dlls, "python3.dll (the stable ABI) is not imported")
    versioned = [d for d in dlls if re.fullmatch(r"python3\d+\.dll", d)]
    check(not versioned, f"imports {versioned}: not the stable ABI")
    mingw = [d for d in dlls if d.startswith(("libgcc", "libwinpthread", "libstdc++"))]
    check(not mingw, f"needs the MinGW runtime {mingw}")
    return f"PE32+ x86-64, exports {INIT}, imports {', '.join(dlls)}"


def check_wheel(path: Path) -> str:
    with zipfile.ZipFile(path) as z:
        meta = next(n for n in z.namelist() if n.endswith(".dist-info/WHEEL"))
        tags = [line.split(": ", 1)[1] for line in z.read(meta).decode().splitlines() if line.startswith("Tag: ")]
        check(bool(tags) and all(t.startswith("cp39-abi3-") for t in tags), f"tags {tags}: not cp39-abi3")
        exts = [n for n in z.namelist() if re.fullmatch(r"dangian/_dangian\.[^/]+", n) and not n.endswith(".pyi")]
        check(len(exts) == 1, f"extension modules {exts}")
        ext, data = exts[0], z.read(exts[0])
    tag = tags[-1]
    if "manylinux" in tag:
        check(ext.endswith(".abi3.so"), f"{ext}: not named for the stable ABI")
        return check_elf(data, tag)
    if "macosx" in tag:
        check(ext.endswith(".abi3.so"), f"{ext}: not named for the stable ABI")
        return check_macho(data, tags)
    if "win" in tag:
        check(ext.endswith(".pyd") and ext.count(".") == 1, f"{ext}: not named for the stable ABI")
        return check_pe(data, tag)
    raise Bad(f"unknown platform tag {tag}")


def main(folder: str) -> int:
    passed = failed = 0
    wheels = sorted(Path(folder).glob("dangian-*.whl"))
    if not wheels:
        print(f"no dangian-*.whl in {folder}", file=sys.stderr)
        return 1
    for wheel in wheels:
        try:
            print(f"ok   {wheel.name}: {check_wheel(wheel)}")
            passed += 1
        except (Bad, KeyError, ValueError, IndexError, struct.error) as e:
            print(f"FAIL {wheel.name}: {e}")
            failed += 1
    print(f"wheels: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
