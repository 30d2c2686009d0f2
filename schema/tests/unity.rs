//! The Unity package's typed C# classes (`bindings/unity/Runtime/Generated/*.g.cs`) are
//! generated from the committed JSON Schemas of each game's config, event, outcome and view;
//! this test fails when a committed file differs from what the schemas give.
//!
//! After changing a schema: `DANGIAN_BLESS=1 cargo test -p dangian-schema --test unity`.
//!
//! The mapping: an object becomes a sealed class with one field per property and a parser; a
//! `oneOf` of string constants a C# enum; a `oneOf` of objects tagged by `kind` an abstract
//! class with one nested sealed class per kind; `ToMove` the package's own `Dangian.ToMove`;
//! integers `int` (`long` for 32-bit unsigned and 64-bit ones), nullable ones `int?`; arrays
//! and tuples C# arrays; a definition of another shape (a seat number, a notation string) its
//! plain C# type. A field the JSON may leave out starts at the schema's default. Parsing goes
//! through the package's `JsonValue` (Runtime/Json.cs).

use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The games: their schema folder and their C# namespace.
const GAMES: [(&str, &str); 3] = [
    ("o_an_quan", "OAnQuan"),
    ("ca_ngua", "CaNgua"),
    ("domino", "Domino"),
];

/// The forms generated, in the order their types are written.
const FORMS: [&str; 4] = ["event", "view", "outcome", "config"];

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the repository")
        .to_path_buf()
}

/// `snake_case` or `kebab-case` to `PascalCase`.
fn pascal(name: &str) -> String {
    let mut out = String::new();
    for part in name.split(['_', '-', ' ']).filter(|p| !p.is_empty()) {
        let mut chars = part.chars();
        if let Some(c) = chars.next() {
            out.extend(c.to_uppercase());
            out.push_str(chars.as_str());
        }
    }
    if out.starts_with(|c: char| c.is_ascii_digit()) || out.is_empty() {
        out.insert(0, '_');
    }
    out
}

/// A schema's description as XML doc lines, indented by `indent`.
fn doc(out: &mut String, indent: &str, text: Option<&str>, fallback: &str) {
    let text = text.filter(|t| !t.trim().is_empty()).unwrap_or(fallback);
    let escaped = text
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    let lines: Vec<&str> = escaped.lines().collect();
    if lines.len() == 1 {
        let _ = writeln!(
            out,
            "{indent}/// <summary>{}</summary>",
            lines[0].trim_end()
        );
    } else {
        let _ = writeln!(out, "{indent}/// <summary>");
        for l in lines {
            let _ = writeln!(out, "{indent}/// {}", l.trim_end());
        }
        let _ = writeln!(out, "{indent}/// </summary>");
    }
}

fn desc(s: &Value) -> Option<&str> {
    s.get("description").and_then(Value::as_str)
}

/// The shape of a definition.
enum Shape<'a> {
    /// An object with properties.
    Class,
    /// A `oneOf` of string constants.
    Enum(Vec<&'a Value>),
    /// A `oneOf` of objects tagged by `kind`.
    Union(Vec<&'a Value>),
    /// Anything else: a plain C# type.
    Alias,
}

fn shape(s: &Value) -> Shape<'_> {
    if let Some(variants) = s.get("oneOf").and_then(Value::as_array) {
        if variants.iter().all(|v| v.get("const").is_some()) {
            return Shape::Enum(variants.iter().collect());
        }
        assert!(
            variants
                .iter()
                .all(|v| v["properties"]["kind"]["const"].is_string()),
            "a oneOf that is neither string constants nor objects tagged by kind: {s}"
        );
        return Shape::Union(variants.iter().collect());
    }
    if s.get("type") == Some(&Value::from("object")) {
        assert!(
            s.get("properties").is_some_and(Value::is_object),
            "an object without properties: {s}"
        );
        assert!(
            s.get("additionalProperties") == Some(&Value::Bool(false)),
            "an open object (a dictionary) has no generator yet: {s}"
        );
        return Shape::Class;
    }
    Shape::Alias
}

