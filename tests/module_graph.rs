//! The crate's modules import each other without circles.
//!
//! Reads every `src/**/*.rs` (one file is one module, `mod.rs` is its folder's module),
//! collects the references written as `crate::…`, `super::…` and `self::…` (in `use` items
//! and in paths), resolves each to the module that defines the item (following `pub use`
//! re-exports), and fails naming every strongly connected component of more than one module.
//! A module's use of its own ancestors (a folder's `mod.rs`) is not counted.
//! Plain file reading: no build tool is run.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// A module's path inside the crate: `[]` is the crate root, `["ca_ngua", "state"]` is
/// `crate::ca_ngua::state`.
type ModPath = Vec<String>;

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    Colons,
    Open,
    Close,
    Comma,
    Star,
    Semi,
    Other,
}

/// Splits source text into the few tokens the scan needs, skipping comments, strings and
/// character literals.
fn tokens(src: &str) -> Vec<Tok> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
                    depth += 1;
                    i += 2;
                } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c == b'\'' {
            // A character literal ('x', '\n', '\u{..}') or a lifetime ('a).
            if b.get(i + 1) == Some(&b'\\') {
                i += 2;
                while i < b.len() && b[i] != b'\'' {
                    i += 1;
                }
                i += 1;
            } else if b.get(i + 2) == Some(&b'\'') {
                i += 3;
            } else {
                let len = src[i + 1..].chars().next().map_or(1, char::len_utf8);
                if b.get(i + 1 + len) == Some(&b'\'') {
                    i += 2 + len;
                } else {
                    i += 1;
                }
            }
        } else if c == b'r'
            && (b.get(i + 1) == Some(&b'"')
                || (b.get(i + 1) == Some(&b'#') && matches!(b.get(i + 2), Some(b'"' | b'#'))))
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
        {
            // A raw string: r"…", r#"…"#, …
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&b'#') {
                hashes += 1;
                j += 1;
            }
            j += 1;
            let close: Vec<u8> = std::iter::once(b'"')
                .chain(std::iter::repeat_n(b'#', hashes))
                .collect();
            while j < b.len() && !b[j..].starts_with(&close) {
                j += 1;
            }
            i = j + close.len();
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push(Tok::Ident(src[start..i].to_string()));
        } else if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push(Tok::Other);
        } else {
            out.push(match c {
                b':' if b.get(i + 1) == Some(&b':') => {
                    i += 1;
                    Tok::Colons
                }
                b'{' => Tok::Open,
                b'}' => Tok::Close,
                b',' => Tok::Comma,
                b'*' => Tok::Star,
                b';' => Tok::Semi,
                _ => Tok::Other,
            });
            i += 1;
        }
    }
    out
}

/// One leaf of a path or `use` tree: its segments, and the name it binds (`None` for a glob).
#[derive(Debug, Clone)]
struct Leaf {
    segs: Vec<String>,
    name: Option<String>,
}

/// Parses a path or use tree starting at `toks[*i]`, whose segments so far are `prefix`.
fn parse_tree(toks: &[Tok], i: &mut usize, prefix: Vec<String>, out: &mut Vec<Leaf>) {
    let mut segs = prefix;
    loop {
        match toks.get(*i) {
            Some(Tok::Ident(s)) if s != "as" => {
                segs.push(s.clone());
                *i += 1;
            }
            Some(Tok::Open) => {
                *i += 1;
                loop {
                    match toks.get(*i) {
                        Some(Tok::Close) => {
                            *i += 1;
                            return;
                        }
                        Some(Tok::Comma) => *i += 1,
                        None => return,
                        _ => {
                            let before = *i;
                            parse_tree(toks, i, segs.clone(), out);
                            if *i == before {
                                *i += 1;
                            }
                        }
                    }
                }
            }
            Some(Tok::Star) => {
                *i += 1;
                out.push(Leaf { segs, name: None });
                return;
            }
            _ => {
                let mut name = segs.last().cloned();
                if matches!(toks.get(*i), Some(Tok::Ident(s)) if s == "as") {
                    if let Some(Tok::Ident(alias)) = toks.get(*i + 1) {
                        name = Some(alias.clone());
                        *i += 2;
                    }
                }
                out.push(Leaf { segs, name });
                return;
            }
        }
        if toks.get(*i) == Some(&Tok::Colons) {
            *i += 1;
        } else {
            if segs.len() > 1 && segs.last().map(String::as_str) == Some("self") {
                segs.pop();
            }
            let mut name = segs.last().cloned();
            if matches!(toks.get(*i), Some(Tok::Ident(s)) if s == "as") {
                if let Some(Tok::Ident(a)) = toks.get(*i + 1) {
                    name = Some(a.clone());
                    *i += 2;
                }
            }
            out.push(Leaf { segs, name });
            return;
        }
    }
}

