//! The site's pages: one per chart (step-through, drawing, examples, laws)
//! and the index grouped by period. Chart text reaches a template only as
//! HTML made by `markdown::to_html` (raw HTML already turned into text) or
//! as plain strings askama escapes.

use askama::Template;

use crate::chart::{Chart, Node, NodeKind};
use crate::markdown::{to_html, to_inline_html, to_plain};

use super::cases::{CasesView, Placement, cases, page_name};
use super::{
    Context, LawGroup, LawRef, Period, also_laws, charts_of, handover_target, law_groups, law_ref,
};

/// The site's stylesheet.
pub const STYLE_CSS: &str = include_str!("../../templates/assets/style.css");
/// The site's script (enhancement only).
pub const SITE_JS: &str = include_str!("../../templates/assets/site.js");

/// How a page gets its stylesheet and script.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Assets {
    /// `assets/style.css` and `assets/site.js` beside the page (the site).
    Linked,
    /// Inside the page (`lawcharts render --format html`).
    Inline,
}

/// What every page shows around its content.
struct Site<'a> {
    title: &'a str,
    club: Option<&'a str>,
    date: Option<&'a str>,
    csp: &'static str,
    css: Option<&'static str>,
    js: Option<&'static str>,
}

const CSP_LINKED: &str = "default-src 'none'; style-src 'self' 'unsafe-inline'; \
    script-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; \
    base-uri 'none'; form-action 'none'";
const CSP_INLINE: &str = "default-src 'none'; style-src 'unsafe-inline'; \
    script-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

fn site<'a>(cx: &'a Context, assets: Assets) -> Site<'a> {
    let inline = assets == Assets::Inline;
    Site {
        title: &cx.config.title,
        club: cx.config.club.as_deref(),
        date: cx.date.as_deref(),
        csp: if inline { CSP_INLINE } else { CSP_LINKED },
        css: inline.then_some(STYLE_CSS),
        js: inline.then_some(SITE_JS),
    }
}

#[derive(Template)]
#[template(path = "chart.html")]
struct ChartPage<'a> {
    body_class: &'static str,
    site: Site<'a>,
    edition: u32,
    canonical: Option<String>,
    chart: ChartView<'a>,
}

struct ChartView<'a> {
    id: &'a str,
    start: &'a str,
    title: &'a str,
    description: String,
    period: &'static str,
    period_slug: &'static str,
    laws: Vec<LawGroup>,
    also: String,
    summary_html: Option<String>,
    situations: &'a [String],
    steps: Vec<StepView<'a>>,
    svg: Option<String>,
    svg_max_width: String,
    svg_min_width: String,
    examples: Vec<ExampleView<'a>>,
    cases: CasesView,
    /// Where the cases are listed; `cases_href` is their own page's name.
    placement: Placement,
    cases_href: String,
    /// What a link to a step starts with: empty on the chart's page.
    base: String,
}

impl ChartView<'_> {
    fn cases_in_page(&self) -> bool {
        self.placement == Placement::InPage
    }

    fn cases_on_own_page(&self) -> bool {
        self.placement == Placement::OwnPage
    }
}

#[derive(Template)]
#[template(path = "cases.html")]
struct CasesPage<'a> {
    body_class: &'static str,
    site: Site<'a>,
    edition: u32,
    canonical: Option<String>,
    chart: ChartView<'a>,
}

struct StepView<'a> {
    id: &'a str,
    kind: &'static str,
    kind_label: &'static str,
    is_start: bool,
    heading_html: String,
    body_html: Option<String>,
    laws: Vec<LawRef>,
    say_html: Option<String>,
    note_html: Option<String>,
    /// A long note folds beneath the answers, so they stay on a phone's
    /// first screen.
    note_folded: bool,
    kind_noun: &'static str,
    answers: Vec<AnswerView<'a>>,
    handover: Option<HandoverView>,
}

struct AnswerView<'a> {
    label: &'a str,
    target: &'a str,
    next: bool,
}

struct HandoverView {
    href: String,
    chart: String,
}

struct ExampleView<'a> {
    situation_html: String,
    path: Vec<PathStep<'a>>,
    ruling_id: &'a str,
    ruling: String,
}

