//! Synthetic charts of any size, for benchmarks and property tests: a
//! deterministic decision DAG (a main line of Yes answers, No answers that
//! jump a few nodes ahead, steps, rulings) written as chart YAML.

/// A small deterministic generator (64-bit LCG), so the same seed gives the same chart.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// The YAML of a valid chart with `nodes` nodes (at least 3).
pub fn chart_yaml(nodes: usize, seed: u64) -> String {
    let n = nodes.max(3);
    let mut rng = Lcg(seed ^ 0x9E37_79B9_7F4A_7C15);
    let mut out = format!(
        "title: Synthetic chart of {n} nodes\nlaws: [\"54\", \"50D2\"]\nstart: n0\nnodes:\n"
    );
    // The last two nodes are rulings; n-3 feeds both, so every node is reached.
    for i in 0..n - 2 {
        let kind = if i + 3 >= n { 0 } else { rng.below(4) };
        if kind == 3 {
            out.push_str(&format!(
                "  n{i}:\n    do: Step {i}, tell the players what happens next.\n    law: 54D\n    next: n{}\n",
                i + 1
            ));
        } else {
            let jump = i + 2 + rng.below(6) as usize;
            let no = jump.min(n - 1);
            out.push_str(&format!(
                "  n{i}:\n    ask: Question {i}, did the player do this?\n    law: 54C\n    answers:\n      \"Yes\": n{}\n      \"No\": n{no}\n",
                i + 1
            ));
        }
    }
    for i in n - 2..n {
        out.push_str(&format!(
            "  n{i}:\n    ruling: Ruling {i}, the director rules so.\n    law: 50D2\n"
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn synthetic_charts_of_every_size_check_clean() {
        for n in [3, 10, 100, 1000] {
            let dir = tempfile::tempdir().expect("temp dir");
            let path = dir.path().join("synthetic.yaml");
            std::fs::write(&path, chart_yaml(n, 7)).expect("write");
            let report = crate::check::check_paths(&[path]).expect("check runs");
            let errors = report.count(crate::diagnostic::Severity::Error);
            assert_eq!(errors, 0, "{n} nodes: {:?}", report.diagnostics);
            assert_eq!(report.charts.charts[0].graph.node_count(), n);
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_chart() {
        assert_eq!(chart_yaml(50, 1), chart_yaml(50, 1));
        assert_ne!(chart_yaml(50, 1), chart_yaml(50, 2));
    }
}
