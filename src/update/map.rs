//! Change maps: what one edition of the Laws did to the clauses of the
//! edition before it, read from YAML and checked against both indexes.
//!
//! ```yaml
//! from: 2007
//! to: 2017
//! renumbered: {16A: 16B}   # 16A and every clause inside it
//! changed: [12C1]          # same number, new meaning
//! removed: [26B1]
//! added: [23A]             # optional
//! ```

use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;
use serde_saphyr::Spanned;

use crate::check::written_text;
use crate::diagnostic::{self, Diagnostic, Sources, Span};
use crate::lawbook::{Clause, Editions, Lawbook};
use crate::load::{self, Source};
use crate::spec::{ClauseText, Entries};

/// A list of clauses as written, each with its place.
type RawList = Option<Spanned<Vec<Spanned<ClauseText>>>>;

/// The map file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMap {
    from: Option<Spanned<u32>>,
    to: Option<Spanned<u32>>,
    renumbered: Option<Spanned<Entries<Spanned<ClauseText>>>>,
    changed: RawList,
    removed: RawList,
    added: RawList,
}

/// A checked change map.
#[derive(Clone, Debug)]
pub struct ChangeMap {
    /// The map file, as named.
    pub file: String,
    /// The older edition's index.
    pub from: Arc<Lawbook>,
    /// The newer edition's index.
    pub to: Arc<Lawbook>,
    /// Old clause -> its new number; applies to every clause inside it.
    pub renumbered: Vec<(Clause, Clause)>,
    /// Old clauses whose meaning changed (and everything inside them).
    pub changed: Vec<Clause>,
    /// Old clauses with no counterpart in the new edition.
    pub removed: Vec<Clause>,
    /// New clauses with no counterpart in the old edition.
    pub added: Vec<Clause>,
}

/// Why a map was refused: its diagnostics, rendered with the map's text.
#[derive(Debug)]
pub struct Refused(pub String);

/// Which list of a map a clause was written in, and so which edition it names.
#[derive(Clone, Copy, PartialEq)]
enum Side {
    From,
    To,
}

impl ChangeMap {
    /// Reads and checks the map at `path`. I/O problems are `Err`; problems
    /// in the map come back as `Ok(Err(Refused))`, every one with its place.
    pub fn load(path: &Path, editions: &Editions) -> anyhow::Result<Result<ChangeMap, Refused>> {
        let (source, problem) = load::read(path)?;
        let diags = match problem {
            Some(d) => vec![d],
            None => match Self::parse(&source, editions) {
                Ok(map) => return Ok(Ok(map)),
                Err(diags) => diags,
            },
        };
        let mut sources = Sources::new();
        sources.insert(source.name.clone(), source.text.clone());
        Ok(Err(Refused(diagnostic::render_text(&diags, &sources))))
    }

    /// Checks a map's text; every problem found, sorted, on failure.
    pub fn parse(source: &Source, editions: &Editions) -> Result<ChangeMap, Vec<Diagnostic>> {
        let raw: RawMap = load::parse_yaml(source).map_err(|d| vec![*d])?;
        let mut cx = MapCx {
            source,
            diags: Vec::new(),
        };
        let from = cx.edition(&raw.from, "from", editions);
        let to = cx.edition(&raw.to, "to", editions);
        if let (Some(f), Some(t)) = (&from, &to)
            && f.edition() == t.edition()
        {
            let span = raw.to.as_ref().map(|t| cx.span(&t.referenced));
            cx.error(span, format!("`from` and `to` are both {}", f.edition()))
                .help = Some("a map goes from one edition to a later one".into());
        }
        let books = (from.as_deref(), to.as_deref());
        let mut renumbered = Vec::new();
        for (key, value) in raw.renumbered.iter().flat_map(|r| r.value.0.iter()) {
            let key_text = Some(key.value.clone());
            let old = cx.clause(&key_text, &key.referenced, Side::From, books);
            let new = cx.clause(&value.value.0, &value.referenced, Side::To, books);
            if let (Some(old), Some(new)) = (old, new) {
                cx.renumbering(&renumbered, &old, &new, &key.referenced);
                renumbered.push((old, new));
            }
        }
        let changed = cx.list(&raw.changed, Side::From, books);
        let removed = cx.list(&raw.removed, Side::From, books);
        let added = cx.list(&raw.added, Side::To, books);
        cx.contradictions(&renumbered, &removed);
        let clauses =
            |list: Vec<(Clause, Option<Span>)>| list.into_iter().map(|(c, _)| c).collect();
        let (Some(from), Some(to)) = (from, to) else {
            return Err(cx.finish());
        };
        if !cx.diags.is_empty() {
            return Err(cx.finish());
        }
        Ok(ChangeMap {
            file: source.name.clone(),
            from,
            to,
            renumbered,
            changed: clauses(changed),
            removed: clauses(removed),
            added: clauses(added),
        })
    }

