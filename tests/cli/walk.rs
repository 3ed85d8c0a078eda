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
            "question `could-see-dummy` has no answer `Perhaps`; its answers are: 1 `Yes`, 2 `No`"
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
    assert!(
        out.contains(
            "question `could-see-dummy` has no answer 9; its answers are: 1 `Yes`, 2 `No`"
        ),
        "{out}"
    );
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

/// `lawcharts walk` of the Law 54 example that ends in a hand-over.
fn law_54_walk_to_its_hand_over() -> (i32, String, String) {
    let (answers, _) = law_54_handover_example();
    let mut args = vec!["walk", "law-54-opening-lead-out-of-turn"];
    for a in &answers {
        args.extend(["--answer", a.as_str()]);
    }
    parts(&run(&args))
}

#[test]
fn the_law_54_refusal_hands_over_to_the_penalty_card_lead_restrictions() {
    let (code, out, err) = law_54_walk_to_its_hand_over();
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

/// A scripted walk of `args` in `dir`: (exit code, stdout, stderr).
fn walk_in(dir: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["walk"];
    all.extend_from_slice(args);
    parts(&run_in(dir, &all, ""))
}

#[test]
fn an_answer_may_be_its_number_or_the_start_of_one_label() {
    let dir = two_question_chart();
    let by_label = walk_in(
        dir.path(),
        &["chart.yaml", "--answer", "No", "--answer", "Yes"],
    );
    assert_eq!(by_label.0, 0, "{}", by_label.2);
    for answers in [["2", "1"], ["n", "Y"], ["no", "ye"]] {
        let got = walk_in(
            dir.path(),
            &["chart.yaml", "--answer", answers[0], "--answer", answers[1]],
        );
        assert_eq!(got, by_label, "{answers:?}");
    }
    let (code, _, err) = walk_in(dir.path(), &["chart.yaml", "--answer", "3"]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "error: question `could-see-dummy` has no answer 3; its answers are: 1 `Yes`, 2 `No`\n"
    );
}

#[test]
fn the_start_of_more_than_one_label_is_refused_naming_them() {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = std::fs::read_to_string(root().join(FIXTURE))
        .expect("fixture")
        .replace(
            "      \"Yes\": must-accept\n      \"No\": refuse\n",
            "      \"Declarer's RHO\": must-accept\n      \"Declarer or dummy\": refuse\n      \"Someone else\": refuse\n",
        )
        .replace("answers: [\"Yes\"]", "answers: [\"Declarer's RHO\"]");
    std::fs::write(dir.path().join("chart.yaml"), text).expect("write");
    let (code, _, err) = walk_in(dir.path(), &["chart.yaml", "--answer", "declarer"]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "error: `declarer` starts more than one answer of question `could-see-dummy`: \
         1 `Declarer's RHO`, 2 `Declarer or dummy`; give more of the label, or its number\n"
    );
    let (code, out, err) = walk_in(dir.path(), &["chart.yaml", "--answer", "declarer o"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("  > Declarer or dummy\n"), "{out}");
}

#[test]
fn a_walk_may_start_at_a_node_of_a_chart_named_by_id_or_by_file() {
    let dir = two_question_chart();
    std::fs::create_dir(dir.path().join("trees")).expect("mkdir");
    std::fs::copy(
        dir.path().join("chart.yaml"),
        dir.path().join("trees/chart.yaml"),
    )
    .expect("copy");
    for chart in ["chart#more", "trees/chart.yaml#more"] {
        let (code, out, err) = walk_in(dir.path(), &[chart, "--answer", "Yes"]);
        assert_eq!(code, 0, "{chart}: {err}");
        assert!(out.starts_with("chart — "), "{out}");
        assert!(!out.contains("Could declarer"), "starts at `more`: {out}");
        assert!(
            out.contains("? Another question?\n  > Yes\n= RULING: Declarer chooses"),
            "{out}"
        );
    }
    let (code, _, err) = walk_in(dir.path(), &["chart#mor"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: chart `chart` has no node `mor`; did you mean `chart#more`?\n"
    );
}

#[test]
fn a_walk_that_ends_in_a_hand_over_prints_the_command_that_goes_on() {
    let (code, out, err) = law_54_walk_to_its_hand_over();
    assert_eq!(code, 0, "{err}");
    let command = out
        .lines()
        .find_map(|l| l.strip_prefix("to go on: "))
        .expect("the command that goes on");
    let then = out
        .lines()
        .find_map(|l| l.strip_prefix("  -> continue with "))
        .expect("the hand-over");
    assert_eq!(command, format!("lawcharts walk {then}"));
    // The command does go on: it starts the next chart at the node handed to.
    let words: Vec<&str> = command.split(' ').skip(1).collect();
    let (_, next, _) = parts(&run(&words));
    let (chart, _) = then.split_once('#').unwrap_or((then, ""));
    assert!(next.starts_with(&format!("{chart} — ")), "{next}");
}

#[test]
fn notes_keep_their_paragraphs_and_lose_their_markdown() {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = std::fs::read_to_string(root().join(FIXTURE))
        .expect("fixture")
        .replace(
            "    ruling: Declarer must accept the lead.\n",
            "    ruling: Declarer must **accept** the lead.\n    note: |\n      Only a **faced** lead\n      counts.\n\n      See *41A*.\n",
        );
    std::fs::write(dir.path().join("chart.yaml"), text).expect("write");
    let (code, out, err) = walk_in(dir.path(), &["chart.yaml", "--answer", "Yes"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.ends_with(
            "= RULING: Declarer must accept the lead.  [54C]\n  note: Only a faced lead counts.\n        See 41A.\n"
        ),
        "{out}"
    );
}
