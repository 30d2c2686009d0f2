//! The committed C header is exactly what cbindgen generates from `ffi/src`, declares every
//! exported symbol of the built library, and carries the versions of this release.
//!
//! After changing `ffi/src`, regenerate it with
//! `DANGIAN_BLESS=1 cargo test -p dangian-ffi --test header`.

// SAFETY (every `unsafe` block of this file): the block calls the C ABI with pointers that
// are NULL or valid for what the header says (live handles, writable out-parameters, buffers
// of the given capacity), which is the whole of its contract; the tests pass NULLs and bad
// lengths on purpose, which the library checks.
#![allow(clippy::undocumented_unsafe_blocks)]

mod common;

use std::process::Command;

use common::{build_dir, ffi_dir, have_tools, repo_root};

fn committed_header() -> String {
    std::fs::read_to_string(repo_root().join("include/dangian.h"))
        .expect("include/dangian.h exists")
}

#[test]
fn header_is_current() {
    let config =
        cbindgen::Config::from_file(ffi_dir().join("cbindgen.toml")).expect("cbindgen.toml");
    let mut generated = Vec::new();
    cbindgen::Builder::new()
        .with_crate(ffi_dir())
        .with_config(config)
        .generate()
        .expect("cbindgen generates the header")
        .write(&mut generated);
    let generated = c89(&String::from_utf8(generated).expect("UTF-8 header"));
    let path = repo_root().join("include/dangian.h");
    if std::env::var_os("DANGIAN_BLESS").is_some() {
        std::fs::create_dir_all(repo_root().join("include")).expect("include/");
        // Write beside it and rename, so the other tests never read half a header.
        let tmp = repo_root().join("include/dangian.h.tmp");
        std::fs::write(&tmp, &generated).expect("write the header");
        std::fs::rename(&tmp, &path).expect("replace the header");
        return;
    }
    assert!(
        committed_header() == generated,
        "include/dangian.h is stale: run `DANGIAN_BLESS=1 cargo test -p dangian-ffi --test header` and commit it"
    );
}