struct PathStep<'a> {
    step: &'a str,
    question: String,
    answer: String,
}

/// A chart's drawing for its page: the SVG from `render_svg` and whether
/// it is wider than tall (then it prints on a landscape page).
pub struct Drawing {
    /// The standalone SVG document.
    pub svg: String,
    /// Its natural width in CSS pixels.
    pub width: f32,
    /// The size of its box text at that width.
    pub text_size: f32,
    /// Wider than tall.
    pub wide: bool,
}

impl Drawing {
    /// Lays out and draws `chart` with lawcharts' own engine.
    pub fn of(chart: &Chart, cx: &Context) -> Drawing {
        let layout = super::drawing::chart_layout(chart, cx.charts);
        Drawing {
            svg: super::render_svg(&layout, &chart.title),
            width: layout.width,
            text_size: layout.options.text_size,
            wide: prints_larger_on_its_side(layout.width, layout.height),
        }
    }
}

/// The least size of a drawing's box text on a wide screen, in CSS pixels.
pub const LEAST_DESKTOP_TEXT_PX: f32 = 11.0;

/// Whether a drawing of this size prints larger on a landscape A4 page than
/// on a portrait one, given the room the print stylesheet leaves it (mm).
fn prints_larger_on_its_side(width: f32, height: f32) -> bool {
    let portrait = (190.0 / width).min(240.0 / height);
    let landscape = (277.0 / width).min(155.0 / height);
    landscape > portrait
}

/// The page of one chart, drawing included.
pub fn chart(chart: &Chart, cx: &Context, assets: Assets) -> anyhow::Result<String> {
    chart_with_drawing(chart, cx, assets, &Drawing::of(chart, cx))
}

/// The page of one chart with a drawing already made.
pub fn chart_with_drawing(
    chart: &Chart,
    cx: &Context,
    assets: Assets,
    drawing: &Drawing,
) -> anyhow::Result<String> {
    Ok(chart_pages(chart, cx, assets, drawing)?.0)
}

/// The page of one chart and, when its cases are too many for it (and
/// assets are linked, so pages sit side by side), the page of its cases
/// with its file name.
pub fn chart_pages(
    chart: &Chart,
    cx: &Context,
    assets: Assets,
    drawing: &Drawing,
) -> anyhow::Result<(String, Option<(String, String)>)> {
    let period = Period::of(chart);
    let laws = law_groups(chart, cx.config);
    let cases = cases(chart);
    let placement = cases.placement(assets == Assets::Linked);
    let mut view = ChartView {
        id: &chart.id,
        start: &chart.graph[chart.start].id,
        title: &chart.title,
        description: description(chart),
        period: period.title(),
        period_slug: period.slug(),
        also: also_laws(&laws),
        laws,
        summary_html: chart.summary.as_deref().map(to_html),
        situations: &chart.situations,
        steps: steps(chart, cx),
        svg: Some(inline_svg(&drawing.svg)),
        // On a wide screen the drawing may grow to half as large again,
        // and never shrinks its box text below 11 px: it scrolls instead.
        svg_max_width: format!("{:.0}", drawing.width * 1.5),
        svg_min_width: format!(
            "{:.0}",
            (drawing.width * LEAST_DESKTOP_TEXT_PX / drawing.text_size).ceil()
        ),
        examples: examples(chart),
        cases,
        placement,
        cases_href: page_name(&chart.id),
        base: String::new(),
    };
    let page = ChartPage {
        body_class: if drawing.wide { "wide" } else { "tall" },
        site: site(cx, assets),
        edition: chart.edition,
        canonical: canonical(cx, &format!("{}.html", chart.id)),
        chart: view,
    };
    let html = page.render()? + "\n";
    if placement != Placement::OwnPage {
        return Ok((html, None));
    }
    view = page.chart;
    view.base = format!("{}.html", chart.id);
    let name = page_name(&chart.id);
    let own = CasesPage {
        body_class: "cases-page",
        site: site(cx, assets),
        edition: chart.edition,
        canonical: canonical(cx, &name),
        chart: view,
    };
    Ok((html, Some((name, own.render()? + "\n"))))
}

