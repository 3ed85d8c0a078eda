//! Writing card PDFs: drawn pages (each content stream compressed once),
//! the two bundled faces embedded once for a set of pages (subset to the
//! glyphs they draw, with widths and a map back to the text), and a
//! document put together from them. `build` draws every card's pages and
//! embeds the fonts once; each card's own file and the booklet are then
//! put together from the same bytes, not drawn again.
//!
//! A glyph's character id in the PDF is its id in the bundled font, so a
//! page can be drawn and compressed before anyone knows which other pages
//! share its fonts; the embedded subset maps those ids to its own.
//! Nothing here depends on the clock or on chance: the same pages give the
//! same bytes.

use std::collections::BTreeMap;
use std::io::Write as _;

use flate2::Compression;
use flate2::write::ZlibEncoder;
use pdf_writer::types::{
    ActionType, AnnotationType, CidFontType, FontFlags, SystemInfo, UnicodeCmap,
};
use pdf_writer::writers::Resources;
use pdf_writer::{Chunk, Filter, Finish, Name, Pdf, Rect as PdfRect, Ref, Str, TextStr};

use super::ink::{Canvas, Glyphs, font_name};
use crate::font::{self, Weight};
use crate::layout::Rect;

/// How hard page content is compressed: zlib's fast matching (level 2).
/// Against level 5 the cards are 7% larger and the build 2% quicker.
const CONTENT_LEVEL: u32 = 2;

/// Fonts are compressed once a build: the best zlib does.
const FONT_LEVEL: u32 = 9;

/// A page drawn: its size in points, its content compressed, its links and
/// the glyphs it draws.
pub struct Page {
    /// Width and height in points.
    pub size: (f32, f32),
    content: Vec<u8>,
    links: Vec<Link>,
    /// The glyphs drawn on the page.
    pub glyphs: Glyphs,
}

/// An area of a page that opens something when clicked.
#[derive(Clone, Debug)]
pub struct Link {
    /// The area, in points from the top-left corner.
    pub rect: Rect,
    /// What it opens.
    pub target: Target,
}

/// What a link opens.
#[derive(Clone, Debug)]
pub enum Target {
    /// A web address, with what it is, for screen readers.
    Uri { url: String, about: String },
    /// A page of the same document (from 0), at its top.
    Page(usize),
}

impl Page {
    /// The page drawn on `canvas`, `size` points large, with `links`.
    pub fn new(size: (f32, f32), canvas: Canvas, links: Vec<Link>) -> Page {
        let (content, glyphs) = canvas.finish();
        Page {
            size,
            content: compress(&content, CONTENT_LEVEL),
            links,
            glyphs,
        }
    }
}

/// zlib-compressed `bytes`, as PDF's `FlateDecode` reads them.
fn compress(bytes: &[u8], level: u32) -> Vec<u8> {
    let out = Vec::with_capacity(bytes.len() / 2 + 64);
    let mut zlib = ZlibEncoder::new(out, Compression::new(level));
    zlib.write_all(bytes)
        .expect("writing to memory cannot fail");
    zlib.finish().expect("writing to memory cannot fail")
}

/// The two faces, subset and written once, ready to go into any document
/// whose pages draw no glyph they lack.
pub struct Fonts {
    chunk: Chunk,
    regular: Ref,
    bold: Ref,
    /// The first object number free for the document.
    next: i32,
}

/// PDF's identity ordering, which CID fonts with Identity-H use.
const SYSTEM_INFO: SystemInfo = SystemInfo {
    registry: Str(b"Adobe"),
    ordering: Str(b"Identity"),
    supplement: 0,
};

impl Fonts {
    /// Both faces, subset to the glyphs of `glyphs`.
    pub fn embed(glyphs: &Glyphs) -> anyhow::Result<Fonts> {
        // Each face is subset and compressed on its own thread, its objects
        // numbered from 1; the bold face's are then renumbered after the
        // regular face's.
        let face = |weight| {
            let mut chunk = Chunk::new();
            let mut next = 1;
            let font = embed_face(&mut chunk, &mut next, weight, glyphs)?;
            anyhow::Ok((chunk, font, next))
        };
        let (regular, bold) = rayon::join(|| face(Weight::Regular), || face(Weight::Bold));
        let ((mut chunk, regular, after), (bold_chunk, bold, bold_next)) = (regular?, bold?);
        let shift = after - 1;
        let moved = |r: Ref| Ref::new(r.get() + shift);
        bold_chunk.renumber_into(&mut chunk, moved);
        Ok(Fonts {
            chunk,
            regular,
            bold: moved(bold),
            next: bold_next + shift,
        })
    }

