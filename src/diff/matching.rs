//! Which node of the old chart each node of the new one continues: the
//! same id, or a removed and an added node with the same text (a likely
//! rename). Text is compared as the reader sees it.

use std::collections::HashMap;

use petgraph::stable_graph::NodeIndex;

use crate::chart::Chart;
use crate::markdown::{collapse_whitespace, to_html};

/// Node renames across every chart: (chart id, old node id) -> new node id.
pub type Renames = HashMap<(String, String), String>;

/// Which old node each new node continues.
pub struct Matching {
    /// (old, new): the same id, or a likely rename.
    pairs: Vec<(NodeIndex, NodeIndex)>,
    /// Old nodes with no new counterpart, in old order.
    pub removed: Vec<NodeIndex>,
    /// Old id -> new id of the likely renames.
    pub renamed: HashMap<String, String>,
}

impl Matching {
    /// Matches the nodes of two versions of one chart.
    pub fn new(old: &Chart, new: &Chart) -> Matching {
        let mut pairs = Vec::new();
        let mut added = Vec::new();
        for (ni, node) in new.nodes() {
            match old.node(&node.id) {
                Some(oi) => pairs.push((oi, ni)),
                None => added.push(ni),
            }
        }
        let mut removed: Vec<NodeIndex> = old
            .nodes()
            .filter(|(_, n)| new.node(&n.id).is_none())
            .map(|(i, _)| i)
            .collect();
        let mut renamed = HashMap::new();
        let mut added: Vec<(NodeIndex, String)> = added
            .into_iter()
            .map(|ni| (ni, rendered(&new.graph[ni].text)))
            .collect();
        removed.retain(|&oi| {
            let text = rendered(&old.graph[oi].text);
            let Some(k) = added.iter().position(|(_, t)| *t == text) else {
                return true;
            };
            let (ni, _) = added.remove(k);
            renamed.insert(old.graph[oi].id.clone(), new.graph[ni].id.clone());
            pairs.push((oi, ni));
            false
        });
        Matching {
            pairs,
            removed,
            renamed,
        }
    }

    /// The old node `new` continues, if any.
    pub fn old_of(&self, new: NodeIndex) -> Option<NodeIndex> {
        self.pairs.iter().find(|(_, n)| *n == new).map(|(o, _)| *o)
    }

    /// An old node id as the new chart would call it.
    pub fn to_new<'s>(&'s self, old_id: &'s str) -> &'s str {
        self.renamed.get(old_id).map_or(old_id, String::as_str)
    }
}

/// Markdown as the reader sees it: rendered, whitespace collapsed.
pub fn rendered(text: &str) -> String {
    collapse_whitespace(&to_html(text))
}

/// Whether two optional texts read the same (an empty one as none).
pub fn same_optional(old: Option<&str>, new: Option<&str>) -> bool {
    let seen = |t: Option<&str>| t.map(rendered).filter(|r| !r.is_empty());
    seen(old) == seen(new)
}
