//! A small Chrome DevTools Protocol client over one WebSocket: enough to
//! open a page in Debian's chromium, click and type as a user does, read the
//! page, take screenshots and print to PDF. No chromedriver, no downloads.

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// The chromium to drive: `$LAWCHARTS_CHROMIUM`, else the first of the usual
/// names found on `PATH`.
pub fn find_chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("LAWCHARTS_CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    let names = ["chromium", "chromium-browser", "google-chrome"];
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |n| dir.join(n)))
        .find(|p| p.is_file())
}

/// A headless chromium with one page attached.
pub struct Browser {
    child: Child,
    socket: WebSocket<MaybeTlsStream<TcpStream>>,
    session: String,
    next_id: u64,
    _profile: tempfile::TempDir,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Browser {
    /// Starts `chromium` headless and opens a blank page.
    pub fn launch(chromium: &Path) -> Browser {
        let profile = tempfile::tempdir().expect("profile dir");
        let mut child = Command::new(chromium)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--no-first-run",
                "--disable-component-update",
                "--disable-sync",
                "--hide-scrollbars",
                "--remote-debugging-port=0",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("chromium starts");
        let Ok(url) = devtools_url(&mut child) else {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium did not start DevTools");
        };
        let (mut socket, _) = tungstenite::connect(url.as_str()).expect("DevTools connects");
        if let MaybeTlsStream::Plain(stream) = socket.get_mut() {
            stream
                .set_read_timeout(Some(Duration::from_secs(30)))
                .expect("read timeout");
        }
        let mut browser = Browser {
            child,
            socket,
            session: String::new(),
            next_id: 0,
            _profile: profile,
        };
        let target = browser.call("Target.createTarget", json!({ "url": "about:blank" }));
        let target_id = target["targetId"]
            .as_str()
            .expect("a target id")
            .to_string();
        let attached = browser.call(
            "Target.attachToTarget",
            json!({ "targetId": target_id, "flatten": true }),
        );
        browser.session = attached["sessionId"]
            .as_str()
            .expect("a session")
            .to_string();
        browser.call("Page.enable", json!({}));
        browser
    }

    /// Sends a command (to the page once attached) and returns its result.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        match self.try_call(method, params) {
            Ok(result) => result,
            Err(error) => panic!("{method} failed: {error}"),
        }
    }

    /// [`Browser::call`], with DevTools' error as an `Err`.
    fn try_call(&mut self, method: &str, params: Value) -> Result<Value, Value> {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({ "id": id, "method": method, "params": params });
        if !self.session.is_empty() {
            message["sessionId"] = json!(self.session);
        }
        self.socket
            .send(Message::text(message.to_string()))
            .expect("send to DevTools");
        loop {
            let reply = self.socket.read().expect("DevTools answers");
            let Message::Text(text) = reply else { continue };
            let value: Value = serde_json::from_str(text.as_str()).expect("DevTools JSON");
            if value["id"] != json!(id) {
                continue;
            }
            if let Some(error) = value.get("error") {
                return Err(error.clone());
            }
            return Ok(value["result"].clone());
        }
    }

    /// Evaluates JavaScript in the page and returns its value.
    pub fn eval(&mut self, js: &str) -> Value {
        let params = json!({ "expression": js, "returnByValue": true, "awaitPromise": true });
        // A click on an answer moves to its step (a navigation within the
        // page); a script sent in that moment is refused as sent to a page
        // that has gone, and is sent again once the page is back.
        let mut tries = 0;
        let result = loop {
            match self.try_call("Runtime.evaluate", params.clone()) {
                Ok(result) => break result,
                Err(error) if tries < 50 && error.to_string().contains("navigated or closed") => {
                    tries += 1;
                    std::thread::sleep(Duration::from_millis(100));
                }
                Err(error) => panic!("Runtime.evaluate failed: {error}"),
            }
        };
        if let Some(e) = result.get("exceptionDetails") {
            panic!("script failed: {e}\n{js}");
        }
        result["result"]["value"].clone()
    }

    /// Waits for `js` to be true (at most a minute, a bound for a broken
    /// page, not a measure: a loaded machine may take seconds).
    pub fn wait_for(&mut self, js: &str, what: &str) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline {
            // A page in the middle of loading may have no body yet: not yet true.
            let check = format!(
                "(() => {{ try {{ return Boolean({js}); }} catch (e) {{ return false; }} }})()"
            );
            if self.eval(&check) == json!(true) {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        panic!("timed out waiting for {what} ({js})");
    }

    /// Opens `url` and waits for it to load.
    pub fn goto(&mut self, url: &str) {
        self.call("Page.navigate", json!({ "url": url }));
        self.wait_for(
            &format!(
                "location.href === {} && document.readyState === 'complete'",
                json!(url)
            ),
            url,
        );
    }

    /// Sets the window size; `mobile` emulates a phone.
    pub fn viewport(&mut self, width: u32, height: u32, mobile: bool) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile }),
        );
    }

    /// Clicks with the mouse in the middle of the element `js` evaluates to.
    pub fn click(&mut self, js: &str) {
        let at = self.eval(&format!(
            "(() => {{ const e = {js}; e.scrollIntoView({{block: 'center'}}); \
             const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()"
        ));
        let (x, y) = (at[0].as_f64().expect("x"), at[1].as_f64().expect("y"));
        for kind in ["mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({ "type": kind, "x": x, "y": y, "button": "left", "clickCount": 1 }),
            );
        }
    }

    /// Presses one key (`Tab`, `Enter`) as the keyboard does.
    pub fn press(&mut self, key: &str, code: u32) {
        let text = if key == "Enter" { "\r" } else { "" };
        for kind in ["keyDown", "keyUp"] {
            self.call(
                "Input.dispatchKeyEvent",
                json!({ "type": kind, "key": key, "code": key, "windowsVirtualKeyCode": code, "text": text }),
            );
        }
    }

    /// Types text into the focused element.
    pub fn type_text(&mut self, text: &str) {
        self.call("Input.insertText", json!({ "text": text }));
    }

    /// Saves a PNG of the viewport (or the full page) and returns its bytes.
    pub fn screenshot(&mut self, path: &Path, full_page: bool) -> Vec<u8> {
        let shot = self.call(
            "Page.captureScreenshot",
            json!({ "format": "png", "captureBeyondViewport": full_page }),
        );
        let png = base64(shot["data"].as_str().expect("image data"));
        std::fs::write(path, &png).expect("write screenshot");
        png
    }

    /// Prints the page to PDF with its own `@page` size.
    pub fn pdf(&mut self) -> Vec<u8> {
        let pdf = self.call(
            "Page.printToPDF",
            json!({ "preferCSSPageSize": true, "printBackground": true }),
        );
        base64(pdf["data"].as_str().expect("PDF data"))
    }
}

