//! `lawcharts build` and `render`: every output written where the contract
//! says, the same bytes every time, an invalid chart writing nothing, and no
//! file ever outside `--out`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use super::{parts, root};

/// A fixed footer date, as `SOURCE_DATE_EPOCH` (2025-11-21).
pub const EPOCH: &str = "1763683200";

/// Runs `lawcharts` in `dir` with a fixed `SOURCE_DATE_EPOCH`.
pub fn lawcharts(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lawcharts"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("SOURCE_DATE_EPOCH", EPOCH)
        .output()
        .expect("lawcharts runs")
}

/// `lawcharts build` of `trees` into `out/` of a new temporary folder: the
/// folder (kept alive by the caller) and its `out/`. The build must succeed.
pub fn build_in_temp(trees: &Path) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("out");
    let (code, _, err) = parts(&lawcharts(
        dir.path(),
        &[
            "build",
            "--trees",
            &trees.to_string_lossy(),
            "--out",
            &out.to_string_lossy(),
        ],
    ));
    assert_eq!(code, 0, "{err}");
    (dir, out)
}

/// A temporary folder holding a copy of `tests/fixtures/site` as `trees/`.
pub fn site_fixture() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let trees = dir.path().join("trees");
    std::fs::create_dir(&trees).expect("mkdir");
    let fixtures = root().join("tests/fixtures/site");
    for entry in std::fs::read_dir(&fixtures).expect("fixtures") {
        let path = entry.expect("entry").path();
        std::fs::copy(&path, trees.join(path.file_name().expect("name"))).expect("copy");
    }
    dir
}

/// Every file under `dir`: relative path -> bytes.
pub fn files(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut found = BTreeMap::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(at) = todo.pop() {
        for entry in std::fs::read_dir(&at).expect("read dir") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                todo.push(path);
            } else {
                let bytes = std::fs::read(&path).expect("read");
                found.insert(path.strip_prefix(dir).expect("inside").to_path_buf(), bytes);
            }
        }
    }
    found
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("read dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn text(dir: &Path, path: &str) -> String {
    std::fs::read_to_string(dir.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn build_writes_the_site_markdown_and_dot_as_the_contract_lays_out() {
    let dir = site_fixture();
    let (code, _, err) = parts(&lawcharts(dir.path(), &["build"]));
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("built 3 chart(s) into `output`"), "{err}");
    let written: Vec<String> = files(&dir.path().join("output"))
        .keys()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let expected = [
        ".lawcharts-output",
        "cards/all.pdf",
        "cards/bid.pdf",
        "cards/lead.pdf",
        "cards/penalty.pdf",
        "dot/bid.dot",
        "dot/lead.dot",
        "dot/penalty.dot",
        "md/bid.md",
        "md/index.md",
        "md/lead.md",
        "md/penalty.md",
        "site/assets/DejaVuSans-Bold.ttf",
        "site/assets/DejaVuSans.ttf",
        "site/assets/LICENSE-DejaVu.txt",
        "site/assets/LICENSE-search.txt",
        "site/assets/minisearch.js",
        "site/assets/search-data.js",
        "site/assets/site.js",
        "site/assets/stemmer.js",
        "site/assets/style.css",
        "site/bid.html",
        "site/index.html",
        "site/lead.html",
        "site/penalty.html",
        "svg/bid.svg",
        "svg/lead.svg",
        "svg/penalty.svg",
    ];
    assert_eq!(written, expected);
    assert_eq!(names(dir.path()), ["output", "trees"]);
}

#[test]
fn the_same_charts_give_the_same_bytes() {
    let first = site_fixture();
    let second = site_fixture();
    assert_eq!(parts(&lawcharts(first.path(), &["build"])).0, 0);
    assert_eq!(
        parts(&lawcharts(
            second.path(),
            &["build", "--out", "elsewhere/out"]
        ))
        .0,
        0
    );
    assert_eq!(
        parts(&lawcharts(first.path(), &["build", "--out", "again"])).0,
        0
    );
    let one = files(&first.path().join("output"));
    assert_eq!(one, files(&second.path().join("elsewhere/out")));
    assert_eq!(one, files(&first.path().join("again")));
}

#[test]
fn an_invalid_chart_exits_1_and_leaves_the_earlier_output_untouched() {
    let dir = site_fixture();
    assert_eq!(parts(&lawcharts(dir.path(), &["build"])).0, 0);
    let before = files(&dir.path().join("output"));
    let broken = "title: Broken\nlaws: [\"54\"]\nstart: nowhere\nnodes:\n  a:\n    ruling: x\n";
    std::fs::write(dir.path().join("trees/broken.yaml"), broken).expect("write");
    let (code, _, err) = parts(&lawcharts(dir.path(), &["build"]));
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("trees/broken.yaml:3:8"), "{err}");
    assert!(
        err.contains("nothing was written: `output` is as it was"),
        "{err}"
    );
    assert_eq!(files(&dir.path().join("output")), before);
    assert_eq!(names(dir.path()), ["output", "trees"]);
}

