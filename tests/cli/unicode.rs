//! Unicode everywhere: suits, accents, right-to-left scripts, emoji,
//! combining marks and zero-width joiners are measured, wrapped and drawn
//! in the SVG, the site and the PDF card; characters XML forbids are dropped.

use lawcharts::font::{self, Weight};
use proptest::prelude::*;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

use super::build::lawcharts;
use super::parts;

/// Text from every script and symbol a club is likely to type.
const WORLD: &str = "♠A ♥K ♦Q ♣J — Déclarant à l’entame, Straße, Ærø, ñandú; \
    שָׁלוֹם הכרוז; مرحبا بالمخرج; Привет; 東南西北; \
    👨\u{200d}👩\u{200d}👧 👍\u{1F3FD} 🇳🇿 e\u{301}\u{327} \u{200e}\u{202e}x\u{202c}";

/// Characters XML 1.0 forbids, which must never reach an SVG.
const FORBIDDEN: &str = "\u{0}\u{1}\u{8}\u{b}\u{c}\u{1b}\u{1f}\u{fffe}\u{ffff}";

fn world_chart() -> String {
    let text = |prefix: &str| {
        // A JSON string is a YAML string, once the two non-characters that
        // YAML refuses raw are escaped.
        serde_json::to_string(&format!("{prefix} {WORLD} {FORBIDDEN}"))
            .expect("JSON string")
            .replace('\u{fffe}', "\\uFFFE")
            .replace('\u{ffff}', "\\uFFFF")
    };
    format!(
        "title: {title}\nlaws: [\"54\"]\nsummary: {s}\nsituations: [{s}]\nstart: q\nnodes:\n  \
         q:\n    ask: {ask}\n    law: 54A\n    note: {s}\n    say: {s}\n    answers:\n      \
         {yes}: r\n      {no}: r2\n  r:\n    ruling: {s}\n    law: 54C\n  \
         r2:\n    ruling: {s}\n    law: 54D\n\
         examples:\n  - situation: {s}\n    answers: [{yes}]\n    ruling: r\n",
        title = text("Title"),
        s = text("Text"),
        ask = text("Question"),
        yes = text("♠ First"),
        no = text("♥ Second"),
    )
}

/// Characters a line may not start with: they belong to the one before.
fn continues(c: char) -> bool {
    matches!(u32::from(c), 0x0300..=0x036F | 0x05B0..=0x05C7 | 0x064B..=0x065F
        | 0x200D | 0xFE00..=0xFE0F | 0x1F3FB..=0x1F3FF)
}

/// Format characters (zero-width space, direction marks): they steer the
/// text around them and take no room of their own.
fn is_format(c: char) -> bool {
    c.general_category() == GeneralCategory::Format
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn any_text_measures_and_wraps_soundly(
        text in prop_oneof!["\\PC{0,60}", ".{0,60}", Just(WORLD.to_string())],
        width in 1.0f32..300.0,
        bold in any::<bool>(),
    ) {
        let weight = if bold { Weight::Bold } else { Weight::Regular };
        let measured = font::measure_in(weight, &text, 10.0);
        prop_assert!(measured.is_finite() && measured >= 0.0);
        let visible = text.chars().any(|c| !c.is_whitespace() && !c.is_control());
        let unseen = |c: char| continues(c) || c.is_whitespace() || c.is_control() || is_format(c);
        if visible && !text.chars().all(unseen) {
            prop_assert!(measured > 0.0, "{text:?} measured {measured}");
        }
        let lines = font::wrap_in(weight, &text, 10.0, width);
        let words: Vec<&str> = text.split_whitespace().collect();
        prop_assert_eq!(lines.concat().replace(' ', ""), words.concat());
        for line in &lines {
            prop_assert!(!line.is_empty());
            let first = line.chars().next().expect("not empty");
            let fits = font::measure_in(weight, line, 10.0) <= width;
            prop_assert!(fits || !continues(first), "{lines:?}");
        }
        // Where the text's own whitespace falls, a line may start with
        // anything (a word may begin with a mark); anywhere else a break is
        // the wrapper's, and must not fall inside a character.
        let mut word_ends = std::collections::HashSet::new();
        let mut at = 0;
        for w in &words {
            at += w.len();
            word_ends.insert(at);
        }
        let mut at = 0;
        for pair in lines.windows(2) {
            at += pair[0].replace(' ', "").len();
            if word_ends.contains(&at) {
                continue;
            }
            let starts = pair[1].chars().next().expect("not empty");
            let ended = pair[0].chars().last().expect("not empty");
            prop_assert!(!continues(starts) && ended != '\u{200d}', "split inside a character: {lines:?}");
        }
    }
}

