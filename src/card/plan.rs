//! Planning a card: the whole chart on one side if it fits, upright or on
//! its side (whichever prints larger); else cut into panels that each fit a
//! side, or half or a third of one (`split`), and the panels put on as few
//! sides as hold them, side by side or one under the other (`arrange`),
//! the front and back balanced. Panels are joined by numbered connectors
//! (`panel`). Nothing is shrunk below the paper's least text size unless a
//! single node cannot fit a side, and then the plan says so.

use std::rc::Rc;

use foldhash::HashMap as FastMap;

use super::arrange::{PANEL_GAP, arrange};
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
    /// Whether a QR code takes the page's bottom right corner.
    pub qr: bool,
}

/// One side of a card: its panels laid out as one drawing, and what each
/// box stands for.
pub struct PlannedPage {
    /// The panels' drawing, at printed size before `scale`.
    pub layout: Layout,
    /// How much the drawing is scaled: the card's scale, or less on a side
    /// whose drawing cannot fit otherwise.
    pub scale: f32,
    /// Per box of `layout`, the chart node or connector it is.
    pub roles: Vec<Role>,
    /// How much of the chart area the panels take as printed (0 to 1).
    pub used: f32,
}

/// A card planned: its frame, sides, and the scale the chart prints at.
pub struct Plan {
    /// Where things go on every side.
    pub frame: Frame,
    /// The sides (pages of the file), front first.
    pub pages: Vec<PlannedPage>,
    /// How much the drawings are scaled on every side that fits at this
    /// scale (at least 1 unless no side does).
    pub scale: f32,
    /// Whether the page was turned because the chart fits better that way.
    pub turned: bool,
    /// How many panels the chart was split into (1 when it was not); a
    /// side may hold several.
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
type OptionsKey = [u32; 13];

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
            bits(o.track_gap),
            bits(o.label_margin),
            u32::from(o.laws_inline),
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

/// The room a drawing must fit: a side's chart area (clear of the QR
/// code), or a column of one, for panels that may sit side by side.
#[derive(Clone, Copy)]
enum Room<'a> {
    Side(&'a Frame),
    Column { w: f32, h: f32 },
}

impl Room<'_> {
    /// The most a drawing `w` by `h` may be scaled by and still fit.
    fn scale_for(&self, w: f32, h: f32) -> f32 {
        match *self {
            Room::Side(frame) => frame.scale_for(w, h),
            Room::Column { w: cw, h: ch } => (cw / w.max(1.0)).min(ch / h.max(1.0)),
        }
    }

    fn height(&self) -> f32 {
        match *self {
            Room::Side(frame) => frame.chart.h,
            Room::Column { h, .. } => h,
        }
    }

    fn area(&self) -> f32 {
        match *self {
            Room::Side(frame) => frame.chart.w * frame.chart.h,
            Room::Column { w, h } => w * h,
        }
    }
}

/// The rooms a chart too large for a side is cut to fit, in the order
/// tried: a side, half a side's width, a third of it, then three fifths
/// of it. Smaller panels put on sides more evenly, at the cost of more
/// connectors; panels of three fifths leave room beside them for narrow
/// ones (a question's hand-overs cut off below it), where halves would
/// cut a tall panel into many.
fn rooms(frame: &Frame) -> [Room<'_>; 4] {
    let (w, h) = (frame.chart.w, frame.chart.h);
    [
        Room::Side(frame),
        Room::Column {
            w: (w - PANEL_GAP) / 2.0,
            h,
        },
        Room::Column {
            w: (w - 2.0 * PANEL_GAP) / 3.0,
            h,
        },
        Room::Column { w: 0.6 * w, h },
    ]
}

/// A way to print a chart: its panels, each with the drawing it was
/// measured by, and the sides they go on.
struct Cut {
    frame: Frame,
    /// The nodes drawn in every panel that leads to them.
    copied: Vec<bool>,
    /// The panels, in reading order.
    panels: Vec<Vec<usize>>,
    /// Per panel, its drawing with room for any connector's number (the
    /// options it was made with are the ones it is printed with).
    drawn: Vec<Rc<Layout>>,
    /// Per side, its panels in reading order.
    sides: Vec<Vec<usize>>,
    /// Per side, how much of the chart area its panels take as printed.
    used: Vec<f32>,
    /// Whether every side prints at full size or larger.
    legible: bool,
}

