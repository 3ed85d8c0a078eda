//! `lawcharts check`: every file loaded, built into a chart and checked by
//! the rules of the format (one module per family), problems collected from
//! all files, sorted, and returned with the charts that are sound.

mod answers;
mod build;
mod cx;
mod examples;
mod graph;
mod handover;
mod laws;
mod warnings;

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use rayon::prelude::*;

pub use answers::KNOWN_SETS;
pub use handover::target as handover_target;
pub use laws::{written_clauses, written_text};
pub use warnings::{BOX_TEXT_BUDGET, LABEL_BUDGET, MAX_CARD_NODES};

use crate::chart::{Chart, ChartSet};
use crate::diagnostic::{self, Diagnostic, Severity, Sources};
use crate::id::{ID_RULE, is_valid_id};
use crate::lawbook::Editions;
use crate::load;
use cx::Cx;

/// What a check run found: the sound charts, every diagnostic, and the text
/// of every file they point into.
pub struct Report {
    /// Charts that built (use only when there are no errors).
    pub charts: ChartSet,
    /// Charts of the files beside those checked, read only so hand-overs to
    /// them resolve (their problems are not in this report): what a single
    /// chart file's hand-overs name.
    pub context: ChartSet,
    /// Every problem, sorted by file and line.
    pub diagnostics: Vec<Diagnostic>,
    /// File texts for rendering diagnostics.
    pub sources: Sources,
    /// The reported files that did not make a chart (a YAML error, an
    /// unknown `start`): their problems come first, since what follows may
    /// come from them.
    pub unbuilt: Vec<String>,
}

impl Report {
    /// The charts checked and, after them, those read beside them: what
    /// rendering or walking one chart file looks its hand-overs up in, so
    /// the file draws as it does in the build of its folder.
    pub fn with_context(&self) -> ChartSet {
        let charts = self.charts.charts.iter().chain(&self.context.charts);
        ChartSet {
            charts: charts.cloned().collect(),
        }
    }

    /// Sorts the diagnostics by file, line and column, those of the files
    /// that did not make a chart first. Call it after adding any.
    pub fn sort_diagnostics(&mut self) {
        order(&mut self.diagnostics, &self.unbuilt);
    }

    /// How many diagnostics of this severity.
    pub fn count(&self, severity: Severity) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
    }
}

/// Checks the charts in `paths` against the built-in index only (see
/// [`check_paths_with`]).
pub fn check_paths(paths: &[PathBuf]) -> anyhow::Result<Report> {
    check_paths_with(paths, &Editions::default())
}

/// Checks the charts in `paths` (files, or folders of `.yaml` files), each
/// against the index of its edition among `editions`. Charts beside a named
/// file are loaded too, so its hand-overs can resolve, but only the named
/// files are reported on.
pub fn check_paths_with(paths: &[PathBuf], editions: &Editions) -> anyhow::Result<Report> {
    let files = chart_files(paths)?;
    let mut context = Vec::new();
    let mut dirs: Vec<&Path> = Vec::new();
    for file in &files {
        let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty()) else {
            continue;
        };
        if dirs.contains(&dir) {
            continue;
        }
        dirs.push(dir);
        for sibling in chart_files(&[dir.to_path_buf()]).unwrap_or_default() {
            if !files.contains(&sibling) && !context.contains(&sibling) {
                context.push(sibling);
            }
        }
    }
    // Each file is read and checked on its own, so they are checked in
    // parallel; the results keep the files' order, and the first file that
    // cannot be read is the one reported.
    let results: Vec<anyhow::Result<Checked>> = files
        .par_iter()
        .map(|path| check_file(path, true, editions))
        .collect();
    let mut checked = results
        .into_iter()
        .collect::<anyhow::Result<Vec<Checked>>>()?;
    // A neighbour that cannot be read only fails to resolve hand-overs to it.
    let neighbours: Vec<Option<Checked>> = context
        .par_iter()
        .map(|path| check_file(path, false, editions).ok())
        .collect();
    checked.extend(neighbours.into_iter().flatten());
    Ok(finish(checked))
}

