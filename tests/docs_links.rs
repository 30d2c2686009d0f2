//! The documentation holds together: every relative link of the README, of `docs/` and of the
//! bindings' READMEs points at a file that exists, and a link to a heading (`file.md#anchor`,
//! `#anchor`) at a heading that exists, with GitHub's anchors; and every page with Rust
//! examples is included in `src/lib.rs` as a doctest, so that `cargo test --doc` runs them.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The markdown files whose links are checked.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md"), root().join("CHANGELOG.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    assert!(docs.len() >= 10, "docs/ has only {} pages", docs.len());
    pages.extend(docs);
    for binding in ["python", "js", "unity"] {
        pages.push(root().join("bindings").join(binding).join("README.md"));
    }
    pages
}

/// The text of a page outside fenced code blocks, one entry per line (code lines empty, so
/// line numbers stay right).
fn prose_lines(text: &str) -> Vec<String> {
    let mut fenced = false;
    text.lines()
        .map(|line| {
            if line.trim_start().starts_with("```") {
                fenced = !fenced;
                return String::new();
            }
            if fenced {
                String::new()
            } else {
                line.to_owned()
            }
        })
        .collect()
}

/// A line without its inline code spans (`` `[a](b)` `` is not a link).
fn without_code_spans(line: &str) -> String {
    let mut out = String::new();
    let mut in_code = false;
    for c in line.chars() {
        if c == '`' {
            in_code = !in_code;
        } else if !in_code {
            out.push(c);
        }
    }
    out
}

/// The targets of the inline links `[text](target)` of a line.
fn link_targets(line: &str) -> Vec<String> {
    let line = without_code_spans(line);
    let mut targets = Vec::new();
    let mut rest = line.as_str();
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let Some(end) = after.find(')') else { break };
        let target = after[..end].split_whitespace().next().unwrap_or("");
        targets.push(target.to_owned());
        rest = &after[end..];
    }
    targets
}

/// GitHub's anchor for a heading: lower case, markup and punctuation dropped (letters of any
/// script, digits, `-` and `_` kept), spaces turned into `-`.
fn anchor_of(heading: &str) -> String {
    // A link in a heading counts by its text.
    let mut text = String::new();
    let mut rest = heading;
    while let Some(open) = rest.find('[') {
        let Some(mid) = rest[open..].find("](") else {
            break;
        };
        let Some(close) = rest[open + mid..].find(')') else {
            break;
        };
        text.push_str(&rest[..open]);
        text.push_str(&rest[open + 1..open + mid]);
        rest = &rest[open + mid + close + 1..];
    }
    text.push_str(rest);
    text.to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a page's headings, with GitHub's `-1`, `-2`, … for repeated ones.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    for line in prose_lines(text) {
        let trimmed = line.trim_start_matches('#');
        if trimmed.len() == line.len() || !trimmed.starts_with(' ') {
            continue;
        }
        let base = anchor_of(trimmed.trim());
        let mut anchor = base.clone();
        let mut n = 0;
        while seen.contains(&anchor) {
            n += 1;
            anchor = format!("{base}-{n}");
        }
        seen.insert(anchor);
    }
    seen
}

