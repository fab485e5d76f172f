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

mod float;

use float::write_float;

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

#[cfg(test)]
mod tests;
