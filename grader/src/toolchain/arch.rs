//! The architectures a student's card may have. A kernel can switch on `__CUDA_ARCH__` (or
//! include a header that does) and be one kernel on an H100 and another on a T4: the emulator
//! then runs each distinct build, and the worst decides (see `grade`). A kernel whose code is the
//! same for every architecture costs one build, as a kernel that never names one is.

use crate::toolchain::nvrtc::CompileFailure;

/// The course's reference card (H100, H200): the emulator's PTX is built for it, so that the
/// code a verdict speaks for is the code that runs there.
pub const REFERENCE: &str = "compute_90";

/// Every architecture the course grades for, oldest first, with cards students have.
pub const SUPPORTED: &[(&str, &str)] = &[
    ("compute_75", "T4, RTX 2080"),
    ("compute_80", "A100"),
    ("compute_86", "A10, RTX 3090, RTX 3060"),
    ("compute_89", "L4, RTX 4090"),
    ("compute_90", "H100, H200"),
    ("compute_100", "B200"),
    ("compute_120", "RTX 5090"),
];

/// `sm_90` for `compute_90`: how the report names an architecture.
pub fn sm(arch: &str) -> String {
    format!("sm_{}", arch.trim_start_matches("compute_").trim_start_matches("sm_"))
}

/// The cards of an architecture, where the course lists it ("" for another).
pub fn cards(arch: &str) -> &'static str {
    SUPPORTED.iter().find(|(a, _)| sm(a) == sm(arch)).map_or("", |(_, c)| c)
}

/// Whether the file's device code may differ between architectures: it names `__CUDA_ARCH…`
/// (`__CUDA_ARCH__`, `__CUDA_ARCH_LIST__`, `__CUDA_ARCH_FEAT_SM90_ALL` …) or `__nvvm_reflect`,
/// includes a header that does (NVIDIA's `cuda_fp16.h`, the pipeline primitives), uses what
/// older architectures lack (`__reduce_add_sync`, `cp.async`), or could
/// spell one out of pieces (token pasting, also as the digraph `%:%:`, or universal character
/// names). Spliced lines are joined first. Erring towards yes costs only builds: the PTX of each
/// architecture then decides ([`variants`]).
pub fn may_depend(source: &[u8]) -> bool {
    let text = crate::toolchain::nvrtc::source_bytes(source);
    let mut joined = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        if text[i] == b'\\' && text[i + 1..].starts_with(b"\n") {
            i += 2;
        } else if text[i] == b'\\' && text[i + 1..].starts_with(b"\r\n") {
            i += 3;
        } else {
            joined.push(text[i]);
            i += 1;
        }
    }
    let has = |needle: &[u8]| joined.windows(needle.len()).any(|w| w == needle);
    const ARCH_HEADERS: &[&[u8]] = &[b"cuda_fp16", b"cuda_pipeline", b"cuda_bf16"];
    // What exists only from some architecture on: the warp reductions (sm_80), asynchronous
    // copies (sm_80), in CUDA or in inline PTX.
    const NEWER: &[&[u8]] = &[b"__reduce_", b"redux", b"cp.async", b"__pipeline"];
    [&b"__CUDA_ARCH"[..], b"__nvvm_reflect", b"##", b"%:", b"\\u", b"\\U"].iter().any(|n| has(n))
        || ARCH_HEADERS.iter().chain(NEWER).any(|h| has(h))
}

/// PTX without what names its target, its compiler or where its files were (clang names the
/// scratch folder of each compilation): two architectures whose texts are equal run the same
/// code.
fn normalized(ptx: &str) -> String {
    ptx.lines()
        // A comment may end any line (clang's `.loc` lines name the header's scratch path).
        .map(|l| l.split_once("//").map_or(l, |(code, _)| code).trim())
        .filter(|l| ![".target", ".version", ".file"].iter().any(|p| l.starts_with(p)))
        .collect::<Vec<_>>()
        .join("\n")
}

/// One distinct build of the file, and every architecture that builds the same code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    /// The architecture it is compiled for (`compute_90`).
    pub arch: String,
    /// Every architecture with the same code, `arch` among them (`sm_80`, `sm_86`, …).
    pub same_code: Vec<String>,
}

/// What the file is across the architectures.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variants {
    /// The distinct builds, `primary`'s first (the backend's own), then oldest first.
    pub builds: Vec<Variant>,
    /// Architectures it does not compile for, with the compiler's first error.
    pub not_built: Vec<(String, String)>,
}

impl Variants {
    /// One build for `primary`: the file does not depend on the architecture.
    pub fn single(primary: &str) -> Variants {
        Variants {
            builds: vec![Variant { arch: primary.to_string(), same_code: vec![sm(primary)] }],
            not_built: Vec::new(),
        }
    }
}

