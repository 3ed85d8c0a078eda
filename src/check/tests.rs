//! One test per rule of the format (§2 of the contract) and per warning:
//! each asserts the whole message and the exact line and column.

use std::path::PathBuf;

use super::check_paths;
use crate::diagnostic::{Diagnostic, Severity};

/// A small valid chart, edited by each test to break one rule.
const GOOD: &str = r#"title: Faced opening lead out of turn
laws: ["54"]
start: could-see-dummy
nodes:
  could-see-dummy:
    ask: Could declarer see dummy?
    law: 54C
    answers:
      "Yes": must-accept
      "No": refuse
  must-accept:
    ruling: Declarer must accept the lead.
    law: 54C
  refuse:
    do: It is a major penalty card.
    law: 54D
    next: done
  done:
    ruling: Declarer picks a restriction.
    law: 50D2
examples:
  - situation: Declarer saw dummy's cards.
    answers: ["Yes"]
    ruling: must-accept
"#;

/// Checks the given files (name, text) written into a fresh folder.
fn check(files: &[(&str, &str)]) -> Vec<Diagnostic> {
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).expect("write fixture");
    }
    let report = check_paths(&[PathBuf::from(dir.path())]).expect("check runs");
    report.diagnostics
}

fn one(text: &str) -> Vec<Diagnostic> {
    check(&[("chart.yaml", text)])
}

fn errors(ds: &[Diagnostic]) -> Vec<(String, usize, usize)> {
    ds.iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| {
            let (l, c) = d.span.map_or((0, 0), |s| (s.line, s.column));
            (d.message.clone(), l, c)
        })
        .collect()
}

fn only_error(ds: &[Diagnostic]) -> (String, usize, usize) {
    let es = errors(ds);
    assert_eq!(es.len(), 1, "expected exactly one error, got {ds:#?}");
    es[0].clone()
}

#[test]
fn the_good_chart_is_clean() {
    assert_eq!(one(GOOD), vec![]);
}

#[test]
fn yaml_that_does_not_parse_is_reported_where_it_breaks() {
    let ds = one("title: \"unclosed\nlaws: x\n");
    assert_eq!(
        only_error(&ds),
        (
            "the text in quotes that starts on line 1 is not closed".into(),
            1,
            8
        )
    );
    assert_eq!(ds[0].code, "yaml");
}

#[test]
fn a_value_of_the_wrong_type_is_reported_at_the_value() {
    let ds = one(&GOOD.replace("start: could-see-dummy", "start: [a, b]"));
    let (msg, line, col) = only_error(&ds);
    assert_eq!(msg, "`start` should be one id, not `[a, b]`");
    assert_eq!((line, col), (3, 8));
    assert_eq!(ds[0].code, "wrong-type");
}

#[test]
fn a_missing_required_key_is_named() {
    let ds = one(&GOOD.replace("title: Faced opening lead out of turn\n", ""));
    assert_eq!(
        only_error(&ds),
        ("missing required key `title`".into(), 1, 1)
    );
}

#[test]
fn an_unknown_key_is_an_error_not_ignored() {
    let ds = one(&GOOD.replace("    law: 54C\n    answers:", "    lawz: 54C\n    answers:"));
    assert_eq!(only_error(&ds), ("unknown key `lawz`".into(), 7, 5));
    assert_eq!(ds[0].help.as_deref(), Some("did you mean `law`?"));
}

#[test]
fn a_chart_id_that_is_not_a_valid_id_is_refused() {
    let ds = check(&[("Bad Name.yaml", GOOD)]);
    let (msg, _, _) = only_error(&ds);
    assert_eq!(msg, "chart id `Bad Name` (the file name) is not a valid id");
}

#[test]
fn a_node_id_that_is_not_a_valid_id_is_refused_at_its_key() {
    let text = GOOD
        .replace("  done:\n", "  Done_Node:\n")
        .replace("next: done", "next: Done_Node");
    let ds = one(&text);
    assert_eq!(
        only_error(&ds),
        ("`Done_Node` is not a valid node id".into(), 18, 3)
    );
}

