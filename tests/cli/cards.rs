//! Table cards: every shipped chart builds into cards that are read back as
//! PDF (lopdf): the paper, the pages each card says it has, the title, the
//! edition, the link, every node's text, and the smallest text as printed
//! (font size times every scale in force); `render --format pdf` says how it
//! fitted; `check` warns about a chart whose card takes more than one sheet.

use std::collections::BTreeMap;
use std::path::Path;

use lopdf::content::Content;
use lopdf::{Document, Object, ObjectId};

use super::build::lawcharts;
use super::{parts, root, shipped_chart_count};
use lawcharts::render::drawing::card_input;

/// A4 upright, in points.
const A4: (f32, f32) = (595.28, 841.89);
const EDITION: &str = "2017 Laws of Duplicate Bridge";
const BASE_URL: &str = "https://club.example/charts/";

/// A PDF read back, page by page.
struct Pdf {
    doc: Document,
    pages: BTreeMap<u32, ObjectId>,
}

impl Pdf {
    fn read(path: &Path) -> Pdf {
        let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let doc = Document::load_mem(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let pages = doc.get_pages();
        Pdf { doc, pages }
    }

    fn count(&self) -> usize {
        self.pages.len()
    }

    /// Width and height of page `n` (from 1).
    fn size(&self, n: u32) -> (f32, f32) {
        let page = self.doc.get_dictionary(self.pages[&n]).expect("page");
        let media = page
            .get(b"MediaBox")
            .and_then(Object::as_array)
            .expect("MediaBox");
        let v: Vec<f32> = media
            .iter()
            .map(|o| o.as_float().expect("number"))
            .collect();
        (v[2] - v[0], v[3] - v[1])
    }

    /// The text of page `n`, whitespace collapsed.
    fn text(&self, n: u32) -> String {
        let text = self.doc.extract_text(&[n]).expect("text");
        collapse(&text)
    }

    /// Every URI a link on page `n` opens.
    fn links(&self, n: u32) -> Vec<String> {
        let annots = self
            .doc
            .get_page_annotations(self.pages[&n])
            .unwrap_or_default();
        annots
            .iter()
            .filter_map(|a| a.get(b"A").ok())
            .filter_map(|a| self.doc.dereference(a).ok())
            .filter_map(|(_, a)| a.as_dict().ok())
            .filter_map(|a| a.get(b"URI").ok())
            .filter_map(|u| u.as_str().ok())
            .map(|u| String::from_utf8_lossy(u).into_owned())
            .collect()
    }

    /// The smallest text on page `n` as printed: each text's font size
    /// times the scale of its text matrix and of every transformation in
    /// force (`cm`, saved and restored with `q` and `Q`).
    fn smallest_text(&self, n: u32) -> f32 {
        let content = self.doc.get_page_content(self.pages[&n]);
        let ops = Content::decode(&content).expect("content").operations;
        let mut stack: Vec<[f32; 6]> = Vec::new();
        let mut ctm = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];
        let (mut tm, mut size) = ([1.0, 0.0, 0.0, 1.0, 0.0, 0.0], 0.0f32);
        let mut smallest = f32::MAX;
        for op in &ops {
            let nums: Vec<f32> = op
                .operands
                .iter()
                .filter_map(|o| o.as_float().ok())
                .collect();
            match op.operator.as_str() {
                "q" => stack.push(ctm),
                "Q" => ctm = stack.pop().expect("balanced q/Q"),
                "cm" => ctm = multiply(&matrix(&nums), &ctm),
                "BT" => tm = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0],
                "Tm" => tm = matrix(&nums),
                "Tf" => size = nums[0],
                "Tj" | "TJ" | "'" | "\"" => {
                    let m = multiply(&tm, &ctm);
                    let scale = (m[2] * m[2] + m[3] * m[3]).sqrt();
                    smallest = smallest.min(size * scale);
                }
                _ => {}
            }
        }
        smallest
    }
}

fn matrix(n: &[f32]) -> [f32; 6] {
    [n[0], n[1], n[2], n[3], n[4], n[5]]
}

/// `a` then `b`, as PDF concatenates matrices.
fn multiply(a: &[f32; 6], b: &[f32; 6]) -> [f32; 6] {
    [
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    ]
}

fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn is_a4(size: (f32, f32)) -> bool {
    let close = |a: f32, b: f32| (a - b).abs() < 0.5;
    (close(size.0, A4.0) && close(size.1, A4.1)) || (close(size.0, A4.1) && close(size.1, A4.0))
}

