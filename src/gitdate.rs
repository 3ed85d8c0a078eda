//! The footer's date from git: the day of the newest commit touching the
//! charts' folder, as `git log -1 --format=%cs -- .` prints it there.
//! Uncommitted changes do not move it; without git, or outside a
//! repository, there is no date.

use std::path::Path;
use std::process::Command;

/// The day of the newest commit touching `trees` (a folder, or the folder
/// holding a chart file), as git prints it; `None` when git has no answer
/// (not a repository, no commit, no git).
pub fn date(trees: &Path) -> Option<String> {
    let dir = if trees.is_dir() {
        trees
    } else {
        trees.parent().unwrap_or(Path::new(""))
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    // A signature check a user's config asks for would print before the date.
    let out = Command::new("git")
        .args(["-c", "log.showSignature=false", "log", "-1", "--format=%cs"])
        .args(["--", "."])
        .current_dir(dir)
        .output()
        .ok()?;
    let date = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (out.status.success() && !date.is_empty()).then_some(date)
}