#[test]
fn a_folder_lawcharts_did_not_write_is_never_replaced() {
    let dir = site_fixture();
    std::fs::create_dir(dir.path().join("docs")).expect("mkdir");
    std::fs::write(dir.path().join("docs/notes.txt"), "mine").expect("write");
    let (code, _, err) = parts(&lawcharts(dir.path(), &["build", "--out", "docs"]));
    assert_eq!(code, 2, "{err}");
    assert_eq!(
        err.trim(),
        "error: cannot write the output to `docs`: `docs` is not a lawcharts output folder (it has no `.lawcharts-output`); refusing to replace it"
    );
    assert_eq!(names(&dir.path().join("docs")), ["notes.txt"]);
    assert_eq!(names(dir.path()), ["docs", "trees"]);
}

#[test]
#[cfg(unix)]
fn a_pipe_named_as_the_marker_is_refused_not_waited_on() {
    let dir = site_fixture();
    let docs = dir.path().join("docs");
    std::fs::create_dir(&docs).expect("mkdir");
    let made = Command::new("mkfifo")
        .arg(docs.join(".lawcharts-output"))
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    // Without SOURCE_DATE_EPOCH, so the build reads the earlier marker.
    let mut child = Command::new(env!("CARGO_BIN_EXE_lawcharts"))
        .args(["build", "--out", "docs"])
        .current_dir(dir.path())
        .env_remove("SOURCE_DATE_EPOCH")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("lawcharts runs");
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if started.elapsed() > std::time::Duration::from_secs(60) {
            let _ = child.kill();
            panic!("build waited on the pipe");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().expect("stderr"), &mut err).unwrap();
    assert_eq!(status.code(), Some(2), "{err}");
    assert!(err.contains("is not a lawcharts output folder"), "{err}");
}

#[test]
fn the_config_sets_title_club_law_links_and_date() {
    let dir = site_fixture();
    let config = "title = \"Club charts\"\nclub = \"Ponsonby Bridge Club\"\n\
        law_url = \"https://laws.example/{clause}\"\ndate = \"2024-06-30\"\n\
        base_url = \"https://club.example/charts\"\n";
    std::fs::write(dir.path().join("lawcharts.toml"), config).expect("write");
    let (code, _, err) = parts(&lawcharts(dir.path(), &["build"]));
    assert_eq!(code, 0, "{err}");
    let page = text(dir.path(), "output/site/lead.html");
    assert!(
        page.contains("<title>Opening lead out of turn · Club charts</title>"),
        "{page}"
    );
    assert!(page.contains("Ponsonby Bridge Club"), "{page}");
    assert!(page.contains("href=\"https://laws.example/54C\""), "{page}");
    assert!(
        page.contains("<time datetime=\"2024-06-30\">2024-06-30</time>"),
        "{page}"
    );
    assert!(
        page.contains("<link rel=\"canonical\" href=\"https://club.example/charts/lead.html\">")
    );
}

#[test]
fn a_bad_config_is_refused_naming_the_file() {
    let dir = site_fixture();
    std::fs::write(dir.path().join("lawcharts.toml"), "colour = \"red\"\n").expect("write");
    let (code, _, err) = parts(&lawcharts(dir.path(), &["build"]));
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: in `lawcharts.toml`: unknown field `colour`"),
        "{err}"
    );
    assert!(!dir.path().join("output").exists());
}

#[test]
fn the_footer_date_comes_from_source_date_epoch() {
    let dir = site_fixture();
    assert_eq!(parts(&lawcharts(dir.path(), &["build"])).0, 0);
    let index = text(dir.path(), "output/site/index.html");
    assert!(
        index.contains("charts as of <time datetime=\"2025-11-21\">"),
        "{index}"
    );
}

