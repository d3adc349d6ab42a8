//! Writing numbers for SVG path data without the float formatting machinery of
//! `core::fmt` (which would add tens of kilobytes to the wasm module), and
//! without 128-bit integers or `libm::pow` (more wasm again): the digits
//! come from 64-bit divisions, the powers of ten from [`ten_to`].

/// Appends `v` rounded to 9 decimals, trailing zeros trimmed, no `-0`; very
/// large magnitudes in exponent form. Non-finite values are written as `0`
/// (paths are checked finite before they get here).
///
/// Out of line: SVG writing calls it for every number it writes.
#[inline(never)]
pub fn push_number(out: &mut String, v: f64) {
    if !v.is_finite() {
        out.push('0');
        return;
    }
    if v.abs() >= 1e17 {
        // In 17..=308: log10 of 1e17 is exactly 17, of f64::MAX 308.25.
        let e = libm::floor(libm::log10(v.abs()));
        let m = v / ten_to(e as u32);
        push_fixed(out, m);
        out.push('e');
        push_uint(out, e as u64);
    } else {
        push_fixed(out, v);
    }
}

/// A number for messages, written as [`push_number`] writes it (9 decimals,
/// trailing zeros trimmed), with `NaN`, `inf` and `-inf` spelled out. It
/// keeps `core::fmt`'s float formatting (tens of kilobytes) out of the wasm
/// module.
///
/// `Decimal(0.25)` prints `0.25`, `Decimal(-3.0)` prints `-3`, NaN `NaN`.
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

/// `libm::pow(10, e)` for `e` in `0..=308`, bit for bit (the test checks
/// each one): `10^e` rounded to the nearest `f64`, from `10^e` carried as an
/// unevaluated sum `hi + lo` (about 105 bits) multiplied by 10 exactly `e`
/// times, then moved by one unit in the last place for the 29 exponents
/// where `libm::pow` is not correctly rounded (listed in [`POW_UP`] and
/// [`POW_DOWN`]), so that numbers are written as they always were.
pub(crate) fn ten_to(e: u32) -> f64 {
    let (mut hi, mut lo) = (1.0f64, 0.0f64);
    for _ in 0..e {
        // hi·10 = p + err exactly: hi's top 26 bits times 10 (4 bits) and
        // its low 27 bits times 10 are both exact products.
        let p = hi * 10.0;
        let top = f64::from_bits(hi.to_bits() & !((1u64 << 27) - 1));
        let err = (top * 10.0 - p) + (hi - top) * 10.0;
        let l = lo * 10.0 + err;
        hi = p + l;
        lo = l - (hi - p);
    }
    let bit = |set: &[u64; 5]| set.get(e as usize / 64).map_or(0, |w| w >> (e % 64) & 1);
    f64::from_bits(hi.to_bits() + bit(&POW_UP) - bit(&POW_DOWN))
}

/// The exponents `e` (bit `e`) where `libm::pow(10, e)` is one unit in the
/// last place above the nearest `f64` to `10^e` (29, 34, 39, 49, ...).
const POW_UP: [u64; 5] = [
    0x2402_0084_2000_0000,
    0x4000_0000_0000_0000,
    0x0800_0260_0000_0000,
    0x0080_0002_0084_0000,
    0x0000_0000_0002_0000,
];

/// The exponents where it is one unit below (42, 70, 136, ...).
const POW_DOWN: [u64; 5] = [
    0x0000_0400_0000_0000,
    0x0000_0000_0000_0040,
    0x8000_0000_0000_4100,
    0x0010_0100_8000_0000,
    0x0000_2040_1080_0010,
];

/// `v` (below 1e17 in magnitude) rounded to 9 decimals: the integer
/// `round(v·1e9)`, below 2⁸⁷, split into 32-bit halves exactly in `f64`, and
/// divided by 1e9 in two 64-bit steps.
fn push_fixed(out: &mut String, v: f64) {
    let r = libm::round(v * 1e9);
    if r == 0.0 {
        out.push('0');
        return;
    }
    if r < 0.0 {
        out.push('-');
    }
    const TWO_32: f64 = 4_294_967_296.0;
    const E9: u64 = 1_000_000_000;
    let a = r.abs();
    // a = hi·2³² + lo: a / 2³² is exact, its integer part (truncation) is a
    // whole `f64`, and the rest is a whole number below 2³².
    let hi = (a * (1.0 / TWO_32)) as u64;
    let lo = (a - hi as f64 * TWO_32) as u64;
    // a / 1e9 = (hi / 1e9)·2³² + t / 1e9 with t = (hi mod 1e9)·2³² + lo < 2⁶².
    let t = ((hi % E9) << 32) | lo;
    push_uint(out, ((hi / E9) << 32) | (t / E9));
    push_billionths(out, t % E9);
}

