//! Property tests: any text in any text field of a chart (title, summary,
//! situations, ask/do/ruling, note, say, answer labels, example situations)
//! stays text in every output. The structure of each output is compared
//! with that of the same chart written with plain words: text may change
//! what is shown, never which elements, statements or blocks there are.

use lawcharts::build::render_all;
use lawcharts::check::{self, Report};
use lawcharts::config::Config;
use lawcharts::render::{Context, dot, drawing, html, markdown, search};
use proptest::prelude::*;
use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

/// The texts of one chart, one per field.
#[derive(Clone, Debug)]
struct Texts {
    title: String,
    summary: String,
    situation: String,
    ask: String,
    step: String,
    ruling: String,
    note: String,
    say: String,
    yes: String,
    no: String,
    example: String,
}

impl Texts {
    fn plain() -> Texts {
        let w = |s: &str| s.to_string();
        Texts {
            title: w("Title"),
            summary: w("Summary"),
            situation: w("Situation"),
            ask: w("Ask"),
            step: w("Step"),
            ruling: w("Ruling"),
            note: w("Note"),
            say: w("Say"),
            yes: w("First"),
            no: w("Second"),
            example: w("Example"),
        }
    }
}

/// A YAML double-quoted string holding exactly `text`: everything but
/// printable ASCII is escaped, so no character can end the string or be
/// refused by the YAML reader.
fn quoted(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            ' '..='~' => out.push(c),
            c if u32::from(c) <= 0xFFFF => out.push_str(&format!("\\u{:04X}", u32::from(c))),
            c => out.push_str(&format!("\\U{:08X}", u32::from(c))),
        }
    }
    out + "\""
}

/// A chart with every text field set, and a second chart it hands over to.
fn chart(t: &Texts) -> String {
    let q = |s: &str| quoted(s);
    // Prefixes keep each field non-empty and the two labels distinct.
    let (yes, no) = (q(&format!("A {}", t.yes)), q(&format!("B {}", t.no)));
    format!(
        "title: {title}\nlaws: [\"54\"]\nsummary: {summary}\nsituations: [{situation}]\n\
         start: q\nnodes:\n  q:\n    ask: {ask}\n    note: {note}\n    say: {say}\n    law: 54A\n    \
         answers:\n      {yes}: s\n      {no}: r\n  s:\n    do: {step}\n    next: r\n  \
         r:\n    ruling: {ruling}\n    law: 54C\n    note: {note}\n    then: other#x\n\
         examples:\n  - situation: {example}\n    answers: [{yes}]\n    ruling: r\n",
        title = q(&format!("T {}", t.title)),
        summary = q(&format!("S {}", t.summary)),
        situation = q(&format!("S {}", t.situation)),
        ask = q(&format!("Q {}", t.ask)),
        note = q(&format!("N {}", t.note)),
        say = q(&format!("S {}", t.say)),
        step = q(&format!("D {}", t.step)),
        ruling = q(&format!("R {}", t.ruling)),
        example = q(&format!("E {}", t.example)),
    )
}

const OTHER: &str =
    "title: Other\nlaws: [\"50\"]\nstart: x\nnodes:\n  x:\n    ruling: Done.\n    law: 50A\n";

fn checked(t: &Texts) -> Report {
    let text = chart(t);
    let report = check::check_texts(&[
        ("target.yaml", text.as_bytes()),
        ("other.yaml", OTHER.as_bytes()),
    ]);
    let errors: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity == lawcharts::diagnostic::Severity::Error)
        .map(|d| d.message.clone())
        .collect();
    assert!(errors.is_empty(), "{errors:?}\n{text}");
    report
}

/// Every output of the charts of `t`, by kind.
struct Outputs {
    page: String,
    index: String,
    svg: String,
    dot: String,
    md: String,
    search: String,
    paths: Vec<String>,
}

fn outputs(t: &Texts) -> Outputs {
    let report = checked(t);
    let config = Config::default();
    let cx = Context {
        config: &config,
        charts: &report.charts,
        date: Some("2025-01-01".into()),
    };
    let target = report.charts.get("target").expect("the target chart");
    Outputs {
        page: html::chart(target, &cx, html::Assets::Linked).expect("page"),
        index: html::index(&cx, html::Assets::Linked).expect("index"),
        svg: drawing::chart_svg(target, cx.charts),
        dot: dot::render(target, &cx).expect("dot"),
        md: markdown::chart(target, &cx).expect("markdown"),
        search: search::data_js(&cx),
        paths: render_all(&cx)
            .expect("render all")
            .into_iter()
            .map(|f| f.path)
            .collect(),
    }
}

/// The names of the elements in an HTML or SVG text, in order, with the
/// attributes of each (values skipped over as a browser does).
fn elements(text: &str) -> Vec<(String, Vec<(String, String)>)> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find('<') {
        rest = &rest[at + 1..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || "/!-:".contains(*c))
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
                .take_while(|c| !"=> \n\t\"".contains(*c))
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
        found.push((name.to_lowercase(), attrs));
    }
    found
}

