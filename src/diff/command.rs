//! The `diff` command: its arguments, the two sides they name, and the exit
//! code, as diff(1) has it: 0 no differences, 1 differences, 2 trouble.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use clap::{Args, ValueEnum};

use super::draw::Sets;
use super::side::Side;
use super::{
    Class, NotCompared, git, render_html, render_json, render_md, render_text, shown_name,
};
use crate::chart::ChartSet;
use crate::diagnostic;
use crate::exit::Exit;
use crate::lawbook::Editions;

/// How to print the changes.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum DiffFormat {
    /// For a terminal or a log (colour on a terminal, unless NO_COLOR is set).
    Text,
    /// For a pull-request comment or release notes: grouped by chart, logic first.
    Md,
    /// For scripts.
    Json,
    /// One page: every changed chart with its changes marked.
    Html,
}

/// When to colour text output.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Colour {
    /// On a terminal, unless NO_COLOR is set.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// `lawcharts diff`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  lawcharts diff old/trees trees                 two folders of charts
  lawcharts diff old.yaml trees/law-27-insufficient-bid.yaml
  lawcharts diff --rev main                      trees/ at `main` against the work tree
  lawcharts diff --rev v1.0 --format md --only logic,law

Exit status: 0 no differences, 1 differences, 2 trouble (a chart that does not load on one side, a path that cannot be read).")]
pub struct DiffArgs {
    /// OLD and NEW: two chart files, or two folders of charts. With `--rev`,
    /// one PATH, a chart file or a folder (default `trees`).
    #[arg(value_name = "PATH", num_args = 0..=2)]
    paths: Vec<PathBuf>,
    /// Compare the charts at this git revision (a commit, branch or tag) with the work tree.
    #[arg(long, value_name = "REV")]
    rev: Option<String>,
    /// How to print the changes.
    #[arg(long, value_enum, default_value_t = DiffFormat::Text)]
    format: DiffFormat,
    /// Show only these classes of change (comma-separated or repeated).
    #[arg(long, value_enum, value_delimiter = ',', value_name = "CLASS")]
    only: Vec<Class>,
    /// When to colour text output.
    #[arg(long, value_enum, default_value_t = Colour::Auto)]
    color: Colour,
}

/// Compares the two sides the arguments name and prints the changes.
///
/// A chart whose file has errors is still compared when every error leaves
/// its model whole (an unreachable node, a hand-over to a chart that is not
/// there, a failing example): the diff shows what the file says, and a note
/// says the side has errors. A chart that does not load whole on either side
/// is left out, its errors are printed, it is named in the output, and the
/// exit code is 2: the comparison is incomplete.
pub fn run(args: &DiffArgs, editions: &Editions) -> anyhow::Result<Exit> {
    let (old, new) = sides(args, editions)?;
    if old.report.charts.charts.is_empty()
        && new.report.charts.charts.is_empty()
        && old.report.diagnostics.is_empty()
        && new.report.diagnostics.is_empty()
    {
        bail!("no charts found on either side (chart files end in `.yaml`)");
    }
    let not_compared = triage(&old, "old").into_iter().chain(triage(&new, "new"));
    let not_compared: Vec<NotCompared> = not_compared.collect();
    let left_out = |set: &ChartSet| ChartSet {
        charts: set
            .charts
            .iter()
            .filter(|c| !not_compared.iter().any(|n| n.chart == c.id))
            .cloned()
            .collect(),
    };
    let (old_set, new_set) = (left_out(&old.report.charts), left_out(&new.report.charts));
    let mut diff = super::diff(&old_set, &new_set).only(&args.only);
    diff.not_compared = not_compared;
    let sets = Sets {
        old: &old_set,
        new: &new_set,
    };
    let out = render(&diff, args.format, colour(args.color), &sets)?;
    write_out(&out)?;
    Ok(if !diff.not_compared.is_empty() {
        Exit::Trouble
    } else if diff.is_empty() {
        Exit::Ok
    } else {
        Exit::Invalid
    })
}

/// The changes in `format`; `sets` are the charts compared (the HTML page
/// draws them), `colour` is for text only.
pub fn render(
    diff: &super::Diff,
    format: DiffFormat,
    colour: bool,
    sets: &Sets,
) -> anyhow::Result<String> {
    Ok(match format {
        DiffFormat::Text => render_text::render(diff, colour),
        DiffFormat::Md => render_md::render(diff),
        DiffFormat::Json => render_json::render(diff),
        DiffFormat::Html => render_html::render(diff, sets)?,
    })
}

