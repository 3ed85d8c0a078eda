//! Planning a card: lay the chart out at printed size; if it does not fit
//! the page upright, turn the page; if it fits neither way, split it into
//! panels (one a page) joined by numbered connectors. Whichever way needs
//! the fewest pages wins (then the larger print, then upright). Nothing is
//! shrunk below the paper's least text size unless a single node cannot fit
//! a page, and then the plan says so.

use std::rc::Rc;

use foldhash::HashMap as FastMap;

use super::page::{Frame, Heading, Orientation, Paper};
use super::panel::{Numbering, PanelInput, Role, panel_input, shared_ends};
use super::split::{preorder, split};
use crate::font::{self, Weight};
use crate::layout::{
    Layout, LayoutInput, LayoutOptions, layout, layout_size, least_height, stacks,
};

/// Ways of drawing a panel tried, in order: widths of box text and of
/// answer labels as multiples of the paper's, and whether a question's
/// answers that each end at once are stacked in one column. The usual
/// first, then stacked (much narrower where a question has many such
/// answers), then narrower or wider boxes, then a column with wide labels
/// (fewer lines each, so a shorter column), then narrower labels (for a
/// question with many answers).
const WIDTHS: [(f32, f32, bool); 10] = [
    (1.0, 1.0, false),
    (1.0, 1.0, true),
    (0.8, 1.0, false),
    (0.8, 1.0, true),
    (1.25, 1.0, false),
    (0.65, 1.0, false),
    (0.65, 1.0, true),
    (0.8, 1.6, true),
    (1.0, 0.7, false),
    (0.8, 0.55, false),
];
/// A first drawing this many times the chart area will not fit at any width.
const HOPELESS: f32 = 1.2;
/// The most a small chart is enlarged to fill its card.
pub const MAX_SCALE: f32 = 1.4;
/// Slack for rounding when comparing sizes.
const EPSILON: f32 = 0.01;

/// How to plan a card.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CardOptions {
    /// The paper.
    pub paper: Paper,
    /// Force this orientation; `None` turns the page when that helps.
    pub orientation: Option<Orientation>,
}

/// One page of a card: a panel laid out, and what each box stands for.
pub struct PlannedPage {
    /// The panel's drawing, at printed size before `scale`.
    pub layout: Layout,
    /// How much the drawing is scaled: the card's scale, or less on a page
    /// whose drawing cannot fit otherwise.
    pub scale: f32,
    /// Per box of `layout`, the chart node or connector it is.
    pub roles: Vec<Role>,
}

/// A card planned: its frame, pages, and the scale the chart prints at.
pub struct Plan {
    /// Where things go on every page.
    pub frame: Frame,
    /// The pages, in reading order.
    pub pages: Vec<PlannedPage>,
    /// How much the drawings are scaled on every page that fits at this
    /// scale (at least 1 unless no page does).
    pub scale: f32,
    /// Whether the page was turned because the chart fits better that way.
    pub turned: bool,
    /// How many panels the chart was split into (1 when it was not); small
    /// panels share a page, so there may be more panels than pages.
    pub panels: usize,
}

impl Plan {
    /// How many connectors join the panels.
    pub fn connectors(&self) -> usize {
        self.pages
            .iter()
            .flat_map(|p| &p.roles)
            .filter_map(|r| match r {
                Role::Entry { number, .. } => Some(*number),
                _ => None,
            })
            .count()
    }

    /// The smallest text on the card as printed, in points.
    pub fn smallest_text(&self) -> f32 {
        let sizes = self.frame.sizes;
        (self.pages.iter())
            .map(PlannedPage::smallest_text)
            .fold(sizes.footer.min(sizes.heading), f32::min)
    }

    /// Whether every text meets the paper's least size.
    pub fn is_legible(&self) -> bool {
        self.smallest_text() + EPSILON >= self.frame.paper.min_text()
    }
}

