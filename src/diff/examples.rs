//! A chart's worked examples on both sides: matched by situation (then the
//! route may have changed), the rest by route (then the situation was
//! reworded); what is left was added or removed. An example's route is the
//! nodes it passes, so a relabelled answer or a renamed node is no change to
//! the examples that use it: only a different way or a different ruling is.

use super::matching::Matching;
use super::{Failure, What};
use crate::chart::{Chart, Example, Stop};
use crate::markdown::collapse_whitespace;

/// Where an example goes: the nodes it passes, as the new chart names them;
/// its answers and ruling as written when it does not reach a ruling (a side
/// whose example fails `check`).
#[derive(PartialEq, Eq)]
enum Route {
    Nodes(Vec<String>),
    Written(Vec<String>, String),
}

fn route<'c>(chart: &'c Chart, e: &'c Example, name: impl Fn(&'c str) -> &'c str) -> Route {
    let (route, stop) = chart.follow_from(chart.start, &e.answers);
    match stop {
        Stop::Ruling(_) => Route::Nodes(
            route
                .visits
                .iter()
                .map(|(i, _)| name(&chart.graph[*i].id).to_string())
                .collect(),
        ),
        _ => Route::Written(e.answers.clone(), name(&e.ruling).to_string()),
    }
}

/// Where `e`'s answers end in `chart`, if not at its ruling.
fn failure(chart: &Chart, e: &Example) -> Option<Failure> {
    let (_, stop) = chart.follow_from(chart.start, &e.answers);
    let (at, why) = match stop {
        Stop::Ruling(at) if chart.graph[at].id == e.ruling => return None,
        Stop::Ruling(at) => (at, None),
        Stop::PastRuling(at, left) => (at, Some(format!("with {left} answer(s) left over"))),
        Stop::NeedAnswer(at) => (at, Some("the answers run out there".to_string())),
        Stop::UnknownLabel(at, label) => (at, Some(format!("it has no answer `{label}`"))),
        Stop::Loop(at) => (at, Some("the chart loops".to_string())),
    };
    Some(Failure {
        ends_at: chart.graph[at].id.clone(),
        why,
    })
}

/// Examples matched by situation, then by route.
pub fn examples(old: &Chart, new: &Chart, m: &Matching) -> Vec<What> {
    let situation = |s: &str| collapse_whitespace(s);
    let old_routes: Vec<Route> = old
        .examples
        .iter()
        .map(|e| route(old, e, |id| m.to_new(id)))
        .collect();
    let new_route = |e| route(new, e, |id| id);
    let mut out = Vec::new();
    let mut used = vec![false; old.examples.len()];
    let mut unmatched = Vec::new();
    for e in &new.examples {
        let by_situation = (0..old.examples.len()).find(|&i| {
            !used[i] && situation(&old.examples[i].situation) == situation(&e.situation)
        });
        match by_situation {
            Some(i) => {
                used[i] = true;
                let was = &old.examples[i];
                if old_routes[i] != new_route(e) {
                    out.push(What::ExampleChanged {
                        situation: e.situation.trim().to_string(),
                        old_answers: was.answers.clone(),
                        new_answers: e.answers.clone(),
                        old_ruling: was.ruling.clone(),
                        new_ruling: e.ruling.clone(),
                        fails: failure(new, e),
                    });
                }
            }
            None => unmatched.push(e),
        }
    }
    for e in unmatched {
        let by_route = (0..old.examples.len()).find(|&i| !used[i] && old_routes[i] == new_route(e));
        match by_route {
            Some(i) => {
                used[i] = true;
                out.push(What::ExampleReworded {
                    old: old.examples[i].situation.trim().to_string(),
                    new: e.situation.trim().to_string(),
                });
            }
            None => out.push(What::ExampleAdded {
                situation: e.situation.trim().to_string(),
                answers: e.answers.clone(),
                ruling: e.ruling.clone(),
            }),
        }
    }
    for (e, _) in old.examples.iter().zip(&used).filter(|(_, used)| !**used) {
        out.push(What::ExampleRemoved {
            situation: e.situation.trim().to_string(),
            answers: e.answers.clone(),
            ruling: e.ruling.clone(),
        });
    }
    out
}
