//! The README and docs stay true: the parts generated from the charts (the
//! README's chart list, docs/layout.md's table) match what the charts give
//! now, and every `lawcharts` command the README shows runs.
//!
//! When charts change, `LAWCHARTS_UPDATE_DOCS=1 cargo test --test cli docs`
//! rewrites the generated parts.

use std::path::Path;

use lawcharts::config::Config;
use lawcharts::render::{Context, compare};

use super::{parts, root, run_in};

/// The shipped charts, checked.
fn shipped() -> lawcharts::check::Report {
    lawcharts::check::check_paths(&[root().join("trees")]).expect("trees check")
}

/// The README's table of shipped charts.
fn chart_list(report: &lawcharts::check::Report) -> String {
    let mut out = format!(
        "{} charts, in `trees/` (their boxes are the nodes drawn; examples replay as tests):\n\n\
         | chart | title | main law | boxes | examples |\n| --- | --- | --- | ---: | ---: |\n",
        report.charts.charts.len()
    );
    for chart in &report.charts.charts {
        let main = chart
            .main_law()
            .map(|n| format!("{n} {}", lawcharts::render::law_title(chart, n)))
            .unwrap_or_default();
        out.push_str(&format!(
            "| [`{id}`](trees/{file}) | {title} | {main} | {boxes} | {examples} |\n",
            id = chart.id,
            file = Path::new(&chart.file)
                .file_name()
                .map(|f| f.to_string_lossy().into_owned())
                .unwrap_or_default(),
            title = chart.title.replace('|', "\\|"),
            boxes = chart.graph.node_count(),
            examples = chart.examples.len(),
        ));
    }
    out
}

/// docs/layout.md's table: our drawings' measures beside Graphviz's as
/// stored in the repository (a live Graphviz would make it depend on the
/// machine).
fn layout_table(report: &lawcharts::check::Report) -> String {
    let stored = std::fs::read_to_string(root().join(compare::STORED_PATH))
        .map_err(anyhow::Error::from)
        .and_then(|text| compare::Stored::parse(&text))
        .expect("the stored Graphviz measures read");
    let config = Config::default();
    let cx = Context {
        config: &config,
        charts: &report.charts,
        date: None,
    };
    let rows: Vec<compare::Comparison> = report
        .charts
        .charts
        .iter()
        .map(|c| compare::compare(c, &cx, compare::Theirs::Stored(&stored)).expect("measured"))
        .collect();
    format!(
        "Graphviz: {} (stored in `{}`).\n\n{}",
        stored.graphviz,
        compare::STORED_PATH,
        compare::markdown(&rows)
    )
}

/// Puts `generated` between `<!-- NAME:start -->` and `<!-- NAME:end -->`.
fn with_section(text: &str, name: &str, generated: &str) -> String {
    let start = format!("<!-- {name}:start -->\n");
    let end = format!("<!-- {name}:end -->");
    let from = text.find(&start).expect("the start marker") + start.len();
    let to = text.find(&end).expect("the end marker");
    format!("{}{generated}{}", &text[..from], &text[to..])
}

#[test]
fn the_readme_chart_list_and_the_layout_table_match_the_shipped_charts() {
    let report = shipped();
    let update = std::env::var_os("LAWCHARTS_UPDATE_DOCS").is_some();
    let mut stale = Vec::new();
    for (file, name, generated) in [
        ("README.md", "shipped-charts", chart_list(&report)),
        ("docs/layout.md", "layout-table", layout_table(&report)),
    ] {
        let path = root().join(file);
        let text = std::fs::read_to_string(&path).expect("read the doc");
        let want = with_section(&text, name, &generated);
        if want == text {
            continue;
        }
        if update {
            std::fs::write(&path, want).expect("write the doc");
        } else {
            stale.push(file);
        }
    }
    assert!(
        stale.is_empty(),
        "{stale:?} no longer match the charts: run \
         `LAWCHARTS_UPDATE_DOCS=1 cargo test --test cli docs` and commit the result"
    );
}

