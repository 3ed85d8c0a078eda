//! End to end in a real browser (Debian's chromium, which `.ci/run`
//! installs): `lawcharts serve` serves the fixture site on 127.0.0.1, and a
//! director steps through a chart on a phone, with and without JavaScript,
//! by mouse and by keyboard; the index search, print on one A4 page, and
//! serve's reload once per change and its error banner. Screenshots land in
//! `target/tmp/e2e/`. Every test here is ignored by a plain `cargo test`:
//! run them with `cargo test --locked --test cli browser -- --ignored`.

mod cdp;
mod shipped;

use std::path::{Path, PathBuf};

use serde_json::json;

use super::build::site_fixture;
use super::serve::{save, serve, status, status_after};
use cdp::{Browser, find_chromium, pdf_pages, png_size};

/// The browser. These tests are `#[ignore]`d, so `cargo test` on a machine
/// with only the Rust toolchain reports them as ignored rather than passing
/// them unrun; `.ci/run` installs chromium and runs them with `--ignored`,
/// and there a missing chromium fails them.
fn browser() -> Browser {
    match find_chromium() {
        Some(path) => Browser::launch(&path),
        None => panic!("chromium is not on PATH (apt-get install chromium; .ci/run installs it)"),
    }
}

fn shots() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("e2e");
    std::fs::create_dir_all(&dir).expect("screenshot folder");
    dir
}

/// The ids of the steps on show.
fn visible_steps(b: &mut Browser) -> Vec<String> {
    let ids = b.eval(
        "[...document.querySelectorAll('.walk .step')]\
         .filter(s => getComputedStyle(s).display !== 'none').map(s => s.id)",
    );
    serde_json::from_value(ids).expect("a list of ids")
}

/// The answer link with this label in the step on show.
fn answer(label: &str) -> String {
    format!(
        "[...[...document.querySelectorAll('.walk .step')]\
         .find(s => getComputedStyle(s).display !== 'none')\
         .querySelectorAll('a.answer')].find(a => a.textContent.trim() === {})",
        json!(label)
    )
}

fn choose(b: &mut Browser, label: &str, then_step: &str) {
    b.click(&answer(label));
    b.wait_for(
        &format!("location.hash === '#{then_step}'"),
        &format!("`{label}` to lead to {then_step}"),
    );
    assert_eq!(visible_steps(b), [then_step], "after `{label}`");
}

fn step_text(b: &mut Browser, step: &str) -> String {
    let text = b.eval(&format!("document.getElementById('{step}').innerText"));
    text.as_str().expect("text").to_string()
}

#[test]
#[ignore = "needs Chromium; run with --ignored (.ci/run does)"]
fn a_director_steps_through_a_chart_on_a_phone_and_reaches_the_ruling() {
    let mut b = browser();
    let dir = site_fixture();
    let served = serve(dir.path());
    b.viewport(390, 844, true);
    b.goto(&format!("{}lead.html", served.url));
    assert_eq!(visible_steps(&mut b), ["step-could-see-dummy"]);
    let start = b.screenshot(&shots().join("phone-start.png"), false);
    assert_eq!(png_size(&start), (390, 844));

    choose(&mut b, "No", "step-declarer-chooses");
    choose(&mut b, "Refuse", "step-refuse");
    choose(&mut b, "Done: next step", "step-restriction");
    let ruling = step_text(&mut b, "step-restriction");
    assert!(
        ruling.contains("Declarer chooses a lead restriction."),
        "{ruling}"
    );
    assert!(ruling.contains("Law 50D2"), "{ruling}");
    // The trail is written by the page's script once the step has shown.
    b.wait_for(
        "document.getElementById('trail').innerText.includes('Refuse')",
        "the trail to show the answers given",
    );
    let trail = b.eval("document.getElementById('trail').innerText");
    let trail = trail.as_str().expect("trail text");
    assert!(
        trail.contains("Which option does declarer choose? Refuse"),
        "{trail}"
    );
    b.screenshot(&shots().join("phone-ruling.png"), true);

    let fits = b.eval("document.documentElement.scrollWidth <= window.innerWidth");
    assert_eq!(fits, json!(true), "nothing is wider than the phone");
    let smallest = b.eval(
        "Math.min(...[...document.querySelectorAll('a.answer')]\
         .filter(a => a.offsetParent).map(a => a.getBoundingClientRect().height))",
    );
    assert!(
        smallest.as_f64().expect("a height") >= 44.0,
        "answer buttons are {smallest}px tall"
    );

    b.click(&answer(
        "Continue in: Penalty card, at “Which lead restriction does declarer choose?”",
    ));
    b.wait_for(
        "location.pathname.endsWith('/penalty.html') && document.readyState === 'complete'",
        "the hand-over",
    );
    assert_eq!(visible_steps(&mut b), ["step-choose"]);
}

