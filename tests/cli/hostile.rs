//! Bad input: a clear error naming the file (and line where there is one),
//! never a panic or a hang.

use super::{parts, run, run_in};

fn check_text(bytes: &[u8]) -> (i32, String) {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("chart.yaml"), bytes).expect("write");
    let (code, _, err) = parts(&run_in(dir.path(), &["check", "chart.yaml"], ""));
    assert!(!err.contains("panicked"), "{err}");
    (code, err)
}

#[test]
fn an_empty_file_is_named_and_refused() {
    let (code, err) = check_text(b"");
    assert_eq!(code, 1);
    assert!(
        err.contains("error: chart file is empty\n  --> chart.yaml"),
        "{err}"
    );
}

#[test]
fn non_utf8_bytes_are_located() {
    let (code, err) = check_text(b"title: caf\xe9\nlaws: [54]\n");
    assert_eq!(code, 1);
    assert!(
        err.contains("file is not UTF-8 text (bad byte at offset 10)"),
        "{err}"
    );
    assert!(err.contains("chart.yaml:1:11"), "{err}");
}

#[test]
fn an_alias_bomb_is_refused_quickly() {
    let mut text = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
    for i in 1..30 {
        let p = i - 1;
        text.push_str(&format!(
            "a{i}: &a{i} [*a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}]\n"
        ));
    }
    let (code, err) = check_text(text.as_bytes());
    assert_eq!(code, 1);
    assert!(err.contains("chart.yaml"), "{err}");
}

#[test]
fn deep_nesting_is_refused() {
    let text = format!("title: {}{}\n", "[".repeat(20_000), "]".repeat(20_000));
    let (code, err) = check_text(text.as_bytes());
    assert_eq!(code, 1);
    assert!(err.contains("chart.yaml"), "{err}");
    let text = "a:\n".to_string()
        + &(1..20_000)
            .map(|i| format!("{}a:\n", " ".repeat(i)))
            .collect::<String>();
    let (code, err) = check_text(text.as_bytes());
    assert_eq!(code, 1);
    assert!(err.contains("chart.yaml"), "{err}");
}

#[test]
fn a_30_megabyte_file_is_refused_by_size() {
    let text = "# padding\n".repeat(3_000_000);
    let (code, err) = check_text(text.as_bytes());
    assert_eq!(code, 1);
    assert!(
        err.contains("file is 30000000 bytes; a chart may be at most 8388608 bytes"),
        "{err}"
    );
}

#[test]
fn a_missing_path_is_an_io_error_with_exit_2() {
    let (code, _, err) = parts(&run(&["check", "no/such/folder"]));
    assert_eq!(code, 2);
    assert_eq!(
        err.trim(),
        "error: cannot read `no/such/folder`: No such file or directory (os error 2)"
    );
}

#[test]
fn a_folder_with_no_charts_is_a_usage_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (code, _, err) = parts(&run_in(dir.path(), &["check", "."], ""));
    assert_eq!(code, 2);
    assert!(err.contains("no charts found"), "{err}");
}

#[test]
fn a_walk_of_an_unknown_chart_suggests_the_nearest() {
    let (code, _, err) = parts(&run(&["walk", "law-54-opening-lead-out-of-turm"]));
    assert_eq!(code, 2);
    assert!(
        err.contains("did you mean `law-54-opening-lead-out-of-turn`?"),
        "{err}"
    );
}

#[test]
fn escape_sequences_in_a_chart_never_reach_the_terminal() {
    let (code, err) = check_text(b"title: x\x1b]0;pwned\x07 \x1b[31mred\rfake\nlaws: [54]\n");
    assert_eq!(code, 1);
    assert!(!err.contains(['\u{1b}', '\u{7}', '\r']), "{err:?}");
    assert!(err.contains("unexpected character"), "{err}");
    assert!(err.contains("title: x\u{FFFD}]0;pwned\u{FFFD}"), "{err}");
}

#[test]
fn a_file_name_with_escapes_is_shown_safely_by_every_diff_format() {
    let dir = tempfile::tempdir().expect("temp dir");
    let valid =
        std::fs::read(super::root().join("tests/fixtures/valid/faced-lead.yaml")).expect("fixture");
    for side in ["old", "new"] {
        std::fs::create_dir(dir.path().join(side)).expect("folder");
        std::fs::write(dir.path().join(side).join("faced-lead.yaml"), &valid).expect("write");
    }
    let hostile = "x\u{1b}]0;pwned\u{7}\u{1b}[2J\ry.yaml";
    std::fs::write(dir.path().join("new").join(hostile), "title: [\n").expect("write");
    for format in ["text", "md", "html", "json"] {
        let args = ["diff", "old", "new", "--format", format];
        let (code, out, err) = parts(&run_in(dir.path(), &args, ""));
        assert_eq!(code, 2, "{format}: {err}");
        for (stream, text) in [("stdout", &out), ("stderr", &err)] {
            assert!(
                !text.contains(['\u{1b}', '\u{7}', '\r']),
                "{format} {stream}: {text:?}"
            );
        }
        assert!(err.contains("x\u{FFFD}]0;pwned\u{FFFD}"), "{format}: {err}");
        if format == "json" {
            assert!(out.contains("x\\u001b]0;pwned\\u0007"), "{out}");
        } else {
            assert!(out.contains("does not load"), "{format}: {out}");
            assert!(out.contains("x\u{FFFD}]0;pwned\u{FFFD}"), "{format}: {out}");
        }
    }
}

#[test]
fn a_minified_megabyte_chart_shows_a_window_of_its_line_at_the_true_column() {
    let text = format!(
        "{{title: \"{}\", laws: [\"54\"], start: a, nodes: {{a: {{ruling: R, law: 54A, bogus: 1}}}}}}\n",
        "T".repeat(1_000_000)
    );
    let (code, err) = check_text(text.as_bytes());
    assert_eq!(code, 1);
    assert!(err.contains("--> chart.yaml:1:1000070\n"), "{err}");
    assert!(
        err.contains(
            "\", laws: [\"54\"], start: a, nodes: {a: {ruling: R, law: 54A, bogus: 1}}}\n"
        ),
        "{err}"
    );
    assert!(err.contains("1 | …TTT"), "{err}");
    assert!(err.len() < 2_000, "{} bytes of stderr", err.len());
}

#[test]
fn a_broken_neighbour_with_escapes_in_its_name_is_noted_safely() {
    let dir = tempfile::tempdir().expect("temp dir");
    let trees = dir.path().join("trees");
    std::fs::create_dir(&trees).expect("folder");
    let valid =
        std::fs::read(super::root().join("tests/fixtures/valid/faced-lead.yaml")).expect("fixture");
    std::fs::write(trees.join("faced-lead.yaml"), valid).expect("write");
    std::fs::write(trees.join("x\u{1b}]0;pwned\u{7}.yaml"), "title: [\n").expect("write");
    let args = ["render", "faced-lead", "--format", "dot"];
    let (code, _, err) = parts(&run_in(dir.path(), &args, ""));
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("note: 1 other chart file(s) have errors"),
        "{err}"
    );
    assert!(err.contains("x\u{FFFD}]0;pwned\u{FFFD}.yaml"), "{err}");
    assert!(!err.contains(['\u{1b}', '\u{7}']), "{err:?}");
}