    /// The fonts of `pages`.
    pub fn of<'a>(pages: impl IntoIterator<Item = &'a Page>) -> anyhow::Result<Fonts> {
        let mut glyphs = Glyphs::default();
        for page in pages {
            glyphs.merge(&page.glyphs);
        }
        Fonts::embed(&glyphs)
    }
}

/// Writes one face's font objects, subset to its glyphs in `glyphs`;
/// returns the font's reference.
fn embed_face(
    chunk: &mut Chunk,
    next: &mut i32,
    weight: Weight,
    glyphs: &Glyphs,
) -> anyhow::Result<Ref> {
    let mut alloc = || {
        let r = Ref::new(*next);
        *next += 1;
        r
    };
    let (type0, cid, descriptor, file, to_gid, to_unicode) =
        (alloc(), alloc(), alloc(), alloc(), alloc(), alloc());
    let (bytes, postscript) = match weight {
        Weight::Regular => (font::REGULAR_TTF, "DejaVuSans"),
        Weight::Bold => (font::BOLD_TTF, "DejaVuSans-Bold"),
    };
    let face = ttf_parser::Face::parse(bytes, 0)
        .map_err(|e| anyhow::anyhow!("the bundled font cannot be read: {e}"))?;
    let used = glyphs.of(weight);
    let mut remapper = subsetter::GlyphRemapper::new();
    remapper.remap(0);
    for &glyph in used.keys() {
        remapper.remap(glyph);
    }
    let subset = subsetter::subset(bytes, 0, &remapper)
        .map_err(|e| anyhow::anyhow!("the bundled font cannot be subset: {e:?}"))?;
    let name = format!("{}+{postscript}", subset_tag(used));
    let per_em = f32::from(face.units_per_em());
    let units = |v: f32| v * 1000.0 / per_em;

    chunk
        .type0_font(type0)
        .base_font(Name(name.as_bytes()))
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(cid)
        .to_unicode(to_unicode);

    let mut font = chunk.cid_font(cid);
    font.subtype(CidFontType::Type2)
        .base_font(Name(name.as_bytes()))
        .system_info(SYSTEM_INFO)
        .font_descriptor(descriptor)
        .default_width(0.0)
        .cid_to_gid_map_stream(to_gid);
    let mut widths = font.widths();
    let advance = |g: u16| {
        units(f32::from(
            face.glyph_hor_advance(ttf_parser::GlyphId(g)).unwrap_or(0),
        ))
    };
    // The empty glyph 0 (drawn for characters the font lacks) is in every
    // subset, and needs its width like any other.
    let ids: Vec<u16> = std::iter::once(0)
        .chain(used.keys().copied().filter(|&g| g != 0))
        .collect();
    for run in ids.chunk_by(|a, b| b.checked_sub(*a) == Some(1)) {
        widths.consecutive(run[0], run.iter().map(|&g| advance(g)));
    }
    widths.finish();
    font.finish();

    let bbox = face.global_bounding_box();
    let ascent = units(f32::from(face.ascender()));
    let cap = face
        .capital_height()
        .map_or(ascent, |c| units(f32::from(c)));
    chunk
        .font_descriptor(descriptor)
        .name(Name(name.as_bytes()))
        .flags(FontFlags::SYMBOLIC)
        .bbox(PdfRect::new(
            units(f32::from(bbox.x_min)),
            units(f32::from(bbox.y_min)),
            units(f32::from(bbox.x_max)),
            units(f32::from(bbox.y_max)),
        ))
        .italic_angle(face.italic_angle())
        .ascent(ascent)
        .descent(units(f32::from(face.descender())))
        .cap_height(cap)
        .stem_v(10.0 + 0.244 * (f32::from(face.weight().to_number()) - 50.0))
        .font_file2(file);

    let data = compress(&subset, FONT_LEVEL);
    chunk.stream(file, &data).filter(Filter::FlateDecode).pair(
        Name(b"Length1"),
        i32::try_from(subset.len()).unwrap_or(i32::MAX),
    );

    // Character ids are the bundled font's glyph ids; the subset numbers
    // its glyphs afresh.
    let last = ids.last().copied().unwrap_or(0);
    let mut map = vec![0u8; 2 * (usize::from(last) + 1)];
    for &glyph in &ids {
        let new = remapper.get(glyph).unwrap_or(0);
        let at = 2 * usize::from(glyph);
        map[at..at + 2].copy_from_slice(&new.to_be_bytes());
    }
    let map = compress(&map, FONT_LEVEL);
    chunk.stream(to_gid, &map).filter(Filter::FlateDecode);

    let mut cmap = UnicodeCmap::new(Name(b"Custom"), SYSTEM_INFO);
    for (&glyph, text) in used {
        if !text.is_empty() {
            cmap.pair_with_multiple(glyph, text.chars());
        }
    }
    let cmap = compress(&cmap.finish(), FONT_LEVEL);
    let mut cmap = chunk.cmap(to_unicode, &cmap);
    cmap.name(Name(b"Custom")).system_info(SYSTEM_INFO);
    cmap.filter(Filter::FlateDecode);
    Ok(type0)
}