/// Elements chart Markdown may add (pulldown-cmark's, raw HTML never).
const MARKDOWN_ELEMENTS: &[&str] = &[
    "p",
    "/p",
    "em",
    "/em",
    "strong",
    "/strong",
    "a",
    "/a",
    "code",
    "/code",
    "pre",
    "/pre",
    "ul",
    "/ul",
    "ol",
    "/ol",
    "li",
    "/li",
    "blockquote",
    "/blockquote",
    "hr",
    "br",
];

/// Panics unless every element of `text` is one the plain chart has or one
/// Markdown makes, with no event attribute and no link off http(s)/mailto.
fn assert_same_markup(text: &str, plain: &str, what: &str) {
    let known: Vec<String> = elements(plain).into_iter().map(|(n, _)| n).collect();
    for (name, attrs) in elements(text) {
        let allowed = known.contains(&name) || MARKDOWN_ELEMENTS.contains(&name.as_str());
        assert!(allowed, "{what}: <{name}> came from text");
        for (attr, value) in attrs {
            assert!(!attr.starts_with("on"), "{what}: `{attr}` on <{name}>");
            if ["href", "src", "xlink:href", "action"].contains(&attr.as_str()) {
                assert!(
                    lawcharts::markdown::is_safe_url(&value),
                    "{what}: {attr}=\"{value}\""
                );
            }
        }
    }
    let scripts = |t: &str| t.matches("<script").count();
    assert_eq!(scripts(text), scripts(plain), "{what}: scripts");
}

/// The DOT text outside `"..."` strings; panics on a string left open.
fn outside_strings(dot: &str) -> String {
    let mut outside = String::new();
    let mut chars = dot.chars();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        match (in_string, c) {
            (true, '\\') => {
                chars.next();
            }
            (_, '"') => in_string = !in_string,
            (true, _) => {}
            (false, c) => outside.push(c),
        }
    }
    assert!(!in_string, "a DOT string is left open:\n{dot}");
    outside
}

/// The Mermaid block: its lines, with every quoted label taken out.
fn mermaid_shape(md: &str) -> Vec<String> {
    let start = md.find("```mermaid\n").expect("a Mermaid block") + "```mermaid\n".len();
    let len = md[start..].find("\n```\n").expect("the fence closes");
    md[start..start + len]
        .lines()
        .map(|line| {
            assert!(line.matches('"').count() % 2 == 0, "{line}");
            line.split('"').step_by(2).collect::<String>()
        })
        .collect()
}

/// Markdown structure: block starts and ends, headings, links and raw HTML.
fn markdown_shape(md: &str) -> Vec<String> {
    let mut shape = Vec::new();
    let mut in_code = false;
    for event in Parser::new_ext(md, Options::ENABLE_TABLES) {
        match event {
            Event::Start(Tag::CodeBlock(_)) => in_code = true,
            Event::End(TagEnd::CodeBlock) => in_code = false,
            Event::Html(h) | Event::InlineHtml(h) if !in_code => {
                panic!("raw HTML `{h}` in\n{md}")
            }
            Event::Start(Tag::Heading { level, .. }) => shape.push(format!("{level:?}")),
            Event::Start(Tag::Table(_)) => shape.push("table".into()),
            Event::Start(Tag::Image { .. }) => panic!("an image in\n{md}"),
            Event::Start(Tag::Link { dest_url, .. }) => {
                let ok = lawcharts::markdown::is_safe_url(&dest_url);
                assert!(ok, "link to `{dest_url}`");
            }
            _ => {}
        }
    }
    shape
}

/// The search data script: its one statement around the JSON, and the
/// records; panics unless it is exactly `window.lawchartsSearchData = JSON;`.
fn search_records(js: &str) -> Vec<serde_json::Value> {
    let (head, rest) = js.split_once(" = ").expect("one assignment");
    assert_eq!(
        head,
        "// lawcharts search data: one record per chart.\nwindow.lawchartsSearchData"
    );
    let json = rest.strip_suffix(";\n").expect("one statement");
    serde_json::from_str(json).expect("the data is JSON")
}

/// Text a hostile author might write: markup, quotes, DOT and Mermaid
/// syntax, control and format characters, and any Unicode at all.
fn hostile() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(2)>",
        "[x](javascript:alert(3))",
        "<a href=\"data:text/html,x\">y</a>",
        "\"]; evil -> x; n1 --> end",
        "```",
        "%%{init: {}}%%",
        "#35;",
        "&amp; &#60; &lt;",
        "\\N \\\" \\",
        "}\n{",
        "\n\n# Heading\n\n- item\n",
        "|a|b|\n|-|-|",
        "\u{0}\u{1}\u{1b}\u{7f}\u{85}\u{fffe}\u{ffff}",
        "\u{2028}\u{2029}\u{200e}\u{202e}",
        "♠♥♦♣ é e\u{301} שלום مرحبا 👨\u{200d}👩\u{200d}👧 🇳🇿",
        "]]>",
        "<!--",
        "--",
        "\r\n",
    ]);
    prop::collection::vec(
        prop_oneof![pieces.prop_map(String::from), "\\PC{0,12}", ".{0,6}"],
        0..6,
    )
    .prop_map(|parts| parts.concat())
}

