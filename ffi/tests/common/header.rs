//! A reader for `include/dangian.h` as cbindgen writes it (macros, enums, structs and
//! functions, each with its doc comment), and the generator of the C# declarations of the
//! Unity package from it: the bindings are made from the header, never copied by hand.
#![allow(dead_code)]

/// A `#define` of the header.
#[derive(Clone, Debug)]
pub struct Define {
    pub name: String,
    pub value: String,
    pub doc: Vec<String>,
}

/// A C enum and its values.
#[derive(Clone, Debug)]
pub struct Enum {
    pub name: String,
    pub doc: Vec<String>,
    pub values: Vec<(String, i64, Vec<String>)>,
}

/// A field of a struct: its C type, name and array dimensions.
#[derive(Clone, Debug)]
pub struct Field {
    pub ty: String,
    pub name: String,
    pub dims: Vec<usize>,
    pub doc: Vec<String>,
}

/// A struct (`fields` empty for an opaque one).
#[derive(Clone, Debug)]
pub struct Struct {
    pub name: String,
    pub doc: Vec<String>,
    pub fields: Vec<Field>,
    pub opaque: bool,
}

/// A parameter of a function: its C type (pointer stars included) and name.
#[derive(Clone, Debug)]
pub struct Param {
    pub ty: String,
    pub name: String,
}

/// An exported function.
#[derive(Clone, Debug)]
pub struct Function {
    pub name: String,
    pub ret: String,
    pub params: Vec<Param>,
    pub doc: Vec<String>,
}

/// Everything a binding needs from the header.
#[derive(Clone, Debug, Default)]
pub struct Header {
    pub defines: Vec<Define>,
    pub enums: Vec<Enum>,
    pub structs: Vec<Struct>,
    pub functions: Vec<Function>,
}

fn strip_struct(ty: &str) -> String {
    ty.replace("struct ", "")
        .replace("enum ", "")
        .trim()
        .to_owned()
}

/// The lines of a doc comment that starts at `first` (`/**`, then ` * text` lines up to `*/`),
/// read from `lines`; `None` when `first` does not start one.
fn block_doc<'a>(first: &str, lines: &mut impl Iterator<Item = &'a str>) -> Option<Vec<String>> {
    if first.trim() != "/**" {
        return None;
    }
    let mut doc = Vec::new();
    for l in lines.by_ref() {
        let l = l.trim();
        if l == "*/" {
            break;
        }
        let d = l.strip_prefix('*').unwrap_or(l);
        doc.push(d.strip_prefix(' ').unwrap_or(d).to_owned());
    }
    Some(doc)
}

