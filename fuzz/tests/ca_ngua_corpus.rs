//! Runs each Cờ cá ngựa fuzz body over every file of its committed corpus, so that a stable
//! `cargo test --workspace` exercises them.

use std::path::Path;

fn run(target: &str, body: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(target);
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("entry").path();
        let data = std::fs::read(&path).expect("read");
        body(&data);
        n += 1;
    }
    assert!(n >= 3, "{target}: only {n} corpus files");
}

#[test]
fn ca_ngua_actions_corpus() {
    run("ca_ngua_actions", dangian_fuzz::ca_ngua::actions_by_index);
}

#[test]
fn ca_ngua_raw_ids_corpus() {
    run("ca_ngua_raw_ids", dangian_fuzz::ca_ngua::raw_ids);
}

#[test]
fn ca_ngua_json_corpus() {
    run("ca_ngua_json", dangian_fuzz::ca_ngua::untrusted_json);
}