/// Every broken relative link of the page `file` with the text `text`, as
/// `file:line: target (why)`.
fn broken_links(file: &Path, text: &str) -> Vec<String> {
    let mut broken = Vec::new();
    let dir = file.parent().expect("a page is in a folder");
    for (number, line) in prose_lines(text).iter().enumerate() {
        for target in link_targets(line) {
            let external = target.contains("://") || target.starts_with("mailto:");
            if external || target.is_empty() {
                if target.is_empty() {
                    broken.push(format!("{}:{}: an empty link", file.display(), number + 1));
                }
                continue;
            }
            let (path, anchor) = match target.split_once('#') {
                Some((path, anchor)) => (path, Some(anchor)),
                None => (target.as_str(), None),
            };
            let linked = if path.is_empty() {
                file.to_path_buf()
            } else {
                dir.join(path)
            };
            let at = format!("{}:{}: {target}", file.display(), number + 1);
            if !linked.exists() {
                broken.push(format!("{at} (no such file)"));
                continue;
            }
            let Some(anchor) = anchor else { continue };
            if linked.extension().is_none_or(|e| e != "md") {
                broken.push(format!("{at} (an anchor into a file that is not markdown)"));
                continue;
            }
            let linked_text = if path.is_empty() {
                text.to_owned()
            } else {
                std::fs::read_to_string(&linked).expect("a linked page reads")
            };
            if !anchors(&linked_text).contains(anchor) {
                broken.push(format!("{at} (no such heading)"));
            }
        }
    }
    broken
}

#[test]
fn every_relative_link_resolves() {
    let mut broken = Vec::new();
    let mut links = 0;
    for page in pages() {
        let text =
            std::fs::read_to_string(&page).unwrap_or_else(|e| panic!("{}: {e}", page.display()));
        links += prose_lines(&text)
            .iter()
            .map(|l| link_targets(l).len())
            .sum::<usize>();
        broken.extend(broken_links(&page, &text));
    }
    assert!(
        links >= 50,
        "only {links} links found: is the parser blind?"
    );
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn the_checker_finds_broken_links() {
    let page = root().join("docs").join("README.md");
    let good = "# A page\n\n## Its part\n\n[ok](rust.md) [ok](rust.md#one-loop-for-every-game) \
                [ok](#its-part) [ok](../README.md#the-games) `[code](nowhere.md)`\n\
                ```sh\n[code](nowhere.md)\n```\n";
    assert_eq!(broken_links(&page, good), Vec::<String>::new());
    for bad in [
        "[gone](nowhere.md)",
        "[gone](rust.md#no-such-heading)",
        "[gone](#no-such-heading)",
        "[gone](../src/nowhere.rs)",
        "[gone](../Cargo.toml#anchor)",
        "[gone]()",
    ] {
        let text = format!("# A page\n\nSee {bad}.\n");
        assert_eq!(broken_links(&page, &text).len(), 1, "{bad} was not caught");
    }
}

#[test]
fn github_anchors() {
    assert_eq!(anchor_of("Unity (C#)"), "unity-c");
    assert_eq!(anchor_of("Cờ cá ngựa"), "cờ-cá-ngựa");
    assert_eq!(
        anchor_of("Online tables: provably fair chance, moves in words"),
        "online-tables-provably-fair-chance-moves-in-words"
    );
    assert_eq!(
        anchor_of("`AnyGame` and [the C ABI](c.md)"),
        "anygame-and-the-c-abi"
    );
    let repeated = anchors("# Tests\n## Tests\n```sh\n# Tests\n```\n");
    assert_eq!(
        repeated,
        BTreeSet::from(["tests".to_owned(), "tests-1".to_owned()])
    );
}

/// Every page with ```rust blocks is a doctest (`#[doc = include_str!(…)]` in `src/lib.rs`),
/// so that its examples are compiled and run.
#[test]
fn pages_with_rust_examples_are_doctests() {
    let lib = std::fs::read_to_string(root().join("src/lib.rs")).expect("src/lib.rs");
    let mut with_rust = 0;
    for page in pages() {
        let text = std::fs::read_to_string(&page).expect("a page reads");
        if !text.contains("```rust") {
            continue;
        }
        with_rust += 1;
        let relative = page
            .strip_prefix(root())
            .expect("a page of the crate")
            .to_string_lossy()
            .replace('\\', "/");
        let include = format!("#[doc = include_str!(\"../{relative}\")]");
        assert!(
            lib.contains(&include),
            "{relative} has Rust examples but src/lib.rs does not include it as a doctest \
             ({include})"
        );
    }
    assert!(with_rust >= 3, "only {with_rust} pages with Rust examples");
}
