//! Law updates: `laws`, `impact` and `migrate` on the fixture in
//! `tests/fixtures/update` (two 2017 charts, a made-up 2027 index and a map
//! to it), editions that are unknown, maps that name clauses their `from`
//! edition lacks, and the real 2007 -> 2017 report on the shipped charts.

use std::path::{Path, PathBuf};

use super::{parts, root, run, run_in};

const FIXTURE: &str = "tests/fixtures/update";

/// A copy of the fixture (charts and `laws/`) in a temporary folder.
fn fixture_copy() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    for sub in ["trees", "laws"] {
        let to = dir.path().join(sub);
        std::fs::create_dir(&to).expect("mkdir");
        for entry in std::fs::read_dir(root().join(FIXTURE).join(sub)).expect("fixture") {
            let from = entry.expect("entry").path();
            std::fs::copy(&from, to.join(from.file_name().expect("name"))).expect("copy");
        }
    }
    dir
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).expect("read")
}

/// Runs in the fixture itself (nothing there is written).
fn in_fixture(args: &[&str]) -> (i32, String, String) {
    parts(&run_in(&root().join(FIXTURE), args, ""))
}

#[test]
fn impact_lists_every_node_citing_a_clause_or_one_inside_it_and_the_charts_laws() {
    let (code, out, err) = in_fixture(&["impact", "16B1"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "16B1 (Law 16: Authorized and Unauthorized Information): cited by 3 nodes; named in the `laws` of 1 chart\n\
        \x20 ui  -            laws      16B1(a)           Unauthorised information\n\
        \x20 ui  suggest      question  16B1(a)           Could it suggest the call?\n\
        \x20 ui  alternative  question  16B1(b), 16B1(a)  A logical alternative?\n\
        \x20 ui  adjust       ruling    16B1              Adjust the score.\n"
    );
}

#[test]
fn impact_in_markdown_and_json_carries_the_same_rows() {
    let (code, md, _) = in_fixture(&["impact", "26", "--format", "md"]);
    assert_eq!(code, 0);
    assert_eq!(
        md,
        "## 26 — Law 26: Call Withdrawn, Lead Restrictions\n\n\
         | chart | node | kind | cites | text |\n\
         | --- | --- | --- | --- | --- |\n\
         | lead | \\- | laws | 26 | Lead restrictions |\n\
         | lead | free | ruling | 26A | No lead restriction. |\n\
         | lead | restrict | ruling | 26B | Declarer may bar one suit. |\n\n"
    );
    let (code, json, _) = in_fixture(&["impact", "26", "--format", "json"]);
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(&json).expect("json");
    assert_eq!(json[0]["clause"], "26");
    assert_eq!(json[0]["nodes"][1]["node"], "restrict");
    assert_eq!(json[0]["nodes"][1]["kind"], "ruling");
    assert_eq!(json[0]["nodes"][1]["cites"][0]["clause"], "26B");
    assert_eq!(json[0]["charts"][0]["chart"], "lead");
}

#[test]
fn impact_of_a_clause_nothing_cites_exits_0() {
    let (code, out, err) = in_fixture(&["impact", "40"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "40 (Law 40: Partnership Understandings): cited by 0 nodes; named in the `laws` of 0 charts\n"
    );
}

#[test]
fn impact_of_a_malformed_or_unknown_clause_exits_2_with_the_message_check_gives() {
    let (code, out, err) = in_fixture(&["impact", "16b"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "error: `16b` is not a law clause\n  = help: write clauses as the Laws number them, without the word Law: `54`, `54D`, `27B1(a)`, `12C1(e)`\n"
    );
    let (code, _, err) = in_fixture(&["impact", "16B1", "16Z"]);
    assert_eq!(code, 2);
    let expected_help = "Law 16 has A, A1, A1(a), A1(b), A1(c), A1(d), A2, B, B1, B1(a), B1(b), B2, B3, C, C1, C2, C3, D, D1, D2, D2(a), D2(b), D2(c), D2(d), D3";
    assert_eq!(
        err,
        format!("error: Law 16 has no clause Z\n  = help: {expected_help}\n")
    );
    // `check` says the same of a chart citing it.
    let dir = tempfile::tempdir().expect("temp dir");
    let chart =
        read(&root().join(FIXTURE).join("trees/lead.yaml")).replace("law: '26B'", "law: 16Z");
    std::fs::write(dir.path().join("lead.yaml"), chart).expect("write");
    let (code, _, check) = parts(&run_in(dir.path(), &["check", "lead.yaml"], ""));
    assert_eq!(code, 1);
    assert!(check.contains("error: Law 16 has no clause Z\n"), "{check}");
    assert!(
        check.contains(&format!("= help: {expected_help}\n")),
        "{check}"
    );
}

#[test]
fn laws_prints_an_index_that_reads_back_as_an_edition() {
    let (code, out, _) = parts(&run(&["laws"]));
    assert_eq!(code, 0);
    assert!(
        out.contains("\n27\tInsufficient Bid\tA A1 A2 B B1 B1(a) B1(b) B2 B3 B4 C D\n"),
        "{out}"
    );
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("2031.txt"), &out).expect("write");
    let laws = dir.path().display().to_string();
    let (code, again, err) = parts(&run(&["laws", "--laws", &laws, "--edition", "2031"]));
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(again, out.replace("Bridge 2017:", "Bridge 2031:"));
    let (code, json, _) = in_fixture(&["laws", "--edition", "2027", "--format", "json"]);
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(&json).expect("json");
    assert_eq!(json["edition"], 2027);
    assert_eq!(json["origin"], "laws/2027.txt");
    assert_eq!(json["laws"][1]["clauses"][7], "B");
}

#[test]
fn an_unknown_edition_is_an_error_at_its_value_saying_where_indexes_are_looked_for() {
    let dir = fixture_copy();
    let file = dir.path().join("trees/lead.yaml");
    std::fs::write(&file, read(&file).replace("edition: 2017", "edition: 2031")).expect("write");
    let (code, _, err) = parts(&run_in(dir.path(), &["check"], ""));
    assert_eq!(code, 1);
    assert!(
        err.starts_with("error: there is no index of the 2031 Laws\n  --> trees/lead.yaml:3:10\n"),
        "{err}"
    );
    assert!(
        err.contains("= help: lawcharts has the 2017 index built in and reads others from `laws/EDITION.txt`; there is no `laws/2031.txt` (known editions: 2017, 2027, 2028; `--laws DIR` reads another folder)\n"),
        "{err}"
    );
    let (code, _, err) = parts(&run_in(dir.path(), &["laws", "--edition", "2031"], ""));
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: there is no index of the 2031 Laws\n"),
        "{err}"
    );
}

#[test]
fn a_chart_of_another_edition_is_checked_against_that_index() {
    let dir = fixture_copy();
    let file = dir.path().join("trees/lead.yaml");
    // 16B is in 2027 (new there) but 16E is not in 2017.
    let text = read(&file)
        .replace("edition: 2017", "edition: 2027")
        .replace("law: '26B'", "law: [26B, 16E3]");
    std::fs::write(&file, &text).expect("write");
    let (code, _, err) = parts(&run_in(dir.path(), &["check", "trees/lead.yaml"], ""));
    assert_eq!(
        (code, err.as_str()),
        (0, "checked 1 chart(s): ok, 0 warning(s)\n")
    );
    let elsewhere = dir.path().join("elsewhere");
    std::fs::rename(dir.path().join("laws"), &elsewhere).expect("move laws/");
    let (code, _, err) = parts(&run_in(dir.path(), &["check", "trees/lead.yaml"], ""));
    assert_eq!(code, 1);
    assert!(err.contains("there is no index of the 2027 Laws"), "{err}");
    let (code, _, err) = parts(&run_in(
        dir.path(),
        &["check", "trees/lead.yaml", "--laws", "elsewhere"],
        "",
    ));
    assert_eq!(
        (code, err.as_str()),
        (0, "checked 1 chart(s): ok, 0 warning(s)\n")
    );
}

const PLAN: &str = "\
migrate: the 2017 Laws to the 2027 Laws with laws/2017-2027.yaml

trees/lead.yaml (lead)
  edition: 2017 -> 2027
  2 nodes to review:
    -         laws    26 [contains changed 26B]  Lead restrictions
    restrict  ruling  26B [changed]              Declarer may bar one suit.

trees/ui.yaml (ui)
  edition: 2017 -> 2027
  6 citations to rewrite:
    4:14   laws         16B -> 16C
    4:21   laws         16B1(a) -> 16C1(a)
    9:10   suggest      16B1(a) -> 16C1(a)
    15:11  alternative  16B1(b) -> 16C1(b)
    15:20  alternative  16B1(a) -> 16C1(a)
    22:9   adjust       16B1 -> 16C1
  1 node to review:
    adjust  ruling  12C1(e) [in changed 12C1]  Adjust the score.
";

#[test]
fn migrate_without_write_prints_the_plan_and_changes_nothing() {
    let dir = fixture_copy();
    let before = [
        read(&dir.path().join("trees/ui.yaml")),
        read(&dir.path().join("trees/lead.yaml")),
    ];
    let (code, out, err) = parts(&run_in(
        dir.path(),
        &["migrate", "--to", "2027", "--map", "laws/2017-2027.yaml"],
        "",
    ));
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        format!(
            "{PLAN}\n2 charts: would rewrite 6 citations; 3 nodes to review\nnothing written: `--write` rewrites the chart files\n"
        )
    );
    let after = [
        read(&dir.path().join("trees/ui.yaml")),
        read(&dir.path().join("trees/lead.yaml")),
    ];
    assert_eq!(before, after);
}