    /// The `from` edition's year.
    pub fn from_year(&self) -> u32 {
        self.from.edition()
    }

    /// The `to` edition's year.
    pub fn to_year(&self) -> u32 {
        self.to.edition()
    }
}

/// The per-map context the checks report through.
struct MapCx<'a> {
    source: &'a Source,
    diags: Vec<Diagnostic>,
}

impl MapCx<'_> {
    fn span(&self, loc: &serde_saphyr::Location) -> Span {
        load::span_of(loc, &self.source.text)
    }

    fn error(&mut self, span: Option<Span>, message: String) -> &mut Diagnostic {
        let at = span.or_else(|| Some(load::span_at(&self.source.text, 0)));
        self.diags
            .push(Diagnostic::error("bad-map", &self.source.name, at, message));
        self.diags.last_mut().expect("just pushed")
    }

    fn finish(mut self) -> Vec<Diagnostic> {
        diagnostic::sort(&mut self.diags);
        self.diags
    }

    /// `from` or `to`: present, and an edition this run has an index of.
    fn edition(
        &mut self,
        written: &Option<Spanned<u32>>,
        key: &str,
        editions: &Editions,
    ) -> Option<Arc<Lawbook>> {
        let Some(written) = written else {
            self.error(None, format!("missing required key `{key}`"))
                .help =
                Some("a map needs `from` and `to`, the two editions it goes between".into());
            return None;
        };
        if let Some(book) = editions.get(written.value) {
            return Some(Arc::clone(book));
        }
        let span = Some(self.span(&written.referenced));
        let year = written.value;
        self.error(span, format!("there is no index of the {year} Laws"))
            .help = Some(editions.where_to_look(year));
        None
    }

    /// One clause, which must be in the edition its list names.
    fn clause(
        &mut self,
        parsed: &Option<String>,
        loc: &serde_saphyr::Location,
        side: Side,
        (from, to): (Option<&Lawbook>, Option<&Lawbook>),
    ) -> Option<Clause> {
        let span = Some(self.span(loc));
        let (text, span) = written_text(&self.source.text, parsed, span);
        let book = match side {
            Side::From => from,
            Side::To => to,
        };
        let found = match book {
            Some(book) => book.lookup(text.trim()),
            None => crate::lawbook::parse_clause(text.trim()),
        };
        match found {
            Ok(clause) => Some(clause),
            Err(err) => {
                let edition = book.map(|b| format!(" in the {} Laws", b.edition()));
                let message = format!("{err}{}", edition.unwrap_or_default());
                self.error(span, message).help = Some(err.help());
                None
            }
        }
    }

    /// A list's clauses, each once, with where it is written.
    fn list(
        &mut self,
        written: &RawList,
        side: Side,
        books: (Option<&Lawbook>, Option<&Lawbook>),
    ) -> Vec<(Clause, Option<Span>)> {
        let mut found: Vec<(Clause, Option<Span>)> = Vec::new();
        for item in written.iter().flat_map(|l| l.value.iter()) {
            let Some(clause) = self.clause(&item.value.0, &item.referenced, side, books) else {
                continue;
            };
            let span = Some(self.span(&item.referenced));
            if found.iter().any(|(c, _)| *c == clause) {
                self.error(span, format!("`{clause}` is listed twice"));
                continue;
            }
            found.push((clause, span));
        }
        found
    }

    /// A renumbering must move something, and name its old clause once.
    fn renumbering(
        &mut self,
        earlier: &[(Clause, Clause)],
        old: &Clause,
        new: &Clause,
        loc: &serde_saphyr::Location,
    ) {
        let span = Some(self.span(loc));
        if earlier.iter().any(|(o, _)| o == old) {
            self.error(span, format!("`{old}` is renumbered twice"));
        } else if old == new {
            self.error(span, format!("`{old}` is renumbered to itself"))
                .help = Some("leave out a clause whose number stays".into());
        }
    }

    /// A clause cannot be both removed and renumbered.
    fn contradictions(
        &mut self,
        renumbered: &[(Clause, Clause)],
        removed: &[(Clause, Option<Span>)],
    ) {
        for (clause, span) in removed {
            let clash = renumbered
                .iter()
                .find(|(old, _)| clause.is_within(old) || old.is_within(clause));
            if let Some((old, new)) = clash {
                self.error(
                    *span,
                    format!("`{clause}` is removed, but `{old}: {new}` renumbers it"),
                )
                .help = Some("a clause is either renumbered or removed".into());
            }
        }
    }
}