/// Six capitals naming a subset, from the glyphs in it.
fn subset_tag(glyphs: &BTreeMap<u16, String>) -> String {
    let mut hash = Fnv::new(0);
    for &g in glyphs.keys() {
        hash.write(&g.to_be_bytes());
    }
    let mut h = hash.0;
    (0..6)
        .map(|_| {
            let letter = char::from(b'A' + (h % 26) as u8);
            h /= 26;
            letter
        })
        .collect()
}

/// FNV-1a, 64 bits, over words: a stable hash for a file's id and a
/// subset's tag.
struct Fnv(u64);

impl Fnv {
    fn new(seed: u64) -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325 ^ seed)
    }

    /// Mixes in `bytes` eight at a time (the ids hash megabytes of page
    /// content), then the rest and the length one by one.
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            let mut eight = [0u8; 8];
            eight.copy_from_slice(word);
            self.mix(u64::from_le_bytes(eight));
        }
        for &b in words.remainder() {
            self.mix(u64::from(b));
        }
        self.mix(bytes.len() as u64);
    }

    fn mix(&mut self, value: u64) {
        self.0 ^= value;
        self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
    }
}

/// An entry of a document's outline: its title and its page (from 0).
pub struct Bookmark {
    /// What the outline shows.
    pub title: String,
    /// The page it opens, at its top.
    pub page: usize,
}