/// One game's definitions, merged over its forms (a name means one schema in every form).
struct Game<'a> {
    ns: &'a str,
    defs: BTreeMap<String, Value>,
}

/// A type's C# name and the C# expression of a function from `JsonValue` to it.
struct Ty {
    cs: String,
    parse: String,
    /// Whether the C# type is a value type (so `T?` is `Nullable<T>`).
    value: bool,
}

impl Game<'_> {
    fn qualified(&self, name: &str) -> String {
        format!("global::Dangian.{}.{}", self.ns, name)
    }

    /// The C# type of a schema used as a field or an item.
    fn ty(&self, s: &Value) -> Ty {
        if let Some(r) = s.get("$ref").and_then(Value::as_str) {
            let name = r.strip_prefix("#/$defs/").expect("a local $ref");
            if name == "ToMove" {
                return Ty {
                    cs: "global::Dangian.ToMove".into(),
                    parse: "global::Dangian.ToMove.FromJson".into(),
                    value: true,
                };
            }
            let def = &self.defs[name];
            let parse = format!("{}.{name}", self.qualified("Parsers"));
            return match shape(def) {
                Shape::Class | Shape::Union(_) => Ty {
                    cs: self.qualified(name),
                    parse,
                    value: false,
                },
                Shape::Enum(_) => Ty {
                    cs: self.qualified(name),
                    parse,
                    value: true,
                },
                Shape::Alias => Ty {
                    parse,
                    ..self.ty(def)
                },
            };
        }
        if let Some(any) = s.get("anyOf").and_then(Value::as_array) {
            let not_null: Vec<&Value> = any
                .iter()
                .filter(|v| v.get("type") != Some(&Value::from("null")))
                .collect();
            assert!(
                not_null.len() == 1 && any.len() == 2,
                "an anyOf other than T-or-null: {s}"
            );
            return self.nullable(self.ty(not_null[0]));
        }
        if let Some(types) = s.get("type").and_then(Value::as_array) {
            let not_null: Vec<&Value> = types.iter().filter(|t| *t != "null").collect();
            assert!(not_null.len() == 1, "a type list other than [T, null]: {s}");
            let mut inner = s.clone();
            inner["type"] = not_null[0].clone();
            return self.nullable(self.ty(&inner));
        }
        match s.get("type").and_then(Value::as_str) {
            Some("integer") => {
                let long = matches!(
                    s.get("format").and_then(Value::as_str),
                    Some("uint32" | "int64" | "uint64")
                );
                if long {
                    Ty {
                        cs: "long".into(),
                        parse: "global::Dangian.JsonValue.ToLong".into(),
                        value: true,
                    }
                } else {
                    Ty {
                        cs: "int".into(),
                        parse: "global::Dangian.JsonValue.ToInt".into(),
                        value: true,
                    }
                }
            }
            Some("boolean") => Ty {
                cs: "bool".into(),
                parse: "global::Dangian.JsonValue.ToBool".into(),
                value: true,
            },
            Some("string") => Ty {
                cs: "string".into(),
                parse: "global::Dangian.JsonValue.ToText".into(),
                value: false,
            },
            Some("array") => {
                let item = if let Some(items) = s.get("items") {
                    self.ty(items)
                } else {
                    let prefix = s["prefixItems"].as_array().expect("items or prefixItems");
                    let first = self.ty(&prefix[0]);
                    for p in prefix {
                        assert_eq!(self.ty(p).cs, first.cs, "a tuple of mixed types: {s}");
                    }
                    first
                };
                Ty {
                    parse: format!(
                        "global::Dangian.JsonValue.ArrayReader<{}>({})",
                        item.cs, item.parse
                    ),
                    cs: format!("{}[]", item.cs),
                    value: false,
                }
            }
            _ => panic!("a schema with no generator: {s}"),
        }
    }

    fn nullable(&self, t: Ty) -> Ty {
        if t.value {
            Ty {
                cs: format!("{}?", t.cs),
                parse: format!(
                    "global::Dangian.JsonValue.NullableReader<{}>({})",
                    t.cs, t.parse
                ),
                value: false,
            }
        } else {
            Ty {
                parse: format!(
                    "global::Dangian.JsonValue.OrNullReader<{}>({})",
                    t.cs, t.parse
                ),
                cs: t.cs,
                value: false,
            }
        }
    }

    /// The fields of an object and the statements that read them from `v` into `o`.
    fn fields(&self, out: &mut String, parse: &mut String, class: &str, s: &Value) {
        let props = s["properties"].as_object().expect("properties");
        let required: Vec<&str> = s
            .get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        for (name, p) in props {
            if name == "kind" && p.get("const").is_some() {
                continue;
            }
            let t = self.ty(p);
            let mut field = pascal(name);
            if field == class {
                field.push_str("Value");
            }
            doc(out, "        ", desc(p), &format!("The `{name}` field."));
            // A field the JSON leaves out takes the schema's default, as the library reads it.
            let init = match p.get("default") {
                None | Some(Value::Null) => String::new(),
                Some(Value::Bool(b)) => format!(" = {b}"),
                Some(Value::Number(n)) => format!(" = {n}"),
                Some(d) => format!(
                    " = {}(global::Dangian.JsonValue.Parse({}))",
                    t.parse,
                    serde_json::to_string(&d.to_string()).expect("a C# string literal")
                ),
            };
            let _ = writeln!(out, "        public {} {field}{init};", t.cs);
            if required.contains(&name.as_str()) {
                let _ = writeln!(
                    parse,
                    "            o.{field} = {}(v.Field(\"{name}\"));",
                    cast(&t)
                );
            } else {
                let _ = writeln!(
                    parse,
                    "            {{ global::Dangian.JsonValue f = v.OptionalField(\"{name}\"); if (f != null) o.{field} = {}(f); }}",
                    cast(&t)
                );
            }
        }
    }

    /// A class for an object definition.
    fn class(&self, out: &mut String, parsers: &mut String, name: &str, s: &Value) {
        doc(
            out,
            "    ",
            desc(s),
            &format!("The {name} of the JSON form."),
        );
        let _ = writeln!(out, "    public sealed class {name}\n    {{");
        let mut parse = String::new();
        self.fields(out, &mut parse, name, s);
        let _ = writeln!(
            out,
            "        /// <summary>Reads one from its JSON text.</summary>\n        public static {name} FromJson(string json)\n        {{\n            return global::Dangian.{}.Parsers.{name}(global::Dangian.JsonValue.Parse(json));\n        }}\n    }}\n",
            self.ns
        );
        doc(
            parsers,
            "        ",
            None,
            &format!("Reads a <see cref=\"{name}\"/>."),
        );
        let _ = writeln!(
            parsers,
            "        public static {q} {name}(global::Dangian.JsonValue v)\n        {{\n            v.ExpectObject(\"{name}\");\n            var o = new {q}();\n{parse}            return o;\n        }}\n",
            q = self.qualified(name)
        );
    }

    /// An abstract class for a union tagged by `kind`, one nested class per kind.
    fn union(
        &self,
        out: &mut String,
        parsers: &mut String,
        name: &str,
        s: &Value,
        variants: &[&Value],
    ) {
        doc(
            out,
            "    ",
            desc(s),
            &format!("A {name}: one nested class per kind."),
        );
        let _ = writeln!(out, "    public abstract class {name}\n    {{");
        let _ = writeln!(
            out,
            "        /// <summary>The kind, as JSON names it (the nested class's name in snake_case).</summary>\n        public string Kind;\n"
        );
        let mut cases = String::new();
        for v in variants {
            let kind = v["properties"]["kind"]["const"].as_str().expect("kind");
            let class = pascal(kind);
            assert!(class != name, "{name}: a kind named like its union");
            doc(out, "        ", desc(v), &format!("Kind `{kind}`."));
            let _ = writeln!(
                out,
                "        public sealed class {class} : {name}\n        {{"
            );
            let mut inner = String::new();
            let mut parse = String::new();
            self.fields(&mut inner, &mut parse, &class, v);
            out.push_str(&inner.replace("\n        ", "\n            ").replacen(
                "        ",
                "            ",
                1,
            ));
            let _ = writeln!(out, "        }}\n");
            let _ = writeln!(
                cases,
                "                case \"{kind}\":\n                {{\n                    var o = new {}.{class}();\n                    o.Kind = kind;\n{}                    return o;\n                }}",
                self.qualified(name),
                parse.replace("            ", "                    ")
            );
        }
        let _ = writeln!(
            out,
            "        /// <summary>Reads one from its JSON text.</summary>\n        public static {name} FromJson(string json)\n        {{\n            return global::Dangian.{ns}.Parsers.{name}(global::Dangian.JsonValue.Parse(json));\n        }}\n\n        /// <summary>Reads a JSON array of them (what <c>Game.EventsJson</c> returns).</summary>\n        public static {name}[] ArrayFromJson(string json)\n        {{\n            return global::Dangian.JsonValue.Parse(json).ArrayOf(global::Dangian.{ns}.Parsers.{name});\n        }}\n    }}\n",
            ns = self.ns
        );
        doc(
            parsers,
            "        ",
            None,
            &format!("Reads a <see cref=\"{name}\"/>."),
        );
        let _ = writeln!(
            parsers,
            "        public static {q} {name}(global::Dangian.JsonValue v)\n        {{\n            v.ExpectObject(\"{name}\");\n            string kind = v.Field(\"kind\").AsText();\n            switch (kind)\n            {{\n{cases}                default:\n                    throw new global::System.FormatException(\"{name}: unknown kind \" + kind);\n            }}\n        }}\n",
            q = self.qualified(name)
        );
    }

    /// A C# enum for a union of string constants.
    fn enumeration(
        &self,
        out: &mut String,
        parsers: &mut String,
        name: &str,
        s: &Value,
        variants: &[&Value],
    ) {
        doc(out, "    ", desc(s), &format!("A {name}."));
        let _ = writeln!(out, "    public enum {name}\n    {{");
        let mut cases = String::new();
        for v in variants {
            let c = v["const"].as_str().expect("a string constant");
            doc(out, "        ", desc(v), &format!("`{c}`."));
            let _ = writeln!(out, "        {},", pascal(c));
            let _ = writeln!(
                cases,
                "                case \"{c}\": return {}.{};",
                self.qualified(name),
                pascal(c)
            );
        }
        let _ = writeln!(out, "    }}\n");
        doc(
            parsers,
            "        ",
            None,
            &format!("Reads a <see cref=\"{name}\"/>."),
        );
        let _ = writeln!(
            parsers,
            "        public static {q} {name}(global::Dangian.JsonValue v)\n        {{\n            string c = v.AsText();\n            switch (c)\n            {{\n{cases}                default:\n                    throw new global::System.FormatException(\"{name}: unknown value \" + c);\n            }}\n        }}\n",
            q = self.qualified(name)
        );
    }

    fn alias(&self, parsers: &mut String, name: &str, s: &Value) {
        let t = self.ty(s);
        doc(parsers, "        ", desc(s), &format!("Reads a {name}."));
        let _ = writeln!(
            parsers,
            "        public static {} {name}(global::Dangian.JsonValue v)\n        {{\n            return {}(v);\n        }}\n",
            t.cs,
            cast(&t)
        );
    }
}