impl Cut {
    /// The whole chart as one panel on one side.
    fn whole(frame: &Frame, chart: &LayoutInput, drawn: Rc<Layout>) -> Cut {
        let copied = vec![false; chart.nodes.len()];
        Cut::new(
            frame,
            copied,
            vec![(0..chart.nodes.len()).collect()],
            vec![drawn],
        )
    }

    /// The panels put on sides.
    fn new(
        frame: &Frame,
        copied: Vec<bool>,
        panels: Vec<Vec<usize>>,
        drawn: Vec<Rc<Layout>>,
    ) -> Cut {
        let sizes: Vec<(f32, f32)> = drawn.iter().map(|d| (d.width, d.height)).collect();
        let sides = assign(&sizes, frame);
        let (used, legible) = usage(&sizes, &sides, frame);
        Cut {
            frame: frame.clone(),
            copied,
            panels,
            drawn,
            sides,
            used,
            legible,
        }
    }

    /// The area of all its panels' drawings at full size.
    fn drawn_area(&self) -> f32 {
        self.drawn.iter().map(|d| d.width * d.height).sum()
    }

    /// Whether no side is less than half used (one side always is).
    fn balanced(&self) -> bool {
        self.sides.len() < 2 || self.used.iter().all(|&u| u >= 0.5)
    }

    /// Whether no other cut can be better: legible and on one side. (Two
    /// balanced sides are not enough: narrower panels side by side may
    /// put the card on one.)
    fn good(&self) -> bool {
        self.legible && self.sides.len() == 1
    }

    /// Lower is better: legible; then on one sheet (two sides at most),
    /// and of those fewer sides, then balanced; then fewer panels (fewer
    /// connectors to follow), then fewer sides, then the emptier side
    /// fuller. A chart that needs more than a sheet is first kept readable.
    fn rank(&self) -> (bool, bool, usize, bool, usize, usize, u32) {
        let least = self.used.iter().copied().fold(1.0, f32::min);
        let sheet = self.sides.len() <= 2;
        (
            !self.legible,
            !sheet,
            if sheet { self.sides.len() } else { 0 },
            !self.balanced(),
            self.panels.len(),
            self.sides.len(),
            ((1.0 - least.clamp(0.0, 1.0)) * 1000.0) as u32,
        )
    }
}

/// Per side, how much of the chart area its panels take at the card's
/// scale (the largest every side fits at, at most [`MAX_SCALE`]); and
/// whether every side fits at full size.
fn usage(sizes: &[(f32, f32)], sides: &[Vec<usize>], frame: &Frame) -> (Vec<f32>, bool) {
    let scales: Vec<f32> = (sides.iter())
        .map(|side| arrange(&pick(sizes, side), frame).scale_in(frame))
        .collect();
    let legible = scales.iter().all(|&s| s >= 1.0);
    let scale = (scales.iter().copied())
        .filter(|&s| s >= 1.0)
        .fold(MAX_SCALE, f32::min);
    let area = frame.chart.w * frame.chart.h;
    let used = (sides.iter().zip(&scales))
        .map(|(side, &s)| {
            let s = s.min(scale);
            side.iter().map(|&p| sizes[p].0 * sizes[p].1).sum::<f32>() * s * s / area
        })
        .collect();
    (used, legible)
}

/// The sizes of the panels `members`.
fn pick(sizes: &[(f32, f32)], members: &[usize]) -> Vec<(f32, f32)> {
    members.iter().map(|&p| sizes[p]).collect()
}

/// The most panels on a side, unless more keep the card on one sheet:
/// more are more connectors to follow than a side saved is worth.
const PANELS_A_SIDE: usize = 4;

/// Whether the panels `members` fit one side at full size, and are at
/// most `cap`.
fn fit_side(sizes: &[(f32, f32)], members: &[usize], frame: &Frame, cap: usize) -> bool {
    members.len() <= cap && arrange(&pick(sizes, members), frame).scale_in(frame) >= 1.0
}

/// How a split between front and back is judged, lower first: the
/// emptier side's room left unused (in hundredths), then the panels on the
/// front by their places in reading order (earlier panels in front).
type SplitKey = (u32, usize);