impl PlannedPage {
    /// The smallest text of the drawing as printed, in points.
    pub fn smallest_text(&self) -> f32 {
        let l = &self.layout;
        let o = &l.options;
        let mut smallest = f32::MAX;
        if !l.boxes.is_empty() {
            smallest = o.text_size;
        }
        if l.boxes.iter().any(|b| !b.law_lines.is_empty()) {
            smallest = smallest.min(o.law_size);
        }
        if l.edges.iter().any(|e| e.label.is_some()) {
            smallest = smallest.min(o.label_size);
        }
        smallest * self.scale
    }
}

/// Layouts made while planning one card, by what they were made of. The
/// two orientations, the split's trials and the pages laid out at the end
/// ask for many of the same drawings (the page's size only decides which
/// one is kept), and a lookup costs far less than a layout. They are
/// shared, not copied: most are only measured.
///
/// A drawing asked for only to measure it (a split's trial, a panel's size
/// while shelving) is made without its text ([`layout_size`]), which costs
/// a good part of a layout; one asked for to print is made whole, again
/// if it was first made only to measure.
#[derive(Default)]
struct Drawings {
    made: FastMap<LayoutInput, Vec<Made>>,
}

/// A drawing made: what it was made with, the drawing, and whether it
/// holds its text (or was made only to measure).
struct Made {
    key: OptionsKey,
    drawn: Rc<Layout>,
    whole: bool,
}

/// What a drawing is wanted for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Use {
    /// Its size only.
    Measure,
    /// Printing: with its text.
    Print,
}

/// The options of a layout, as something to compare and hash.
type OptionsKey = [u32; 10];

impl Drawings {
    /// The layout of `input` with `options`, made once (and once more if
    /// it was made only to measure and is now wanted to print).
    fn layout(&mut self, input: &LayoutInput, options: &LayoutOptions, wanted: Use) -> Rc<Layout> {
        let o = options;
        let bits = f32::to_bits;
        let key: OptionsKey = [
            bits(o.text_size),
            bits(o.law_size),
            bits(o.label_size),
            bits(o.max_text_width),
            bits(o.max_label_width),
            bits(o.padding),
            bits(o.node_gap),
            bits(o.rank_gap),
            bits(o.margin),
            u32::try_from(o.stack_answers).unwrap_or(u32::MAX),
        ];
        let earlier = self.made.get_mut(input);
        let found = (earlier.as_ref())
            .and_then(|made| made.iter().find(|m| m.key == key))
            .filter(|m| m.whole || wanted == Use::Measure);
        if let Some(m) = found {
            return Rc::clone(&m.drawn);
        }
        let whole = wanted == Use::Print;
        let drawn = Rc::new(if whole {
            layout(input, options)
        } else {
            layout_size(input, options)
        });
        let made = Made {
            key,
            drawn: Rc::clone(&drawn),
            whole,
        };
        // The input is copied only the first time it is laid out.
        match earlier {
            Some(earlier) => {
                earlier.retain(|m| m.key != key);
                earlier.push(made);
            }
            None => {
                self.made.insert(input.clone(), vec![made]);
            }
        }
        drawn
    }
}

/// Plans the card of a chart.
pub fn plan(chart: &LayoutInput, heading: &Heading, options: &CardOptions) -> Plan {
    let drawings = &mut Drawings::default();
    let orientations = match options.orientation {
        Some(o) => vec![o],
        None => vec![Orientation::Portrait, Orientation::Landscape],
    };
    let mut best: Option<Plan> = None;
    for orientation in orientations {
        let frame = Frame::new(options.paper, orientation, heading);
        let mut candidate = plan_in(chart, frame, drawings);
        candidate.turned = options.orientation.is_none() && orientation == Orientation::Landscape;
        let better = best.as_ref().is_none_or(|b| {
            let rank = |p: &Plan| (!p.is_legible(), p.pages.len());
            rank(&candidate) < rank(b)
                || (rank(&candidate) == rank(b) && candidate.scale > b.scale + EPSILON)
        });
        if better {
            best = Some(candidate);
        }
    }
    best.expect("at least one orientation is tried")
}

/// Whether the chart fits one side of a card of `paper`, either way up,
/// without splitting or shrinking: the question `check` asks.
pub fn fits_one_side(chart: &LayoutInput, heading: &Heading, paper: Paper) -> bool {
    let options = paper.chart_options();
    let drawings = &mut Drawings::default();
    [Orientation::Portrait, Orientation::Landscape]
        .into_iter()
        .any(|o| {
            let frame = Frame::new(paper, o, heading);
            fitting(chart, &frame, &options, drawings, Use::Measure).is_some()
        })
}

