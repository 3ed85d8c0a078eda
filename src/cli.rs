//! The command line (clap derive; the `///` docs are the `--help` text) and
//! the dispatcher that runs a command and says how the process should exit.

use std::ffi::OsString;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::bail;
use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};

use crate::chart::Chart;
use crate::check::{self, Report};
use crate::config::Config;
use crate::diagnostic::{self, Severity};
use crate::exit::{Exit, emit};
use crate::lawbook::Editions;
use crate::render::graphviz::Engine;
use crate::render::{self, Format as RenderFormat};
use crate::{authoring, build, card, diff, list, serve, update, walk};

/// Turn the Laws of Duplicate Bridge into decision charts a director can trust.
#[derive(Debug, Parser)]
#[command(name = "lawcharts", version)]
pub struct Cli {
    /// The command to run.
    #[command(subcommand)]
    command: Command,
    /// The folder of other editions' indexes (`EDITION.txt`); default `laws`
    /// in the current folder. The 2017 index is built in.
    #[arg(long = "laws", id = "laws_dir", global = true, value_name = "DIR")]
    laws_dir: Option<PathBuf>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Build everything from the charts: the site, Markdown, DOT and table cards.
    ///
    /// Checks every chart, then writes every output into `--out`: the site
    /// (`site/`, upload it as it is), Markdown (`md/`), DOT (`dot/`) and
    /// table cards to print (`cards/`). Nothing is written if a chart is invalid.
    Build(BuildArgs),
    /// Check charts: format, ids, answers, targets, reachability, cycles, law clauses, examples.
    Check(CheckArgs),
    /// Build, serve the site on 127.0.0.1, and rebuild and reload the page
    /// when a chart changes.
    Serve(ServeArgs),
    /// Step through a chart: interactively, or following `--answer`s.
    Walk(WalkArgs),
    /// List every chart: id, title, laws, node and example counts.
    List(ListArgs),
    /// Print every route from start to a ruling, one per line: the reviewer's view.
    Paths(authoring::PathsArgs),
    /// Render one chart to standard output or a file.
    Render(RenderArgs),
    /// Show what changed between two versions of the charts (files, folders,
    /// or a git revision against the work tree), by chart and node.
    Diff(diff::DiffArgs),
    /// Write a small valid chart to start from (never over an existing file).
    New(authoring::NewArgs),
    /// Print the JSON Schema of the chart format (for editors).
    Schema,
    /// Print a shell completion script.
    Completions(authoring::CompletionsArgs),
    /// Print the man page (roff).
    Man,
    /// Print an edition's index of the Laws (numbers, titles, clause labels):
    /// the format of `laws/EDITION.txt`, to start a new edition from the last.
    Laws(update::LawsArgs),
    /// List every node that cites a clause (or a clause inside it) and every
    /// chart whose `laws` name it; or, with `--map`, what a change map touches.
    Impact(update::ImpactArgs),
    /// Move the charts to another edition with a change map: print the plan,
    /// or with `--write` rewrite the citations in place and check the charts.
    Migrate(update::MigrateArgs),
}

/// Output format of `check` and `list`.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum Format {
    /// For people.
    Text,
    /// For editors, CI and scripts.
    Json,
}

#[derive(Debug, Args)]
struct CheckArgs {
    /// Chart files or folders of charts.
    #[arg(default_value = "trees")]
    paths: Vec<PathBuf>,
    /// How to print the problems found.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Exit 1 on warnings too.
    #[arg(long)]
    deny_warnings: bool,
}

#[derive(Debug, Args)]
struct WalkArgs {
    /// A chart id (looked up in `--trees`) or a path to a chart file; with
    /// `#NODE` after it, the walk starts at that node (as a `then:` names it).
    chart: String,
    /// Answer the next question: its label, its number as shown (1, 2, …) or
    /// the start of one label only (repeat for each question); no `--answer`
    /// walks interactively.
    #[arg(long = "answer", value_name = "ANSWER")]
    answers: Vec<String>,
    /// The folder of charts.
    #[arg(long, default_value = "trees")]
    trees: PathBuf,
}