/// Read the header.
pub fn parse(text: &str) -> Header {
    let mut h = Header::default();
    let mut doc: Vec<String> = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(raw) = lines.next() {
        let line = raw.trim_end();
        if let Some(d) = block_doc(line, &mut lines) {
            doc = d;
            continue;
        }
        if let Some(d) = line
            .strip_prefix("/* ")
            .and_then(|d| d.strip_suffix(" */"))
            .filter(|_| !line.contains("\n"))
        {
            doc = vec![d.to_owned()];
            continue;
        }
        if let Some(rest) = line.strip_prefix("#define ") {
            let mut parts = rest.splitn(2, ' ');
            let name = parts.next().unwrap_or("").to_owned();
            let value = parts.next().unwrap_or("").trim().to_owned();
            if (name.starts_with("DG_") || name.starts_with("DANGIAN_")) && !value.is_empty() {
                h.defines.push(Define {
                    name,
                    value,
                    doc: std::mem::take(&mut doc),
                });
            }
            doc.clear();
            continue;
        }
        if let Some(rest) = line.strip_prefix("typedef enum ") {
            let name = rest.trim_end_matches(" {").to_owned();
            let mut values = Vec::new();
            let mut vdoc = Vec::new();
            while let Some(l) = lines.next() {
                let l = l.trim();
                if l.starts_with('}') {
                    break;
                }
                if let Some(d) = block_doc(l, &mut lines) {
                    vdoc = d;
                    continue;
                }
                if let Some((n, v)) = l.trim_end_matches(',').split_once(" = ") {
                    values.push((
                        n.to_owned(),
                        v.parse().expect("an enum value"),
                        std::mem::take(&mut vdoc),
                    ));
                }
            }
            h.enums.push(Enum {
                name,
                doc: std::mem::take(&mut doc),
                values,
            });
            continue;
        }
        if let Some(rest) = line.strip_prefix("typedef struct ") {
            if let Some(name) = rest.strip_suffix(" {") {
                let mut fields = Vec::new();
                let mut fdoc = Vec::new();
                while let Some(l) = lines.next() {
                    let l = l.trim();
                    if l.starts_with('}') {
                        break;
                    }
                    if let Some(d) = block_doc(l, &mut lines) {
                        fdoc = d;
                        continue;
                    }
                    let decl = l.trim_end_matches(';');
                    let (ty, rest) = decl.rsplit_once(' ').expect("a field");
                    let mut dims = Vec::new();
                    let mut parts = rest.split('[');
                    let fname = parts.next().unwrap_or("").to_owned();
                    for d in parts {
                        let d = d.trim_end_matches(']');
                        // A dimension is a number or a macro of the header.
                        let n = d.parse().ok().or_else(|| {
                            h.defines
                                .iter()
                                .find(|m| m.name == d)
                                .and_then(|m| m.value.parse().ok())
                        });
                        dims.push(n.expect("a dimension"));
                    }
                    fields.push(Field {
                        ty: strip_struct(ty),
                        name: fname,
                        dims,
                        doc: std::mem::take(&mut fdoc),
                    });
                }
                h.structs.push(Struct {
                    name: name.to_owned(),
                    doc: std::mem::take(&mut doc),
                    fields,
                    opaque: false,
                });
            } else if let Some(name) = rest.split_whitespace().next() {
                h.structs.push(Struct {
                    name: name.to_owned(),
                    doc: std::mem::take(&mut doc),
                    fields: Vec::new(),
                    opaque: true,
                });
            }
            continue;
        }
        let starts_fn = ["enum DgStatus ", "uint32_t ", "void "]
            .iter()
            .any(|p| line.starts_with(p))
            && line.contains("dg_");
        if starts_fn {
            let mut decl = line.to_owned();
            while !decl.trim_end().ends_with(");") {
                match lines.next() {
                    Some(l) => {
                        decl.push(' ');
                        decl.push_str(l.trim());
                    }
                    None => break,
                }
            }
            let (head, args) = decl.split_once('(').expect("a function");
            let (ret, name) = head.rsplit_once(' ').expect("a return type");
            let args = args.trim_end().trim_end_matches(");");
            let params = if args.trim() == "void" {
                Vec::new()
            } else {
                args.split(',')
                    .map(|p| {
                        let p = p.trim();
                        let cut = p.rfind([' ', '*']).expect("a parameter");
                        Param {
                            ty: strip_struct(&p[..=cut]).replace(" *", "*"),
                            name: p[cut + 1..].to_owned(),
                        }
                    })
                    .collect()
            };
            h.functions.push(Function {
                name: name.to_owned(),
                ret: strip_struct(ret),
                params,
                doc: std::mem::take(&mut doc),
            });
            continue;
        }
        if !line.trim().is_empty() {
            doc.clear();
        }
    }
    h
}

fn pascal(snake: &str) -> String {
    snake
        .split('_')
        .filter(|w| !w.is_empty())
        .map(|w| {
            let lower = w.to_ascii_lowercase();
            let mut c = lower.chars();
            match c.next() {
                Some(f) => f.to_ascii_uppercase().to_string() + c.as_str(),
                None => String::new(),
            }
        })
        .collect()
}

/// The C# name of an enum value: `DG_STATUS_BUFFER_TOO_SMALL` in `DgStatus` → `BufferTooSmall`.
pub fn csharp_value_name(enum_name: &str, value: &str) -> String {
    // DgGameKind → DG_GAME_KIND_
    let mut prefix = String::new();
    for (i, c) in enum_name.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            prefix.push('_');
        }
        prefix.push(c.to_ascii_uppercase());
    }
    prefix.push('_');
    pascal(value.strip_prefix(&prefix).unwrap_or(value))
}

/// The C# name of a macro: `DG_MAX_ACTIONS` → `MaxActions`, `DANGIAN_ABI_VERSION` →
/// `AbiVersion`.
pub fn csharp_const_name(name: &str) -> String {
    pascal(
        name.strip_prefix("DG_")
            .or_else(|| name.strip_prefix("DANGIAN_"))
            .unwrap_or(name),
    )
}

fn scalar(ty: &str) -> Option<&'static str> {
    Some(match ty {
        "uint8_t" => "byte",
        "int32_t" => "int",
        "uint32_t" => "uint",
        "uint64_t" => "ulong",
        "int64_t" => "long",
        "double" => "double",
        "float" => "float",
        "size_t" => "UIntPtr",
        "bool" => "byte",
        _ => return None,
    })
}