#[test]
fn migrate_write_changes_only_the_edition_and_the_citations_then_the_charts_check_and_diff_shows_them()
 {
    let dir = fixture_copy();
    let old = dir.path().join("old");
    std::fs::create_dir(&old).expect("mkdir");
    for name in ["ui.yaml", "lead.yaml"] {
        std::fs::copy(dir.path().join("trees").join(name), old.join(name)).expect("copy");
    }
    let (code, out, err) = parts(&run_in(
        dir.path(),
        &[
            "migrate",
            "--to",
            "2027",
            "--map",
            "laws/2017-2027.yaml",
            "--write",
        ],
        "",
    ));
    assert_eq!(
        (code, err.as_str()),
        (0, "checked 2 chart(s) against the 2027 Laws: ok\n")
    );
    assert_eq!(
        out,
        format!("{PLAN}\n2 charts: rewrote 6 citations; 3 nodes to review\n")
    );
    // Byte for byte: the old text with the edition and the citations edited, nothing else.
    let ui = read(&old.join("ui.yaml"))
        .replace(
            "laws: [\"16\", \"16B\", '16B1(a)', 73C1]",
            "edition: 2027\nlaws: [\"16\", \"16C\", '16C1(a)', 73C1]",
        )
        .replace("law: 16B1(a)  # plain", "law: 16C1(a)  # plain")
        .replace("law: [16B1(b), \"16B1(a)\"]", "law: [16C1(b), \"16C1(a)\"]")
        .replace("- '16B1'", "- '16C1'");
    assert_eq!(read(&dir.path().join("trees/ui.yaml")), ui);
    let lead = read(&old.join("lead.yaml")).replace("edition: 2017", "edition: 2027");
    assert_eq!(read(&dir.path().join("trees/lead.yaml")), lead);
    let names: Vec<_> = std::fs::read_dir(dir.path().join("trees"))
        .expect("trees")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert_eq!(names.len(), 2, "nothing left beside the charts: {names:?}");

    let (code, _, err) = parts(&run_in(dir.path(), &["check"], ""));
    assert_eq!(
        (code, err.as_str()),
        (0, "checked 2 chart(s): ok, 0 warning(s)\n")
    );
    let (code, diff, _) = parts(&run_in(
        dir.path(),
        &["diff", "old", "trees", "--color", "never"],
        "",
    ));
    assert_eq!(code, 1);
    assert_eq!(
        diff,
        "~ lead — Lead restrictions\n  law\n    ~ Laws edition 2017 → 2027\n\n\
         ~ ui — Unauthorised information\n  law\n\
         \x20   ~ chart laws 16, 16B, 16B1(a), 73C1 → 16, 16C, 16C1(a), 73C1\n\
         \x20   ~ Laws edition 2017 → 2027\n\
         \x20   ~ suggest: law 16B1(a) → 16C1(a)\n\
         \x20   ~ alternative: law 16B1(b), 16B1(a) → 16C1(b), 16C1(a)\n\
         \x20   ~ adjust: law 16B1, 12C1(e) → 16C1, 12C1(e)\n\n\
         2 chart(s) changed, 0 added, 0 removed: 6 law\n"
    );
    // Migrating again finds nothing left to do.
    let (code, out, _) = parts(&run_in(
        dir.path(),
        &["migrate", "--to", "2027", "--map", "laws/2017-2027.yaml"],
        "",
    ));
    assert_eq!(code, 0);
    assert!(
        out.contains("\nlead: follows the 2027 Laws, left as it is\n"),
        "{out}"
    );
    assert!(
        out.contains("\n0 charts: would rewrite 0 citations; 0 nodes to review\n"),
        "{out}"
    );
}

