use super::*;

#[test]
fn raw_html_in_chart_text_is_shown_as_text() {
    let html = to_html("Ask <script>alert(1)</script> <b>now</b>");
    assert_eq!(
        html,
        "<p>Ask &lt;script&gt;alert(1)&lt;/script&gt; &lt;b&gt;now&lt;/b&gt;</p>\n"
    );
    let block = to_html("<div onclick=\"x()\">\nhi\n</div>\n");
    assert!(!block.contains("<div"), "{block}");
    assert!(block.contains("&lt;div onclick=\"x()\"&gt;"), "{block}");
}

#[test]
fn javascript_and_data_links_keep_their_text_but_lose_the_link() {
    for url in [
        "javascript:alert(1)",
        "JavaScript:alert(1)",
        "java\tscript:alert(1)",
        "data:text/html;base64,PHNjcmlwdD4=",
        "vbscript:x",
    ] {
        let text = format!("[click](<{url}>) here");
        assert_eq!(to_html(&text), "<p>click here</p>\n", "{url}");
    }
    assert_eq!(
        to_html("<javascript:alert(1)>"),
        "<p>javascript:alert(1)</p>\n"
    );
    assert_eq!(to_html("[x](&#106;avascript:alert(1))"), "<p>x</p>\n");
}

#[test]
fn safe_links_stay_links() {
    assert_eq!(
        to_html("[Law 54](https://example.org/54) and [the card](law-50.html#step-a)"),
        "<p><a href=\"https://example.org/54\">Law 54</a> and <a href=\"law-50.html#step-a\">the card</a></p>\n"
    );
    assert!(is_safe_url("mailto:td@example.org"));
    assert!(is_safe_url("page.html?a=b:c"));
    assert!(!is_safe_url(" data:x"));
}

#[test]
fn images_become_their_alt_text() {
    assert_eq!(
        to_html("see ![a chart](https://evil.example/x.png)"),
        "<p>see a chart</p>\n"
    );
}

#[test]
fn headings_in_chart_text_become_bold_paragraphs() {
    assert_eq!(to_html("# Big"), "<p><strong>Big</strong></p>\n");
}

#[test]
fn a_lone_paragraph_is_inline() {
    assert_eq!(
        to_inline_html("Is it *face up*?"),
        "Is it <em>face up</em>?"
    );
    assert_eq!(to_inline_html("a\n\nb"), "<p>a</p>\n<p>b</p>\n");
}

#[test]
fn plain_text_drops_markup_and_joins_lines() {
    assert_eq!(
        to_plain("Is it **face up**?\nSee [Law 54](https://x.org) <b>now</b>"),
        "Is it face up? See Law 54 <b>now</b>"
    );
    assert_eq!(
        to_plain("Options:\n1. accept\n2. refuse"),
        "Options: 1. accept 2. refuse"
    );
}

#[test]
fn markdown_text_escapes_everything_that_could_be_markup() {
    assert_eq!(
        escape_text("*a* _b_ [c](d) <e> # | ~ & $ `f` \\"),
        "\\*a\\* \\_b\\_ \\[c\\](d) \\<e\\> \\# \\| \\~ \\& \\$ \\`f\\` \\\\"
    );
    assert_eq!(escape_text("- not a list"), "\\- not a list");
    assert_eq!(escape_text("12. not a list"), "12\\. not a list");
    assert_eq!(escape_text("line\n# one"), "line \\# one");
}

#[test]
fn markdown_is_written_again_with_its_structure() {
    let text =
        "Say **this**:\n\n1. accept\n2. refuse *the lead*\n\nSee [Law 54](https://x.org/54).";
    assert_eq!(
        to_markdown(text, "    "),
        "Say **this**:\n\n    1. accept\n    2. refuse *the lead*\n\n    See [Law 54](https://x.org/54)."
    );
}

#[test]
fn markdown_output_keeps_hostile_text_as_text() {
    let text = "<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1)) ```\n- item";
    let md = to_markdown(text, "");
    assert_eq!(
        md,
        "\\<img src=x onerror=alert(1)\\>\n\nx \\`\\`\\`\n\n- item"
    );
    let html = to_html(&md);
    assert!(!html.contains("<img"), "{html}");
    assert!(!html.contains("href"), "{html}");
}

#[test]
fn code_is_fenced_past_its_own_backticks() {
    assert_eq!(to_markdown("use `` a`b ``", ""), "use ``a`b``");
    assert_eq!(
        to_markdown("```\nx ``` y\n```", "  "),
        "````\n  x ``` y\n  ````"
    );
}
