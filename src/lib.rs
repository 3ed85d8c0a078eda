//! lawcharts: the Laws of Duplicate Bridge as decision charts for tournament directors.

pub mod font; // the bundled DejaVu Sans: measuring and wrapping text