/// What one file says: the references it makes (from the module or inline module they appear
/// in) and the names it re-exports.
#[derive(Default)]
struct FileScan {
    /// (the module the path is written in, the path's segments).
    refs: Vec<(ModPath, Vec<String>)>,
    /// (the module the `pub use` is written in, the leaf).
    reexports: Vec<(ModPath, Leaf)>,
}

fn scan(module: &ModPath, toks: &[Tok]) -> FileScan {
    let mut scan = FileScan::default();
    // Inline modules (`mod tests { … }`): (their path, the brace depth they close at).
    let mut inline: Vec<(ModPath, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < toks.len() {
        let here = inline.last().map_or(module, |(m, _)| m).clone();
        match &toks[i] {
            Tok::Open => {
                depth += 1;
                i += 1;
            }
            Tok::Close => {
                if inline.last().is_some_and(|&(_, d)| d == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
                i += 1;
            }
            Tok::Ident(m) if m == "mod" => {
                if let (Some(Tok::Ident(name)), Some(Tok::Open)) =
                    (toks.get(i + 1), toks.get(i + 2))
                {
                    let mut path = here.clone();
                    path.push(name.clone());
                    depth += 1;
                    inline.push((path, depth));
                    i += 3;
                } else {
                    i += 1;
                }
            }
            Tok::Ident(u) if u == "use" => {
                let public = i > 0
                    && (matches!(&toks[i - 1], Tok::Ident(p) if p == "pub")
                        || toks[..i].ends_with(&[
                            Tok::Ident("pub".into()),
                            Tok::Other,
                            Tok::Ident("crate".into()),
                            Tok::Other,
                        ]));
                i += 1;
                let mut leaves = Vec::new();
                if toks.get(i) == Some(&Tok::Colons) {
                    i += 1;
                }
                parse_tree(toks, &mut i, Vec::new(), &mut leaves);
                for leaf in leaves {
                    scan.refs.push((here.clone(), leaf.segs.clone()));
                    if public {
                        scan.reexports.push((here.clone(), leaf));
                    }
                }
            }
            Tok::Ident(k)
                if (k == "crate" || k == "super" || k == "self")
                    && toks.get(i + 1) == Some(&Tok::Colons)
                    && !(i > 0 && toks[i - 1] == Tok::Colons) =>
            {
                let mut leaves = Vec::new();
                parse_tree(toks, &mut i, Vec::new(), &mut leaves);
                for leaf in leaves {
                    scan.refs.push((here.clone(), leaf.segs));
                }
            }
            _ => i += 1,
        }
    }
    scan
}

struct Crate {
    /// Every module, files and inline modules.
    modules: BTreeSet<ModPath>,
    /// Per module: re-exported name → absolute path; and glob re-exports.
    named: BTreeMap<ModPath, BTreeMap<String, Vec<String>>>,
    globs: BTreeMap<ModPath, Vec<Vec<String>>>,
}

impl Crate {
    /// Makes `segs`, written in module `here`, absolute (from the crate root). `None` for a
    /// path into another crate.
    fn absolute(&self, here: &ModPath, segs: &[String]) -> Option<Vec<String>> {
        let mut base = here.clone();
        let mut rest = segs;
        match rest.first().map(String::as_str) {
            Some("crate") => {
                base.clear();
                rest = &rest[1..];
            }
            Some("self") => rest = &rest[1..],
            Some("super") => {
                while rest.first().map(String::as_str) == Some("super") {
                    base.pop();
                    rest = &rest[1..];
                }
            }
            Some(first) => {
                let mut child = here.clone();
                child.push(first.to_string());
                if !self.modules.contains(&child) {
                    return None;
                }
            }
            None => return None,
        }
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// The module defining the item at absolute path `path`, following re-exports.
    fn owner(&self, path: &[String], hops: usize) -> ModPath {
        let mut module: ModPath = Vec::new();
        let mut k = 0;
        while k < path.len() {
            let mut next = module.clone();
            next.push(path[k].clone());
            if !self.modules.contains(&next) {
                break;
            }
            module = next;
            k += 1;
        }
        if k < path.len() && hops < 16 {
            if let Some(target) = self.named.get(&module).and_then(|m| m.get(&path[k])) {
                let mut full = target.clone();
                full.extend(path[k + 1..].iter().cloned());
                return self.owner(&full, hops + 1);
            }
            for glob in self.globs.get(&module).into_iter().flatten() {
                let mut inner: ModPath = glob.clone();
                if self.modules.contains(&inner) {
                    inner.push(path[k].clone());
                    let found = self.owner(&inner, hops + 1);
                    if found != *glob {
                        let mut full = glob.clone();
                        full.extend(path[k..].iter().cloned());
                        return self.owner(&full, hops + 1);
                    }
                }
            }
        }
        module
    }
}

fn name(m: &ModPath) -> String {
    if m.is_empty() {
        "crate".to_string()
    } else {
        m.join("::")
    }
}

/// Reads `src/` under `root` and returns the module graph: module → the modules it uses.
fn module_graph(root: &Path) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    let mut files = Vec::new();
    let mut stack = vec![root.join("src")];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    let mut scans = Vec::new();
    let mut modules = BTreeSet::new();
    for file in &files {
        let rel = file.strip_prefix(root.join("src")).unwrap();
        let mut module: ModPath = rel
            .with_extension("")
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        if matches!(
            module.last().map(String::as_str),
            Some("mod" | "lib" | "main")
        ) {
            module.pop();
        }
        let toks = tokens(&fs::read_to_string(file).unwrap());
        let s = scan(&module, &toks);
        modules.insert(module.clone());
        for (m, _) in s.refs.iter() {
            modules.insert(m.clone());
        }
        scans.push((module, s));
    }
    let mut krate = Crate {
        modules,
        named: BTreeMap::new(),
        globs: BTreeMap::new(),
    };
    let mut named = BTreeMap::<ModPath, BTreeMap<String, Vec<String>>>::new();
    let mut globs = BTreeMap::<ModPath, Vec<Vec<String>>>::new();
    for (_, s) in &scans {
        for (here, leaf) in &s.reexports {
            let Some(abs) = krate.absolute(here, &leaf.segs) else {
                continue;
            };
            match &leaf.name {
                Some(n) => {
                    named
                        .entry(here.clone())
                        .or_default()
                        .insert(n.clone(), abs);
                }
                None => globs.entry(here.clone()).or_default().push(abs),
            }
        }
    }
    krate.named = named;
    krate.globs = globs;
    let mut graph = BTreeMap::<ModPath, BTreeSet<ModPath>>::new();
    for (module, s) in &scans {
        graph.entry(module.clone()).or_default();
        for (here, segs) in &s.refs {
            let Some(abs) = krate.absolute(here, segs) else {
                continue;
            };
            // An inline module belongs to its file's module.
            let mut target = krate.owner(&abs, 0);
            while !target.is_empty() && !scans.iter().any(|(m, _)| *m == target) {
                target.pop();
            }
            // A module may use what its ancestors define (a folder's `mod.rs` holding what its
            // files share, as `bot` does): that edge is not counted.
            if target != *module && !module.starts_with(&target) {
                graph.entry(module.clone()).or_default().insert(target);
            }
        }
    }
    graph
}

/// Tarjan's strongly connected components, each sorted.
fn components(graph: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Vec<Vec<ModPath>> {
    struct Tarjan<'a> {
        graph: &'a BTreeMap<ModPath, BTreeSet<ModPath>>,
        index: BTreeMap<&'a ModPath, usize>,
        low: BTreeMap<&'a ModPath, usize>,
        stack: Vec<&'a ModPath>,
        on_stack: BTreeSet<&'a ModPath>,
        out: Vec<Vec<ModPath>>,
    }
    impl<'a> Tarjan<'a> {
        fn visit(&mut self, v: &'a ModPath) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.graph.get(v).into_iter().flatten() {
                let Some((w, _)) = self.graph.get_key_value(w) else {
                    continue;
                };
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let lw = self.low[w];
                    let lv = self.low.get_mut(v).unwrap();
                    *lv = (*lv).min(lw);
                } else if self.on_stack.contains(w) {
                    let iw = self.index[w];
                    let lv = self.low.get_mut(v).unwrap();
                    *lv = (*lv).min(iw);
                }
            }
            if self.low[v] == self.index[v] {
                let mut comp = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    comp.push(w.clone());
                    if w == v {
                        break;
                    }
                }
                comp.sort();
                self.out.push(comp);
            }
        }
    }
    let mut t = Tarjan {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !t.index.contains_key(v) {
            t.visit(v);
        }
    }
    t.out
}

