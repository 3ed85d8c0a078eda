//! One side of a diff: the charts of a folder, of a file (with the charts
//! beside it, so its hand-overs resolve), or of a git revision, checked
//! through `check`. Copies made for checking live in a [`Scratch`] folder
//! and diagnostics name the files as the user knows them.

use std::path::{Path, PathBuf};

use anyhow::Context;

use crate::check::{self, Report};
use crate::diagnostic::{Severity, Sources};
use crate::id::is_valid_id;
use crate::lawbook::Editions;
use crate::load::MAX_FILE_BYTES;

/// Errors that leave a chart's model whole (its nodes, answers, clauses and
/// examples are all there), so the chart can still be compared. Any other
/// error may have dropped part of the chart, and the chart is left out.
const WHOLE: &[&str] = &[
    "unreachable",
    "cycle",
    "incomplete-answers",
    "unknown-handover",
    "handover-loop",
    "example",
];

/// The checked charts of one side, and the scratch folder they came from.
pub struct Side {
    /// What `check` found.
    pub report: Report,
    /// A file read as a chart of another name: (file as shown, chart id).
    renamed: Option<(String, String)>,
    /// Keeps the copies alive until the side is dropped.
    _scratch: Option<Scratch>,
}

impl Side {
    /// A side with no charts (a chart or folder that did not exist).
    pub fn empty() -> Side {
        Side {
            report: Report {
                charts: Default::default(),
                context: Default::default(),
                diagnostics: Vec::new(),
                sources: Sources::new(),
                unbuilt: Vec::new(),
            },
            renamed: None,
            _scratch: None,
        }
    }

    /// Every chart in `folder`: a complete set, whose hand-overs land inside it.
    pub fn folder(folder: &Path, editions: &Editions) -> anyhow::Result<Side> {
        if !folder.is_dir() {
            anyhow::bail!("`{}` is not a folder", folder.display());
        }
        Ok(Side {
            report: check::check_paths_with(&[folder.to_path_buf()], editions)?,
            renamed: None,
            _scratch: None,
        })
    }

    /// One chart file, checked with the charts beside it as `check` does.
    pub fn file(file: &Path, editions: &Editions) -> anyhow::Result<Side> {
        Ok(Side {
            report: check::check_paths_with(&[file.to_path_buf()], editions)?,
            renamed: None,
            _scratch: None,
        })
    }

    /// One chart file checked as chart `id`, its hand-overs resolved among
    /// the charts in `context` (the first folder naming a chart wins). This is
    /// how the old file of a pair is read: `git difftool` hands over a lone
    /// copy in a temporary folder.
    pub fn file_as(
        file: &Path,
        id: &str,
        context: &[&Path],
        editions: &Editions,
    ) -> anyhow::Result<Side> {
        let scratch = Scratch::new()?;
        let staged = scratch.path().join(format!("{id}.yaml"));
        copy(file, &staged)?;
        for folder in context {
            for sibling in check::chart_files(&[folder.to_path_buf()]).unwrap_or_default() {
                let Some(name) = sibling.file_name() else {
                    continue;
                };
                let to = scratch.path().join(name);
                let small =
                    std::fs::metadata(&sibling).is_ok_and(|m| m.len() <= MAX_FILE_BYTES as u64);
                if small && is_chart_name(&sibling) && !to.exists() && !same_chart(&to, &staged) {
                    // A neighbour that cannot be copied only fails to resolve hand-overs to it.
                    let _ = std::fs::copy(&sibling, &to);
                }
            }
        }
        let mut report = check::check_paths_with(std::slice::from_ref(&staged), editions)?;
        let shown = file.display().to_string();
        rename_file(&mut report, &staged.display().to_string(), &shown);
        Ok(Side {
            report,
            renamed: Some((shown, id.to_string())),
            _scratch: Some(scratch),
        })
    }

