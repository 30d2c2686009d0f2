//! Runs every fuzz body over every input of its committed corpus, so that a stable
//! `cargo test --workspace` exercises them.
//!
//! The corpus is one archive, `fuzz/corpus.tar.gz`, with an entry `<target>/<input>` per
//! input; it is read here in memory, never unpacked. `fuzz/corpus.sh unpack` turns it into
//! `fuzz/corpus/<target>/` for `cargo fuzz run`, and `fuzz/corpus.sh pack` back.

use std::collections::BTreeMap;
use std::io::Read;
use std::sync::OnceLock;

use sha2::{Digest, Sha256};

/// Number of inputs in the archive, all targets together.
const ENTRIES: usize = 24_386;

/// SHA-256 over every input in byte order of its path `<target>/<input>`: the path, a zero
/// byte, the length as a little-endian `u64`, the bytes. Computed from the corpus files
/// before they were archived; after `fuzz/corpus.sh pack` adds inputs, the test
/// `archive_holds_every_input` prints the new count and digest.
const DIGEST: &str = "c2d0cdcc3f321c1728478d5895f30e756c3827393bba17cb1d3e1f028eb290d2";

/// Every input of the archive, by path `<target>/<input>`.
fn corpus() -> &'static BTreeMap<String, Vec<u8>> {
    static CORPUS: OnceLock<BTreeMap<String, Vec<u8>>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus.tar.gz");
        let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(file));
        let mut inputs = BTreeMap::new();
        for entry in archive.entries().expect("corpus archive") {
            let mut entry = entry.expect("corpus archive entry");
            let name = entry
                .path()
                .expect("entry path")
                .to_str()
                .expect("UTF-8 entry path")
                .to_owned();
            match entry.header().entry_type() {
                tar::EntryType::Directory => continue,
                tar::EntryType::Regular => {}
                other => panic!("{name}: unexpected entry type {other:?}"),
            }
            let mut data = Vec::new();
            entry.read_to_end(&mut data).expect("entry data");
            assert!(
                inputs.insert(name.clone(), data).is_none(),
                "{name} twice in the archive"
            );
        }
        inputs
    })
}

/// The inputs of one target, in name order.
fn inputs(target: &str) -> Vec<&'static [u8]> {
    let prefix = format!("{target}/");
    let inputs: Vec<_> = corpus()
        .range(prefix.clone()..)
        .take_while(|(name, _)| name.starts_with(&prefix))
        .map(|(_, data)| data.as_slice())
        .collect();
    assert!(!inputs.is_empty(), "empty corpus {target}");
    inputs
}

fn each_file(target: &str, body: fn(&[u8])) {
    every_nth_file(target, 1, body);
}

/// `body` over every `n`-th input of the corpus in name order (the inputs are named by their
/// hash, so this is a fixed, unbiased sample); in a quick run every `8n`-th
/// (`dangian::testing::scaled_step`; `DANGIAN_LONG_TESTS=1` takes every `n`-th).
fn every_nth_file(target: &str, n: usize, body: fn(&[u8])) {
    for data in inputs(target)
        .into_iter()
        .step_by(dangian::testing::scaled_step(n))
    {
        body(data);
    }
}

/// No input lost or changed: the archive holds exactly the inputs whose count and digest
/// are recorded above, each target has some, and no input lies outside a target.
#[test]
fn archive_holds_every_input() {
    let corpus = corpus();
    let mut hasher = Sha256::new();
    for (name, data) in corpus {
        hasher.update(name.as_bytes());
        hasher.update([0]);
        hasher.update((data.len() as u64).to_le_bytes());
        hasher.update(data);
    }
    let digest: String = hasher
        .finalize()
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect();
    assert_eq!(
        (corpus.len(), digest.as_str()),
        (ENTRIES, DIGEST),
        "the archive's inputs differ from the recorded ones (count, digest)"
    );
    let targets: Vec<String> =
        std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/fuzz_targets"))
            .expect("fuzz_targets")
            .map(|entry| entry.expect("fuzz_targets entry").path())
            .filter_map(|path| Some(path.file_stem()?.to_str()?.to_owned()))
            .collect();
    for target in &targets {
        inputs(target);
    }
    for name in corpus.keys() {
        let target = name.split_once('/').map(|(target, _)| target);
        assert!(
            target.is_some_and(|target| targets.iter().any(|known| known == target)),
            "{name}: not under a fuzz target"
        );
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

/// The fastest C ABI target's corpus (no saves, loads or events; the batch calls).
#[test]
fn ffi_fast() {
    each_file("ffi_fast", dangian_fuzz::ffi::hostile_calls_fast);
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
        dangian_fuzz::ffi::hostile_calls_fast(data);
    }
}
