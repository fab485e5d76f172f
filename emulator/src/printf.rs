//! Device `printf`: CUDA compiles `printf(fmt, ...)` to `vprintf(fmt, args)`, where `args`
//! points to a buffer of the promoted arguments (float -> double, char/short -> int), each
//! aligned to its own size. This module formats such a call the way the host's C library
//! (glibc) would, so a kernel prints the same text here as on a GPU.
//!
//! Supported: `%d %i %u %x %X %o %c %s %p %n %f %F %e %E %g %G %a %A %%`, flags `- + space # 0`
//! (and glibc's `'`, a no-op in the C locale), widths and precisions as numbers or `*`, length
//! modifiers `hh h l ll z Z j t q L`.
//!
//! Where glibc's behaviour is undefined or a failure, this module chooses:
//! - an unknown conversion (`%k`) or a format ending inside a conversion (`abc%`) is copied
//!   through as written and consumes no argument (glibc rewrites the flags of an unknown
//!   conversion in its own order, and fails on a trailing `%`);
//! - an argument past the end of the buffer prints [`MISSING`] in place of its whole
//!   conversion, and so does every later conversion that takes an argument;
//! - `%s` of an address that cannot be read prints `<unreadable string at 0x...>`;
//! - `%n` consumes its pointer and stores nothing (device printf does not support it);
//! - widths and precisions are capped at [`MAX_FIELD`], so a garbage `*` cannot make a
//!   thread print gigabytes.

use std::fmt::Write as _;

/// Reads what a vprintf call needs from the emulated device.
pub(crate) trait PrintfArgs {
    /// `size` (4 or 8) bytes at byte offset `offset` of the argument buffer, zero-extended; None if outside it.
    fn arg(&mut self, offset: usize, size: usize) -> Option<u64>;
    /// The NUL-terminated byte string at device address `addr` (without the NUL, capped at some sane length like 4096 bytes); None if unreadable.
    fn string(&mut self, addr: u64) -> Option<Vec<u8>>;
}

/// Printed in place of a conversion whose argument lies past the end of the buffer.
pub(crate) const MISSING: &str = "<missing>";

/// Largest width or precision honoured; larger ones are clamped to it.
const MAX_FIELD: usize = 4096;