fn texts() -> impl Strategy<Value = Texts> {
    (
        (hostile(), hostile(), hostile(), hostile()),
        (hostile(), hostile(), hostile(), hostile()),
        (hostile(), hostile(), hostile()),
    )
        .prop_map(
            |((title, summary, situation, ask), (step, ruling, note, say), (yes, no, example))| {
                Texts {
                    title,
                    summary,
                    situation,
                    ask,
                    step,
                    ruling,
                    note,
                    say,
                    yes,
                    no,
                    example,
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn any_text_in_any_field_stays_text_in_every_output(t in texts()) {
        let plain = outputs(&Texts::plain());
        let got = outputs(&t);
        assert_same_markup(&got.page, &plain.page, "chart page");
        assert_same_markup(&got.index, &plain.index, "index");
        assert_same_markup(&got.svg, &plain.svg, "drawing");
        let svg_elements = |s: &str| elements(s).into_iter().map(|(n, _)| n).collect::<Vec<_>>();
        let lines = |s: &str| svg_elements(s).iter().filter(|n| *n == "tspan" || *n == "text").count();
        prop_assert!(lines(&got.svg) >= 1);
        resvg::usvg::Tree::from_str(&got.svg, &resvg::usvg::Options::default())
            .map_err(|e| TestCaseError::fail(format!("the SVG does not parse: {e}")))?;
        let (dot_got, dot_plain) = (outside_strings(&got.dot), outside_strings(&plain.dot));
        prop_assert_eq!(dot_got, dot_plain, "DOT statements");
        prop_assert_eq!(mermaid_shape(&got.md), mermaid_shape(&plain.md), "Mermaid lines");
        prop_assert_eq!(markdown_shape(&got.md), markdown_shape(&plain.md), "Markdown blocks");
        prop_assert_eq!(got.paths, plain.paths, "output files");
        let records = search_records(&got.search);
        prop_assert_eq!(records.len(), 2);
        let target = records.iter().find(|r| r["id"] == "target").expect("the target's record");
        let report = checked(&t);
        let chart = report.charts.get("target").expect("the target chart");
        prop_assert_eq!(target["title"].as_str(), Some(chart.title.as_str()));
        for (what, text) in [("page", &got.page), ("index", &got.index), ("svg", &got.svg),
            ("dot", &got.dot), ("md", &got.md), ("search", &got.search)] {
            let bad = text.chars().find(|&c| {
                (c.is_control() && !matches!(c, '\t' | '\n' | '\r')) || matches!(c, '\u{fffe}' | '\u{ffff}')
            });
            prop_assert!(bad.is_none(), "{what}: {bad:?}");
        }
    }

    #[test]
    fn no_file_name_makes_an_output_path_leave_out(name in prop_oneof![
        "[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,3}",
        "\\PC{1,20}",
        prop::sample::select(vec!["..", "../x", "/etc/passwd", "a/../../b", "CON", "x y", "."])
            .prop_map(String::from),
    ]) {
        let file = format!("{name}.yaml");
        let report = check::check_texts(&[(file.as_str(), OTHER.as_bytes())]);
        if report.count(lawcharts::diagnostic::Severity::Error) > 0 {
            return Ok(());
        }
        let config = Config::default();
        let cx = Context { config: &config, charts: &report.charts, date: None };
        for out in render_all(&cx).expect("render") {
            let path = std::path::Path::new(&out.path);
            let inside = path
                .components()
                .all(|c| matches!(c, std::path::Component::Normal(_)));
            prop_assert!(inside, "{}", out.path);
            prop_assert!(!out.path.contains('\\'), "{}", out.path);
        }
    }
}

/// Text that DOT (and Graphviz's label escapes: `\N`, `\G`, `\l`) would
/// read as structure stays inside its strings: the statements are those of
/// the plain chart. (Checked by DOT's own string rules, not by a Graphviz
/// that may or may not be installed.)
#[test]
fn the_dot_of_hostile_text_keeps_the_statements_of_the_plain_chart() {
    let mut t = Texts::plain();
    t.ask = "\"]; evil -> x; \\\" \\N \u{1} \u{2028} ♠ שלום 👨\u{200d}👩".into();
    t.step = "}\n{ subgraph x { a -> b }".into();
    t.ruling = "<b>bold</b> \\l \\r \\G \\E".into();
    t.yes = "\"quoted\" \\".into();
    let got = outputs(&t);
    let plain = outputs(&Texts::plain());
    assert_eq!(outside_strings(&got.dot), outside_strings(&plain.dot));
    assert!(
        got.dot.contains("\\\\N"),
        "Graphviz's `\\N` stays text: {}",
        got.dot
    );
}
