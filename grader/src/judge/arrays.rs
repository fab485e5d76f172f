//! The per-thread array behind a line's local-memory traffic. The PTX names none: local memory
//! is one `__local_depot` per function (NVRTC and clang keep no variable names without `-G`),
//! so the array is read from the source: one declared inside a function (not `__shared__`,
//! `static`, …) whose name the line indexes. Where a line indexes several, the one that the
//! most lines with local traffic index; none where that does not decide.

use super::loops::{tokens, Tok};
use crate::model::NamedArray;

/// Words before a declared name that make it something other than a per-thread array.
const NOT_PER_THREAD: &[&str] =
    &["__shared__", "__constant__", "__device__", "__managed__", "static", "extern", "typedef", "using"];

/// Words that start a statement that is not a declaration (`return a[i];`).
const STATEMENTS: &[&str] = &["return", "else", "do", "case", "default", "goto", "throw", "delete", "new", "sizeof"];

/// The per-thread arrays declared in the source: `float acc[8];`, `int a[4][4], b[2];` inside a
/// function body.
pub fn declared(lines: &[&str]) -> Vec<NamedArray> {
    let t = tokens(lines, b"{};[],=()");
    let mut out = Vec::new();
    let mut depth = 0u32;
    // The index of the first token of the current statement, and whether it declares arrays.
    let (mut start, mut declaring) = (0, false);
    for i in 0..t.len() {
        match t[i].0 {
            Tok::Punct(b'{') => (depth, start, declaring) = (depth + 1, i + 1, false),
            Tok::Punct(b'}') => (depth, start, declaring) = (depth.saturating_sub(1), i + 1, false),
            Tok::Punct(b';') => (start, declaring) = (i + 1, false),
            Tok::Punct(b'[') if depth > 0 && i >= start + 2 => {
                let words: Option<Vec<&str>> = t[start..i]
                    .iter()
                    .map(|(tok, _)| match tok {
                        Tok::Word(w) => Some(*w),
                        Tok::Punct(_) => None,
                    })
                    .collect();
                let Some(words) = words else { continue };
                declaring = !STATEMENTS.contains(&words[0])
                    && !words.iter().any(|w| NOT_PER_THREAD.contains(w))
                    && !words.last().is_some_and(|w| w.starts_with(|c: char| c.is_ascii_digit()));
                if declaring {
                    out.push(NamedArray { name: words[words.len() - 1].to_string(), line: t[i - 1].1 });
                }
            }
            // `, name[` after an array declared in the same statement: another one.
            Tok::Punct(b',') if declaring => {
                if let (Some((Tok::Word(name), line)), Some((Tok::Punct(b'['), _))) = (t.get(i + 1), t.get(i + 2)) {
                    out.push(NamedArray { name: name.to_string(), line: *line });
                }
            }
            _ => {}
        }
    }
    out
}

/// The arrays of `arrays` that the source line `text` indexes (`name[`).
fn indexed<'a>(text: &str, arrays: &'a [NamedArray]) -> Vec<&'a NamedArray> {
    let t = tokens(&[text], b"[");
    let mut out: Vec<&NamedArray> = Vec::new();
    for w in t.windows(2) {
        if let (Tok::Word(name), Tok::Punct(b'[')) = (w[0].0, w[1].0) {
            if let Some(a) = arrays.iter().find(|a| a.name == name) {
                if !out.iter().any(|o| o.name == a.name) {
                    out.push(a);
                }
            }
        }
    }
    out
}

/// For each of `lines` (1-based, the lines with local traffic), the per-thread array it
/// probably loads and stores, where the source tells.
pub fn behind_local_traffic(source: &[&str], lines: &[u32]) -> Vec<Option<NamedArray>> {
    let arrays = declared(source);
    let text = |l: u32| source.get((l as usize).wrapping_sub(1)).copied().unwrap_or("");
    let candidates: Vec<Vec<&NamedArray>> = lines.iter().map(|&l| indexed(text(l), &arrays)).collect();
    // How many of the lines index each array.
    let lines_indexing = |name: &str| candidates.iter().filter(|c| c.iter().any(|a| a.name == name)).count();
    candidates
        .iter()
        .map(|c| match c.as_slice() {
            [] => None,
            [one] => Some((*one).clone()),
            several => {
                let best = several.iter().map(|a| lines_indexing(&a.name)).max()?;
                let mut top = several.iter().filter(|a| lines_indexing(&a.name) == best);
                match (top.next(), top.next()) {
                    (Some(a), None) => Some((*a).clone()),
                    _ => None,
                }
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_array_behind_a_lines_local_traffic_is_read_from_the_source() {
        let source = "__constant__ float F[5][5];\n\
            __global__ void k(float *out, int n) {\n\
            \x20   __shared__ float tile[32][33];\n\
            \x20   float acc[8];  // the outputs\n\
            \x20   for (int o = 0; o < n; o++) acc[o] = 0.0f;\n\
            \x20   float taps[5], w[2][2];\n\
            \x20   for (int o = 0; o < n; o++) acc[o] += F[o][0] * taps[o] + tile[o][0];\n\
            \x20   return out[0] = acc[n] + w[0][0];\n\
            }\n";
        let lines: Vec<&str> = source.lines().collect();
        let names: Vec<(String, u32)> = declared(&lines).into_iter().map(|a| (a.name, a.line)).collect();
        let expected = [("acc", 4), ("taps", 6), ("w", 6)].map(|(n, l)| (n.to_string(), l));
        assert_eq!(names, expected.to_vec(), "not F, tile (not per thread) nor out (returned)");
        let behind = behind_local_traffic(&lines, &[5, 7, 8, 3]);
        let names: Vec<Option<(String, u32)>> = behind.into_iter().map(|a| a.map(|a| (a.name, a.line))).collect();
        // Line 7 indexes acc and taps: acc, which lines 5 and 8 index too; line 3 none.
        assert_eq!(
            names,
            vec![Some(("acc".into(), 4)), Some(("acc".into(), 4)), Some(("acc".into(), 4)), None],
            "{names:?}"
        );
        // Two arrays no other line decides between: none named.
        assert_eq!(behind_local_traffic(&lines, &[7]), vec![None]);
    }
}