#[test]
#[ignore = "needs Chromium; run with --ignored (.ci/run does)"]
fn the_step_through_works_with_javascript_off() {
    let mut b = browser();
    let dir = site_fixture();
    let served = serve(dir.path());
    b.call(
        "Emulation.setScriptExecutionDisabled",
        json!({ "value": true }),
    );
    b.viewport(390, 844, true);
    b.goto(&format!("{}lead.html", served.url));
    assert_eq!(visible_steps(&mut b), ["step-could-see-dummy"]);
    choose(&mut b, "Yes", "step-must-accept");
    let ruling = step_text(&mut b, "step-must-accept");
    assert!(ruling.contains("Declarer must accept the lead"), "{ruling}");
    assert!(
        ruling.contains("You could have seen dummy"),
        "the say text: {ruling}"
    );
    b.screenshot(&shots().join("phone-no-script.png"), false);

    b.goto(&served.url);
    let shown =
        b.eval("[...document.querySelectorAll('.entry')].filter(e => e.offsetParent).length");
    assert_eq!(
        shown,
        json!(3),
        "without a script the index is the full list"
    );
    assert_eq!(
        b.eval("document.getElementById('search').hidden"),
        json!(true)
    );
}

#[test]
#[ignore = "needs Chromium; run with --ignored (.ci/run does)"]
fn the_keyboard_alone_reaches_an_answer_and_a_drawn_box_leads_to_its_step() {
    let mut b = browser();
    let dir = site_fixture();
    let served = serve(dir.path());
    b.viewport(1280, 900, false);
    b.goto(&format!("{}lead.html", served.url));
    for _ in 0..30 {
        b.press("Tab", 9);
        let on = b.eval("document.activeElement.textContent.trim()");
        if on == json!("No") {
            break;
        }
    }
    assert_eq!(
        b.eval("document.activeElement.textContent.trim()"),
        json!("No")
    );
    b.press("Enter", 13);
    b.wait_for(
        "location.hash === '#step-declarer-chooses'",
        "Enter to follow the link",
    );
    b.wait_for(
        "document.activeElement.id === 'step-declarer-chooses-h'",
        "focus on the new question",
    );
    b.screenshot(&shots().join("desktop-step.png"), false);

    b.click("document.getElementById('node-accept')");
    b.wait_for(
        "location.hash === '#step-accept'",
        "a drawn box to lead to its step",
    );
    assert_eq!(visible_steps(&mut b), ["step-accept"]);
    b.eval("document.getElementById('chart').scrollIntoView()");
    b.screenshot(&shots().join("desktop-chart.png"), false);
}

/// The hrefs listed in `#search-results`, in order.
fn results(b: &mut Browser) -> serde_json::Value {
    b.eval("[...document.querySelectorAll('#search-results a')].map(a => a.getAttribute('href'))")
}

/// Types `query` into the search box, as a person does, and waits for the
/// count line to answer.
fn search_for(b: &mut Browser, query: &str) {
    b.eval(
        "(() => { const i = document.getElementById('search-input'); \
         i.value = ''; i.dispatchEvent(new Event('input')); })()",
    );
    b.click("document.getElementById('search-input')");
    b.type_text(query);
    if !query.is_empty() {
        b.wait_for(
            "/match/.test(document.getElementById('search-count').textContent)",
            &format!("results for `{query}`"),
        );
    }
}

