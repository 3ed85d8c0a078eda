//! `lawcharts serve` without a browser: what it answers over plain HTTP
//! (pages, the reload status, diagnostics while charts are broken, nothing
//! outside the site folder), and when it rebuilds. No verdict depends on
//! timing: the tests wait on serve's own counters (a status request can
//! wait for the next scan or build), and the waits' limits only bound them.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::build::{EPOCH, site_fixture};
use super::{parts, run_in};

/// `lawcharts serve` on a free port, stopped when dropped.
pub struct Served {
    child: Child,
    /// `http://127.0.0.1:PORT/`.
    pub url: String,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `lawcharts serve --port 0` in `dir` and waits for its address.
pub fn serve(dir: &Path) -> Served {
    let child = Command::new(env!("CARGO_BIN_EXE_lawcharts"))
        .args(["serve", "--port", "0"])
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("SOURCE_DATE_EPOCH", EPOCH)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("lawcharts serve starts");
    let mut served = Served {
        child,
        url: String::new(),
    };
    let stderr = served.child.stderr.take().expect("stderr is piped");
    let mut lines = BufReader::new(stderr).lines();
    let mut seen = String::new();
    for line in lines.by_ref() {
        let line = line.expect("serve's stderr");
        if let Some(rest) = line.strip_prefix("serving ") {
            served.url = rest.split_whitespace().next().expect("a URL").to_string();
            std::thread::spawn(move || lines.for_each(drop));
            return served;
        }
        seen.push_str(&line);
        seen.push('\n');
    }
    panic!("lawcharts serve did not start:\n{seen}");
}

/// A plain HTTP/1.0 GET: (status line, body).
pub fn get(base: &str, path: &str) -> (String, String) {
    let host = base.trim_start_matches("http://").trim_end_matches('/');
    let mut stream = TcpStream::connect(host).expect("connect to serve");
    write!(stream, "GET {path} HTTP/1.0\r\nHost: {host}\r\n\r\n").expect("send request");
    let mut reply = String::new();
    stream.read_to_string(&mut reply).expect("read reply");
    let (head, body) = reply.split_once("\r\n\r\n").unwrap_or((&reply, ""));
    let status = head.lines().next().unwrap_or("").to_string();
    (status, body.to_string())
}

/// serve's status: `{"build": N, "scans": N, "error": null or text}`.
pub fn status(base: &str) -> Value {
    let (line, body) = get(base, "/__lawcharts/status");
    assert!(line.contains("200"), "{line}");
    serde_json::from_str(&body).expect("the status is JSON")
}

fn count(status: &Value, key: &str) -> u64 {
    status[key].as_u64().expect("a count")
}

/// The status once its `key` count is no longer `seen`. Each request waits
/// on serve's side until the count moves (or 25 s pass); the limit only
/// stops a broken serve from hanging the test.
pub fn status_after(base: &str, key: &str, seen: u64) -> Value {
    let limit = Instant::now() + Duration::from_secs(300);
    while Instant::now() < limit {
        let (_, body) = get(base, &format!("/__lawcharts/status?{key}={seen}"));
        let status: Value = serde_json::from_str(&body).expect("the status is JSON");
        if count(&status, key) != seen {
            return status;
        }
    }
    panic!("serve's `{key}` stayed {seen}");
}

/// Replaces a chart's content at once, as editors save (a new file renamed
/// over the old), so serve never sees it half written.
pub fn save(path: &Path, text: &str) {
    let temp = path.with_extension("saving");
    std::fs::write(&temp, text).expect("write the new content");
    std::fs::rename(&temp, path).expect("rename it over the chart");
}

/// Saves `chart` again with the bytes it has and waits until serve has
/// looked at the files: everything that happened before is then counted.
fn settle(base: &str, chart: &Path) -> Value {
    let scans = count(&status(base), "scans");
    let text = std::fs::read_to_string(chart).expect("read chart");
    save(chart, &text);
    status_after(base, "scans", scans)
}

#[test]
fn serve_answers_pages_with_the_reload_script_and_its_build_number() {
    let dir = site_fixture();
    let served = serve(dir.path());
    let (status_line, body) = get(&served.url, "/lead.html");
    assert!(status_line.contains("200"), "{status_line}");
    assert!(
        body.contains("<script src=\"/__lawcharts/reload.js\" data-build=\"1\"></script>\n</body>"),
        "{body}"
    );
    assert!(
        !body.contains("lawcharts-error"),
        "no banner while all is well"
    );
    let now = status(&served.url);
    assert_eq!(now["build"], 1);
    assert_eq!(now["error"], Value::Null);
    let (status, _) = get(&served.url, "/assets/style.css");
    assert!(status.contains("200"), "{status}");
}

#[test]
fn serve_gives_nothing_outside_the_site_folder() {
    let dir = site_fixture();
    let served = serve(dir.path());
    for path in [
        "/../trees/lead.yaml",
        "/%2e%2e/trees/lead.yaml",
        "/..%2ftrees/lead.yaml",
        "/nope.html",
    ] {
        let (status, body) = get(&served.url, path);
        assert!(status.contains("404"), "{path}: {status}");
        assert!(!body.contains("could-see-dummy"), "{path}");
    }
}

#[test]
fn serve_started_with_a_broken_chart_shows_the_diagnostics_on_every_page() {
    let dir = site_fixture();
    let chart = dir.path().join("trees/bid.yaml");
    let text = std::fs::read_to_string(&chart).expect("read");
    std::fs::write(
        &chart,
        text.replace("law: 27A1\n    answers", "law: 27Z\n    answers"),
    )
    .expect("write");
    let served = serve(dir.path());
    for path in ["/", "/lead.html"] {
        let (status, body) = get(&served.url, path);
        assert!(status.contains("200"), "{status}");
        assert!(body.contains("<h1>The charts do not check</h1>"), "{body}");
        assert!(body.contains("Law 27 has no clause Z"), "{body}");
        assert!(body.contains("trees/bid.yaml:7:10"), "{body}");
    }
    assert!(!dir.path().join("output").exists(), "nothing was written");
}

#[test]
fn reading_the_charts_rebuilds_nothing() {
    let dir = site_fixture();
    let served = serve(dir.path());
    let trees = dir.path().join("trees");
    for name in ["lead.yaml", "bid.yaml", "penalty.yaml"] {
        let mut text = String::new();
        std::fs::File::open(trees.join(name))
            .and_then(|mut f| f.read_to_string(&mut text))
            .expect("read a chart as `cat` does");
        assert!(!text.is_empty());
    }
    let (code, listed, _) = parts(&run_in(dir.path(), &["list"], ""));
    assert_eq!(code, 0);
    assert!(listed.contains("lead"), "{listed}");
    // A save of the same bytes is looked at, and is no change either.
    let after = settle(&served.url, &trees.join("lead.yaml"));
    assert_eq!(after["build"], 1, "nothing was rebuilt: {after}");
    let (_, page) = get(&served.url, "/lead.html");
    assert!(page.contains("data-build=\"1\""), "pages do not reload");
}

#[test]
fn one_edit_rebuilds_once_and_reloads_the_pages_once() {
    let dir = site_fixture();
    let served = serve(dir.path());
    let chart = dir.path().join("trees/lead.yaml");
    let text = std::fs::read_to_string(&chart).expect("read chart");
    let (_, page) = get(&served.url, "/lead.html");
    assert!(page.contains("data-build=\"1\""), "{page}");

    save(
        &chart,
        &text.replace("The lead stands; dummy is spread.", "Dummy goes down."),
    );
    let after = status_after(&served.url, "build", 1);
    assert_eq!(after["build"], 2, "{after}");
    assert_eq!(after["error"], Value::Null);
    // Everything the edit set off has been looked at: still one build.
    let after = settle(&served.url, &chart);
    assert_eq!(after["build"], 2, "one edit, one build: {after}");
    // A page open before the edit is waiting for a build other than 1: it
    // is answered once, with build 2, and reloads; the new page waits for a
    // build other than 2, which has not happened.
    let (_, page) = get(&served.url, "/lead.html");
    assert!(page.contains("Dummy goes down."), "the new build is served");
    assert!(page.contains("data-build=\"2\""), "{page}");
    let (_, reload) = get(&served.url, "/__lawcharts/reload.js");
    assert!(reload.contains("location.reload()"), "{reload}");
}

#[test]
fn an_edit_with_an_error_shows_it_above_the_last_good_page_until_it_is_fixed() {
    let dir = site_fixture();
    let served = serve(dir.path());
    let chart = dir.path().join("trees/lead.yaml");
    let text = std::fs::read_to_string(&chart).expect("read chart");

    save(
        &chart,
        &text.replace("start: could-see-dummy", "start: could-see-dumy"),
    );
    let broken = status_after(&served.url, "build", 1);
    let error = broken["error"].as_str().expect("the diagnostics");
    assert!(error.contains("trees/lead.yaml:8:8"), "{error}");
    assert!(error.contains("did you mean `could-see-dummy`?"), "{error}");
    let (line, page) = get(&served.url, "/lead.html");
    assert!(line.contains("200"), "{line}");
    let banner = page
        .split("<div id=\"lawcharts-error\"")
        .nth(1)
        .expect("the error banner");
    assert!(banner.contains("trees/lead.yaml:8:8"), "{banner}");
    assert!(
        page.contains("The lead stands; dummy is spread."),
        "the last good page stays served"
    );
    assert!(page.contains("data-build=\"2\""), "{page}");

    save(&chart, &text);
    let fixed = status_after(&served.url, "build", 2);
    assert_eq!(fixed["error"], Value::Null);
    let (_, page) = get(&served.url, "/lead.html");
    assert!(!page.contains("lawcharts-error"), "the banner is gone");
    assert!(page.contains("data-build=\"3\""), "{page}");
}
