//! Limits with clear errors: node count, YAML aliases, what a charts folder
//! may hold (links that go nowhere or in a circle, folders and FIFOs named
//! like charts) and where `build` may write.

use std::path::Path;

use super::build::lawcharts;
use super::{parts, run_in};

const OTHER: &str =
    "title: Other\nlaws: [\"50\"]\nstart: x\nnodes:\n  x:\n    ruling: Done.\n    law: 50A\n";

/// A folder `trees/` with one valid chart, in a temporary folder.
fn trees() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir(dir.path().join("trees")).expect("mkdir");
    std::fs::write(dir.path().join("trees/other.yaml"), OTHER).expect("write");
    dir
}

fn check_in(dir: &Path, args: &[&str]) -> (i32, String) {
    let (code, _, err) = parts(&run_in(dir, args, ""));
    assert!(!err.contains("panicked"), "{err}");
    (code, err)
}

/// A chain of `n` steps ending in a ruling; answers go to `m…` when `broken`.
fn chain(n: usize, broken: bool) -> String {
    let mut text = String::from("title: Big\nlaws: [\"54\"]\nstart: n0\nnodes:\n");
    for i in 0..n - 1 {
        let to = if broken { 'm' } else { 'n' };
        text.push_str(&format!(
            "  n{i}:\n    do: Step.\n    next: {to}{}\n",
            i + 1
        ));
    }
    text.push_str(&format!("  n{}:\n    ruling: End.\n    law: 54A\n", n - 1));
    text
}

#[test]
fn a_chart_over_20000_nodes_is_refused_at_its_nodes_key() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("big.yaml"), chain(20_001, false)).expect("write");
    let (code, err) = check_in(dir.path(), &["check", "big.yaml"]);
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "error: chart has 20001 nodes; a chart may have at most 20000\n  --> big.yaml:5:3"
        ),
        "{err}"
    );
}

#[test]
fn twenty_thousand_unknown_targets_are_all_reported_with_suggestions_for_the_first() {
    // Each "did you mean" looks at every node id, so only the first hundred
    // targets of a file get one (20,000 of them took a minute). Speed itself
    // is measured by the benchmarks, not here.
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("big.yaml"), chain(20_000, true)).expect("write");
    let (code, err) = check_in(dir.path(), &["check", "big.yaml"]);
    assert_eq!(code, 1);
    assert!(err.contains("goes to unknown node `m1`"), "{}", &err[..500]);
    let reported = err.matches("goes to unknown node").count();
    let suggested = err.matches("did you mean").count();
    assert!(reported >= 19_999, "{reported} reported");
    assert!(suggested <= 100, "{suggested} suggestions");
}

#[test]
fn an_alias_bomb_inside_a_chart_is_refused_with_a_clear_message() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut text = String::from("title: T\nlaws: [\"54\"]\nsituations: [&a x");
    text.push_str(&",*a".repeat(60_000));
    text.push_str("]\nstart: a\nnodes:\n  a:\n    ruling: x\n");
    std::fs::write(dir.path().join("bomb.yaml"), text).expect("write");
    let (code, err) = check_in(dir.path(), &["check", "bomb.yaml"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("error: too many YAML aliases (`*name`): a chart may use at most 50000\n  --> bomb.yaml:3:"),
        "{}",
        &err[..err.len().min(400)]
    );
}

#[test]
fn text_that_aliases_expand_past_16_mib_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut text = format!(
        "title: T\nlaws: [\"54\"]\nsituations: [&a \"{}\"",
        "x".repeat(1 << 20)
    );
    text.push_str(&", *a".repeat(20));
    text.push_str("]\nstart: a\nnodes:\n  a:\n    ruling: x\n");
    std::fs::write(dir.path().join("bomb.yaml"), text).expect("write");
    let (code, err) = check_in(dir.path(), &["check", "bomb.yaml"]);
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "error: the chart's text, with YAML aliases expanded, is over 16777216 bytes\n  --> bomb.yaml:3:"
        ),
        "{}",
        &err[..err.len().min(400)]
    );
}

#[cfg(unix)]
mod folders {
    use super::*;
    use std::os::unix::fs::symlink;

    fn io_error(dir: &Path, expected: &str) {
        for args in [&["check", "trees"][..], &["build"][..]] {
            let (code, err) = check_in(dir, args);
            assert_eq!(code, 2, "{args:?}: {err}");
            assert_eq!(err.trim(), expected, "{args:?}");
        }
    }

