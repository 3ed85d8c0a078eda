//! Each slip a chart author makes, read by the real YAML reader: the whole
//! message, its line and column, and the help.

use crate::diagnostic::Diagnostic;
use crate::load::{Source, parse};

const GOOD: &str = "title: T
laws: [\"54\"]
start: a
nodes:
  a:
    ask: Is it?
    law: 54A
    answers:
      \"Yes\": b
      \"No\": c
  b:
    ruling: Fine.
    law: 54A
  c:
    ruling: Not fine.
    law: 54A
";

/// The one error `text` gives: (message, line, column, help).
fn error(text: &str) -> (String, usize, usize, Option<String>) {
    let source = Source {
        name: "chart.yaml".into(),
        path: "chart.yaml".into(),
        text: text.into(),
    };
    let d: Box<Diagnostic> = parse(&source).expect_err("the text does not read");
    let span = d.span.expect("a place");
    (d.message, span.line, span.column, d.help)
}

fn edited(from: &str, to: &str) -> String {
    assert!(GOOD.contains(from), "{from}");
    GOOD.replacen(from, to, 1)
}

#[test]
fn the_good_chart_reads() {
    let source = Source {
        name: "chart.yaml".into(),
        path: "chart.yaml".into(),
        text: GOOD.into(),
    };
    assert!(parse(&source).is_ok());
}

#[test]
fn a_node_indented_unlike_the_others_is_said_at_its_line() {
    let (message, line, column, help) = error(&edited("  b:\n", "   b:\n"));
    assert_eq!(
        (message.as_str(), line, column),
        (
            "line 11 is indented 3 spaces, which lines up with no line above it",
            11,
            4
        )
    );
    assert_eq!(
        help.as_deref(),
        Some(
            "lines of one level line up: `nodes:` (line 4) at 0, `a:` (line 5) at 2, `answers:` (line 8) at 4, `No:` (line 10) at 6 spaces"
        )
    );
}

#[test]
fn a_key_indented_deeper_than_the_one_above_is_read_as_its_text() {
    let (message, line, column, help) = error(&edited("    law: 54A\n", "     law: 54A\n"));
    assert_eq!(
        (message.as_str(), line, column),
        (
            "line 7 is indented more than `ask:` on line 6, so YAML reads it as more of that text",
            7,
            6
        )
    );
    assert_eq!(
        help.as_deref(),
        Some("indent it 4 spaces, like `ask:`, if it is a key of its own")
    );
}

#[test]
fn a_colon_and_space_in_a_text_is_explained_with_the_quoted_text() {
    let (message, line, column, help) = error(&edited("ruling: Fine.", "ruling: No: it stands."));
    assert_eq!(
        (message.as_str(), line, column),
        (
            "the text of `ruling` holds `: `, which YAML reads as the start of a key",
            12,
            15
        )
    );
    assert_eq!(
        help.as_deref(),
        Some("put the whole text in quotes: `ruling: \"No: it stands.\"`")
    );
}

#[test]
fn a_list_item_among_keys_is_said_at_its_line() {
    let (message, line, column, help) = error(&edited("      \"No\": c", "      - \"No\": c"));
    assert_eq!(
        (message.as_str(), line, column),
        ("line 10 is a list item (`- `) among keys", 10, 7)
    );
    assert_eq!(
        help.as_deref(),
        Some("write it without the `- `, like `Yes:` on line 9")
    );
}

#[test]
fn a_key_among_list_items_is_said_at_its_line() {
    let text = edited("start: a\n", "start: a\nsituations:\n  - one\n  two: x\n");
    let (message, line, column, help) = error(&text);
    assert_eq!(
        (message.as_str(), line, column),
        ("line 6 is a key among list items (`- `)", 6, 3)
    );
    assert_eq!(
        help.as_deref(),
        Some("start it with `- ` like line 5, or indent it under that item")
    );
}

#[test]
fn an_unclosed_quote_is_said_where_it_opens() {
    let (message, line, column, help) = error(&edited("title: T", "title: \"T"));
    assert_eq!(
        (message.as_str(), line, column),
        (
            "the text in quotes that starts on line 1 is not closed",
            1,
            8
        )
    );
    assert!(help.is_some_and(|h| h.starts_with("end it with `\"` on the same line")));
}

#[test]
fn text_after_a_closing_quote_is_said() {
    let (message, line, column, _) = error(&edited("ask: Is it?", "ask: \"Is it?\" he said"));
    assert_eq!(
        (message.as_str(), line, column),
        ("the text of `ask` goes on after its closing quote", 6, 19)
    );
}

#[test]
fn an_unclosed_list_is_said_where_it_opens() {
    let (message, line, column, _) = error(&edited("laws: [\"54\"]", "laws: [\"54\""));
    assert_eq!(
        (message.as_str(), line, column),
        (
            "the list that opens with `[` on line 2 is not closed with `]`",
            2,
            7
        )
    );
}

#[test]
fn a_tab_in_the_indentation_is_said_at_its_line() {
    let (message, line, column, help) = error(&edited("    ruling: Fine.", "\truling: Fine."));
    assert_eq!(
        (message.as_str(), line, column),
        (
            "line 12 is indented with a tab; YAML indents with spaces only",
            12,
            1
        )
    );
    assert_eq!(help.as_deref(), Some("replace the tab with spaces"));
}

#[test]
fn a_key_without_its_colon_is_named() {
    let (message, line, column, help) = error(&edited("  c:\n", "  c\n"));
    assert_eq!(
        (message.as_str(), line, column),
        ("`c` has no `:` after it", 14, 3)
    );
    assert_eq!(
        help.as_deref(),
        Some("a key is written `c:`, with its value after the colon")
    );
}

#[test]
fn a_node_given_a_text_instead_of_keys_is_explained() {
    let (message, line, column, _) = error(&edited(
        "    answers:\n      \"Yes\": b\n      \"No\": c\n",
        "    answers: Yes\n",
    ));
    assert_eq!(
        (message.as_str(), line, column),
        (
            "`answers` should have `key: value` lines indented below it, not `Yes`",
            8,
            14
        )
    );
}

#[test]
fn a_text_that_starts_with_a_bracket_is_explained() {
    let (message, line, column, help) = error(&edited("ask: Is it?", "ask: [Is it?"));
    assert_eq!(
        (message.as_str(), line, column),
        (
            "`ask` should be a text, but a `[` at its start makes it a list",
            6,
            10
        )
    );
    assert_eq!(
        help.as_deref(),
        Some("put the text in quotes: `ask: \"[Is it?\"`")
    );
}

#[test]
fn a_list_where_a_text_belongs_is_explained() {
    let (message, line, column, _) = error(&edited("title: T\n", "title:\n  - a\n"));
    assert_eq!(
        (message.as_str(), line, column),
        (
            "`title` should be a text, not a list or `key: value` lines",
            2,
            3
        )
    );
}

#[test]
fn a_key_with_no_value_is_named() {
    let text = format!("{GOOD}examples:\n  - situation:\n    answers: [\"Yes\"]\n    ruling: b\n");
    let (message, line, column, help) = error(&text);
    assert_eq!(
        (message.as_str(), line, column),
        ("`situation` has no value", 18, 14)
    );
    assert_eq!(
        help.as_deref(),
        Some("write its value after `situation:`, on the same line")
    );
}

#[test]
fn an_unknown_key_suggests_the_closest() {
    let (message, line, column, help) = error(&edited("title: T", "titel: T"));
    assert_eq!(
        (message.as_str(), line, column),
        ("unknown key `titel`", 1, 1)
    );
    assert_eq!(help.as_deref(), Some("did you mean `title`?"));
}

#[test]
fn an_answer_dedented_out_of_answers_is_told_to_go_back() {
    let (message, line, column, help) = error(&edited("      \"Yes\": b", "    \"Yes\": b"));
    // The reader sees the second answer first as out of place: either way
    // the help names `answers:`.
    assert_eq!(
        (message.as_str(), line, column),
        ("unknown key `Yes`", 9, 5)
    );
    assert_eq!(
        help.as_deref(),
        Some("if it is an answer, indent it under `answers:` like the answers above it")
    );
}

#[test]
fn a_value_of_the_wrong_type_names_its_key() {
    let (message, line, column, _) = error(&edited("laws: [\"54\"]", "laws: {a: 1}"));
    assert_eq!(
        (message.as_str(), line, column),
        (
            "`laws` should be a law clause such as `54D`, or a list of them, not `key: value` lines",
            2,
            7
        )
    );
}