#[test]
fn the_index_groups_charts_by_period_and_the_search_data_has_every_chart() {
    let dir = site_fixture();
    assert_eq!(parts(&lawcharts(dir.path(), &["build"])).0, 0);
    let index = text(dir.path(), "output/site/index.html");
    let auction = index.find("id=\"auction\"").expect("auction group");
    let play = index.find("id=\"play\"").expect("play group");
    assert!(auction < play);
    assert!(
        !index.contains("id=\"general\""),
        "empty periods are left out"
    );
    let data = text(dir.path(), "output/site/assets/search-data.js");
    let json = data
        .split_once(" = ")
        .and_then(|(_, json)| json.strip_suffix(";\n"))
        .expect("one assignment");
    let records: serde_json::Value = serde_json::from_str(json).expect("JSON");
    let lead = records
        .as_array()
        .expect("records")
        .iter()
        .find(|r| r["id"] == "lead")
        .expect("the lead chart");
    assert_eq!(lead["title"], "Opening lead out of turn");
    assert_eq!(
        lead["laws"],
        "Law 54 Faced Opening Lead Out of Turn 54A 54D · Law 41 Commencement of Play 41A"
    );
    assert_eq!(lead["main"], 54);
    assert_eq!(lead["numbers"], serde_json::json!([54, 41]));
    assert!(
        lead["situations"]
            .as_str()
            .expect("text")
            .starts_with("wrong defender led face up")
    );
    assert!(
        lead["text"]
            .as_str()
            .expect("text")
            .contains("Could declarer have seen any of dummy's cards?")
    );
    let bid = index.find("href=\"bid.html\"").expect("bid listed");
    assert!(auction < bid && bid < play);
}

#[test]
fn every_shipped_chart_builds_in_every_format() {
    let trees = root().join("trees");
    let (_dir, out) = build_in_temp(&trees);
    let written = files(&out);
    for entry in std::fs::read_dir(&trees).expect("trees") {
        let path = entry.expect("entry").path();
        let id = path
            .file_stem()
            .expect("stem")
            .to_string_lossy()
            .into_owned();
        for file in [
            format!("site/{id}.html"),
            format!("svg/{id}.svg"),
            format!("md/{id}.md"),
            format!("dot/{id}.dot"),
        ] {
            let bytes = written
                .get(Path::new(&file))
                .unwrap_or_else(|| panic!("{file} missing"));
            assert!(bytes.len() > 200, "{file} is nearly empty");
        }
    }
}

#[test]
fn render_writes_one_chart_to_stdout_or_a_file() {
    let dir = site_fixture();
    let (code, out, err) = parts(&lawcharts(
        dir.path(),
        &["render", "lead", "--format", "dot"],
    ));
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("// lead: generated by lawcharts"), "{out}");
    let (code, _, err) = parts(&lawcharts(
        dir.path(),
        &[
            "render",
            "trees/lead.yaml",
            "--format",
            "html",
            "-o",
            "lead.html",
        ],
    ));
    assert_eq!(code, 0, "{err}");
    let page = text(dir.path(), "lead.html");
    assert!(page.contains("<style>"), "a lone page carries its styles");
    assert!(!page.contains("assets/style.css"));
}

#[test]
fn render_of_an_unknown_chart_suggests_the_nearest() {
    let dir = site_fixture();
    let (code, _, err) = parts(&lawcharts(
        dir.path(),
        &["render", "laed", "--format", "md"],
    ));
    assert_eq!(code, 2);
    assert_eq!(err.trim(), "error: no chart `laed`; did you mean `lead`?");
}

/// A page with its drawing cut out: the drawing is the layout engine's to
/// test, and this snapshot is about the page around it.
fn without_drawing(page: &str) -> String {
    let start = page.find("<svg").expect("the page has its drawing");
    let end = page.find("</svg>").expect("the drawing ends") + "</svg>".len();
    let svg = &page[start..end];
    let links = svg.matches("<a href=\"#step-").count();
    format!(
        "{}<svg>[drawing with {links} node links]</svg>{}",
        &page[..start],
        &page[end..]
    )
}

