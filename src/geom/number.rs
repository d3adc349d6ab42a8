//! Writing numbers for SVG path data without the float formatting machinery of
//! `core::fmt` (which would add tens of kilobytes to the wasm module).

/// Appends `v` rounded to 9 decimals, trailing zeros trimmed, no `-0`; very
/// large magnitudes in exponent form. Non-finite values are written as `0`
/// (paths are checked finite before they get here).
pub fn push_number(out: &mut String, v: f64) {
    if !v.is_finite() {
        out.push('0');
        return;
    }
    if v.abs() >= 1e17 {
        let e = libm::floor(libm::log10(v.abs()));
        let m = v / libm::pow(10.0, e);
        push_fixed(out, m);
        out.push('e');
        push_int(out, e as i128);
    } else {
        push_fixed(out, v);
    }
}

/// A number for messages, written as [`push_number`] writes it (9 decimals,
/// trailing zeros trimmed), with `NaN`, `inf` and `-inf` spelled out. It
/// keeps `core::fmt`'s float formatting (tens of kilobytes) out of the wasm
/// module.
///
/// # Examples
/// ```
/// use arcline::Decimal;
/// assert_eq!(Decimal(0.25).to_string(), "0.25");
/// assert_eq!(Decimal(-3.0).to_string(), "-3");
/// assert_eq!(Decimal(f64::NAN).to_string(), "NaN");
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Decimal(pub f64);

impl core::fmt::Display for Decimal {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let v = self.0;
        if v.is_nan() {
            return f.write_str("NaN");
        }
        if v.is_infinite() {
            return f.write_str(if v > 0.0 { "inf" } else { "-inf" });
        }
        let mut s = String::new();
        push_number(&mut s, v);
        f.write_str(&s)
    }
}

fn push_fixed(out: &mut String, v: f64) {
    let scaled = libm::round(v * 1e9) as i128;
    if scaled == 0 {
        out.push('0');
        return;
    }
    if scaled < 0 {
        out.push('-');
    }
    let a = scaled.unsigned_abs();
    push_int(out, (a / 1_000_000_000) as i128);
    let mut frac = (a % 1_000_000_000) as u64;
    if frac != 0 {
        out.push('.');
        let mut digits = [b'0'; 9];
        for d in digits.iter_mut().rev() {
            *d = b'0' + (frac % 10) as u8;
            frac /= 10;
        }
        let end = digits.iter().rposition(|&d| d != b'0').map_or(0, |i| i + 1);
        for &d in &digits[..end] {
            out.push(d as char);
        }
    }
}

fn push_int(out: &mut String, v: i128) {
    if v < 0 {
        out.push('-');
    }
    let mut a = v.unsigned_abs();
    let mut buf = [0u8; 40];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (a % 10) as u8;
        a /= 10;
        if a == 0 {
            break;
        }
    }
    for &d in &buf[i..] {
        out.push(d as char);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: f64) -> String {
        let mut out = String::new();
        push_number(&mut out, v);
        out
    }

    #[test]
    fn rounds_trims_and_signs() {
        assert_eq!(s(0.0), "0");
        assert_eq!(s(-0.0), "0");
        assert_eq!(s(-1e-12), "0");
        assert_eq!(s(1.5), "1.5");
        assert_eq!(s(-2.25), "-2.25");
        assert_eq!(s(10.0), "10");
        assert_eq!(s(0.1 + 0.2), "0.3");
        assert_eq!(s(-0.000000001), "-0.000000001");
        assert_eq!(s(98765.4321), "98765.4321");
        assert_eq!(s(2.5e20), "2.5e20");
        assert_eq!(s(f64::NAN), "0");
    }
}
