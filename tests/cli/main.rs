//! The one integration test binary: runs the real `lawcharts` on fixtures and
//! on the shipped charts, in temporary folders.

mod authoring;
mod browser;
mod build;
mod cards;
mod check;
mod diff;
mod docs;
mod escaping;
mod fuzzed;
mod hostile;
mod layering;
mod layout_quality;
mod limits;
mod properties;
mod serve;
mod unicode;
mod update;
mod walk;
mod weight;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// How many charts the repository ships: the `.yaml` files in `trees/`. Tests
/// that go over every shipped chart compare with this, so that a chart the
/// checker drops is noticed, while adding or splitting a chart needs no edit here.
pub fn shipped_chart_count() -> usize {
    std::fs::read_dir(root().join("trees"))
        .expect("trees/ is readable")
        .map(|entry| entry.expect("trees/ entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "yaml"))
        .count()
}

/// Runs `lawcharts` with `args` from the repository root.
pub fn run(args: &[&str]) -> Output {
    run_in(&root(), args, "")
}

/// Runs `lawcharts` in `dir` with `input` on standard input.
pub fn run_in(dir: &Path, args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_lawcharts"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("lawcharts starts");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("lawcharts finishes")
}

/// Exit code, stdout and stderr as text.
pub fn parts(out: &Output) -> (i32, String, String) {
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