/// Builds the shipped charts with a base URL into a temporary folder.
fn build_shipped() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let config = dir.path().join("lawcharts.toml");
    std::fs::write(&config, format!("base_url = \"{BASE_URL}\"\n")).expect("config");
    let trees = root().join("trees");
    let (code, _, err) = parts(&lawcharts(
        dir.path(),
        &[
            "build",
            "--trees",
            trees.to_str().expect("UTF-8 path"),
            "--config",
            "lawcharts.toml",
        ],
    ));
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("cards/"), "{err}");
    assert!(
        !err.contains("warning: card of"),
        "no card prints below 9 pt: {err}"
    );
    dir
}

#[test]
fn every_shipped_chart_prints_as_legible_a4_cards() {
    let dir = build_shipped();
    let cards = dir.path().join("output/cards");
    let report = lawcharts::check::check_paths(&[root().join("trees")]).expect("check");
    assert_eq!(report.charts.charts.len(), shipped_chart_count());
    let mut total = 0;
    for chart in &report.charts.charts {
        let pdf = Pdf::read(&cards.join(format!("{}.pdf", chart.id)));
        let count = pdf.count();
        total += count;
        let mut all_text = String::new();
        for n in 1..=count as u32 {
            let at = format!("{} page {n}", chart.id);
            assert!(is_a4(pdf.size(n)), "{at}: {:?}", pdf.size(n));
            assert_eq!(pdf.size(n), pdf.size(1), "{at}: one orientation a card");
            let text = pdf.text(n);
            assert!(
                text.contains(&collapse(&chart.title)),
                "{at}: no title in {text}"
            );
            assert!(text.contains(EDITION), "{at}: no edition");
            let side = match (count, n) {
                (1, _) => None,
                (2, 1) => Some("Front".to_string()),
                (2, _) => Some("Back".to_string()),
                _ => Some(format!("Side {n} of {count}")),
            };
            if let Some(side) = side {
                assert!(text.contains(&side), "{at}: {text}");
            }
            let url = format!("{BASE_URL}{}.html", chart.id);
            assert_eq!(pdf.links(n), vec![url], "{at}: the QR code links");
            let smallest = pdf.smallest_text(n);
            assert!(smallest >= 9.0 - 0.01, "{at}: text at {smallest} pt");
            all_text.push_str(&text);
            all_text.push(' ');
        }
        for node in card_input(chart, &report.charts).nodes {
            let words = collapse(&node.text);
            assert!(
                all_text.contains(&words),
                "{}: `{}` not printed",
                chart.id,
                node.id
            );
        }
    }
    let booklet = Pdf::read(&cards.join("all.pdf"));
    let cover = booklet.count() - total;
    assert!(cover >= 1, "a cover before the cards");
    let index: String = (1..=cover as u32).map(|n| booklet.text(n) + " ").collect();
    for chart in &report.charts.charts {
        let title = collapse(&chart.title);
        let words: Vec<&str> = title.split(' ').take(3).collect();
        assert!(
            index.contains(&words.join(" ")),
            "{} not in the index",
            chart.id
        );
    }
}

/// The goal the charts are cut to: every shipped chart on one side of A4
/// (the card `check` plans, without a QR code), at 9 pt. A chart that grows
/// past a side fails here, and is split or tightened (docs/cards.md).
#[test]
fn every_shipped_chart_fits_one_side_of_a4() {
    let report = lawcharts::check::check_paths(&[root().join("trees")]).expect("check");
    let over: Vec<String> = (report.charts.charts.iter())
        .map(|c| {
            (
                c,
                lawcharts::card::sides(c, &report.charts, lawcharts::card::Paper::A4),
            )
        })
        .filter(|&(_, sides)| sides > 1)
        .map(|(c, sides)| format!("{}: {sides} sides", c.id))
        .collect();
    assert!(over.is_empty(), "{over:#?}");
}

/// The triage of the play period, a question whose hand-overs are stacked
/// in a column as tall as a side of A5, goes on one A5 sheet at 8 pt: the
/// hand-over cut off its first panel fits beside neither panel cut to a
/// side, so the planner also cuts to three fifths of a side's width.
#[test]
fn a_tall_triage_goes_on_one_sheet_of_a5() {
    let report = lawcharts::check::check_paths(&[root().join("trees")]).expect("check");
    let chart = (report.charts.charts.iter())
        .find(|c| c.id == "director-called-play")
        .expect("the chart is shipped");
    let sides = lawcharts::card::sides(chart, &report.charts, lawcharts::card::Paper::A5);
    assert_eq!(sides, 2);
}

