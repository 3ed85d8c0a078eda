//! The shipped charts' site in the real browser: on a phone every step's
//! first answer is on the first screen, on a desktop the whole-chart
//! drawing's box text is at least 11 px, and the cut-down fonts load.

use std::path::Path;

use serde_json::json;

use super::{browser, shots};
use crate::build::build_in_temp;
use crate::root;

/// The shipped charts built into a temporary folder; the folder, and the
/// `file://` address of its site with the chart ids.
fn shipped_site() -> (tempfile::TempDir, String, Vec<String>) {
    let trees = root().join("trees");
    let (dir, out) = build_in_temp(&trees);
    let report = lawcharts::check::check_paths(&[trees]).expect("trees check");
    let ids = report.charts.charts.iter().map(|c| c.id.clone()).collect();
    (dir, file_url(&out.join("site")), ids)
}

fn file_url(dir: &Path) -> String {
    format!("file://{}/", dir.display())
}

/// For each step with an answer, where its first answer button lies when
/// the step is on show: the start step as the page opens, every other as
/// its link puts it on top. The steps whose button is not wholly on screen.
const OFF_FIRST_SCREEN: &str = r#"(() => {
  const off = [];
  const check = (step) => {
    const a = step.querySelector('a.answer');
    const r = a.getBoundingClientRect();
    if (getComputedStyle(step).display === 'none' || r.top < 0 || r.bottom > innerHeight) {
      off.push(`${step.id}: ${Math.round(r.top)}..${Math.round(r.bottom)} of ${innerHeight}`);
    }
  };
  const steps = [...document.querySelectorAll('.walk .step')].filter(s => s.querySelector('a.answer'));
  steps.filter(s => s.classList.contains('start')).forEach(check);
  steps.filter(s => !s.classList.contains('start')).forEach(s => { location.hash = s.id; check(s); });
  return [steps.length, off];
})()"#;

#[test]
#[ignore = "needs Chromium; run with --ignored (.ci/run does)"]
fn on_a_phone_every_step_of_every_shipped_chart_shows_its_first_answer_on_the_first_screen() {
    let mut b = browser();
    let (_dir, site, ids) = shipped_site();
    b.viewport(390, 844, true);
    let mut checked = 0;
    let mut off = Vec::new();
    for id in &ids {
        b.goto(&format!("{site}{id}.html"));
        let found = b.eval(OFF_FIRST_SCREEN);
        checked += found[0].as_u64().expect("a count");
        for step in found[1].as_array().expect("a list") {
            off.push(format!("{id} {}", step.as_str().expect("text")));
        }
    }
    assert!(checked > 200, "only {checked} steps checked");
    assert!(off.is_empty(), "answers below the first screen: {off:#?}");
    b.goto(&format!("{site}law-64-revoke.html"));
    b.screenshot(&shots().join("phone-revoke-start.png"), false);
}

/// The smallest box text of the whole-chart drawing on screen, in CSS px.
const SMALLEST_BOX_TEXT: &str = r#"(() => {
  const texts = [...document.querySelectorAll('.figure .node text:not(.law)')];
  return Math.min(...texts.map(t => parseFloat(t.getAttribute('font-size')) * t.getScreenCTM().a));
})()"#;

#[test]
#[ignore = "needs Chromium; run with --ignored (.ci/run does)"]
fn on_a_desktop_the_whole_chart_drawing_never_shows_box_text_under_11_px() {
    let mut b = browser();
    let (_dir, site, ids) = shipped_site();
    b.viewport(1280, 800, false);
    let mut small = Vec::new();
    for id in &ids {
        b.goto(&format!("{site}{id}.html"));
        let least = b.eval(SMALLEST_BOX_TEXT).as_f64().expect("a size");
        if least < 10.99 {
            small.push(format!("{id}: {least:.2} px"));
        }
        let page_fits = b.eval("document.documentElement.scrollWidth <= innerWidth");
        assert_eq!(
            page_fits,
            json!(true),
            "{id}: only the drawing scrolls sideways"
        );
    }
    assert!(small.is_empty(), "box text under 11 px: {small:?}");
    b.goto(&format!("{site}law-45-card-played.html"));
    b.eval("document.getElementById('chart').scrollIntoView()");
    b.screenshot(&shots().join("desktop-whole-chart.png"), false);

    b.viewport(390, 844, true);
    b.goto(&format!("{site}law-45-card-played.html"));
    let least = b.eval(SMALLEST_BOX_TEXT).as_f64().expect("a size");
    assert!(
        (least - 10.0).abs() < 0.01,
        "a phone keeps the drawing at its own size: {least}"
    );
}

