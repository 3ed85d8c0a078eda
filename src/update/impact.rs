//! Which nodes and charts cite a clause (or any clause inside it), and which
//! a change map touches: the committee's list of what to review.

use serde::Serialize;

use super::map::{ChangeMap, Fate};
use crate::chart::{Chart, ChartSet, Node};
use crate::lawbook::{Clause, Lawbook};
use crate::markdown::to_plain;

/// One clause as a citation shows it, with what the map says about it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cite {
    /// The clause as the chart cites it.
    pub clause: String,
    /// What the map says (`was 16A1 in 2007`); `None` for a plain search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A node, or a chart's `laws`, that cites what was looked for.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Hit {
    /// The chart id.
    pub chart: String,
    /// Its file, as named.
    pub file: String,
    /// The node id; `None` for the chart's own `laws`.
    pub node: Option<String>,
    /// Question, step or ruling; `laws` for the chart's own list.
    pub kind: &'static str,
    /// The node's text as plain text on one line (the chart's title for `laws`).
    pub text: String,
    /// The citations that matched.
    pub cites: Vec<Cite>,
}

/// Everything that cites one clause of an edition.
#[derive(Clone, Debug, Serialize)]
pub struct ClauseImpact {
    /// The clause looked for.
    pub clause: String,
    /// Its law's number.
    pub law: u8,
    /// Its law's title in the edition.
    pub title: String,
    /// Nodes citing it or a clause inside it, chart by chart in file order.
    pub nodes: Vec<Hit>,
    /// Charts whose `laws` name it or a clause inside it.
    pub charts: Vec<Hit>,
}

/// A node's kind, or `laws` for a chart's own list.
fn kind_of(node: Option<&Node>) -> &'static str {
    node.map_or("laws", |n| n.kind.name())
}

