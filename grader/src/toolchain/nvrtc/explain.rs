//! What the compilers' logs mean to a student: the errors alone, and notes for what their words
//! do not say (a header the course does not provide, a macro the grader defines).

use super::{source_bytes, DEVICE_HEADERS, HOST_ONLY_HEADERS};

/// A `#define` in the file of a name the grader sets per test (`-DFILTER_RADIUS=3`): the file's
/// value would win (NVRTC only warns), and the test would run a different kernel than it asks
/// for. Said as an error with NVRTC's own line.
pub fn overridden_defines(log: &str, defines: &[(String, String)]) -> Option<String> {
    let mut out = String::new();
    let mut lines = log.lines().peekable();
    while let Some(line) = lines.next() {
        // NVRTC: `incompatible redefinition of macro "X"`; clang: `'X' macro redefined`.
        let name =
            match (line.split("incompatible redefinition of macro \"").nth(1), line.split_once("' macro redefined")) {
                (Some(rest), _) => rest.split('"').next(),
                (None, Some((head, _))) => head.rsplit('\'').next(),
                _ => None,
            };
        let Some(name) = name else { continue };
        let Some((_, value)) = defines.iter().find(|(k, _)| k == name) else { continue };
        let place = line.split(": warning").next().unwrap_or(line);
        let place = place.strip_suffix(':').unwrap_or(place);
        out.push_str(&format!(
            "{place}: error: {}\n",
            crate::t!(toolchain_define_overridden, name = name, value = value)
        ));
        while let Some(next) = lines.peek().filter(|l| l.starts_with(' ')) {
            out.push_str(next);
            out.push('\n');
            lines.next();
        }
        out.push_str(&format!(
            "note: {}\n    #ifndef {name}\n    #define {name} …\n    #endif\n",
            crate::t!(toolchain_define_guard)
        ));
    }
    (!out.is_empty()).then_some(out)
}

/// After an "expected an identifier" error on a line that names a macro the grader defines
/// (`float c0 = 0.5f;` with `-Dc0=0.5f` reads `float 0.5f = 0.5f;`), say so once per name: the
/// compiler's own words send a student looking for a typo.
pub fn explain_shadowed_defines(log: &str, source: &[u8], defines: &[(String, String)]) -> String {
    let text = String::from_utf8_lossy(source_bytes(source));
    let lines: Vec<&str> = text.lines().collect();
    let mut notes = Vec::new();
    for line in log.lines() {
        let expected = ["expected an identifier", "expected identifier", "expected unqualified-id"];
        if !expected.iter().any(|e| line.contains(e)) {
            continue;
        }
        let number = error_line_number(line);
        let Some(source_line) = number.and_then(|n| lines.get(n.wrapping_sub(1))) else { continue };
        for (name, value) in defines {
            let named = source_line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).any(|word| word == name);
            let note = format!("note: {}\n", crate::t!(toolchain_define_shadowed, name = name, value = value));
            if named && !notes.contains(&note) {
                notes.push(note);
            }
        }
    }
    let mut out = log.to_string();
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    out.extend(notes);
    out
}

/// The source line an error of the log names: NVRTC writes `file(12): error: …`, clang
/// `file:12:17: error: …`.
fn error_line_number(line: &str) -> Option<usize> {
    line.split_once("): error")
        .and_then(|(head, _)| head.rsplit('(').next())
        .or_else(|| line.split_once(": error").and_then(|(head, _)| head.rsplit(':').nth(1)))
        .and_then(|n| n.trim().parse::<usize>().ok())
}

/// After an "expected a ';'" error, the line that lacks it: the compiler notices a missing `;`
/// only where the next statement starts, one line (or a few blank ones) below it.
pub fn explain_missing_semicolons(log: &str, source: &[u8]) -> String {
    let text = String::from_utf8_lossy(source_bytes(source));
    let lines: Vec<&str> = text.lines().collect();
    let mut notes = Vec::new();
    for line in log.lines() {
        if !(line.contains("expected a \";\"") || line.contains("expected ';'")) {
            continue;
        }
        let number = error_line_number(line);
        let Some(number) = number else { continue };
        // The statement before: the nearest line above with code on it.
        let code = |l: &str| l.split("//").next().unwrap_or("").trim().to_string();
        let Some((before, text)) =
            (1..number).rev().map(|n| (n, code(lines.get(n - 1).copied().unwrap_or("")))).find(|(_, c)| !c.is_empty())
        else {
            continue;
        };
        let ends_a_statement = text.starts_with('#') || [';', '{', '}', ':', ','].iter().any(|&c| text.ends_with(c));
        let note = format!(
            "note: {}\n",
            crate::t!(toolchain_missing_semicolon, line = before.to_string(), code = text.as_str())
        );
        if !ends_a_statement && !notes.contains(&note) {
            notes.push(note);
        }
    }
    let mut out = log.to_string();
    if !notes.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    out.extend(notes);
    out
}

/// After NVRTC's "could not open source file" error, say what to do about that header.
pub fn explain_missing_headers(log: &str) -> String {
    let mut out = String::with_capacity(log.len());
    for line in log.split_inclusive('\n') {
        out.push_str(line);
        // NVRTC: `could not open source file "vector"`; clang: `'vector' file not found`.
        let header = match (line.split("could not open source file \"").nth(1), line.split_once("' file not found")) {
            (Some(rest), _) => rest.split('"').next().unwrap_or(""),
            (None, Some((head, _))) => head.rsplit('\'').next().unwrap_or(""),
            _ => continue,
        };
        let note = if HOST_ONLY_HEADERS.contains(&header) {
            format!("note: {}\n", crate::t!(toolchain_host_header, name = header))
        } else {
            let known: Vec<&str> = DEVICE_HEADERS.iter().map(|(n, _)| *n).chain(["cuda_fp16.h"]).collect();
            format!("note: {}\n", crate::t!(toolchain_headers_provided, headers = known.join(", "), name = header))
        };
        if !line.ends_with('\n') {
            out.push('\n');
        }
        out.push_str(&note);
    }
    out
}