#[test]
fn no_import_circles() {
    let graph = module_graph(Path::new(env!("CARGO_MANIFEST_DIR")));
    if std::env::var_os("DANGIAN_PRINT_MODULE_GRAPH").is_some() {
        for (m, uses) in &graph {
            let uses: Vec<String> = uses.iter().map(name).collect();
            println!("{} -> {}", name(m), uses.join(", "));
        }
    }
    let circles: Vec<String> = components(&graph)
        .into_iter()
        .filter(|c| c.len() > 1)
        .map(|c| {
            let edges: Vec<String> = c
                .iter()
                .flat_map(|a| {
                    let c = &c;
                    graph[a]
                        .iter()
                        .filter(move |b| c.contains(b))
                        .map(move |b| format!("{} -> {}", name(a), name(b)))
                })
                .collect();
            edges.join(", ")
        })
        .collect();
    assert!(
        circles.is_empty(),
        "modules that import each other in a circle: {}",
        circles.join("; ")
    );
}

#[test]
fn the_scan_sees_the_crate() {
    // The graph must see the crate's main references, or the check above proves nothing.
    let graph = module_graph(Path::new(env!("CARGO_MANIFEST_DIR")));
    let m = |s: &str| -> ModPath { s.split("::").map(String::from).collect() };
    assert!(graph[&m("ca_ngua::state")].contains(&m("ca_ngua::config")));
    assert!(graph[&m("ca_ngua")].contains(&m("game")));
    assert!(graph[&m("record")].contains(&m("limits")));
    assert!(graph.len() > 30, "{} modules", graph.len());
}