#[test]
fn migrate_write_exits_1_when_a_removed_clause_is_still_cited() {
    let dir = fixture_copy();
    let (code, out, err) = parts(&run_in(
        dir.path(),
        &[
            "migrate",
            "--to",
            "2028",
            "--map",
            "laws/2017-2028.yaml",
            "--write",
        ],
        "",
    ));
    assert_eq!(code, 1);
    assert!(
        out.contains("    -       laws    73C1 [removed]             Unauthorised information\n"),
        "{out}"
    );
    assert!(
        err.contains("error: Law 73 has no clause C1\n  --> trees/ui.yaml:5:32\n"),
        "{err}"
    );
    assert!(
        err.ends_with("the migrated charts do not check against the 2028 Laws: 1 error(s)\n"),
        "{err}"
    );
    assert!(read(&dir.path().join("trees/ui.yaml")).contains("edition: 2028\n"));
}

#[test]
fn migrate_refuses_a_map_to_another_edition_than_to() {
    let dir = fixture_copy();
    let (code, _, err) = parts(&run_in(
        dir.path(),
        &["migrate", "--to", "2028", "--map", "laws/2017-2027.yaml"],
        "",
    ));
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: `laws/2017-2027.yaml` goes to the 2027 Laws, not to 2028: give `--to 2027` or another map\n"
    );
}

