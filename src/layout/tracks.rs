//! Tracks in the gap between two ranks: each edge that must move sideways
//! there gets a horizontal track, overlapping ones never share one, and the
//! order of tracks is chosen to cross as few of the other edges' verticals
//! as possible (as in ELK's orthogonal router).

use super::geometry::EPS;

/// Least space between the ends of two runs on one track.
const RUN_GAP: f32 = 6.0;

/// A sideways run: enters the gap at `top`, leaves it at `bottom`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Run {
    pub top: f32,
    pub bottom: f32,
}

impl Run {
    fn low(&self) -> f32 {
        self.top.min(self.bottom)
    }

    fn high(&self) -> f32 {
        self.top.max(self.bottom)
    }

    fn overlaps(&self, other: &Run) -> bool {
        self.low() < other.high() + RUN_GAP && other.low() < self.high() + RUN_GAP
    }

    fn strictly_inside(&self, x: f32) -> bool {
        x > self.low() + EPS && x < self.high() - EPS
    }
}

/// Cost of putting run `a` on a track above run `b`: `a`'s way down and
/// `b`'s way in each cross the other's run; leaving close to where the
/// other comes in crowds the two verticals, and leaving at the very x it
/// comes in at would run them on top of each other, which the other order
/// may avoid however close the pair's other ends are.
fn cost_above(a: &Run, b: &Run) -> u32 {
    let mut cost = 0;
    if b.strictly_inside(a.bottom) {
        cost += 1;
    }
    if a.strictly_inside(b.top) {
        cost += 1;
    }
    let apart = (a.bottom - b.top).abs();
    if apart < EPS {
        cost += 100;
    } else if apart < RUN_GAP {
        cost += 10;
    }
    cost
}

/// The track of each run (0 is the highest) and the number of tracks.
/// Pairs are ordered strongest preference first, each the way it prefers
/// unless that would contradict the orders already fixed.
pub(super) fn assign(runs: &[Run]) -> (Vec<usize>, usize) {
    let n = runs.len();
    let mut pairs: Vec<(u32, usize, usize)> = Vec::new(); // (strength, upper, lower)
    for i in 0..n {
        for j in i + 1..n {
            if runs[i].overlaps(&runs[j]) {
                let (down, up) = (
                    cost_above(&runs[i], &runs[j]),
                    cost_above(&runs[j], &runs[i]),
                );
                pairs.push(if down <= up {
                    (up - down, i, j)
                } else {
                    (down - up, j, i)
                });
            }
        }
    }
    pairs.sort_by_key(|p| std::cmp::Reverse(p.0));
    let mut below: Vec<Vec<usize>> = vec![Vec::new(); n]; // below[i]: runs i must be above
    let mut above: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (_, i, j) in pairs {
        let (i, j) = if reaches(&below, j, i) {
            (j, i)
        } else {
            (i, j)
        };
        below[i].push(j);
        above[j].push(i);
    }
    let mut track = vec![usize::MAX; n];
    for i in 0..n {
        depth(i, &above, &mut track);
    }
    let count = track.iter().map(|t| t + 1).max().unwrap_or(0);
    (track, count)
}

/// Whether `to` is reachable from `from` along `edges`.
fn reaches(edges: &[Vec<usize>], from: usize, to: usize) -> bool {
    let mut seen = vec![false; edges.len()];
    let mut stack = vec![from];
    while let Some(v) = stack.pop() {
        if v == to {
            return true;
        }
        if !std::mem::replace(&mut seen[v], true) {
            stack.extend(&edges[v]);
        }
    }
    false
}

/// One more than the deepest run that must be above `i`.
fn depth(i: usize, above: &[Vec<usize>], track: &mut [usize]) -> usize {
    if track[i] != usize::MAX {
        return track[i];
    }
    let mut stack = vec![i];
    while let Some(&v) = stack.last() {
        let pending: Vec<usize> = above[v]
            .iter()
            .copied()
            .filter(|&w| track[w] == usize::MAX)
            .collect();
        if pending.is_empty() {
            track[v] = above[v].iter().map(|&w| track[w] + 1).max().unwrap_or(0);
            stack.pop();
        } else {
            stack.extend(pending);
        }
    }
    track[i]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_apart_share_a_track_and_overlapping_runs_do_not() {
        let runs = [
            Run {
                top: 0.0,
                bottom: 50.0,
            },
            Run {
                top: 100.0,
                bottom: 150.0,
            },
            Run {
                top: 40.0,
                bottom: 120.0,
            },
        ];
        let (track, count) = assign(&runs[..2]);
        assert_eq!((track[0], track[1], count), (0, 0, 1));
        let (track, _) = assign(&runs);
        assert_ne!(track[0], track[2]);
        assert_ne!(track[1], track[2]);
    }

    #[test]
    fn two_runs_to_the_right_stack_so_they_do_not_cross() {
        // The run starting further right must be higher, or its way in
        // crosses the other's run.
        let runs = [
            Run {
                top: 0.0,
                bottom: 100.0,
            },
            Run {
                top: 50.0,
                bottom: 150.0,
            },
        ];
        let (track, _) = assign(&runs);
        assert!(track[1] < track[0]);
    }

    #[test]
    fn a_run_leaving_at_the_very_x_another_arrives_at_goes_below_it_though_its_other_end_is_near() {
        // The second run leaves at the x the first comes in at; the first
        // leaves 4.8 from where the second comes in (crowded, not shared).
        let runs = [
            Run {
                top: 630.1,
                bottom: 812.8,
            },
            Run {
                top: 817.6,
                bottom: 630.1,
            },
        ];
        let (track, _) = assign(&runs);
        assert!(track[0] < track[1], "{track:?}");
    }

    #[test]
    fn a_run_leaving_where_another_arrives_goes_below_it() {
        let runs = [
            Run {
                top: 0.0,
                bottom: 100.0,
            },
            Run {
                top: 100.0,
                bottom: 30.0,
            },
        ];
        let (track, _) = assign(&runs);
        assert!(track[1] < track[0]);
    }
}
