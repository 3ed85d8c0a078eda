//! Rule 11: every worked example, replayed from `start`, ends at its ruling.

use serde_saphyr::Spanned;

use super::cx::{Cx, help};
use crate::chart::{Chart, NodeKind, Stop};
use crate::diagnostic::did_you_mean;
use crate::spec::RawExample;

/// Replays each example and says where a path went instead.
pub fn replay(cx: &mut Cx, chart: &Chart, raw: &[Spanned<RawExample>]) {
    for (n, example) in raw.iter().enumerate() {
        replay_one(cx, chart, n + 1, &example.value);
    }
}

fn replay_one(cx: &mut Cx, chart: &Chart, n: usize, example: &RawExample) {
    let wanted = &example.ruling.value;
    let ruling_span = cx.at(&example.ruling);
    match chart.node(wanted) {
        Some(i) if chart.graph[i].kind == NodeKind::Ruling => {}
        Some(_) => {
            cx.error(
                "example",
                ruling_span,
                format!("example {n}: `{wanted}` is not a ruling"),
            );
            return;
        }
        None => {
            let d = cx.error(
                "example",
                ruling_span,
                format!("example {n}: the chart has no node `{wanted}`"),
            );
            if let Some(close) = did_you_mean(wanted, chart.index.keys().map(String::as_str)) {
                help(d, format!("did you mean `{close}`?"));
            }
            return;
        }
    }
    let answers: Vec<String> = example.answers.iter().map(|a| a.value.clone()).collect();
    let (_, stop) = chart.follow_from(chart.start, &answers);
    let id = |i: petgraph::stable_graph::NodeIndex| chart.graph[i].id.as_str();
    match stop {
        Stop::Ruling(at) if id(at) == wanted => {}
        Stop::Ruling(at) => {
            cx.error(
                "example",
                ruling_span,
                format!(
                    "example {n}: the answers end at ruling `{}`, not `{wanted}`",
                    id(at)
                ),
            );
        }
        Stop::NeedAnswer(at) => {
            let labels = chart.labels(at);
            let d = cx.error(
                "example",
                ruling_span,
                format!("example {n}: the answers run out at question `{}`", id(at)),
            );
            help(
                d,
                format!("add one of {}", super::answers::list_in_words(&labels)),
            );
        }
        Stop::UnknownLabel(at, label) => {
            let span = example
                .answers
                .iter()
                .find(|a| a.value == label)
                .and_then(|a| cx.at(a));
            let labels = chart.labels(at);
            let d = cx.error(
                "example",
                span,
                format!("example {n}: question `{}` has no answer `{label}`", id(at)),
            );
            help(
                d,
                format!("its answers are {}", super::answers::list_in_words(&labels)),
            );
        }
        Stop::PastRuling(at, left) => {
            cx.error(
                "example",
                ruling_span,
                format!(
                    "example {n}: the path reaches ruling `{}` with {left} answer(s) unused",
                    id(at)
                ),
            );
        }
        Stop::Loop(_) => {
            cx.error(
                "example",
                ruling_span,
                format!("example {n}: the path never ends"),
            );
        }
    }
}
