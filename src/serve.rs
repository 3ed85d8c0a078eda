//! `lawcharts serve`: build, serve `--out`/site on 127.0.0.1, watch the
//! charts (and the config) and rebuild on every change, and reload the open
//! pages, like `mdbook serve`. While a chart does not check, every page
//! shows the diagnostics instead; the last good output stays on disk.

use std::path::{Component, Path, PathBuf};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::Context as _;
use notify::{RecursiveMode, Watcher};
use tiny_http::{Header, Request, Response, Server};

use crate::build;
use crate::cli::Exit;
use crate::config::{self, Config};
use crate::diagnostic;

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
}

/// The last build: its number (pages poll it to reload) and, if it failed,
/// what to show instead of the pages.
#[derive(Debug, Default)]
struct State {
    generation: u64,
    failure: Option<String>,
}

type Shared = Arc<Mutex<State>>;

/// The path pages poll for the build number.
const STATUS_PATH: &str = "/__lawcharts/status";
/// The reload script every served page gets.
const RELOAD_PATH: &str = "/__lawcharts/reload.js";
const RELOAD_JS: &str = "(function(){var seen=null;function poll(){fetch('/__lawcharts/status',{cache:'no-store'}).then(function(r){return r.text();}).then(function(g){if(seen!==null&&g!==seen){location.reload();}seen=g;}).catch(function(){}).then(function(){setTimeout(poll,700);});}poll();})();\n";

/// Builds, then serves until the process is stopped.
pub fn serve(opts: &Options) -> anyhow::Result<Exit> {
    let state: Shared = Arc::default();
    rebuild(opts, &state);
    let server = Server::http(("127.0.0.1", opts.port))
        .map_err(|e| anyhow::anyhow!("cannot listen on 127.0.0.1:{}: {e}", opts.port))?;
    let addr = server
        .server_addr()
        .to_ip()
        .context("the server has no IP address")?;
    let (_watcher, changes) = watch(opts)?;
    let (watch_opts, watch_state) = (opts.clone(), Arc::clone(&state));
    std::thread::spawn(move || rebuild_on_change(&watch_opts, &watch_state, &changes));
    eprintln!(
        "serving http://{addr}/ (from `{}`; Ctrl-C stops)",
        opts.out.join("site").display()
    );
    let site = opts.out.join("site");
    for request in server.incoming_requests() {
        let response = respond(&request, &site, &state);
        let _ = request.respond(response);
    }
    Ok(Exit::Ok)
}

fn rebuild(opts: &Options, state: &Shared) {
    let failure = match try_build(opts) {
        Ok(None) => {
            eprintln!("built `{}`", opts.out.display());
            None
        }
        Ok(Some(diagnostics)) => {
            eprint!("{diagnostics}");
            Some(diagnostics)
        }
        Err(err) => {
            eprintln!("error: {}", diagnostic::printable(&format!("{err:#}")));
            Some(format!("error: {err:#}\n"))
        }
    };
    let mut state = state.lock().expect("the state lock is never poisoned");
    state.generation += 1;
    state.failure = failure;
}

/// `Ok(None)` when the build was written, `Ok(Some(text))` with the
/// diagnostics when a chart has errors.
fn try_build(opts: &Options) -> anyhow::Result<Option<String>> {
    let config = Config::load(opts.config.as_deref())?;
    let outcome = build::build(&opts.trees, &opts.out, &config)?;
    let report = &outcome.report;
    let text = diagnostic::render_text(&report.diagnostics, &report.sources);
    Ok(outcome.written.is_none().then_some(text))
}

