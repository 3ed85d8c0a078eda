//! The site's pages (the chart with its inline drawing, and the index) and
//! the standalone page of `render --format html`: no panic, and no chart
//! text ever becomes a tag, an event attribute or a script link.
#![no_main]

use lawcharts::render::html::{self, Assets};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let report = lawcharts_fuzz::check(data);
    lawcharts_fuzz::render_each(&report, |chart, cx| {
        let page = html::chart(chart, cx, Assets::Linked).expect("the page renders");
        lawcharts_fuzz::assert_inert(&page, "chart page");
        html::chart(chart, cx, Assets::Inline).expect("the standalone page renders");
    });
    lawcharts_fuzz::with_context(&report, |cx| {
        let index = html::index(cx, Assets::Linked).expect("the index renders");
        lawcharts_fuzz::assert_inert(&index, "index");
    });
});