    #[test]
    fn a_symlink_loop_named_like_a_chart_is_an_io_error_naming_it() {
        let dir = trees();
        symlink("loop.yaml", dir.path().join("trees/loop.yaml")).expect("symlink");
        io_error(
            dir.path(),
            "error: cannot read `trees/loop.yaml`: Too many levels of symbolic links (os error 40)",
        );
    }

    #[test]
    fn a_dangling_symlink_named_like_a_chart_is_an_io_error_naming_it() {
        let dir = trees();
        symlink("gone.yaml", dir.path().join("trees/dangling.yaml")).expect("symlink");
        io_error(
            dir.path(),
            "error: cannot read `trees/dangling.yaml`: No such file or directory (os error 2)",
        );
    }

    #[test]
    fn a_folder_named_like_a_chart_is_refused_by_name() {
        let dir = trees();
        std::fs::create_dir(dir.path().join("trees/folder.yaml")).expect("mkdir");
        io_error(
            dir.path(),
            "error: cannot read `trees/folder.yaml`: it is a folder, not a chart file",
        );
    }

    #[test]
    fn a_fifo_named_like_a_chart_is_refused_without_blocking() {
        let dir = trees();
        let fifo = dir.path().join("trees/fifo.yaml");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        io_error(
            dir.path(),
            "error: cannot read `trees/fifo.yaml`: it is not a regular file (a FIFO, a socket or a device)",
        );
        let (code, err) = check_in(dir.path(), &["check", "trees/fifo.yaml"]);
        assert_eq!(code, 2, "{err}");
    }

    #[test]
    fn an_unreadable_chart_is_an_io_error_naming_it() {
        use std::os::unix::fs::PermissionsExt;
        let dir = trees();
        let file = dir.path().join("trees/secret.yaml");
        std::fs::write(&file, OTHER).expect("write");
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o000)).expect("chmod");
        // Root reads it anyway (then it is a valid chart); the FIFO and
        // dangling-link tests cover an unreadable entry for root.
        let (code, err) = check_in(dir.path(), &["check", "trees"]);
        if std::fs::read(&file).is_ok() {
            assert_eq!(code, 0, "{err}");
            return;
        }
        assert_eq!(code, 2, "{err}");
        assert_eq!(
            err.trim(),
            "error: cannot read `trees/secret.yaml`: Permission denied (os error 13)"
        );
    }

    #[test]
    fn a_device_named_as_a_chart_is_never_read() {
        let dir = trees();
        let (code, err) = check_in(dir.path(), &["check", "/dev/zero"]);
        assert_eq!(code, 2, "{err}");
        assert!(
            err.contains("cannot read `/dev/zero`: it is not a regular file"),
            "{err}"
        );
    }

    #[test]
    fn an_editor_lock_file_beside_the_charts_is_left_alone() {
        let dir = trees();
        symlink("user@host.1234", dir.path().join("trees/.#other.yaml")).expect("symlink");
        let (code, err) = check_in(dir.path(), &["check", "trees"]);
        assert_eq!(code, 0, "{err}");
    }

    #[test]
    fn a_chart_that_is_a_link_to_a_chart_is_read() {
        let dir = trees();
        std::fs::write(dir.path().join("elsewhere.yaml"), OTHER).expect("write");
        symlink("../elsewhere.yaml", dir.path().join("trees/linked.yaml")).expect("symlink");
        let (code, err) = check_in(dir.path(), &["check", "trees"]);
        assert_eq!(code, 0, "{err}");
        assert!(err.contains("checked 2 chart(s)"), "{err}");
    }
}

fn build_to(dir: &Path, out: &str) -> (i32, String) {
    let (code, _, err) = parts(&lawcharts(dir, &["build", "--out", out]));
    assert!(!err.contains("panicked"), "{err}");
    (code, err)
}

#[test]
fn an_out_that_is_a_file_is_refused_and_kept() {
    let dir = trees();
    std::fs::write(dir.path().join("notes.txt"), "keep").expect("write");
    let (code, err) = build_to(dir.path(), "notes.txt");
    assert_eq!(code, 2);
    assert_eq!(
        err.trim(),
        "error: cannot write the output to `notes.txt`: `notes.txt` is not a folder; choose another --out"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("notes.txt")).expect("kept"),
        "keep"
    );
}