/// A PDF of `pages` in order, titled `title`, drawing with `fonts` (which
/// must hold every glyph the pages draw), with `outline` as its bookmarks.
pub fn document(title: &str, pages: &[&Page], fonts: &Fonts, outline: &[Bookmark]) -> Vec<u8> {
    let mut pdf = Pdf::new();
    pdf.extend(&fonts.chunk);
    let mut next = fonts.next;
    let mut alloc = || {
        let r = Ref::new(next);
        next += 1;
        r
    };
    let (catalog, tree, resources, info) = (alloc(), alloc(), alloc(), alloc());
    let page_ids: Vec<Ref> = pages.iter().map(|_| alloc()).collect();
    let content_ids: Vec<Ref> = pages.iter().map(|_| alloc()).collect();
    let mut id = Fnv::new(0);
    id.write(title.as_bytes());
    id.write(fonts.chunk.as_bytes());

    pdf.pages(tree)
        .kids(page_ids.iter().copied())
        .count(i32::try_from(pages.len()).unwrap_or(i32::MAX));
    let mut res = pdf.indirect(resources).start::<Resources>();
    res.fonts()
        .pair(Name(font_name(Weight::Regular).as_bytes()), fonts.regular)
        .pair(Name(font_name(Weight::Bold).as_bytes()), fonts.bold);
    res.finish();

    let top_of = |k: usize| pages.get(k).map_or(0.0, |p| p.size.1);
    for (k, page) in pages.iter().enumerate() {
        let (w, h) = page.size;
        let links: Vec<Ref> = page.links.iter().map(|_| alloc()).collect();
        for (link, &at) in page.links.iter().zip(&links) {
            let r = link.rect;
            let mut annot = pdf.annotation(at);
            annot
                .subtype(AnnotationType::Link)
                .rect(PdfRect::new(r.x, h - r.y - r.h, r.x + r.w, h - r.y))
                .border(0.0, 0.0, 0.0, None);
            match &link.target {
                Target::Uri { url, about } => {
                    annot.contents(TextStr(about));
                    annot
                        .action()
                        .action_type(ActionType::Uri)
                        .uri(Str(url.as_bytes()));
                    id.write(url.as_bytes());
                }
                Target::Page(to) => {
                    let target = page_ids.get(*to).copied().unwrap_or(page_ids[k]);
                    annot
                        .action()
                        .action_type(ActionType::GoTo)
                        .destination()
                        .page(target)
                        .xyz(0.0, top_of(*to), None);
                }
            }
        }
        let mut p = pdf.page(page_ids[k]);
        p.parent(tree)
            .media_box(PdfRect::new(0.0, 0.0, w, h))
            .contents(content_ids[k])
            .pair(Name(b"Resources"), resources);
        if !links.is_empty() {
            p.annotations(links);
        }
        p.finish();
        pdf.stream(content_ids[k], &page.content)
            .filter(Filter::FlateDecode);
        id.write(&page.content);
    }

    let outlines = (!outline.is_empty()).then(|| {
        let root = alloc();
        let items: Vec<Ref> = outline.iter().map(|_| alloc()).collect();
        pdf.outline(root)
            .first(items[0])
            .last(items[items.len() - 1])
            .count(i32::try_from(items.len()).unwrap_or(i32::MAX));
        for (i, entry) in outline.iter().enumerate() {
            let mut item = pdf.outline_item(items[i]);
            item.title(TextStr(&entry.title)).parent(root);
            if i > 0 {
                item.prev(items[i - 1]);
            }
            if let Some(&after) = items.get(i + 1) {
                item.next(after);
            }
            if let Some(&page) = page_ids.get(entry.page) {
                item.dest().page(page).xyz(0.0, top_of(entry.page), None);
            }
            id.write(entry.title.as_bytes());
        }
        root
    });

    let mut cat = pdf.catalog(catalog);
    cat.pages(tree).lang(TextStr("en"));
    cat.viewer_preferences().display_doc_title(true);
    if let Some(root) = outlines {
        cat.outlines(root);
    }
    cat.finish();
    pdf.document_info(info)
        .title(TextStr(title))
        .creator(TextStr("lawcharts"));
    // The file's id: a hash of what it holds, so the same cards give the
    // same id (both halves alike: the file is never updated in place).
    let file_id = id.0.to_be_bytes().to_vec();
    pdf.set_file_id((file_id.clone(), file_id));
    pdf.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inflate(bytes: &[u8]) -> Vec<u8> {
        use std::io::Read as _;
        let mut out = Vec::new();
        flate2::read::ZlibDecoder::new(bytes)
            .read_to_end(&mut out)
            .expect("a zlib stream");
        out
    }

    #[test]
    fn a_compressed_page_inflates_to_what_was_drawn() {
        let page = b"1 0 0 -1 0 841.89 cm BT /F0 9 Tf (text) Tj ET ".repeat(200);
        let first = compress(&page, CONTENT_LEVEL);
        assert_eq!(inflate(&first), page);
        assert!(first.len() < page.len() / 10);
        assert_eq!(inflate(&compress(b"", CONTENT_LEVEL)), b"");
    }

    #[test]
    fn the_fonts_hold_the_glyphs_drawn_and_number_objects_after_both_faces() {
        let mut canvas = Canvas::new(100.0);
        canvas.text(Weight::Regular, 9.0, 0.0, 9.0, "Revoke");
        canvas.text(Weight::Bold, 9.0, 0.0, 20.0, "Yes");
        let page = Page::new((100.0, 100.0), canvas, Vec::new());
        let fonts = Fonts::of([&page]).expect("embedded");
        assert_eq!(fonts.regular, Ref::new(1));
        assert!(fonts.bold.get() > fonts.regular.get());
        assert!(fonts.next > fonts.bold.get());
        let pdf = document("Revoke", &[&page], &fonts, &[]);
        let doc = lopdf::Document::load_mem(&pdf).expect("a PDF");
        let text = doc.extract_text(&[1]).expect("text");
        assert!(text.contains("Revoke") && text.contains("Yes"), "{text}");
        // The same pages give the same bytes; other pages another id.
        assert_eq!(pdf, document("Revoke", &[&page], &fonts, &[]));
        let mut canvas = Canvas::new(100.0);
        canvas.text(Weight::Regular, 9.0, 0.0, 9.0, "Revoked");
        let other = Page::new((100.0, 100.0), canvas, Vec::new());
        let fonts = Fonts::of([&page, &other]).expect("embedded");
        let id = |pdf: &[u8]| {
            let doc = lopdf::Document::load_mem(pdf).expect("a PDF");
            format!("{:?}", doc.trailer.get(b"ID").expect("an id"))
        };
        assert_ne!(
            id(&document("Revoke", &[&page], &fonts, &[])),
            id(&document("Revoke", &[&other], &fonts, &[]))
        );
    }
}