    /// The charts of a scratch folder (a git revision's copy), each file
    /// renamed in messages by replacing the folder with `shown_as`.
    pub fn scratch(
        scratch: Scratch,
        files: &[PathBuf],
        shown_as: &str,
        editions: &Editions,
    ) -> anyhow::Result<Side> {
        if files.is_empty() {
            return Ok(Side::empty());
        }
        let mut report = check::check_paths_with(files, editions)?;
        let prefix = format!("{}{}", scratch.path().display(), std::path::MAIN_SEPARATOR);
        let files: Vec<String> = report.sources.keys().cloned().collect();
        for file in files {
            if let Some(rest) = file.strip_prefix(&prefix) {
                rename_file(&mut report, &file, &format!("{shown_as}{rest}"));
            }
        }
        Ok(Side {
            report,
            renamed: None,
            _scratch: Some(scratch),
        })
    }

    /// The errors of this side: (chart id, file, whether the chart still
    /// loaded whole, the diagnostics), one entry per file, in file order.
    pub fn problems(&self) -> Vec<Problem> {
        let mut out: Vec<Problem> = Vec::new();
        let errors = self
            .report
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error);
        for d in errors {
            if out.last().is_none_or(|p| p.file != d.file) {
                out.push(Problem {
                    chart: self.chart_of(&d.file),
                    file: d.file.clone(),
                    whole: true,
                    diagnostics: Vec::new(),
                });
            }
            let problem = out.last_mut().expect("just pushed");
            problem.whole &= WHOLE.contains(&d.code);
            problem.diagnostics.push(d.clone());
        }
        out
    }

    fn chart_of(&self, file: &str) -> String {
        if let Some((shown, id)) = &self.renamed
            && shown == file
        {
            return id.clone();
        }
        Path::new(file)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    }
}

/// One file's errors on one side.
pub struct Problem {
    /// The chart the file holds (its stem).
    pub chart: String,
    /// The file as shown.
    pub file: String,
    /// Whether every error leaves the model whole (see [`WHOLE`]).
    pub whole: bool,
    /// The errors.
    pub diagnostics: Vec<crate::diagnostic::Diagnostic>,
}

fn is_chart_name(path: &Path) -> bool {
    path.file_stem()
        .and_then(|s| s.to_str())
        .is_some_and(is_valid_id)
}

fn same_chart(a: &Path, b: &Path) -> bool {
    a.file_stem() == b.file_stem()
}

fn copy(from: &Path, to: &Path) -> anyhow::Result<()> {
    std::fs::copy(from, to)
        .map(|_| ())
        .with_context(|| format!("cannot read `{}`", from.display()))
}

/// Makes messages about `from` name `to` instead.
fn rename_file(report: &mut Report, from: &str, to: &str) {
    for d in &mut report.diagnostics {
        if d.file == from {
            d.file = to.to_string();
        }
    }
    for chart in &mut report.charts.charts {
        if chart.file == from {
            chart.file = to.to_string();
        }
    }
    if let Some(i) = report.sources.get_index_of(from) {
        let (_, text) = report
            .sources
            .shift_remove_index(i)
            .expect("index just found");
        report.sources.shift_insert(i, to.to_string(), text);
    }
}

/// A folder of our own under the system's temporary folder, removed on drop.
pub struct Scratch(PathBuf);

impl Scratch {
    /// Creates a new, empty folder (never one that already exists).
    pub fn new() -> anyhow::Result<Scratch> {
        let base = std::env::temp_dir();
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        for attempt in 0..100u32 {
            let path = base.join(format!(
                "lawcharts-diff-{}-{nanos}-{attempt}",
                std::process::id()
            ));
            match std::fs::create_dir(&path) {
                Ok(()) => return Ok(Scratch(path)),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => {
                    return Err(e).with_context(|| {
                        format!("cannot create a folder in `{}`", base.display())
                    });
                }
            }
        }
        anyhow::bail!("cannot create a folder in `{}`", base.display())
    }

    /// Where it is.
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
