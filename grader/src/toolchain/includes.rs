//! What a kernel may `#include`: the headers the grader hands the compiler by name, and nothing
//! else. A kernel is untrusted: `#include "/autograder/source/private-cases.toml"` would make the
//! compiler print the instructor's file in its errors, and so into the student's report. So the
//! directives are read here, before any compiler opens a file, and a header that is not the
//! course's is refused with the line that names it.
//!
//! The scan follows the preprocessor's first phases (spliced lines, comments, string literals,
//! digraphs) far enough that no spelling of a directive slips past it; it errs on the side of
//! refusing (a directive inside `#if 0` is checked too).

use crate::toolchain::nvrtc::{DEVICE_HEADERS, HOST_ONLY_HEADERS};

/// The headers a kernel may include, by name (`<name>` or `"name"`).
pub fn allowed() -> Vec<&'static str> {
    let mut names: Vec<&str> = DEVICE_HEADERS.iter().map(|(n, _)| *n).collect();
    names.push("cuda_fp16.h");
    names.sort_unstable();
    names
}

/// One directive (or operator) that reads a file the kernel may not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// The line it starts on (1-based).
    pub line: u32,
    /// What was asked for, as written ("#include \"/etc/passwd\"").
    pub asked: String,
    pub why: String,
}

/// The file's bytes, spliced lines joined, each byte with the line it came from.
fn spliced(source: &[u8]) -> Vec<(u8, u32)> {
    let mut out = Vec::with_capacity(source.len());
    let mut line = 1u32;
    let mut i = 0;
    while i < source.len() {
        let b = source[i];
        if b == b'\\' {
            // A backslash before the end of the line joins the two lines (CRLF too).
            let rest = &source[i + 1..];
            let skip = if rest.starts_with(b"\r\n") {
                Some(3)
            } else if rest.starts_with(b"\n") {
                Some(2)
            } else {
                None
            };
            if let Some(n) = skip {
                line += 1;
                i += n;
                continue;
            }
        }
        out.push((b, line));
        if b == b'\n' {
            line += 1;
        }
        i += 1;
    }
    out
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}

/// The text with comments turned into one space each and string and character literals kept
/// as they are, each byte with its line (the input to the directive scan).
fn without_comments(text: &[(u8, u32)]) -> Vec<(u8, u32)> {
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    let at = |i: usize| text.get(i).map(|&(b, _)| b);
    while i < text.len() {
        let (b, line) = text[i];
        match (b, at(i + 1)) {
            (b'/', Some(b'/')) => {
                while i < text.len() && text[i].0 != b'\n' {
                    i += 1;
                }
                out.push((b' ', line));
            }
            (b'/', Some(b'*')) => {
                i += 2;
                while i < text.len() && !(text[i].0 == b'*' && at(i + 1) == Some(b'/')) {
                    // Keep the line breaks, so that a directive after the comment still starts a line.
                    if text[i].0 == b'\n' {
                        out.push(text[i]);
                    }
                    i += 1;
                }
                i += 2;
                out.push((b' ', line));
            }
            (b'"', _) | (b'\'', _) => {
                // A raw string literal: R"delim( ... )delim", with an optional prefix before R.
                let raw = b == b'"'
                    && i > 0
                    && text[i - 1].0 == b'R'
                    && (i < 2 || !is_ident(text[i - 2].0) || {
                        let p = text[..i - 1].iter().rev().take_while(|(c, _)| is_ident(*c)).count();
                        let prefix: Vec<u8> = text[i - 1 - p..i - 1].iter().map(|(c, _)| *c).collect();
                        matches!(prefix.as_slice(), b"u8" | b"u" | b"U" | b"L")
                    });
                let start = i;
                if raw {
                    let delim: Vec<u8> = text[i + 1..].iter().map(|(c, _)| *c).take_while(|&c| c != b'(').collect();
                    let close: Vec<u8> = [&b")"[..], &delim, b"\""].concat();
                    i += 1 + delim.len() + 1;
                    while i < text.len()
                        && !text[i..].iter().map(|(c, _)| *c).take(close.len()).eq(close.iter().copied())
                    {
                        i += 1;
                    }
                    i = (i + close.len()).min(text.len());
                    // A raw string may span lines: none of them starts a directive.
                    out.extend(text[start..i].iter().map(|&(c, l)| (if c == b'\n' { b' ' } else { c }, l)));
                    continue;
                } else {
                    i += 1;
                    while i < text.len() && text[i].0 != b && text[i].0 != b'\n' {
                        if text[i].0 == b'\\' {
                            i += 1;
                        }
                        i += 1;
                    }
                    i = (i + 1).min(text.len());
                }
                out.extend_from_slice(&text[start..i]);
                continue;
            }
            _ => {
                out.push((b, line));
                i += 1;
            }
        }
    }
    out
}