/// The distinct builds of a file across [`SUPPORTED`] and `primary`, from its PTX for each
/// (`compile(arch)`). An architecture the compiler itself lacks (an older NVRTC or clang) is
/// left out silently: that is the machine's, not the kernel's.
pub fn variants(primary: &str, compile: impl Fn(&str) -> Result<String, CompileFailure> + Sync) -> Variants {
    use rayon::prelude::*;
    let mut archs: Vec<String> = vec![primary.to_string()];
    archs.extend(SUPPORTED.iter().map(|(a, _)| a.to_string()).filter(|a| sm(a) != sm(primary)));
    let built: Vec<(String, Result<String, CompileFailure>)> =
        archs.par_iter().map(|a| (a.clone(), compile(a))).collect();
    let mut out = Variants::default();
    let mut codes: Vec<String> = Vec::new();
    for (arch, result) in built {
        match result {
            Ok(ptx) => {
                let code = normalized(&ptx);
                match codes.iter().position(|c| *c == code) {
                    Some(i) => out.builds[i].same_code.push(sm(&arch)),
                    None => {
                        codes.push(code);
                        out.builds.push(Variant { arch: arch.clone(), same_code: vec![sm(&arch)] });
                    }
                }
            }
            Err(f) if compiler_lacks(&f.log) => {}
            Err(f) => out.not_built.push((arch, first_error(&f.log))),
        }
    }
    // Oldest first, as a student reads a list of cards.
    for b in &mut out.builds {
        b.same_code.sort_by_key(|a| number(a));
    }
    out
}

/// 90 for `sm_90` or `compute_90`.
fn number(arch: &str) -> u32 {
    arch.trim_start_matches("compute_").trim_start_matches("sm_").parse().unwrap_or(0)
}

/// The compiler does not know the architecture (an NVRTC or clang older than the card).
fn compiler_lacks(log: &str) -> bool {
    let l = log.to_ascii_lowercase();
    l.contains("gpu-architecture") || l.contains("unsupported cuda gpu architecture") || l.contains("invalid value")
}

/// The first line of a compiler's log that says `error`.
fn first_error(log: &str) -> String {
    log.lines().find(|l| l.contains("error")).unwrap_or_else(|| log.lines().next().unwrap_or("")).trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn screen_finds_every_spelling_of_an_architecture() {
        for dependent in [
            "#if __CUDA_ARCH__ >= 800\n#endif",
            "#ifdef __CUDA_ARCH__\n#endif",
            "#if __CUDA_A\\\nRCH__ >= 800\n#endif",
            "#define A(x, y) x ## y\nA(__CUDA_, ARCH__)",
            "#define A(x, y) x %:%: y",
            "#include <cuda_fp16.h>",
            "#include <cuda_pipeline.h>",
            "if (__nvvm_reflect(\"__CUDA_AR\" \"CH\") >= 800) {}",
            "int __CUDA_\\u0041RCH__;",
        ] {
            assert!(may_depend(dependent.as_bytes()), "{dependent}");
        }
        for newer in ["x = __reduce_or_sync(0xffffffffu, v);", "asm(\"cp.async.wait_all;\");"] {
            assert!(may_depend(newer.as_bytes()), "{newer}");
        }
        for plain in ["__global__ void k(float *p) { p[0] = 1.0f; }", "#include <cooperative_groups.h>\n"] {
            assert!(!may_depend(plain.as_bytes()), "{plain}");
        }
    }

    #[test]
    fn builds_with_the_same_code_are_one_variant() {
        let ptx = |arch: &str| {
            let body = if number(arch) >= 80 { "ld.global.nc.f32" } else { "ld.global.f32" };
            Ok(format!("//\n// Generated by NVIDIA NVVM Compiler\n.version 8.8\n.target {}\n{body}\n", sm(arch)))
        };
        let v = variants("compute_90", ptx);
        assert_eq!(v.builds.len(), 2);
        assert_eq!(v.builds[0].arch, "compute_90");
        assert_eq!(v.builds[0].same_code, ["sm_80", "sm_86", "sm_89", "sm_90", "sm_100", "sm_120"]);
        assert_eq!(v.builds[1].same_code, ["sm_75"]);
        let one = variants("compute_90", |a: &str| Ok(format!(".target {}\nret;\n", sm(a))));
        assert_eq!(one.builds.len(), 1);
        assert_eq!(one.builds[0].same_code.len(), SUPPORTED.len());
    }

    #[test]
    fn an_architecture_the_kernel_cannot_build_for_is_named() {
        let v = variants("compute_90", |a: &str| {
            if a == "compute_75" {
                Err(CompileFailure { log: "k.cu(3): error: identifier \"__reduce_add_sync\" is undefined\n".into() })
            } else if a == "compute_120" {
                Err(CompileFailure { log: "nvrtc: error: invalid value for --gpu-architecture (-arch)\n".into() })
            } else {
                Ok(".target sm_90\nret;\n".into())
            }
        });
        assert_eq!(v.builds.len(), 1);
        assert_eq!(
            v.not_built,
            [("compute_75".to_string(), "k.cu(3): error: identifier \"__reduce_add_sync\" is undefined".to_string())]
        );
    }
}
