//! The committed schemas (`schema/<game>/*.schema.json`, `schema/server/*.schema.json`) are
//! exactly what the Rust types give.
//! `DANGIAN_BLESS=1 cargo test -p dangian-schema` rewrites them.

use std::path::Path;

#[test]
fn committed_schemas_are_current() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bless = std::env::var_os("DANGIAN_BLESS").is_some();
    let schemas = dangian_schema::schemas();
    assert_eq!(
        schemas.len(),
        23,
        "six forms of three games, five of the server's messages"
    );
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

/// Every object a shipped schema describes is closed: a schema that allows an object
/// (`"type": "object"`, or one that lists `properties`) says `"additionalProperties": false`,
/// so a typo in a field name is refused by a schema validator as it is by the engine.
/// The walk reads the committed files, so a schema written by hand is checked too.
#[test]
fn every_object_in_every_schema_is_closed() {
    fn is_object_schema(map: &serde_json::Map<String, serde_json::Value>) -> bool {
        let typed_object = match map.get("type") {
            Some(serde_json::Value::String(t)) => t == "object",
            Some(serde_json::Value::Array(ts)) => ts.iter().any(|t| t == "object"),
            _ => false,
        };
        typed_object || map.contains_key("properties")
    }
    fn walk(v: &serde_json::Value, at: &str, open: &mut Vec<String>, objects: &mut usize) {
        match v {
            serde_json::Value::Object(map) => {
                if is_object_schema(map) {
                    *objects += 1;
                    if map.get("additionalProperties") != Some(&serde_json::Value::Bool(false)) {
                        open.push(at.to_owned());
                    }
                }
                for (key, child) in map {
                    // The values of `properties` are schemas; their keys are field names.
                    walk(child, &format!("{at}/{key}"), open, objects);
                }
            }
            serde_json::Value::Array(items) => {
                for (i, child) in items.iter().enumerate() {
                    walk(child, &format!("{at}/{i}"), open, objects);
                }
            }
            _ => {}
        }
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = 0;
    let mut objects = 0;
    let mut open = Vec::new();
    for game in std::fs::read_dir(dir).expect("the schema folder") {
        let game = game.expect("a folder entry").path();
        if !game.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(&game).expect("a game folder") {
            let file = file.expect("a folder entry").path();
            if !file.to_string_lossy().ends_with(".schema.json") {
                continue;
            }
            files += 1;
            let text = std::fs::read_to_string(&file).expect("a schema file");
            let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
            let name = file
                .strip_prefix(dir)
                .unwrap_or(&file)
                .display()
                .to_string();
            walk(&v, &format!("{name}#"), &mut open, &mut objects);
        }
    }
    assert_eq!(
        files, 23,
        "six forms of three games, five of the server's messages"
    );
    assert!(objects > 50, "the walk found only {objects} objects");
    assert!(
        open.is_empty(),
        "{} of {objects} objects accept unknown fields:\n{}",
        open.len(),
        open.join("\n")
    );
}
