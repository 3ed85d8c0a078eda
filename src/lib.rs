//! lawcharts: the Laws of Duplicate Bridge as decision charts for tournament directors.

pub mod font; // the bundled DejaVu Sans: measuring and wrapping text
pub mod layout; // our own layered layout for decision charts, and its quality measures
pub mod render; // one renderer per output format (SVG from our layout so far)