#[test]
#[ignore = "needs Chromium; run with --ignored (.ci/run does)"]
fn the_cut_down_fonts_load_in_the_browser_and_measure_as_the_full_font() {
    let mut b = browser();
    let (_dir, site, _) = shipped_site();
    b.goto(&format!("{site}index.html"));
    // Each face loaded as the page's font would be: Chromium's font
    // sanitiser refuses a broken file, and a missing glyph would fall back.
    let widths = b.eval(
        r#"(async () => {
          const out = [];
          for (const [name, file] of [['Cut', 'DejaVuSans.ttf'], ['CutBold', 'DejaVuSans-Bold.ttf']]) {
            const face = new FontFace(name, `url(assets/${file})`);
            document.fonts.add(await face.load());
            const c = document.createElement('canvas').getContext('2d');
            c.font = `100px ${name}`;
            out.push(c.measureText('Ruling: 27B1(a)').width);
          }
          return out;
        })()"#,
    );
    let widths: Vec<f64> = serde_json::from_value(widths).expect("two widths");
    for (width, weight) in widths.iter().zip([
        lawcharts::font::Weight::Regular,
        lawcharts::font::Weight::Bold,
    ]) {
        let expected = lawcharts::font::measure_in(weight, "Ruling: 27B1(a)", 100.0);
        assert!(
            (width - f64::from(expected)).abs() < 0.5,
            "{weight:?}: {width} drawn, {expected} measured"
        );
    }
}

/// Phrases directors type, each with the charts that may come first (the
/// ids of the charts' registry, before and after the planned splits).
const DIRECTOR_PHRASES: &[(&str, &[&str])] = &[
    (
        "someone led out of turn",
        &["law-53-lead-out-of-turn", "law-54-opening-lead-out-of-turn"],
    ),
    ("27", &["law-27-insufficient-bid"]),
    ("Law 64", &["law-64-revoke"]),
    (
        "revoked",
        &["law-64-revoke", "law-62-revoke-not-established"],
    ),
    ("insufficient bid", &["law-27-insufficient-bid"]),
    ("fouled board", &["law-87-fouled-board"]),
    ("penalty card", &["law-50-penalty-card"]),
    (
        "bid out of turn",
        &["law-29-call-out-of-rotation", "law-31-bid-out-of-rotation"],
    ),
    (
        "declarer claimed and defenders disagree",
        &["law-70-disputed-claim", "law-68-claim-procedure"],
    ),
    (
        "partner hesitated",
        &[
            "law-16-unauthorised-information",
            "law-73-tempo-and-communication",
        ],
    ),
    (
        "wrong explanation of a bid",
        &[
            "law-21-misinformation",
            "law-75-mistaken-explanation-or-call",
        ],
    ),
    (
        "card shown during the bidding",
        &["law-24-card-exposed-during-auction"],
    ),
    ("took back a card", &["law-47-retraction-of-card-played"]),
];

/// Opens `index.html?q=…` from disk (no server: the site works offline)
/// and returns the chart ids listed, in order.
fn search_on_load(b: &mut super::Browser, site: &str, query: &str) -> Vec<String> {
    let url = format!("{site}index.html?q={}", query.replace(' ', "%20"));
    b.goto(&url);
    b.wait_for(
        "/match/.test(document.getElementById('search-count').textContent)",
        &format!("results for `{query}`"),
    );
    let hrefs = b.eval(
        "[...document.querySelectorAll('#search-results a')].map(a => a.getAttribute('href'))",
    );
    let hrefs: Vec<String> = serde_json::from_value(hrefs).expect("links");
    hrefs
        .iter()
        .map(|h| h.strip_suffix(".html").unwrap_or(h).to_string())
        .collect()
}

#[test]
#[ignore = "needs Chromium; run with --ignored (.ci/run does)"]
fn a_shared_search_address_finds_the_right_shipped_chart_first_from_disk() {
    let mut b = browser();
    let (_dir, site, _) = shipped_site();
    b.viewport(390, 844, true);
    let mut wrong = Vec::new();
    for (query, first) in DIRECTOR_PHRASES {
        let found = search_on_load(&mut b, &site, query);
        if !found.first().is_some_and(|id| first.contains(&id.as_str())) {
            wrong.push(format!("{query}: {:?}", &found[..found.len().min(3)]));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    // "led" is a whole word: Laws 53 and 54 come near the top, and charts
    // that only say "called" do not come at all.
    let led = search_on_load(&mut b, &site, "led");
    let near = |id: &str| led.iter().take(4).any(|l| l == id);
    assert!(
        near("law-53-lead-out-of-turn") && near("law-54-opening-lead-out-of-turn"),
        "{led:?}"
    );
    let input = b.eval("document.getElementById('search-input').value");
    assert_eq!(input, json!("led"), "the box shows the search");
    b.screenshot(&shots().join("phone-search.png"), false);
}
