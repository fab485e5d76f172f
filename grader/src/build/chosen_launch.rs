//! The challenge sections' launch, chosen by the kernel file: `BLOCK_X/Y/Z` threads per block,
//! `TILE_X/Y/Z` outputs per block (see `kernels::exercise::ChosenLaunch`).
//!
//! The values are read as the compiler sees them — after `#ifndef`, arithmetic, and macros that
//! use `FILTER_RADIUS` — by compiling the file once more with an array of them appended, and
//! reading that array's initialiser back from the PTX. One compilation per set of defines.

use kernels::exercise::{Case, Section, LAUNCH_MACROS};

use std::borrow::Cow;

use super::Defines;
use crate::model::{Problem, ProblemKind};
use crate::toolchain::nvrtc::{source_bytes, CompileFailure};

/// The array appended to the file; a name no student would use.
const ARRAY: &str = "pmpp_grader_launch_macros";

/// The file with the macros' values appended as an initialised array; an undefined macro is -1
/// (a value none may have: each must be at least 1).
fn probe_source(source: &[u8]) -> Vec<u8> {
    let mut s = source_bytes(source).to_vec();
    s.extend_from_slice(b"\n#line 1 \"(the grader reading BLOCK_X ... TILE_Z)\"\n");
    let values: Vec<String> =
        LAUNCH_MACROS.iter().map(|m| format!("\n#ifdef {m}\n(long long)({m}),\n#else\n-1LL,\n#endif")).collect();
    s.extend_from_slice(
        format!("extern \"C\" __device__ long long {ARRAY}[6] = {{{}\n}};\n", values.concat()).as_bytes(),
    );
    s
}

/// The array's six values from the PTX (`.b64 name[6] = {…}` or `.b8 name[48] = {…}` bytes; the
/// compiler leaves out trailing zeros).
fn read_values(ptx: &str) -> Option<[i64; 6]> {
    let line = ptx.lines().find(|l| l.contains(ARRAY) && l.contains('='))?;
    let list = &line[line.find('{')? + 1..line.rfind('}')?];
    let mut numbers: Vec<i128> = list.split(',').map(|t| parse_int(t.trim())).collect::<Option<_>>()?;
    let bytes = line.contains(".b8") || line.contains(".u8");
    let len = if bytes { 48 } else { 6 };
    if numbers.len() > len {
        return None;
    }
    numbers.resize(len, 0);
    let values: Vec<i64> = if bytes {
        numbers
            .chunks(8)
            .map(|b| i64::from_le_bytes(std::array::from_fn(|i| b.get(i).copied().unwrap_or(0) as u8)))
            .collect()
    } else {
        numbers.iter().map(|&n| n as i64).collect()
    };
    values.try_into().ok()
}

/// TILE_X, TILE_Y, TILE_Z as compiled into a challenge's program (which has the macros' array
/// appended: [`compiled_source`]), 1 where not defined; `None` where the PTX has no such array.
pub fn tile(ptx: &str) -> Option<[u64; 3]> {
    let v = read_values(ptx)?;
    Some([3, 4, 5].map(|i| v[i].max(1) as u64))
}

fn parse_int(t: &str) -> Option<i128> {
    match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        Some(hex) => i128::from_str_radix(hex, 16).ok(),
        None => t.parse().ok(),
    }
}

/// BLOCK_X … TILE_Z as the compiler sees them (`None`: not defined).
type MacroValues = [Option<i64>; 6];

/// Compiles a source with a set of defines to PTX (the grader's, which caches).
pub type Compile<'a> = &'a dyn Fn(&[u8], &[(String, String)]) -> Result<String, CompileFailure>;

/// What the grader compiles for `section`: the file itself, or for a challenge the file with
/// the macros' array appended (unused by the kernels, so the same program runs; compiling it
/// once serves both the launch and the tests).
pub fn compiled_source<'s>(section: &dyn Section, source: &'s [u8]) -> Cow<'s, [u8]> {
    match section.chosen_launch() {
        Some(_) => Cow::Owned(probe_source(source)),
        None => Cow::Borrowed(source),
    }
}

