//! Renderers: checked charts -> text, one file per output, each
//! `fn(&Chart, &Context) -> String`, chosen by a `match` on [`Format`].
//! What is shared (the period of a chart, laws grouped with their titles,
//! links, hand-overs) is worked out here once; templates only lay it out.

pub mod cases;
pub mod compare;
pub mod dot;
pub mod drawing;
pub mod graphviz;
pub mod html;
pub mod markdown;
pub mod mermaid;
pub mod search;
pub mod svg;

pub use svg::render_svg;

use clap::ValueEnum;

use crate::chart::{Chart, ChartSet, HandOver};
use crate::config::Config;
use crate::lawbook::Clause;

/// An output format of `lawcharts render`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Graphviz DOT source.
    Dot,
    /// Markdown with a Mermaid block.
    Md,
    /// One page of the site, styles and script inlined.
    Html,
    /// The chart drawn by lawcharts' own layout engine.
    Svg,
    /// A laminated table card (PDF): see `--paper` and `--landscape`.
    Pdf,
}

/// What every renderer may read besides the chart itself.
pub struct Context<'a> {
    /// The site settings.
    pub config: &'a Config,
    /// Every chart, for hand-over titles and the index.
    pub charts: &'a ChartSet,
    /// The footer date, fixed before rendering starts.
    pub date: Option<String>,
}

/// One output file: its path inside `--out` and its bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutFile {
    /// Relative to `--out`, `/`-separated, made of chart ids and fixed names.
    pub path: String,
    /// What goes in it.
    pub bytes: Vec<u8>,
}

impl OutFile {
    /// A file of `bytes` at `path`.
    pub fn bytes(path: &str, bytes: &[u8]) -> OutFile {
        OutFile {
            path: path.into(),
            bytes: bytes.to_vec(),
        }
    }

    /// A text file at `path`.
    pub fn text(path: String, text: String) -> OutFile {
        OutFile {
            path,
            bytes: text.into_bytes(),
        }
    }
}

/// Renders one chart in `format` (a standalone page for HTML).
pub fn render(chart: &Chart, format: Format, cx: &Context) -> anyhow::Result<String> {
    match format {
        Format::Dot => dot::render(chart, cx),
        Format::Md => markdown::chart(chart, cx),
        Format::Html => html::chart(chart, cx, html::Assets::Inline),
        Format::Svg => Ok(drawing::chart_svg(chart, cx.charts)),
        Format::Pdf => anyhow::bail!("a PDF card is binary: `card::Card::pdf` writes it"),
    }
}

/// The part of the Laws a chart belongs to, from its main law's number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Period {
    /// Laws 17 to 39.
    Auction,
    /// Laws 41 to 64.
    Play,
    /// Laws 65 to 71, 77 to 79 and 86 to 87: tricks, claims, scoring.
    EndOfPlay,
    /// Everything else: procedure, information, proprieties, the Director.
    General,
}

impl Period {
    /// Every period, in the order the index shows them.
    pub const ALL: [Period; 4] = [
        Period::Auction,
        Period::Play,
        Period::EndOfPlay,
        Period::General,
    ];

    /// The period of a law number.
    pub fn of_law(law: u8) -> Period {
        match law {
            17..=39 => Period::Auction,
            41..=64 => Period::Play,
            65..=71 | 77..=79 | 86..=87 => Period::EndOfPlay,
            _ => Period::General,
        }
    }

    /// The period of a chart (its first law).
    pub fn of(chart: &Chart) -> Period {
        chart.main_law().map_or(Period::General, Period::of_law)
    }

    /// A heading for the index.
    pub fn title(self) -> &'static str {
        match self {
            Period::Auction => "The auction",
            Period::Play => "The play",
            Period::EndOfPlay => "End of play and scoring",
            Period::General => "General",
        }
    }

    /// An anchor and CSS-safe name.
    pub fn slug(self) -> &'static str {
        match self {
            Period::Auction => "auction",
            Period::Play => "play",
            Period::EndOfPlay => "end-of-play",
            Period::General => "general",
        }
    }
}

/// A clause as cited, with the link to the law's text.
#[derive(Clone, Debug)]
pub struct LawRef {
    /// As written: `54D`.
    pub clause: String,
    /// The law-text URL.
    pub href: String,
    /// The law's title, for a tooltip.
    pub title: String,
}

