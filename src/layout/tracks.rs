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
/// `b`'s way in each cross the other's run, and sharing an x would run
/// the two verticals on top of each other.
fn cost_above(a: &Run, b: &Run) -> u32 {
    let mut cost = 0;
    if b.strictly_inside(a.bottom) {
        cost += 1;
    }
    if a.strictly_inside(b.top) {
        cost += 1;
    }
    if (a.bottom - b.top).abs() < RUN_GAP {
        cost += 10;
    }
    cost
}

/// The track of each run (0 is the highest) and the number of tracks.
pub(super) fn assign(runs: &[Run]) -> (Vec<usize>, usize) {
    let n = runs.len();
    let mut above: Vec<Vec<usize>> = vec![Vec::new(); n]; // above[i]: runs that must be above i
    for i in 0..n {
        for j in i + 1..n {
            if !runs[i].overlaps(&runs[j]) {
                continue;
            }
            if cost_above(&runs[i], &runs[j]) <= cost_above(&runs[j], &runs[i]) {
                above[j].push(i);
            } else {
                above[i].push(j);
            }
        }
    }
    make_acyclic(&mut above);
    let mut track = vec![usize::MAX; n];
    for i in 0..n {
        depth(i, &above, &mut track);
    }
    let count = track.iter().map(|t| t + 1).max().unwrap_or(0);
    (track, count)
}

/// Reverse the constraints that close a cycle, found by a depth-first walk;
/// every pair stays ordered, so overlapping runs still get different tracks.
fn make_acyclic(above: &mut [Vec<usize>]) {
    let n = above.len();
    let mut state = vec![0u8; n];
    let mut flips = Vec::new();
    for root in 0..n {
        if state[root] != 0 {
            continue;
        }
        let mut stack = vec![(root, 0usize)];
        state[root] = 1;
        while let Some((v, k)) = stack.pop() {
            let Some(&w) = above[v].get(k) else {
                state[v] = 2;
                continue;
            };
            stack.push((v, k + 1));
            match state[w] {
                0 => {
                    state[w] = 1;
                    stack.push((w, 0));
                }
                1 => flips.push((v, w)),
                _ => {}
            }
        }
    }
    for (v, w) in flips {
        above[v].retain(|&x| x != w);
        above[w].push(v);
    }
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