/// A hit on `chart` (its node `node`, or its `laws` when `None`).
fn hit(chart: &Chart, node: Option<&Node>, cites: Vec<Cite>) -> Hit {
    let text = node.map_or_else(|| chart.title.clone(), |n| one_line(&to_plain(&n.text)));
    Hit {
        chart: chart.id.clone(),
        file: chart.file.clone(),
        node: node.map(|n| n.id.clone()),
        kind: kind_of(node),
        text,
        cites,
    }
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Every citation list of a chart: its `laws` (node `None`), then each
/// node's `law` in the order written.
fn citation_lists(chart: &Chart) -> impl Iterator<Item = (Option<&Node>, &[Clause])> {
    let own = std::iter::once((None, chart.laws.as_slice()));
    own.chain(chart.nodes().map(|(_, n)| (Some(n), n.law.as_slice())))
}

/// What cites `clause` (or a clause inside it) among the charts that follow
/// `book`'s edition.
pub fn of_clause(charts: &ChartSet, book: &Lawbook, clause: &Clause) -> ClauseImpact {
    let mut found = ClauseImpact {
        clause: clause.to_string(),
        law: clause.law,
        title: book.title_of(clause).unwrap_or_default().to_string(),
        nodes: Vec::new(),
        charts: Vec::new(),
    };
    for chart in charts.charts.iter().filter(|c| c.edition == book.edition()) {
        for (node, cited) in citation_lists(chart) {
            let cites: Vec<Cite> = cited
                .iter()
                .filter(|c| c.is_within(clause))
                .map(|c| Cite {
                    clause: c.to_string(),
                    note: None,
                })
                .collect();
            if cites.is_empty() {
                continue;
            }
            let h = hit(chart, node, cites);
            match node {
                Some(_) => found.nodes.push(h),
                None => found.charts.push(h),
            }
        }
    }
    found
}

/// The nodes and charts a map touches, by what the map did.
#[derive(Clone, Debug, Default, Serialize)]
pub struct MapImpact {
    /// The map file.
    pub map: String,
    /// The older edition.
    pub from: u32,
    /// The newer edition.
    pub to: u32,
    /// The charts looked at: those following either edition.
    pub charts: usize,
    /// Citations of clauses that moved.
    pub renumbered: Vec<Hit>,
    /// Citations of clauses whose meaning changed.
    pub changed: Vec<Hit>,
    /// Citations of clauses that are gone.
    pub removed: Vec<Hit>,
    /// Citations of clauses that are new (in charts following `to`).
    pub added: Vec<Hit>,
    /// Citations the map does not account for and whose clause differs
    /// between the two indexes (or is missing from one): the map is
    /// incomplete for these charts.
    pub unaccounted: Vec<Hit>,
}

/// The groups a citation falls in, with a note for each.
#[derive(Default)]
pub struct Sorted {
    /// It moved: `becomes 16C1`, `was 16A1 in 2007`.
    pub renumbered: Option<String>,
    /// Its meaning changed.
    pub changed: Option<String>,
    /// It is gone.
    pub removed: Option<String>,
    /// It is new.
    pub added: Option<String>,
    /// The map does not say, and the indexes differ.
    pub unaccounted: Option<String>,
}

/// `changed`, or `in changed 12C1` when the map's entry is a larger clause.
fn entry_note(word: &str, entry: &Clause, cited: &Clause) -> String {
    if entry == cited {
        word.to_string()
    } else {
        format!("in {word} {entry}")
    }
}

/// Where a citation of a chart following `from` goes.
pub fn sort_forward(map: &ChangeMap, cited: &Clause) -> Sorted {
    let fate = map.forward(cited);
    let to = map.to_year();
    let mut sorted = Sorted::default();
    if fate.renumbered.is_some() {
        sorted.renumbered = Some(match &fate.now {
            Some(now) => format!("becomes {now}"),
            None => format!("renumbered, but the {to} index lacks the new number"),
        });
    }
    sorted.changed = fate.changed.map(|c| entry_note("changed", &c, cited));
    sorted.removed = fate.removed.map(|c| entry_note("removed", &c, cited));
    contained(&mut sorted, &fate.contains);
    if !map.accounts_for_old(cited) {
        sorted.unaccounted = Some(unaccounted(map, map.to.contains(cited), to));
    }
    sorted
}

/// Where a citation of a chart following `to` goes.
fn sort_backward(map: &ChangeMap, cited: &Clause) -> Sorted {
    let fate: Fate = map.backward(cited);
    let from = map.from_year();
    let mut sorted = Sorted::default();
    if let Some((old, new)) = &fate.renumbered {
        let was = cited.moved(new, old).unwrap_or_else(|| old.clone());
        sorted.renumbered = Some(format!("was {was} in {from}"));
    }
    let old = fate.now.clone().unwrap_or_else(|| cited.clone());
    sorted.changed = fate.changed.map(|c| entry_note("changed", &c, &old));
    sorted.removed = fate.removed.map(|c| {
        format!(
            "{from}'s {} was removed; this one is new",
            entry_note("", &c, &old).trim()
        )
    });
    sorted.added = fate.added.map(|c| entry_note("new", &c, cited));
    contained(&mut sorted, &fate.contains);
    if !map.accounts_for(cited) {
        sorted.unaccounted = Some(unaccounted(map, map.from.contains(cited), from));
    }
    sorted
}

/// A citation of a clause that contains changes (`contains changed
/// 12C1(b), new 64B8`) is in the changed group, unless it is already there.
fn contained(sorted: &mut Sorted, contains: &[String]) {
    if sorted.changed.is_none() && !contains.is_empty() {
        sorted.changed = Some(format!("contains {}", contains.join(", ")));
    }
}

/// The note for a citation the map does not account for, `other` being
/// the edition the chart does not follow.
fn unaccounted(map: &ChangeMap, in_other: bool, other: u32) -> String {
    if in_other {
        let (from, to) = (map.from_year(), map.to_year());
        format!("differs between the {from} and {to} indexes")
    } else {
        format!("not in the {other} index")
    }
}

/// The nodes and charts `map` touches among the charts that follow either
/// of its editions.
pub fn of_map(charts: &ChartSet, map: &ChangeMap) -> MapImpact {
    let mut found = MapImpact {
        map: map.file.clone(),
        from: map.from_year(),
        to: map.to_year(),
        ..MapImpact::default()
    };
    for chart in &charts.charts {
        let sort: fn(&ChangeMap, &Clause) -> Sorted = match chart.edition {
            e if e == map.from_year() => sort_forward,
            e if e == map.to_year() => sort_backward,
            _ => continue,
        };
        found.charts += 1;
        for (node, cited) in citation_lists(chart) {
            let mut groups: [(Vec<Cite>, &mut Vec<Hit>); 5] = [
                (Vec::new(), &mut found.renumbered),
                (Vec::new(), &mut found.changed),
                (Vec::new(), &mut found.removed),
                (Vec::new(), &mut found.added),
                (Vec::new(), &mut found.unaccounted),
            ];
            for clause in cited {
                let s = sort(map, clause);
                let notes = [s.renumbered, s.changed, s.removed, s.added, s.unaccounted];
                for (group, note) in groups.iter_mut().zip(notes) {
                    if let Some(note) = note {
                        group.0.push(Cite {
                            clause: clause.to_string(),
                            note: Some(note),
                        });
                    }
                }
            }
            for (cites, hits) in groups {
                if !cites.is_empty() {
                    hits.push(hit(chart, node, cites));
                }
            }
        }
    }
    found
}

impl MapImpact {
    /// The groups in the order shown, with their names.
    pub fn groups(&self) -> [(&'static str, &[Hit]); 5] {
        [
            ("renumbered", &self.renumbered),
            ("changed", &self.changed),
            ("removed", &self.removed),
            ("added", &self.added),
            ("not in the map", &self.unaccounted),
        ]
    }
}
