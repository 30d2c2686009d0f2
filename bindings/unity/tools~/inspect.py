#!/usr/bin/env python3
"""Reads a native plugin that cannot run on this machine and prints what it is made of.

    inspect.py FILE

FILE is a Mach-O library (thin or universal, as for macOS), an ar archive of Mach-O objects
(the iOS static library) or of wasm objects (the WebGL static library). Prints, one per line:

    arch <name>                       each architecture (Mach-O: per slice or member)
    platform <name> minos <x.y.z>     Mach-O: the platform and minimum OS version recorded
    feature <+name|-name>             wasm: each target feature an object was compiled with
    export <symbol>                   a dylib: each name of its export trie; an object: each
                                      external symbol it defines (Mach-O: leading underscore
                                      removed)
Standard library only: no toolchain of the target platform is needed.
"""
import struct
import sys

CPU = {0x01000007: "x86_64", 0x0100000C: "arm64", 12: "armv7", 7: "i386"}
PLATFORM = {1: "macos", 2: "ios", 3: "tvos", 4: "watchos", 6: "maccatalyst", 7: "ios-simulator"}
LC_SYMTAB, LC_VERSION_MIN_MACOSX, LC_VERSION_MIN_IPHONEOS, LC_BUILD_VERSION = 0x2, 0x24, 0x25, 0x32
LC_DYLD_INFO_ONLY, LC_DYLD_EXPORTS_TRIE = 0x80000022, 0x80000033
MH_DYLIB = 6


def trie(data, start, size, out):
    """The names in a dylib's export trie: what dyld lets other images bind to."""
    pending = [(0, "")]
    while pending:
        node, prefix = pending.pop()
        i = start + node
        info, i = leb(data, i)
        if info:
            out.add("export " + (prefix[1:] if prefix.startswith("_") else prefix))
        i += info
        children = data[i]
        i += 1
        for _ in range(children):
            end = data.index(b"\0", i)
            label = data[i:end].decode()
            child, i = leb(data, end + 1)
            pending.append((child, prefix + label))


def version(v):
    return "%d.%d.%d" % (v >> 16, (v >> 8) & 0xFF, v & 0xFF)


def macho(data, out):
    magic = struct.unpack_from("<I", data)[0]
    if magic != 0xFEEDFACF:
        raise ValueError("not a 64-bit little-endian Mach-O file")
    cputype, _sub, ftype, ncmds, _size, _flags = struct.unpack_from("<iiIIII", data, 4)
    out.add("arch " + CPU.get(cputype & 0xFFFFFFFF, hex(cputype)))
    off = 32
    for _ in range(ncmds):
        cmd, size = struct.unpack_from("<II", data, off)
        if cmd == LC_BUILD_VERSION:
            platform, minos = struct.unpack_from("<II", data, off + 8)
            out.add("platform %s minos %s" % (PLATFORM.get(platform, platform), version(minos)))
        elif cmd in (LC_VERSION_MIN_MACOSX, LC_VERSION_MIN_IPHONEOS):
            minos = struct.unpack_from("<I", data, off + 8)[0]
            name = "macos" if cmd == LC_VERSION_MIN_MACOSX else "ios"
            out.add("platform %s minos %s" % (name, version(minos)))
        elif cmd == LC_DYLD_INFO_ONLY and ftype == MH_DYLIB:
            export_off, export_size = struct.unpack_from("<II", data, off + 40)
            trie(data, export_off, export_size, out)
        elif cmd == LC_DYLD_EXPORTS_TRIE and ftype == MH_DYLIB:
            export_off, export_size = struct.unpack_from("<II", data, off + 8)
            trie(data, export_off, export_size, out)
        elif cmd == LC_SYMTAB and ftype != MH_DYLIB:
            symoff, nsyms, stroff, _strsize = struct.unpack_from("<IIII", data, off + 8)
            for i in range(nsyms):
                strx, ntype, _sect, _desc, _value = struct.unpack_from("<IBBHQ", data, symoff + 16 * i)
                # N_EXT, not N_PEXT, not N_STAB, defined in a section (N_SECT).
                if ntype & 0x01 and not ntype & 0x10 and not ntype & 0xE0 and ntype & 0x0E == 0x0E:
                    end = data.index(b"\0", stroff + strx)
                    name = data[stroff + strx:end].decode()
                    out.add("export " + (name[1:] if name.startswith("_") else name))
        off += size


def leb(data, i):
    result = shift = 0
    while True:
        byte = data[i]
        i += 1
        result |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return result, i


def wasm(data, out):
    out.add("arch wasm32")
    i = 8
    while i < len(data):
        section = data[i]
        size, i = leb(data, i + 1)
        end = i + size
        if section == 0:
            n, j = leb(data, i)
            name = data[j:j + n].decode()
            j += n
            if name == "target_features":
                count, j = leb(data, j)
                for _ in range(count):
                    prefix = chr(data[j])
                    n, j = leb(data, j + 1)
                    out.add("feature " + prefix + data[j:j + n].decode())
                    j += n
            elif name == "linking":
                wasm_symbols(data, j, end, out)
        i = end


def wasm_symbols(data, j, end, out):
    """The linking section's symbol table: defined, non-local, non-hidden functions."""
    _version, j = leb(data, j)
    while j < end:
        kind = data[j]
        size, j = leb(data, j + 1)
        sub_end = j + size
        if kind == 8:  # WASM_SYMBOL_TABLE
            count, j = leb(data, j)
            for _ in range(count):
                skind = data[j]
                flags, j = leb(data, j + 1)
                undefined = flags & 0x10
                explicit = flags & 0x40
                if skind in (0, 2, 4, 5):  # function, global, event/tag, table
                    _index, j = leb(data, j)
                    name = None
                    if not undefined or explicit:
                        n, j = leb(data, j)
                        name = data[j:j + n].decode()
                        j += n
                    if skind == 0 and name and not undefined and not flags & 0x06:
                        out.add("export " + name)
                elif skind == 1:  # data
                    n, j = leb(data, j)
                    j += n
                    if not undefined:
                        for _ in range(3):
                            _v, j = leb(data, j)
                elif skind == 3:  # section
                    _v, j = leb(data, j)
        j = sub_end


def members(data):
    i = 8
    while i + 60 <= len(data):
        header = data[i:i + 60]
        name = header[:16].decode().strip()
        size = int(header[48:58])
        body = data[i + 60:i + 60 + size]
        if name.startswith("#1/"):  # BSD long name: the name leads the body
            n = int(name[3:])
            body = body[n:]
        yield body
        i += 60 + size + (size & 1)


def inspect(data, out):
    magic = data[:8]
    if magic == b"!<arch>\n":
        for body in members(data):
            if body[:4] == b"\0asm":
                wasm(body, out)
            elif body[:4] == b"\xcf\xfa\xed\xfe":
                macho(body, out)
    elif data[:4] == b"\xca\xfe\xba\xbe":
        count = struct.unpack_from(">I", data, 4)[0]
        for k in range(count):
            _cpu, _sub, offset, size, _align = struct.unpack_from(">iiIII", data, 8 + 20 * k)
            macho(data[offset:offset + size], out)
    elif data[:4] == b"\xcf\xfa\xed\xfe":
        macho(data, out)
    elif data[:4] == b"\0asm":
        wasm(data, out)
    else:
        raise ValueError("neither Mach-O, wasm nor an ar archive")


def main():
    out = set()
    with open(sys.argv[1], "rb") as f:
        inspect(f.read(), out)
    for line in sorted(out):
        print(line)


if __name__ == "__main__":
    main()