/// Every line of the README's `sh` blocks that runs `lawcharts`, joined
/// over trailing backslashes.
fn readme_commands() -> Vec<String> {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README");
    let mut commands = Vec::new();
    let mut in_sh = false;
    let mut pending = String::new();
    for line in readme.lines() {
        match (in_sh, line.trim()) {
            (false, "```sh") => in_sh = true,
            (true, "```") => in_sh = false,
            (true, line) => {
                pending.push_str(line.trim_end_matches('\\'));
                if line.ends_with('\\') {
                    pending.push(' ');
                    continue;
                }
                let command = std::mem::take(&mut pending);
                if command.starts_with("lawcharts ") {
                    commands.push(command);
                }
            }
            _ => {}
        }
    }
    commands
}

/// A command line split as a shell would for these examples: words, with
/// double or single quotes, a `#` comment dropped and a `> FILE` returned.
fn split(command: &str) -> (Vec<String>, Option<String>) {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quote = None;
    let mut started = false;
    for c in command.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                started = true;
            }
            (None, '#') if !started => break,
            (None, c) if c.is_whitespace() => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            (None, c) => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    let redirect = words.iter().position(|w| w == ">").map(|at| {
        let file = words.get(at + 1).cloned().unwrap_or_default();
        words.truncate(at);
        file
    });
    (words, redirect)
}

/// A copy of the shipped charts in a git repository on branch `main`.
fn shipped_copy() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let trees = dir.path().join("trees");
    std::fs::create_dir(&trees).expect("trees");
    for entry in std::fs::read_dir(root().join("trees")).expect("read trees") {
        let path = entry.expect("entry").path();
        std::fs::copy(&path, trees.join(path.file_name().expect("name"))).expect("copy");
    }
    let git = |args: &[&str]| {
        let ok = std::process::Command::new("git")
            .args(args)
            .current_dir(dir.path())
            .env("GIT_AUTHOR_NAME", "t")
            .env("GIT_AUTHOR_EMAIL", "t@example.org")
            .env("GIT_COMMITTER_NAME", "t")
            .env("GIT_COMMITTER_EMAIL", "t@example.org")
            .output()
            .expect("git runs")
            .status
            .success();
        assert!(ok, "git {args:?}");
    };
    git(&["init", "-q", "-b", "main"]);
    git(&["add", "trees"]);
    git(&["commit", "-q", "-m", "charts"]);
    dir
}

#[test]
fn every_lawcharts_command_the_readme_shows_runs() {
    let commands = readme_commands();
    assert!(commands.len() >= 10, "{commands:#?}");
    let dir = shipped_copy();
    for command in &commands {
        let (words, redirect) = split(command);
        let args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
        if args.first() == Some(&"serve") {
            // It serves until stopped: check it serves the site, then stop it.
            let served = super::serve::serve(dir.path());
            let page = super::serve::get(&served.url, "/").1;
            assert!(page.contains("law-87-fouled-board.html"), "{command}");
            continue;
        }
        let (code, out, err) = parts(&run_in(dir.path(), &args, ""));
        assert_eq!(code, 0, "`{command}` failed:\n{err}");
        if let Some(file) = redirect {
            assert!(!out.is_empty(), "`{command}` wrote nothing for {file}");
        }
        for written in args.windows(2).filter(|w| w[0] == "-o").map(|w| w[1]) {
            let size = std::fs::metadata(dir.path().join(written)).map_or(0, |m| m.len());
            assert!(size > 1000, "`{command}` wrote {size} bytes to {written}");
        }
    }
}

#[test]
fn the_readme_commands_are_read_as_a_shell_reads_them() {
    assert_eq!(
        split("lawcharts new x --title \"Two words\" --law 40B2   # a comment"),
        (
            [
                "lawcharts",
                "new",
                "x",
                "--title",
                "Two words",
                "--law",
                "40B2"
            ]
            .map(String::from)
            .to_vec(),
            None
        )
    );
    assert_eq!(
        split("lawcharts man > ~/man/lawcharts.1"),
        (
            vec!["lawcharts".to_string(), "man".to_string()],
            Some("~/man/lawcharts.1".to_string())
        )
    );
}