/// The plan for one frame: the whole chart on a page if it fits, else
/// split, with each shared ruling drawn on every page that leads to it; or,
/// where that leaves a box with its rulings too large for a page, with
/// connectors to them instead.
fn plan_in(chart: &LayoutInput, frame: Frame, drawings: &mut Drawings) -> Plan {
    let none = vec![false; chart.nodes.len()];
    if fitting(
        chart,
        &frame,
        &frame.paper.chart_options(),
        drawings,
        Use::Measure,
    )
    .is_some()
    {
        let whole = [(0..chart.nodes.len()).collect()];
        return lay_out(chart, frame, &whole, &none, drawings);
    }
    let shared = shared_ends(chart);
    let copying = split_plan(chart, frame.clone(), &shared, drawings);
    if copying.is_legible() || shared == none {
        return copying;
    }
    let plain = split_plan(chart, frame, &none, drawings);
    if plain.smallest_text() > copying.smallest_text() + EPSILON {
        plain
    } else {
        copying
    }
}

/// The chart split into panels that fit the frame, laid out.
fn split_plan(chart: &LayoutInput, frame: Frame, copied: &[bool], drawings: &mut Drawings) -> Plan {
    let options = frame.paper.chart_options();
    let page = frame.chart.w * frame.chart.h;
    let mut tried: FastMap<Vec<usize>, Option<f32>> = FastMap::default();
    let panels = split(chart, copied, page, &mut |members| {
        *tried.entry(members.to_vec()).or_insert_with(|| {
            let trial = panel_input(chart, copied, members, None);
            fitting(&trial.input, &frame, &options, drawings, Use::Measure)
                .map(|l| l.width * l.height)
        })
    });
    lay_out(chart, frame, &panels, copied, drawings)
}

/// Each panel laid out, connectors numbered, and the panels put on pages:
/// panels whose drawings fit one under the other share a page. Should a
/// shared page no longer fit once its connectors carry their real numbers,
/// every panel gets a page of its own instead.
fn lay_out(
    chart: &LayoutInput,
    frame: Frame,
    panels: &[Vec<usize>],
    copied: &[bool],
    drawings: &mut Drawings,
) -> Plan {
    let options = frame.paper.chart_options();
    let sizes: Vec<(f32, f32)> = panels
        .iter()
        .map(|members| {
            let trial = panel_input(chart, copied, members, None);
            let drawn = drawing(&trial.input, &frame, &options, drawings, Use::Measure);
            (drawn.width, drawn.height)
        })
        .collect();
    let pages = shelve(&sizes, &frame);
    let shared = lay_out_on(chart, frame.clone(), panels, &pages, copied, drawings);
    if pages.len() == panels.len() || shared.is_legible() {
        return shared;
    }
    let own: Vec<Vec<usize>> = (0..panels.len()).map(|p| vec![p]).collect();
    lay_out_on(chart, frame, panels, &own, copied, drawings)
}

/// Space between two panels sharing a page.
const PANEL_GAP: f32 = 18.0;

/// The panels of each page, in reading order: each panel, in turn, goes
/// under the panels of the first page with room for it, else on a new page.
fn shelve(sizes: &[(f32, f32)], frame: &Frame) -> Vec<Vec<usize>> {
    let area = frame.chart;
    let mut pages: Vec<(Vec<usize>, f32)> = Vec::new();
    for (p, &(w, h)) in sizes.iter().enumerate() {
        let room = pages
            .iter()
            .position(|(_, used)| w <= area.w && used + PANEL_GAP + h <= area.h);
        match room {
            Some(k) if p > 0 => {
                pages[k].0.push(p);
                pages[k].1 += PANEL_GAP + h;
            }
            _ => pages.push((vec![p], h)),
        }
    }
    pages.into_iter().map(|(panels, _)| panels).collect()
}