#[test]
fn a_duplicate_node_id_is_reported_at_the_second_definition() {
    let text = GOOD.to_string().replace(
        "examples:",
        "  done:\n    ruling: again\n    law: 54\nexamples:",
    );
    let ds = one(&text);
    assert_eq!(
        only_error(&ds),
        ("node `done` is defined twice".into(), 21, 3)
    );
    assert_eq!(
        ds[0].help.as_deref(),
        Some("the first definition is on line 18; node ids are unique in a chart")
    );
}

#[test]
fn a_duplicate_answer_label_is_reported() {
    let text = GOOD.replace(
        "      \"No\": refuse\n",
        "      \"No\": refuse\n      \"Yes\": refuse\n",
    );
    let ds = one(&text);
    assert_eq!(
        only_error(&ds),
        (
            "question `could-see-dummy` has the answer `Yes` twice".into(),
            11,
            7
        )
    );
}

#[test]
fn a_node_with_no_kind_is_reported() {
    let text = GOOD.replace(
        "    ruling: Declarer must accept the lead.\n",
        "    note: nothing\n",
    );
    let ds = one(&text);
    // The node still counts as a target: the missing key is the one error.
    assert_eq!(
        only_error(&ds),
        (
            "node `must-accept` has none of `ask`, `do` or `ruling`".into(),
            11,
            3
        )
    );
}

#[test]
fn a_node_with_two_kinds_is_reported() {
    let text = GOOD.replace(
        "    ruling: Declarer must accept the lead.\n",
        "    ruling: x\n    do: y\n",
    );
    let es = errors(&one(&text));
    assert!(
        es.contains(&(
            "node `must-accept` has both `do` and `ruling`".into(),
            12,
            13
        )),
        "{es:?}"
    );
    assert!(
        !es.iter().any(|e| e.0.contains("unknown node")),
        "the node still counts as a target: {es:?}"
    );
}

#[test]
fn a_key_of_another_kind_is_reported() {
    let text = GOOD.replace(
        "    law: 54C\n    answers:",
        "    law: 54C\n    next: done\n    answers:",
    );
    let ds = one(&text);
    assert_eq!(
        only_error(&ds),
        (
            "`next` does not belong on a question `could-see-dummy`".into(),
            8,
            11
        )
    );
}

#[test]
fn an_answer_to_an_unknown_node_is_reported_with_its_line_and_a_suggestion() {
    let text = GOOD.replace("\"Yes\": must-accept", "\"Yes\": must-acept");
    let ds = one(&text);
    let es = errors(&ds);
    assert_eq!(
        es[0],
        (
            "answer `Yes` of node `could-see-dummy` goes to unknown node `must-acept`".into(),
            9,
            14
        )
    );
    assert_eq!(ds[0].help.as_deref(), Some("did you mean `must-accept`?"));
}

#[test]
fn a_start_or_next_to_an_unknown_node_is_reported() {
    let text = GOOD
        .replace("start: could-see-dummy", "start: nowhere")
        .replace("next: done", "next: don");
    let es = errors(&one(&text));
    assert!(
        es.contains(&("`start` goes to unknown node `nowhere`".into(), 3, 8)),
        "{es:?}"
    );
    assert!(
        es.contains(&(
            "`next` of step `refuse` goes to unknown node `don`".into(),
            17,
            11
        )),
        "{es:?}"
    );
}

#[test]
fn a_then_to_an_unknown_chart_or_node_is_reported() {
    let other = GOOD.to_string();
    let text = GOOD.replace(
        "    law: 50D2\n",
        "    law: 50D2\n    then: other#nowhere\n",
    );
    let ds = check(&[("chart.yaml", &text), ("other.yaml", &other)]);
    assert_eq!(
        only_error(&ds),
        (
            "`then` names node `nowhere`, which chart `other` does not have".into(),
            21,
            11
        )
    );
    let text = GOOD.replace("    law: 50D2\n", "    law: 50D2\n    then: othr\n");
    let ds = check(&[("chart.yaml", &text), ("other.yaml", &other)]);
    assert_eq!(
        only_error(&ds),
        ("`then` names unknown chart `othr`".into(), 21, 11)
    );
    assert_eq!(ds[0].help.as_deref(), Some("did you mean `other`?"));
}