/// One law a chart covers, with the clauses cited under it.
#[derive(Clone, Debug)]
pub struct LawGroup {
    /// The law number.
    pub number: u8,
    /// Its title in the Laws' index.
    pub title: String,
    /// The law's own text link.
    pub href: String,
    /// The clauses of it the chart lists, in the order written.
    pub clauses: Vec<LawRef>,
}

/// The edition the site names in its heading: the one every chart follows,
/// or the config's when they follow several.
pub fn site_edition(cx: &Context) -> u32 {
    let mut editions = cx.charts.charts.iter().map(|c| c.edition);
    match editions.next() {
        Some(first) if editions.all(|e| e == first) => first,
        _ => cx.config.edition,
    }
}

/// A chart's edition when it is not the site's: the index shows it beside
/// the chart, so a director never takes an old chart for a current one.
pub fn other_edition(chart: &Chart, cx: &Context) -> Option<u32> {
    (chart.edition != site_edition(cx)).then_some(chart.edition)
}

/// The title of a law in the chart's edition (empty if the index lacks it,
/// which `check` prevents).
pub fn law_title(chart: &Chart, number: u8) -> String {
    chart.law_title(number)
}

/// A clause of `chart`'s edition with its link and its law's title.
pub fn law_ref(clause: &Clause, chart: &Chart, config: &Config) -> LawRef {
    LawRef {
        clause: clause.to_string(),
        href: config.law_link(clause, chart.edition),
        title: format!("Law {}: {}", clause.law, law_title(chart, clause.law)),
    }
}

/// The chart's laws grouped by law number, first-cited law first.
pub fn law_groups(chart: &Chart, config: &Config) -> Vec<LawGroup> {
    let mut groups: Vec<LawGroup> = Vec::new();
    for clause in &chart.laws {
        let whole = Clause {
            law: clause.law,
            label: String::new(),
        };
        let at = match groups.iter().position(|g| g.number == clause.law) {
            Some(at) => at,
            None => {
                groups.push(LawGroup {
                    number: clause.law,
                    title: law_title(chart, clause.law),
                    href: config.law_link(&whole, chart.edition),
                    clauses: Vec::new(),
                });
                groups.len() - 1
            }
        };
        if !clause.label.is_empty() {
            groups[at].clauses.push(law_ref(clause, chart, config));
        }
    }
    groups
}

/// Where a hand-over goes, for links: (chart title, target node's plain text).
pub fn handover_target(charts: &ChartSet, to: &HandOver) -> (String, Option<String>) {
    let Some(chart) = charts.get(&to.chart) else {
        return (to.chart.clone(), None);
    };
    let node = to
        .node
        .as_deref()
        .and_then(|id| chart.node(id))
        .map(|i| crate::markdown::to_plain(&chart.graph[i].text));
    (chart.title.clone(), node)
}

/// The charts of a period, by main law number, then id.
pub fn charts_of(charts: &ChartSet, period: Period) -> Vec<&Chart> {
    let mut found: Vec<&Chart> = charts
        .charts
        .iter()
        .filter(|c| Period::of(c) == period)
        .collect();
    found.sort_by(|a, b| (a.main_law(), &a.id).cmp(&(b.main_law(), &b.id)));
    found
}

/// `Laws 41, 47, 50`: the laws after the main one.
pub fn also_laws(groups: &[LawGroup]) -> String {
    let also: Vec<String> = groups
        .iter()
        .skip(1)
        .map(|g| g.number.to_string())
        .collect();
    match also.len() {
        0 => String::new(),
        1 => format!("Law {}", also[0]),
        _ => format!("Laws {}", also.join(", ")),
    }
}

/// `Law 54C, 54B1` for a list of clauses; empty for none.
pub fn clause_line(law: &[Clause]) -> String {
    if law.is_empty() {
        return String::new();
    }
    let list: Vec<String> = law.iter().map(ToString::to_string).collect();
    format!("Law {}", list.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chart_belongs_to_the_period_of_its_main_law() {
        assert_eq!(Period::of_law(27), Period::Auction);
        assert_eq!(Period::of_law(54), Period::Play);
        assert_eq!(Period::of_law(70), Period::EndOfPlay);
        assert_eq!(Period::of_law(87), Period::EndOfPlay);
        assert_eq!(Period::of_law(16), Period::General);
        assert_eq!(Period::of_law(40), Period::General);
        assert_eq!(Period::of_law(75), Period::General);
    }
}