/// The most panels whose every split between front and back is tried;
/// beyond, the back takes the last panels in reading order.
const SEARCHED: usize = 13;

/// The panels (of `sizes`, in reading order) on sides: on one sheet if
/// they go, at most four a side, else more a side; else on as many sides
/// as a first fit in reading order needs.
fn assign(sizes: &[(f32, f32)], frame: &Frame) -> Vec<Vec<usize>> {
    let n = sizes.len();
    let all: Vec<usize> = (0..n).collect();
    if n <= 1 || fit_side(sizes, &all, frame, PANELS_A_SIDE) {
        return vec![all];
    }
    let [capped, any] = front_and_back(sizes, frame);
    if let Some(sides) = capped {
        return sides;
    }
    if fit_side(sizes, &all, frame, usize::MAX) {
        return vec![all];
    }
    any.unwrap_or_else(|| first_fit(sizes, frame))
}

/// The best split of the panels between front and back (the start's
/// panel in front): the one that leaves the emptier side fullest, of those
/// with at most four panels a side and of all. Every split is tried up to
/// [`SEARCHED`] panels, else every split in reading order. No side is
/// fuller than its panels' area allows (at its largest scale, the smaller
/// side's area over the larger's), so splits are tried from the most even
/// by area and the search stops when no split left can be better.
fn front_and_back(sizes: &[(f32, f32)], frame: &Frame) -> [Option<Vec<Vec<usize>>>; 2] {
    let n = sizes.len();
    let area = frame.chart.w * frame.chart.h;
    let drawn = |side: &[usize]| side.iter().map(|&p| sizes[p].0 * sizes[p].1).sum::<f32>();
    let mut splits: Vec<(f32, [Vec<usize>; 2])> = split_ways(n)
        .filter_map(|back| {
            let front: Vec<usize> = (0..n).filter(|&p| !back[p]).collect();
            let back: Vec<usize> = (0..n).filter(|&p| back[p]).collect();
            let (f, b) = (drawn(&front), drawn(&back));
            // A side whose panels take more than its area cannot hold them.
            let bound = (f.min(b) / area * MAX_SCALE * MAX_SCALE).min(f.min(b) / f.max(b));
            (f.max(b) <= area).then_some((bound, [front, back]))
        })
        .collect();
    splits.sort_by(|a, b| b.0.total_cmp(&a.0));
    let any_capped =
        (splits.iter()).any(|(_, sides)| sides.iter().all(|s| s.len() <= PANELS_A_SIDE));
    let mut best: [Option<Split>; 2] = [None, None];
    for (bound, sides) in splits {
        let beaten = |slot: &Option<Split>| slot.as_ref().is_some_and(|b| bound < b.least - 0.01);
        if beaten(&best[1]) && (!any_capped || beaten(&best[0])) {
            break;
        }
        let scales: Vec<f32> = (sides.iter())
            .map(|side| arrange(&pick(sizes, side), frame).scale_in(frame))
            .collect();
        if scales.iter().any(|&s| s < 1.0) {
            continue;
        }
        let scale = scales.iter().copied().fold(MAX_SCALE, f32::min);
        let least = (sides.iter())
            .map(|side| drawn(side) * scale * scale / area)
            .fold(1.0f32, f32::min);
        let key = (
            ((1.0 - least.clamp(0.0, 1.0)) * 100.0) as u32,
            sides[0].iter().sum::<usize>(),
        );
        let capped = sides.iter().all(|side| side.len() <= PANELS_A_SIDE);
        for (k, slot) in best.iter_mut().enumerate() {
            if (k == 1 || capped) && slot.as_ref().is_none_or(|b| key < b.key) {
                let sides = sides.to_vec();
                *slot = Some(Split { least, key, sides });
            }
        }
    }
    best.map(|b| b.map(|split| split.sides))
}

/// A split between front and back, and how full its emptier side is.
struct Split {
    least: f32,
    key: SplitKey,
    sides: Vec<Vec<usize>>,
}

/// The ways to split `n` panels between front and back, each as whether
/// each panel goes on the back (never the first): every way up to
/// [`SEARCHED`] panels, else the last panels in reading order.
fn split_ways(n: usize) -> Box<dyn Iterator<Item = Vec<bool>>> {
    if n <= SEARCHED {
        Box::new(
            (1..1u32 << (n - 1))
                .map(move |mask| (0..n).map(|p| p > 0 && mask >> (p - 1) & 1 == 1).collect()),
        )
    } else {
        Box::new((1..n).map(move |k| (0..n).map(|p| p >= k).collect()))
    }
}