/// The panels laid out on the given pages (each a list of panels).
fn lay_out_on(
    chart: &LayoutInput,
    frame: Frame,
    panels: &[Vec<usize>],
    pages: &[Vec<usize>],
    copied: &[bool],
    drawings: &mut Drawings,
) -> Plan {
    let options = frame.paper.chart_options();
    let mut page_of = vec![0; panels.len()];
    for (k, on) in pages.iter().enumerate() {
        on.iter().for_each(|&p| page_of[p] = k);
    }
    let numbering = Numbering::new(chart, copied, panels, &page_of, &preorder(chart));
    let laid: Vec<(Layout, Vec<Role>)> = pages
        .iter()
        .map(|on| {
            let mut roles = Vec::new();
            let drawings = on
                .iter()
                .map(|&p| {
                    let PanelInput { input, roles: r } =
                        panel_input(chart, copied, &panels[p], Some(&numbering));
                    roles.extend(r);
                    Rc::unwrap_or_clone(drawing(&input, &frame, &options, drawings, Use::Print))
                })
                .collect();
            (Layout::stacked(drawings, PANEL_GAP), roles)
        })
        .collect();
    let fit: Vec<f32> = laid.iter().map(|(l, _)| scale_in(l, &frame)).collect();
    let scale = fit
        .iter()
        .copied()
        .filter(|&s| s >= 1.0)
        .fold(MAX_SCALE, f32::min);
    let pages = laid
        .into_iter()
        .zip(fit)
        .map(|((layout, roles), fit)| PlannedPage {
            layout,
            roles,
            scale: fit.min(scale),
        })
        .collect();
    Plan {
        frame,
        pages,
        scale,
        turned: false,
        panels: panels.len(),
    }
}

/// How much `layout` may be scaled to fill the chart area (at most [`MAX_SCALE`]).
fn scale_in(layout: &Layout, frame: &Frame) -> f32 {
    let area = frame.chart;
    (area.w / layout.width.max(1.0))
        .min(area.h / layout.height.max(1.0))
        .min(MAX_SCALE)
}

/// The widths of the longest word of any box and of any answer label of
/// `input`, at the sizes of `options`.
fn longest_words(input: &LayoutInput, options: &LayoutOptions) -> (f32, f32) {
    let longest = |texts: &mut dyn Iterator<Item = &str>, weight, size| {
        texts
            .map(|text| font::longest_word_em(weight, text) * size)
            .fold(0.0, f32::max)
    };
    let words = longest(
        &mut input.nodes.iter().map(|n| &*n.text),
        Weight::Regular,
        options.text_size,
    );
    let label_words = longest(
        &mut input.edges.iter().filter_map(|e| e.label.as_deref()),
        Weight::Bold,
        options.label_size,
    );
    (words, label_words)
}

/// The options with box text and labels `factors` times as wide as the
/// paper's, but never narrower than the longest word (`longest`, of boxes
/// and of labels: [`longest_words`]), which the layout would break between
/// letters.
fn with_widths(
    (words, label_words): (f32, f32),
    options: &LayoutOptions,
    (text, label, stacked): (f32, f32, bool),
) -> LayoutOptions {
    LayoutOptions {
        max_text_width: (options.max_text_width * text).max(words),
        max_label_width: (options.max_label_width * label).max(label_words),
        stack_answers: if stacked { 2 } else { 0 },
        ..options.clone()
    }
}

/// The first widths at which `input` fits the chart area unshrunk. After
/// the usual widths, only the widths that can help are tried: narrower
/// boxes or labels for a drawing too wide, wider boxes for one too tall;
/// one far larger than the area is given up at once.
fn fitting(
    input: &LayoutInput,
    frame: &Frame,
    options: &LayoutOptions,
    drawings: &mut Drawings,
    wanted: Use,
) -> Option<Rc<Layout>> {
    let area = frame.chart;
    let longest = longest_words(input, options);
    let first = drawings.layout(input, &with_widths(longest, options, WIDTHS[0]), wanted);
    if scale_in(&first, frame) >= 1.0 {
        return Some(first);
    }
    if first.width * first.height > HOPELESS * area.w * area.h {
        return None;
    }
    let (wide, tall) = (first.width > area.w, first.height > area.h);
    let stacks = stacks(input, &with_widths(longest, options, WIDTHS[1]));
    WIDTHS[1..]
        .iter()
        .filter(|&&(_, _, stacked)| stacks || !stacked)
        .filter(|&&(text, label, stacked)| {
            (wide && (text < 1.0 || label < 1.0 || stacked)) || (tall && text > 1.0)
        })
        .map(|&factors| with_widths(longest, options, factors))
        .filter(|o| least_height(input, o) <= area.h + SLACK)
        .map(|o| drawings.layout(input, &o, wanted))
        .find(|drawn| scale_in(drawn, frame) >= 1.0)
}