#[test]
fn rendered_outputs_of_the_fixture_match_their_snapshots() {
    let dir = site_fixture();
    for (format, name) in [("md", "lead.md"), ("dot", "lead.dot")] {
        let (code, out, err) = parts(&lawcharts(
            dir.path(),
            &["render", "lead", "--format", format],
        ));
        assert_eq!(code, 0, "{err}");
        insta::assert_snapshot!(name, out);
    }
    assert_eq!(parts(&lawcharts(dir.path(), &["build"])).0, 0);
    let page = text(dir.path(), "output/site/lead.html");
    insta::assert_snapshot!("lead.html", without_drawing(&page));
    insta::assert_snapshot!("index.html", text(dir.path(), "output/site/index.html"));
    insta::assert_snapshot!("index.md", text(dir.path(), "output/md/index.md"));
}

#[test]
fn the_site_opens_on_the_triage_chart_and_pages_list_every_case_and_example() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("out");
    let trees = root().join("trees");
    let args = [
        "build",
        "--trees",
        &trees.to_string_lossy(),
        "--out",
        &out.to_string_lossy(),
    ];
    let args: Vec<&str> = args.iter().map(|s| s.as_ref()).collect();
    let (code, _, err) = parts(&lawcharts(dir.path(), &args));
    assert_eq!(code, 0, "{err}");
    let index = text(&out, "site/index.html");
    let front = index
        .find("class=\"front-door\"")
        .expect("the index has a front door");
    assert!(
        index[front..].starts_with("class=\"front-door\"><a href=\"director-called.html\">"),
        "{index}"
    );
    assert!(
        front < index.find("id=\"search\"").expect("search form"),
        "the front door comes first"
    );
    let report = lawcharts::check::check_paths(&[trees]).expect("trees check");
    for chart in &report.charts.charts {
        let page = text(&out, &format!("site/{}.html", chart.id));
        let routes = lawcharts::paths::routes(chart).expect("routes");
        let cases = match page.split_once("<ol class=\"cases\">") {
            Some((_, cases)) => cases.to_string(),
            None => text(&out, &format!("site/{}.cases.html", chart.id))
                .split_once("<ol class=\"cases\">")
                .expect("an every-case list on the page or its own")
                .1
                .to_string(),
        };
        let cases = cases.split("</ol>").next().expect("the list ends");
        assert_eq!(cases.matches("<li>").count(), routes.len(), "{}", chart.id);
        let examples = page
            .split("<ol class=\"examples\">")
            .nth(1)
            .expect("worked examples");
        let examples = examples
            .split("</ol>\n</section>")
            .next()
            .expect("the section ends");
        assert_eq!(
            examples
                .matches("<summary>Show the answers and the ruling</summary>")
                .count(),
            chart.examples.len(),
            "{}",
            chart.id
        );
    }
}

/// Every shipped chart can be found from the site's front door: following the
/// hand-overs (`then:`) from the triage chart, through the period triages and
/// on through the charts they name, reaches every chart in `trees/`. A chart
/// nothing hands over to would be on the index but never on a director's
/// path from "The Director is called".
#[test]
fn every_shipped_chart_is_reached_from_the_front_door_by_hand_overs() {
    use lawcharts::render::html::TRIAGE_ID;
    let report = lawcharts::check::check_paths(&[root().join("trees")]).expect("trees check");
    let charts = &report.charts;
    assert!(charts.get(TRIAGE_ID).is_some(), "the front door is shipped");
    let mut reached = std::collections::BTreeSet::from([TRIAGE_ID.to_string()]);
    let mut to_visit = vec![TRIAGE_ID.to_string()];
    while let Some(id) = to_visit.pop() {
        let chart = charts.get(&id).expect("a hand-over names a shipped chart");
        for (_, node) in chart.nodes() {
            if let Some(then) = &node.then
                && reached.insert(then.chart.clone())
            {
                to_visit.push(then.chart.clone());
            }
        }
    }
    let missed: Vec<&str> = (charts.charts.iter())
        .map(|c| c.id.as_str())
        .filter(|id| !reached.contains(*id))
        .collect();
    assert!(
        missed.is_empty(),
        "not reached from {TRIAGE_ID}: {missed:?}"
    );
    assert_eq!(reached.len(), super::shipped_chart_count());
}