/// The panels on sides in reading order, each on the first side with room
/// for it (at most four a side), else on a new one.
fn first_fit(sizes: &[(f32, f32)], frame: &Frame) -> Vec<Vec<usize>> {
    let mut sides: Vec<Vec<usize>> = Vec::new();
    for p in 0..sizes.len() {
        let room = sides.iter().position(|side| {
            let mut with = side.clone();
            with.push(p);
            fit_side(sizes, &with, frame, PANELS_A_SIDE)
        });
        match room {
            Some(k) => sides[k].push(p),
            None => sides.push(vec![p]),
        }
    }
    sides
}

/// Plans the card of a chart.
pub fn plan(chart: &LayoutInput, heading: &Heading, options: &CardOptions) -> Plan {
    let drawings = &mut Drawings::default();
    let cut = choose(chart, heading, options, drawings);
    let mut plan = lay_out(chart, &cut, drawings);
    plan.turned = options.orientation.is_none() && cut.frame.orientation == Orientation::Landscape;
    plan
}

/// How many sides the card of a chart takes on `paper` (no QR code), the
/// question `check` asks.
pub fn sides(chart: &LayoutInput, heading: &Heading, paper: Paper) -> usize {
    let options = CardOptions {
        paper,
        ..CardOptions::default()
    };
    choose(chart, heading, &options, &mut Drawings::default())
        .sides
        .len()
}

/// The frames tried: the orientation asked for, or upright then on its side.
fn frames(heading: &Heading, options: &CardOptions) -> Vec<Frame> {
    let orientations = match options.orientation {
        Some(o) => vec![o],
        None => vec![Orientation::Portrait, Orientation::Landscape],
    };
    (orientations.into_iter())
        .map(|o| Frame::new(options.paper, o, heading, options.qr))
        .collect()
}

/// The best way to print the chart: whole on one side if it fits either
/// way up (the way it prints larger, upright on a tie); else the best cut
/// into panels of any room, either way up.
fn choose(
    chart: &LayoutInput,
    heading: &Heading,
    options: &CardOptions,
    drawings: &mut Drawings,
) -> Cut {
    let frames = frames(heading, options);
    let chart_options = options.paper.chart_options();
    let mut whole: Option<(f32, Cut)> = None;
    for frame in &frames {
        let room = Room::Side(frame);
        if let Some(drawn) = fitting(chart, room, &chart_options, drawings, Use::Measure) {
            let scale = room.scale_for(drawn.width, drawn.height).min(MAX_SCALE);
            if whole.as_ref().is_none_or(|(s, _)| scale > s + EPSILON) {
                whole = Some((scale, Cut::whole(frame, chart, drawn)));
            }
        }
    }
    if let Some((_, cut)) = whole {
        return cut;
    }
    let mut best: Option<Cut> = None;
    for frame in &frames {
        let cut = split_in(chart, frame, drawings);
        if best.as_ref().is_none_or(|b| cut.rank() < b.rank()) {
            best = Some(cut);
        }
    }
    best.expect("at least one frame is tried")
}

/// The best cut of the chart on sides of `frame`: shared rulings drawn in
/// every panel that leads to them, cut to fit a side, then (while no cut
/// is good) half and a third of one, unless the panels are too large for
/// two sides however they are cut; and, if no cut is legible, the same
/// without copies.
fn split_in(chart: &LayoutInput, frame: &Frame, drawings: &mut Drawings) -> Cut {
    let shared = shared_ends(chart);
    let none = vec![false; chart.nodes.len()];
    let mut best: Option<Cut> = None;
    for copied in [shared, none] {
        if best
            .as_ref()
            .is_some_and(|b| b.legible || b.copied == copied)
        {
            break;
        }
        for room in rooms(frame) {
            let cut = cut(chart, frame, &copied, room, drawings);
            let (good, hopeless) = (
                cut.good(),
                cut.drawn_area() > HOPELESS_SIDES * room_area(frame),
            );
            if best.as_ref().is_none_or(|b| cut.rank() < b.rank()) {
                best = Some(cut);
            }
            if good || hopeless {
                break;
            }
        }
    }
    best.expect("at least one room is tried")
}

