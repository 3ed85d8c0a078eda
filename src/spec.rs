//! Serde mirrors of the chart YAML, one to one, with a source position on
//! every value a diagnostic may point at. No logic beyond reading.

use std::fmt;
use std::marker::PhantomData;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_saphyr::Spanned;
use std::borrow::Cow;

/// A string with the place it was written.
pub type Text = Spanned<String>;

/// An answer's target: a node id, or nothing when the author left it out
/// (said by `check` at the answer, rather than by the YAML reader).
pub type Target = Spanned<Option<String>>;

/// A lawcharts decision chart: one infraction as a tournament director meets
/// it at the table. The file name (without `.yaml`) is the chart id.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "lawcharts chart")]
pub struct RawChart {
    /// Required. The chart's title, plain text: "Faced opening lead out of turn".
    #[schemars(with = "String")]
    pub title: Option<Text>,
    /// Required. The law clauses this chart covers, as the Laws number them
    /// (`54`, `50D2`, `27B1(a)`); the first is its main law.
    #[schemars(with = "Clauses")]
    pub laws: Option<Spanned<Clauses>>,
    /// The Laws edition the chart follows (only 2017 is known).
    #[schemars(with = "Option<u32>")]
    pub edition: Option<Spanned<u32>>,
    /// Markdown: when this chart applies.
    #[schemars(with = "Option<String>")]
    pub summary: Option<Text>,
    /// Short phrases a director would search for ("wrong defender led").
    #[schemars(with = "Option<Vec<String>>")]
    pub situations: Option<Vec<Text>>,
    /// Required. The id of the first node.
    #[schemars(with = "String")]
    pub start: Option<Text>,
    /// Required. Node id -> node, in reading order. Ids are lower-case words
    /// joined by hyphens.
    #[schemars(with = "Entries<RawNode>")]
    pub nodes: Option<Spanned<Entries<RawNode>>>,
    /// Worked table situations that `lawcharts check` replays from `start`.
    #[schemars(with = "Option<Vec<RawExample>>")]
    pub examples: Option<Vec<Spanned<RawExample>>>,
}

/// A node: exactly one of `ask` (a question), `do` (a step) or `ruling`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Node")]
pub struct RawNode {
    /// A question the director asks at the table (Markdown). Needs `answers`.
    #[schemars(with = "Option<String>")]
    pub ask: Option<Text>,
    /// A step: an instruction, then go on (Markdown). Needs `next`.
    #[serde(rename = "do")]
    #[schemars(with = "Option<String>")]
    pub step: Option<Text>,
    /// A ruling: the end of this path (Markdown). May hand over with `then`.
    #[schemars(with = "Option<String>")]
    pub ruling: Option<Text>,
    /// A question's answers, 2 or more: answer label -> node id. Sets must be
    /// whole: "Yes" with "No"; LHO with Partner and RHO.
    #[schemars(with = "Option<Entries<String>>")]
    pub answers: Option<Spanned<Entries<Target>>>,
    /// A step's next node id.
    #[schemars(with = "Option<String>")]
    pub next: Option<Text>,
    /// A ruling's hand-over to another chart: `chart-id` or `chart-id#node-id`.
    #[schemars(with = "Option<String>")]
    pub then: Option<Text>,
    /// The law clause or clauses this node rests on (`54D`, `[54D, 50D2]`).
    #[schemars(with = "Option<Clauses>")]
    pub law: Option<Spanned<Clauses>>,
    /// Smaller print under the node (Markdown).
    #[schemars(with = "Option<String>")]
    pub note: Option<Text>,
    /// What the director reads out to the players (Markdown).
    #[schemars(with = "Option<String>")]
    pub say: Option<Text>,
}

/// A worked example: a table situation, the answers taken, the ruling reached.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Example")]
pub struct RawExample {
    /// What happened at the table (seats, cards, auction).
    #[schemars(with = "String")]
    pub situation: Text,
    /// The answer labels taken, in order from `start` (steps are passed through).
    #[schemars(with = "Vec<String>")]
    pub answers: Vec<Text>,
    /// The id of the ruling node the path must end at.
    #[schemars(with = "String")]
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

impl<V: JsonSchema> JsonSchema for Entries<V> {
    fn schema_name() -> Cow<'static, str> {
        format!("Map_of_{}", V::schema_name()).into()
    }
    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let value = generator.subschema_for::<V>();
        json_schema!({
            "type": "object",
            "additionalProperties": value,
        })
    }
}

impl JsonSchema for Clauses {
    fn schema_name() -> Cow<'static, str> {
        "Clauses".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let clause = json_schema!({
            "type": ["string", "integer", "number"],
            "description": "A clause as the Laws number it: 54, 54D, 27B1(a), 12C1(e). YAML reads 47E1 as a number; lawcharts reads it as written.",
            "pattern": "^[0-9]{1,2}([A-Z]([0-9]{1,2}(\\([a-z]\\)(\\([ivx]+\\))?)?)?)?$",
        });
        json_schema!({
            "anyOf": [clause.clone(), { "type": "array", "items": clause }],
        })
    }
}

/// The JSON Schema of the chart format, for editors (pretty-printed, stable).
pub fn json_schema() -> String {
    let schema = schemars::schema_for!(RawChart);
    serde_json::to_string_pretty(&schema).expect("a schema serialises") + "\n"
}