#[test]
fn render_writes_one_card_and_says_how_it_was_fitted() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("card.pdf");
    let trees = root().join("trees");
    let (code, _, err) = parts(&lawcharts(
        &root(),
        &[
            "render",
            "law-54-opening-lead-out-of-turn",
            "--format",
            "pdf",
            "--trees",
            trees.to_str().expect("UTF-8"),
            "-o",
            out.to_str().expect("UTF-8"),
        ],
    ));
    assert_eq!(code, 0, "{err}");
    let pdf = Pdf::read(&out);
    let said = format!(
        "law-54-opening-lead-out-of-turn: {} side{} of A4",
        pdf.count(),
        if pdf.count() == 1 { "" } else { "s" }
    );
    assert!(err.contains(&said), "{err}");
    assert!(err.contains("smallest text 9.0 pt"), "{err}");
    assert!(is_a4(pdf.size(1)));
}

/// A small chart in a temporary `trees/` folder.
fn small_chart() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir(dir.path().join("trees")).expect("mkdir");
    let chart = "title: Small (card) \\ test\nlaws: [\"54\"]\nstart: q\nnodes:\n  q:\n    ask: Could declarer see dummy?\n    law: 54C\n    answers:\n      \"Yes\": accept\n      \"No\": refuse\n  accept:\n    ruling: Declarer must accept the lead.\n    law: 54C\n  refuse:\n    ruling: \"May refuse (♠K) 🦀 <b>&amp;</b> \\\\ )\"\n    law: 54D\n";
    std::fs::write(dir.path().join("trees/small.yaml"), chart).expect("write");
    dir
}

#[test]
fn a_small_chart_is_one_page_and_a5_landscape_keeps_8_pt() {
    let dir = small_chart();
    let render = |extra: &[&str]| {
        let mut args = vec!["render", "small", "--format", "pdf", "-o", "card.pdf"];
        args.extend_from_slice(extra);
        let (code, _, err) = parts(&lawcharts(dir.path(), &args));
        assert_eq!(code, 0, "{err}");
        (Pdf::read(&dir.path().join("card.pdf")), err)
    };
    let (a4, said) = render(&[]);
    assert_eq!(a4.count(), 1);
    assert!(
        said.contains("small: 1 side of A4 portrait, smallest text"),
        "{said}"
    );
    assert!(
        a4.text(1).contains("Small (card) \\ test"),
        "{}",
        a4.text(1)
    );
    assert!(a4.smallest_text(1) >= 9.0 - 0.01);
    assert!(
        !a4.text(1).contains("Front"),
        "a one-sided card does not say which side"
    );
    assert!(a4.links(1).is_empty(), "no base URL, no QR code");
    let (a5, said) = render(&["--paper", "a5", "--landscape"]);
    assert_eq!(a5.size(1), (595.28, 419.53), "{said}");
    assert!(a5.smallest_text(1) >= 8.0 - 0.01);
    let (letter, _) = render(&["--paper", "letter"]);
    assert_eq!(letter.size(1), (612.0, 792.0));
}

#[test]
fn the_same_chart_gives_the_same_card_bytes() {
    let dir = small_chart();
    let once = |name: &str| {
        let args = ["render", "small", "--format", "pdf", "-o", name];
        assert_eq!(parts(&lawcharts(dir.path(), &args)).0, 0);
        std::fs::read(dir.path().join(name)).expect("card")
    };
    assert_eq!(once("a.pdf"), once("b.pdf"));
}

#[test]
fn paper_options_are_only_for_pdf() {
    let dir = small_chart();
    let (code, _, err) = parts(&lawcharts(
        dir.path(),
        &["render", "small", "--format", "svg", "--paper", "a5"],
    ));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("only for `--format pdf`"), "{err}");
}