/// Prints a side's problems: a note for charts compared despite errors, the
/// errors themselves for charts left out (which are returned).
fn triage(side: &Side, name: &'static str) -> Vec<NotCompared> {
    let problems = side.problems();
    let flawed: Vec<String> = problems
        .iter()
        .filter(|p| p.whole)
        .map(|p| shown_name(&p.file))
        .collect();
    if !flawed.is_empty() {
        eprintln!(
            "note: on the {name} side, {} chart file(s) have errors but load whole and are compared as written (`lawcharts check` shows them): {}",
            flawed.len(),
            flawed.join(", ")
        );
    }
    let mut left_out = Vec::new();
    for p in problems.iter().filter(|p| !p.whole) {
        eprint!(
            "{}",
            diagnostic::render_text(&p.diagnostics, &side.report.sources)
        );
        eprintln!(
            "error: chart `{}` does not load on the {name} side (`{}`), so it is not compared",
            shown_name(&p.chart),
            shown_name(&p.file)
        );
        left_out.push(NotCompared {
            chart: p.chart.clone(),
            side: name,
            file: p.file.clone(),
        });
    }
    left_out
}

fn sides(args: &DiffArgs, editions: &Editions) -> anyhow::Result<(Side, Side)> {
    match (&args.rev, args.paths.as_slice()) {
        (Some(rev), []) => at_revision(rev, Path::new("trees"), editions),
        (Some(rev), [path]) => at_revision(rev, path, editions),
        (Some(_), _) => bail!("with `--rev`, give one PATH (a chart file or a folder)"),
        (None, [old, new]) => pair(old, new, editions),
        (None, _) => {
            bail!("give OLD and NEW (two chart files or two folders), or `--rev REV [PATH]`")
        }
    }
}

/// Two files (compared as one chart, named after NEW) or two folders.
fn pair(old: &Path, new: &Path, editions: &Editions) -> anyhow::Result<(Side, Side)> {
    let is_dir = |p: &Path| {
        std::fs::metadata(p)
            .map(|m| m.is_dir())
            .with_context(|| format!("cannot read `{}`", p.display()))
    };
    match (is_dir(old)?, is_dir(new)?) {
        (true, true) => Ok((Side::folder(old, editions)?, Side::folder(new, editions)?)),
        (false, false) => {
            let id = new
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let context = [folder_of(old), folder_of(new)];
            Ok((
                Side::file_as(old, &id, &context, editions)?,
                Side::file(new, editions)?,
            ))
        }
        (old_dir, _) => {
            let what = |dir: bool| if dir { "a folder" } else { "a file" };
            bail!(
                "`{}` is {} and `{}` is {}: compare two chart files or two folders",
                old.display(),
                what(old_dir),
                new.display(),
                what(!old_dir)
            )
        }
    }
}

fn folder_of(file: &Path) -> &Path {
    match file.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// The charts of `path` at `rev` against the work tree. A chart file that
/// did not exist at `rev`, or no longer exists, is an empty side.
fn at_revision(rev: &str, path: &Path, editions: &Editions) -> anyhow::Result<(Side, Side)> {
    let is_yaml = matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("yaml" | "yml")
    );
    if path.is_dir() || (!path.exists() && !is_yaml) {
        let snap = git::snapshot(rev, path)?;
        let old = Side::scratch(snap.scratch, &snap.files, &snap.shown_as, editions)?;
        return Ok((old, Side::folder(path, editions)?));
    }
    let snap = git::snapshot(rev, folder_of(path))?;
    let name = path.file_name();
    let old = match snap.files.iter().find(|f| f.file_name() == name) {
        Some(file) => {
            let file = file.clone();
            Side::scratch(snap.scratch, &[file], &snap.shown_as, editions)?
        }
        None => Side::empty(),
    };
    let new = if path.exists() {
        Side::file(path, editions)?
    } else {
        Side::empty()
    };
    Ok((old, new))
}

fn colour(choice: Colour) -> bool {
    match choice {
        Colour::Always => true,
        Colour::Never => false,
        Colour::Auto => {
            let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
            std::io::stdout().is_terminal() && !no_color
        }
    }
}

/// Prints `text`; a reader that went away (`| head`) is not an error.
fn write_out(text: &str) -> anyhow::Result<()> {
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(e).context("cannot write to standard output")
        }
        _ => Ok(()),
    }
}