/// Format `fmt` (the bytes of the format string, without its NUL) with the arguments in the buffer.
pub(crate) fn format(fmt: &[u8], args: &mut dyn PrintfArgs) -> String {
    let mut out = Vec::with_capacity(fmt.len() + 16);
    let mut reader = ArgReader { args, offset: 0, missing: false };
    let mut i = 0;
    while i < fmt.len() {
        let Some(skip) = fmt[i..].iter().position(|&b| b == b'%') else {
            out.extend_from_slice(&fmt[i..]);
            break;
        };
        out.extend_from_slice(&fmt[i..i + skip]);
        let start = i + skip;
        match parse_spec(fmt, start) {
            Ok((spec, end)) => {
                if convert(&spec, &mut reader, &mut out).is_none() {
                    out.extend_from_slice(MISSING.as_bytes());
                }
                i = end;
            }
            Err(end) => {
                out.extend_from_slice(&fmt[start..end]);
                i = end;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Walks the argument buffer as CUDA lays it out: each argument aligned to its size.
struct ArgReader<'a> {
    args: &'a mut dyn PrintfArgs,
    offset: usize,
    /// Set once an argument was missing: later ones would be read at a wrong offset anyway.
    missing: bool,
}

impl ArgReader<'_> {
    fn next(&mut self, size: usize) -> Option<u64> {
        if self.missing {
            return None;
        }
        let value = self.offset.checked_next_multiple_of(size).and_then(|at| {
            let value = self.args.arg(at, size)?;
            self.offset = at + size;
            Some(value)
        });
        self.missing = value.is_none();
        value
    }

    /// A C `int` (a `*` width or precision, a `%c`, a promoted char or short).
    fn int(&mut self) -> Option<i32> {
        self.next(4).map(|v| v as u32 as i32)
    }

    /// An integer argument as C sees it after the length modifier's conversion: whether it
    /// is negative, and its magnitude.
    fn integer(&mut self, length: Length, signed: bool) -> Option<(bool, u64)> {
        let raw = self.next(if length == Length::Long { 8 } else { 4 })?;
        let value = match (length, signed) {
            (Length::Char, true) => raw as u8 as i8 as i64 as u64,
            (Length::Char, false) => raw as u8 as u64,
            (Length::Short, true) => raw as u16 as i16 as i64 as u64,
            (Length::Short, false) => raw as u16 as u64,
            (Length::Int, true) => raw as u32 as i32 as i64 as u64,
            (Length::Int, false) => raw as u32 as u64,
            (Length::Long, _) => raw,
        };
        let negative = signed && (value as i64) < 0;
        Some((negative, if negative { (value as i64).unsigned_abs() } else { value }))
    }
}

#[derive(Clone, Copy, Default, Debug)]
struct Flags {
    left: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
}

/// A width or precision as written: a number, or `*` (taken from the arguments).
#[derive(Clone, Copy, Debug)]
enum Count {
    Fixed(usize),
    Star,
}

/// Argument size classes: `hh`/`h` still take a 4-byte promoted int, then truncate it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Length {
    Char,
    Short,
    Int,
    Long,
}

/// One parsed conversion specification.
#[derive(Debug)]
struct Spec {
    flags: Flags,
    width: Option<Count>,
    precision: Option<Count>,
    length: Length,
    conversion: u8,
}

/// Width and precision once `*`s are read: what the formatters work with.
struct Field {
    flags: Flags,
    width: usize,
    precision: Option<usize>,
}

const CONVERSIONS: &[u8] = b"diuxXocspnfFeEgGaA%";

/// Parses the conversion at `fmt[start]` (a `%`). Ok: the spec and the index after it;
/// Err: the end of text to copy through unchanged (unknown or truncated conversion).
fn parse_spec(fmt: &[u8], start: usize) -> Result<(Spec, usize), usize> {
    let mut i = start + 1;
    let mut flags = Flags::default();
    while let Some(&b) = fmt.get(i) {
        match b {
            b'-' => flags.left = true,
            b'+' => flags.plus = true,
            b' ' => flags.space = true,
            b'#' => flags.alt = true,
            b'0' => flags.zero = true,
            b'\'' => {}
            _ => break,
        }
        i += 1;
    }
    let width = parse_count(fmt, &mut i);
    let precision = if fmt.get(i) == Some(&b'.') {
        i += 1;
        Some(parse_count(fmt, &mut i).unwrap_or(Count::Fixed(0)))
    } else {
        None
    };
    let length = parse_length(fmt, &mut i);
    let Some(&conversion) = fmt.get(i) else { return Err(fmt.len()) };
    i += 1;
    if !CONVERSIONS.contains(&conversion) {
        return Err(i);
    }
    Ok((Spec { flags, width, precision, length, conversion }, i))
}

fn parse_count(fmt: &[u8], i: &mut usize) -> Option<Count> {
    if fmt.get(*i) == Some(&b'*') {
        *i += 1;
        return Some(Count::Star);
    }
    let digits = fmt[*i..].iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return None;
    }
    let value =
        fmt[*i..*i + digits].iter().fold(0usize, |n, &d| n.saturating_mul(10).saturating_add(usize::from(d - b'0')));
    *i += digits;
    Some(Count::Fixed(value))
}

fn parse_length(fmt: &[u8], i: &mut usize) -> Length {
    let rest = &fmt[*i..];
    let (length, len) = if rest.starts_with(b"hh") {
        (Length::Char, 2)
    } else if rest.starts_with(b"ll") {
        (Length::Long, 2)
    } else {
        match rest.first() {
            Some(b'h') => (Length::Short, 1),
            // Device code keeps the host's data model: `long` is 32-bit on Windows (LLP64).
            Some(b'l') if cfg!(windows) => (Length::Int, 1),
            // `L` on an integer is glibc's long long; on a float the device's long double is a double.
            Some(b'l' | b'z' | b'Z' | b'j' | b't' | b'q' | b'L') => (Length::Long, 1),
            _ => (Length::Int, 0),
        }
    };
    *i += len;
    length
}