#[test]
fn a_map_naming_a_clause_its_from_edition_lacks_is_an_error_at_that_clause() {
    let dir = fixture_copy();
    let map = dir.path().join("laws/bad.yaml");
    std::fs::write(
        &map,
        "from: 2017\nto: 2027\nrenumbered:\n  16B: 16C\n  16F: 16G\nchanged: [12C1, 94]\nremoved: [16B1(z)]\n",
    )
    .expect("write");
    let (code, out, err) = parts(&run_in(
        dir.path(),
        &["impact", "--map", "laws/bad.yaml"],
        "",
    ));
    assert_eq!((code, out.as_str()), (2, ""));
    let places: Vec<&str> = err.lines().filter(|l| l.contains("-->")).collect();
    assert_eq!(
        places,
        [
            "  --> laws/bad.yaml:5:3",
            "  --> laws/bad.yaml:5:8",
            "  --> laws/bad.yaml:6:17",
            "  --> laws/bad.yaml:7:11"
        ],
        "{err}"
    );
    for message in [
        "error: Law 16 has no clause F in the 2017 Laws\n",
        "error: Law 16 has no clause G in the 2027 Laws\n",
        "error: there is no Law 94 in the 2017 Laws\n",
        "error: Law 16 has no clause B1(z) in the 2017 Laws\n",
    ] {
        assert!(err.contains(message), "{message}: {err}");
    }
}

