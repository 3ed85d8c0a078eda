//! `lawcharts walk`: scripted answers reach the right ruling with its clauses;
//! bad labels exit 1 listing the labels; the interactive walk takes numbers.

use super::{parts, root, run, run_in};

const FIXTURE: &str = "tests/fixtures/valid/faced-lead.yaml";

#[test]
fn scripted_answers_print_each_question_answer_and_the_ruling_with_clauses() {
    let (code, out, err) = parts(&run(&["walk", FIXTURE, "--answer", "No"]));
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("? Could declarer have seen any of dummy's cards?  [54C]"),
        "{out}"
    );
    assert!(out.contains("  > No"), "{out}");
    assert!(
        out.contains("- The card becomes a major penalty card.  [54D]"),
        "{out}"
    );
    assert!(
        out.contains("= RULING: Declarer chooses a lead restriction.  [50D2]"),
        "{out}"
    );
}

#[test]
fn an_unknown_label_exits_1_and_lists_the_labels() {
    let (code, _, err) = parts(&run(&["walk", FIXTURE, "--answer", "Perhaps"]));
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "question `could-see-dummy` has no answer `Perhaps`; its answers are: `Yes`, `No`"
        ),
        "{err}"
    );
}

/// The fixture with a second question after the step, in a temporary folder.
fn two_question_chart() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = std::fs::read_to_string(root().join(FIXTURE)).expect("fixture");
    let text = text.replace("    next: done\n", "    next: more\n").replace(
        "  done:\n",
        "  more:\n    ask: Another question?\n    answers:\n      \"Yes\": done\n      \"No\": done\n  done:\n",
    );
    std::fs::write(dir.path().join("chart.yaml"), text).expect("write");
    dir
}

#[test]
fn answers_that_run_out_before_a_ruling_exit_1() {
    let dir = two_question_chart();
    let (code, _, err) = parts(&run_in(
        dir.path(),
        &["walk", "chart.yaml", "--answer", "No"],
        "",
    ));
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("the answers ran out at question `more`"),
        "{err}"
    );
}

#[test]
fn the_interactive_walk_takes_numbers_and_labels_and_goes_back() {
    let dir = two_question_chart();
    let (code, out, err) = parts(&run_in(
        dir.path(),
        &["walk", "chart.yaml"],
        "9\n2\nb\nNo\nyes\n",
    ));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("  1. Yes\n  2. No"), "{out}");
    assert!(out.contains("`9` is not an answer here"), "{out}");
    assert_eq!(out.matches("? Another question?").count(), 2, "{out}");
    assert_eq!(
        out.matches("? Could declarer have seen").count(),
        3,
        "{out}"
    );
    assert!(
        out.contains("= RULING: Declarer chooses a lead restriction."),
        "{out}"
    );
}

/// The Law 54 chart's worked example whose ruling hands over, as answer
/// labels and as the numbers a person would type.
fn law_54_handover_example() -> (Vec<String>, Vec<usize>) {
    let report = lawcharts::check::check_paths(&[root().join("trees")]).expect("trees check");
    let chart = report
        .charts
        .get("law-54-opening-lead-out-of-turn")
        .expect("the Law 54 chart ships");
    let example = chart
        .examples
        .iter()
        .find(|e| {
            let node = chart.node(&e.ruling).expect("example ruling exists");
            chart.graph[node]
                .then
                .as_ref()
                .is_some_and(|h| h.chart == "law-50-lead-restrictions")
        })
        .expect("an example ends at the hand-over to the lead restrictions");
    let (route, _) = chart.follow_from(chart.start, &example.answers);
    let numbers = route
        .visits
        .iter()
        .filter_map(|(at, label)| {
            let label = label.as_deref()?;
            chart
                .labels(*at)
                .iter()
                .position(|l| *l == label)
                .map(|i| i + 1)
        })
        .collect();
    (example.answers.clone(), numbers)
}

#[test]
fn the_law_54_refusal_hands_over_to_the_penalty_card_lead_restrictions() {
    let (answers, _) = law_54_handover_example();
    let mut args = vec!["walk", "law-54-opening-lead-out-of-turn"];
    for a in &answers {
        args.extend(["--answer", a.as_str()]);
    }
    let (code, out, err) = parts(&run(&args));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("54D"), "{out}");
    assert!(
        out.contains("-> continue with law-50-lead-restrictions#lead-restrictions"),
        "{out}"
    );
}

#[test]
fn the_interactive_walk_offers_to_go_on_into_a_hand_over() {
    let (_, numbers) = law_54_handover_example();
    let mut input: String = numbers.iter().map(|n| format!("{n}\n")).collect();
    input.push_str("y\n");
    let (code, out, err) = parts(&run_in(
        &root(),
        &["walk", "law-54-opening-lead-out-of-turn"],
        &input,
    ));
    assert!(
        out.contains("Go on into `law-50-lead-restrictions`"),
        "{out}"
    );
    assert!(out.contains("law-50-lead-restrictions — "), "{out}");
    // The input ends inside the penalty-card chart, before its ruling.
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("input ended before a ruling"), "{err}");
}

#[test]
fn a_chart_walked_by_its_file_can_go_on_into_a_hand_over_beside_it() {
    let (_, numbers) = law_54_handover_example();
    let mut input: String = numbers.iter().map(|n| format!("{n}\n")).collect();
    input.push_str("y\n");
    let file = "trees/law-54-opening-lead-out-of-turn.yaml";
    let (code, out, err) = parts(&run_in(&root(), &["walk", file], &input));
    assert!(
        out.contains("Go on into `law-50-lead-restrictions`"),
        "{out}"
    );
    assert!(out.contains("law-50-lead-restrictions — "), "{out}");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("input ended before a ruling"), "{err}");
}