/// The part of an NVRTC log a student needs: each error with its source line and caret, and the
/// closing count; warnings and remarks are left out.
pub fn errors_only(log: &str) -> String {
    let mut out = Vec::new();
    let mut keep = false;
    for line in log.lines() {
        // The grader's own notes after the errors (`note: c0 is a macro …`) are kept too.
        let is_head = line.contains("): error") || line.contains("): catastrophic error") || line.starts_with("note: ");
        let is_other_head = line.contains("): warning") || line.starts_with("Remark");
        if is_head {
            keep = true;
        } else if is_other_head || line.trim().is_empty() {
            keep = false;
        }
        if keep || line.contains("detected in the compilation of") {
            out.push(line);
        }
    }
    if out.is_empty() {
        log.trim_end().to_string()
    } else {
        out.join("\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_only_drops_warnings_and_keeps_caret() {
        let log = "k.cu(4): error: expected a \";\"\n      a[i] = foo;\n      ^\n\n\
                   k.cu(2): warning #177-D: variable \"unused\" was declared but never referenced\n      int unused = 3;\n          ^\n\n\
                   Remark: The warnings can be suppressed with \"-diag-suppress <warning-number>\"\n\n\
                   1 error detected in the compilation of \"k.cu\".\n";
        assert_eq!(
            errors_only(log),
            "k.cu(4): error: expected a \";\"\n      a[i] = foo;\n      ^\n1 error detected in the compilation of \"k.cu\"."
        );
    }

    #[test]
    fn a_missing_header_gets_a_note_saying_what_to_do() {
        let log = "k.cu(3): catastrophic error: could not open source file \"vector\" (no directories in search list)\n  #include <vector>\n                   ^\n";
        let out = explain_missing_headers(log);
        assert!(out.contains("note: <vector> is for host code"), "{out}");
        assert!(out.contains("remove `#include <vector>`"), "{out}");
        let out = explain_missing_headers(&log.replace("vector", "thrust/sort.h"));
        assert!(out.contains("provides only these headers: cuda_runtime.h"), "{out}");
        assert!(out.contains("cuda_fp16.h"), "{out}");
        assert_eq!(explain_missing_headers("k.cu(1): error: x\n"), "k.cu(1): error: x\n");
    }

    #[test]
    fn a_variable_named_like_a_define_of_the_grader_is_explained() {
        let defines = vec![("c0".to_string(), "0.5f".to_string()), ("c1".to_string(), "0.25f".to_string())];
        let source = b"extern \"C\" __global__ void k() {\n    const float c0 = 1.0f;\n}\n";
        let log = "k.cu(2): error: expected an identifier\n      const float c0 = 1.0f;\n                  ^\n";
        let out = explain_shadowed_defines(log, source, &defines);
        assert!(out.starts_with(log), "the compiler's words first: {out}");
        assert!(out.contains("note: c0 is a macro the grader defines for each test (-Dc0=0.5f)"), "{out}");
        assert!(!out.contains("c1 is a macro"), "only the names on the line: {out}");
        let clang = "k.cu:2:17: error: expected unqualified-id\n";
        assert!(explain_shadowed_defines(clang, source, &defines).contains("note: c0 is a macro"));
        let other = "k.cu(2): error: identifier \"x\" is undefined\n";
        assert_eq!(explain_shadowed_defines(other, source, &defines), other);
    }

    #[test]
    fn a_define_the_grader_sets_must_not_be_redefined() {
        let log = "k.cu(1): warning #47-D: incompatible redefinition of macro \"FILTER_RADIUS\"\n  #define FILTER_RADIUS 2\n          ^\n\nRemark: …\n";
        let defines = vec![("FILTER_RADIUS".to_string(), "3".to_string())];
        let why = overridden_defines(log, &defines).expect("caught");
        assert!(why.starts_with("k.cu(1): error: this file defines FILTER_RADIUS itself"), "{why}");
        assert!(why.contains("-DFILTER_RADIUS=3") && why.contains("#ifndef FILTER_RADIUS"), "{why}");
        assert!(errors_only(&why).contains("#define FILTER_RADIUS 2"), "the line is shown: {}", errors_only(&why));
        // A macro the grader does not set is the student's business.
        assert_eq!(overridden_defines(&log.replace("FILTER_RADIUS", "TILE"), &defines), None);
        assert_eq!(overridden_defines("", &defines), None);
    }

    #[test]
    fn a_missing_semicolon_is_pinned_on_the_line_before() {
        let source = b"__global__ void k(float *a) {\n    float v = 0.0f\n\n    a[0] = v;\n}\n";
        let nvrtc = "k.cu(4): error: expected a \";\"\n      a[0] = v;\n      ^\n";
        let out = explain_missing_semicolons(nvrtc, source);
        assert!(out.ends_with("note: a missing ';' is reported where the next statement starts: line 2 (`float v = 0.0f`) does not end with one\n"), "{out}");
        let clang = "k.cu:4:5: error: expected ';' at end of declaration\n";
        assert!(explain_missing_semicolons(clang, source).contains("line 2 (`float v = 0.0f`)"));
        // The line before ends its statement (a `{`): no note, the error is on its own line.
        let fine = b"__global__ void k(float *a) {\n    float v = 0.0f x;\n}\n";
        assert_eq!(
            explain_missing_semicolons("k.cu(2): error: expected a \";\"\n", fine),
            "k.cu(2): error: expected a \";\"\n"
        );
    }
}