/// Reads chromium's standard error up to the DevTools address, then keeps
/// draining it so chromium never blocks on a full pipe.
fn devtools_url(child: &mut Child) -> Result<String, String> {
    let stderr = child.stderr.take().expect("stderr is piped");
    let mut lines = BufReader::new(stderr).lines();
    let mut seen = String::new();
    while let Some(Ok(line)) = lines.next() {
        if let Some(url) = line.strip_prefix("DevTools listening on ") {
            std::thread::spawn(move || lines.for_each(drop));
            return Ok(url.trim().to_string());
        }
        seen.push_str(&line);
        seen.push('\n');
    }
    eprintln!("{seen}");
    Err(seen)
}

/// Standard base64 (as DevTools sends images and PDFs).
fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let clean: Vec<u8> = text.bytes().filter(|b| !b"=\r\n".contains(b)).collect();
    let mut out = Vec::with_capacity(clean.len() * 3 / 4);
    for chunk in clean.chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &c)| n | u32::from(value(c)) << (18 - 6 * i));
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&bytes[..chunk.len() - 1]);
    }
    out
}

/// Width and height of a PNG, from its header.
pub fn png_size(png: &[u8]) -> (u32, u32) {
    assert_eq!(&png[1..4], b"PNG", "a PNG");
    let word = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().expect("4 bytes"));
    (word(16), word(20))
}

/// How many pages a PDF has (its page objects).
pub fn pdf_pages(pdf: &[u8]) -> usize {
    let text = String::from_utf8_lossy(pdf);
    text.matches("/Type /Page").count() - text.matches("/Type /Pages").count()
}