/// Panels whose drawings take this many sides' area at full size will not
/// go on two sides however they are cut (a finer cut draws no less).
const HOPELESS_SIDES: f32 = 2.5;

/// A side's chart area.
fn room_area(frame: &Frame) -> f32 {
    frame.chart.w * frame.chart.h
}

/// The chart cut into panels that each fit `room`, put on sides of `frame`.
fn cut(
    chart: &LayoutInput,
    frame: &Frame,
    copied: &[bool],
    room: Room,
    drawings: &mut Drawings,
) -> Cut {
    let options = frame.paper.chart_options();
    let mut tried: FastMap<Vec<usize>, bool> = FastMap::default();
    let panels = split(chart, copied, &mut |members| {
        *tried.entry(members.to_vec()).or_insert_with(|| {
            let trial = panel_input(chart, copied, members, None);
            fitting(&trial.input, room, &options, drawings, Use::Measure).is_some()
        })
    });
    let drawn = (panels.iter())
        .map(|members| {
            let trial = panel_input(chart, copied, members, None);
            drawing(&trial.input, room, &options, drawings, Use::Measure)
        })
        .collect();
    Cut::new(frame, copied.to_vec(), panels, drawn)
}

/// The cut laid out to print: connectors numbered, each panel drawn with
/// the options it was measured with, each side's panels arranged.
fn lay_out(chart: &LayoutInput, cut: &Cut, drawings: &mut Drawings) -> Plan {
    let frame = &cut.frame;
    let mut side_of = vec![0; cut.panels.len()];
    for (k, side) in cut.sides.iter().enumerate() {
        side.iter().for_each(|&p| side_of[p] = k);
    }
    let numbering = Numbering::new(chart, &cut.copied, &cut.panels, &side_of, &preorder(chart));
    let area = frame.chart.w * frame.chart.h;
    let laid: Vec<(Layout, Vec<Role>, f32)> = (cut.sides.iter())
        .map(|side| {
            let mut roles = Vec::new();
            let panels: Vec<Layout> = (side.iter())
                .map(|&p| {
                    let PanelInput { input, roles: r } =
                        panel_input(chart, &cut.copied, &cut.panels[p], Some(&numbering));
                    roles.extend(r);
                    let options = &cut.drawn[p].options;
                    Rc::unwrap_or_clone(drawings.layout(&input, options, Use::Print))
                })
                .collect();
            let sizes: Vec<(f32, f32)> = panels.iter().map(|l| (l.width, l.height)).collect();
            let drawn = sizes.iter().map(|(w, h)| w * h).sum::<f32>();
            let arranged = arrange(&sizes, frame);
            let layout =
                Layout::combined(panels, &arranged.places, arranged.width, arranged.height);
            (layout, roles, drawn)
        })
        .collect();
    let fit: Vec<f32> = laid.iter().map(|(l, _, _)| scale_in(l, frame)).collect();
    let scale = fit
        .iter()
        .copied()
        .filter(|&s| s >= 1.0)
        .fold(MAX_SCALE, f32::min);
    let pages = laid
        .into_iter()
        .zip(fit)
        .map(|((layout, roles, drawn), fit)| {
            let scale = fit.min(scale);
            PlannedPage {
                layout,
                roles,
                scale,
                used: drawn * scale * scale / area,
            }
        })
        .collect();
    Plan {
        frame: frame.clone(),
        pages,
        scale,
        turned: false,
        panels: cut.panels.len(),
    }
}