#[test]
fn impact_of_a_map_groups_the_nodes_it_touches() {
    let (code, out, err) = in_fixture(&["impact", "--map", "laws/2017-2028.yaml"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "laws/2017-2028.yaml: the 2017 Laws to the 2028 Laws, over 2 charts following either

renumbered: 4 citing nodes or charts
  ui  -            laws      Unauthorised information
      16B [becomes 16C], 16B1(a) [becomes 16C1(a)]
  ui  suggest      question  Could it suggest the call?
      16B1(a) [becomes 16C1(a)]
  ui  alternative  question  A logical alternative?
      16B1(b) [becomes 16C1(b)], 16B1(a) [becomes 16C1(a)]
  ui  adjust       ruling    Adjust the score.
      16B1 [becomes 16C1]

changed: 3 citing nodes or charts
  lead  -         laws    Lead restrictions
      26 [contains changed 26B]
  lead  restrict  ruling  Declarer may bar one suit.
      26B [changed]
  ui    adjust    ruling  Adjust the score.
      12C1(e) [in changed 12C1]

removed: 1 citing node or chart
  ui  -  laws  Unauthorised information
      73C1 [removed]

added: 0 citing nodes or charts
"
    );
}

/// The shipped map and the shipped charts.
fn shipped_map() -> (lawcharts::update::ChangeMap, lawcharts::check::Report) {
    let editions = lawcharts::lawbook::Editions::load(Some(&root().join("laws"))).expect("laws/");
    let map = lawcharts::update::ChangeMap::load(&root().join("laws/2007-2017.yaml"), &editions)
        .expect("map reads")
        .unwrap_or_else(|e| panic!("the shipped map is refused:\n{}", e.0));
    let trees: PathBuf = root().join("trees");
    let report = lawcharts::check::check_paths_with(&[trees], &editions).expect("trees check");
    (map, report)
}

#[test]
fn the_2007_map_accounts_for_every_clause_the_shipped_charts_cite() {
    let (map, report) = shipped_map();
    assert_eq!((map.from_year(), map.to_year()), (2007, 2017));
    let mut missing = Vec::new();
    for chart in &report.charts.charts {
        let nodes = chart.nodes().map(|(_, n)| (n.id.as_str(), &n.law));
        for (place, cited) in std::iter::once(("laws", &chart.laws)).chain(nodes) {
            for clause in cited.iter().filter(|c| !map.accounts_for(c)) {
                missing.push(format!("{} {place}: {clause}", chart.id));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "cited 2017 clauses whose 2007 counterpart laws/2007-2017.yaml neither names nor finds the same in both indexes:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_2007_to_2017_report_runs_on_the_shipped_charts() {
    let (code, out, err) = parts(&run(&["impact", "--map", "laws/2007-2017.yaml"]));
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(!out.contains("not in the map"), "{out}");
    for expected in [
        "renumbered: ",
        "changed: ",
        "law-27-insufficient-bid",
        "27B1(b) [changed]",
        "23A [in new 23]",
        "72C [was 23 in 2007]",
        "16C1 [was 16D1 in 2007]",
    ] {
        assert!(out.contains(expected), "{expected}: {out}");
    }
    let (code, md, _) = parts(&run(&[
        "impact",
        "--map",
        "laws/2007-2017.yaml",
        "--format",
        "md",
    ]));
    assert_eq!(code, 0);
    assert!(
        md.starts_with("# laws/2007-2017.yaml: the 2007 Laws to the 2017 Laws\n"),
        "{md}"
    );
}

/// The fixture with `lead` moved to a made-up 2031 edition whose Law 26 has
/// another title.
fn fixture_with_a_2031_chart() -> tempfile::TempDir {
    let dir = fixture_copy();
    std::fs::write(
        dir.path().join("laws/2031.txt"),
        "23\tComparable Call\tA A1 A2 A3 B C\n26\tLead Rules of 2031\tA B\n64\tRevokes\tA A1 A2\n",
    )
    .expect("write index");
    let lead = dir.path().join("trees/lead.yaml");
    std::fs::write(&lead, read(&lead).replace("edition: 2017", "edition: 2031")).expect("write");
    dir
}

#[test]
fn the_site_shows_each_charts_edition_and_titles_its_laws_from_that_edition() {
    let dir = fixture_with_a_2031_chart();
    let (code, _, err) = parts(&run_in(dir.path(), &["build", "--out", "out"], ""));
    assert_eq!(code, 0, "{err}");
    let index = read(&dir.path().join("out/site/index.html"));
    assert!(
        index.contains("<strong>Law 26</strong> Lead Rules of 2031 · also Laws 23, 64 · <strong class=\"edition\">2031 Laws</strong>"),
        "{index}"
    );
    assert!(!index.contains("2017 Laws</strong>"), "{index}");
    let lead = read(&dir.path().join("out/site/lead.html"));
    assert!(lead.contains("<p>Laws of Duplicate Bridge 2031"), "{lead}");
    let ui = read(&dir.path().join("out/site/ui.html"));
    assert!(ui.contains("<p>Laws of Duplicate Bridge 2017"), "{ui}");
    let md = read(&dir.path().join("out/md/index.md"));
    assert!(md.contains("(**2031 Laws**)"), "{md}");
}

#[test]
fn a_card_names_its_charts_edition_and_its_laws_titles_in_it() {
    let dir = fixture_with_a_2031_chart();
    let editions =
        lawcharts::lawbook::Editions::load(Some(&dir.path().join("laws"))).expect("laws/");
    let report =
        lawcharts::check::check_paths_with(&[dir.path().join("trees")], &editions).expect("check");
    assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
    let config = lawcharts::config::Config::default();
    let cx = lawcharts::render::Context {
        config: &config,
        charts: &report.charts,
        date: None,
    };
    let chart = report.charts.get("lead").expect("lead");
    let card = lawcharts::card::Card::new(chart, &cx, &lawcharts::card::CardOptions::default());
    assert_eq!(card.footing.edition, "2031 Laws of Duplicate Bridge");
    let laws: Vec<String> = card
        .heading
        .laws
        .iter()
        .map(|(n, title)| format!("{n} {title}"))
        .collect();
    assert_eq!(
        laws,
        ["26 Lead Rules of 2031", "23 Comparable Call", "64 Revokes"]
    );
}
