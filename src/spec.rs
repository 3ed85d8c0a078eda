//! Serde mirrors of the chart YAML, one to one, with a source position on
//! every value a diagnostic may point at. No logic beyond reading.

use std::fmt;
use std::marker::PhantomData;

use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_saphyr::Spanned;

/// A string with the place it was written.
pub type Text = Spanned<String>;

/// One chart file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawChart {
    /// The chart's title (required).
    pub title: Option<Text>,
    /// The clauses this chart covers; the first is its main law (required).
    pub laws: Option<Spanned<Clauses>>,
    /// The Laws edition the chart follows.
    pub edition: Option<Spanned<u32>>,
    /// Markdown: when this chart applies.
    pub summary: Option<Text>,
    /// Phrases a director would search for.
    pub situations: Option<Vec<Text>>,
    /// The id of the first node (required).
    pub start: Option<Text>,
    /// Node id -> node, in the order written (required).
    pub nodes: Option<Spanned<Entries<RawNode>>>,
    /// Worked table situations replayed by `check`.
    pub examples: Option<Vec<Spanned<RawExample>>>,
}

/// One node as written; which of `ask`, `do`, `ruling` is present makes its kind.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawNode {
    /// A question (Markdown).
    pub ask: Option<Text>,
    /// A step (Markdown).
    #[serde(rename = "do")]
    pub step: Option<Text>,
    /// A ruling (Markdown).
    pub ruling: Option<Text>,
    /// A question's answers: label -> target node id.
    pub answers: Option<Spanned<Entries<Text>>>,
    /// A step's next node id.
    pub next: Option<Text>,
    /// A ruling's hand-over: `chart-id` or `chart-id#node-id`.
    pub then: Option<Text>,
    /// The law clause or clauses this node rests on.
    pub law: Option<Spanned<Clauses>>,
    /// Markdown shown smaller.
    pub note: Option<Text>,
    /// Markdown the director reads out to the players.
    pub say: Option<Text>,
}

/// A worked example: a table situation, the answers taken, the ruling reached.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawExample {
    /// What happened at the table.
    pub situation: Text,
    /// Answer labels, in order from `start`.
    pub answers: Vec<Text>,
    /// The ruling node the path must end at.
    pub ruling: Text,
}

/// A YAML mapping kept as written: every entry in order, duplicates included,
/// each key with its position (so a duplicate can be reported where it stands).
#[derive(Debug)]
pub struct Entries<V>(pub Vec<(Text, V)>);

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Entries<V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct EntriesVisitor<V>(PhantomData<V>);
        impl<'de, V: Deserialize<'de>> Visitor<'de> for EntriesVisitor<V> {
            type Value = Entries<V>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a mapping")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut entries = Vec::new();
                while let Some(key) = map.next_key::<Text>()? {
                    entries.push((key, map.next_value::<V>()?));
                }
                Ok(Entries(entries))
            }
        }
        deserializer.deserialize_map(EntriesVisitor(PhantomData))
    }
}

/// Law clauses as written: one (`law: 54D`) or a list (`law: [54D, 50D]`).
#[derive(Debug)]
pub enum Clauses {
    /// A single clause, positioned by the enclosing `Spanned`; `None` when
    /// YAML read it as a float (`47E1` is 470.0 to YAML): the checker then
    /// takes the clause from the source text at that position.
    One(Option<String>),
    /// A list, each item with its own position.
    Many(Vec<Spanned<ClauseText>>),
}

/// A clause label: a string, or a bare clause that YAML reads as a number
/// (`54` as an integer, `47E1` as a float: `None`, to be read from the source).
#[derive(Debug)]
pub struct ClauseText(pub Option<String>);

struct ClauseVisitor;

impl Visitor<'_> for ClauseVisitor {
    type Value = Option<String>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a law clause such as `54D` or `27B1(a)`")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(Some(v.to_string()))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        Ok(Some(v.to_string()))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        Ok(Some(v.to_string()))
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Self::Value, E> {
        Ok(None)
    }
}

impl<'de> Deserialize<'de> for ClauseText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ClauseVisitor).map(ClauseText)
    }
}

impl<'de> Deserialize<'de> for Clauses {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ClausesVisitor;
        impl<'de> Visitor<'de> for ClausesVisitor {
            type Value = Clauses;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a law clause such as `54D`, or a list of them")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Clauses, E> {
                ClauseVisitor.visit_str(v).map(Clauses::One)
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Clauses, E> {
                ClauseVisitor.visit_u64(v).map(Clauses::One)
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Clauses, E> {
                ClauseVisitor.visit_i64(v).map(Clauses::One)
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Clauses, E> {
                ClauseVisitor.visit_f64(v).map(Clauses::One)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Clauses, A::Error> {
                let mut items = Vec::new();
                while let Some(item) = seq.next_element::<Spanned<ClauseText>>()? {
                    items.push(item);
                }
                Ok(Clauses::Many(items))
            }
        }
        deserializer.deserialize_any(ClausesVisitor)
    }
}