#[test]
fn suits_accents_scripts_and_emoji_have_positive_widths() {
    for text in [
        "♠", "♥", "♦", "♣", "é", "e\u{301}", "ß", "ש", "م", "П", "東", "👍", "🇳🇿",
    ] {
        let width = font::measure(text, 10.0);
        assert!(width > 0.0, "{text} measured {width}");
    }
    assert!(
        font::measure("\u{200d}\u{301}", 10.0) < 1.0,
        "joiners and marks add nothing"
    );
}

#[test]
fn a_chart_in_every_script_builds_into_svg_site_and_pdf() {
    let dir = tempfile::tempdir().expect("temp dir");
    let trees = dir.path().join("trees");
    std::fs::create_dir(&trees).expect("mkdir");
    std::fs::write(trees.join("world.yaml"), world_chart()).expect("write");
    let (code, _, err) = parts(&lawcharts(dir.path(), &["build"]));
    assert_eq!(code, 0, "{err}");
    let out = dir.path().join("output");

    let svg = std::fs::read_to_string(out.join("svg/world.svg")).expect("svg");
    for c in FORBIDDEN.chars() {
        assert!(!svg.contains(c), "U+{:04X} in the SVG", u32::from(c));
    }
    for word in [
        "♠",
        "Déclarant",
        "הכרוז",
        "بالمخرج",
        "👨\u{200d}👩\u{200d}👧",
        "e\u{301}",
    ] {
        assert!(svg.contains(word), "`{word}` is drawn");
    }
    let tree = resvg::usvg::Tree::from_str(&svg, &resvg::usvg::Options::default())
        .expect("the SVG is well-formed");
    assert!(tree.size().width() > 0.0 && tree.size().height() > 0.0);

    let page = std::fs::read_to_string(out.join("site/world.html")).expect("page");
    assert!(page.contains("<meta charset=\"utf-8\">") || page.contains("charset=utf-8"));
    for word in ["♠ First", "Straße", "שָׁלוֹם", "مرحبا", "🇳🇿"] {
        assert!(page.contains(word), "`{word}` is on the page");
    }
    assert!(
        !page.contains('\u{0}') && !page.contains('\u{1b}'),
        "no control characters"
    );

    for card in ["cards/world.pdf", "cards/all.pdf"] {
        let pdf = std::fs::read(out.join(card)).expect("card");
        let doc = lopdf::Document::load_mem(&pdf).expect("the card is a PDF");
        assert!(!doc.get_pages().is_empty());
        every_glyph_drawn_is_in_the_font(&doc, card);
    }
}

