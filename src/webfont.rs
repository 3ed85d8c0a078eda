//! The site's font, cut down to the characters its drawings use. The
//! drawings were measured with DejaVu Sans, so the site ships it; whole, the
//! two faces are 1.47 MB, which a phone at the table should not load for a
//! few hundred glyphs. `subsetter` (already used for the cards) keeps only
//! those glyphs; it leaves out the `cmap` and `OS/2` tables a PDF does not
//! need and a browser does, so they are added back here: a character map
//! of the characters kept, and the original `OS/2`.

use std::collections::BTreeSet;

use anyhow::Context as _;

/// `font` (a TrueType file) with only the glyphs of `chars`, as a font a
/// browser loads. The same font and characters give the same bytes.
pub fn subset(font: &[u8], chars: &BTreeSet<char>) -> anyhow::Result<Vec<u8>> {
    let face = ttf_parser::Face::parse(font, 0).context("the bundled font does not parse")?;
    let mut remapper = subsetter::GlyphRemapper::new();
    let mapped: Vec<(u32, u16)> = chars
        .iter()
        .filter_map(|&c| Some((u32::from(c), face.glyph_index(c)?.0)))
        .map(|(c, glyph)| (c, remapper.remap(glyph)))
        .collect();
    let cut = subsetter::subset(font, 0, &remapper)
        .map_err(|e| anyhow::anyhow!("cannot subset the bundled font: {e:?}"))?;
    let mut tables = tables_of(&cut).context("the subset font has no table directory")?;
    let os2 = face
        .raw_face()
        .table(ttf_parser::Tag::from_bytes(b"OS/2"))
        .context("the bundled font has no OS/2 table")?;
    tables.push((*b"OS/2", os2.to_vec()));
    tables.push((*b"cmap", cmap(&mapped)));
    Ok(font_file(tables))
}

/// The tables of a TrueType file, by tag.
fn tables_of(font: &[u8]) -> Option<Vec<([u8; 4], Vec<u8>)>> {
    let count = usize::from(u16::from_be_bytes([*font.get(4)?, *font.get(5)?]));
    (0..count)
        .map(|i| {
            let record = font.get(12 + 16 * i..28 + 16 * i)?;
            let tag: [u8; 4] = record[0..4].try_into().ok()?;
            let at = u32::from_be_bytes(record[8..12].try_into().ok()?) as usize;
            let len = u32::from_be_bytes(record[12..16].try_into().ok()?) as usize;
            Some((tag, font.get(at..at.checked_add(len)?)?.to_vec()))
        })
        .collect()
}

/// A `cmap` with a format 4 subtable (Windows, BMP) and a format 12 one
/// (Windows, all of Unicode), one segment per character: a few hundred
/// characters, so nothing is gained by merging runs.
fn cmap(mapped: &[(u32, u16)]) -> Vec<u8> {
    let bmp: Vec<(u16, u16)> = mapped
        .iter()
        .filter_map(|&(c, g)| Some((u16::try_from(c).ok().filter(|&c| c != 0xFFFF)?, g)))
        .collect();
    let format4 = format4(&bmp);
    let mut out = Vec::new();
    put16(&mut out, &[0, 2]);
    put16(&mut out, &[3, 1]);
    put32(&mut out, &[4 + 2 * 8]);
    put16(&mut out, &[3, 10]);
    put32(&mut out, &[(4 + 2 * 8 + format4.len()) as u32]);
    out.extend_from_slice(&format4);
    put16(&mut out, &[12, 0]);
    put32(
        &mut out,
        &[16 + 12 * mapped.len() as u32, 0, mapped.len() as u32],
    );
    for &(c, g) in mapped {
        put32(&mut out, &[c, c, u32::from(g)]);
    }
    out
}

/// DejaVu Sans maps under 6,000 characters, so the subtable stays within
/// format 4's 64 KB.
fn format4(bmp: &[(u16, u16)]) -> Vec<u8> {
    let segments = bmp.len() as u16 + 1;
    let power = 1u16 << (15 - segments.leading_zeros());
    let mut out = Vec::new();
    put16(&mut out, &[4, 16 + 8 * segments, 0]);
    put16(
        &mut out,
        &[2 * segments, 2 * power, power.trailing_zeros() as u16],
    );
    put16(&mut out, &[2 * segments - 2 * power]);
    put16(&mut out, &bmp.iter().map(|p| p.0).collect::<Vec<_>>());
    put16(&mut out, &[0xFFFF, 0]);
    put16(&mut out, &bmp.iter().map(|p| p.0).collect::<Vec<_>>());
    put16(&mut out, &[0xFFFF]);
    let deltas: Vec<u16> = bmp.iter().map(|&(c, g)| g.wrapping_sub(c)).collect();
    put16(&mut out, &deltas);
    put16(&mut out, &[1]);
    put16(&mut out, &vec![0; usize::from(segments)]);
    out
}

