//! Prints a synthetic chart of N nodes (default 1000) for benchmarks:
//! `cargo run --release --example synthetic -- 20000 > synthetic-20000.yaml`.

fn main() {
    let n = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1000);
    print!("{}", lawcharts::synth::chart_yaml(n, 1));
}