/// What became of a clause of the old edition.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Fate {
    /// Its number in the new edition (`None` when removed, or when the
    /// renumbering gives a label the new edition lacks).
    pub now: Option<Clause>,
    /// The renumbering that moved it, if any.
    pub renumbered: Option<(Clause, Clause)>,
    /// The `changed` entry it lies inside, if any.
    pub changed: Option<Clause>,
    /// The `removed` entry it lies inside, if any.
    pub removed: Option<Clause>,
    /// The `added` entry it lies inside (only for a clause of the new edition).
    pub added: Option<Clause>,
    /// Entries strictly inside it that changed, went or are new
    /// (`changed 12C1(b)`): a citation of the whole rests on them too.
    pub contains: Vec<String>,
}

impl Fate {
    /// Whether the map says anything about this clause.
    pub fn touched(&self) -> bool {
        self.renumbered.is_some()
            || self.changed.is_some()
            || self.removed.is_some()
            || self.added.is_some()
            || !self.contains.is_empty()
    }
}

/// The most specific entry of `entries` that `clause` lies inside.
fn innermost<'a>(clause: &Clause, entries: impl Iterator<Item = &'a Clause>) -> Option<&'a Clause> {
    entries
        .filter(|e| clause.is_within(e))
        .max_by_key(|e| e.label.len())
}

/// `word entry` for each entry strictly inside `clause`.
fn strictly_inside(clause: &Clause, entries: &[Clause], word: &str) -> Vec<String> {
    entries
        .iter()
        .filter(|e| e.is_within(clause) && *e != clause)
        .map(|e| format!("{word} {e}"))
        .collect()
}

impl ChangeMap {
    /// What the map says became of `old`, a clause of the `from` edition.
    pub fn forward(&self, old: &Clause) -> Fate {
        let removed = innermost(old, self.removed.iter()).cloned();
        let moved = innermost(old, self.renumbered.iter().map(|(o, _)| o));
        let renumbered = moved.and_then(|o| self.renumbered.iter().find(|(x, _)| x == o).cloned());
        let now = match (&renumbered, &removed) {
            (Some((o, n)), _) => old.moved(o, n),
            (None, Some(_)) => None,
            (None, None) => Some(old.clone()),
        };
        let mut contains = strictly_inside(old, &self.changed, "changed");
        contains.extend(strictly_inside(old, &self.removed, "removed"));
        Fate {
            now: now.filter(|c| self.to.contains(c)),
            renumbered,
            changed: innermost(old, self.changed.iter()).cloned(),
            removed,
            added: None,
            contains,
        }
    }

    /// What the map says about `new`, a clause of the `to` edition: where it
    /// came from (`now` is then its old number) and whether that changed.
    /// A number whose old clause the map moved elsewhere has no counterpart.
    pub fn backward(&self, new: &Clause) -> Fate {
        let moved = innermost(new, self.renumbered.iter().map(|(_, n)| n));
        let renumbered = moved.and_then(|n| self.renumbered.iter().find(|(_, x)| x == n).cloned());
        let added = innermost(new, self.added.iter()).cloned();
        let old = match &renumbered {
            Some((o, n)) => new.moved(n, o),
            None if added.is_some() => None,
            None if self.moved_away(new) => None,
            None => Some(new.clone()),
        };
        let inside = |list: &[Clause]| {
            old.as_ref()
                .and_then(|o| innermost(o, list.iter()).cloned())
        };
        let mut contains = Vec::new();
        if let Some(o) = &old {
            contains.extend(strictly_inside(o, &self.changed, "changed"));
            contains.extend(strictly_inside(o, &self.removed, "removed"));
        }
        contains.extend(strictly_inside(new, &self.added, "new"));
        Fate {
            changed: inside(&self.changed),
            removed: inside(&self.removed).filter(|_| renumbered.is_none()),
            now: old.filter(|o| self.from.contains(o)),
            renumbered,
            added,
            contains,
        }
    }

    /// Whether the old clause numbered `clause` was renumbered to another.
    fn moved_away(&self, clause: &Clause) -> bool {
        let fate = self.forward(clause);
        fate.renumbered.is_some() && fate.now.as_ref() != Some(clause)
    }

    /// Whether a clause of the `to` edition is accounted for: the map names
    /// it (or a clause it lies inside, or one inside it), or it is the same
    /// in both indexes.
    pub fn accounts_for(&self, new: &Clause) -> bool {
        self.backward(new).touched() || self.explains(new)
    }

    /// Whether a clause of the `from` edition is accounted for, likewise.
    pub fn accounts_for_old(&self, old: &Clause) -> bool {
        self.forward(old).touched() || self.explains(old)
    }

