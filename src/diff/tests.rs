//! The matching rules of the comparison, on small charts checked for real.

use super::{Class, What, diff};
use crate::chart::ChartSet;
use crate::check;

/// Checks `(id, yaml)` charts in a temporary folder; every one must be valid.
fn charts(files: &[(&str, &str)]) -> ChartSet {
    let dir = tempfile::tempdir().expect("temp dir");
    for (id, text) in files {
        std::fs::write(dir.path().join(format!("{id}.yaml")), text).expect("write");
    }
    let report = check::check_paths(&[dir.path().to_path_buf()]).expect("check runs");
    let errors: Vec<_> = report.diagnostics.iter().map(|d| &d.message).collect();
    assert!(
        report.count(crate::diagnostic::Severity::Error) == 0,
        "{errors:?}"
    );
    report.charts
}

/// The changes between one chart's old and new text.
fn changes(old: &str, new: &str) -> Vec<What> {
    let (old, new) = (charts(&[("c", old)]), charts(&[("c", new)]));
    let diff = diff(&old, &new);
    diff.charts
        .iter()
        .flat_map(|c| c.changes.iter().map(|c| c.what.clone()))
        .collect()
}

/// A chart whose start question has the given answers (label: target, one
/// per line at answer indent) and the rulings `a`, `b` and `c`.
fn question(answers: &str, extra: &str) -> String {
    format!(
        "title: T\nlaws: [\"54\"]\nstart: q\nnodes:\n  q:\n    ask: Which?\n    answers:\n{answers}{extra}  a:\n    ruling: Ruling A.\n    law: 54A\n  b:\n    ruling: Ruling B.\n    law: 54B\n  c:\n    ruling: Ruling C.\n    law: 54C\n"
    )
}

#[test]
fn swapped_targets_are_two_retargets_not_relabels() {
    let old = question(
        "      \"Yes\": a\n      \"No\": b\n      \"Maybe\": c\n",
        "",
    );
    let new = question(
        "      \"Yes\": b\n      \"No\": a\n      \"Maybe\": c\n",
        "",
    );
    let found = changes(&old, &new);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(
        found
            .iter()
            .all(|w| matches!(w, What::AnswerRetargeted { .. }))
    );
}

#[test]
fn a_new_label_on_the_same_target_is_a_relabel() {
    let old = question("      Accept: a\n      Refuse: b\n      Wait: c\n", "");
    let new = question("      Accept: a\n      Decline: b\n      Wait: c\n", "");
    assert_eq!(
        changes(&old, &new),
        vec![What::AnswerRelabelled {
            old: "Refuse".into(),
            new: "Decline".into(),
            target: "b".into(),
        }]
    );
}

#[test]
fn the_same_answers_in_another_order_are_one_reorder() {
    let old = question("      One: a\n      Two: b\n      Three: c\n", "");
    let new = question("      Three: c\n      One: a\n      Two: b\n", "");
    let found = changes(&old, &new);
    assert!(
        matches!(found.as_slice(), [What::AnswersReordered { .. }]),
        "{found:?}"
    );
    assert_eq!(found[0].class(), Class::Wording);
}

#[test]
fn a_renamed_node_is_one_rename_and_answers_to_it_are_unchanged() {
    let old = question("      One: a\n      Two: b\n      Three: c\n", "");
    let new = old
        .replace("      Two: b\n", "      Two: bee\n")
        .replace("  b:\n", "  bee:\n");
    assert_eq!(
        changes(&old, &new),
        vec![What::NodeRenamed {
            old: "b".into(),
            new: "bee".into(),
        }]
    );
}

#[test]
fn a_hand_over_to_a_node_renamed_in_its_own_chart_is_unchanged() {
    let target = question("      One: a\n      Two: b\n      Three: c\n", "");
    let renamed = target
        .replace("      Two: b\n", "      Two: bee\n")
        .replace("  b:\n", "  bee:\n");
    let from = |node: &str| {
        format!(
            "title: F\nlaws: [\"54\"]\nstart: r\nnodes:\n  r:\n    ruling: Go on.\n    law: 54\n    then: t#{node}\n"
        )
    };
    let old = charts(&[("t", &target), ("f", &from("b"))]);
    let new = charts(&[("t", &renamed), ("f", &from("bee"))]);
    let d = diff(&old, &new);
    let ids: Vec<&str> = d.charts.iter().map(|c| c.chart.as_str()).collect();
    assert_eq!(ids, ["t"], "only the renaming chart changed");
}