#[derive(Debug, Args)]
struct ListArgs {
    /// The folder of charts.
    #[arg(long, default_value = "trees")]
    trees: PathBuf,
    /// Text table or JSON.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Debug, Args)]
struct BuildArgs {
    /// The folder of charts.
    #[arg(long, default_value = "trees")]
    trees: PathBuf,
    /// The output folder; replaced whole on every successful build.
    #[arg(long, default_value = "output")]
    out: PathBuf,
    /// Site settings (title, club, base URL, law-text links); default
    /// `lawcharts.toml` in the current folder, if there is one.
    #[arg(long)]
    config: Option<PathBuf>,
}

#[derive(Debug, Args)]
struct RenderArgs {
    /// A chart id (looked up in `--trees`) or a path to a chart file.
    chart: String,
    /// What to render.
    #[arg(long, value_enum)]
    format: RenderFormat,
    /// Which layout engine draws `--format svg`: lawcharts' own, or
    /// Graphviz's `dot` if it is installed (for comparison only).
    #[arg(long, value_enum, default_value_t = Engine::Ours)]
    layout: Engine,
    /// Write here instead of standard output (`-` is standard output). A PDF
    /// is never written to a terminal unless asked for with `-o -`.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// The folder of charts.
    #[arg(long, default_value = "trees")]
    trees: PathBuf,
    /// Site settings; default `lawcharts.toml` in the current folder.
    #[arg(long)]
    config: Option<PathBuf>,
    /// The paper of a PDF card (text at least 9 pt on A4 and Letter, 8 pt on A5).
    #[arg(long, value_enum)]
    paper: Option<card::Paper>,
    /// Print a PDF card on its side (by default it turns only when that fits better).
    #[arg(long)]
    landscape: bool,
}

#[derive(Debug, Args)]
struct ServeArgs {
    /// The folder of charts (watched for changes).
    #[arg(long, default_value = "trees")]
    trees: PathBuf,
    /// The output folder, rebuilt on every change.
    #[arg(long, default_value = "output")]
    out: PathBuf,
    /// Site settings; default `lawcharts.toml` in the current folder.
    #[arg(long)]
    config: Option<PathBuf>,
    /// The port on 127.0.0.1 (0 picks a free one).
    #[arg(long, default_value_t = 3000)]
    port: u16,
}

/// Parses `args` and runs the command.
pub fn run(args: impl IntoIterator<Item = OsString>) -> anyhow::Result<Exit> {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(err) => {
            let _ = err.print();
            return Ok(if err.use_stderr() {
                Exit::Trouble
            } else {
                Exit::Ok
            });
        }
    };
    let editions = || Editions::load(cli.laws_dir.as_deref());
    match cli.command {
        Command::Check(a) => run_check(&a, &editions()?),
        Command::Walk(a) => run_walk(&a, &editions()?),
        Command::List(a) => run_list(&a, &editions()?),
        Command::Paths(a) => authoring::run_paths(&a, &editions()?),
        Command::New(a) => authoring::run_new(&a),
        Command::Schema => authoring::run_schema(),
        Command::Completions(a) => authoring::run_completions(&a, Cli::command()),
        Command::Man => authoring::run_man(Cli::command()),
        Command::Diff(a) => diff::run(&a, &editions()?),
        Command::Build(a) => run_build(&a, &editions()?),
        Command::Render(a) => run_render(&a, &editions()?),
        Command::Laws(a) => update::run_laws(&a, &editions()?),
        Command::Impact(a) => update::run_impact(&a, &editions()?),
        Command::Migrate(a) => update::run_migrate(&a, &editions()?),
        Command::Serve(a) => serve::serve(&serve::Options {
            trees: a.trees,
            out: a.out,
            config: a.config,
            port: a.port,
            laws: cli.laws_dir.clone(),
        }),
    }
}