fn doc_lines(out: &mut String, indent: &str, doc: &[String]) {
    let text: Vec<&str> = doc
        .iter()
        .map(String::as_str)
        .take_while(|l| !l.starts_with("# Safety"))
        .collect();
    let text = text.join(" ");
    let text = text.trim();
    if text.is_empty() {
        return;
    }
    let escaped = text
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    out.push_str(&format!("{indent}/// <summary>{escaped}</summary>\n"));
}

/// The name of the blittable C# struct for an array of `dims` elements of `elem`.
fn array_struct(elem: &str, dims: &[usize]) -> String {
    let mut name = elem.to_owned();
    for d in dims.iter().rev() {
        name = format!("{name}x{d}");
    }
    format!("Fixed{name}")
}

fn csharp_type(c: &str) -> String {
    scalar(c).map(str::to_owned).unwrap_or_else(|| c.to_owned())
}

fn pascal_type(c: &str) -> String {
    // FixedUIntx4 reads badly; use the C# type name, capitalised.
    match csharp_type(c).as_str() {
        "uint" => "UInt".into(),
        "int" => "Int".into(),
        "byte" => "Byte".into(),
        "ulong" => "ULong".into(),
        "long" => "Long".into(),
        "double" => "Double".into(),
        other => other.to_owned(),
    }
}

/// The C# source of the declarations of the header, for the Unity package: enums, constants,
/// blittable structs (fixed arrays as structs of plain fields with an indexer: no unsafe code)
/// and one `[DllImport]` per function.
pub fn csharp(h: &Header) -> String {
    let mut out = String::new();
    out.push_str(
        "// <auto-generated>\n\
         // The P/Invoke declarations of include/dangian.h, generated from the header by\n\
         // `DANGIAN_BLESS=1 cargo test -p dangian-ffi --test bindings`; a test fails when this\n\
         // file differs from what the header gives. Do not edit.\n\
         // </auto-generated>\n\
         using System;\n\
         using System.Runtime.InteropServices;\n\n\
         namespace Dangian\n{\n",
    );
    for e in &h.enums {
        doc_lines(&mut out, "    ", &e.doc);
        let base = if e.name == "DgStatus" { "int" } else { "uint" };
        out.push_str(&format!("    public enum {} : {base}\n    {{\n", e.name));
        for (n, v, d) in &e.values {
            doc_lines(&mut out, "        ", d);
            out.push_str(&format!(
                "        {} = {v},\n",
                csharp_value_name(&e.name, n)
            ));
        }
        out.push_str("    }\n\n");
    }
    // The fixed-array structs every struct field needs, each once.
    let mut arrays: Vec<(String, String, Vec<usize>)> = Vec::new();
    for s in &h.structs {
        for f in &s.fields {
            for k in 0..f.dims.len() {
                let dims = f.dims[k..].to_vec();
                let name = array_struct(&pascal_type(&f.ty), &dims);
                if !arrays.iter().any(|(n, _, _)| *n == name) {
                    arrays.push((name, f.ty.clone(), dims));
                }
            }
        }
    }
    arrays.sort_by(|a, b| a.0.cmp(&b.0));
    for (name, elem, dims) in &arrays {
        let inner = if dims.len() > 1 {
            array_struct(&pascal_type(elem), &dims[1..])
        } else {
            csharp_type(elem)
        };
        let n = dims[0];
        out.push_str(&format!(
            "    /// <summary>{n} × {inner}, laid out as in C (a blittable fixed array).</summary>\n\
             \x20   [StructLayout(LayoutKind.Sequential)]\n    public struct {name}\n    {{\n"
        ));
        for i in 0..n {
            out.push_str(&format!(
                "        /// <summary>Element {i}.</summary>\n        public {inner} E{i};\n"
            ));
        }
        out.push_str(&format!(
            "        /// <summary>The number of elements, {n}.</summary>\n\
             \x20       public int Length {{ get {{ return {n}; }} }}\n\
             \x20       /// <summary>Element <c>i</c>.</summary>\n\
             \x20       public {inner} this[int i]\n        {{\n            get\n            {{\n                switch (i)\n                {{\n"
        ));
        for i in 0..n {
            out.push_str(&format!("                    case {i}: return E{i};\n"));
        }
        out.push_str(
            "                    default: throw new IndexOutOfRangeException();\n                }\n            }\n        }\n    }\n\n",
        );
    }
    for s in h.structs.iter().filter(|s| !s.opaque) {
        doc_lines(&mut out, "    ", &s.doc);
        out.push_str(&format!(
            "    [StructLayout(LayoutKind.Sequential)]\n    public struct {}\n    {{\n",
            s.name
        ));
        for f in &s.fields {
            doc_lines(&mut out, "        ", &f.doc);
            let ty = if f.dims.is_empty() {
                csharp_type(&f.ty)
            } else {
                array_struct(&pascal_type(&f.ty), &f.dims)
            };
            out.push_str(&format!("        public {ty} {};\n", pascal(&f.name)));
        }
        out.push_str("    }\n\n");
    }
    out.push_str(
        "    /// <summary>The functions and constants of the C ABI.</summary>\n\
         \x20   public static partial class Native\n    {\n\
         \x20       /// <summary>The native library: linked into the app itself on iOS (the static\n\
         \x20       /// library) and WebGL (the Emscripten build), libdangian elsewhere.</summary>\n\
         #if (UNITY_IOS || UNITY_WEBGL) && !UNITY_EDITOR\n\
         \x20       public const string Lib = \"__Internal\";\n\
         #else\n\
         \x20       public const string Lib = \"dangian\";\n\
         #endif\n\n",
    );
    for d in &h.defines {
        let doc = match (d.doc.is_empty(), d.name.as_str()) {
            (true, "DANGIAN_VERSION") => {
                vec!["The version of the library the header is of.".to_owned()]
            }
            (true, "DANGIAN_ABI_VERSION") => vec![
                "The ABI version the declarations are of (dg_abi_version must give it).".to_owned(),
            ],
            _ => d.doc.clone(),
        };
        doc_lines(&mut out, "        ", &doc);
        let v = d.value.trim_matches(|c| c == '(' || c == ')');
        let ty = if v.starts_with('"') {
            "string"
        } else if v.starts_with('-') || d.name.contains("SEATS") || d.name.contains("MAX_ACTIONS") {
            "int"
        } else {
            "uint"
        };
        out.push_str(&format!(
            "        public const {ty} {} = {v};\n",
            csharp_const_name(&d.name)
        ));
    }
    out.push('\n');
    for f in &h.functions {
        doc_lines(&mut out, "        ", &f.doc);
        let ret = match f.ret.as_str() {
            "DgStatus" => "DgStatus".to_owned(),
            "void" => "void".to_owned(),
            other => csharp_type(other),
        };
        let params: Vec<String> = f.params.iter().map(|p| csharp_param(f, p)).collect();
        out.push_str(&format!(
            "        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]\n\
             \x20       public static extern {ret} {}({});\n",
            f.name,
            params.join(", ")
        ));
    }
    out.push_str("    }\n}\n");
    out
}