#[test]
fn an_unreachable_node_is_reported_at_its_id() {
    let text = GOOD.replace(
        "examples:",
        "  orphan:\n    ruling: Nobody gets here.\n    law: 54\nexamples:",
    );
    let ds = one(&text);
    assert_eq!(
        only_error(&ds),
        ("node `orphan` cannot be reached from `start`".into(), 21, 3)
    );
}

#[test]
fn nodes_cut_off_by_a_misspelt_target_are_a_note_under_its_one_error() {
    let text = GOOD.replace("\"No\": refuse", "\"No\": refse");
    let ds = one(&text);
    assert_eq!(
        only_error(&ds),
        (
            "answer `No` of node `could-see-dummy` goes to unknown node `refse`".into(),
            10,
            13
        )
    );
    assert_eq!(
        ds[0].notes,
        ["so node `refuse` cannot be reached from `start`, nor can the node after it: `done`"]
    );
    assert_eq!(ds[0].help.as_deref(), Some("did you mean `refuse`?"));
}

#[test]
fn an_unreachable_node_and_the_nodes_after_it_are_one_error() {
    let text = GOOD.replace(
        "examples:",
        "  orphan:\n    do: Nobody gets here.\n    law: 54\n    next: after\n  \
         after:\n    ruling: Nor here.\n    law: 54\nexamples:",
    );
    let ds = one(&text);
    assert_eq!(
        only_error(&ds),
        ("node `orphan` cannot be reached from `start`".into(), 21, 3)
    );
    assert_eq!(ds[0].notes, ["nor can the node after it: `after`"]);
}

#[test]
fn an_answer_with_no_target_says_so_at_its_line() {
    let text = GOOD.replace("\"No\": refuse", "\"No\":");
    let ds = one(&text);
    assert_eq!(
        only_error(&ds),
        (
            "answer `No` of node `could-see-dummy` has no target node".into(),
            10,
            7
        )
    );
    assert_eq!(
        ds[0].help.as_deref(),
        Some("write the id of the node it leads to after `\"No\":`")
    );
    // The one node left unreachable is likely the one meant.
    assert_eq!(
        ds[0].notes,
        [
            "node `refuse` cannot be reached from `start`, nor can the node after it: `done` \
          (is it the node meant here?)"
        ]
    );
}

#[test]
fn a_chart_that_does_not_read_comes_first_and_hand_overs_into_it_are_a_note() {
    let handing = GOOD
        .replace("    law: 50D2\n", "    law: 50D2\n    then: broken\n")
        .replace(
            "examples:",
            "  orphan:\n    ruling: Nobody.\n    law: 54\nexamples:",
        );
    let broken = GOOD.replace("  must-accept:", "   must-accept:");
    let ds = check(&[("a.yaml", &handing), ("broken.yaml", &broken)]);
    let es = errors(&ds);
    assert_eq!(es.len(), 2, "{ds:#?}");
    assert!(
        ds[0].file.ends_with("broken.yaml"),
        "first, though `a` sorts first: {ds:#?}"
    );
    assert_eq!(es[1].0, "node `orphan` cannot be reached from `start`");
    assert_eq!(
        es[0],
        (
            "line 11 is indented 3 spaces, which lines up with no line above it".into(),
            11,
            4
        )
    );
    let note = &ds[0].notes[0];
    assert!(
        note.starts_with("the hand-over into this chart at ")
            && note.ends_with("a.yaml:21:11 will be checked once it is fixed"),
        "{note}"
    );
}

#[test]
fn problems_added_later_keep_the_chart_that_does_not_read_first() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("a.yaml"), GOOD).expect("write");
    std::fs::write(dir.path().join("b.yaml"), "title: [\n").expect("write");
    let mut report = check_paths(&[PathBuf::from(dir.path())]).expect("check runs");
    let a = report.charts.charts[0].file.clone();
    report
        .diagnostics
        .push(Diagnostic::warning("later", &a, None, "added later".into()));
    report.sort_diagnostics();
    let files: Vec<bool> = report
        .diagnostics
        .iter()
        .map(|d| d.file.ends_with("b.yaml"))
        .collect();
    assert_eq!(files, [true, false], "{:#?}", report.diagnostics);
}

