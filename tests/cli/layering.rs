//! No module imports one that imports it back. Every `crate::…`, `super::…`
//! and `self::…` path in `src/` (code only: comments and strings skipped,
//! tests included) is resolved to the module it names, through the `use`s
//! of a parent module where it re-exports a child's item; each becomes an
//! edge between two top-level modules, or between two children of one
//! module. Each such graph must have no cycle.
//!
//! `scripts/module-deps` prints every edge and every cycle found.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use petgraph::algo::tarjan_scc;
use petgraph::graphmap::DiGraphMap;
use proc_macro2::{Delimiter, TokenStream, TokenTree};

/// A module's path from the crate root: `["diff", "classify"]`.
type ModPath = Vec<String>;

/// A path written in the source: where it starts from (`crate`, or how
/// many `super`s; none and not `crate` is `self`), its segments, its line,
/// and how many inline `mod … { }` blocks it sits in.
struct Written {
    from_crate: bool,
    supers: usize,
    segments: Vec<String>,
    line: usize,
    inline: usize,
}

/// Every path in `code` starting with `crate::`, `super::` or `self::` (use
/// trees expanded: `use super::{a, b::c}` is two paths), and the bare
/// `use child::…` paths at its top level, which may re-export a child's
/// items. Comments and literals are left out by Rust's own lexer.
fn read(code: &str) -> (Vec<Written>, Vec<Vec<String>>) {
    let stream: TokenStream = code.parse().expect("the source lexes");
    let (mut paths, mut uses) = (Vec::new(), Vec::new());
    walk(stream, 0, true, &mut paths, &mut uses);
    (paths, uses)
}

/// [`read`] over `stream`, `inline` mod blocks deep; `top` at a file's top level.
fn walk(
    stream: TokenStream,
    inline: usize,
    top: bool,
    paths: &mut Vec<Written>,
    uses: &mut Vec<Vec<String>>,
) {
    let toks: Vec<TokenTree> = stream.into_iter().collect();
    let mut i = 0;
    while i < toks.len() {
        let word = name(&toks[i]);
        if let TokenTree::Group(group) = &toks[i] {
            let is_mod = i >= 2 && name(&toks[i - 2]) == Some("mod".into());
            walk(
                group.stream(),
                inline + usize::from(is_mod),
                false,
                paths,
                uses,
            );
        } else if matches!(word.as_deref(), Some("crate" | "super" | "self"))
            && colons(&toks, i + 1)
        {
            let line = toks[i].span().start().line;
            let from_crate = word.as_deref() == Some("crate");
            let mut supers = 0;
            while name(&toks[i]).as_deref() == Some("super") && colons(&toks, i + 1) {
                supers += 1;
                i += 3;
            }
            if supers == 0 {
                i += 3;
            }
            let mut found = Vec::new();
            i = tree(&toks, i, Vec::new(), &mut found);
            paths.extend(found.into_iter().map(|segments| Written {
                from_crate,
                supers,
                segments,
                line,
                inline,
            }));
            continue;
        } else if word.as_deref() == Some("use") && top {
            let mut found = Vec::new();
            tree(&toks, i + 1, Vec::new(), &mut found);
            uses.extend(
                found
                    .into_iter()
                    .filter(|p| !["crate", "super", "self"].contains(&p[0].as_str())),
            );
        }
        i += 1;
    }
}

/// The identifier `tok` is, if it is one.
fn name(tok: &TokenTree) -> Option<String> {
    match tok {
        TokenTree::Ident(ident) => Some(ident.to_string()),
        _ => None,
    }
}

/// Whether `::` starts at `i`.
fn colons(toks: &[TokenTree], i: usize) -> bool {
    let colon = |i: usize| matches!(toks.get(i), Some(TokenTree::Punct(p)) if p.as_char() == ':');
    colon(i) && colon(i + 1)
}