/// A TrueType file of `tables`, sorted by tag, each on four bytes, with
/// their checksums and the `head` table's adjustment.
fn font_file(mut tables: Vec<([u8; 4], Vec<u8>)>) -> Vec<u8> {
    tables.sort_by_key(|t| t.0);
    let count = tables.len() as u16;
    let power = 1u16 << (15 - count.leading_zeros());
    let mut out = Vec::new();
    put32(&mut out, &[0x0001_0000]);
    put16(
        &mut out,
        &[count, power * 16, power.trailing_zeros() as u16],
    );
    put16(&mut out, &[count * 16 - power * 16]);
    let mut at = 12 + 16 * tables.len();
    let mut head_at = None;
    for (tag, data) in &mut tables {
        if tag == b"head" && data.len() >= 12 {
            data[8..12].fill(0);
            head_at = Some(at + 8);
        }
        out.extend_from_slice(tag);
        put32(&mut out, &[checksum(data), at as u32, data.len() as u32]);
        at += data.len().next_multiple_of(4);
    }
    for (_, data) in &tables {
        out.extend_from_slice(data);
        out.resize(out.len().next_multiple_of(4), 0);
    }
    if let Some(head) = head_at {
        let adjust = 0xB1B0_AFBAu32.wrapping_sub(checksum(&out));
        out[head..head + 4].copy_from_slice(&adjust.to_be_bytes());
    }
    out
}

fn checksum(data: &[u8]) -> u32 {
    data.chunks(4).fold(0u32, |sum, chunk| {
        let mut word = [0u8; 4];
        word[..chunk.len()].copy_from_slice(chunk);
        sum.wrapping_add(u32::from_be_bytes(word))
    })
}

fn put16(out: &mut Vec<u8>, values: &[u16]) {
    values
        .iter()
        .for_each(|v| out.extend_from_slice(&v.to_be_bytes()));
}

fn put32(out: &mut Vec<u8>, values: &[u32]) {
    values
        .iter()
        .for_each(|v| out.extend_from_slice(&v.to_be_bytes()));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::font::{BOLD_TTF, REGULAR_TTF};

    fn chars(text: &str) -> BTreeSet<char> {
        text.chars().collect()
    }

    #[test]
    fn each_character_kept_maps_to_a_glyph_of_the_same_advance_and_outline() {
        let text = "Was the lead faced? Yes/No → 27B1(a) ♠♥♦♣ é ß ﬁ 𝔸";
        for font in [REGULAR_TTF, BOLD_TTF] {
            let small = subset(font, &chars(text)).expect("subset");
            assert!(small.len() < font.len() / 20, "{} bytes", small.len());
            let full = ttf_parser::Face::parse(font, 0).expect("full face");
            let cut = ttf_parser::Face::parse(&small, 0).expect("the subset parses");
            for c in text.chars() {
                let Some(was) = full.glyph_index(c) else {
                    assert!(cut.glyph_index(c).is_none(), "{c:?}");
                    continue;
                };
                let now = cut
                    .glyph_index(c)
                    .unwrap_or_else(|| panic!("{c:?} is kept"));
                assert_eq!(cut.glyph_hor_advance(now), full.glyph_hor_advance(was));
                assert_eq!(cut.glyph_bounding_box(now), full.glyph_bounding_box(was));
            }
            assert_eq!(cut.glyph_index('Z'), None, "a character not asked for");
            assert_eq!(cut.units_per_em(), full.units_per_em());
            assert_eq!(cut.ascender(), full.ascender());
        }
    }

    #[test]
    fn the_same_characters_give_the_same_bytes_and_a_whole_checksum() {
        let one = subset(REGULAR_TTF, &chars("Ruling ♠")).expect("subset");
        assert_eq!(
            one,
            subset(REGULAR_TTF, &chars("♠ Ruling")).expect("subset")
        );
        assert_eq!(checksum(&one), 0xB1B0_AFBA, "the head adjustment");
        let tags: Vec<[u8; 4]> = tables_of(&one)
            .expect("tables")
            .iter()
            .map(|t| t.0)
            .collect();
        let mut sorted = tags.clone();
        sorted.sort();
        assert_eq!(tags, sorted);
        for tag in [
            b"cmap", b"OS/2", b"glyf", b"head", b"hhea", b"hmtx", b"maxp",
        ] {
            assert!(tags.contains(tag), "{}", String::from_utf8_lossy(tag));
        }
    }
}