#[test]
fn check_warns_about_a_chart_whose_card_takes_more_than_one_sheet_and_not_about_one_that_does_not()
{
    let dir = small_chart();
    let (code, _, err) = parts(&lawcharts(dir.path(), &["check", "--deny-warnings"]));
    assert_eq!(code, 0, "{err}");
    // A tangled synthetic chart of 58 boxes takes more than two sides.
    let big = lawcharts::synth::chart_yaml(58, 1);
    std::fs::write(dir.path().join("trees/big.yaml"), big).expect("write");
    let (code, _, err) = parts(&lawcharts(dir.path(), &["check"]));
    assert_eq!(code, 0, "{err}");
    // One short diagnostic for the chart (its boxes' text has warnings of
    // its own).
    let warnings: Vec<&str> = (err.lines())
        .filter(|l| l.starts_with("warning: the card of"))
        .collect();
    assert_eq!(warnings.len(), 1, "{err}");
    assert!(
        warnings[0].starts_with("warning: the card of `big` takes ")
            && warnings[0].ends_with(" sides of A4 at 9 pt; a card is one sheet, front and back"),
        "{err}"
    );
    assert!(err.contains("trees/big.yaml:"), "{err}");
    assert!(
        err.contains("help: shorten box text, or move a branch"),
        "{err}"
    );
}

#[test]
fn a_box_too_large_for_any_page_is_never_printed_small_silently() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir(dir.path().join("trees")).expect("mkdir");
    let mut chart = String::from(
        "title: Too wide\nlaws: [\"12\"]\nstart: q\nnodes:\n  q:\n    ask: Which of thirty things happened?\n    law: 12A\n    answers:\n",
    );
    for k in 1..=30 {
        chart.push_str(&format!("      \"Thing number {k} happened\": r{k}\n"));
    }
    for k in 1..=30 {
        chart.push_str(&format!("  r{k}:\n    ruling: Ruling {k}.\n    law: 12A\n"));
    }
    std::fs::write(dir.path().join("trees/wide.yaml"), chart).expect("write");
    let args = ["render", "wide", "--format", "pdf", "-o", "card.pdf"];
    let (code, _, err) = parts(&lawcharts(dir.path(), &args));
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("warning: card of `wide` prints text at"),
        "{err}"
    );
    assert!(err.contains("below the 9 pt least size for A4"), "{err}");
    let pdf = Pdf::read(&dir.path().join("card.pdf"));
    let text: String = (1..=pdf.count() as u32).map(|n| pdf.text(n)).collect();
    assert!(text.contains("smaller than 9 pt"), "the card says so too");
}

#[test]
fn dash_as_the_output_means_standard_output() {
    let dir = small_chart();
    let to_stdout = |format: &str| {
        let args = ["render", "small", "--format", format, "-o", "-"];
        let out = lawcharts(dir.path(), &args);
        assert_eq!(parts(&out).0, 0, "{}", parts(&out).2);
        out.stdout
    };
    assert!(to_stdout("pdf").starts_with(b"%PDF-"));
    let svg = String::from_utf8(to_stdout("svg")).expect("an SVG");
    assert!(svg.contains("<svg "), "{svg}");
    assert!(!dir.path().join("-").exists(), "no file named `-`");
    // Into a pipe, with no `-o` at all, a PDF is written as before.
    let out = lawcharts(dir.path(), &["render", "small", "--format", "pdf"]);
    assert!(out.stdout.starts_with(b"%PDF-"));
}

/// A PDF is binary: `render` refuses to write one to a real terminal (a
/// pseudo-terminal here) unless `-o` says where, and says how.
#[cfg(unix)]
#[test]
fn a_pdf_is_not_written_to_a_terminal() {
    use std::os::fd::FromRawFd;
    use std::process::{Command, Stdio};
    let dir = small_chart();
    let (mut leader, mut follower) = (-1, -1);
    // SAFETY: openpty writes two new descriptors into the two integers;
    // the null pointers ask for no name and default settings.
    let opened = unsafe {
        libc::openpty(
            &mut leader,
            &mut follower,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(opened, 0, "a pseudo-terminal");
    // SAFETY: both descriptors were just opened and are owned here alone.
    let (_leader, terminal) = unsafe {
        (
            std::fs::File::from_raw_fd(leader),
            std::fs::File::from_raw_fd(follower),
        )
    };
    let out = Command::new(env!("CARGO_BIN_EXE_lawcharts"))
        .args(["render", "small", "--format", "pdf"])
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::from(terminal))
        .stderr(Stdio::piped())
        .output()
        .expect("lawcharts runs");
    let (code, _, err) = parts(&out);
    assert_eq!(code, 2, "{err}");
    assert_eq!(
        err,
        "error: a PDF is not written to a terminal: name a file with `-o card.pdf`, \
         or write `-o -` to send it to standard output anyway\n"
    );
}
