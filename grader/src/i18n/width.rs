//! Columns in a terminal: a CJK character takes two, an ANSI colour code none, so that tables
//! line up in Chinese as they do in English (`format!("{:w$}")` counts characters).

use unicode_width::UnicodeWidthStr;

/// The columns `s` takes in a terminal, colour codes left out.
pub fn width(s: &str) -> usize {
    if !s.contains('\x1b') {
        return s.width();
    }
    let mut plain = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            // CSI: ESC [ parameters, ending at a letter.
            for d in chars.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            plain.push(c);
        }
    }
    plain.width()
}

/// `s` and spaces after it up to `columns`.
pub fn pad(s: &str, columns: usize) -> String {
    format!("{s}{}", " ".repeat(columns.saturating_sub(width(s))))
}

/// Spaces, then `s`, up to `columns` (numbers, right-aligned).
pub fn pad_left(s: &str, columns: usize) -> String {
    format!("{}{s}", " ".repeat(columns.saturating_sub(width(s))))
}
