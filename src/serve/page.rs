//! What `serve` adds to the pages it serves: the reload script (with the
//! build the page comes from) and, while the charts do not check, a banner
//! with the diagnostics above the last good page, or a page of its own when
//! there is no good page yet.

/// The path of the reload script.
pub const RELOAD_PATH: &str = "/__lawcharts/reload.js";
/// The reload script: waits for the next build, then reloads once.
pub const RELOAD_JS: &str = include_str!("../../templates/assets/serve-reload.js");

/// `page` with the reload script before `</body>`, told which build the
/// page belongs to.
pub fn with_reload(page: String, build: u64) -> String {
    let tag = format!("<script src=\"{RELOAD_PATH}\" data-build=\"{build}\"></script>\n");
    match page.rfind("</body>") {
        Some(at) => format!("{}{tag}{}", &page[..at], &page[at..]),
        None => page + &tag,
    }
}

/// `page` with a banner showing `diagnostics` first in its body.
pub fn with_banner(page: String, diagnostics: &str) -> String {
    let body = page
        .find("<body")
        .and_then(|at| page[at..].find('>').map(|end| at + end + 1));
    let banner = banner(diagnostics);
    match body {
        Some(at) => format!("{}\n{banner}{}", &page[..at], &page[at..]),
        None => banner + &page,
    }
}

fn banner(diagnostics: &str) -> String {
    format!(
        "<div id=\"lawcharts-error\" role=\"alert\" style=\"position:sticky;top:0;z-index:100;\
         max-height:60vh;overflow:auto;margin:0;padding:.75rem 1rem;background:#fff1f0;\
         color:#222;border-bottom:3px solid #b3261e;font:15px/1.4 sans-serif\">\n\
         <strong>The charts do not check.</strong> This is the last good build; \
         fix the problem below and save, and this page updates by itself.\n\
         <pre style=\"white-space:pre-wrap;margin:.5rem 0 0;font:13px/1.35 monospace\">{}</pre>\n\
         </div>\n",
        escape_html(diagnostics)
    )
}

/// The page served while the charts do not check and there is no good
/// page to show.
pub fn failure_page(diagnostics: &str) -> String {
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

/// The page for a path the site does not have.
pub fn not_found() -> String {
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
    fn served_pages_get_the_reload_script_with_their_build_before_the_body_ends() {
        assert_eq!(
            with_reload("<body>x</body>".into(), 4),
            "<body>x<script src=\"/__lawcharts/reload.js\" data-build=\"4\"></script>\n</body>"
        );
    }

    #[test]
    fn the_banner_comes_first_in_the_body_and_is_escaped() {
        let page = with_banner(
            "<html><body class=\"c\"><main>x</main></body></html>".into(),
            "error: `<script>` & co\n",
        );
        let (head, rest) = page.split_once("<body class=\"c\">\n").expect("body kept");
        assert_eq!(head, "<html>");
        assert!(
            rest.starts_with("<div id=\"lawcharts-error\" role=\"alert\""),
            "{rest}"
        );
        assert!(
            rest.contains("error: `&lt;script&gt;` &amp; co\n</pre>"),
            "{rest}"
        );
        assert!(
            rest.ends_with("</div>\n<main>x</main></body></html>"),
            "{rest}"
        );
    }

    #[test]
    fn diagnostics_are_escaped_in_the_failure_page() {
        let page = failure_page("error: `<script>` in chart\n");
        assert!(page.contains("error: `&lt;script&gt;` in chart"), "{page}");
    }
}
