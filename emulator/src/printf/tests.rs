//! printf against the C library's own formatting.

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
    assert_eq!(ours("%Lf %Le", &mut device_of(&[&|d| 1.5f64.store(d), &|d| 2.5f64.store(d)])), "1.500000 2.500000e+00");
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
        "%f", "%F", "%.0f", "%#.0f", "%.10f", "%e", "%E", "%.0e", "%#.0e", "%.3E", "%g", "%.0g", "%#g", "%#.3g", "%G",
        "%.12g", "%.17g", "%a", "%.2a", "%.0a", "%#a", "%A", "%.13a", "%.20a", "%10.3f", "%-10.2e", "%+g", "% g",
        "%08.3f", "%+012.4e", "%-+15a", "%020a", "% 010G", "%30.20g",
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
