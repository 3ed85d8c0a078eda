//! Fitting a chart to a printed page: the same layout made with a few
//! widths of box text, keeping the one that prints largest on A4.

use super::{Layout, LayoutInput, LayoutOptions, layout, quality};

/// Widths of box text tried, as multiples of [`LayoutOptions::max_text_width`].
const WIDTHS: [f32; 5] = [1.0, 0.87, 1.13, 0.75, 1.27];

/// Lay out `input` as [`layout`] does, trying a few widths of box text
/// around `options.max_text_width`, and keep the drawing whose text prints
/// largest on an A4 page (upright or on its side); on a tie, the width asked for.
pub fn layout_for_a4(input: &LayoutInput, options: &LayoutOptions) -> Layout {
    let mut best: Option<(f32, Layout)> = None;
    for factor in WIDTHS {
        let tried = LayoutOptions {
            max_text_width: options.max_text_width * factor,
            ..options.clone()
        };
        let drawn = layout(input, &tried);
        let scale = quality(&drawn).a4_text_scale;
        if best.as_ref().is_none_or(|(s, _)| scale > *s + 0.005) {
            best = Some((scale, drawn));
        }
    }
    best.map(|(_, drawn)| drawn)
        .expect("at least one width is tried")
}