/// Give every case the launch the kernel file chooses (nothing to do for the textbook's
/// sections). A file that does not compile is left to the normal compilation to report.
pub fn place(
    section: &dyn Section,
    compile: Compile,
    source: &[u8],
    name: &str,
    cases: &mut [&mut Case],
) -> Result<(), Problem> {
    let Some(launch) = section.chosen_launch() else { return Ok(()) };
    let probe = probe_source(source);
    // The values read, per set of defines.
    let mut read: Vec<(Defines, MacroValues)> = Vec::new();
    for case in cases.iter_mut() {
        let values = match read.iter().find(|(d, _)| *d == case.defines) {
            Some((_, v)) => *v,
            None => {
                let Some(v) = macro_values(compile, source, &probe, name, &case.defines)? else {
                    return Ok(());
                };
                read.push((case.defines.clone(), v));
                v
            }
        };
        case.geometry = launch
            .geometry(values, case.shape)
            .map_err(|e| Problem::new(ProblemKind::Launch, format!("{name}: {e}.")))?;
    }
    Ok(())
}

/// The macros' values for one set of defines; `None` when the file does not compile at all.
fn macro_values(
    compile: Compile,
    source: &[u8],
    probe: &[u8],
    name: &str,
    defines: &[(String, String)],
) -> Result<Option<MacroValues>, Problem> {
    match compile(probe, defines) {
        Ok(ptx) => {
            let values = read_values(&ptx).ok_or_else(|| {
                Problem::new(
                    ProblemKind::Unsupported,
                    format!("cannot read the launch macros back from the compiled {name} (please report this)"),
                )
            })?;
            Ok(Some(values.map(|v| (v != -1).then_some(v))))
        }
        // The file alone does not compile either: that error is the one to show.
        Err(_) if compile(source, defines).is_err() => Ok(None),
        Err(failure) => Err(Problem::new(
            ProblemKind::Interface,
            format!(
                "the launch macros of {name} are not integer constants ({}):\n{}\n\
             Define them as numbers or constant expressions, e.g. `#define BLOCK_X 32` (no `;`).",
                super::defines_text(defines),
                failure.log.trim()
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_read_from_either_initialiser() {
        let ptx =
            ".visible .global .align 8 .u64 pmpp_grader_launch_macros[6] = {32, 8, -1, 32, 64, 0xFFFFFFFFFFFFFFFF};";
        assert_eq!(read_values(ptx), Some([32, 8, -1, 32, 64, -1]));
        let bytes: Vec<String> =
            [32i64, 8, -1, 32, 64, 1].iter().flat_map(|v| v.to_le_bytes()).map(|b| b.to_string()).collect();
        let ptx = format!(".visible .global .align 8 .b8 pmpp_grader_launch_macros[48] = {{{}}};", bytes.join(", "));
        assert_eq!(read_values(&ptx), Some([32, 8, -1, 32, 64, 1]));
        assert_eq!(read_values(".global .u32 other[2] = {1, 2};"), None);
        // NVRTC leaves out the trailing zero bytes (here TILE_Z = 0).
        let ptx = ".global .align 8 .b8 pmpp_grader_launch_macros[48] = {32, 0, 0, 0, 0, 0, 0, 0, 8};";
        assert_eq!(read_values(ptx), Some([32, 8, 0, 0, 0, 0]));
    }

    #[test]
    fn the_probe_keeps_the_file_and_appends_one_array() {
        let probe = String::from_utf8(probe_source(b"\xEF\xBB\xBF#define BLOCK_X 32\n")).unwrap();
        assert!(probe.starts_with("#define BLOCK_X 32\n"), "{probe}");
        assert!(probe.contains("#ifdef TILE_Z\n(long long)(TILE_Z),\n#else\n-1LL,\n#endif"));
    }
}