/// Reads the `*`s and the argument of `spec` and appends its text; None if an argument is missing.
fn convert(spec: &Spec, reader: &mut ArgReader, out: &mut Vec<u8>) -> Option<()> {
    if spec.conversion == b'%' {
        out.push(b'%');
        return Some(());
    }
    let mut flags = spec.flags;
    let width = match spec.width {
        Some(Count::Star) => {
            let w = reader.int()?;
            // A negative `*` width is a `-` flag and its magnitude.
            flags.left |= w < 0;
            w.unsigned_abs() as usize
        }
        Some(Count::Fixed(w)) => w,
        None => 0,
    };
    let precision = match spec.precision {
        // A negative `*` precision is as if none was given.
        Some(Count::Star) => usize::try_from(reader.int()?).ok(),
        Some(Count::Fixed(p)) => Some(p),
        None => None,
    };
    let field = Field { flags, width: width.min(MAX_FIELD), precision: precision.map(|p| p.min(MAX_FIELD)) };
    match spec.conversion {
        b'd' | b'i' => {
            let (negative, magnitude) = reader.integer(spec.length, true)?;
            write_integer(out, &field, spec.conversion, negative, magnitude);
        }
        b'u' | b'x' | b'X' | b'o' => {
            let (_, magnitude) = reader.integer(spec.length, false)?;
            write_integer(out, &field, spec.conversion, false, magnitude);
        }
        b'c' => {
            let byte = reader.int()? as u8;
            emit_field(out, &field, None, b"", &[byte], false);
        }
        b's' => {
            let addr = reader.next(8)?;
            write_string(out, &field, addr, reader.args);
        }
        b'p' => write_pointer(out, &field, reader.next(8)?),
        b'n' => {
            reader.next(8)?;
        }
        _ => write_float(out, &field, spec.conversion, f64::from_bits(reader.next(8)?)),
    }
    Some(())
}

/// Appends `sign`, `prefix` and `body` padded to the field's width: spaces on the right for
/// `-`, zeros between prefix and body for `0` (where `zero_pad` allows it), else spaces first.
fn emit_field(out: &mut Vec<u8>, field: &Field, sign: Option<u8>, prefix: &[u8], body: &[u8], zero_pad: bool) {
    let len = usize::from(sign.is_some()) + prefix.len() + body.len();
    let fill = field.width.saturating_sub(len);
    let pad = |out: &mut Vec<u8>, byte: u8| out.extend(std::iter::repeat_n(byte, fill));
    let head = |out: &mut Vec<u8>| {
        out.extend(sign);
        out.extend_from_slice(prefix);
    };
    if field.flags.left {
        head(out);
        out.extend_from_slice(body);
        pad(out, b' ');
    } else if zero_pad && field.flags.zero {
        head(out);
        pad(out, b'0');
        out.extend_from_slice(body);
    } else {
        pad(out, b' ');
        head(out);
        out.extend_from_slice(body);
    }
}

/// The sign glibc prints before a signed number: `-`, else `+` or space if asked for.
fn sign_of(negative: bool, flags: Flags) -> Option<u8> {
    if negative {
        Some(b'-')
    } else if flags.plus {
        Some(b'+')
    } else if flags.space {
        Some(b' ')
    } else {
        None
    }
}

/// `%d %i %u %x %X %o`: precision is the minimum digit count (`%.0d` of 0 prints no digits).
fn write_integer(out: &mut Vec<u8>, field: &Field, conversion: u8, negative: bool, magnitude: u64) {
    let mut digits = String::new();
    if field.precision != Some(0) || magnitude != 0 {
        let _ = match conversion {
            b'x' => write!(digits, "{magnitude:x}"),
            b'X' => write!(digits, "{magnitude:X}"),
            b'o' => write!(digits, "{magnitude:o}"),
            _ => write!(digits, "{magnitude}"),
        };
    }
    let mut body = vec![b'0'; field.precision.unwrap_or(0).saturating_sub(digits.len())];
    body.extend_from_slice(digits.as_bytes());
    // `%#o` makes the first digit a 0, even for `%#.0o` of 0.
    if conversion == b'o' && field.flags.alt && body.first() != Some(&b'0') {
        body.insert(0, b'0');
    }
    let prefix: &[u8] = match conversion {
        b'x' if field.flags.alt && magnitude != 0 => b"0x",
        b'X' if field.flags.alt && magnitude != 0 => b"0X",
        _ => b"",
    };
    let sign = if matches!(conversion, b'd' | b'i') { sign_of(negative, field.flags) } else { None };
    emit_field(out, field, sign, prefix, &body, field.precision.is_none());
}

