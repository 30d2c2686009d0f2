//! Bindings that cannot drift from the C header: the Unity package's declarations are
//! generated from `include/dangian.h` (and this test fails when the committed file differs),
//! and every binding's own code covers every function, game kind and level the header has.
//!
//! After changing the C ABI: `DANGIAN_BLESS=1 cargo test -p dangian-ffi --test bindings`.

mod common;

use common::header::{self, csharp_value_name, Header};
use common::repo_root;

fn header() -> Header {
    let text = std::fs::read_to_string(repo_root().join("include/dangian.h")).expect("header");
    header::parse(&text)
}

/// A readable report of the lines of `want` missing from `got` and the other way round.
fn diff(want: &str, got: &str) -> String {
    let w: Vec<&str> = want.lines().collect();
    let g: Vec<&str> = got.lines().collect();
    let mut out = String::new();
    for l in &w {
        if !g.contains(l) {
            out.push_str(&format!("  missing: {l}\n"));
        }
    }
    for l in &g {
        if !w.contains(l) {
            out.push_str(&format!("  extra:   {l}\n"));
        }
    }
    out
}

#[test]
fn the_header_reads_completely() {
    let h = header();
    assert!(h.functions.len() >= 40, "{} functions", h.functions.len());
    for e in ["DgStatus", "DgGameKind", "DgReason", "DgLevel"] {
        assert!(h.enums.iter().any(|x| x.name == e), "enum {e}");
    }
    for s in [
        "DgGame",
        "DgOutcome",
        "DgHint",
        "DgChanceOutcome",
        "DgOAnQuanBoard",
    ] {
        assert!(h.structs.iter().any(|x| x.name == s), "struct {s}");
    }
    for d in ["DANGIAN_ABI_VERSION", "DG_MAX_ACTIONS", "DG_ALL_SEATS"] {
        assert!(h.defines.iter().any(|x| x.name == d), "macro {d}");
    }
    // Every function is declared with its parameters (the header's own count of commas).
    let text = std::fs::read_to_string(repo_root().join("include/dangian.h")).expect("header");
    let declared = text.matches(" dg_").filter(|_| true).count();
    assert!(declared >= h.functions.len());
}

#[test]
fn unity_declarations_are_generated_from_the_header() {
    let path = repo_root().join("bindings/unity/Runtime/Native.g.cs");
    let generated = header::csharp(&header());
    if std::env::var_os("DANGIAN_BLESS").is_some() {
        std::fs::write(&path, &generated).expect("write Native.g.cs");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "bindings/unity/Runtime/Native.g.cs is not what the header gives:\n{}\
         run `DANGIAN_BLESS=1 cargo test -p dangian-ffi --test bindings` and commit it",
        diff(&generated, &committed)
    );
}

/// Whether `code` names `word` as a whole identifier (called, or passed as a function).
fn names_word(code: &str, word: &str) -> bool {
    code.match_indices(word).any(|(i, _)| {
        let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
        let before = code[..i].chars().next_back().is_none_or(|c| !ident(c));
        let after = code[i + word.len()..]
            .chars()
            .next()
            .is_none_or(|c| !ident(c));
        before && after
    })
}

/// The names of every item of the header a binding must offer.
fn header_items(h: &Header) -> Vec<String> {
    let mut items: Vec<String> = h.functions.iter().map(|f| f.name.clone()).collect();
    for e in &h.enums {
        items.extend(e.values.iter().map(|(n, _, _)| n.clone()));
    }
    items.extend(h.defines.iter().map(|d| d.name.clone()));
    items
}

/// The Unity package's own code (not the generated declarations) calls every function of the
/// C ABI, and names every game kind and level: a new function without a C# wrapper fails here.
#[test]
fn the_unity_package_wraps_every_function() {
    let h = header();
    let dir = repo_root().join("bindings/unity/Runtime");
    let mut code = String::new();
    for entry in std::fs::read_dir(&dir).expect("Runtime/") {
        let path = entry.expect("entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.ends_with(".cs") && name != "Native.g.cs" {
            code.push_str(&std::fs::read_to_string(&path).expect("read"));
        }
    }
    let mut missing = Vec::new();
    for f in &h.functions {
        if !code.contains(&format!("Native.{}(", f.name)) {
            missing.push(f.name.clone());
        }
    }
    for e in h
        .enums
        .iter()
        .filter(|e| e.name == "DgGameKind" || e.name == "DgLevel")
    {
        for (n, _, _) in &e.values {
            let cs = format!("{}.{}", e.name, csharp_value_name(&e.name, n));
            if !code.contains(&cs) {
                missing.push(cs);
            }
        }
    }
    assert!(
        missing.is_empty(),
        "the Unity package does not wrap: {missing:?}"
    );
}

/// Whether a line of the C++ wrapper maps an enumerator of its own to the header's value `n`
/// (`Easy = DG_LEVEL_EASY,`).
fn cpp_maps_value(hpp: &str, n: &str) -> bool {
    hpp.lines().any(|line| {
        let line = line.trim().trim_end_matches(',');
        line.split_once(" = ").is_some_and(|(name, value)| {
            value.trim() == n && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
    })
}

/// The C++ wrapper calls every function of the C ABI, and every header enum it wraps in an
/// `enum class` of its own (game kinds, levels, languages) it wraps whole: one value left out
/// fails here. (Its statuses, reasons and macros are the C header's own, which it includes.)
#[test]
fn the_cpp_wrapper_covers_the_whole_c_abi() {
    let h = header();
    let hpp = std::fs::read_to_string(repo_root().join("bindings/cpp/dangian.hpp")).expect("hpp");
    let mut missing = Vec::new();
    for f in &h.functions {
        if !names_word(&hpp, &f.name) {
            missing.push(f.name.clone());
        }
    }
    let mut wrapped = Vec::new();
    for e in &h.enums {
        if e.values.iter().any(|(n, _, _)| cpp_maps_value(&hpp, n)) {
            wrapped.push(e.name.clone());
            for (n, _, _) in &e.values {
                if !cpp_maps_value(&hpp, n) {
                    missing.push(n.clone());
                }
            }
        }
    }
    for must in ["DgGameKind", "DgLevel", "DgLang"] {
        assert!(
            wrapped.iter().any(|w| w == must),
            "dangian.hpp wraps {must} in an enum class of its own"
        );
    }
    assert!(
        missing.is_empty(),
        "dangian.hpp does not cover: {missing:?}"
    );
    assert!(
        hpp.contains("dg_abi_version() != DANGIAN_ABI_VERSION"),
        "dangian.hpp checks the ABI version"
    );
    // Everything else the header has is reachable through it as the header's own name.
    assert!(header_items(&h).len() > 100);
}
