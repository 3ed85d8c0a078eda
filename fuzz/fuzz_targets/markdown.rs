//! Markdown with its Mermaid block, and the Markdown index: no panic, and
//! the Mermaid fence opens once and closes.
#![no_main]

use lawcharts::render::markdown;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let report = lawcharts_fuzz::check(data);
    lawcharts_fuzz::render_each(&report, |chart, cx| {
        let md = markdown::chart(chart, cx).expect("Markdown renders");
        let start = md.find("```mermaid\n").expect("a Mermaid block");
        assert_eq!(md.matches("```mermaid").count(), 1, "one Mermaid block");
        let block = &md[start + "```mermaid\n".len()..];
        let end = block.find("\n```\n").expect("the fence closes");
        assert!(!block[..end].contains("```"), "no fence inside the block");
    });
    lawcharts_fuzz::with_context(&report, |cx| {
        markdown::index(cx).expect("the index renders");
    });
});