/// How much `layout` may be scaled to fill the chart area (at most [`MAX_SCALE`]).
fn scale_in(layout: &Layout, frame: &Frame) -> f32 {
    frame.scale_for(layout.width, layout.height).min(MAX_SCALE)
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
    room: Room,
    options: &LayoutOptions,
    drawings: &mut Drawings,
    wanted: Use,
) -> Option<Rc<Layout>> {
    let longest = longest_words(input, options);
    let first = drawings.layout(input, &with_widths(longest, options, WIDTHS[0]), wanted);
    if room.scale_for(first.width, first.height) >= 1.0 {
        return Some(first);
    }
    if first.width * first.height > HOPELESS * room.area() {
        return None;
    }
    let (mut wide, mut tall) = (
        room.scale_for(first.width, 1.0) < 1.0,
        room.scale_for(1.0, first.height) < 1.0,
    );
    if !wide && !tall {
        // Only the QR code's corner is in the way: narrower or shorter helps.
        (wide, tall) = (true, true);
    }
    let stacks = stacks(input, &with_widths(longest, options, WIDTHS[1]));
    WIDTHS[1..]
        .iter()
        .filter(|&&(_, _, stacked)| stacks || !stacked)
        .filter(|&&(text, label, stacked)| {
            (wide && (text < 1.0 || label < 1.0 || stacked)) || (tall && text > 1.0)
        })
        .map(|&factors| with_widths(longest, options, factors))
        .filter(|o| least_height(input, o) <= room.height() + SLACK)
        .map(|o| drawings.layout(input, &o, wanted))
        .find(|drawn| room.scale_for(drawn.width, drawn.height) >= 1.0)
}

/// Rounding allowed for when a drawing's least height is compared with
/// the page: a drawing is skipped only if it is surely too tall.
const SLACK: f32 = 0.5;

