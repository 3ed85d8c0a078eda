//! The laminated table cards (PDF) of every chart and the booklet of all of
//! them, as `build` writes them: no panic, no hang, each a whole PDF file.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let report = lawcharts_fuzz::check(data);
    if report.charts.charts.is_empty() {
        return;
    }
    lawcharts_fuzz::with_context(&report, |cx| {
        let (files, _warnings) = lawcharts::card::build_files(cx).expect("the cards render");
        for file in files {
            assert!(
                file.bytes.starts_with(b"%PDF-"),
                "{}: a PDF header",
                file.path
            );
            let tail = &file.bytes[file.bytes.len().saturating_sub(32)..];
            assert!(
                tail.windows(5).any(|w| w == b"%%EOF"),
                "{}: a PDF trailer",
                file.path
            );
        }
    });
});
