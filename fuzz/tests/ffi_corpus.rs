//! Runs the C ABI fuzz body over every file of its committed corpus, so that a stable
//! `cargo test --workspace` exercises it.

use std::path::Path;

#[test]
fn ffi_calls_corpus() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/ffi_calls");
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let data = std::fs::read(entry.expect("corpus entry").path()).expect("corpus file");
        dangian_fuzz::ffi::hostile_calls(&data);
        files += 1;
    }
    assert!(files > 0, "empty corpus ffi_calls");
}

#[test]
fn ffi_body_survives_odd_inputs() {
    for data in [
        &b""[..],
        b"\x03",
        b"\x02\x05{\"pl",
        b"\x00\x00\x00\x00\x00\x00\x0c\x01\x05",
        &[0xff; 64],
    ] {
        dangian_fuzz::ffi::hostile_calls(data);
    }
}
