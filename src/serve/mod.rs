//! `lawcharts serve`: build, serve `--out`/site on 127.0.0.1, watch the
//! charts (and the config) and rebuild when their content changes, and
//! reload the open pages once per rebuild, like `mdbook serve`. While a
//! chart does not check, the last good pages stay served with the
//! diagnostics in a banner above them.

mod page;
mod status;
mod watch;

use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use tiny_http::{Header, Request, Response, Server};

use crate::build;
use crate::config::{self, Config};
use crate::diagnostic;
use crate::exit::Exit;
use crate::lawbook::Editions;
use page::{RELOAD_JS, RELOAD_PATH};
use status::{Shared, Wait};
use watch::{Snapshot, Watched};

/// What `serve` was asked to do.
#[derive(Clone, Debug)]
pub struct Options {
    /// The folder of charts, watched.
    pub trees: PathBuf,
    /// The output folder, rebuilt.
    pub out: PathBuf,
    /// The config file, if named.
    pub config: Option<PathBuf>,
    /// The port on 127.0.0.1; 0 picks one.
    pub port: u16,
    /// The folder of other editions' indexes, if named (`laws/` otherwise);
    /// read again on every rebuild.
    pub laws: Option<PathBuf>,
}

/// The path pages ask for the build number (and may wait on; see
/// [`status::Wait`]).
const STATUS_PATH: &str = "/__lawcharts/status";
/// The longest a status request waits for a change before it answers with
/// the status as it is (the page then asks again).
const LONGEST_WAIT: Duration = Duration::from_secs(25);

/// Builds, then serves until the process is stopped.
pub fn serve(opts: &Options) -> anyhow::Result<Exit> {
    let watched = Watched {
        trees: opts.trees.clone(),
        config: opts
            .config
            .clone()
            .unwrap_or_else(|| PathBuf::from(config::DEFAULT_FILE)),
    };
    let shared = Arc::new(Shared::default());
    // Taken before the first build, so a change during it is seen.
    let snapshot = Snapshot::take(&watched);
    rebuild(opts, &shared);
    let server = Server::http(("127.0.0.1", opts.port))
        .map_err(|e| anyhow::anyhow!("cannot listen on 127.0.0.1:{}: {e}", opts.port))?;
    let addr = server
        .server_addr()
        .to_ip()
        .context("the server has no IP address")?;
    let (_watcher, events) = watch::start(&watched)?;
    let (watch_opts, watch_shared) = (opts.clone(), Arc::clone(&shared));
    std::thread::spawn(move || {
        watch::on_change(
            &watched,
            snapshot,
            &events,
            || rebuild(&watch_opts, &watch_shared),
            || watch_shared.scanned(),
        );
    });
    eprintln!(
        "serving http://{addr}/ (from `{}`; Ctrl-C stops)",
        opts.out.join("site").display()
    );
    let site = Arc::new(opts.out.join("site"));
    for request in server.incoming_requests() {
        // A status request may wait for the next build: each request has a
        // thread of its own, so one open page never holds up another.
        let (site, shared) = (Arc::clone(&site), Arc::clone(&shared));
        std::thread::spawn(move || {
            let response = respond(&request, &site, &shared);
            let _ = request.respond(response);
        });
    }
    Ok(Exit::Ok)
}

fn rebuild(opts: &Options, shared: &Shared) {
    let failure = match try_build(opts) {
        Ok(None) => None,
        Ok(Some(diagnostics)) => {
            eprint!("{diagnostics}");
            Some(diagnostics)
        }
        Err(err) => {
            eprintln!("error: {}", diagnostic::printable(&format!("{err:#}")));
            Some(format!("error: {err:#}\n"))
        }
    };
    let ok = failure.is_none();
    shared.built(failure);
    let build = shared.now().build;
    if ok {
        eprintln!("built `{}` (build {build})", opts.out.display());
    } else {
        eprintln!("the charts do not check (build {build}); the last good site stays served");
    }
}