#[test]
fn a_hand_over_into_a_neighbour_that_does_not_read_is_an_error_saying_so() {
    let dir = tempfile::tempdir().expect("temp dir");
    let handing = GOOD.replace("    law: 50D2\n", "    law: 50D2\n    then: broken\n");
    std::fs::write(dir.path().join("a.yaml"), handing).expect("write");
    std::fs::write(dir.path().join("broken.yaml"), "title: [\n").expect("write");
    let report = check_paths(&[dir.path().join("a.yaml")]).expect("check runs");
    assert_eq!(
        only_error(&report.diagnostics),
        (
            "`then` names chart `broken`, which has errors of its own".into(),
            21,
            11
        )
    );
    let help = report.diagnostics[0].help.as_deref().expect("a help");
    assert!(
        help.starts_with("`lawcharts check ") && help.ends_with("broken.yaml` shows them"),
        "{help}"
    );
}

#[test]
fn a_cycle_is_reported_once_with_its_nodes() {
    let text = GOOD.replace("next: done", "next: could-see-dummy");
    let es = errors(&one(&text));
    assert!(
        es.contains(&(
            "nodes `could-see-dummy` and `refuse` form a cycle".into(),
            5,
            3
        )),
        "{es:?}"
    );
}

#[test]
fn a_question_with_one_answer_is_incomplete() {
    let text = GOOD.replace("      \"Yes\": must-accept\n", "").replace(
        "  must-accept:\n    ruling: Declarer must accept the lead.\n    law: 54C\n",
        "",
    );
    let text = text.replace(
        "answers: [\"Yes\"]\n    ruling: must-accept",
        "answers: [\"No\"]\n    ruling: done",
    );
    let es = errors(&one(&text));
    assert!(
        es.contains(&(
            "question `could-see-dummy` has 1 answer(s); a question needs at least 2".into(),
            9,
            7
        )),
        "{es:?}"
    );
    assert!(
        es.contains(&(
            "question `could-see-dummy` is missing the answer `Yes`".into(),
            9,
            7
        )),
        "{es:?}"
    );
}

#[test]
fn yes_without_no_is_incomplete() {
    let text = GOOD.replace("\"No\": refuse", "\"Maybe\": refuse");
    let ds = one(&text);
    assert_eq!(
        only_error(&ds),
        (
            "question `could-see-dummy` is missing the answer `No`".into(),
            9,
            7
        )
    );
}

#[test]
fn one_seat_without_the_others_is_incomplete() {
    let text = GOOD
        .replace("\"Yes\": must-accept", "LHO: must-accept")
        .replace("\"No\": refuse", "Partner: refuse");
    let text = text.replace("answers: [\"Yes\"]", "answers: [LHO]");
    let ds = one(&text);
    assert_eq!(
        only_error(&ds),
        (
            "question `could-see-dummy` is missing the answer `RHO`".into(),
            9,
            7
        )
    );
}

#[test]
fn a_clause_the_laws_do_not_have_is_rejected() {
    let text = GOOD
        .replace("law: 54D", "law: 54Z")
        .replace("laws: [\"54\"]", "laws: [\"54\", \"94\"]");
    let es = errors(&one(&text));
    assert!(
        es.contains(&("Law 54 has no clause Z".into(), 16, 10)),
        "{es:?}"
    );
    assert!(es.contains(&("there is no Law 94".into(), 2, 14)), "{es:?}");
}

#[test]
fn a_malformed_clause_is_rejected() {
    let text = GOOD.replace("law: 54D", "law: Law 54D");
    let ds = one(&text);
    assert_eq!(
        only_error(&ds),
        ("`Law 54D` is not a law clause".into(), 16, 10)
    );
}

#[test]
fn a_clause_yaml_reads_as_a_number_is_read_as_written() {
    // `54E1` is 540.0 to YAML; the checker reads the source text instead.
    let text = GOOD.replace("law: 54D", "law: 54E1");
    let ds = one(&text);
    assert_eq!(only_error(&ds), ("Law 54 has no clause E1".into(), 16, 10));
}