/// `%p` as glibc prints it: `(nil)` for 0, else like `%#lx`, but `+` and space flags still
/// apply (glibc takes its signed-number path).
fn write_pointer(out: &mut Vec<u8>, field: &Field, addr: u64) {
    if addr == 0 {
        emit_field(out, field, None, b"", b"(nil)", false);
        return;
    }
    let mut digits = format!("{addr:x}").into_bytes();
    let zeros = field.precision.unwrap_or(0).saturating_sub(digits.len());
    digits.splice(0..0, std::iter::repeat_n(b'0', zeros));
    emit_field(out, field, sign_of(false, field.flags), b"0x", &digits, field.precision.is_none());
}

/// `%s`: precision caps the bytes printed; a null pointer is `(null)`, or nothing when the
/// precision is too short for it (as glibc does).
fn write_string(out: &mut Vec<u8>, field: &Field, addr: u64, args: &mut dyn PrintfArgs) {
    const NULL: &[u8] = b"(null)";
    let bytes = if addr == 0 {
        if field.precision.is_none_or(|p| p >= NULL.len()) {
            NULL.to_vec()
        } else {
            Vec::new()
        }
    } else {
        match args.string(addr) {
            Some(mut bytes) => {
                bytes.truncate(field.precision.unwrap_or(usize::MAX));
                bytes
            }
            None => {
                out.extend_from_slice(format!("<unreadable string at {addr:#x}>").as_bytes());
                return;
            }
        }
    };
    emit_field(out, field, None, b"", &bytes, false);
}

