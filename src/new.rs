//! `lawcharts new`: a small valid chart to start from, never over an
//! existing file.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

use crate::id::{ID_RULE, is_valid_id};
use crate::lawbook;

/// Where the schema sits relative to a chart in `trees/`.
pub const SCHEMA_REF: &str = "../schema/lawcharts.schema.json";

/// Writes `<trees>/<id>.yaml`; refuses an invalid id, unknown clauses or an existing file.
pub fn create(trees: &Path, id: &str, title: &str, laws: &[String]) -> anyhow::Result<PathBuf> {
    if !is_valid_id(id) {
        bail!("`{id}` is not a valid chart id: {ID_RULE}");
    }
    if laws.is_empty() {
        bail!("give the chart's main law with `--law` (e.g. `--law 54`)");
    }
    for law in laws {
        if let Err(e) = lawbook::edition_2017().lookup(law) {
            bail!("{e} ({})", e.help());
        }
    }
    let path = trees.join(format!("{id}.yaml"));
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)
        .with_context(|| format!("cannot create `{}` (it may already exist)", path.display()))?;
    file.write_all(starter(title, laws).as_bytes())
        .with_context(|| format!("cannot write `{}`", path.display()))?;
    Ok(path)
}

fn yaml_string(s: &str) -> String {
    serde_json::to_string(s).expect("a string serialises")
}

/// The starter chart: one question, a step, two rulings and an example for each.
pub fn starter(title: &str, laws: &[String]) -> String {
    let main = &laws[0];
    let list: Vec<String> = laws.iter().map(|l| yaml_string(l)).collect();
    format!(
        r#"# yaml-language-server: $schema={SCHEMA_REF}
title: {title}
laws: [{laws}]
summary: |
  When this chart applies, in a sentence or two.
situations:
  - what a director would search for
start: first-question
nodes:
  first-question:
    ask: The first fact asked?
    law: {main}
    answers:
      "Yes": explain-options
      "No": no-rectification
  explain-options:
    do: Explain the options.
    note: Box text stays within the card budget; detail goes here.
    law: {main}
    say: What the director reads out to the players.
    next: rectification
  rectification:
    ruling: The ruling, in brief.
    law: {main}
  no-rectification:
    ruling: Play on; no rectification.
    law: {main}
examples:
  - situation: A real table situation (seats, cards, auction) where the answer is yes.
    answers: ["Yes"]
    ruling: rectification
  - situation: A real table situation where the answer is no.
    answers: ["No"]
    ruling: no-rectification
"#,
        title = yaml_string(title),
        laws = list.join(", "),
        main = yaml_string(main),
    )
}
