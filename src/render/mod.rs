//! Renderers: one file per output format, each drawing from checked data.

pub mod svg;

pub use svg::render_svg;
