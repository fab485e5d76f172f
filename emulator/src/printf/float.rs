//! Floating-point conversions (`%f %e %g %a`), digit for digit as glibc prints them.

use super::*;

/// `%f %F %e %E %g %G %a %A`; infinities and NaNs are `inf`/`nan` (upper case for the upper
/// case conversions), space padded, with the sign bit shown as glibc does (`-nan`).
pub(super) fn write_float(out: &mut Vec<u8>, field: &Field, conversion: u8, value: f64) {
    let upper = conversion.is_ascii_uppercase();
    let sign = sign_of(value.is_sign_negative(), field.flags);
    let magnitude = value.abs();
    if !value.is_finite() {
        let word: &[u8] = match (value.is_nan(), upper) {
            (true, false) => b"nan",
            (true, true) => b"NAN",
            (false, false) => b"inf",
            (false, true) => b"INF",
        };
        emit_field(out, field, sign, b"", word, false);
        return;
    }
    let alt = field.flags.alt;
    let precision = field.precision.unwrap_or(6);
    let (prefix, body): (&[u8], Vec<u8>) = match conversion {
        b'f' | b'F' => (b"", fixed(magnitude, precision, alt)),
        b'e' | b'E' => (b"", exponential(magnitude, precision, alt, upper)),
        b'g' | b'G' => (b"", general(magnitude, precision, alt, upper)),
        _ => (if upper { b"0X" } else { b"0x" }, hexadecimal(magnitude, field.precision, alt, upper)),
    };
    emit_field(out, field, sign, prefix, &body, true);
}

/// `%f` of a non-negative finite value. Rust's fixed formatting is exact and rounds ties to
/// even, which is what glibc does in the default rounding mode.
fn fixed(magnitude: f64, precision: usize, alt: bool) -> Vec<u8> {
    let mut text = format!("{magnitude:.precision$}").into_bytes();
    if alt && precision == 0 {
        text.push(b'.');
    }
    text
}

/// `%e`: Rust's `{:e}` digits, with C's exponent (sign, at least two digits).
fn exponential(magnitude: f64, precision: usize, alt: bool, upper: bool) -> Vec<u8> {
    let (mantissa, exponent) = rust_exponential(magnitude, precision);
    let mut text = mantissa.into_bytes();
    if alt && precision == 0 {
        text.push(b'.');
    }
    text.push(if upper { b'E' } else { b'e' });
    text.push(if exponent < 0 { b'-' } else { b'+' });
    text.extend_from_slice(format!("{:02}", exponent.unsigned_abs()).as_bytes());
    text
}

/// The mantissa text and decimal exponent of `magnitude` rounded to `precision` fraction digits.
fn rust_exponential(magnitude: f64, precision: usize) -> (String, i32) {
    let text = format!("{magnitude:.precision$e}");
    let (mantissa, exponent) = text.split_once('e').expect("Rust's {:e} always has an exponent");
    (mantissa.to_owned(), exponent.parse().expect("Rust's {:e} exponent is an integer"))
}

/// `%g`: C's rule: with P significant digits (0 means 1) and X the exponent `%e` would
/// print after rounding, use `%f` with P-1-X digits if -4 <= X < P, else `%e` with P-1;
/// without `#`, trailing fraction zeros and a bare point are removed.
fn general(magnitude: f64, precision: usize, alt: bool, upper: bool) -> Vec<u8> {
    let significant = precision.max(1);
    let exponent = if magnitude == 0.0 { 0 } else { rust_exponential(magnitude, significant - 1).1 };
    let mut text = if exponent >= -4 && (exponent as i64) < significant as i64 {
        fixed(magnitude, (significant as i64 - 1 - exponent as i64) as usize, alt)
    } else if alt && exponent as i64 == significant as i64 && exact_exponent(magnitude) == exponent - 1 {
        // glibc picks %f from the unrounded value (P integer digits, so no fraction digits
        // to keep) and switches to %e when rounding carries into a new digit: `1.e+06`
        // for `%#g` of 999999.5, where C asks for `1.00000e+06`.
        exponential(magnitude, 0, true, upper)
    } else {
        exponential(magnitude, significant - 1, alt, upper)
    };
    if !alt {
        strip_fraction_zeros(&mut text);
    }
    text
}

/// The decimal exponent of the exact value: 800 significant digits are more than any
/// double has (767), so nothing rounds up into the next power of ten.
fn exact_exponent(magnitude: f64) -> i32 {
    rust_exponential(magnitude, 800).1
}

/// Removes trailing zeros of the fraction (before any exponent), then a point left bare.
fn strip_fraction_zeros(text: &mut Vec<u8>) {
    let mantissa_end = text.iter().position(|&b| b == b'e' || b == b'E').unwrap_or(text.len());
    if !text[..mantissa_end].contains(&b'.') {
        return;
    }
    let mut end = mantissa_end;
    while text[end - 1] == b'0' {
        end -= 1;
    }
    if text[end - 1] == b'.' {
        end -= 1;
    }
    text.drain(end..mantissa_end);
}

/// `%a` without its `0x`, as glibc prints it: a leading digit 1 (0 for zero and subnormals,
/// which get exponent -1022), the 52 fraction bits as 13 hex digits with trailing zeros
/// removed when no precision is given, else rounded to the precision (ties to even; a carry
/// turns the leading digit into 2, or a subnormal's into 1, as glibc does not renormalise).
fn hexadecimal(magnitude: f64, precision: Option<usize>, alt: bool, upper: bool) -> Vec<u8> {
    const FRACTION_DIGITS: usize = 13;
    let bits = magnitude.to_bits();
    let biased = (bits >> 52) as i32;
    let fraction = bits & ((1 << 52) - 1);
    let (leading, exponent) = match (biased, fraction) {
        (0, 0) => (0, 0),
        (0, _) => (0, -1022),
        _ => (1, biased - 1023),
    };
    let significand = (leading << 52) | fraction;
    let kept = precision.map_or(FRACTION_DIGITS, |p| p.min(FRACTION_DIGITS));
    let dropped_bits = 4 * (FRACTION_DIGITS - kept) as u32;
    let mut rounded = significand >> dropped_bits;
    if dropped_bits > 0 {
        let rest = significand & ((1 << dropped_bits) - 1);
        let half = 1 << (dropped_bits - 1);
        if rest > half || (rest == half && rounded & 1 == 1) {
            rounded += 1;
        }
    }
    let leading_digit = rounded >> (4 * kept);
    let mut digits = format!("{:0width$x}", rounded & ((1u64 << (4 * kept)) - 1), width = kept);
    if kept == 0 {
        digits.clear();
    }
    match precision {
        None => digits.truncate(digits.trim_end_matches('0').len()),
        Some(p) => digits.extend(std::iter::repeat_n('0', p - kept)),
    }
    let mut text = format!("{leading_digit}");
    if !digits.is_empty() || alt {
        text.push('.');
    }
    text.push_str(&digits);
    let _ = write!(text, "p{exponent:+}");
    if upper {
        text.make_ascii_uppercase();
    }
    text.into_bytes()
}