fn run_check(args: &CheckArgs, editions: &Editions) -> anyhow::Result<Exit> {
    let mut report = check::check_paths_with(&args.paths, editions)?;
    check::require_charts(&report)?;
    card::warn_sides(&mut report);
    match args.format {
        Format::Json => emit(&diagnostic::render_json(&report.diagnostics))?,
        Format::Text => {
            eprint!(
                "{}",
                diagnostic::render_text(&report.diagnostics, &report.sources)
            );
            eprintln!("{}", summary(&report));
        }
    }
    let failing = report.count(Severity::Error) > 0
        || (args.deny_warnings && report.count(Severity::Warning) > 0);
    Ok(if failing { Exit::Invalid } else { Exit::Ok })
}

/// The last line of `check`: what was checked and what was found. A file
/// that did not make a chart (a YAML error, an unknown `start`) is counted
/// as a file, never as "0 charts checked".
fn summary(report: &Report) -> String {
    let (errors, warnings) = (
        report.count(Severity::Error),
        report.count(Severity::Warning),
    );
    let charts = report.charts.charts.len();
    let files = report.sources.len().max(charts);
    let found = format!("{errors} error(s), {warnings} warning(s)");
    match (files - charts, files) {
        (0, _) if errors == 0 => format!("checked {charts} chart(s): ok, {warnings} warning(s)"),
        (0, _) => format!("checked {charts} chart(s): {found}"),
        (1, 1) => format!("checked 1 file: not a chart until its errors are fixed; {found}"),
        (1, _) => format!(
            "checked {files} files: {charts} chart(s), and 1 file that is not a chart until its errors are fixed; {found}"
        ),
        (broken, _) => format!(
            "checked {files} files: {charts} chart(s), and {broken} files that are not charts until their errors are fixed; {found}"
        ),
    }
}

/// Loads the charts in `trees` for a command that reads them. Problems in the
/// charts `needed` (all when `None`) are printed and yield `None`; other
/// charts' problems only earn a one-line note, so one broken chart does not
/// stop a director walking another.
fn load_charts(
    trees: &PathBuf,
    needed: Option<&str>,
    editions: &Editions,
) -> anyhow::Result<Option<Report>> {
    let report = check::check_paths_with(std::slice::from_ref(trees), editions)?;
    check::require_charts(&report)?;
    let errors: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .cloned()
        .collect();
    let file_of = |id: &str| report.charts.get(id).map(|c| c.file.clone());
    let needed_file = needed.and_then(file_of);
    let (blocking, other): (Vec<_>, Vec<_>) = errors
        .into_iter()
        .partition(|d| needed.is_none() || Some(&d.file) == needed_file.as_ref());
    if !blocking.is_empty() {
        eprint!("{}", diagnostic::render_text(&blocking, &report.sources));
        eprintln!("{}", summary(&report));
        return Ok(None);
    }
    if !other.is_empty() {
        let mut files: Vec<&str> = other.iter().map(|d| d.file.as_str()).collect();
        files.dedup();
        eprintln!(
            "note: {} other chart file(s) have errors (`lawcharts check` shows them): {}",
            files.len(),
            diagnostic::printable(&files.join(", "))
        );
    }
    Ok(Some(report))
}

/// The chart id named by a command-line CHART: an id, or a path to its file.
fn chart_id(wanted: &str) -> String {
    if wanted.ends_with(".yaml") || wanted.ends_with(".yml") {
        let stem = std::path::Path::new(wanted).file_stem();
        return stem
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
    }
    wanted.to_string()
}

fn find_chart<'a>(report: &'a Report, id: &str) -> anyhow::Result<&'a Chart> {
    match report.charts.get(id) {
        Some(chart) => Ok(chart),
        None => {
            let ids = report.charts.charts.iter().map(|c| c.id.as_str());
            match diagnostic::did_you_mean(id, ids) {
                Some(close) => bail!("no chart `{id}`; did you mean `{close}`?"),
                None => bail!("no chart `{id}` (`lawcharts list` shows them)"),
            }
        }
    }
}