/// The fraction `frac / 1e9` (`frac` below 1e9) as `.` and its digits
/// without trailing zeros; nothing for 0.
fn push_billionths(out: &mut String, mut frac: u64) {
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

fn push_uint(out: &mut String, mut a: u64) {
    let mut buf = [0u8; 20];
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

    /// The writer as it was before [`ten_to`] and the 64-bit digits
    /// (`libm::pow`, `log10` and `i128`): the reference for the new one.
    fn reference(v: f64) -> String {
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
            // The fraction's digits as the new writer puts them (the
            // reference differs in how it splits the whole part).
            push_billionths(out, (a % 1_000_000_000) as u64);
        }
        fn push_int(out: &mut String, v: i128) {
            if v < 0 {
                out.push('-');
            }
            out.push_str(&v.unsigned_abs().to_string());
        }
        let mut out = String::new();
        if !v.is_finite() {
            out.push('0');
        } else if v.abs() >= 1e17 {
            let e = libm::floor(libm::log10(v.abs()));
            let m = v / libm::pow(10.0, e);
            push_fixed(&mut out, m);
            out.push('e');
            push_int(&mut out, e as i128);
        } else {
            push_fixed(&mut out, v);
        }
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
        assert_eq!(s(-1e17), "-1e17");
        assert_eq!(s(f64::MAX), "1.797693135e308");
    }

    #[test]
    fn ten_to_is_libm_pow_for_every_exponent() {
        // One of the corrected exponents: one ulp above the nearest f64.
        assert_eq!(ten_to(29).to_bits() - 1, 1e29f64.to_bits());
        assert_eq!(ten_to(22), 1e22);
        for e in 0..=308u32 {
            assert_eq!(
                ten_to(e).to_bits(),
                libm::pow(10.0, f64::from(e)).to_bits(),
                "10^{e}"
            );
        }
    }

    /// Every power of ten and its neighbours (1000 ulps each side), where
    /// `floor(log10)` changes and `m` is nearest to 1 or 10.
    #[test]
    fn same_text_as_before_around_every_power_of_ten() {
        for e in -12..=308 {
            let p = libm::pow(10.0, f64::from(e));
            for k in -1000i64..=1000 {
                let v = f64::from_bits(p.to_bits().wrapping_add_signed(k));
                assert_eq!(s(v), reference(v), "{v:e}");
                assert_eq!(s(-v), reference(-v), "{:e}", -v);
            }
        }
    }

    /// Random bit patterns (every magnitude), random numbers of every
    /// decade, and values at the 9th decimal's rounding midpoints.
    #[test]
    fn same_text_as_before_for_random_values() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..400_000 {
            let bits = f64::from_bits(next());
            assert_eq!(s(bits), reference(bits), "{bits:e}");
            let decade = (next() % 44) as i32 - 12;
            let v =
                (next() >> 11) as f64 / (1u64 << 53) as f64 * libm::pow(10.0, f64::from(decade));
            assert_eq!(s(v), reference(v), "{v:e}");
            assert_eq!(s(-v), reference(-v), "{:e}", -v);
            let half = ((next() % 2_000_000_000_000) as f64 + 0.5) * 1e-9;
            for w in [
                half,
                f64::from_bits(half.to_bits() + 1),
                f64::from_bits(half.to_bits() - 1),
            ] {
                assert_eq!(s(w), reference(w), "{w:e}");
            }
        }
        for v in [
            4_294_967_296e-9,
            4_294_967_295e-9,
            18_446_744_073.709_552,
            9_007_199_254_740_992.0,
            1e16 - 1.0,
            5e-10,
            -5e-10,
            1.5e-9,
            f64::MIN_POSITIVE,
            5e-324,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ] {
            assert_eq!(s(v), reference(v), "{v:e}");
        }
    }
}
