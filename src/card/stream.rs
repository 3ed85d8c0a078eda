//! A page's content stream, written directly: the few operators a card
//! uses, each on its own line, numbers to a thousandth of a point, and
//! glyph ids as hexadecimal strings (two bytes a glyph, as Identity-H reads
//! them), which are shorter than escaped literal strings and compress
//! better. Nothing here can make the stream malformed: names and strings
//! come only from this module's own callers, numbers are always finite.

use std::fmt::Write as _;

/// The operators of a content stream, written as they are called.
#[derive(Default)]
pub struct Stream {
    bytes: Vec<u8>,
}

impl Stream {
    /// An empty stream.
    pub fn new() -> Stream {
        Stream {
            bytes: Vec::with_capacity(8 * 1024),
        }
    }

    /// The stream's bytes.
    pub fn finish(self) -> Vec<u8> {
        self.bytes
    }

    /// Writes a number: at most three decimals, no exponent, no `-0`; a
    /// number that is not finite is written as 0.
    pub fn num(&mut self, value: f32) -> &mut Self {
        let thousandths = (f64::from(value) * 1000.0).round();
        if !thousandths.is_finite() || thousandths.abs() >= 1e15 {
            // Far beyond any page: written whole, still a valid number.
            let whole = if value.is_finite() {
                value.round()
            } else {
                0.0
            };
            let _ = write!(Wr(&mut self.bytes), "{whole:.0} ");
            return self;
        }
        let n = thousandths as i64;
        if n < 0 {
            self.bytes.push(b'-');
        }
        let a = n.unsigned_abs();
        let (whole, frac) = (a / 1000, a % 1000);
        self.whole(whole);
        if frac != 0 {
            let digits = [frac / 100, frac / 10 % 10, frac % 10];
            let last = if frac % 100 == 0 {
                1
            } else if frac % 10 == 0 {
                2
            } else {
                3
            };
            self.bytes.push(b'.');
            self.bytes
                .extend(digits[..last].iter().map(|&d| b'0' + d as u8));
        }
        self.bytes.push(b' ');
        self
    }

    /// Writes a number exactly as the float it is (the shortest decimal
    /// that reads back as it, never with an exponent): for a scale, where
    /// a thousandth would move a page's far side.
    pub fn exact(&mut self, value: f32) -> &mut Self {
        let value = if value.is_finite() { value } else { 0.0 };
        let value = if value == 0.0 { 0.0 } else { value };
        let _ = write!(Wr(&mut self.bytes), "{value} ");
        self
    }

    /// Writes a whole number's digits.
    fn whole(&mut self, mut n: u64) {
        let mut digits = [0u8; 20];
        let mut at = digits.len();
        loop {
            at -= 1;
            digits[at] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        self.bytes.extend_from_slice(&digits[at..]);
    }

    /// Writes several numbers.
    pub fn nums(&mut self, values: &[f32]) -> &mut Self {
        for &v in values {
            self.num(v);
        }
        self
    }

    /// Ends an operation with its operator.
    pub fn op(&mut self, operator: &str) -> &mut Self {
        self.bytes.extend_from_slice(operator.as_bytes());
        self.bytes.push(b'\n');
        self
    }

    /// Writes a name (`/F0`); `name` is plain ASCII letters and digits.
    pub fn name(&mut self, name: &str) -> &mut Self {
        self.bytes.push(b'/');
        self.bytes.extend_from_slice(name.as_bytes());
        self.bytes.push(b' ');
        self
    }

    /// Writes glyph ids as one hexadecimal string, two bytes each.
    pub fn glyphs(&mut self, glyphs: impl IntoIterator<Item = u16>) -> &mut Self {
        self.bytes.push(b'<');
        for g in glyphs {
            for shift in [12, 8, 4, 0] {
                self.bytes.push(HEX[usize::from((g >> shift) & 0xF)]);
            }
        }
        self.bytes.extend_from_slice(b"> ");
        self
    }

    /// Writes `text` as a text string: UTF-16 with a byte order mark, in
    /// hexadecimal.
    pub fn text(&mut self, text: &str) -> &mut Self {
        self.bytes.extend_from_slice(b"<FEFF");
        for unit in text.encode_utf16() {
            for shift in [12, 8, 4, 0] {
                self.bytes.push(HEX[usize::from((unit >> shift) & 0xF)]);
            }
        }
        self.bytes.extend_from_slice(b"> ");
        self
    }

    /// Writes raw operand syntax (`[`, `]`, `<<`, `>>`), then a space.
    pub fn raw(&mut self, syntax: &str) -> &mut Self {
        self.bytes.extend_from_slice(syntax.as_bytes());
        self.bytes.push(b' ');
        self
    }
}

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// `fmt::Write` into a byte vector.
struct Wr<'a>(&'a mut Vec<u8>);

impl std::fmt::Write for Wr<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0.extend_from_slice(s.as_bytes());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(f: impl FnOnce(&mut Stream)) -> String {
        let mut s = Stream::new();
        f(&mut s);
        String::from_utf8(s.finish()).expect("ASCII")
    }

    #[test]
    fn numbers_have_at_most_three_decimals_and_no_exponent() {
        let s = written(|s| {
            s.nums(&[0.0, -0.0, 1.0, 841.89, 0.75, -12.5, 1e-7, 123_456.7, 2.0005])
                .op("x");
        });
        assert_eq!(s, "0 0 1 841.89 0.75 -12.5 0 123456.703 2 x\n");
        let far = written(|s| {
            s.nums(&[f32::MAX, f32::NAN, -f32::INFINITY]).op("x");
        });
        assert!(
            !far.contains('e') && !far.contains("NaN") && !far.contains("inf"),
            "{far}"
        );
    }

    #[test]
    fn exact_numbers_read_back_as_the_same_float() {
        for v in [1.016_095_6f32, 0.1, 1e-7, -0.0, 841.89, 3.0e20] {
            let s = written(|s| {
                s.exact(v);
            });
            assert!(!s.contains('e'), "{s}");
            assert_eq!(s.trim().parse::<f32>().expect("a number"), v, "{s}");
        }
    }

    #[test]
    fn glyphs_and_texts_are_hexadecimal() {
        let s = written(|s| {
            s.glyphs([0x0041, 0x1234]).op("Tj");
            s.raw("<<")
                .name("ActualText")
                .text("é✓")
                .raw(">>")
                .op("BDC");
        });
        assert_eq!(s, "<00411234> Tj\n<< /ActualText <FEFF00E92713> >> BDC\n");
    }

    #[test]
    fn the_stream_is_read_back_as_written() {
        let bytes = {
            let mut s = Stream::new();
            s.nums(&[1.0, 0.0, 0.0, -1.0, 0.0, 841.89]).op("cm");
            s.op("BT").name("F0").num(9.0).op("Tf");
            s.raw("[")
                .glyphs([1, 2])
                .num(-12.5)
                .glyphs([3])
                .raw("]")
                .op("TJ");
            s.op("ET");
            s.finish()
        };
        let ops = lopdf::content::Content::decode(&bytes)
            .expect("valid")
            .operations;
        let names: Vec<&str> = ops.iter().map(|o| o.operator.as_str()).collect();
        assert_eq!(names, ["cm", "BT", "Tf", "TJ", "ET"]);
        let items = ops[3].operands[0].as_array().expect("array");
        assert_eq!(items.len(), 3);
        assert_eq!(items[0].as_str().expect("string"), [0, 1, 0, 2]);
    }
}
