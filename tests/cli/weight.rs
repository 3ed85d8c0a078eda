//! Page weight on a phone at the table: every page of the site stays under
//! 200 KB and the fonts under 100 KB, for the shipped charts and for a
//! chart whose routes multiply (every merge doubles them).

use std::path::Path;

use super::build::build_in_temp;
use super::root;

/// The most bytes one page of the site may take.
const PAGE_LIMIT: u64 = 200 * 1024;
/// The most bytes the site's fonts may take together.
const FONT_LIMIT: u64 = 100 * 1024;

/// Builds `trees` into a temporary folder; the folder and its `site/`.
fn built(trees: &Path) -> (tempfile::TempDir, std::path::PathBuf) {
    let (dir, out) = build_in_temp(trees);
    (dir, out.join("site"))
}

/// Each file of `dir` with its size, largest first.
fn sizes(dir: &Path, extension: &str) -> Vec<(String, u64)> {
    let mut found: Vec<(String, u64)> = std::fs::read_dir(dir)
        .expect("read the site")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == extension))
        .map(|p| {
            let size = std::fs::metadata(&p).expect("size").len();
            (p.file_name().expect("name").to_string_lossy().into(), size)
        })
        .collect();
    found.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    found
}

#[test]
fn every_page_of_the_shipped_site_is_under_200_kb_and_the_fonts_under_100_kb() {
    let (_dir, site) = built(&root().join("trees"));
    let pages = sizes(&site, "html");
    assert!(pages.len() > 20, "{pages:?}");
    let (largest, size) = &pages[0];
    assert!(*size < PAGE_LIMIT, "{largest} is {size} bytes: {pages:?}");
    let fonts: u64 = sizes(&site.join("assets"), "ttf").iter().map(|f| f.1).sum();
    assert!(fonts < FONT_LIMIT, "the fonts take {fonts} bytes");
    assert!(
        fonts > 10 * 1024,
        "the fonts take {fonts} bytes: glyphs are missing"
    );
}

/// A chart of `levels` questions, each answer of each going on to the next
/// question: 2^levels routes, all to one ruling, with long text.
fn merging_chart(levels: usize) -> String {
    let mut yaml = String::from("title: Many merges\nlaws: [\"64\"]\nstart: q1\nnodes:\n");
    for i in 1..=levels {
        let next = if i < levels {
            format!("q{}", i + 1)
        } else {
            "done".into()
        };
        yaml.push_str(&format!(
            "  q{i}:\n    ask: Question {i}, worded at length as a careful author words a \
             question for the table, and then some more?\n    law: 64A1\n    answers:\n      \
             \"Yes\": {next}\n      \"No\": {next}\n"
        ));
    }
    yaml.push_str(
        "  done:\n    ruling: The ruling every route ends at, worded at some length for \
         the table and the director.\n    law: 64A1\n",
    );
    yaml
}

#[test]
fn routes_that_multiply_go_on_a_page_of_their_own_then_are_not_listed_and_pages_stay_small() {
    for (levels, own_page) in [(4, false), (8, true), (12, false)] {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::write(dir.path().join("many.yaml"), merging_chart(levels)).expect("chart");
        let (_out, site) = built(dir.path());
        for (page, size) in sizes(&site, "html") {
            assert!(size < PAGE_LIMIT, "{levels} levels: {page} is {size} bytes");
        }
        let page = std::fs::read_to_string(site.join("many.html")).expect("page");
        let routes = 1usize << levels;
        assert_eq!(
            site.join("many.cases.html").exists(),
            own_page,
            "{levels} levels"
        );
        if own_page {
            let cases = std::fs::read_to_string(site.join("many.cases.html")).expect("cases");
            assert_eq!(cases.matches("class=\"case-ruling\"").count(), routes);
            assert!(page.contains("<a href=\"many.cases.html\">"), "{page}");
            assert!(cases.contains("<a href=\"many.html#step-q1\">"), "{cases}");
        } else if levels > 8 {
            assert!(
                page.contains(&format!("This chart has {routes} ways through")),
                "{page}"
            );
            assert!(page.contains("<code>lawcharts paths many</code>"), "{page}");
        } else {
            assert_eq!(page.matches("class=\"case-ruling\"").count(), routes);
            assert!(page.contains("<li>1 Yes → 2 No → 3 Yes → 4 No → <a class=\"case-ruling\""));
        }
    }
}