/// The drawing of a panel: the first widths at which `input` fits `room`
/// unshrunk (the usual look where it fits), else the widths it prints
/// largest at.
fn drawing(
    input: &LayoutInput,
    room: Room,
    options: &LayoutOptions,
    drawings: &mut Drawings,
    wanted: Use,
) -> Rc<Layout> {
    if let Some(fits) = fitting(input, room, options, drawings, wanted) {
        return fits;
    }
    let mut best: Option<(f32, Rc<Layout>)> = None;
    let longest = longest_words(input, options);
    let stacks = stacks(input, &with_widths(longest, options, WIDTHS[1]));
    for factors in WIDTHS.into_iter().filter(|f| stacks || !f.2) {
        let widths = with_widths(longest, options, factors);
        // The most this drawing could be scaled by, from its least height:
        // skipped if even that would not beat the best so far.
        let most = (room.height() / (least_height(input, &widths) - SLACK).max(1.0)).min(MAX_SCALE);
        if best.as_ref().is_some_and(|(s, _)| most <= *s + EPSILON) {
            continue;
        }
        let drawn = drawings.layout(input, &widths, wanted);
        let scale = room.scale_for(drawn.width, drawn.height).min(MAX_SCALE);
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
            laws: vec![(54, "Opening Lead Out of Turn".into())],
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

    fn frame(orientation: Orientation) -> Frame {
        Frame::new(Paper::A4, orientation, &heading(), false)
    }

    /// A ladder: `rungs` questions one under another, each with `beside`
    /// rulings next to it, as a chart that asks one thing after another.
    fn ladder(rungs: usize, beside: usize) -> LayoutInput {
        let mut nodes = Vec::new();
        let mut edges = Vec::new();
        for r in 0..rungs {
            let at = nodes.len();
            nodes.push(BoxSpec {
                id: format!("q{r}"),
                shape: Shape::Question,
                text: "Was the card led in turn by him?".into(),
                laws: "58A".into(),
            });
            for k in 0..beside {
                edges.push(EdgeSpec {
                    from: at,
                    to: nodes.len(),
                    label: Some(format!("Answer {k}")),
                });
                nodes.push(BoxSpec {
                    id: format!("r{r}-{k}"),
                    shape: Shape::Ruling,
                    text: "The card stands as played.".into(),
                    laws: "58B".into(),
                });
            }
            if r + 1 < rungs {
                edges.push(EdgeSpec {
                    from: at,
                    to: nodes.len(),
                    label: Some("No".into()),
                });
            }
        }
        LayoutInput { nodes, edges }
    }

    #[test]
    fn a_chart_too_tall_for_a_side_goes_on_one_side_in_two_columns() {
        // Thirteen rungs are too tall for one side either way up; cut in
        // two, the panels stand side by side on one.
        let plan = plan(&ladder(13, 1), &heading(), &CardOptions::default());
        assert_eq!(plan.pages.len(), 1, "{} panels", plan.panels);
        assert_eq!(plan.panels, 2);
        assert!(plan.is_legible());
    }

    #[test]
    fn panels_too_tall_to_stack_share_a_side_next_to_each_other() {
        let f = frame(Orientation::Portrait);
        let (w, h) = (f.chart.w, f.chart.h);
        let sizes = [(0.5 * w, 0.8 * h), (0.4 * w, 0.7 * h)];
        assert_eq!(assign(&sizes, &f), [vec![0, 1]]);
    }

    #[test]
    fn two_sides_are_balanced_and_the_start_is_on_the_front() {
        let f = frame(Orientation::Portrait);
        let (w, h) = (f.chart.w, f.chart.h);
        // A big first panel and four smaller ones: in reading order the
        // front would hold the first two, the back only three small ones.
        let sizes = [
            (0.9 * w, 0.6 * h),
            (0.45 * w, 0.35 * h),
            (0.45 * w, 0.35 * h),
            (0.45 * w, 0.35 * h),
            (0.45 * w, 0.35 * h),
        ];
        let sides = assign(&sizes, &f);
        assert_eq!(sides.len(), 2, "{sides:?}");
        assert!(sides[0].contains(&0));
        let (used, legible) = usage(&sizes, &sides, &f);
        assert!(legible);
        assert!(used.iter().all(|&u| u >= 0.5), "{used:?} {sides:?}");
    }

    #[test]
    fn at_most_four_panels_share_a_side_unless_more_keep_the_card_on_one_sheet() {
        let f = frame(Orientation::Portrait);
        let (w, h) = (f.chart.w, f.chart.h);
        // Six small panels: four on the front, two on the back would do,
        // but three and three leave the emptier side fuller.
        let six = [(0.3 * w, 0.2 * h); 6];
        let sides = assign(&six, &f);
        assert_eq!(sides.len(), 2, "{sides:?}");
        assert!(sides.iter().all(|s| s.len() <= PANELS_A_SIDE), "{sides:?}");
        // Ten such panels fit one side only ten together, two sides only
        // five and five: they go on one sheet all the same.
        let ten = [(0.3 * w, 0.2 * h); 10];
        let sides = assign(&ten, &f);
        assert!(sides.len() <= 2, "{sides:?}");
    }

    #[test]
    fn panels_that_need_more_than_two_sides_fill_them_in_reading_order() {
        let f = frame(Orientation::Portrait);
        let (w, h) = (f.chart.w, f.chart.h);
        let sizes = [(0.9 * w, 0.9 * h); 3];
        assert_eq!(assign(&sizes, &f), [vec![0], vec![1], vec![2]]);
    }

    /// Synthetic charts shaped like the shipped ones, their box text within
    /// the card budget (between 0.6 and 1 times 40 characters).
    fn budget_chart(boxes: usize, seed: u64) -> LayoutInput {
        crate::synth::card_chart(&crate::synth::CardShape {
            boxes,
            text: crate::check::BOX_TEXT_BUDGET,
            label: 12,
            mixed: true,
            seed,
        })
    }

    #[test]
    fn most_twenty_box_charts_within_the_budget_fit_one_side_of_a4() {
        let plans: Vec<Plan> = (1..=8)
            .map(|seed| plan(&budget_chart(20, seed), &heading(), &CardOptions::default()))
            .collect();
        assert!(plans.iter().all(Plan::is_legible));
        assert!(plans.iter().all(|p| p.pages.len() <= 2));
        let one = plans.iter().filter(|p| p.pages.len() == 1).count();
        assert!(one >= 5, "{one} of 8 on one side");
    }

    #[test]
    fn charts_of_forty_boxes_within_the_budget_go_on_one_balanced_sheet() {
        for seed in 1..=4 {
            let plan = plan(&budget_chart(40, seed), &heading(), &CardOptions::default());
            assert!(plan.is_legible(), "seed {seed}");
            assert!(
                plan.pages.len() <= 2,
                "seed {seed}: {} sides",
                plan.pages.len()
            );
            if plan.pages.len() == 2 {
                let used: Vec<f32> = plan.pages.iter().map(|p| p.used).collect();
                assert!(used.iter().all(|&u| u >= 0.5), "seed {seed}: {used:?}");
            }
        }
    }

    #[test]
    fn a_forced_orientation_is_kept() {
        let options = CardOptions {
            paper: Paper::A5,
            orientation: Some(Orientation::Landscape),
            qr: false,
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