/// Reads the path (or use tree) at `i` onto `prefix`, pushing each whole
/// path into `found` (an `as` name last); the index just past it.
fn tree(toks: &[TokenTree], i: usize, prefix: Vec<String>, found: &mut Vec<Vec<String>>) -> usize {
    match &toks.get(i) {
        Some(TokenTree::Group(group)) if group.delimiter() == Delimiter::Brace => {
            let inner: Vec<TokenTree> = group.stream().into_iter().collect();
            let mut j = 0;
            while j < inner.len() {
                j = tree(&inner, j, prefix.clone(), found);
                j += usize::from(
                    matches!(inner.get(j), Some(TokenTree::Punct(p)) if p.as_char() == ','),
                );
            }
            i + 1
        }
        Some(TokenTree::Ident(ident)) => {
            let mut path = prefix;
            path.push(ident.to_string());
            if colons(toks, i + 1) {
                return tree(toks, i + 3, path, found);
            }
            let alias = toks.get(i + 1).and_then(name).is_some_and(|w| w == "as");
            if let Some(alias) = toks.get(i + 2).and_then(name).filter(|_| alias) {
                path.push(alias);
            }
            found.push(path);
            i + if alias { 3 } else { 1 }
        }
        _ => {
            if !prefix.is_empty() {
                found.push(prefix);
            }
            i + 1
        }
    }
}

/// Every module of the crate, by path, with its file.
fn modules(src: &Path) -> BTreeMap<ModPath, std::path::PathBuf> {
    let mut found = BTreeMap::new();
    let mut todo = vec![src.to_path_buf()];
    while let Some(dir) = todo.pop() {
        for entry in std::fs::read_dir(&dir).expect("src/ is readable") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                todo.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(src).expect("inside src");
            let mut module: ModPath = relative
                .with_extension("")
                .iter()
                .map(|part| part.to_string_lossy().into_owned())
                .collect();
            if module.last().is_some_and(|last| last == "mod") {
                module.pop();
            }
            if module == ["lib"] || module == ["main"] {
                module.clear();
            }
            if module.is_empty() && relative != Path::new("lib.rs") {
                continue;
            }
            found.insert(module, path);
        }
    }
    found
}

/// The module `segments` (from the crate root) names: the longest known
/// module along it, or the child a module's `use` brings the next name from.
fn resolve(
    segments: &[String],
    known: &BTreeMap<ModPath, std::path::PathBuf>,
    brought: &BTreeMap<(ModPath, String), ModPath>,
) -> ModPath {
    let mut at: ModPath = Vec::new();
    for segment in segments.iter().filter(|s| *s != "self") {
        let mut next = at.clone();
        next.push(segment.clone());
        if known.contains_key(&next) {
            at = next;
        } else {
            return brought
                .get(&(at.clone(), segment.clone()))
                .cloned()
                .unwrap_or(at);
        }
    }
    at
}

/// One graph per parent module (the crate root is `[]`): edges between
/// its children, each with the first place it is written.
type Graphs = BTreeMap<ModPath, BTreeMap<(String, String), String>>;

/// The import graphs of the crate in `src`.
fn graphs(src: &Path) -> Graphs {
    let known = modules(src);
    let mut written = BTreeMap::new();
    let mut brought = BTreeMap::new();
    for (module, file) in &known {
        let code = std::fs::read_to_string(file).expect("source is readable");
        let (paths, uses) = read(&code);
        for path in uses {
            let mut child = module.clone();
            child.push(path[0].clone());
            if known.contains_key(&child) {
                let name = path.last().expect("a path has a name").clone();
                brought.insert((module.clone(), name), child);
            }
        }
        written.insert(module.clone(), (file.clone(), paths));
    }
    let mut graphs = Graphs::new();
    for (module, (file, paths)) in &written {
        for path in paths {
            let base = if path.from_crate {
                Vec::new()
            } else if path.supers <= path.inline {
                continue; // inside this file
            } else {
                let up = path.supers - path.inline;
                module[..module.len().saturating_sub(up)].to_vec()
            };
            let target = resolve(&[base, path.segments.clone()].concat(), &known, &brought);
            let common = module
                .iter()
                .zip(&target)
                .take_while(|(a, b)| a == b)
                .count();
            if common < module.len() && common < target.len() {
                let shown = file
                    .strip_prefix(src.parent().unwrap_or(src))
                    .unwrap_or(file);
                let place = format!("{}:{}", shown.display(), path.line);
                let edge = (module[common].clone(), target[common].clone());
                let graph = graphs.entry(module[..common].to_vec()).or_default();
                graph.entry(edge).or_insert(place);
            }
        }
    }
    graphs
}

