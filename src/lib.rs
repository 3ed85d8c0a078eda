//! lawcharts: the Laws of Duplicate Bridge as checked decision charts.
//!
//! The pipeline: `load` reads YAML into raw mirrors (`spec`), `check` turns
//! them into the checked model (`chart`) while collecting `diagnostic`s, and
//! the commands (`walk`, `list`) work on the model.

pub mod authoring; // `new`, `paths`, `schema`, `completions`, `man`
pub mod build; // `lawcharts build`: render every output, swap it in safely
pub mod card; // laminated table cards: legible PDF pages, split into panels when needed
pub mod chart; // the checked model: a petgraph per chart
pub mod check; // raw charts -> checked charts, with located diagnostics
pub mod cli; // clap types and the command dispatcher
pub mod config; // the optional lawcharts.toml: site title, club, URLs, edition, date
pub mod diagnostic; // Diagnostic, Severity and their text and JSON rendering
pub mod diff; // `lawcharts diff`: what changed between two versions of the charts
pub mod exit; // how a command ends (exit codes) and writes its output
pub mod font; // the bundled DejaVu Sans: measuring and wrapping text
pub mod gitdate; // the footer's date from git: one `git log` a build
pub mod id; // the id rule shared by charts and nodes
pub mod lawbook; // the indexes of the Laws (2017 built in, others in laws/) and clause parsing
pub mod layout; // our own layered layout for decision charts, and its quality measures
pub mod list; // `lawcharts list`
pub mod load; // file -> raw chart, with positions
pub mod markdown; // the one door for chart Markdown: HTML, plain text, Markdown
pub mod memo; // results worked out from chart text, remembered (bounded)
pub mod new; // the starter chart of `lawcharts new`
pub mod paths; // every route of a chart, for review
pub mod render; // checked charts -> DOT, Markdown, HTML pages (one file per output)
pub mod serve; // `lawcharts serve`: build, serve on 127.0.0.1, rebuild and reload
pub mod spec; // serde mirrors of the YAML format
pub mod synth; // synthetic charts of any size, for benchmarks and tests
pub mod update; // law updates: `laws`, `impact` and `migrate` between editions
pub mod walk; // `lawcharts walk`
pub mod webfont; // the site's font cut down to the characters drawn

pub use cli::run;
pub use exit::Exit;
