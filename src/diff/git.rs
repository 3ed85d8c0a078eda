//! `diff --rev`: the chart files of a folder as they were at a git revision,
//! copied into a scratch folder with `git ls-tree` and `git cat-file` (git
//! is on every machine that has the repository; no git library needed).

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, bail};

use super::side::Scratch;

/// A folder's chart files at a revision.
pub struct Snapshot {
    /// The copies.
    pub scratch: Scratch,
    /// The copied files, sorted.
    pub files: Vec<PathBuf>,
    /// How messages name the folder: `REV:path/`.
    pub shown_as: String,
}

/// Copies the `.yaml` files of `folder` (one level, like `check`) as they
/// were at `rev`. A folder that did not exist then gives no files.
pub fn snapshot(rev: &str, folder: &Path) -> anyhow::Result<Snapshot> {
    if rev.starts_with('-') || rev.is_empty() {
        bail!("`{rev}` is not a git revision");
    }
    let dir = if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    };
    if !dir.is_dir() {
        bail!("cannot read folder `{}`", dir.display());
    }
    if git(dir, &["rev-parse", "--show-toplevel"]).is_err() {
        bail!("`{}` is not in a git repository", dir.display());
    }
    let spec = format!("{rev}^{{commit}}");
    let commit = git(dir, &["rev-parse", "--verify", "--quiet", &spec])
        .map_err(|_| anyhow::anyhow!("unknown git revision `{rev}`"))?;
    let commit = String::from_utf8_lossy(&commit).trim().to_string();
    let listing = git(dir, &["ls-tree", "-z", &commit, "--", "."])?;
    let scratch = Scratch::new()?;
    let mut files = Vec::new();
    for entry in listing.split(|&b| b == 0).filter(|e| !e.is_empty()) {
        let Some((name, blob)) = chart_blob(entry) else {
            continue;
        };
        let text = git(dir, &["cat-file", "blob", &blob])?;
        let to = scratch.path().join(&name);
        std::fs::write(&to, text).with_context(|| format!("cannot write `{}`", to.display()))?;
        files.push(to);
    }
    files.sort();
    Ok(Snapshot {
        scratch,
        files,
        shown_as: format!("{rev}:{}", shown(folder)),
    })
}

/// `mode type hash\tname` of a regular `.yaml` file, as (name, hash).
fn chart_blob(entry: &[u8]) -> Option<(String, String)> {
    let text = std::str::from_utf8(entry).ok()?;
    let (meta, name) = text.split_once('\t')?;
    let mut fields = meta.split(' ');
    let (mode, kind, hash) = (fields.next()?, fields.next()?, fields.next()?);
    let is_chart = (name.ends_with(".yaml") || name.ends_with(".yml")) && !name.contains('/');
    (mode.starts_with("100") && kind == "blob" && is_chart)
        .then(|| (name.to_string(), hash.to_string()))
}

/// The folder as a prefix for file names: `trees/`, or nothing for `.`.
fn shown(folder: &Path) -> String {
    let text = folder.display().to_string();
    if text.is_empty() || text == "." {
        return String::new();
    }
    format!("{}/", text.trim_end_matches('/'))
}

/// Runs git in `dir`; its standard output, or its complaint as the error.
fn git(dir: &Path, args: &[&str]) -> anyhow::Result<Vec<u8>> {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .context("cannot run `git` (is it installed?)")?;
    if !out.status.success() {
        let said = String::from_utf8_lossy(&out.stderr);
        bail!("`git {}` failed: {}", args.join(" "), said.trim());
    }
    Ok(out.stdout)
}