/// Every chart file named by `paths`, folders expanded (sorted, one level,
/// hidden files left out).
pub fn chart_files(paths: &[PathBuf]) -> anyhow::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for path in paths {
        let meta =
            std::fs::metadata(path).with_context(|| format!("cannot read `{}`", path.display()))?;
        if meta.is_dir() {
            files.extend(yaml_in(path)?);
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}

fn yaml_in(dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    let entries = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read folder `{}`", dir.display()))?;
    for entry in entries {
        let path = entry
            .with_context(|| format!("cannot read folder `{}`", dir.display()))?
            .path();
        let is_yaml = matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("yaml" | "yml")
        );
        // Editors leave hidden files beside a chart (Emacs' `.#x.yaml` lock
        // is a dangling link); any other `.yaml` entry is a chart, and one
        // that is not a readable file (a dangling link, a link loop, a
        // folder, a FIFO) is reported by `load::read`, never skipped.
        let hidden = path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with('.'));
        if is_yaml && !hidden {
            found.push(path);
        }
    }
    found.sort();
    Ok(found)
}

struct Checked {
    source: load::Source,
    chart: Option<Chart>,
    handovers: Vec<build::HandOverRef>,
    diags: Vec<Diagnostic>,
    report: bool,
}

/// Checks charts given as (file name, bytes), as if they were the files of
/// one folder, all reported on, against the built-in index; nothing is read
/// from disk. For fuzzing and
/// property tests, which must reach every rule without touching files.
pub fn check_texts(files: &[(&str, &[u8])]) -> Report {
    let checked = files
        .iter()
        .map(|(name, bytes)| {
            let (source, problem) = load::decode(
                name.to_string(),
                PathBuf::from(name),
                bytes.to_vec(),
                bytes.len(),
            );
            check_source(source, problem, true, &Editions::default())
        })
        .collect();
    finish(checked)
}

fn check_file(path: &Path, report: bool, editions: &Editions) -> anyhow::Result<Checked> {
    let (source, problem) = load::read(path)?;
    Ok(check_source(source, problem, report, editions))
}

fn check_source(
    source: load::Source,
    problem: Option<Diagnostic>,
    report: bool,
    editions: &Editions,
) -> Checked {
    let path = source.path.clone();
    let mut checked = Checked {
        chart: None,
        handovers: Vec::new(),
        diags: problem.into_iter().collect(),
        report,
        source,
    };
    if !checked.diags.is_empty() {
        return checked;
    }
    let mut cx = Cx::new(&checked.source.name, &checked.source.text);
    let id = chart_id(&mut cx, &path);
    match load::parse(&checked.source) {
        Err(d) => cx.diags.push(*d),
        Ok(raw) => {
            let built = build::build(&mut cx, &id, &raw, editions);
            if let Some(chart) = &built.chart {
                graph::reachability(&mut cx, chart, &built.node_spans);
                graph::cycles(&mut cx, chart, &built.node_spans);
                if !cx.has_errors() {
                    examples::replay(&mut cx, chart, raw.examples.as_deref().unwrap_or(&[]));
                }
                warnings::warn(&mut cx, chart, &built);
            }
            checked.chart = built.chart;
            checked.handovers = built.handovers;
        }
    }
    checked.diags = cx.diags;
    checked
}

fn chart_id(cx: &mut Cx, path: &Path) -> String {
    let id = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    if !is_valid_id(&id) {
        let d = Diagnostic::error(
            "bad-id",
            cx.file,
            None,
            format!("chart id `{id}` (the file name) is not a valid id"),
        )
        .with_help(ID_RULE);
        cx.diags.push(d);
    }
    id
}