#[test]
fn reflowed_markdown_is_no_change_but_emphasis_is() {
    let old = question("      One: a\n      Two: b\n      Three: c\n", "");
    let reflowed = old.replace(
        "    ruling: Ruling A.\n",
        "    ruling: >\n      Ruling\n      A.\n",
    );
    assert_eq!(changes(&old, &reflowed), vec![]);
    let stressed = old.replace("Ruling A.", "Ruling *A*.");
    assert!(matches!(
        changes(&old, &stressed).as_slice(),
        [What::Reworded {
            field: "ruling",
            ..
        }]
    ),);
}

#[test]
fn an_empty_note_is_the_same_as_none() {
    let old = question("      One: a\n      Two: b\n      Three: c\n", "");
    let new = old.replace(
        "    ruling: Ruling A.\n",
        "    ruling: Ruling A.\n    note: \"\"\n",
    );
    assert_eq!(changes(&old, &new), vec![]);
}

#[test]
fn reordered_clauses_are_no_change_but_a_new_main_law_is() {
    let base = |laws: &str, node: &str| {
        question("      One: a\n      Two: b\n      Three: c\n", "")
            .replace("laws: [\"54\"]", laws)
            .replace("    law: 54A\n", node)
    };
    let old = base("laws: [\"54\", \"50\"]", "    law: [54A, 54B]\n");
    let same = base("laws: [\"54\", \"50\"]", "    law: [54B, 54A]\n");
    assert_eq!(changes(&old, &same), vec![]);
    let main = base("laws: [\"50\", \"54\"]", "    law: [54A, 54B]\n");
    assert!(matches!(
        changes(&old, &main).as_slice(),
        [What::ChartLaws { .. }]
    ));
}

#[test]
fn only_keeps_the_classes_asked_for_and_drops_emptied_charts() {
    let old = question("      One: a\n      Two: b\n      Three: c\n", "");
    let new = old.replace("Ruling A.", "Ruling A, reworded.");
    let (old, new) = (charts(&[("c", &old)]), charts(&[("c", &new)]));
    assert_eq!(diff(&old, &new).only(&[Class::Wording]).charts.len(), 1);
    assert!(
        diff(&old, &new)
            .only(&[Class::Logic, Class::Law])
            .is_empty()
    );
}

#[test]
fn the_summary_counts_charts_and_classes() {
    let old = question("      One: a\n      Two: b\n      Three: c\n", "");
    let new = old
        .replace("Ruling A.", "Ruling A, reworded.")
        .replace("    law: 54C\n", "    law: 54D\n");
    let (old, new) = (
        charts(&[("c", &old)]),
        charts(&[("c", &new), ("d", &old_chart())]),
    );
    assert_eq!(
        diff(&old, &new).summary(),
        "1 chart(s) changed, 1 added, 0 removed: 1 logic, 1 wording, 1 law"
    );
}

fn old_chart() -> String {
    question("      One: a\n      Two: b\n      Three: c\n", "")
}

#[test]
fn examples_compare_by_route_so_a_relabel_does_not_change_them() {
    let examples = |label: &str| {
        format!("examples:\n  - situation: S.\n    answers: [\"{label}\"]\n    ruling: b\n")
    };
    let answers = |label: &str| format!("      One: a\n      {label}: b\n      Three: c\n");
    let old = question(&answers("Two"), "") + &examples("Two");
    let new = question(&answers("Deux"), "") + &examples("Deux");
    assert!(
        matches!(
            changes(&old, &new).as_slice(),
            [What::AnswerRelabelled { .. }]
        ),
        "{:?}",
        changes(&old, &new)
    );
}