/// `Ok(None)` when the build was written, `Ok(Some(text))` with the
/// diagnostics when a chart has errors.
fn try_build(opts: &Options) -> anyhow::Result<Option<String>> {
    let config = Config::load(opts.config.as_deref())?;
    let editions = Editions::load(opts.laws.as_deref())?;
    let outcome = build::build(&opts.trees, &opts.out, &config, &editions)?;
    let report = &outcome.report;
    let text = diagnostic::render_text(&report.diagnostics, &report.sources);
    Ok(outcome.written.is_none().then_some(text))
}

fn respond(request: &Request, site: &Path, shared: &Shared) -> Response<std::io::Cursor<Vec<u8>>> {
    let (url, query) = request.url().split_once('?').unwrap_or((request.url(), ""));
    let url = url.split('#').next().unwrap_or("/");
    match url {
        STATUS_PATH => {
            let status = shared.when(Wait::from_query(query), LONGEST_WAIT);
            let json = serde_json::to_vec(&status).expect("the status is plain data");
            return reply(200, "application/json", json);
        }
        RELOAD_PATH => return reply(200, "text/javascript", RELOAD_JS.into()),
        _ => {}
    }
    let status = shared.now();
    let is_page = url.ends_with('/') || url.ends_with(".html");
    let decorate = |page: String| {
        let page = match &status.error {
            Some(text) => page::with_banner(page, text),
            None => page,
        };
        page::with_reload(page, status.build)
    };
    let found = file_in(site, url).and_then(|path| Some((std::fs::read(&path).ok()?, path)));
    match found {
        Some((bytes, path)) => {
            let kind = content_type(&path);
            if kind.starts_with("text/html") {
                let page = String::from_utf8_lossy(&bytes).into_owned();
                reply(200, kind, decorate(page).into_bytes())
            } else {
                reply(200, kind, bytes)
            }
        }
        // No good page to show yet: the diagnostics are the page.
        None if is_page && status.error.is_some() => {
            let text = status.error.as_deref().unwrap_or_default();
            let page = page::with_reload(page::failure_page(text), status.build);
            reply(200, "text/html; charset=utf-8", page.into_bytes())
        }
        None => reply(404, "text/html", decorate(page::not_found()).into_bytes()),
    }
}

fn reply(status: u16, kind: &str, body: Vec<u8>) -> Response<std::io::Cursor<Vec<u8>>> {
    let header = |name: &str, value: &str| {
        Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("a valid header")
    };
    Response::from_data(body)
        .with_status_code(status)
        .with_header(header("Content-Type", kind))
        .with_header(header("Cache-Control", "no-store"))
        .with_header(header("X-Content-Type-Options", "nosniff"))
}

/// The file a URL path names inside `site`, if it names one there: no
/// `..`, no absolute parts; a folder means its `index.html`.
fn file_in(site: &Path, url: &str) -> Option<PathBuf> {
    let decoded = percent_decode(url)?;
    let relative = Path::new(decoded.trim_start_matches('/'));
    if decoded.contains('\\')
        || !relative
            .components()
            .all(|c| matches!(c, Component::Normal(_)))
    {
        return None;
    }
    let path = site.join(relative);
    let path = if path.is_dir() {
        path.join("index.html")
    } else {
        path
    };
    path.is_file().then_some(path)
}

fn percent_decode(url: &str) -> Option<String> {
    let bytes = url.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    let text = String::from_utf8(out).ok()?;
    (!text.contains('\0')).then_some(text)
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("json") => "application/json",
        _ => "text/plain; charset=utf-8",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn url_paths_cannot_leave_the_site_folder() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("index.html"), "x").unwrap();
        assert!(file_in(dir.path(), "/").is_some());
        assert!(file_in(dir.path(), "/index.html").is_some());
        for bad in [
            "/../x",
            "/%2e%2e/x",
            "/a/../../x",
            "/%00",
            "/..%5cx",
            "/nope.html",
        ] {
            assert_eq!(file_in(dir.path(), bad), None, "{bad}");
        }
    }
}