#[test]
fn a_circle_is_one_component() {
    let m = |s: &str| -> ModPath { s.split("::").map(String::from).collect() };
    let mut graph = BTreeMap::<ModPath, BTreeSet<ModPath>>::new();
    for (a, b) in [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("d", "e")] {
        graph.entry(m(a)).or_default().insert(m(b));
        graph.entry(m(b)).or_default();
    }
    let mut big: Vec<_> = components(&graph)
        .into_iter()
        .filter(|c| c.len() > 1)
        .collect();
    assert_eq!(big.len(), 1);
    assert_eq!(big.pop().unwrap(), vec![m("a"), m("b"), m("c")]);
}

#[test]
fn paths_are_read_from_code_only() {
    let toks = tokens(
        "// use crate::x;\n/* crate::y */ let s = \"crate::z\"; let c = '\"'; \
         use super::{a::B, c::{self, D as E}}; let r = r#\"crate::w\"#; crate::v::f();",
    );
    let s = scan(&vec!["m".to_string(), "n".to_string()], &toks);
    let refs: Vec<String> = s.refs.iter().map(|(_, p)| p.join("::")).collect();
    assert_eq!(
        refs,
        ["super::a::B", "super::c", "super::c::D", "crate::v::f"]
    );
}

/// The game folders, and the file every one of them has for each role.
const GAMES: [&str; 3] = ["o_an_quan", "ca_ngua", "domino"];
const ROLE_FILES: [&str; 9] = [
    "config", "state", "action", "rules", "event", "view", "describe", "evaluate", "observe",
];

