//! What the tests that build C, C++, C# and Python programs share: where things are, the C
//! library installed as a C project would install it, and the outside tools they need.
//!
//! A missing tool skips the test with one line naming the tool and how to install it; with
//! `DANGIAN_REQUIRE_CONSUMERS=1` (as CI sets after installing them) it fails the test instead.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// The `ffi/` directory.
pub fn ffi_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The repository root.
pub fn repo_root() -> &'static Path {
    ffi_dir().parent().expect("ffi/ is inside the repository")
}

/// The directory of this test binary: cargo builds the crate's `cdylib` and `staticlib`
/// (`libdangian_ffi.so`, `libdangian_ffi.a`) into it before running the tests.
pub fn build_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    let dir = exe.parent().expect("deps dir").to_path_buf();
    assert!(
        dir.join("libdangian_ffi.so").exists() && dir.join("libdangian_ffi.a").exists(),
        "{}: the C libraries cargo builds for the tests are missing",
        dir.display()
    );
    dir
}

/// A scratch directory for one test's build products, under `target/<profile>/`.
pub fn scratch(name: &str) -> PathBuf {
    let dir = build_dir()
        .parent()
        .expect("profile dir")
        .join("consumers")
        .join(name);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// The C library of this build installed by `ffi/install.sh` into a scratch prefix, once per
/// test binary: `lib/libdangian.so.<ABI>`, `lib/libdangian.a`, `include/dangian.h` and
/// `lib/pkgconfig/dangian.pc`, exactly what docs/c.md tells a C project to install.
pub fn installed_prefix() -> &'static Path {
    static PREFIX: OnceLock<PathBuf> = OnceLock::new();
    PREFIX.get_or_init(|| {
        let exe = std::env::current_exe().expect("test binary path");
        let name = exe
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("tests")
            .to_owned();
        let prefix = scratch(&format!("prefix-{name}"));
        run(
            Command::new("sh")
                .arg(ffi_dir().join("install.sh"))
                .arg("--from")
                .arg(build_dir())
                .arg(&prefix),
            "ffi/install.sh",
        );
        prefix
    })
}

/// Whether CI demands every consumer tool (`DANGIAN_REQUIRE_CONSUMERS=1`).
pub fn consumers_required() -> bool {
    std::env::var("DANGIAN_REQUIRE_CONSUMERS").is_ok_and(|v| v == "1")
}

fn on_path(tool: &str) -> bool {
    let Some(path) = std::env::var_os("PATH") else {
        return false;
    };
    std::env::split_paths(&path).any(|dir| dir.join(tool).is_file())
}

/// Whether every tool in `tools` is on the `PATH`. When one is not: with
/// `DANGIAN_REQUIRE_CONSUMERS=1` the test fails; otherwise it prints one line saying what it
/// skipped and how to install the tool, and the caller returns (the test passes).
#[must_use]
pub fn have_tools(test: &str, tools: &[(&str, &str)]) -> bool {
    for (tool, install) in tools {
        if !on_path(tool) {
            assert!(
                !consumers_required(),
                "{test}: `{tool}` is required (DANGIAN_REQUIRE_CONSUMERS=1) but not installed; install it with `{install}`"
            );
            say_skipped(&format!(
                "{test}: `{tool}` not found (install it with `{install}`)"
            ));
            return false;
        }
    }
    true
}

/// Says on the terminal that a test skipped something: written to stderr past the test
/// harness's output capture, so `cargo test` shows it without `--nocapture`.
pub fn say_skipped(what: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "skipped {what}");
}

pub mod header;

/// Run a command; fail the test with its output if it cannot start or fails.
pub fn run(cmd: &mut Command, what: &str) -> Output {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot run {cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{what} failed ({}):\n--- stdout\n{}\n--- stderr\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}
