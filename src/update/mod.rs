//! Law updates: `lawcharts laws` (print an edition's index), `impact`
//! (what cites a clause, or what a change map touches) and `migrate` (move
//! charts to a new edition: plan, then rewrite the citations in place).

mod edit;
mod impact;
mod map;
mod migrate;
mod report;

use std::path::PathBuf;

use anyhow::bail;
use clap::{Args, ValueEnum};

use crate::check::{self, Report};
use crate::diagnostic::{self, Severity};
use crate::exit::{Exit, emit};
use crate::lawbook::{EDITION, Editions, Lawbook};

pub use impact::{Cite, ClauseImpact, Hit, MapImpact, of_clause, of_map};
pub use map::{ChangeMap, Fate, Refused};
pub use migrate::{ChartPlan, Plan, Rewrite, plan};

/// How `lawcharts laws` prints an index.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum IndexFormat {
    /// The index file format: save it as `laws/EDITION.txt` to start a new edition.
    Text,
    /// For scripts.
    Json,
}

/// `lawcharts laws`.
#[derive(Debug, Args)]
pub struct LawsArgs {
    /// The edition whose index to print.
    #[arg(long, value_name = "EDITION", default_value_t = EDITION)]
    edition: u32,
    /// How to print it.
    #[arg(long, value_enum, default_value_t = IndexFormat::Text)]
    format: IndexFormat,
}

/// How `impact` prints what it found.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ImpactFormat {
    /// For people.
    Text,
    /// For a review document or a pull-request comment.
    Md,
    /// For scripts.
    Json,
}

/// `lawcharts impact`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  lawcharts impact 64A                    nodes citing 64A, 64A1 or 64A2, and charts whose `laws` name them
  lawcharts impact 16B 23 --format md
  lawcharts impact --map laws/2007-2017.yaml

Exit status: 0 (also when nothing cites a clause), 1 charts invalid, 2 a malformed or unknown clause, a bad map, or I/O.")]
pub struct ImpactArgs {
    /// Clauses to look for; each also finds every clause inside it.
    #[arg(value_name = "CLAUSE", required_unless_present = "map")]
    clauses: Vec<String>,
    /// List what this change map touches instead, grouped as renumbered,
    /// changed, removed and added, in the charts following either of its editions.
    #[arg(long, value_name = "MAP.yaml", conflicts_with_all = ["clauses", "edition"])]
    map: Option<PathBuf>,
    /// The edition the clauses are numbered in; only charts following it are searched.
    #[arg(long, value_name = "EDITION", default_value_t = EDITION)]
    edition: u32,
    /// How to print what was found.
    #[arg(long, value_enum, default_value_t = ImpactFormat::Text)]
    format: ImpactFormat,
    /// The folder of charts.
    #[arg(long, default_value = "trees")]
    trees: PathBuf,
}

/// `lawcharts migrate`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  lawcharts migrate --to 2027 --map laws/2017-2027.yaml           print the plan
  lawcharts migrate --to 2027 --map laws/2017-2027.yaml --write   rewrite, then check

Exit status: 0 planned (or written and every chart checks), 1 a chart does not check, 2 a bad map or I/O.")]
pub struct MigrateArgs {
    /// The edition to move the charts to (the map's `to`).
    #[arg(long, value_name = "EDITION")]
    to: u32,
    /// The change map from the charts' edition to `--to`.
    #[arg(long, value_name = "MAP.yaml")]
    map: PathBuf,
    /// Rewrite `edition:` and the renumbered citations in the chart files
    /// (nothing else in them changes), then check the charts against `--to`.
    #[arg(long)]
    write: bool,
    /// The folder of charts.
    #[arg(long, default_value = "trees")]
    trees: PathBuf,
}

/// The index of `year`, or the error that says where indexes are looked for.
fn edition_of(editions: &Editions, year: u32) -> anyhow::Result<&Lawbook> {
    match editions.get(year) {
        Some(book) => Ok(book),
        None => bail!(
            "there is no index of the {year} Laws\n  = help: {}",
            editions.where_to_look(year)
        ),
    }
}

/// Prints an edition's index.
pub fn run_laws(args: &LawsArgs, editions: &Editions) -> anyhow::Result<Exit> {
    let book = edition_of(editions, args.edition)?;
    let origin = editions
        .origin(args.edition)
        .map(ToString::to_string)
        .unwrap_or_default();
    match args.format {
        IndexFormat::Text => emit(&book.to_text())?,
        IndexFormat::Json => emit(&book.to_json(&origin))?,
    }
    Ok(Exit::Ok)
}