fn canonical(cx: &Context, page: &str) -> Option<String> {
    cx.config
        .base_url
        .as_ref()
        .map(|base| format!("{base}{page}"))
}

/// The summary as one plain line of at most about 200 characters.
fn description(chart: &Chart) -> String {
    let plain = chart.summary.as_deref().map(to_plain).unwrap_or_default();
    if plain.chars().count() <= 200 {
        return plain;
    }
    let cut: String = plain.chars().take(200).collect();
    let cut = cut.rsplit_once(' ').map_or(cut.as_str(), |(head, _)| head);
    format!("{cut}…")
}

/// The steps in the order written, the start first.
fn steps<'a>(chart: &'a Chart, cx: &Context) -> Vec<StepView<'a>> {
    let mut steps: Vec<StepView> = chart
        .nodes()
        .map(|(i, node)| step(chart, cx, i, node))
        .collect();
    steps.sort_by_key(|s| !s.is_start);
    steps
}

/// The longest note shown open: about three lines on a phone. A longer
/// one folds beneath the answers.
const NOTE_SHOWN_CHARS: usize = 160;

fn step<'a>(
    chart: &'a Chart,
    cx: &Context,
    at: petgraph::stable_graph::NodeIndex,
    node: &'a Node,
) -> StepView<'a> {
    let (kind, kind_label, kind_noun) = match (node.kind, node.then.is_some()) {
        (NodeKind::Question, _) => ("question", "Question", "question"),
        (NodeKind::Step, _) => ("do", "Do this", "step"),
        (NodeKind::Ruling, false) => ("ruling", "Ruling", "ruling"),
        (NodeKind::Ruling, true) => ("handover", "Ruling, then another chart", "ruling"),
    };
    let inline = to_inline_html(&node.text);
    let (heading_html, body_html) = if inline.contains("<p>") || inline.contains("<li>") {
        (kind_label.to_string(), Some(inline))
    } else {
        (inline, None)
    };
    let answers = chart
        .outgoing(at)
        .into_iter()
        .map(|(label, to)| AnswerView {
            label: label.unwrap_or("Done: next step"),
            target: &chart.graph[to].id,
            next: label.is_none(),
        })
        .collect();
    StepView {
        id: &node.id,
        kind,
        kind_label,
        is_start: at == chart.start,
        heading_html,
        body_html,
        laws: node
            .law
            .iter()
            .map(|c| law_ref(c, chart, cx.config))
            .collect(),
        say_html: node.say.as_deref().map(to_html),
        note_html: node.note.as_deref().map(to_html),
        note_folded: node
            .note
            .as_deref()
            .is_some_and(|n| to_plain(n).chars().count() > NOTE_SHOWN_CHARS),
        kind_noun,
        answers,
        handover: node.then.as_ref().map(|to| {
            let (title, target) = handover_target(cx.charts, to);
            let chart = match target {
                Some(text) => format!("{title}, at “{text}”"),
                None => title,
            };
            let href = match &to.node {
                Some(node) => format!("{}.html#step-{node}", to.chart),
                None => format!("{}.html", to.chart),
            };
            HandoverView { href, chart }
        }),
    }
}

fn examples(chart: &Chart) -> Vec<ExampleView<'_>> {
    chart
        .examples
        .iter()
        .filter_map(|example| {
            let ruling = chart.node(&example.ruling)?;
            let (route, _) = chart.follow_from(chart.start, &example.answers);
            let path = route
                .visits
                .iter()
                .filter_map(|(at, label)| {
                    Some(PathStep {
                        step: &chart.graph[*at].id,
                        question: to_plain(&chart.graph[*at].text),
                        answer: label.clone()?,
                    })
                })
                .collect();
            Some(ExampleView {
                situation_html: to_html(&example.situation),
                path,
                ruling_id: &chart.graph[ruling].id,
                ruling: to_plain(&chart.graph[ruling].text),
            })
        })
        .collect()
}