#[test]
fn an_out_under_a_file_cannot_be_written_and_says_where() {
    let dir = trees();
    std::fs::write(dir.path().join("notes.txt"), "keep").expect("write");
    let (code, err) = build_to(dir.path(), "notes.txt/site");
    assert_eq!(code, 2);
    assert!(
        err.starts_with(
            "error: cannot write the output to `notes.txt/site`: cannot create folder `notes.txt`"
        ),
        "{err}"
    );
}

#[cfg(unix)]
#[test]
fn an_out_in_a_read_only_folder_is_an_io_error() {
    use std::os::unix::fs::PermissionsExt;
    let dir = trees();
    let locked = dir.path().join("locked");
    std::fs::create_dir(&locked).expect("mkdir");
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o555)).expect("chmod");
    // Root writes anyway; the test means something only for other users.
    let root_writes = std::fs::write(locked.join("probe"), "").is_ok();
    let (code, err) = build_to(dir.path(), "locked/output");
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    if root_writes {
        assert_eq!(code, 0, "{err}");
        return;
    }
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: cannot write the output to `locked/output`: cannot create folder"),
        "{err}"
    );
    assert!(err.contains("Permission denied"), "{err}");
}

#[test]
fn an_out_inside_the_charts_folder_is_refused() {
    let dir = trees();
    for out in ["trees/output", "trees/../trees/a/b", "./trees"] {
        let (code, err) = build_to(dir.path(), out);
        assert_eq!(code, 2, "{out}");
        assert_eq!(
            err.trim(),
            format!(
                "error: `--out {out}` is inside the charts folder `trees`; choose an output folder outside it"
            )
        );
    }
    assert_eq!(
        std::fs::read_dir(dir.path().join("trees"))
            .expect("trees")
            .count(),
        1,
        "nothing was written"
    );
}

#[test]
fn an_out_that_holds_the_charts_folder_is_refused() {
    let dir = trees();
    let (code, err) = build_to(dir.path(), ".");
    assert_eq!(code, 2);
    assert_eq!(
        err.trim(),
        "error: the charts folder `trees` is inside `--out .`, which build replaces whole; choose another --out"
    );
}

#[cfg(unix)]
#[test]
fn an_out_reached_through_a_link_to_the_charts_folder_is_refused() {
    let dir = trees();
    std::os::unix::fs::symlink("trees", dir.path().join("alias")).expect("symlink");
    let (code, err) = build_to(dir.path(), "alias/output");
    assert_eq!(code, 2);
    assert!(err.contains("is inside the charts folder `trees`"), "{err}");
}

#[test]
fn build_refuses_to_draw_a_chart_over_1000_nodes_and_writes_nothing() {
    let dir = trees();
    std::fs::write(dir.path().join("trees/big.yaml"), chain(1_001, false)).expect("write");
    let (code, _, err) = parts(&lawcharts(dir.path(), &["build"]));
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(
            "error: chart has 1001 nodes; `build` draws charts of at most 1000\n  --> trees/big.yaml\n"
        ),
        "{err}"
    );
    assert!(!dir.path().join("output").exists());
    let (code, err) = check_in(dir.path(), &["check", "trees"]);
    assert_eq!(code, 0, "`check` still accepts it: {err}");
}

#[test]
fn render_refuses_to_lay_out_or_nest_a_20000_node_chart_but_writes_its_dot() {
    let dir = tempfile::tempdir().expect("temp dir");
    let yaml = lawcharts::synth::chart_yaml(20_000, 1);
    std::fs::write(dir.path().join("big.yaml"), yaml).expect("write");
    // Refused before any layout (no time limit is asserted: a loaded
    // machine is slow; the refusal itself is the verdict).
    for format in ["svg", "html", "pdf", "md"] {
        let args = ["render", "big.yaml", "--format", format];
        let (code, out, err) = parts(&run_in(dir.path(), &args, ""));
        assert_eq!(code, 2, "{format}: {err}");
        assert!(out.is_empty(), "{format}");
        assert!(
            err.contains(
                "error: chart has 20000 nodes; `render` draws charts of at most 1000\n  --> big.yaml\n"
            ),
            "{format}: {err}"
        );
        assert!(err.contains("`--format dot` has no limit"), "{err}");
    }
    let args = ["render", "big.yaml", "--format", "dot"];
    let (code, out, err) = parts(&run_in(dir.path(), &args, ""));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("n19999"), "{err}");
}