/// The role files missing from the game folders under `src`, as `game/role.rs`; and every
/// folder of `src` with a `state.rs` that is not a known game folder.
fn layout_faults(src: &Path) -> Vec<String> {
    let mut faults = Vec::new();
    for game in GAMES {
        for role in ROLE_FILES {
            if !src.join(game).join(format!("{role}.rs")).is_file() {
                faults.push(format!("{game}/{role}.rs is missing"));
            }
        }
    }
    for entry in fs::read_dir(src).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.join("state.rs").is_file() && !GAMES.contains(&name.as_str()) {
            faults.push(format!(
                "{name}/ looks like a game folder but is not listed"
            ));
        }
    }
    faults
}

#[test]
fn every_game_folder_has_a_file_for_every_role() {
    let faults = layout_faults(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    assert!(faults.is_empty(), "{}", faults.join("; "));
}

/// The tokens of `src` up to its first `#[cfg(test)]` (the tests that follow may use any
/// game).
fn code_tokens(src: &str) -> Vec<Tok> {
    let toks = tokens(src);
    let test_cfg = [
        Tok::Ident("cfg".into()),
        Tok::Other,
        Tok::Ident("test".into()),
        Tok::Other,
    ];
    let end = toks
        .windows(test_cfg.len())
        .position(|w| w == test_cfg)
        .unwrap_or(toks.len());
    toks[..end].to_vec()
}

/// The game modules that the code (not the comments or the tests) of `src` names.
fn games_named(src: &str) -> BTreeSet<String> {
    code_tokens(src)
        .into_iter()
        .filter_map(|t| match t {
            Tok::Ident(s) if GAMES.contains(&s.as_str()) => Some(s),
            _ => None,
        })
        .collect()
}

#[test]
fn shared_modules_hold_nothing_of_one_game() {
    // The searches and the observation trait are written against `Game`; each game's
    // evaluation, observation and own search live in its folder.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![root.join("tensor.rs")];
    for entry in fs::read_dir(root.join("bot")).unwrap() {
        files.push(entry.unwrap().path());
    }
    let mut faults = Vec::new();
    for file in &files {
        let named = games_named(&fs::read_to_string(file).unwrap());
        if !named.is_empty() {
            faults.push(format!("{} names {named:?}", file.display()));
        }
    }
    assert!(files.len() > 4, "{files:?}");
    assert!(faults.is_empty(), "{}", faults.join("; "));
}

/// The modules `src` declares `pub` (`pub mod x;` or `pub mod x { … }`).
fn public_modules(src: &str) -> Vec<String> {
    let toks = code_tokens(src);
    toks.windows(3)
        .filter_map(|w| match w {
            [Tok::Ident(p), Tok::Ident(m), Tok::Ident(name)] if p == "pub" && m == "mod" => {
                Some(name.clone())
            }
            _ => None,
        })
        .collect()
}

/// The root's `pub use` paths that start in one of its public modules: a second public path
/// to an item of that module.
fn second_paths(lib: &str) -> Vec<String> {
    let public = public_modules(lib);
    let scan = scan(&Vec::new(), &code_tokens(lib));
    scan.reexports
        .iter()
        .map(|(_, leaf)| {
            let segs: Vec<&str> = leaf
                .segs
                .iter()
                .map(String::as_str)
                .skip_while(|s| *s == "crate" || *s == "self")
                .collect();
            segs
        })
        .filter(|segs| segs.first().is_some_and(|s| public.iter().any(|p| p == s)))
        .map(|segs| segs.join("::"))
        .collect()
}

#[test]
fn one_public_path_to_each_item() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    // Inside a module, files are private and their items re-exported flat.
    let mut faults = Vec::new();
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") && path != root.join("lib.rs") {
                for m in public_modules(&fs::read_to_string(&path).unwrap()) {
                    faults.push(format!("{} declares `pub mod {m}`", path.display()));
                }
            }
        }
    }
    // The root re-exports nothing of its public modules.
    let lib = fs::read_to_string(root.join("lib.rs")).unwrap();
    for path in second_paths(&lib) {
        faults.push(format!(
            "lib.rs re-exports `{path}`, already public in its module"
        ));
    }
    assert!(public_modules(&lib).len() >= 3);
    assert!(faults.is_empty(), "{}", faults.join("; "));
}

