//! Hostile text in every field of a chart stays text in every output: no
//! tag, attribute or link in HTML, no statement in DOT, no label or fence
//! broken in Mermaid, no raw HTML or script link in Markdown.

use std::path::Path;

use pulldown_cmark::{Event, Options, Parser, Tag};

use super::build::lawcharts;
use super::parts;

/// What a hostile chart author writes everywhere.
const PAYLOAD: &str = "Ask [click](javascript:alert(3)) <script>alert(1)</script> \
    <img src=x onerror=alert(2)> <a href=\"data:text/html,x\">y</a> \"]; evil -> x; n1 --> end \
    ``` %% {{ }} \\N \\\" ' & | ~ $ ]] --> \u{2028}";

/// The same text starting a block: Markdown reads it as raw HTML.
const BLOCK_PAYLOAD: &str = "<script>alert(4)</script>\n<div onclick=\"alert(5)\">x</div>";

fn yaml_string(text: &str) -> String {
    serde_json::to_string(text).expect("JSON strings are YAML strings")
}

/// A chart with the payload in its title, summary, situations, every node
/// text, note, say, every answer label and example situation.
fn hostile_chart() -> String {
    let p = yaml_string(PAYLOAD);
    let b = yaml_string(BLOCK_PAYLOAD);
    let label = |n: &str| yaml_string(&format!("{n} {PAYLOAD}"));
    format!(
        "title: {p}\nlaws: [\"54\"]\nsummary: {p}\nsituations: [{p}]\nstart: q\nnodes:\n  \
         q:\n    ask: {p}\n    note: {b}\n    say: {p}\n    law: 54A\n    answers:\n      \
         {yes}: s\n      {no}: r\n  \
         s:\n    do: {p}\n    next: r\n  \
         r:\n    ruling: {p}\n    say: {p}\n    note: {p}\n    then: other#x\n\
         examples:\n  - situation: {p}\n    answers: [{yes}]\n    ruling: r\n",
        yes = label("first"),
        no = label("second"),
    )
}

const OTHER: &str =
    "title: Other\nlaws: [\"50\"]\nstart: x\nnodes:\n  x:\n    ruling: Done.\n    law: 50A\n";

fn hostile_build() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let trees = dir.path().join("trees");
    std::fs::create_dir(&trees).expect("mkdir");
    std::fs::write(trees.join("target.yaml"), hostile_chart()).expect("write");
    std::fs::write(trees.join("other.yaml"), OTHER).expect("write");
    let (code, _, err) = parts(&lawcharts(dir.path(), &["build"]));
    assert_eq!(code, 0, "{err}");
    dir
}

fn read(dir: &Path, path: &str) -> String {
    std::fs::read_to_string(dir.join(path)).expect("output file")
}

/// A tag as a browser reads it: its name and its (attribute, value) pairs.
struct HtmlTag {
    name: String,
    attrs: Vec<(String, String)>,
}

/// Every tag in an HTML text. Quoted values are skipped over as a browser
/// does, so text escaped inside a value cannot pass for an attribute.
fn tags(html: &str) -> Vec<HtmlTag> {
    let mut found = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find('<') {
        rest = &rest[at + 1..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '/' || *c == '!')
            .collect();
        rest = &rest[name.len()..];
        let mut attrs = Vec::new();
        loop {
            rest = rest.trim_start();
            if rest.is_empty() || rest.starts_with('>') || rest.starts_with("/>") {
                break;
            }
            let attr: String = rest
                .chars()
                .take_while(|c| !"=> \n\"".contains(*c))
                .collect();
            rest = &rest[attr.len()..];
            let mut value = String::new();
            if let Some(after) = rest.strip_prefix('=') {
                let (v, r) = match after.strip_prefix('"') {
                    Some(q) => q.split_once('"').unwrap_or((q, "")),
                    None => after
                        .split_once([' ', '>'])
                        .map_or((after, ""), |(v, _)| (v, &after[v.len()..])),
                };
                value = v.to_string();
                rest = r;
            } else if attr.is_empty() {
                rest = &rest[rest.chars().next().map_or(0, char::len_utf8)..];
            }
            attrs.push((attr.to_lowercase(), value));
        }
        found.push(HtmlTag {
            name: name.to_lowercase(),
            attrs,
        });
    }
    found
}

fn assert_html_is_inert(html: &str, what: &str) {
    for tag in tags(html) {
        let name = tag.name.as_str();
        let forbidden = [
            "img",
            "iframe",
            "object",
            "embed",
            "base",
            "meta http-equiv=refresh",
        ];
        assert!(!forbidden.contains(&name), "{what}: <{name}>");
        for (attr, value) in &tag.attrs {
            assert!(!attr.starts_with("on"), "{what}: `{attr}` on <{name}>");
            if ["href", "src", "action", "xlink:href"].contains(&attr.as_str()) {
                let v = value.to_lowercase();
                let safe = v.starts_with("https://") || v.starts_with('#') || !v.contains(':');
                assert!(safe, "{what}: {attr}=\"{value}\" on <{name}>");
            }
        }
        if name == "script" {
            let src: Vec<_> = tag.attrs.iter().filter(|(a, _)| a == "src").collect();
            assert_eq!(src.len(), 1, "{what}: an inline script");
            assert_eq!(src[0].1, "assets/site.js", "{what}");
        }
    }
    assert!(!html.contains("<script>alert"), "{what}");
}

