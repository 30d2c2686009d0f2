//! Runs every Ô ăn quan fuzz body over its committed corpus (`fuzz/corpus/o_an_quan_*`).

use std::path::Path;

fn each_file(target: &str, body: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(target);
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("entry").path();
        let data = std::fs::read(&path).expect("corpus file");
        body(&data);
        n += 1;
    }
    assert!(n > 0, "{target}: empty corpus");
}

#[test]
fn o_an_quan_actions_corpus() {
    each_file(
        "o_an_quan_actions",
        dangian_fuzz::o_an_quan::actions_by_index,
    );
}

#[test]
fn o_an_quan_raw_ids_corpus() {
    each_file("o_an_quan_raw_ids", dangian_fuzz::o_an_quan::raw_ids);
}

#[test]
fn o_an_quan_json_corpus() {
    each_file("o_an_quan_json", dangian_fuzz::o_an_quan::untrusted_json);
}
