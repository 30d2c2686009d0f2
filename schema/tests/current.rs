//! The committed schemas (`schema/<game>/*.schema.json`) are exactly what the Rust types give.
//! `DANGIAN_BLESS=1 cargo test -p dangian-schema` rewrites them.

use std::path::Path;

#[test]
fn committed_schemas_are_current() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bless = std::env::var_os("DANGIAN_BLESS").is_some();
    let schemas = dangian_schema::schemas();
    assert_eq!(schemas.len(), 18, "six forms of three games");
    let mut stale = Vec::new();
    for (path, text) in &schemas {
        let file = dir.join(path);
        if bless {
            std::fs::create_dir_all(file.parent().expect("a game folder")).expect("mkdir");
            std::fs::write(&file, text).expect("write the schema");
        }
        match std::fs::read_to_string(&file) {
            Ok(committed) if committed == *text => {}
            _ => stale.push(path.clone()),
        }
    }
    assert!(
        stale.is_empty(),
        "stale schemas {stale:?}: run `DANGIAN_BLESS=1 cargo test -p dangian-schema` and commit them"
    );
}

/// Every schema is a JSON object with the draft it follows and a title, and every form
/// names its definitions where a binding's generator finds them.
#[test]
fn schemas_are_well_formed() {
    for (path, text) in dangian_schema::schemas() {
        let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        assert_eq!(
            v["$schema"], "https://json-schema.org/draft/2020-12/schema",
            "{path}"
        );
        assert!(v["title"].is_string(), "{path}: no title");
    }
}
