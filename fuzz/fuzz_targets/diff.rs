//! `diff` of two sides (split by a `#new` line): every change found and
//! rendered as text, Markdown, JSON and HTML, with no panic; the HTML stays
//! inert and the JSON parses.
#![no_main]

use lawcharts::diff::{self, DiffFormat, Sets};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (old, new) = lawcharts_fuzz::sides(data);
    let (old, new) = (lawcharts_fuzz::check(old), lawcharts_fuzz::check(new));
    // As `diff` does: charts that do not load whole are left out.
    let (old, new) = (
        lawcharts_fuzz::renderable(&old),
        lawcharts_fuzz::renderable(&new),
    );
    let changes = diff::diff(&old, &new);
    let sets = Sets {
        old: &old,
        new: &new,
    };
    for format in [
        DiffFormat::Text,
        DiffFormat::Md,
        DiffFormat::Json,
        DiffFormat::Html,
    ] {
        let out = diff::render(&changes, format, true, &sets).expect("the diff renders");
        match format {
            DiffFormat::Html => lawcharts_fuzz::assert_inert(&out, "diff page"),
            DiffFormat::Json => {
                serde_json::from_str::<serde_json::Value>(&out).expect("the JSON parses");
            }
            _ => {}
        }
    }
});
