//! The committed C header is exactly what cbindgen generates from `src/ffi`, declares every
//! exported symbol of the built library, and carries the versions of this release.
//!
//! After changing `src/ffi`, regenerate it with `DANGIAN_BLESS=1 cargo test --test header`.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn committed_header() -> String {
    std::fs::read_to_string(root().join("include/dangian.h")).expect("include/dangian.h exists")
}

#[test]
fn header_is_current() {
    let config = cbindgen::Config::from_file(root().join("cbindgen.toml")).expect("cbindgen.toml");
    let mut generated = Vec::new();
    cbindgen::Builder::new()
        .with_crate(root())
        .with_config(config)
        .generate()
        .expect("cbindgen generates the header")
        .write(&mut generated);
    let generated = String::from_utf8(generated).expect("UTF-8 header");
    let path = root().join("include/dangian.h");
    if std::env::var_os("DANGIAN_BLESS").is_some() {
        std::fs::create_dir_all(root().join("include")).expect("include/");
        std::fs::write(&path, &generated).expect("write the header");
        return;
    }
    assert!(
        committed_header() == generated,
        "include/dangian.h is stale: run `DANGIAN_BLESS=1 cargo test --test header` and commit it"
    );
}

#[test]
fn header_versions_match_the_crate() {
    let header = committed_header();
    let abi = format!(
        "#define DANGIAN_ABI_VERSION {}",
        dangian::ffi::DANGIAN_ABI_VERSION
    );
    assert!(header.contains(&abi), "header lacks `{abi}`");
    let version = format!("#define DANGIAN_VERSION \"{}\"", env!("CARGO_PKG_VERSION"));
    assert!(
        header.contains(&version),
        "header lacks `{version}` (Cargo.toml version)"
    );
    assert_eq!(
        dangian::ffi::dg_abi_version(),
        dangian::ffi::DANGIAN_ABI_VERSION
    );
}

/// The directory holding the library built alongside this test binary.
fn library_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    // target/<profile>/deps/header-<hash> → target/<profile>
    exe.parent()
        .and_then(Path::parent)
        .expect("target dir")
        .to_path_buf()
}

#[test]
fn every_exported_symbol_is_declared() {
    let lib = library_dir().join("libdangian.so");
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