/// Every character id a page of `doc` shows maps to a glyph of the
/// embedded subset (not to its empty glyph 0) through the font's
/// CIDToGIDMap, and the subset holds that many glyphs.
fn every_glyph_drawn_is_in_the_font(doc: &lopdf::Document, name: &str) {
    use lopdf::Object;
    use lopdf::content::Content;
    for (n, page) in doc.get_pages() {
        let fonts = doc.get_page_fonts(page).expect("fonts");
        let maps: std::collections::BTreeMap<Vec<u8>, Vec<u8>> = fonts
            .iter()
            .map(|(key, font)| {
                let descendant = font
                    .get(b"DescendantFonts")
                    .and_then(Object::as_array)
                    .expect("a Type0 font")[0]
                    .as_reference()
                    .expect("a reference");
                let cid = doc.get_dictionary(descendant).expect("the CID font");
                let map = cid
                    .get(b"CIDToGIDMap")
                    .and_then(Object::as_reference)
                    .expect("a CIDToGIDMap stream");
                let stream = doc
                    .get_object(map)
                    .and_then(Object::as_stream)
                    .expect("stream");
                let bytes = stream.decompressed_content().expect("inflates");
                (key.clone(), bytes)
            })
            .collect();
        let content = Content::decode(&doc.get_page_content(page)).expect("ops");
        let mut font: Vec<u8> = Vec::new();
        let mut shown = 0;
        for op in &content.operations {
            let strings: Vec<&[u8]> = match op.operator.as_str() {
                "Tf" => {
                    font = op.operands[0].as_name().expect("a font name").to_vec();
                    continue;
                }
                "Tj" => vec![op.operands[0].as_str().expect("a string")],
                "TJ" => (op.operands[0].as_array().expect("an array").iter())
                    .filter_map(|o| o.as_str().ok())
                    .collect(),
                _ => continue,
            };
            let map = &maps[&font];
            for s in strings {
                for code in s.chunks(2) {
                    let cid = usize::from(u16::from_be_bytes([code[0], code[1]]));
                    let gid = map
                        .get(2 * cid..2 * cid + 2)
                        .map(|b| u16::from_be_bytes([b[0], b[1]]));
                    assert!(
                        cid == 0 || gid.is_some_and(|g| g != 0),
                        "{name} page {n}: character {cid} is not in the font"
                    );
                    shown += 1;
                }
            }
        }
        assert!(shown > 0, "{name} page {n} shows text");
    }
}

#[test]
fn the_layout_gives_every_box_of_a_world_chart_room_for_its_lines() {
    let report = lawcharts::check::check_texts(&[("world.yaml", world_chart().as_bytes())]);
    let chart = report.charts.get("world").expect("the chart builds");
    let layout = lawcharts::render::drawing::chart_layout(chart, &report.charts);
    assert!(layout.width > 0.0 && layout.height > 0.0);
    for b in &layout.boxes {
        assert!(b.rect.w > 0.0 && b.rect.h > 0.0, "{}", b.id);
    }
}

/// The text drawn on the first page of the card of `chart`, in the order the
/// glyphs are drawn (from left to right on each line), whitespace collapsed.
fn drawn_card_text(chart: &str) -> String {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("bidi.yaml"), chart).expect("write");
    let args = ["render", "bidi.yaml", "--format", "pdf", "-o", "bidi.pdf"];
    let (code, _, err) = parts(&lawcharts(dir.path(), &args));
    assert_eq!(code, 0, "{err}");
    let doc = lopdf::Document::load(dir.path().join("bidi.pdf")).expect("the card is a PDF");
    let text = doc.extract_text(&[1]).expect("text");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn hebrew_on_a_card_is_drawn_in_visual_order_between_latin_words_and_around_numbers() {
    let chart = "title: Bidi\nlaws: [\"54\"]\nstart: q\nnodes:\n  q:\n    \
                 ask: \"Did שלום עולם lead?\"\n    law: 54A\n    answers:\n      \
                 \"Yes\": r\n      \"No\": r2\n  r:\n    ruling: \"הכרוז זוכה 12 לקיחות\"\n    \
                 law: 54C\n  r2:\n    ruling: Play on.\n    law: 54D\n";
    let drawn = drawn_card_text(chart);
    // Left to right as seen: the Hebrew words right-to-left, each spelt from
    // its last letter, the Latin words and the number as written.
    assert!(drawn.contains("Did םלוע םולש lead?"), "{drawn}");
    assert!(drawn.contains("תוחיקל 12 הכוז זורכה"), "{drawn}");
}
