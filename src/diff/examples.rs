//! A chart's worked examples on both sides: matched by situation (then the
//! answers or the ruling may have changed), the rest by path (then the
//! situation was reworded); what is left was added or removed.

use super::What;
use super::classify::Matching;
use crate::chart::{Chart, Example};
use crate::markdown::collapse_whitespace;

/// Examples matched by situation (then the path may have changed), the rest
/// by path (then the situation was reworded).
pub fn examples(old: &Chart, new: &Chart, m: &Matching) -> Vec<What> {
    let situation = |s: &str| collapse_whitespace(s);
    let path = |e: &Example, renamed: bool| {
        let ruling = if renamed {
            m.to_new(&e.ruling)
        } else {
            &e.ruling
        };
        (e.answers.clone(), ruling.to_string())
    };
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
                if path(was, true) != path(e, false) {
                    out.push(What::ExampleChanged {
                        situation: e.situation.trim().to_string(),
                        old_answers: was.answers.clone(),
                        new_answers: e.answers.clone(),
                        old_ruling: was.ruling.clone(),
                        new_ruling: e.ruling.clone(),
                    });
                }
            }
            None => unmatched.push(e),
        }
    }
    for e in unmatched {
        let by_path = (0..old.examples.len())
            .find(|&i| !used[i] && path(&old.examples[i], true) == path(e, false));
        match by_path {
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
