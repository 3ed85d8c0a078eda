//! `diff` of two sides (split by a `#new` line): every change found and
//! rendered as text, Markdown, JSON and HTML, with no panic; the HTML stays
//! inert and the JSON parses.
#![no_main]

use lawcharts::diff::{self, DiffFormat, Sets};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (old, new) = lawcharts_fuzz::sides(data);
    let (old, new) = (lawcharts_fuzz::check(old), lawcharts_fuzz::check(new));
    let changes = diff::diff(&old.charts, &new.charts);
    let sets = Sets {
        old: &old.charts,
        new: &new.charts,
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