/// A parse expression (a method group or a call returning a delegate), callable as it is.
fn cast(t: &Ty) -> String {
    t.parse.clone()
}

/// The generated C# of one game.
fn generate(folder: &str, ns: &str) -> String {
    let dir = repo().join("schema").join(folder);
    let mut defs: BTreeMap<String, Value> = BTreeMap::new();
    let mut add = |name: &str, s: Value| {
        if let Some(old) = defs.get(name) {
            assert_eq!(*old, s, "{folder}: {name} differs between forms");
        }
        defs.insert(name.to_owned(), s);
    };
    let mut roots = Vec::new();
    for form in FORMS {
        let text =
            std::fs::read_to_string(dir.join(format!("{form}.schema.json"))).expect("schema");
        let mut root: Value = serde_json::from_str(&text).expect("JSON");
        let obj = root.as_object_mut().expect("an object");
        if let Some(Value::Object(d)) = obj.remove("$defs") {
            for (n, s) in d {
                add(&n, s);
            }
        }
        obj.remove("$schema");
        let title = obj
            .remove("title")
            .and_then(|t| t.as_str().map(str::to_owned))
            .expect("title");
        add(&title, root);
        roots.push(title);
    }
    let game = Game { ns, defs };
    let mut types = String::new();
    let mut parsers = String::new();
    for (name, s) in &game.defs {
        if name == "ToMove" {
            // The package's own Dangian.ToMove: the schema must be exactly its three kinds.
            let kinds: Vec<&str> = s["oneOf"]
                .as_array()
                .expect("ToMove is a oneOf")
                .iter()
                .map(|v| v["properties"]["kind"]["const"].as_str().expect("kind"))
                .collect();
            assert_eq!(
                kinds,
                ["seat", "chance", "over"],
                "{folder}: ToMove's kinds"
            );
            continue;
        }
        match shape(s) {
            Shape::Class => game.class(&mut types, &mut parsers, name, s),
            Shape::Union(v) => game.union(&mut types, &mut parsers, name, s, &v),
            Shape::Enum(v) => game.enumeration(&mut types, &mut parsers, name, s, &v),
            Shape::Alias => game.alias(&mut parsers, name, s),
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "// Generated from schema/{folder}/{{{}}}.schema.json by schema/tests/unity.rs: do not edit.\n// Regenerate with `DANGIAN_BLESS=1 cargo test -p dangian-schema --test unity`.\n// The roots: {}.\nnamespace Dangian.{ns}\n{{",
        FORMS.join(","),
        roots.join(", ")
    );
    out.push_str(&types);
    let _ = writeln!(
        out,
        "    /// <summary>Readers of every type of the game's JSON forms, from a parsed <see cref=\"Dangian.JsonValue\"/>.</summary>\n    public static class Parsers\n    {{"
    );
    out.push_str(parsers.trim_end());
    let _ = writeln!(out, "\n    }}\n}}");
    out
}

#[test]
fn unity_types_are_generated_from_the_schemas() {
    let dir = repo().join("bindings/unity/Runtime/Generated");
    let bless = std::env::var_os("DANGIAN_BLESS").is_some();
    let mut stale = Vec::new();
    for (folder, ns) in GAMES {
        let text = generate(folder, ns);
        let path = dir.join(format!("{ns}.g.cs"));
        if bless {
            std::fs::create_dir_all(&dir).expect("mkdir");
            std::fs::write(&path, &text).expect("write");
        }
        if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            stale.push(path.display().to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "stale generated C# {stale:?}: run `DANGIAN_BLESS=1 cargo test -p dangian-schema --test unity` and commit them"
    );
}

/// Every event kind of every game has its C# class: the generated file names each one.
#[test]
fn every_event_kind_has_a_class() {
    for (folder, ns) in GAMES {
        let text =
            std::fs::read_to_string(repo().join(format!("schema/{folder}/event.schema.json")))
                .expect("schema");
        let v: Value = serde_json::from_str(&text).expect("JSON");
        let cs = generate(folder, ns);
        for variant in v["oneOf"].as_array().expect("events are a oneOf") {
            let kind = variant["properties"]["kind"]["const"]
                .as_str()
                .expect("kind");
            assert!(
                cs.contains(&format!("public sealed class {} : Event", pascal(kind))),
                "{ns}: no class for event {kind}"
            );
        }
    }
}