/// `%f %F %e %E %g %G %a %A`; infinities and NaNs are `inf`/`nan` (upper case for the upper
/// case conversions), space padded, with the sign bit shown as glibc does (`-nan`).
fn write_float(out: &mut Vec<u8>, field: &Field, conversion: u8, value: f64) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;
    use std::ffi::{c_char, c_int, c_void, CStr};

    /// A CUDA-style argument buffer (promoted, each argument aligned to its size) and the
    /// strings its pointers name.
    #[derive(Default)]
    struct Device {
        buffer: Vec<u8>,
        strings: HashMap<u64, Vec<u8>>,
    }

    impl Device {
        fn push(&mut self, bytes: &[u8]) {
            let at = self.buffer.len().next_multiple_of(bytes.len());
            self.buffer.resize(at, 0xAA);
            self.buffer.extend_from_slice(bytes);
        }
    }

    impl PrintfArgs for Device {
        fn arg(&mut self, offset: usize, size: usize) -> Option<u64> {
            let bytes = self.buffer.get(offset..offset.checked_add(size)?)?;
            let mut word = [0u8; 8];
            word[..size].copy_from_slice(bytes);
            Some(u64::from_le_bytes(word))
        }
        fn string(&mut self, addr: u64) -> Option<Vec<u8>> {
            self.strings.get(&addr).cloned()
        }
    }

    /// A `%p` argument.
    #[derive(Debug, Clone, Copy)]
    struct Ptr(u64);

    /// A test value: how CUDA stores it in the buffer and how C's snprintf receives it.
    trait TestArg {
        type C;
        fn to_c(&self) -> Self::C;
        fn store(&self, device: &mut Device);
    }

    impl TestArg for i32 {
        type C = c_int;
        fn to_c(&self) -> c_int {
            *self
        }
        fn store(&self, device: &mut Device) {
            device.push(&self.to_le_bytes());
        }
    }

    impl TestArg for i64 {
        type C = i64;
        fn to_c(&self) -> i64 {
            *self
        }
        fn store(&self, device: &mut Device) {
            device.push(&self.to_le_bytes());
        }
    }

    impl TestArg for u64 {
        type C = u64;
        fn to_c(&self) -> u64 {
            *self
        }
        fn store(&self, device: &mut Device) {
            device.push(&self.to_le_bytes());
        }
    }

    impl TestArg for f64 {
        type C = f64;
        fn to_c(&self) -> f64 {
            *self
        }
        fn store(&self, device: &mut Device) {
            device.push(&self.to_le_bytes());
        }
    }

    impl TestArg for Ptr {
        type C = *const c_void;
        fn to_c(&self) -> *const c_void {
            self.0 as usize as *const c_void
        }
        fn store(&self, device: &mut Device) {
            device.push(&self.0.to_le_bytes());
        }
    }

    /// A `%s` argument: the host address doubles as the device address.
    impl TestArg for Option<&CStr> {
        type C = *const c_char;
        fn to_c(&self) -> *const c_char {
            self.map_or(std::ptr::null(), CStr::as_ptr)
        }
        fn store(&self, device: &mut Device) {
            let addr = self.to_c() as usize as u64;
            if let Some(s) = self {
                device.strings.insert(addr, s.to_bytes().to_vec());
            }
            device.push(&addr.to_le_bytes());
        }
    }

    #[cfg(target_os = "linux")]
    extern "C" {
        fn snprintf(buf: *mut c_char, n: usize, fmt: *const c_char, ...) -> c_int;
    }

    /// Formats with ours and with the C library's snprintf and asserts the same text.
    #[cfg(target_os = "linux")]
    macro_rules! check {
        ($fmt:expr $(, $arg:expr)* $(,)?) => {{
            let fmt: &str = &$fmt;
            let mut device = Device::default();
            $( TestArg::store(&$arg, &mut device); )*
            let ours = format(fmt.as_bytes(), &mut device);
            let c_fmt = std::ffi::CString::new(fmt).unwrap();
            let mut buf = vec![0u8; 16384];
            // SAFETY: the arguments match the format's conversions (each test makes sure).
            let n = unsafe { snprintf(buf.as_mut_ptr().cast(), buf.len(), c_fmt.as_ptr() $(, TestArg::to_c(&$arg))*) };
            assert!(n >= 0 && (n as usize) < buf.len(), "snprintf failed on {fmt:?}");
            let theirs = String::from_utf8_lossy(&buf[..n as usize]).into_owned();
            assert_eq!(ours, theirs, "format {fmt:?} with {:?}", ($(&$arg,)*));
        }};
    }

    /// Ours alone, for what C leaves undefined.
    fn ours(fmt: &str, device: &mut Device) -> String {
        format(fmt.as_bytes(), device)
    }

    fn device_of(args: &[&dyn Fn(&mut Device)]) -> Device {
        let mut device = Device::default();
        for store in args {
            store(&mut device);
        }
        device
    }

    #[cfg(target_os = "linux")]
    const INT_FLAGS: &[&str] = &["", "-", "+", " ", "#", "0", "-0", "+0", " #0", "-+ #0"];

    #[cfg(target_os = "linux")]
    #[test]
    fn signed_integers_with_each_flag_width_and_precision() {
        for flags in INT_FLAGS {
            for shape in ["", "5", "12", ".0", ".3", "8.3", "3.8", "."] {
                for conversion in ["d", "i"] {
                    for value in [0, 1, -1, 42, -42, 12345, i32::MIN, i32::MAX] {
                        check!(format!("[%{flags}{shape}{conversion}]"), value);
                    }
                }
            }
        }
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn unsigned_integers_with_each_flag_width_and_precision() {
        for flags in INT_FLAGS {
            for shape in ["", "6", "12", ".0", ".4", "10.4", "."] {
                for conversion in ["u", "x", "X", "o"] {
                    for value in [0, 1, 8, 255, 0xdead, -1, i32::MIN] {
                        check!(format!("[%{flags}{shape}{conversion}]"), value);
                    }
                }
            }
        }
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn length_modifiers() {
        check!("%hhd %hhu %hhx %hhi", 300i32, 300i32, 300i32, -129i32);
        check!("%hd %hu %hx %ho", 70000i32, 70000i32, -1i32, 70000i32);
        check!("%ld %lld %lu %llu %lx %llX %lo", i64::MIN, i64::MIN, u64::MAX, u64::MAX, u64::MAX, u64::MAX, u64::MAX);
        check!("%zd %zu %jd %ju %td %qd %Zd", -5i64, u64::MAX, i64::MAX, 7u64, -9i64, i64::MIN, 3i64);
        check!("%ld %d %lld", 1i64 << 40, -3i32, -(1i64 << 40));
        check!("%lf %lg", 1.5, 2.5);
        // C would want a long double for `%Lf`; on the device it is a double.
        assert_eq!(
            ours("%Lf %Le", &mut device_of(&[&|d| 1.5f64.store(d), &|d| 2.5f64.store(d)])),
            "1.500000 2.500000e+00"
        );
        check!("%lc%c", 65i32, 66i32);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn star_width_and_precision() {
        for width in [-12_i32, -1, 0, 3, 10] {
            for precision in [-5_i32, -1, 0, 2, 7] {
                check!("[%*d]", width, 42i32);
                check!("[%.*d]", precision, 42i32);
                check!("[%*.*d]", width, precision, -42i32);
                check!("[%0*.*x]", width, precision, 0xbeef_i32);
                check!("[%*.*f]", width, precision, 1234.56789);
                check!("[%-*.*e]", width, precision, -2.5e-7);
                check!("[%*.*s]", width, precision, Some(c"hello"));
                check!("[%0*g]", width, 1e10);
            }
        }
    }

    #[cfg(target_os = "linux")]
    const DOUBLES: &[f64] = &[
        0.0,
        -0.0,
        1e-300,
        1e300,
        123.456,
        -123.456,
        0.1,
        0.5,
        1.5,
        2.5,
        3.5,
        -2.5,
        9.9999995,
        0.00001234,
        0.0001,
        99999.95,
        999999.5,
        1e-5,
        1e15,
        1e16,
        123456789.0,
        f64::MAX,
        f64::MIN_POSITIVE,
        5e-324,
        f64::from_bits(0x000f_ffff_ffff_ffff), // the largest subnormal
        1.0 / 3.0,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        -f64::NAN,
    ];

    #[cfg(target_os = "linux")]
    #[test]
    fn doubles_through_many_forms() {
        let forms = [
            "%f", "%F", "%.0f", "%#.0f", "%.10f", "%e", "%E", "%.0e", "%#.0e", "%.3E", "%g", "%.0g", "%#g", "%#.3g",
            "%G", "%.12g", "%.17g", "%a", "%.2a", "%.0a", "%#a", "%A", "%.13a", "%.20a", "%10.3f", "%-10.2e", "%+g",
            "% g", "%08.3f", "%+012.4e", "%-+15a", "%020a", "% 010G", "%30.20g",
        ];
        for form in forms {
            for &value in DOUBLES {
                check!(format!("[{form}]"), value);
            }
        }
    }

    /// Values whose rounding moves `%g` across its %f/%e boundaries.
    #[cfg(target_os = "linux")]
    #[test]
    fn general_form_at_rounding_boundaries() {
        let values = [9.5, 99.5, 999.5, 9999.5, 999999.5, 9.96, 0.95, 0.0000999995, 0.00009999995, 9.9999e-5];
        for precision in ["", ".0", ".1", ".2", ".3", ".5", ".8"] {
            for value in values {
                check!(
                    format!("[%{precision}g|%#{precision}g|%#{precision}G|%-#12{precision}g]"),
                    value,
                    value,
                    -value,
                    value
                );
            }
        }
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn hexadecimal_float_rounding() {
        for value in [1.0, 3.0, 1.5, 2.5, 1.96875, 1.03125, 1.09375, 0.1, 1.0 + f64::EPSILON, 2.0 - f64::EPSILON] {
            for precision in 0..=14 {
                check!(format!("[%.{precision}a|%#.{precision}A]"), value, -value);
            }
        }
        check!("%a %a %A", 3.0, 0.0, 0.0);
        let ours_3 = ours("%a", &mut device_of(&[&|d| 3.0f64.store(d)]));
        assert_eq!(ours_3, "0x1.8p+1");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn strings_and_chars() {
        for shape in ["", "8", "-8", ".2", ".0", "8.3", "-8.3", "08", ".10"] {
            check!(format!("[%{shape}s]"), Some(c"hello"));
            check!(format!("[%{shape}s]"), Some(c""));
            check!(format!("[%{shape}s]"), None::<&CStr>);
            check!(format!("[%{shape}c]"), 0x141_i32);
        }
        check!("%s, %s!", Some(c"hello"), Some(c"world"));
        check!("[%c%c%c]", 'a' as i32, -1i32, 0x7e_i32);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn pointers_and_percent() {
        for shape in ["", "+", " ", "20", "-20", "020", ".3", ".20", "#", "-+20.16"] {
            check!(format!("[%{shape}p]"), Ptr(0));
            check!(format!("[%{shape}p]"), Ptr(0x7f00_dead_beef));
        }
        check!("100%% %d%%", 5i32);
        check!("[%5%]");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn mixed_arguments_follow_the_alignment_walk() {
        check!("%d %f %d %ld %s %d", 1i32, 2.5, 3i32, -4i64, Some(c"five"), 6i32);
        check!("%c %e %hd %p %lu %x %G", 'z' as i32, 1e-9, 7i32, Ptr(0x1000), 8u64, 9i32, 10.0);
    }

    /// The layout written out by hand, so the walk is not only checked against the helper.
    #[test]
    fn alignment_walk_matches_a_hand_built_buffer() {
        let mut device = Device::default();
        device.buffer.extend_from_slice(&1i32.to_le_bytes()); // 0: int
        device.buffer.extend_from_slice(&[0; 4]); // 4: padding
        device.buffer.extend_from_slice(&2.5f64.to_le_bytes()); // 8: double
        device.buffer.extend_from_slice(&3i32.to_le_bytes()); // 16: int
        device.buffer.extend_from_slice(&[0; 4]); // 20: padding
        device.buffer.extend_from_slice(&(-4i64).to_le_bytes()); // 24: long
        device.buffer.extend_from_slice(&0x5000u64.to_le_bytes()); // 32: char*
        device.buffer.extend_from_slice(&6i32.to_le_bytes()); // 40: int
        device.strings.insert(0x5000, b"five".to_vec());
        assert_eq!(ours("%d %f %d %ld %s %d", &mut device), "1 2.500000 3 -4 five 6");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn unknown_conversions_are_copied_and_take_no_argument() {
        check!("[%k %d]", 5i32);
        check!("[%5k %d]", 5i32);
        check!("[%y%d]", 5i32);
    }

    #[test]
    fn undefined_cases_have_a_documented_output() {
        assert_eq!(ours("abc%", &mut Device::default()), "abc%");
        assert_eq!(ours("abc%-5.", &mut Device::default()), "abc%-5.");
        assert_eq!(ours("%-+ 0k", &mut Device::default()), "%-+ 0k");
        // An unreadable string pointer.
        assert_eq!(ours("[%s]", &mut device_of(&[&|d| Ptr(0x42).store(d)])), "[<unreadable string at 0x42>]");
        // `%n` takes its pointer and prints nothing.
        assert_eq!(ours("a%nb%d", &mut device_of(&[&|d| Ptr(0x42).store(d), &|d| 7.store(d)])), "ab7");
        // Non-UTF-8 bytes become U+FFFD.
        assert_eq!(format(b"\xff%d", &mut device_of(&[&|d| 1.store(d)])), "\u{fffd}1");
        // Huge widths are clamped.
        assert_eq!(ours("%*d", &mut device_of(&[&|d| i32::MAX.store(d), &|d| 1.store(d)])).len(), MAX_FIELD);
    }

    #[test]
    fn missing_arguments_are_marked_and_stop_the_walk() {
        let mut device = device_of(&[&|d| 1.store(d), &|d| 2.store(d)]);
        assert_eq!(ours("%d %d %d %d|", &mut device), "1 2 <missing> <missing>|");
        // An 8-byte argument that would overrun a 12-byte buffer is missing, and so is the
        // int after it, though 4 bytes remain.
        let mut device = device_of(&[&|d| 1.store(d), &|d| 2.store(d), &|d| 3.store(d)]);
        assert_eq!(ours("%d %f %d", &mut device), "1 <missing> <missing>");
        // A missing `*` spoils its conversion; literal text and `%%` still print.
        assert_eq!(ours("a%*d b%%c", &mut Device::default()), "a<missing> b%c");
        assert_eq!(ours("%s", &mut Device::default()), MISSING);
    }

    /// xorshift64: random enough for picking test cases, and reproducible.
    #[cfg(target_os = "linux")]
    struct Rng(u64);

    #[cfg(target_os = "linux")]
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
        fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
            items[self.below(items.len() as u64) as usize]
        }
        /// A `*` value in `lo..=hi`.
        fn star(&mut self, lo: i32, hi: i32) -> i32 {
            lo + self.below((hi - lo + 1) as u64) as i32
        }
    }

    #[cfg(target_os = "linux")]
    /// A random conversion spec: flags, width and precision (numbers, `*` or none), then
    /// `tail` (length modifier and conversion). Returns it with the `*` arguments it takes.
    fn random_spec(rng: &mut Rng, tail: &str) -> (String, Option<i32>, Option<i32>) {
        let mut spec = String::from("[%");
        for flag in ["-", "+", " ", "#", "0"] {
            if rng.below(4) == 0 {
                spec.push_str(flag);
            }
        }
        let mut width = None;
        match rng.below(3) {
            0 => {}
            1 => spec.push_str(&rng.below(25).to_string()),
            _ => {
                spec.push('*');
                width = Some(rng.star(-25, 25));
            }
        }
        let mut precision = None;
        match rng.below(4) {
            0 => {}
            1 => spec.push('.'),
            2 => spec.push_str(&format!(".{}", rng.below(25))),
            _ => {
                spec.push_str(".*");
                precision = Some(rng.star(-3, 25));
            }
        }
        spec.push_str(tail);
        spec.push(']');
        (spec, width, precision)
    }

    /// `check!` with whichever `*` arguments the spec takes before `value`.
    #[cfg(target_os = "linux")]
    macro_rules! check_starred {
        ($spec:expr, $width:expr, $precision:expr, $value:expr) => {
            let value = $value;
            match ($width, $precision) {
                (None, None) => check!($spec, value),
                (Some(w), None) => check!($spec, w, value),
                (None, Some(p)) => check!($spec, p, value),
                (Some(w), Some(p)) => check!($spec, w, p, value),
            }
        };
    }

    #[cfg(target_os = "linux")]
    /// A double from all over the range: random bits (NaNs, subnormals and infinities
    /// included) or short decimals, where rounding ties happen.
    fn random_double(rng: &mut Rng) -> f64 {
        match rng.below(4) {
            0 => f64::from_bits(rng.next()),
            1 => (rng.next() as i64 >> rng.below(60)) as f64 / 10f64.powi(rng.below(8) as i32),
            // Just below a power of ten, where rounding carries into a new digit.
            2 => 10f64.powi(rng.below(30) as i32 - 10) * (1.0 - 5.0 * 10f64.powi(-(rng.below(12) as i32) - 1)),
            _ => (rng.below(2000) as f64 - 1000.0) / 8.0,
        }
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn random_integers_match_snprintf() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for _ in 0..3000 {
            let conversion = rng.pick(&["d", "i", "u", "x", "X", "o"]);
            let length = rng.pick(&["", "hh", "h", "l", "ll", "z", "j", "t"]);
            let (spec, width, precision) = random_spec(&mut rng, &format!("{length}{conversion}"));
            let bits = rng.next() >> rng.below(64);
            if matches!(length, "" | "h" | "hh") {
                check_starred!(spec, width, precision, bits as i32);
            } else {
                check_starred!(spec, width, precision, bits as i64);
            }
        }
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn random_doubles_match_snprintf() {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        for _ in 0..4000 {
            let conversion = rng.pick(&["f", "F", "e", "E", "g", "G", "a", "A"]);
            let (spec, width, precision) = random_spec(&mut rng, conversion);
            check_starred!(spec, width, precision, random_double(&mut rng));
        }
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn random_chars_strings_and_pointers_match_snprintf() {
        let mut rng = Rng(0xD1B5_4A32_D192_ED03);
        for _ in 0..1000 {
            let (spec, width, precision) = random_spec(&mut rng, "c");
            check_starred!(spec, width, precision, rng.next() as i32);
            let (spec, width, precision) = random_spec(&mut rng, "s");
            let text = [Some(c"emulated"), Some(c""), None][rng.below(3) as usize];
            check_starred!(spec, width, precision, text);
            let (spec, width, precision) = random_spec(&mut rng, "p");
            check_starred!(spec, width, precision, Ptr(rng.next() >> rng.below(64)));
        }
    }
}
