//! The authoring commands: `new`, `paths`, `schema`, `completions` and `man`
//! (their clap arguments and what each runs).

use std::path::PathBuf;

use anyhow::{Context, bail};
use clap::{Args, ValueEnum};

use crate::exit::{Exit, emit};
use crate::lawbook::Editions;
use crate::{check, diagnostic, new, paths, spec};

/// `lawcharts new`.
#[derive(Debug, Args)]
pub struct NewArgs {
    /// The new chart's id (lower-case words joined by hyphens).
    chart: String,
    /// The chart's title.
    #[arg(long)]
    title: String,
    /// A law clause the chart covers (repeat; the first is its main law).
    #[arg(long = "law", value_name = "CLAUSE", required = true)]
    clauses: Vec<String>,
    /// The folder of charts.
    #[arg(long, default_value = "trees")]
    trees: PathBuf,
}

/// Output format of `paths`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum PathsFormat {
    /// One sentence per line.
    Text,
    /// A numbered Markdown list.
    Md,
    /// For scripts.
    Json,
}

/// `lawcharts paths`.
#[derive(Debug, Args)]
pub struct PathsArgs {
    /// A chart id (looked up in `--trees`) or a path to a chart file.
    chart: String,
    /// The folder of charts.
    #[arg(long, default_value = "trees")]
    trees: PathBuf,
    /// How to print the routes.
    #[arg(long, value_enum, default_value_t = PathsFormat::Text)]
    format: PathsFormat,
}

/// `lawcharts completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    shell: clap_complete::Shell,
}

/// Writes a starter chart.
pub fn run_new(args: &NewArgs) -> anyhow::Result<Exit> {
    let path = new::create(&args.trees, &args.chart, &args.title, &args.clauses)?;
    emit(&format!(
        "wrote {}\nnext: edit it, then `lawcharts check {}`\n",
        path.display(),
        path.display()
    ))?;
    Ok(Exit::Ok)
}

/// Prints every route of a chart.
pub fn run_paths(args: &PathsArgs, editions: &Editions) -> anyhow::Result<Exit> {
    let is_file = args.chart.ends_with(".yaml") || args.chart.ends_with(".yml");
    let target = if is_file {
        PathBuf::from(&args.chart)
    } else {
        args.trees.clone()
    };
    let report = check::check_paths_with(std::slice::from_ref(&target), editions)?;
    let id = if is_file {
        let stem = std::path::Path::new(&args.chart).file_stem();
        stem.map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    } else {
        args.chart.clone()
    };
    let Some(chart) = report.charts.get(&id) else {
        bail!("no chart `{id}` (`lawcharts list` shows them)");
    };
    let own: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.file == chart.file && d.severity == diagnostic::Severity::Error)
        .cloned()
        .collect();
    if !own.is_empty() {
        eprint!("{}", diagnostic::render_text(&own, &report.sources));
        return Ok(Exit::Invalid);
    }
    let Some(routes) = paths::routes(chart) else {
        bail!("chart `{id}` has more than {} routes", paths::MAX_ROUTES);
    };
    match args.format {
        PathsFormat::Text => emit(&paths::text(&routes))?,
        PathsFormat::Md => emit(&paths::markdown(chart, &routes))?,
        PathsFormat::Json => emit(&paths::json(&routes))?,
    }
    Ok(Exit::Ok)
}

/// Prints the chart format's JSON Schema.
pub fn run_schema() -> anyhow::Result<Exit> {
    emit(&spec::json_schema())?;
    Ok(Exit::Ok)
}

/// Prints a shell completion script for `cmd`, the whole command line.
pub fn run_completions(args: &CompletionsArgs, mut cmd: clap::Command) -> anyhow::Result<Exit> {
    clap_complete::generate(args.shell, &mut cmd, "lawcharts", &mut std::io::stdout());
    Ok(Exit::Ok)
}

/// Prints the man page (roff) of `cmd`, the whole command line.
pub fn run_man(cmd: clap::Command) -> anyhow::Result<Exit> {
    let mut out = Vec::new();
    clap_mangen::Man::new(cmd)
        .render(&mut out)
        .context("cannot render the man page")?;
    std::io::Write::write_all(&mut std::io::stdout(), &out).context("cannot write the man page")?;
    Ok(Exit::Ok)
}