/// A chart rendered by its file looks up its hand-overs in the files beside
/// it, so it draws exactly as when named by id (the build's drawing): the
/// Law 87 card once took two pages from its file, for want of the title of
/// the chart it hands over to.
#[test]
fn a_chart_rendered_by_its_file_draws_as_by_its_id() {
    let dir = tempfile::tempdir().expect("temp dir");
    let trees = root().join("trees");
    let file = trees.join("law-87-fouled-board.yaml");
    let file = file.to_str().expect("utf-8 path");
    let trees = trees.to_str().expect("utf-8 path");
    for format in ["pdf", "svg", "html", "md"] {
        let by_file = format!("file.{format}");
        let by_id = format!("id.{format}");
        let from_file = ["render", file, "--format", format, "-o", &by_file];
        let from_id = [
            "render",
            "law-87-fouled-board",
            "--trees",
            trees,
            "--format",
            format,
        ];
        let (code, _, err) = parts(&lawcharts(dir.path(), &from_file));
        assert_eq!(code, 0, "{err}");
        let (code, _, err) = parts(&lawcharts(
            dir.path(),
            &[&from_id[..], &["-o", &by_id]].concat(),
        ));
        assert_eq!(code, 0, "{err}");
        let read = |name: &str| std::fs::read(dir.path().join(name)).expect("written");
        assert!(
            read(&by_file) == read(&by_id),
            "{format} differs by file and by id"
        );
    }
}

#[cfg(unix)]
/// `lawcharts build` in `dir` with the footer date left to git: no
/// `SOURCE_DATE_EPOCH` and none of git's own variables; `path` is `PATH`.
fn build_dated_by_git(dir: &Path, path: &std::ffi::OsStr) -> String {
    let mut command = Command::new(env!("CARGO_BIN_EXE_lawcharts"));
    command.arg("build").current_dir(dir).env("PATH", path);
    command.env_remove("SOURCE_DATE_EPOCH");
    for (name, _) in std::env::vars_os() {
        if name.to_string_lossy().starts_with("GIT_") {
            command.env_remove(name);
        }
    }
    let (code, _, err) = parts(&command.output().expect("lawcharts runs"));
    assert_eq!(code, 0, "{err}");
    text(dir, "output/site/index.html")
}

#[cfg(unix)]
/// Commits everything in `dir` on `day` (a new repository the first time).
fn commit_all(dir: &Path, day: &str) {
    let date = format!("{day}T12:00:00Z");
    for args in [
        &["init", "-q"][..],
        &["add", "-A"],
        &["commit", "-q", "-m", day],
    ] {
        if args[0] == "init" && dir.join(".git").exists() {
            continue;
        }
        let status = Command::new("git")
            .args(["-c", "user.name=t", "-c", "user.email=t@example.org"])
            .args(["-c", "commit.gpgsign=false"])
            .args(args)
            .current_dir(dir)
            .env("GIT_CEILING_DIRECTORIES", dir.parent().unwrap_or(dir))
            .env("GIT_AUTHOR_DATE", &date)
            .env("GIT_COMMITTER_DATE", &date)
            .status()
            .expect("git runs");
        assert!(status.success(), "git {args:?}");
    }
}

#[test]
#[cfg(unix)]
fn the_footer_date_is_the_newest_commit_touching_the_charts_and_none_without_git() {
    let dir = site_fixture();
    commit_all(dir.path(), "2024-03-05");
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dated = |day: &str| format!("charts as of <time datetime=\"{day}\">");
    let index = build_dated_by_git(dir.path(), &path);
    assert!(index.contains(&dated("2024-03-05")), "{index}");
    // A commit of other files only (here the output), or a change not yet
    // committed, leaves the charts' date where it was.
    commit_all(dir.path(), "2024-06-01");
    let chart = dir.path().join("trees/bid.yaml");
    let edited = std::fs::read_to_string(&chart).unwrap() + "# edited\n";
    std::fs::write(&chart, edited).unwrap();
    let index = build_dated_by_git(dir.path(), &path);
    assert!(index.contains(&dated("2024-03-05")), "{index}");
    commit_all(dir.path(), "2025-01-02");
    let index = build_dated_by_git(dir.path(), &path);
    assert!(index.contains(&dated("2025-01-02")), "{index}");
    // Without git there is no date at all rather than a remembered one.
    let index = build_dated_by_git(dir.path(), std::ffi::OsStr::new(""));
    assert!(!index.contains("charts as of"), "{index}");
}