/// cbindgen's output made valid C89 (the header must compile with `-std=c89 -pedantic`): the
/// last value of an enum loses its trailing comma, and the `// __cplusplus` and
/// `// extern "C"` remarks on the C++ guards become `/* */` comments.
fn c89(generated: &str) -> String {
    let mut lines: Vec<String> = generated.lines().map(str::to_owned).collect();
    let mut last_value = None;
    for i in 0..lines.len() {
        let line = lines[i].trim().to_owned();
        let comment = line.starts_with('*') || line.starts_with("/*");
        if line.starts_with("typedef enum ") {
            last_value = None;
        } else if line.starts_with('}') {
            if let Some(j) = last_value.take() {
                let value: &mut String = &mut lines[j];
                value.pop();
            }
        } else if !comment && line.ends_with(',') && line.contains(" = ") {
            last_value = Some(i);
        }
        if !comment {
            if let Some((code, remark)) = lines[i].split_once("//") {
                lines[i] = format!("{code}/* {} */", remark.trim());
            }
        }
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

#[test]
fn header_versions_match_the_crate() {
    let header = committed_header();
    let abi = format!(
        "#define DANGIAN_ABI_VERSION {}",
        dangian_ffi::DANGIAN_ABI_VERSION
    );
    assert!(header.contains(&abi), "header lacks `{abi}`");
    let version = format!("#define DANGIAN_VERSION \"{}\"", env!("CARGO_PKG_VERSION"));
    assert!(
        header.contains(&version),
        "header lacks `{version}` (Cargo.toml version)"
    );
    assert_eq!(
        dangian_ffi::dg_abi_version(),
        dangian_ffi::DANGIAN_ABI_VERSION
    );
    // The SONAME (ffi/build.rs) carries the same ABI version.
    let build = std::fs::read_to_string(ffi_dir().join("build.rs")).expect("build.rs");
    let line = format!(
        "const ABI_VERSION: u32 = {};",
        dangian_ffi::DANGIAN_ABI_VERSION
    );
    assert!(build.contains(&line), "ffi/build.rs lacks `{line}`");
    let mut buf = [0u8; 32];
    let mut len = 0;
    let status = unsafe { dangian_ffi::dg_version(buf.as_mut_ptr(), buf.len(), &mut len) };
    assert_eq!(status, dangian_ffi::DgStatus::Ok);
    assert_eq!(&buf[..len], env!("CARGO_PKG_VERSION").as_bytes());
}

#[test]
fn header_macros_match_the_rust_constants() {
    use dangian_ffi::{
        DG_ALL_SEATS, DG_MAX_ACTIONS, DG_MAX_ACTION_TEXT, DG_MAX_CONFIG_JSON,
        DG_MAX_DESCRIBED_EVENTS, DG_MAX_PLAYER_SEEDS, DG_MAX_PLAYER_SEEDS_JSON,
        DG_MAX_PLAYER_SEED_BYTES, DG_MAX_RECORD_ACTIONS, DG_MAX_RECORD_JSON, DG_MAX_STATE_JSON,
        DG_TO_MOVE_CHANCE, DG_TO_MOVE_OVER,
    };
    let header = committed_header();
    for (name, value) in [
        ("DG_TO_MOVE_CHANCE", DG_TO_MOVE_CHANCE.to_string()),
        ("DG_TO_MOVE_OVER", DG_TO_MOVE_OVER.to_string()),
        ("DG_ALL_SEATS", DG_ALL_SEATS.to_string()),
        ("DG_MAX_ACTIONS", DG_MAX_ACTIONS.to_string()),
        ("DG_MAX_CONFIG_JSON", DG_MAX_CONFIG_JSON.to_string()),
        ("DG_MAX_STATE_JSON", DG_MAX_STATE_JSON.to_string()),
        ("DG_MAX_RECORD_JSON", DG_MAX_RECORD_JSON.to_string()),
        ("DG_MAX_RECORD_ACTIONS", DG_MAX_RECORD_ACTIONS.to_string()),
        ("DG_MAX_ACTION_TEXT", DG_MAX_ACTION_TEXT.to_string()),
        (
            "DG_MAX_DESCRIBED_EVENTS",
            DG_MAX_DESCRIBED_EVENTS.to_string(),
        ),
        ("DG_MAX_PLAYER_SEEDS", DG_MAX_PLAYER_SEEDS.to_string()),
        (
            "DG_MAX_PLAYER_SEED_BYTES",
            DG_MAX_PLAYER_SEED_BYTES.to_string(),
        ),
        (
            "DG_MAX_PLAYER_SEEDS_JSON",
            DG_MAX_PLAYER_SEEDS_JSON.to_string(),
        ),
    ] {
        // Negative values in parentheses, so that `x-DG_TO_MOVE_OVER` still means x - (-2).
        let value = if value.starts_with('-') {
            format!("({value})")
        } else {
            value
        };
        let line = format!("#define {name} {value}\n");
        assert!(header.contains(&line), "header lacks `{}`", line.trim());
    }
    assert_eq!(DG_MAX_ACTIONS, dangian::ACTION_LIST_CAPACITY);
}

/// Only the C API is in the header: every type, enum value and function carries its prefix
/// (a public Rust type elsewhere in the crate must never leak in).
#[test]
fn header_declares_only_the_c_api() {
    let header = committed_header();
    let mut names = Vec::new();
    for line in header.lines() {
        let line = line.trim();
        if line.starts_with("//") || line.starts_with('*') || line.starts_with("/*") {
            continue;
        }
        let line = line.split("//").next().unwrap_or("");
        let line = line.split("/*").next().unwrap_or("").trim();
        if let Some(rest) = line.strip_prefix("typedef ") {
            let name = rest
                .trim_end_matches(['{', ';', ' '])
                .split_whitespace()
                .last()
                .unwrap_or("");
            names.push(name.to_owned());
        }
        if line.starts_with("} ") {
            names.push(line.trim_matches(['}', ';', ' ']).to_owned());
        }
        if let Some(value) = line.split(" = ").next().filter(|_| line.contains(" = ")) {
            names.push(value.to_owned());
        }
        if line.contains('(') && !line.starts_with('#') {
            if let Some(name) = line
                .split('(')
                .next()
                .and_then(|l| l.split_whitespace().last())
            {
                names.push(name.trim_start_matches('*').to_owned());
            }
        }
    }
    assert!(
        names.len() > 40,
        "the header parser found too little: {names:?}"
    );
    for name in names {
        assert!(
            name.starts_with("Dg") || name.starts_with("dg_") || name.starts_with("DG_"),
            "`{name}` in the header is not part of the C API"
        );
    }
}

/// The structs have the same size and field offsets in C as in Rust (a C compiler lays out
/// the header; the Rust side is `#[repr(C)]`).
#[test]
fn struct_layouts_match_in_c() {
    use dangian_ffi::*;
    use std::mem::{align_of, offset_of, size_of};
    if !have_tools("the C layout check", &[("gcc", "apt-get install gcc")]) {
        return;
    }
    let dir = common::scratch("header_layout");
    let src = dir.join("layout.c");
    let exe = dir.join("layout");
    let fields: &[(&str, &str, usize, usize, usize)] = &[
        (
            "DgChanceOutcome",
            "weight",
            size_of::<DgChanceOutcome>(),
            align_of::<DgChanceOutcome>(),
            offset_of!(DgChanceOutcome, weight),
        ),
        (
            "DgHint",
            "plies",
            size_of::<DgHint>(),
            align_of::<DgHint>(),
            offset_of!(DgHint, plies),
        ),
        (
            "DgOutcome",
            "places",
            size_of::<DgOutcome>(),
            align_of::<DgOutcome>(),
            offset_of!(DgOutcome, places),
        ),
        (
            "DgOAnQuanBoard",
            "ply",
            size_of::<DgOAnQuanBoard>(),
            align_of::<DgOAnQuanBoard>(),
            offset_of!(DgOAnQuanBoard, ply),
        ),
        (
            "DgOAnQuanBoard",
            "scores",
            size_of::<DgOAnQuanBoard>(),
            align_of::<DgOAnQuanBoard>(),
            offset_of!(DgOAnQuanBoard, scores),
        ),
        (
            "DgDominoPlaced",
            "right",
            size_of::<DgDominoPlaced>(),
            align_of::<DgDominoPlaced>(),
            offset_of!(DgDominoPlaced, right),
        ),
        (
            "DgDominoBoard",
            "line",
            size_of::<DgDominoBoard>(),
            align_of::<DgDominoBoard>(),
            offset_of!(DgDominoBoard, line),
        ),
        (
            "DgDominoBoard",
            "scores",
            size_of::<DgDominoBoard>(),
            align_of::<DgDominoBoard>(),
            offset_of!(DgDominoBoard, scores),
        ),
        (
            "DgCaNguaBoard",
            "progress",
            size_of::<DgCaNguaBoard>(),
            align_of::<DgCaNguaBoard>(),
            offset_of!(DgCaNguaBoard, progress),
        ),
        (
            "DgCaNguaBoard",
            "kicks",
            size_of::<DgCaNguaBoard>(),
            align_of::<DgCaNguaBoard>(),
            offset_of!(DgCaNguaBoard, kicks),
        ),
    ];
    let mut c = String::from(
        "#include <stdio.h>\n#include <stddef.h>\n#include \"dangian.h\"\nint main(void) {\n",
    );
    let mut expected = String::new();
    for (ty, field, size, align, offset) in fields {
        c.push_str(&format!(
            "  printf(\"{ty}.{field} %zu %zu %zu\\n\", sizeof({ty}), _Alignof({ty}), offsetof({ty}, {field}));\n"
        ));
        expected.push_str(&format!("{ty}.{field} {size} {align} {offset}\n"));
    }
    c.push_str("  printf(\"DgStatus %zu\\n\", sizeof(DgStatus));\n  return 0;\n}\n");
    expected.push_str(&format!("DgStatus {}\n", size_of::<DgStatus>()));
    std::fs::write(&src, c).expect("write layout.c");
    let status = Command::new("gcc")
        .args(["-std=c11", "-Wall", "-Werror", "-I"])
        .arg(repo_root().join("include"))
        .arg(&src)
        .arg("-o")
        .arg(&exe)
        .status()
        .expect("gcc runs (apt-get install gcc)");
    assert!(status.success(), "compiling the layout probe failed");
    let out = Command::new(&exe).output().expect("run the layout probe");
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
}

#[test]
fn every_exported_symbol_is_declared() {
    if !have_tools(
        "the exported-symbol check",
        &[("nm", "apt-get install binutils")],
    ) {
        return;
    }
    let lib = build_dir().join("libdangian_ffi.so");
    assert!(lib.exists(), "{} was not built", lib.display());
    let out = Command::new("nm")
        .args(["-D", "--defined-only"])
        .arg(&lib)
        .output()
        .expect("`nm` runs (binutils)");
    assert!(
        out.status.success(),
        "nm failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let symbols: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.split_whitespace().nth(2).map(str::to_owned))
        .filter(|s| s.starts_with("dg_"))
        .collect();
    assert!(
        symbols.len() >= 20,
        "too few dg_ symbols exported: {symbols:?}"
    );
    let header = committed_header();
    for s in &symbols {
        assert!(
            header.contains(&format!(" {s}(")),
            "exported symbol {s} is not declared in the header"
        );
    }
    // And the converse: every declared function is exported.
    for line in header.lines() {
        if let Some(name) = line
            .split('(')
            .next()
            .and_then(|l| l.split_whitespace().last())
        {
            if name.starts_with("dg_") && line.contains('(') {
                assert!(
                    symbols.iter().any(|s| s == name),
                    "{name} is declared but not exported"
                );
            }
        }
    }
}

/// `DgReason` in the header lists every reason of every game, value for value and name for
/// name (`DG_REASON_<GAME>_<REASON>` = the game's code), and nothing else.
#[test]
fn header_reasons_are_the_games_reasons() {
    use dangian::IllegalReason;
    let header = committed_header();
    let mut declared: Vec<(String, u32)> = header
        .lines()
        .filter_map(|l| {
            let l = l.trim().trim_end_matches(',');
            let (name, value) = l.split_once(" = ")?;
            name.starts_with("DG_REASON_")
                .then(|| (name.to_owned(), value.parse().ok()))
                .and_then(|(n, v)| v.map(|v| (n, v)))
        })
        .collect();
    let mut expected: Vec<(String, u32)> = vec![("DG_REASON_NONE".to_owned(), 0)];
    let games: [(&str, &[(u32, &str)]); 3] = [
        (
            "O_AN_QUAN",
            <dangian::o_an_quan::Illegal as IllegalReason>::REASONS,
        ),
        (
            "CA_NGUA",
            <dangian::ca_ngua::Illegal as IllegalReason>::REASONS,
        ),
        (
            "DOMINO",
            <dangian::domino::Illegal as IllegalReason>::REASONS,
        ),
    ];
    for (game, reasons) in games {
        for (code, name) in reasons {
            expected.push((
                format!("DG_REASON_{game}_{}", name.to_ascii_uppercase()),
                *code,
            ));
        }
    }
    declared.sort();
    expected.sort();
    assert_eq!(
        declared, expected,
        "DgReason (ffi/src/reasons.rs) and the games' reasons differ"
    );
}