#[test]
fn the_layout_checks_see_what_they_look_for() {
    // Each check finds the fault it exists to find.
    assert_eq!(
        games_named("use crate::domino::State;\nimpl Observe for State {}"),
        BTreeSet::from(["domino".to_string()])
    );
    assert!(games_named("// ca_ngua\n#[cfg(test)]\nmod tests { use crate::ca_ngua; }").is_empty());
    assert_eq!(
        public_modules("mod a;\npub mod b;\npub(crate) mod c;"),
        ["b"]
    );
    assert_eq!(
        second_paths("pub mod o_an_quan;\nmod game;\npub use game::Seat;\npub use o_an_quan::State as OAnQuan;"),
        ["o_an_quan::State"]
    );
    let dir = std::env::temp_dir().join(format!("dangian-layout-{}", std::process::id()));
    for game in GAMES {
        fs::create_dir_all(dir.join(game)).unwrap();
        for role in ROLE_FILES {
            fs::write(dir.join(game).join(format!("{role}.rs")), "").unwrap();
        }
    }
    assert!(layout_faults(&dir).is_empty());
    fs::remove_file(dir.join("ca_ngua/observe.rs")).unwrap();
    fs::create_dir_all(dir.join("xiangqi")).unwrap();
    fs::write(dir.join("xiangqi/state.rs"), "").unwrap();
    let faults = layout_faults(&dir);
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        faults,
        [
            "ca_ngua/observe.rs is missing",
            "xiangqi/ looks like a game folder but is not listed"
        ]
    );
}

/// The text of the first `fn name` in `src`, from its `{` to the matching `}`.
fn fn_body<'a>(src: &'a str, name: &str) -> &'a str {
    let start = src
        .find(&format!("fn {name}("))
        .unwrap_or_else(|| panic!("no fn {name}"));
    let open = start + src[start..].find('{').unwrap();
    let mut depth = 0;
    for (i, c) in src[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return &src[open..=open + i];
                }
            }
            _ => {}
        }
    }
    panic!("fn {name} does not close")
}

/// Whether `body` has a wildcard arm (a line that starts `_ =>` or `_ if`, as rustfmt writes
/// arms).
fn has_catch_all(body: &str) -> bool {
    body.lines().any(|l| {
        let l = l.trim_start();
        l.starts_with("_ =>") || l.starts_with("_ if ")
    })
}

/// The lines of the bindings that match on an engine error's variants (`AnyError::X … =>`):
/// they must leave the mapping to the dynamic layer.
fn binding_error_arms(src: &str) -> Vec<String> {
    src.lines()
        .filter(|l| {
            let l = l.trim_start();
            !l.starts_with("//")
                && l.contains("=>")
                && (l.contains("AnyError::") || l.contains("FairError::"))
        })
        .map(|l| l.trim().to_string())
        .collect()
}