/// The charts of `trees`, all checked; `None` (their problems printed) when
/// any has an error.
fn checked(trees: &PathBuf, editions: &Editions) -> anyhow::Result<Option<Report>> {
    let report = check::check_paths_with(std::slice::from_ref(trees), editions)?;
    check::require_charts(&report)?;
    if report.count(Severity::Error) > 0 {
        eprint!(
            "{}",
            diagnostic::render_text(&report.diagnostics, &report.sources)
        );
        eprintln!("the charts do not check: fix them first (`lawcharts check`)");
        return Ok(None);
    }
    Ok(Some(report))
}

/// The map at `path`, or its problems printed.
fn change_map(path: &std::path::Path, editions: &Editions) -> anyhow::Result<Option<ChangeMap>> {
    match ChangeMap::load(path, editions)? {
        Ok(map) => Ok(Some(map)),
        Err(Refused(text)) => {
            eprint!("{text}");
            Ok(None)
        }
    }
}

/// Lists what cites each clause, or what a map touches.
pub fn run_impact(args: &ImpactArgs, editions: &Editions) -> anyhow::Result<Exit> {
    if let Some(path) = &args.map {
        let Some(map) = change_map(path, editions)? else {
            return Ok(Exit::Trouble);
        };
        let Some(report) = checked(&args.trees, editions)? else {
            return Ok(Exit::Invalid);
        };
        let found = of_map(&report.charts, &map);
        emit(&match args.format {
            ImpactFormat::Text => diagnostic::printable(&report::map_text(&found)).into_owned(),
            ImpactFormat::Md => report::map_md(&found),
            ImpactFormat::Json => report::map_json(&found),
        })?;
        return Ok(Exit::Ok);
    }
    let book = edition_of(editions, args.edition)?;
    let mut clauses = Vec::new();
    for written in &args.clauses {
        match book.lookup(written.trim()) {
            Ok(clause) => clauses.push(clause),
            Err(err) => bail!("{err}\n  = help: {}", err.help()),
        }
    }
    let Some(report) = checked(&args.trees, editions)? else {
        return Ok(Exit::Invalid);
    };
    let found: Vec<ClauseImpact> = clauses
        .iter()
        .map(|c| of_clause(&report.charts, book, c))
        .collect();
    let others = report
        .charts
        .charts
        .iter()
        .filter(|c| c.edition != args.edition)
        .count();
    if others > 0 {
        eprintln!(
            "note: {others} chart(s) follow another edition than {} and were not searched",
            args.edition
        );
    }
    emit(&match args.format {
        ImpactFormat::Text => diagnostic::printable(&report::clauses_text(&found)).into_owned(),
        ImpactFormat::Md => report::clauses_md(&found),
        ImpactFormat::Json => report::clauses_json(&found),
    })?;
    Ok(Exit::Ok)
}

/// Prints the migration plan, or carries it out and checks the result.
pub fn run_migrate(args: &MigrateArgs, editions: &Editions) -> anyhow::Result<Exit> {
    let Some(map) = change_map(&args.map, editions)? else {
        return Ok(Exit::Trouble);
    };
    if map.to_year() != args.to {
        bail!(
            "`{}` goes to the {} Laws, not to {}: give `--to {}` or another map",
            args.map.display(),
            map.to_year(),
            args.to,
            map.to_year()
        );
    }
    let Some(report) = checked(&args.trees, editions)? else {
        return Ok(Exit::Invalid);
    };
    let files = check::chart_files(std::slice::from_ref(&args.trees))?;
    let plan = plan(&report.charts.charts, &report.sources, &files, &map)?;
    if !args.write {
        emit(&diagnostic::printable(&report::plan_text(&plan, false)))?;
        return Ok(Exit::Ok);
    }
    let mut texts = Vec::new();
    for chart in &plan.charts {
        texts.push((chart.path().to_path_buf(), chart.new_text()?));
    }
    edit::write_all(&texts)?;
    emit(&diagnostic::printable(&report::plan_text(&plan, true)))?;
    let after = check::check_paths_with(std::slice::from_ref(&args.trees), editions)?;
    let errors: Vec<_> = after
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .cloned()
        .collect();
    eprint!("{}", diagnostic::render_text(&errors, &after.sources));
    let errors = errors.len();
    if errors > 0 {
        eprintln!(
            "the migrated charts do not check against the {} Laws: {errors} error(s)",
            args.to
        );
        return Ok(Exit::Invalid);
    }
    eprintln!(
        "checked {} chart(s) against the {} Laws: ok",
        after.charts.charts.len(),
        args.to
    );
    Ok(Exit::Ok)
}