fn finish(checked: Vec<Checked>) -> Report {
    let mut diagnostics: Vec<Diagnostic> = Vec::new();
    let mut sources = Sources::new();
    for c in &checked {
        if c.report {
            diagnostics.extend(c.diags.iter().cloned());
            sources.insert(c.source.name.clone(), c.source.text.clone());
        }
    }
    duplicate_ids(&checked, &mut diagnostics);
    let with_chart: Vec<&Checked> = checked.iter().filter(|c| c.chart.is_some()).collect();
    let files: Vec<handover::FileHandOvers> = with_chart
        .iter()
        .map(|c| handover::FileHandOvers {
            chart: c.chart.as_ref().expect("filtered on chart"),
            refs: &c.handovers,
            report: c.report,
        })
        .collect();
    let all: Vec<&Chart> = files.iter().map(|f| f.chart).collect();
    let unbuilt = unbuilt(&checked);
    let waiting = handover::resolve(&files, &all, &unbuilt, &mut diagnostics);
    handover::loops(&files, &mut diagnostics);
    diagnostic::sort(&mut diagnostics);
    note_waiting(waiting, &mut diagnostics);
    let unbuilt: Vec<String> = unbuilt
        .iter()
        .filter(|u| u.report)
        .map(|u| u.file.to_string())
        .collect();
    order(&mut diagnostics, &unbuilt);
    let (reported, context): (Vec<Checked>, Vec<Checked>) =
        checked.into_iter().partition(|c| c.report);
    let built = |checked: Vec<Checked>| ChartSet {
        charts: checked.into_iter().filter_map(|c| c.chart).collect(),
    };
    Report {
        charts: built(reported),
        context: built(context),
        diagnostics,
        sources,
        unbuilt,
    }
}

/// Sorts by file, line and column, the diagnostics of `first` files first:
/// what kept a chart from building comes before what may follow from it.
fn order(diagnostics: &mut [Diagnostic], first: &[String]) {
    diagnostic::sort(diagnostics);
    diagnostics.sort_by_key(|d| !first.contains(&d.file));
}

/// The charts that did not build, by the id their file name gives them.
fn unbuilt(checked: &[Checked]) -> Vec<handover::Unbuilt<'_>> {
    let ids = checked
        .iter()
        .filter(|c| c.chart.is_none())
        .filter_map(|c| {
            let id = c.source.path.file_stem()?.to_string_lossy().into_owned();
            Some(handover::Unbuilt {
                id,
                file: &c.source.name,
                report: c.report,
            })
        });
    ids.collect()
}

/// Hand-overs into a chart that did not build: one note under its first
/// error, naming where they are.
fn note_waiting(waiting: Vec<handover::Waiting>, diagnostics: &mut Vec<Diagnostic>) {
    let mut files: Vec<String> = Vec::new();
    for w in &waiting {
        if !files.contains(&w.into) {
            files.push(w.into.clone());
        }
    }
    for file in files {
        let (into, _): (Vec<_>, Vec<_>) = waiting.iter().partition(|w| w.into == file);
        let places: Vec<&str> = into.iter().map(|w| w.at.as_str()).collect();
        let first = diagnostics
            .iter_mut()
            .find(|d| d.file == file && d.severity == Severity::Error);
        let Some(d) = first else {
            // Never expected: a chart that did not build has an error.
            diagnostics.extend(into.iter().map(|w| w.error.clone()));
            continue;
        };
        let what = match places.len() {
            1 => "the hand-over into this chart at".to_string(),
            n => format!("the {n} hand-overs into this chart at"),
        };
        d.notes.push(format!(
            "{what} {} will be checked once it is fixed",
            places.join(", ")
        ));
    }
}

fn duplicate_ids(checked: &[Checked], out: &mut Vec<Diagnostic>) {
    let reported: Vec<&Chart> = checked
        .iter()
        .filter(|c| c.report)
        .filter_map(|c| c.chart.as_ref())
        .collect();
    for (i, chart) in reported.iter().enumerate() {
        if let Some(first) = reported[..i].iter().find(|c| c.id == chart.id) {
            out.push(
                Diagnostic::error(
                    "duplicate-chart",
                    &chart.file,
                    None,
                    format!("chart id `{}` is used twice", chart.id),
                )
                .with_help(format!(
                    "`{}` has the same file name; chart ids are unique",
                    first.file
                )),
            );
        }
    }
}

/// Fails with the usage error for an empty selection.
pub fn require_charts(report: &Report) -> anyhow::Result<()> {
    if report.charts.charts.is_empty() && report.diagnostics.is_empty() {
        bail!("no charts found (chart files end in `.yaml`)");
    }
    Ok(())
}
#[cfg(test)]
mod tests;
