//! `lawcharts serve` without a browser: what it answers over plain HTTP
//! (pages, the reload status, diagnostics while charts are broken, nothing
//! outside the site folder).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};

use super::build::{EPOCH, site_fixture};

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

#[test]
fn serve_answers_pages_with_the_reload_script_and_its_build_number() {
    let dir = site_fixture();
    let served = serve(dir.path());
    let (status, body) = get(&served.url, "/lead.html");
    assert!(status.contains("200"), "{status}");
    assert!(
        body.contains("<script src=\"/__lawcharts/reload.js\"></script>\n</body>"),
        "{body}"
    );
    let (status, body) = get(&served.url, "/__lawcharts/status");
    assert!(status.contains("200"), "{status}");
    assert_eq!(body, "1");
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