/// Every cycle: the modules that import each other, within one parent,
/// with the edges between them and where each is written.
fn cycles(graphs: &Graphs) -> Vec<String> {
    let mut found = Vec::new();
    for (parent, edges) in graphs {
        let graph: DiGraphMap<&str, ()> = edges
            .keys()
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .collect();
        for group in tarjan_scc(&graph).into_iter().filter(|g| g.len() > 1) {
            let members: BTreeSet<&str> = group.into_iter().collect();
            let inside = parent.iter().map(|p| format!("{p}::")).collect::<String>();
            let mut text = format!(
                "cycle among {inside}{{{}}}:\n",
                members.iter().copied().collect::<Vec<_>>().join(", ")
            );
            for ((a, b), place) in edges {
                if members.contains(a.as_str()) && members.contains(b.as_str()) {
                    text += &format!("  {a} -> {b}  ({place})\n");
                }
            }
            found.push(text);
        }
    }
    found
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let graphs = graphs(&crate::root().join("src"));
    for (parent, edges) in &graphs {
        let name = if parent.is_empty() {
            "crate".into()
        } else {
            parent.join("::")
        };
        println!("{name}:");
        for ((a, b), place) in edges {
            println!("  {a} -> {b}  ({place})");
        }
    }
    assert!(
        graphs.get(&Vec::new()).is_some_and(|g| g.len() > 20),
        "the crate's edges are found"
    );
    let cycles = cycles(&graphs);
    assert!(cycles.is_empty(), "{}", cycles.join(""));
    println!("no cycles");
}

#[test]
fn a_cycle_is_found_between_modules_and_through_a_parent_s_re_export() {
    let dir = tempfile::tempdir().expect("temp dir");
    let src = dir.path().join("src");
    let files = [
        ("lib.rs", "mod a; mod b; mod c; mod d;"),
        ("a.rs", "use crate::b::X;"),
        ("b.rs", "pub fn f() { crate::{a, c}::g(); }"),
        ("c.rs", "// crate::a"),
        ("d/mod.rs", "mod x; mod y; pub use x::T;"),
        (
            "d/x.rs",
            "use super::y::U; mod tests { use super::super::y; }",
        ),
        ("d/y.rs", "use super::T;"),
    ];
    for (name, code) in files {
        std::fs::create_dir_all(src.join(name).parent().expect("folder")).expect("mkdir");
        std::fs::write(src.join(name), code).expect("write");
    }
    assert_eq!(
        cycles(&graphs(&src)),
        [
            "cycle among {a, b}:\n  a -> b  (src/a.rs:1)\n  b -> a  (src/b.rs:1)\n",
            "cycle among d::{x, y}:\n  x -> y  (src/d/x.rs:1)\n  y -> x  (src/d/y.rs:1)\n",
        ]
    );
}

#[test]
fn paths_are_read_from_code_not_comments_or_strings() {
    let code = "use crate::{a, b::{self, c as d}};\n// crate::e\nconst S: &str = \"crate::f\";\n\
                fn g<'a>() { super::h::i(); let _ = ('\"', r#\"crate::j\"#); }\n\
                mod tests { use super::*; use super::super::k; }\nuse l::m as n;\n";
    let (paths, uses) = read(code);
    let shown: Vec<String> = (paths.iter())
        .map(|p| {
            let from = if p.from_crate {
                "crate ".into()
            } else {
                "super ".repeat(p.supers)
            };
            format!("{from}{} {} @{}", p.segments.join("::"), p.inline, p.line)
        })
        .collect();
    assert_eq!(
        shown,
        [
            "crate a 0 @1",
            "crate b::self 0 @1",
            "crate b::c::d 0 @1",
            "super h::i 0 @4",
            "super super k 1 @5",
        ]
    );
    assert_eq!(uses, [vec!["l", "m", "n"]]);
}