    /// Whether `clause` is the same in both indexes as far as they can
    /// tell: both have it, under the same law title, and the map moves no
    /// other clause to or from its number.
    pub fn explains(&self, clause: &Clause) -> bool {
        let title = |book: &Lawbook| book.title_of(clause).map(str::to_string);
        self.from.contains(clause)
            && self.to.contains(clause)
            && title(&self.from) == title(&self.to)
            && !self.moved_away(clause)
            && self.backward(clause).renumbered.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lawbook::parse_clause;

    /// Editions 2017 (built in) and a small made-up 2027: Law 16 gains a new
    /// B, the old B moves to C; Law 23 is retitled; Law 26 keeps its shape.
    fn editions() -> Editions {
        let dir = tempfile::tempdir().expect("temp dir");
        let index = "16\tAuthorized and Unauthorized Information\tA B C C1 C1(a) C1(b) D D1\n\
                     23\tSomething Else\tA A1 A2 A3 B C\n\
                     26\tCall Withdrawn, Lead Restrictions\tA B\n";
        std::fs::write(dir.path().join("2027.txt"), index).expect("write");
        Editions::load(Some(dir.path())).expect("loads")
    }

    fn parse(text: &str) -> Result<ChangeMap, Vec<String>> {
        let source = Source {
            name: "m.yaml".into(),
            path: "m.yaml".into(),
            text: text.into(),
        };
        ChangeMap::parse(&source, &editions()).map_err(|diags| {
            diags
                .iter()
                .map(|d| {
                    let at = d.span.map_or((0, 0), |s| (s.line, s.column));
                    format!("{}:{}: {}", at.0, at.1, d.message)
                })
                .collect()
        })
    }

    fn c(text: &str) -> Clause {
        parse_clause(text).expect("a clause")
    }

    const MAP: &str =
        "from: 2017\nto: 2027\nrenumbered: {16B: 16C, 16C: 16D}\nchanged: [26B]\nadded: [16B]\n";

    #[test]
    fn a_renumbered_clause_moves_with_everything_inside_it() {
        let map = parse(MAP).expect("valid");
        let fate = map.forward(&c("16B1(a)"));
        assert_eq!(fate.now, Some(c("16C1(a)")));
        assert_eq!(map.backward(&c("16C1(a)")).now, Some(c("16B1(a)")));
        assert_eq!(map.forward(&c("16A")).now, Some(c("16A")));
    }

    #[test]
    fn a_clause_is_the_same_only_when_no_other_clause_moves_to_or_from_its_number() {
        let map = parse(MAP).expect("valid");
        assert!(map.explains(&c("16A")));
        assert!(map.explains(&c("26A")));
        // 2017's 16C went to 16D, so 2027's 16C is not 2017's 16C.
        assert!(!map.explains(&c("16C")));
        assert!(map.accounts_for(&c("16C")), "renumbered from 16B");
        // Law 23 has another title in 2027: the map must say what became of it.
        assert!(!map.accounts_for(&c("23A")));
        // 16D1 comes from 16C1, which 2017 lacks: the renumbering says so.
        assert!(map.accounts_for(&c("16D1")));
    }

    #[test]
    fn a_citation_of_a_whole_law_is_touched_by_the_changes_inside_it() {
        let map = parse(MAP).expect("valid");
        assert_eq!(map.backward(&c("26")).contains, ["changed 26B"]);
        assert_eq!(map.backward(&c("16")).contains, ["new 16B"]);
        assert!(map.backward(&c("26A")).contains.is_empty());
    }

    #[test]
    fn clauses_missing_from_their_edition_are_reported_where_they_stand() {
        let errors = parse(
            "from: 2017\nto: 2027\nrenumbered:\n  16E: 16C\n  16B: 16Z\nchanged: [16B5, 95]\nadded: [16B]\n",
        )
        .unwrap_err();
        assert_eq!(
            errors,
            [
                "4:3: Law 16 has no clause E in the 2017 Laws",
                "5:8: Law 16 has no clause Z in the 2027 Laws",
                "6:11: Law 16 has no clause B5 in the 2017 Laws",
                "6:17: there is no Law 95 in the 2017 Laws",
            ]
        );
    }

    #[test]
    fn contradictions_and_repetitions_are_refused() {
        let errors = parse(
            "from: 2017\nto: 2017\nrenumbered: {16B: 16B, 16C: 16D}\nremoved: [16C1, 26A, 26A]\n",
        )
        .unwrap_err();
        assert_eq!(
            errors,
            [
                "2:5: `from` and `to` are both 2017",
                "3:14: `16B` is renumbered to itself",
                "4:11: `16C1` is removed, but `16C: 16D` renumbers it",
                "4:22: `26A` is listed twice",
            ]
        );
    }

    #[test]
    fn an_unknown_edition_or_a_missing_key_is_refused() {
        let errors = parse("from: 2031\nchanged: [16B]\n").unwrap_err();
        assert_eq!(
            errors,
            [
                "1:1: missing required key `to`",
                "1:7: there is no index of the 2031 Laws",
            ]
        );
    }
}
