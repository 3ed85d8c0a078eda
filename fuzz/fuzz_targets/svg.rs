//! The drawing by our own layout engine: no panic, no hang, and the SVG is
//! well-formed XML in which no chart text became an element or attribute.
#![no_main]

use lawcharts::render::drawing;
use libfuzzer_sys::fuzz_target;

/// Every element the drawing template writes.
const ELEMENTS: &[&str] = &[
    "svg", "title", "desc", "defs", "marker", "path", "polygon", "g", "rect", "text", "tspan",
    "circle", "line", "a", "style",
];

fuzz_target!(|data: &[u8]| {
    let report = lawcharts_fuzz::check(data);
    lawcharts_fuzz::render_each(&report, |chart, cx| {
        let svg = drawing::chart_svg(chart, cx.charts);
        let doc = roxmltree::Document::parse(&svg)
            .unwrap_or_else(|e| panic!("the SVG is not well-formed XML: {e}\n{svg}"));
        for node in doc.descendants().filter(|n| n.is_element()) {
            let name = node.tag_name().name();
            assert!(ELEMENTS.contains(&name), "unexpected <{name}>");
            for attr in node.attributes() {
                assert!(
                    !attr.name().starts_with("on"),
                    "`{}` on <{name}>",
                    attr.name()
                );
            }
        }
        lawcharts_fuzz::assert_inert(&svg, "drawing");
    });
});