/// A drawing from `render_svg` made ready to sit inside a chart page: no
/// XML declaration, a group (not an image) to assistive technology, and
/// each node wrapped in a link to its step.
pub fn inline_svg(svg: &str) -> String {
    let body = match svg.find("<svg") {
        Some(at) => &svg[at..],
        None => svg,
    };
    // An image has no parts to reach; inline, its boxes are links.
    let body = body.replacen(" role=\"img\"", " role=\"group\"", 1);
    let body = body.as_str();
    let mut out = String::with_capacity(body.len() + 1024);
    let mut rest = body;
    while let Some(at) = rest.find("<g class=\"node ") {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let id = rest
            .split_once("id=\"node-")
            .and_then(|(_, after)| after.split_once('"'))
            .map(|(id, _)| id)
            .filter(|id| crate::id::is_valid_id(id));
        let end = rest.find("</g>").map_or(rest.len(), |e| e + "</g>".len());
        match id {
            Some(id) => out.push_str(&format!(
                "<a href=\"#step-{id}\" class=\"node-link\">{}</a>",
                &rest[..end]
            )),
            None => out.push_str(&rest[..end]),
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

#[derive(Template)]
#[template(path = "index.html")]
struct IndexPage<'a> {
    body_class: &'static str,
    site: Site<'a>,
    edition: u32,
    canonical: Option<String>,
    groups: Vec<GroupView<'a>>,
    front: Option<EntryView<'a>>,
}

/// The id of the triage chart ("the director is called: what happened?"),
/// shown as the site's front door when the charts have it.
pub const TRIAGE_ID: &str = "director-called";

struct GroupView<'a> {
    slug: &'static str,
    title: &'static str,
    entries: Vec<EntryView<'a>>,
}

struct EntryView<'a> {
    id: &'a str,
    title: &'a str,
    main_law: String,
    main_title: String,
    also: String,
    /// The chart's edition, when it is not the site's.
    edition: Option<u32>,
    situations: String,
}

/// The index page: every chart, grouped by period.
pub fn index(cx: &Context, assets: Assets) -> anyhow::Result<String> {
    let groups = Period::ALL
        .iter()
        .map(|&period| GroupView {
            slug: period.slug(),
            title: period.title(),
            entries: charts_of(cx.charts, period)
                .into_iter()
                .map(|c| entry(c, cx))
                .collect(),
        })
        .filter(|g| !g.entries.is_empty())
        .collect();
    let page = IndexPage {
        body_class: "index",
        site: site(cx, assets),
        edition: super::site_edition(cx),
        canonical: canonical(cx, ""),
        groups,
        front: cx.charts.get(TRIAGE_ID).map(|c| entry(c, cx)),
    };
    Ok(page.render()? + "\n")
}

fn entry<'a>(chart: &'a Chart, cx: &Context) -> EntryView<'a> {
    let groups = law_groups(chart, cx.config);
    let (main_law, main_title) = groups
        .first()
        .map(|g| (g.number.to_string(), g.title.clone()))
        .unwrap_or_default();
    EntryView {
        id: &chart.id,
        title: &chart.title,
        main_law,
        main_title,
        also: also_laws(&groups),
        edition: super::other_edition(chart, cx),
        situations: chart.situations.join(" · "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drawing_goes_on_its_side_only_when_it_then_prints_larger() {
        assert!(!prints_larger_on_its_side(1171.0, 1083.0));
        assert!(!prints_larger_on_its_side(400.0, 1200.0));
        assert!(prints_larger_on_its_side(2400.0, 900.0));
    }

    #[test]
    fn each_node_of_an_inline_drawing_links_to_its_step() {
        let svg = "<?xml version=\"1.0\"?>\n<svg role=\"img\"><g class=\"edge\"><path/></g>\
            <g class=\"node question\" id=\"node-who-led\" role=\"group\"><rect/></g>\
            <g class=\"node ruling\" id=\"node-stands\"><text>x</text></g></svg>";
        assert_eq!(
            inline_svg(svg),
            "<svg role=\"group\"><g class=\"edge\"><path/></g>\
             <a href=\"#step-who-led\" class=\"node-link\"><g class=\"node question\" id=\"node-who-led\" role=\"group\"><rect/></g></a>\
             <a href=\"#step-stands\" class=\"node-link\"><g class=\"node ruling\" id=\"node-stands\"><text>x</text></g></a></svg>"
        );
    }
}
