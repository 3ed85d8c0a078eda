//! Graphviz DOT: no panic, every string closed, and no chart text outside
//! a string (where it would be a statement).
#![no_main]

use lawcharts::render::dot;
use libfuzzer_sys::fuzz_target;

/// The DOT text with every `"..."` string taken out; panics on one left open.
fn outside_strings(dot: &str) -> String {
    let mut outside = String::new();
    let mut chars = dot.chars();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        match (in_string, c) {
            (true, '\\') => {
                chars.next();
            }
            (_, '"') => in_string = !in_string,
            (true, _) => {}
            (false, c) => outside.push(c),
        }
    }
    assert!(!in_string, "a DOT string is left open");
    outside
}

fuzz_target!(|data: &[u8]| {
    let report = lawcharts_fuzz::check(data);
    lawcharts_fuzz::render_each(&report, |chart, cx| {
        let text = dot::render(chart, cx).expect("DOT renders");
        let outside = outside_strings(&text);
        let open = outside.matches('{').count();
        assert_eq!(open, outside.matches('}').count(), "braces balance");
        assert_eq!(open, 1, "one graph, no subgraph from text:\n{outside}");
    });
});