#[test]
fn hand_overs_that_loop_between_charts_are_reported() {
    let a = GOOD.replace("    law: 50D2\n", "    law: 50D2\n    then: b#refuse\n");
    let b = GOOD.replace("    law: 50D2\n", "    law: 50D2\n    then: a#refuse\n");
    let ds = check(&[("a.yaml", &a), ("b.yaml", &b)]);
    let es = errors(&ds);
    assert_eq!(es.len(), 1, "{ds:#?}");
    assert!(
        es[0]
            .0
            .starts_with("hand-over from `a#done` to `b#refuse` comes back round"),
        "{es:?}"
    );
    assert_eq!((es[0].1, es[0].2), (21, 11));
}

#[test]
fn a_hand_over_to_another_charts_start_is_not_a_loop() {
    let a = GOOD.replace("    law: 50D2\n", "    law: 50D2\n    then: b\n");
    let ds = check(&[("a.yaml", &a), ("b.yaml", GOOD)]);
    assert_eq!(errors(&ds), vec![]);
}

#[test]
fn an_example_that_ends_elsewhere_says_where_it_went() {
    let text = GOOD.replace("    ruling: must-accept\n", "    ruling: done\n");
    let ds = one(&text);
    assert_eq!(
        only_error(&ds),
        (
            "example 1: the answers end at ruling `must-accept`, not `done`".into(),
            24,
            13
        )
    );
}

#[test]
fn an_example_with_an_answer_the_question_lacks_is_reported_at_that_answer() {
    let text = GOOD.replace("answers: [\"Yes\"]", "answers: [\"Perhaps\"]");
    let ds = one(&text);
    assert_eq!(
        only_error(&ds),
        (
            "example 1: question `could-see-dummy` has no answer `Perhaps`".into(),
            23,
            15
        )
    );
    assert_eq!(
        ds[0].help.as_deref(),
        Some("its answers are `Yes` and `No`")
    );
}

#[test]
fn box_text_and_labels_over_the_card_budget_are_named_with_how_to_fix_them() {
    let text = GOOD
        .replace(
            "Declarer must accept the lead.",
            "Declarer must accept the lead; dummy goes down as usual.",
        )
        .replace(
            "\"No\": refuse",
            "\"No\": refuse\n      \"Only their backs, or unsure\": refuse",
        );
    let ds = one(&text);
    let found: Vec<(String, usize, usize)> = ds
        .iter()
        .map(|d| {
            let (l, c) = d.span.map_or((0, 0), |s| (s.line, s.column));
            (d.message.clone(), l, c)
        })
        .collect();
    assert_eq!(
        found,
        [
            (
                "answer `Only their backs, or unsure` of `could-see-dummy` is 27 characters; a card has room for 16 in a label".to_string(),
                5,
                3
            ),
            (
                "the ruling of `must-accept` is 56 characters; a card has room for 30 in a box".to_string(),
                12,
                3
            ),
        ]
    );
    assert_eq!(ds[0].code, "long-label");
    assert_eq!(ds[1].code, "long-text");
    assert!(ds[1].help.as_deref().is_some_and(|h| h.contains("`note`")));
    // Exactly at the budget is quiet.
    let text = GOOD.replace("Declarer must accept the lead.", &"x".repeat(30));
    assert_eq!(one(&text), vec![]);
}

#[test]
fn warnings_flag_long_text_rulings_without_law_and_large_charts() {
    let long = "x".repeat(300);
    let text = GOOD
        .replace("Declarer must accept the lead.", &long)
        .replace("    law: 50D2\n", "");
    let ds = one(&text);
    assert_eq!(errors(&ds), vec![]);
    let warnings: Vec<&str> = ds.iter().map(|d| d.code).collect();
    assert_eq!(warnings, ["long-text", "ruling-without-law"]);
    let mut big = String::from("title: Big\nlaws: [\"54\"]\nstart: n0\nnodes:\n");
    for i in 0..61 {
        big.push_str(&format!(
            "  n{i}:\n    do: step {i}\n    law: 54\n    next: n{}\n",
            i + 1
        ));
    }
    big.push_str("  n61:\n    ruling: end\n    law: 54\n");
    let ds = one(&big);
    assert_eq!(
        ds.iter().map(|d| d.code).collect::<Vec<_>>(),
        ["large-chart"]
    );
}