#[test]
fn errors_map_to_statuses_once_and_without_a_catch_all() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let any = fs::read_to_string(root.join("src/any.rs")).unwrap();
    let mut faults = Vec::new();
    for f in ["status", "reason", "name", "fair_status", "fair_name"] {
        if has_catch_all(fn_body(&any, f)) {
            faults.push(format!("any.rs: fn {f} has a `_ =>` arm"));
        }
    }
    let mut bindings = vec![
        root.join("bindings/python/src/lib.rs"),
        root.join("bindings/js/src/lib.rs"),
    ];
    for entry in fs::read_dir(root.join("ffi/src")).unwrap() {
        bindings.push(entry.unwrap().path());
    }
    for file in &bindings {
        for arm in binding_error_arms(&fs::read_to_string(file).unwrap()) {
            faults.push(format!("{}: {arm}", file.display()));
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("; "));
    // The checks see what they look for.
    let mapping =
        "fn f(e: E) -> u32 {\n    match e {\n        A(_) => 1,\n        _ => 0,\n    }\n}";
    assert!(has_catch_all(fn_body(mapping, "f")));
    assert!(!has_catch_all(fn_body(
        &mapping.replace("_ =>", "B { .. } =>"),
        "f"
    )));
    assert_eq!(
        binding_error_arms(
            "AnyError::Stale { .. } => 9,\n// AnyError::X => 1\nif let AnyError::Y = e {"
        ),
        ["AnyError::Stale { .. } => 9,"]
    );
}

/// The binding sources: every Rust file of the C ABI, of Python's and of the web binding.
fn binding_files(root: &Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for dir in ["ffi/src", "bindings/python/src", "bindings/js/src"] {
        for entry in fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Binding files that still reach the typed games, each with why; each must still do so,
/// so that the list shrinks as they move into the dynamic layer.
const TYPED_BINDING_FILES: &[(&str, &str)] = &[
    (
        "bindings/python/src/vec_bots.rs",
        "BotVecEnv steps typed games with typed bots (and Ô ăn quan's alpha-beta by positions)",
    ),
    (
        "bindings/python/src/spiel_domino.rs",
        "OpenSpiel's resampling reads Domino hands and what each seat is known to lack",
    ),
];

/// What in the code of `src` (not its comments) reaches past the dynamic layer: a game
/// module's path (`o_an_quan::State`) or the downcast to a game type (`AnyGame::typed`).
fn reaches_past_the_dynamic_layer(src: &str) -> Vec<String> {
    let toks = tokens(src);
    let mut found = BTreeSet::new();
    for (i, t) in toks.iter().enumerate() {
        let Tok::Ident(a) = t else { continue };
        if GAMES.contains(&a.as_str()) && toks.get(i + 1) == Some(&Tok::Colons) {
            found.insert(format!("{a}::"));
        }
        if a == "typed" {
            found.insert("typed".to_string());
        }
    }
    found.into_iter().collect()
}

#[test]
fn bindings_reach_the_engine_only_through_the_dynamic_layer() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = binding_files(root);
    assert!(files.len() >= 4, "{files:?}");
    let mut faults = Vec::new();
    for file in &files {
        let found = reaches_past_the_dynamic_layer(&fs::read_to_string(file).unwrap());
        let known = TYPED_BINDING_FILES
            .iter()
            .any(|(f, _)| file.ends_with(Path::new(f)));
        if known == found.is_empty() {
            faults.push(if known {
                format!(
                    "{} no longer reaches the typed games: take it off the list",
                    file.display()
                )
            } else {
                format!("{} names {}", file.display(), found.join(", "))
            });
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("; "));
    // The check sees what it looks for, in code only.
    assert_eq!(
        reaches_past_the_dynamic_layer(
            "use dangian::domino::Phase;\nlet s = g.typed::<State>();\n// ca_ngua::State\n"
        ),
        ["domino::", "typed"]
    );
    assert_eq!(
        reaches_past_the_dynamic_layer("let s: Option<&State> = g.typed();"),
        ["typed"]
    );
    assert!(
        reaches_past_the_dynamic_layer("fn o_an_quan_board() {}\nlet t = \"ca_ngua::\";")
            .is_empty()
    );
}