#[test]
fn hostile_text_stays_text_in_the_html_pages() {
    let dir = hostile_build();
    for page in ["output/site/target.html", "output/site/index.html"] {
        let html = read(dir.path(), page);
        assert_html_is_inert(&html, page);
        let shown =
            html.contains("&lt;script&gt;alert(1)") || html.contains("&#60;script&#62;alert(1)");
        assert!(shown, "{page}: the text is shown");
    }
    let svg = read(dir.path(), "output/svg/target.svg");
    assert_html_is_inert(&svg, "output/svg/target.svg");
    assert!(!svg.contains("<script"), "no script in the drawing");
    assert!(svg.contains("&#60;script&#62;alert(1)") || svg.contains("&lt;script&gt;alert(1)"));
    let html = read(dir.path(), "output/site/target.html");
    assert!(
        html.contains("Ask click &lt;script&gt;"),
        "a dropped link keeps its text"
    );
    assert!(
        html.contains("href=\"other.html#step-x\""),
        "the hand-over link"
    );
}

/// The DOT text with every `"..."` string removed.
fn outside_strings(dot: &str) -> String {
    let mut outside = String::new();
    let mut chars = dot.chars();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        match (in_string, c) {
            (true, '\\') => {
                chars.next();
            }
            (true, '"') | (false, '"') => in_string = !in_string,
            (true, _) => {}
            (false, c) => outside.push(c),
        }
    }
    assert!(!in_string, "a DOT string is left open");
    outside
}

#[test]
fn hostile_text_stays_inside_dot_strings() {
    let dir = hostile_build();
    let dot = read(dir.path(), "output/dot/target.dot");
    let outside = outside_strings(&dot);
    for word in ["evil", "alert", "script", "\\N"] {
        assert!(
            !outside.contains(word),
            "`{word}` outside a string:\n{outside}"
        );
    }
    let statements = outside
        .lines()
        .filter(|l| l.trim_end().ends_with(';'))
        .count();
    assert_eq!(
        statements,
        3 + 3 + 3,
        "graph/node/edge defaults, 3 nodes, 3 edges:\n{outside}"
    );
}

#[test]
fn hostile_text_cannot_break_a_mermaid_label_or_the_fence() {
    let dir = hostile_build();
    let md = read(dir.path(), "output/md/target.md");
    let start = md.find("```mermaid\n").expect("a mermaid block") + "```mermaid\n".len();
    let len = md[start..].find("\n```\n").expect("the fence closes");
    let block = &md[start..start + len];
    for line in block.lines().skip(1) {
        let line = line.trim_start();
        if line.starts_with("classDef ") || line.starts_with("class ") {
            assert!(!line.contains('"') && !line.contains("evil"), "{line}");
            continue;
        }
        let quotes = line.matches('"').count();
        assert!(quotes == 0 || quotes == 2, "{line}");
        let label = line.split('"').nth(1).unwrap_or("");
        let unlabelled: String = line.split('"').step_by(2).collect();
        assert!(!unlabelled.contains("evil"), "{line}");
        let bare = strip_entities(
            &label
                .replace("<br/>", "")
                .replace("<i>", "")
                .replace("</i>", ""),
        );
        for c in [
            '<', '>', '`', '[', ']', '{', '}', '|', ';', '#', '"', '\u{2028}',
        ] {
            assert!(!bare.contains(c), "`{c}` in a label: {line}");
        }
    }
}

/// Text with Mermaid's `#NN;` entities removed.
fn strip_entities(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('#') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let digits = after.chars().take_while(char::is_ascii_digit).count();
        if digits > 0 && after[digits..].starts_with(';') {
            rest = &after[digits + 1..];
        } else {
            out.push('#');
            rest = after;
        }
    }
    out + rest
}

#[test]
fn hostile_text_in_markdown_has_no_raw_html_or_script_links() {
    let dir = hostile_build();
    for page in ["output/md/target.md", "output/md/index.md"] {
        let md = read(dir.path(), page);
        let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
        let mut in_code = false;
        for event in Parser::new_ext(&md, options) {
            match event {
                Event::Start(Tag::CodeBlock(_)) => in_code = true,
                Event::End(pulldown_cmark::TagEnd::CodeBlock) => in_code = false,
                Event::Html(h) | Event::InlineHtml(h) if !in_code => {
                    panic!("{page}: raw HTML `{h}`")
                }
                Event::Start(Tag::Link { dest_url, .. }) => {
                    let ok = dest_url.starts_with("https://") || dest_url.ends_with(".md");
                    assert!(ok, "{page}: link to `{dest_url}`");
                }
                Event::Start(Tag::Image { .. }) => panic!("{page}: an image"),
                Event::Start(Tag::Table(_)) => panic!("{page}: a table from text"),
                _ => {}
            }
        }
        assert!(
            md.contains("\\<script\\>alert(1)\\</script\\>"),
            "{page}: the text is kept"
        );
    }
}