#[test]
#[ignore = "needs Chromium; run with --ignored (.ci/run does)"]
fn the_index_finds_charts_by_situation_law_number_and_law_title_best_first() {
    let mut b = browser();
    let dir = site_fixture();
    // Chart text that looks like markup is shown as text in the results.
    std::fs::write(
        dir.path().join("trees/hostile.yaml"),
        "title: \"<img src=x onerror=document.title='owned'> Revoke\"\nlaws: [\"64\"]\n\
         start: r\nnodes:\n  r:\n    ruling: Two tricks.\n    law: 64A1\n",
    )
    .expect("hostile chart");
    let served = serve(dir.path());
    b.viewport(390, 844, true);
    b.goto(&served.url);
    b.screenshot(&shots().join("phone-index.png"), false);
    for (query, expected) in [
        ("27", vec!["bid.html"]),
        ("law 50", vec!["penalty.html"]),
        ("commencement", vec!["lead.html"]),
        ("wrong defender", vec!["lead.html"]),
        ("someone led out of turn", vec!["lead.html", "penalty.html"]),
        ("called", vec![]),
        ("revoked", vec!["hostile.html"]),
    ] {
        search_for(&mut b, query);
        assert_eq!(results(&mut b), json!(expected), "search `{query}`");
    }
    let shown = b.eval("document.querySelector('#search-results a').textContent");
    assert_eq!(
        shown,
        json!("<img src=x onerror=document.title='owned'> Revoke")
    );
    assert_ne!(b.eval("document.title"), json!("owned"));
    assert_eq!(
        b.eval("location.search"),
        json!("?q=revoked"),
        "the address carries the search, to share it"
    );
    search_for(&mut b, "");
    assert_eq!(
        b.eval("document.getElementById('search-results').hidden"),
        json!(true)
    );
    let groups =
        b.eval("[...document.querySelectorAll('.period-group')].filter(g => !g.hidden).length");
    assert_eq!(
        groups,
        json!(2),
        "an empty search shows the whole list again"
    );
}

#[test]
#[ignore = "needs Chromium; run with --ignored (.ci/run does)"]
fn print_puts_the_chart_on_one_a4_page() {
    let mut b = browser();
    let dir = site_fixture();
    let served = serve(dir.path());
    b.goto(&format!("{}lead.html", served.url));
    let pdf = b.pdf();
    assert_eq!(pdf_pages(&pdf), 1, "one A4 page");
    std::fs::write(shots().join("print.pdf"), &pdf).expect("write PDF");
    b.call("Emulation.setEmulatedMedia", json!({ "media": "print" }));
    b.viewport(794, 1123, false);
    let shot = b.screenshot(&shots().join("print-width.png"), false);
    assert_eq!(png_size(&shot), (794, 1123));
    let walk = b.eval("getComputedStyle(document.getElementById('walk')).display");
    assert_eq!(walk, json!("none"), "the step-through is not printed");
}

#[test]
#[ignore = "needs Chromium; run with --ignored (.ci/run does)"]
fn serve_reloads_once_per_change_and_shows_an_error_above_the_last_good_page() {
    let mut b = browser();
    let dir = site_fixture();
    let served = serve(dir.path());
    // Every load of a page counts itself in the tab's session storage.
    b.call(
        "Page.addScriptToEvaluateOnNewDocument",
        json!({ "source": "sessionStorage.loads = String(Number(sessionStorage.loads || 0) + 1);" }),
    );
    b.goto(&format!("{}lead.html", served.url));
    let loads = |b: &mut Browser| b.eval("Number(sessionStorage.loads)");
    assert_eq!(loads(&mut b), json!(1));
    let chart = dir.path().join("trees/lead.yaml");
    let text = std::fs::read_to_string(&chart).expect("read chart");

    let changed = text.replace(
        "The lead stands; dummy is spread.",
        "The lead stands; dummy goes down.",
    );
    save(&chart, &changed);
    b.wait_for(
        "document.body.innerText.includes('dummy goes down')",
        "a reload with the change",
    );
    // Reading the charts and saving the same bytes change nothing: once
    // serve has looked, the page has still loaded twice (start and edit).
    std::fs::read(&chart).expect("read chart");
    let scans = status(&served.url)["scans"].as_u64().expect("scans");
    save(&chart, &changed);
    status_after(&served.url, "scans", scans);
    assert_eq!(status(&served.url)["build"], json!(2));
    b.wait_for("document.readyState === 'complete'", "the page");
    assert_eq!(loads(&mut b), json!(2), "one reload for one change");

    save(
        &chart,
        &text.replace("start: could-see-dummy", "start: could-see-dumy"),
    );
    b.wait_for(
        "document.getElementById('lawcharts-error') !== null",
        "the error banner",
    );
    let shown = b.eval("document.getElementById('lawcharts-error').innerText");
    let shown = shown.as_str().expect("diagnostics");
    assert!(shown.contains("trees/lead.yaml:8:8"), "{shown}");
    assert!(shown.contains("did you mean `could-see-dummy`?"), "{shown}");
    let page = b.eval("document.body.innerText");
    assert!(
        page.as_str().expect("text").contains("dummy goes down"),
        "the last good page stays below the banner"
    );
    b.screenshot(&shots().join("serve-diagnostics.png"), false);

    save(&chart, &text);
    b.wait_for(
        "document.getElementById('lawcharts-error') === null \
         && document.body.innerText.includes('dummy is spread')",
        "the chart again, without the banner",
    );
}
