//! A small XML writer for OpenDRIVE: elements with attributes, indented by
//! depth, attribute text escaped, and numbers written to 16 significant
//! digits without `core::fmt`'s float formatting (which would weigh tens
//! of kilobytes in the wasm module).

use crate::geom::ten_to;

/// An attribute's value.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Value<'a> {
    /// A real number (16 significant digits).
    Real(f64),
    /// A whole number.
    Int(i64),
    /// Text (escaped).
    Text(&'a str),
}

/// An XML document being written.
#[derive(Debug, Default)]
pub(crate) struct Xml {
    out: String,
    open: Vec<&'static str>,
}

impl Xml {
    /// A document with its XML declaration.
    pub(crate) fn new() -> Xml {
        let mut x = Xml::default();
        x.out
            .push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        x
    }

    fn tag(&mut self, name: &str, attrs: &[(&str, Value)]) {
        for _ in 0..self.open.len() {
            self.out.push_str("  ");
        }
        self.out.push('<');
        self.out.push_str(name);
        for (key, value) in attrs {
            self.out.push(' ');
            self.out.push_str(key);
            self.out.push_str("=\"");
            match *value {
                Value::Real(v) => push_real(&mut self.out, v),
                Value::Int(v) => push_int(&mut self.out, v),
                Value::Text(t) => escape(&mut self.out, t),
            }
            self.out.push('"');
        }
    }

    /// `<name attrs>`, to be closed by [`Xml::end`].
    pub(crate) fn start(&mut self, name: &'static str, attrs: &[(&str, Value)]) {
        self.tag(name, attrs);
        self.out.push_str(">\n");
        self.open.push(name);
    }

    /// `<name attrs/>`.
    pub(crate) fn empty(&mut self, name: &str, attrs: &[(&str, Value)]) {
        self.tag(name, attrs);
        self.out.push_str("/>\n");
    }

    /// Closes the innermost open element.
    pub(crate) fn end(&mut self) {
        if let Some(name) = self.open.pop() {
            for _ in 0..self.open.len() {
                self.out.push_str("  ");
            }
            self.out.push_str("</");
            self.out.push_str(name);
            self.out.push_str(">\n");
        }
    }

    /// The document, every element closed.
    pub(crate) fn finish(mut self) -> String {
        while !self.open.is_empty() {
            self.end();
        }
        self.out
    }
}

/// Attribute text with `&`, `<`, `>`, `"` and `'` escaped.
fn escape(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
}

fn push_int(out: &mut String, v: i64) {
    if v < 0 {
        out.push('-');
    }
    push_digits(out, v.unsigned_abs(), 1);
}

/// The decimal digits of `n`, at least `min` of them (zeros in front).
fn push_digits(out: &mut String, mut n: u64, min: usize) {
    let mut buf = [b'0'; 20];
    let mut i = buf.len();
    while n > 0 || buf.len() - i < min {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
    }
    for &b in &buf[i..] {
        out.push(b as char);
    }
}

/// `10^k` for `k` in `-308..=308` (exact powers from [`ten_to`]).
fn scale(v: f64, k: i32) -> f64 {
    if k >= 0 {
        v * ten_to(k.unsigned_abs())
    } else {
        v / ten_to(k.unsigned_abs())
    }
}

/// Appends `v` to 16 significant digits (trailing zeros trimmed): plain
/// decimals from 1e-7 to 1e21, exponent form beyond (`1.5e-9`, which XML
/// Schema's `xs:double` reads). The digits come from `v` scaled by an
/// exact power of ten, itself rounded, so the last digit may be one off:
/// the number read back is within about 1e-15 of `v`, relatively (a
/// nanometre in a million metres), and 16 digits leave out the noise a
/// 17th would show (`1e-9`, not `1.0000000000000002e-9`). A magnitude
/// below 1e-290 or a non-finite value is written `0` (results are checked
/// finite before they get here).
pub(crate) fn push_real(out: &mut String, v: f64) {
    if !v.is_finite() || v.abs() < 1e-290 {
        out.push('0');
        return;
    }
    if v < 0.0 {
        out.push('-');
    }
    let a = v.abs();
    // a = d0.d1 ... d15 · 10^e with d0 ≠ 0: n = round(a · 10^(15 − e)).
    let mut e = libm::floor(libm::log10(a)) as i32;
    let mut n = libm::round(scale(a, 15 - e));
    if n >= 1e16 {
        e += 1;
        n = libm::round(scale(a, 15 - e));
    } else if n < 1e15 {
        e -= 1;
        n = libm::round(scale(a, 15 - e));
    }
    // Rounding up to 10^16 again (9.99...95 → 10): one digit more.
    if n >= 1e16 {
        e += 1;
        n = 1e15;
    }
    // The 16 digits, most significant first, and how many are not trailing zeros.
    let mut digits = [b'0'; 16];
    let mut rest = n as u64;
    for d in digits.iter_mut().rev() {
        *d = b'0' + (rest % 10) as u8;
        rest /= 10;
    }
    let used = digits.iter().rposition(|&d| d != b'0').map_or(1, |i| i + 1);
    let plain = (-7..=20).contains(&e);
    // Digits before the point: e + 1 when plain and e >= 0, else one
    // (exponent form) or none (a plain fraction below 1).
    let before = if !plain {
        1
    } else if e >= 0 {
        (e + 1) as usize
    } else {
        out.push_str("0.");
        for _ in 0..(-e - 1) {
            out.push('0');
        }
        0
    };
    for i in 0..used.max(before) {
        if i == before && before > 0 {
            out.push('.');
        }
        out.push(char::from(digits.get(i).copied().unwrap_or(b'0')));
    }
    if !plain {
        out.push('e');
        push_int(out, i64::from(e));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn real(v: f64) -> String {
        let mut s = String::new();
        push_real(&mut s, v);
        s
    }

    #[test]
    fn reals_are_written_plainly_and_read_back_to_a_few_ulps() {
        assert_eq!(real(0.0), "0");
        assert_eq!(real(-0.0), "0");
        assert_eq!(real(1.0), "1");
        assert_eq!(real(-3.5), "-3.5");
        assert_eq!(real(120.0), "120");
        assert_eq!(real(0.25), "0.25");
        assert_eq!(real(0.001), "0.001");
        assert_eq!(real(1e-9), "1e-9");
        assert_eq!(real(1e22), "1e22");
        assert_eq!(real(core::f64::consts::PI), "3.141592653589793");
        assert_eq!(real(0.1), "0.1");
        assert_eq!(real(1.0 / 3.0), "0.3333333333333333");
        assert_eq!(real(-123456.789), "-123456.789");
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let v = f64::from_bits(x);
            if !v.is_finite() || v.abs() < 1e-290 {
                continue;
            }
            let back: f64 = real(v).parse().unwrap();
            assert!(
                (back - v).abs() <= 4.0 * f64::EPSILON * v.abs(),
                "{v:e} -> {}",
                real(v)
            );
        }
    }

    #[test]
    fn attribute_text_is_escaped_and_elements_nest() {
        let mut x = Xml::new();
        x.start("a", &[("name", Value::Text("x<\"&'>"))]);
        x.empty("b", &[("n", Value::Int(-12)), ("v", Value::Real(0.5))]);
        let s = x.finish();
        assert!(
            s.contains(
                "<a name=\"x&lt;&quot;&amp;&apos;&gt;\">\n  <b n=\"-12\" v=\"0.5\"/>\n</a>\n"
            ),
            "{s}"
        );
    }
}