/// Rounding allowed for when a drawing's least height is compared with
/// the page: a drawing is skipped only if it is surely too tall.
const SLACK: f32 = 0.5;

/// The drawing of a page: the first widths at which `input` fits unshrunk
/// (the usual look where it fits), else the widths it prints largest at.
fn drawing(
    input: &LayoutInput,
    frame: &Frame,
    options: &LayoutOptions,
    drawings: &mut Drawings,
    wanted: Use,
) -> Rc<Layout> {
    if let Some(fits) = fitting(input, frame, options, drawings, wanted) {
        return fits;
    }
    let mut best: Option<(f32, Rc<Layout>)> = None;
    let longest = longest_words(input, options);
    let stacks = stacks(input, &with_widths(longest, options, WIDTHS[1]));
    for factors in WIDTHS.into_iter().filter(|f| stacks || !f.2) {
        let widths = with_widths(longest, options, factors);
        // The most this drawing could be scaled by, from its least height:
        // skipped if even that would not beat the best so far.
        let most = (frame.chart.h / (least_height(input, &widths) - SLACK).max(1.0)).min(MAX_SCALE);
        if best.as_ref().is_some_and(|(s, _)| most <= *s + EPSILON) {
            continue;
        }
        let drawn = drawings.layout(input, &widths, wanted);
        let scale = scale_in(&drawn, frame);
        if best.as_ref().is_none_or(|(s, _)| scale > *s + EPSILON) {
            best = Some((scale, drawn));
        }
    }
    best.map(|(_, l)| l).expect("at least one width is tried")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{BoxSpec, EdgeSpec, Shape};

    fn heading() -> Heading {
        Heading {
            title: "A chart".into(),
            laws: vec!["Law 54 Opening Lead Out of Turn".into()],
        }
    }

    /// A full binary tree of questions `depth` deep with rulings at the leaves.
    fn tree(depth: u32) -> LayoutInput {
        let n = 2usize.pow(depth + 1) - 1;
        let inner = 2usize.pow(depth) - 1;
        let nodes = (0..n)
            .map(|i| BoxSpec {
                id: format!("n{i}"),
                shape: if i < inner {
                    Shape::Question
                } else {
                    Shape::Ruling
                },
                text: format!("Is this the question number {i} of the chart, asked of the player?")
                    .into(),
                laws: "54D".into(),
            })
            .collect();
        let edges = (1..n)
            .map(|v| EdgeSpec {
                from: (v - 1) / 2,
                to: v,
                label: Some(if v % 2 == 1 { "Yes" } else { "No" }.into()),
            })
            .collect();
        LayoutInput { nodes, edges }
    }

    #[test]
    fn a_small_chart_is_one_upright_page_enlarged_to_fill_it() {
        let plan = plan(&tree(1), &heading(), &CardOptions::default());
        assert_eq!(plan.pages.len(), 1);
        assert_eq!(plan.frame.orientation, Orientation::Portrait);
        assert!(plan.scale > 1.0);
        assert!(plan.is_legible());
        assert_eq!(plan.connectors(), 0);
    }

    #[test]
    fn a_large_chart_is_split_and_every_page_stays_legible() {
        let chart = tree(5);
        let plan = plan(&chart, &heading(), &CardOptions::default());
        assert!(plan.pages.len() > 1);
        assert!(plan.is_legible(), "{}", plan.smallest_text());
        assert!(plan.connectors() >= plan.pages.len() - 1);
        let nodes: usize = plan
            .pages
            .iter()
            .map(|p| {
                p.roles
                    .iter()
                    .filter(|r| matches!(r, Role::Node(_)))
                    .count()
            })
            .sum();
        assert_eq!(nodes, chart.nodes.len());
    }

    #[test]
    fn panels_that_fit_one_under_the_other_share_a_page() {
        let frame = Frame::new(Paper::A4, Orientation::Portrait, &heading());
        let (w, h) = (frame.chart.w, frame.chart.h);
        let sizes = [
            (w, 0.4 * h),
            (w * 0.9, 0.9 * h),
            (w * 0.5, 0.5 * h),
            (w * 1.1, 0.1 * h),
        ];
        // The third goes under the first; the fourth is too wide for any
        // page it could share, so it keeps its own.
        assert_eq!(shelve(&sizes, &frame), [vec![0, 2], vec![1], vec![3]]);
    }

    #[test]
    fn a_forced_orientation_is_kept() {
        let options = CardOptions {
            paper: Paper::A5,
            orientation: Some(Orientation::Landscape),
        };
        let plan = plan(&tree(2), &heading(), &options);
        assert_eq!(plan.frame.orientation, Orientation::Landscape);
        assert!(!plan.turned);
    }

    /// One question with five answers, each to `shape` (a step goes on to
    /// one shared ruling): wide, not tall.
    fn fan(shape: Shape) -> LayoutInput {
        let mut chart = tree(0);
        chart.nodes[0].shape = Shape::Question;
        for i in 1..=5 {
            chart.nodes.push(BoxSpec {
                id: format!("r{i}"),
                shape,
                text: "The table result stands and play goes on as before".into(),
                laws: "12C".into(),
            });
            chart.edges.push(EdgeSpec {
                from: 0,
                to: i,
                label: Some(format!("Answer {i}")),
            });
        }
        if shape == Shape::Step {
            chart.nodes.push(BoxSpec {
                id: "end".into(),
                shape: Shape::Ruling,
                text: "Score the board".into(),
                laws: "12C".into(),
            });
            for i in 1..=5 {
                chart.edges.push(EdgeSpec {
                    from: i,
                    to: 6,
                    label: None,
                });
            }
        }
        chart
    }

    #[test]
    fn a_wide_shallow_chart_turns_the_page_rather_than_split() {
        let plan = plan(&fan(Shape::Step), &heading(), &CardOptions::default());
        assert_eq!(plan.pages.len(), 1);
        assert_eq!(plan.frame.orientation, Orientation::Landscape);
        assert!(plan.turned);
    }

    #[test]
    fn answers_that_end_at_once_are_stacked_to_keep_the_card_upright() {
        let chart = fan(Shape::Ruling);
        let plan = plan(&chart, &heading(), &CardOptions::default());
        assert_eq!(plan.pages.len(), 1);
        assert_eq!(plan.frame.orientation, Orientation::Portrait);
        let boxes = &plan.pages[0].layout.boxes;
        let left = boxes[1].rect.x;
        assert!(
            (1..=5).all(|i| (boxes[i].rect.x - left).abs() < 0.01),
            "one column"
        );
        assert!(plan.is_legible());
    }

    #[test]
    fn a_question_too_wide_for_any_page_is_printed_smaller_and_the_plan_says_so() {
        let mut chart = tree(0);
        chart.nodes[0].shape = Shape::Question;
        for i in 1..=30 {
            chart.nodes.push(BoxSpec {
                id: format!("r{i}"),
                shape: Shape::Ruling,
                text: format!("Ruling {i}").into(),
                laws: "".into(),
            });
            chart.edges.push(EdgeSpec {
                from: 0,
                to: i,
                label: Some(format!("Answer number {i}")),
            });
        }
        let plan = plan(&chart, &heading(), &CardOptions::default());
        assert!(!plan.is_legible());
        assert!(plan.smallest_text() < 9.0);
        let shrunk = plan.pages.iter().filter(|p| p.scale < 1.0).count();
        assert!(shrunk >= 1);
        assert!(plan.pages.iter().all(|p| p.scale <= plan.scale + EPSILON));
    }
}
