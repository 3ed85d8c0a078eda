//! The QR code to a chart's page on the club site, as runs of dark modules
//! the PDF draws as vector rectangles (sharp at any print resolution).

use qrcode::{Color, EcLevel, QrCode};

/// A QR code: its width in modules and its dark runs.
#[derive(Debug, PartialEq, Eq)]
pub struct Qr {
    /// Modules per side (without the quiet zone).
    pub width: usize,
    /// Horizontal runs of dark modules: (column, row, length).
    pub runs: Vec<(usize, usize, usize)>,
}

/// The QR code of `text` at medium error correction (a laminated card
/// gets scuffed); `None` if it is too long to encode.
pub fn encode(text: &str) -> Option<Qr> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).ok()?;
    let width = code.width();
    let dark: Vec<bool> = code
        .to_colors()
        .into_iter()
        .map(|c| c == Color::Dark)
        .collect();
    let mut runs = Vec::new();
    for row in 0..width {
        let mut col = 0;
        while col < width {
            if !dark[row * width + col] {
                col += 1;
                continue;
            }
            let start = col;
            while col < width && dark[row * width + col] {
                col += 1;
            }
            runs.push((start, row, col - start));
        }
    }
    Some(Qr { width, runs })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chart_url_encodes_with_finder_patterns_in_three_corners() {
        let qr = encode("https://club.example/charts/law-64-revoke.html").expect("encodes");
        assert!(qr.width >= 21);
        // Each finder pattern's top row is a run of 7 dark modules.
        assert!(qr.runs.contains(&(0, 0, 7)));
        assert!(qr.runs.contains(&(qr.width - 7, 0, 7)));
        assert!(qr.runs.contains(&(0, qr.width - 7, 7)));
    }

    #[test]
    fn the_same_text_gives_the_same_code() {
        assert_eq!(encode("https://a.example/x"), encode("https://a.example/x"));
    }

    #[test]
    fn text_too_long_for_any_code_gives_none() {
        assert!(encode(&"x".repeat(5000)).is_none());
    }
}