/// Every directive and operator in `source` that would read a file other than the course's
/// headers. Empty: the file may be compiled.
pub fn refused(source: &[u8]) -> Vec<Refused> {
    let text = without_comments(&spliced(source));
    let mut scan = Scanner {
        bytes: text.iter().map(|(b, _)| *b).collect(),
        lines: text.iter().map(|&(_, l)| l).collect(),
        allowed: allowed(),
        refused: Vec::new(),
    };
    let mut i = 0;
    let mut line_start = true;
    while i < scan.bytes.len() {
        let b = scan.bytes[i];
        if b == b'\n' {
            line_start = true;
            i += 1;
            continue;
        }
        if matches!(b, b' ' | b'\t' | b'\x0b' | b'\x0c' | b'\r') {
            i += 1;
            continue;
        }
        // A directive: `#`, its digraph `%:` or its trigraph `??=`, first on its line.
        let hash = match (b, scan.bytes.get(i + 1), scan.bytes.get(i + 2)) {
            (b'#', _, _) => Some(1),
            (b'%', Some(b':'), _) => Some(2),
            (b'?', Some(b'?'), Some(b'=')) => Some(3),
            _ => None,
        };
        if let (true, Some(n)) = (line_start, hash) {
            match scan.directive(i, n) {
                Ok(end) => i = end,
                // `#if`, `#elif`: the rest of the line is scanned for `__has_include`.
                Err(name_end) => {
                    line_start = false;
                    i = name_end;
                }
            }
            continue;
        }
        line_start = false;
        // The operators that look for or read a file, anywhere (in an #if, or _Pragma's string).
        if is_ident(b) && (i == 0 || !is_ident(scan.bytes[i - 1])) {
            i = scan.operator(i);
            continue;
        }
        // Skip literals whole, so a `#` inside one is not a directive.
        if b == b'"' || b == b'\'' {
            i += 1;
            while i < scan.bytes.len() && scan.bytes[i] != b && scan.bytes[i] != b'\n' {
                if scan.bytes[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
        }
        i += 1;
    }
    scan.refused
}

/// The source, spliced and without comments, as one byte string with each byte's line, and what
/// has been refused in it so far.
struct Scanner {
    bytes: Vec<u8>,
    lines: Vec<u32>,
    allowed: Vec<&'static str>,
    refused: Vec<Refused>,
}

impl Scanner {
    fn line_of(&self, i: usize) -> u32 {
        self.lines.get(i).or(self.lines.last()).copied().unwrap_or(1)
    }

    fn skip_blanks(&self, mut i: usize) -> usize {
        while i < self.bytes.len() && matches!(self.bytes[i], b' ' | b'\t' | b'\x0b' | b'\x0c' | b'\r') {
            i += 1;
        }
        i
    }

    fn line_end(&self, i: usize) -> usize {
        self.bytes[i..].iter().position(|&b| b == b'\n').map_or(self.bytes.len(), |p| i + p)
    }

    fn shown(&self, from: usize, to: usize) -> String {
        String::from_utf8_lossy(&self.bytes[from..to]).trim().to_string()
    }

    fn refuse(&mut self, at: usize, end: usize, why: String) {
        let asked = self.shown(at, end);
        self.refused.push(Refused { line: self.line_of(at), asked, why });
    }

    /// A header name after `#include`, `__has_include(` …: Ok(name) or Err(why), and where it ends.
    fn header_at(&self, i: usize) -> (Result<String, String>, usize) {
        let i = self.skip_blanks(i);
        let close = match self.bytes.get(i) {
            Some(b'<') => b'>',
            Some(b'"') => b'"',
            _ => return (Err(crate::t!(toolchain_include_by_macro)), i),
        };
        let end = self.bytes[i + 1..].iter().position(|&b| b == close || b == b'\n').map(|p| i + 1 + p);
        match end {
            Some(e) if self.bytes[e] == close => {
                (Ok(String::from_utf8_lossy(&self.bytes[i + 1..e]).into_owned()), e + 1)
            }
            _ => (Err(crate::t!(toolchain_include_unclosed)), self.line_end(i)),
        }
    }

    /// The directive whose `#` (of `n` bytes) is at `start`: where its line ends, or for one
    /// that is not about files (`#if`), `Err` with where its name ends.
    fn directive(&mut self, start: usize, n: usize) -> Result<usize, usize> {
        let name_at = self.skip_blanks(start + n);
        let name_end = name_at + self.bytes[name_at..].iter().take_while(|&&c| is_ident(c)).count();
        let name = self.bytes[name_at..name_end].to_vec();
        let end = self.line_end(name_end);
        match name.as_slice() {
            b"include" | b"include_next" | b"import" | b"embed" => {
                let (header, _) = self.header_at(name_end);
                let why = match (&header, name.as_slice()) {
                    (Ok(h), b"include") => why_refused(h, &self.allowed),
                    (Ok(_), _) => Some(crate::t!(
                        toolchain_include_not_for_kernels,
                        directive = format!("#{}", String::from_utf8_lossy(&name))
                    )),
                    (Err(e), _) => Some(e.clone()),
                };
                if let Some(why) = why {
                    self.refuse(start, end, why);
                }
            }
            b"pragma" => {
                let rest = self.shown(name_end, end);
                if rest.split_whitespace().any(|w| w == "dependency" || w.starts_with("include")) {
                    self.refuse(start, end, crate::t!(toolchain_include_pragma));
                }
            }
            _ => return Err(name_end),
        }
        Ok(end)
    }

    /// The identifier at `i` when it is an operator that looks for or reads a file
    /// (`__has_include`, `_Pragma`); where the identifier ends.
    fn operator(&mut self, i: usize) -> usize {
        let end = i + self.bytes[i..].iter().take_while(|&&c| is_ident(c)).count();
        let word = self.bytes[i..end].to_vec();
        match word.as_slice() {
            b"__has_include" | b"__has_include_next" | b"__has_embed" => {
                let open = self.skip_blanks(end);
                let (header, after) = if self.bytes.get(open) == Some(&b'(') {
                    self.header_at(open + 1)
                } else {
                    (Err(crate::t!(toolchain_include_unnamed)), end)
                };
                let why = match (&header, word.as_slice()) {
                    (Ok(h), b"__has_include") => why_refused(h, &self.allowed),
                    (Ok(_), _) => Some(crate::t!(
                        toolchain_include_not_for_kernels,
                        directive = String::from_utf8_lossy(&word).into_owned()
                    )),
                    (Err(e), _) => Some(e.clone()),
                };
                if let Some(why) = why {
                    self.refuse(i, after.max(end), why);
                }
            }
            b"_Pragma" => {
                let end_of_line = self.line_end(end);
                let rest = self.shown(end, end_of_line);
                if rest.contains("dependency") || rest.contains("include") {
                    self.refuse(i, end_of_line, crate::t!(toolchain_include_pragma));
                }
            }
            _ => {}
        }
        end
    }
}

/// Why `#include <name>` is refused, or `None` for a header the grader provides.
fn why_refused(name: &str, allowed: &[&str]) -> Option<String> {
    if allowed.contains(&name) {
        return None;
    }
    let n = name.replace('\\', "/");
    Some(if n.starts_with('/') || n.get(1..2) == Some(":") {
        crate::t!(toolchain_include_by_path)
    } else if n.split('/').any(|part| part == "..") {
        crate::t!(toolchain_include_outside)
    } else if n.contains('/') {
        crate::t!(toolchain_include_from_directory)
    } else if HOST_ONLY_HEADERS.contains(&name) {
        crate::t!(toolchain_include_host_header, name = name)
    } else {
        crate::t!(toolchain_include_not_provided, name = name)
    })
}

/// The refusal as a compiler's log (`file(line): error: …`), so that it is reported like any
/// compile error: the student's line, then which headers are allowed.
pub fn refusal_log(program_name: &str, refused: &[Refused]) -> String {
    let mut log = String::new();
    for r in refused {
        log.push_str(&format!(
            "{program_name}({}): error: {}\n  {}\n",
            r.line,
            crate::t!(toolchain_include_refused, why = &r.why),
            r.asked
        ));
    }
    log.push_str(&format!("note: {}\n", crate::t!(toolchain_include_allowed, headers = allowed().join(", "))));
    log
}

/// `Err(log)` when the source asks for a file it may not read.
pub fn check(source: &[u8], program_name: &str) -> Result<(), String> {
    let refused = refused(crate::toolchain::nvrtc::source_bytes(source));
    if refused.is_empty() {
        Ok(())
    } else {
        Err(refusal_log(program_name, &refused))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(src: &str) -> Vec<u32> {
        refused(src.as_bytes()).iter().map(|r| r.line).collect()
    }

    #[test]
    fn the_course_headers_pass_in_every_spelling() {
        let ok = "#include <cstdio>\n#include \"cuda_runtime.h\"\n  #  include <cuda_fp16.h>\n\
                  #include/*c*/<cmath>\n%:include <cassert>\n#if __has_include(<stdint.h>)\n#endif\n\
                  #pragma unroll\nconst char *s = \"#include </etc/passwd>\";\n\
                  // #include </etc/passwd>\n/* #include </etc/passwd> */\n\
                  const char *r = R\"x(\n#include </etc/passwd>\n)x\";\n_Pragma(\"unroll\")\n";
        assert_eq!(refused(ok.as_bytes()), vec![]);
    }

    #[test]
    fn other_files_are_refused_with_their_line() {
        assert_eq!(lines("int x;\n#include \"/etc/hostname\"\n"), vec![2]);
        assert_eq!(lines("#include \"../../Cargo.toml\"\n"), vec![1]);
        assert_eq!(lines("#include <sys/../stdio.h>\n"), vec![1]);
        assert_eq!(lines("#include \"C:\\\\secret.txt\"\n"), vec![1]);
        assert_eq!(lines("#define F \"/etc/passwd\"\n#include F\n"), vec![2]);
        assert_eq!(lines("#inc\\\nlude \"/etc/passwd\"\n"), vec![1], "a spliced directive");
        assert_eq!(lines("#inc\\\r\nlude \"/etc/passwd\"\n"), vec![1], "spliced with CRLF");
        assert_eq!(lines("/* x\n */ #include \"/etc/passwd\"\n"), vec![2], "after a comment on its line");
        assert_eq!(lines("%:include \"/etc/passwd\"\n"), vec![1], "the digraph");
        assert_eq!(lines("??=include \"/etc/passwd\"\n"), vec![1], "the trigraph");
        assert_eq!(lines("#include_next <stdio.h>\n#import \"k.cu\"\n#embed \"/etc/passwd\"\n"), vec![1, 2, 3]);
        assert_eq!(lines("#if __has_include(\"/etc/passwd\")\n#endif\n"), vec![1]);
        assert_eq!(lines("#pragma GCC dependency \"/etc/passwd\"\n"), vec![1]);
        assert_eq!(lines("_Pragma(\"GCC dependency \\\"/etc/passwd\\\"\")\n"), vec![1]);
        assert_eq!(lines("#if 0\n#include \"secret.h\"\n#endif\n"), vec![2], "even where it would not be read");
        assert_eq!(lines("#include <vector>\n"), vec![1]);
    }

    #[test]
    fn the_log_names_the_file_line_and_the_allowed_headers() {
        let log =
            check(b"\xEF\xBB\xBFint a;\n#include \"/autograder/source/private-cases.toml\"\n", "k.cu").unwrap_err();
        assert!(log.starts_with("k.cu(2): error: a kernel may not include a file by its path"), "{log}");
        assert!(log.contains("\n  #include \"/autograder/source/private-cases.toml\"\n"), "{log}");
        assert!(log.contains("by its path") && log.contains("cstdint, cstdio"), "{log}");
        assert!(crate::toolchain::nvrtc::errors_only(&log).contains("k.cu(2)"));
        assert!(crate::toolchain::clang::errors_only(&log).contains("note: a kernel may include only"));
        let log = check(b"#include <iostream>\n", "k.cu").unwrap_err();
        assert!(log.contains("is for host code"), "{log}");
    }
}
