//! Runs every fuzz body over every file of its committed corpus (`fuzz/corpus/<target>/`), so
//! that a stable `cargo test --workspace` exercises them.

use std::path::Path;

fn each_file(target: &str, body: fn(&[u8])) {
    every_nth_file(target, 1, body);
}

/// `body` over every `n`-th file of the corpus in name order (the files are named by their
/// hash, so this is a fixed, unbiased sample).
fn every_nth_file(target: &str, n: usize, body: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(target);
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("corpus entry").path())
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "empty corpus {target}");
    for path in paths.iter().step_by(n) {
        let data = std::fs::read(path).expect("corpus file");
        body(&data);
    }
}

macro_rules! corpus_tests {
    ($game:ident) => {
        mod $game {
            use super::{each_file, every_nth_file};
            use dangian_fuzz::$game as bodies;

            #[test]
            fn actions() {
                each_file(
                    concat!(stringify!($game), "_actions"),
                    bodies::actions_by_index,
                );
            }

            /// The deep target's corpus: every input through the fast body, and every
            /// 16th through the deep one (every check at every step). The deep body costs
            /// about a second per input in a debug build; the fuzzer runs it over all of
            /// them.
            #[test]
            fn actions_checked() {
                let target = concat!(stringify!($game), "_checked");
                each_file(target, bodies::actions_by_index);
                every_nth_file(target, 16, bodies::actions_checked);
            }

            #[test]
            fn raw_ids() {
                each_file(concat!(stringify!($game), "_raw_ids"), bodies::raw_ids);
            }

            #[test]
            fn json() {
                each_file(concat!(stringify!($game), "_json"), bodies::untrusted_json);
            }

            #[test]
            fn odd_inputs() {
                for data in [
                    &b""[..],
                    b"\xff",
                    b"{}",
                    b"null",
                    b"[1,2]",
                    b"\x00\x01\x02\x03\x04",
                ] {
                    bodies::actions_by_index(data);
                    bodies::actions_checked(data);
                    bodies::raw_ids(data);
                    bodies::untrusted_json(data);
                }
            }
        }
    };
}

corpus_tests!(o_an_quan);
corpus_tests!(ca_ngua);
corpus_tests!(domino);

/// The C ABI bodies: hostile call sequences (`fuzz/src/ffi.rs`), fast and deep.
#[test]
fn ffi_calls() {
    each_file("ffi_calls", dangian_fuzz::ffi::hostile_calls);
}

/// The deep C ABI target's corpus: every input through the fast body, every 4th through
/// the deep one.
#[test]
fn ffi_checked() {
    each_file("ffi_checked", dangian_fuzz::ffi::hostile_calls);
    every_nth_file("ffi_checked", 4, dangian_fuzz::ffi::hostile_calls_checked);
}

#[test]
fn ffi_odd_inputs() {
    for data in [
        &b""[..],
        b"\x03",
        b"\x02\x05{\"pl",
        b"\x00\x00\x00\x00\x00\x00\x0c\x01\x05",
        &[0xff; 64],
    ] {
        dangian_fuzz::ffi::hostile_calls(data);
        dangian_fuzz::ffi::hostile_calls_checked(data);
    }
}