fn keyword_safe(name: &str) -> String {
    match name {
        "out" | "ref" | "in" | "params" | "string" | "object" | "base" => format!("@{name}"),
        other => other.to_owned(),
    }
}

/// The C# form of one parameter: handles as `GameHandle` (or `IntPtr` for the free that the
/// handle itself calls), input text as `byte[]`, caller buffers as arrays, single results as
/// `out`, a single struct read by the library as `ref`.
fn csharp_param(f: &Function, p: &Param) -> String {
    let name = keyword_safe(&p.name);
    let ty = p.ty.replace("const ", "");
    let t = ty.trim();
    match t {
        "DgGame*" if f.name == "dg_game_free" => format!("IntPtr {name}"),
        "DgGame*" => format!("GameHandle {name}"),
        "DgGame**" => format!("out GameHandle {name}"),
        "DgBatch*" if f.name == "dg_batch_free" => format!("IntPtr {name}"),
        "DgBatch*" => format!("BatchHandle {name}"),
        "DgBatch**" => format!("out BatchHandle {name}"),
        // An array with its length in the next parameter (`<name>_len`): in, or filled.
        _ if t.ends_with('*') && f.params.iter().any(|q| q.name == format!("{}_len", p.name)) => {
            let cs = csharp_type(t.trim_end_matches('*'));
            if p.ty.starts_with("const") {
                format!("{cs}[] {name}")
            } else {
                format!("[Out] {cs}[] {name}")
            }
        }
        "uint8_t*" if p.ty.starts_with("const") => format!("byte[] {name}"),
        "uint8_t*" => format!("[Out] byte[] {name}"),
        "size_t*" => format!("out UIntPtr {name}"),
        _ if t.ends_with('*') => {
            let elem = t.trim_end_matches('*');
            let cs = csharp_type(elem);
            if p.name == "buf" {
                format!("[Out] {cs}[] {name}")
            } else if p.ty.starts_with("const") {
                // One struct read by the library.
                format!("ref {cs} {name}")
            } else {
                format!("out {cs} {name}")
            }
        }
        _ => format!("{} {name}", csharp_type(t)),
    }
}