fn run_walk(args: &WalkArgs, editions: &Editions) -> anyhow::Result<Exit> {
    let (wanted, node) = split_node(&args.chart);
    let is_file = wanted.ends_with(".yaml") || wanted.ends_with(".yml");
    let trees = if is_file {
        PathBuf::from(wanted)
    } else {
        args.trees.clone()
    };
    let id = chart_id(wanted);
    let Some(report) = load_charts(&trees, Some(&id), editions)? else {
        return Ok(Exit::Invalid);
    };
    let chart = find_chart(&report, &id)?;
    let from = match node {
        None => chart.start,
        Some(node) => chart.node(node).ok_or_else(|| {
            let close = diagnostic::did_you_mean(node, chart.index.keys().map(String::as_str));
            let hint = match close {
                Some(close) => format!("did you mean `{}#{close}`?", chart.id),
                None => format!("`lawcharts paths {}` shows its nodes", chart.id),
            };
            anyhow::anyhow!("chart `{}` has no node `{node}`; {hint}", chart.id)
        })?,
    };
    let charts = report.with_context();
    let names = if is_file {
        walk::Names::Files
    } else if args.trees == Path::new("trees") {
        walk::Names::Ids(None)
    } else {
        walk::Names::Ids(Some(args.trees.display().to_string()))
    };
    let walk = walk::Walk {
        set: &charts,
        chart,
        from,
        names,
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if !args.answers.is_empty() {
        return Ok(match walk::scripted(&walk, &args.answers, &mut out)? {
            Ok(()) => Exit::Ok,
            Err(e) => {
                out.flush()?;
                eprintln!("error: {}", diagnostic::printable(&e.to_string()));
                Exit::Invalid
            }
        });
    }
    let mut input = std::io::stdin().lock();
    Ok(match walk::interactive(&walk, &mut input, &mut out)? {
        walk::Ended::Done => Exit::Ok,
        walk::Ended::Unfinished => {
            eprintln!("error: input ended before a ruling");
            Exit::Invalid
        }
    })
}

/// `CHART#NODE` as (`CHART`, `NODE`); without a `#` (or with nothing after
/// it), the whole and no node.
fn split_node(wanted: &str) -> (&str, Option<&str>) {
    match wanted.rsplit_once('#') {
        Some((chart, node)) if !chart.is_empty() && !node.is_empty() => (chart, Some(node)),
        _ => (wanted, None),
    }
}

fn run_list(args: &ListArgs, editions: &Editions) -> anyhow::Result<Exit> {
    let Some(report) = load_charts(&args.trees, None, editions)? else {
        return Ok(Exit::Invalid);
    };
    match args.format {
        Format::Text => emit(&list::text(&report.charts))?,
        Format::Json => emit(&list::json(&report.charts))?,
    }
    Ok(Exit::Ok)
}

fn run_build(args: &BuildArgs, editions: &Editions) -> anyhow::Result<Exit> {
    let config = Config::load(args.config.as_deref())?;
    let outcome = build::build(&args.trees, &args.out, &config, editions)?;
    let report = &outcome.report;
    eprint!(
        "{}",
        diagnostic::render_text(&report.diagnostics, &report.sources)
    );
    match outcome.written {
        None => {
            eprintln!("{}", summary(report));
            eprintln!("nothing was written: `{}` is as it was", args.out.display());
            Ok(Exit::Invalid)
        }
        Some(files) => {
            for warning in &outcome.warnings {
                eprintln!("warning: {warning}");
            }
            eprintln!(
                "built {} chart(s) into `{}`: {files} files (site/, svg/, md/, dot/, cards/)",
                report.charts.charts.len(),
                args.out.display()
            );
            Ok(Exit::Ok)
        }
    }
}

/// The refusal of a chart too large to lay out (SVG, HTML, PDF) or to nest
/// as Markdown lists (one level per step: 20,000 steps overflow the stack);
/// DOT is written in linear time, so it has no limit.
fn too_large_to_render(chart: &Chart, args: &RenderArgs) -> Option<diagnostic::Diagnostic> {
    let unlimited = args.format == RenderFormat::Dot && args.layout == Engine::Ours;
    let refusal = build::too_large_for(chart, "render")?;
    let help =
        "split the situation into several charts joined by `then`; `--format dot` has no limit";
    (!unlimited).then(|| refusal.with_help(help))
}

fn run_render(args: &RenderArgs, editions: &Editions) -> anyhow::Result<Exit> {
    let config = Config::load(args.config.as_deref())?;
    let is_file = args.chart.ends_with(".yaml") || args.chart.ends_with(".yml");
    let trees = if is_file {
        PathBuf::from(&args.chart)
    } else {
        args.trees.clone()
    };
    let id = chart_id(&args.chart);
    let to_terminal = std::io::stdout().is_terminal();
    let destination = destination(args.output.as_deref(), args.format, to_terminal)?;
    let Some(report) = load_charts(&trees, Some(&id), editions)? else {
        return Ok(Exit::Invalid);
    };
    let chart = find_chart(&report, &id)?;
    if let Some(refusal) = too_large_to_render(chart, args) {
        eprint!("{}", diagnostic::render_text(&[refusal], &report.sources));
        return Ok(Exit::Trouble);
    }
    let charts = report.with_context();
    let cx = render::Context {
        config: &config,
        charts: &charts,
        date: config.footer_date(&trees),
    };
    let bytes = if args.layout == Engine::Graphviz {
        render::graphviz::render(chart, args.format, &cx)?.into_bytes()
    } else if args.format == RenderFormat::Pdf {
        let options = card::CardOptions {
            paper: args.paper.unwrap_or_default(),
            orientation: args.landscape.then_some(card::Orientation::Landscape),
            ..card::CardOptions::default()
        };
        let card = card::Card::new(chart, &cx, &options);
        eprintln!("{}", card.report());
        card.pdf()?
    } else if args.paper.is_some() || args.landscape {
        bail!("`--paper` and `--landscape` are only for `--format pdf`");
    } else {
        render::render(chart, args.format, &cx)?.into_bytes()
    };
    match destination {
        Some(path) => std::fs::write(path, bytes)
            .map_err(|e| anyhow::anyhow!("cannot write `{}`: {e}", path.display()))?,
        None => std::io::stdout().lock().write_all(&bytes)?,
    }
    Ok(Exit::Ok)
}

/// Where `render` writes: a file, or standard output (`None`) when no `-o`
/// or `-o -` is given. A PDF is binary: with no `-o` it is refused when
/// standard output is a terminal, where it would only scramble the screen.
fn destination(
    output: Option<&Path>,
    format: RenderFormat,
    to_terminal: bool,
) -> anyhow::Result<Option<&Path>> {
    match output {
        Some(path) if path == Path::new("-") => Ok(None),
        Some(path) => Ok(Some(path)),
        None if format == RenderFormat::Pdf && to_terminal => bail!(
            "a PDF is not written to a terminal: name a file with `-o card.pdf`, or \
             write `-o -` to send it to standard output anyway"
        ),
        None => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use clap::{CommandFactory, Parser};

    #[test]
    fn the_command_line_definition_is_consistent() {
        super::Cli::command().debug_assert();
    }

    /// A command's own `--law` next to the global `--laws DIR` once shared an
    /// id, which clap only notices (with a panic) when the command is parsed.
    #[test]
    fn new_parses_its_law_clauses_beside_the_global_laws_folder() {
        let args = [
            "lawcharts",
            "--laws",
            "x",
            "new",
            "a",
            "--title",
            "T",
            "--law",
            "40B2",
        ];
        assert!(super::Cli::try_parse_from(args).is_ok());
    }
}