/// Watches the charts folder and the config file's folder; sends a unit for
/// every change to a chart or the config.
fn watch(opts: &Options) -> anyhow::Result<(notify::RecommendedWatcher, Receiver<()>)> {
    let (tx, rx) = channel();
    let config = opts
        .config
        .clone()
        .unwrap_or_else(|| PathBuf::from(config::DEFAULT_FILE));
    let config_name = config.file_name().map(|n| n.to_os_string());
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        let Ok(event) = event else { return };
        let relevant = event.paths.iter().any(|p| {
            let yaml = matches!(p.extension().and_then(|e| e.to_str()), Some("yaml" | "yml"));
            yaml || p.file_name().map(|n| n.to_os_string()) == config_name
        });
        if relevant {
            let _ = tx.send(());
        }
    })
    .context("cannot watch for changes")?;
    watcher
        .watch(&opts.trees, RecursiveMode::NonRecursive)
        .with_context(|| format!("cannot watch `{}`", opts.trees.display()))?;
    let config_dir = match config.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    // The config may not exist; then only the charts are watched.
    let _ = watcher.watch(&config_dir, RecursiveMode::NonRecursive);
    Ok((watcher, rx))
}

fn rebuild_on_change(opts: &Options, state: &Shared, changes: &Receiver<()>) {
    while changes.recv().is_ok() {
        // An editor's save is often several events: take them all first.
        while changes.recv_timeout(Duration::from_millis(150)).is_ok() {}
        rebuild(opts, state);
    }
}

fn respond(request: &Request, site: &Path, state: &Shared) -> Response<std::io::Cursor<Vec<u8>>> {
    let url = request.url().split(['?', '#']).next().unwrap_or("/");
    let (generation, failure) = {
        let state = state.lock().expect("the state lock is never poisoned");
        (state.generation, state.failure.clone())
    };
    match url {
        STATUS_PATH => return reply(200, "text/plain", generation.to_string().into_bytes()),
        RELOAD_PATH => return reply(200, "text/javascript", RELOAD_JS.into()),
        _ => {}
    }
    let is_page = url.ends_with('/') || url.ends_with(".html");
    if let Some(text) = failure.filter(|_| is_page) {
        let page = with_reload(failure_page(&text)).into_bytes();
        return reply(200, "text/html; charset=utf-8", page);
    }
    let Some(path) = file_in(site, url) else {
        return reply(404, "text/html", with_reload(not_found()).into_bytes());
    };
    let kind = content_type(&path);
    match std::fs::read(&path) {
        Ok(bytes) if kind.starts_with("text/html") => {
            let page = String::from_utf8_lossy(&bytes).into_owned();
            reply(200, kind, with_reload(page).into_bytes())
        }
        Ok(bytes) => reply(200, kind, bytes),
        Err(_) => reply(404, "text/html", with_reload(not_found()).into_bytes()),
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

fn with_reload(page: String) -> String {
    let tag = format!("<script src=\"{RELOAD_PATH}\"></script>\n");
    match page.rfind("</body>") {
        Some(at) => format!("{}{tag}{}", &page[..at], &page[at..]),
        None => page + &tag,
    }
}

fn failure_page(diagnostics: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>Charts do not check</title>\n<style>{}</style>\n</head>\n<body>\n\
         <main id=\"main\">\n<h1>The charts do not check</h1>\n\
         <p>Fix the problems below and save; this page reloads by itself.</p>\n\
         <pre class=\"diagnostics\">{}</pre>\n</main>\n</body>\n</html>\n",
        crate::render::html::STYLE_CSS,
        escape_html(diagnostics)
    )
}

fn not_found() -> String {
    "<!DOCTYPE html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>Not found</title></head>\n\
     <body><main><h1>Not found</h1><p><a href=\"/\">All charts</a></p></main></body>\n</html>\n"
        .to_string()
}

fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
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

    #[test]
    fn served_pages_get_the_reload_script_before_the_body_ends() {
        assert_eq!(
            with_reload("<body>x</body>".into()),
            "<body>x<script src=\"/__lawcharts/reload.js\"></script>\n</body>"
        );
    }

    #[test]
    fn diagnostics_are_escaped_in_the_failure_page() {
        let page = failure_page("error: `<script>` in chart\n");
        assert!(page.contains("error: `&lt;script&gt;` in chart"), "{page}");
    }
}
