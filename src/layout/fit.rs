//! Fitting a chart to a page: the same layout made with a few widths of box
//! text and of answer labels, and with answers that end at once stacked,
//! keeping the one that prints largest on A4; and the choice for the screen.

use super::{Layout, LayoutInput, LayoutOptions, a4_text_scale, layout, quality};

/// Widths of box text tried, as multiples of [`LayoutOptions::max_text_width`].
const TEXT_WIDTHS: [f32; 7] = [1.0, 0.87, 1.13, 0.75, 1.27, 0.65, 1.45];
/// Widths of answer labels then tried, as multiples of [`LayoutOptions::max_label_width`].
const LABEL_WIDTHS: [f32; 2] = [0.67, 1.45];
/// Least numbers of answers that end at once stacked into a column, tried.
const STACKED: [usize; 2] = [3, 2];
/// How much larger a drawing must print to be preferred to one tried before.
const BETTER: f32 = 0.005;

/// Lay out `input` as [`layout`] does, trying a few widths of box text
/// around `options.max_text_width`, then a few widths of answer labels with
/// the best of those, then stacked answers with the best widths, and keep
/// the drawing whose text prints largest on an A4 page (upright or on its
/// side); on a tie, the options asked for.
pub fn layout_for_a4(input: &LayoutInput, options: &LayoutOptions) -> Layout {
    let mut best = Fitted::new(input, options.clone());
    for factor in TEXT_WIDTHS {
        best.try_options(LayoutOptions {
            max_text_width: options.max_text_width * factor,
            ..options.clone()
        });
    }
    let text_width = best.options.max_text_width;
    for factor in LABEL_WIDTHS {
        best.try_options(LayoutOptions {
            max_text_width: text_width,
            max_label_width: options.max_label_width * factor,
            ..options.clone()
        });
    }
    // Then a question's answers that end at once stacked in a column (as
    // the table cards may draw them), from three such answers or from two.
    let widths = best.options.clone();
    for least in STACKED {
        best.try_options(LayoutOptions {
            stack_answers: least,
            ..widths.clone()
        });
    }
    best.drawn
}

/// The best drawing so far, with the options it was made with.
struct Fitted<'a> {
    input: &'a LayoutInput,
    scale: f32,
    options: LayoutOptions,
    drawn: Layout,
}

impl<'a> Fitted<'a> {
    fn new(input: &'a LayoutInput, options: LayoutOptions) -> Fitted<'a> {
        let drawn = layout(input, &options);
        Fitted {
            input,
            scale: quality(&drawn).a4_text_scale,
            options,
            drawn,
        }
    }

    /// Lay out with `options`, and keep the drawing if it prints larger.
    fn try_options(&mut self, options: LayoutOptions) {
        let drawn = layout(self.input, &options);
        let scale = quality(&drawn).a4_text_scale;
        if scale > self.scale + BETTER {
            (self.scale, self.options, self.drawn) = (scale, options, drawn);
        }
    }
}

/// Least answers that end at once stacked in a column on the screen.
const SCREEN_STACKED: usize = 3;
/// How much larger a stacked drawing must print to be preferred on screen.
const SCREEN_BETTER: f32 = 1.05;

/// A chart laid out for the screen (the site, SVG, the diff page): as
/// usual, or, where a question has three or more answers next to one
/// another that end at once, with those stacked in a column when that makes
/// the drawing print at least 5% larger (a triage chart's many hand-overs
/// then no longer stretch it eight times wider than tall).
pub fn layout_for_screen(input: &LayoutInput) -> Layout {
    let usual = layout(input, &LayoutOptions::default());
    let stacked = LayoutOptions {
        stack_answers: SCREEN_STACKED,
        ..LayoutOptions::default()
    };
    if !super::stacks(input, &stacked) {
        return usual;
    }
    let column = layout(input, &stacked);
    let scale = |l: &Layout| a4_text_scale(l.width, l.height);
    if scale(&column) > scale(&usual) * SCREEN_BETTER {
        column
    } else {
        usual
    }
}
