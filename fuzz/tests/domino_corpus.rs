//! Runs every Domino fuzz body over every file of its committed corpus, so that a stable
//! `cargo test --workspace` exercises them.

use std::path::Path;

fn run(target: &str, body: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(target);
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("corpus entry").path();
        let data = std::fs::read(&path).expect("corpus file");
        body(&data);
        files += 1;
    }
    assert!(files > 0, "empty corpus {target}");
}

#[test]
fn domino_actions_corpus() {
    run("domino_actions", dangian_fuzz::domino::actions_by_index);
}

#[test]
fn domino_raw_ids_corpus() {
    run("domino_raw_ids", dangian_fuzz::domino::raw_ids);
}

#[test]
fn domino_json_corpus() {
    run("domino_json", dangian_fuzz::domino::untrusted_json);
}

#[test]
fn domino_bodies_survive_odd_inputs() {
    for data in [
        &b""[..],
        b"\xff",
        b"{}",
        b"null",
        b"[1,2]",
        b"{\"round\":0}",
    ] {
        dangian_fuzz::domino::actions_by_index(data);
        dangian_fuzz::domino::raw_ids(data);
        dangian_fuzz::domino::untrusted_json(data);
    }
}
