//! The loop statement around a line of the student's file: the emulator places a timeout on the
//! first line of the loop that did not end that has code, which may be inside its body (a
//! `while` whose condition the compiler moved out of the loop leaves only the body's
//! `__syncthreads();`), or be an inner loop's first line (an endless outer loop whose own
//! condition and step were folded away). A small scan of the source, comments and strings
//! skipped: good enough to find `for`, `while` and `do` and where their bodies end.

/// A token that matters here, and its line (1-based).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Tok<'s> {
    Word(&'s str),
    Punct(u8),
}

/// The words and the punctuation of `puncts` of the source's lines, outside comments, strings
/// and preprocessor lines.
pub(super) fn tokens<'s>(lines: &[&'s str], puncts: &[u8]) -> Vec<(Tok<'s>, u32)> {
    let mut out = Vec::new();
    let mut in_comment = false;
    for (n, line) in lines.iter().enumerate() {
        let (b, n) = (line.as_bytes(), n as u32 + 1);
        let mut i = 0;
        if !in_comment && line.trim_start().starts_with('#') {
            continue;
        }
        while i < b.len() {
            let c = b[i];
            if in_comment {
                in_comment = !(c == b'*' && b.get(i + 1) == Some(&b'/'));
                i += if in_comment { 1 } else { 2 };
            } else if c == b'/' && b.get(i + 1) == Some(&b'/') {
                break;
            } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
                (in_comment, i) = (true, i + 2);
            } else if c == b'"' || c == b'\'' {
                i += 1;
                while i < b.len() && b[i] != c {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            } else if c.is_ascii_alphanumeric() || c == b'_' {
                let start = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                out.push((Tok::Word(&line[start..i]), n));
            } else {
                if puncts.contains(&c) {
                    out.push((Tok::Punct(c), n));
                }
                i += 1;
            }
        }
    }
    out
}

/// The index of the token that closes the bracket opened at `open`.
fn closing(t: &[(Tok, u32)], open: usize) -> Option<usize> {
    let mut depth = 0i32;
    for (i, (tok, _)) in t.iter().enumerate().skip(open) {
        match tok {
            Tok::Punct(b'(' | b'{') => depth += 1,
            Tok::Punct(b')' | b'}') => depth -= 1,
            _ => continue,
        }
        if depth == 0 {
            return Some(i);
        }
    }
    None
}

/// The last token of the statement that starts at `at`: a block, or up to its `;` (a block
/// ending it, such as an `if`'s, unless an `else` follows).
fn statement_end(t: &[(Tok, u32)], at: usize) -> Option<usize> {
    if t.get(at)?.0 == Tok::Punct(b'{') {
        return closing(t, at);
    }
    let mut i = at;
    loop {
        match t.get(i)?.0 {
            Tok::Punct(b';') => return Some(i),
            Tok::Punct(b'(') => i = closing(t, i)?,
            Tok::Punct(b'{') => {
                i = closing(t, i)?;
                if t.get(i + 1).map(|x| x.0) != Some(Tok::Word("else")) {
                    return Some(i);
                }
            }
            _ => {}
        }
        i += 1;
    }
}

/// A loop statement: its first and last lines, and its first and last tokens.
#[derive(Clone, Copy)]
struct Loop {
    first: u32,
    last: u32,
    tokens: (usize, usize),
}

impl Loop {
    fn holds(&self, other: &Loop) -> bool {
        self.tokens.0 <= other.tokens.0 && other.tokens.1 <= self.tokens.1
    }
}

/// The loop statements of `lines`.
fn loops(lines: &[&str]) -> Vec<Loop> {
    let t = tokens(lines, b"(){};");
    let mut found = Vec::new();
    // The `while` that ends a `do … while (…);` is not a loop of its own.
    let mut tails = Vec::new();
    for (i, &(tok, line)) in t.iter().enumerate() {
        let end = match tok {
            Tok::Word("for" | "while")
                if !tails.contains(&i) && t.get(i + 1).map(|x| x.0) == Some(Tok::Punct(b'(')) =>
            {
                closing(&t, i + 1).and_then(|c| statement_end(&t, c + 1))
            }
            Tok::Word("do") => statement_end(&t, i + 1).and_then(|body| {
                tails.push(body + 1);
                closing(&t, body + 2).map(|c| c + 1)
            }),
            _ => None,
        };
        if let Some(end) = end.filter(|&e| e < t.len()) {
            found.push(Loop { first: line, last: t[end].1, tokens: (i, end) });
        }
    }
    found
}

/// The first line of the loop statement around `line` that has `inside` levels of loops inside
/// it (the emulator's [`::emulator::Finding::loops_inside`]): the innermost such, else the
/// innermost around `line`.
pub fn loop_around(lines: &[&str], line: u32, inside: u32) -> Option<u32> {
    let all = loops(lines);
    // The levels of loops inside a loop statement.
    let depth = |l: &Loop| {
        let within: Vec<&Loop> = all.iter().filter(|x| l.holds(x) && x.tokens != l.tokens).collect();
        within.iter().map(|x| within.iter().filter(|y| y.holds(x)).count()).max().unwrap_or(0) as u32
    };
    let mut around: Vec<&Loop> = all.iter().filter(|l| l.first <= line && line <= l.last).collect();
    around.sort_by_key(|l| std::cmp::Reverse(l.tokens.0));
    around.iter().find(|l| depth(l) >= inside).or(around.first()).map(|l| l.first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_loop_statement_around_a_line() {
        let src = "__global__ void k(int *p) {\n    int i = 0; // for (;;) in a comment\n    while (p[0] < 4) {\n        p[1] = \"for (\";\n        __syncthreads();\n    }\n    for (int a = 0; a < 3; a++)\n        for (int b = 0; b < 3; b++)\n            if (a) { p[a] = b; } else { p[b] = a; }\n    do {\n        i++;\n    } while (i < 9);\n    /* while (1) {\n    } */\n    p[2] = i;\n}";
        let lines: Vec<&str> = src.lines().collect();
        let at = |l| loop_around(&lines, l, 0);
        assert_eq!((at(2), at(3), at(4), at(5), at(6)), (None, Some(3), Some(3), Some(3), Some(3)));
        assert_eq!((at(7), at(8), at(9)), (Some(7), Some(8), Some(8)));
        assert_eq!((at(10), at(11), at(12), at(13), at(15)), (Some(10), Some(10), Some(10), None, None));
        // A loop with one level of loops inside it, at the inner loop's line: the outer one.
        assert_eq!((loop_around(&lines, 8, 1), loop_around(&lines, 9, 1)), (Some(7), Some(7)));
        // More levels than the source has: the innermost.
        assert_eq!(loop_around(&lines, 8, 2), Some(8));
    }
}
