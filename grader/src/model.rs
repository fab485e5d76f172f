//! The report: what a grading found, as plain data. Text, Gradescope and the contract's JSON are
//! all rendered from these types; their field order is the JSON's (the contract fixes it).

use std::fmt::Display;

use ::emulator::FindingKind;
use kernels::exercise::{Compare, Metric, Visibility};
use serde::{Serialize, Serializer};

use crate::compare::Mismatch;
use crate::i18n::Text;

/// A typed field as the contract's JSON writes it: its name (`"hidden"`, `"op_per_byte"`,
/// `">="`, `"race"`).
fn as_name<T: Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

/// A list of typed fields, each by its name.
fn names<T: Display, S: Serializer>(values: &[T], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(values.iter().map(|v| v.to_string()))
}

/// Why a kernel that compiled cannot be run as its section runs it. The report holds the message
/// only; the kind tells a platform whether to charge the attempt (see `render::prairielearn`).
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub kind: ProblemKind,
    pub message: Text,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProblemKind {
    /// Not the kernel the grader calls: no entry of that name, other parameters, launch macros
    /// that are not constants.
    Interface,
    /// A launch a GPU refuses: too much shared memory, launch bounds below the block, a chosen
    /// launch out of range.
    Launch,
    /// PTX the emulator cannot run.
    Unsupported,
}

impl Problem {
    pub fn new(kind: ProblemKind, message: impl Into<Text>) -> Problem {
        Problem { kind, message: message.into() }
    }
}

impl Serialize for Problem {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        self.message.serialize(s)
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct RunReport {
    pub sections: Vec<SectionReport>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SectionReport {
    pub section: String,
    pub title: String,
    pub kernel: String,
    pub backend: String,
    /// What compiled the kernel to PTX ("NVRTC 12.9", "clang 22.1.8").
    pub compiler: String,
    pub seed: u64,
    /// Every test passed, and every target that was measured (exit status 0). See
    /// `not_measured` for the targets that were not.
    pub passed: bool,
    /// Targets not measured by this backend (the challenges' speed without a GPU): a pass then
    /// says what was checked, never that every target passes.
    #[serde(serialize_with = "names")]
    pub not_measured: Vec<Metric>,
    pub compile: CompileReport,
    pub tests: Vec<TestReport>,
    pub metrics: Option<MetricsReport>,
    pub targets: Vec<TargetReport>,
    /// The kernel timed on a GPU for a speed target (the challenges, GPU backend only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub speed: Option<Speed>,
    /// What the speed model says of the kernel on the timing case (a bound and an estimate on
    /// the reference GPU), from the emulator's counts; `None` where the section is not timed or
    /// the metrics case did not finish.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub speed_model: Option<crate::speed::Prediction>,
    /// The same model's figures for the course's reference kernel of the section (the
    /// challenges), on the same card and cases: shown beside the kernel's, not in the JSON.
    #[serde(skip)]
    pub speed_reference: Option<crate::speed::Prediction>,
    /// Other configurations measured with `--variants`; absent without it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variants: Option<Vec<VariantReport>>,
    /// The file's code differs between the architectures the course supports (it switches on
    /// `__CUDA_ARCH__`): each distinct build graded, the worst decides. Absent when it does not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub architectures: Option<ArchitecturesReport>,
    pub findings: Vec<FindingReport>,
    /// Findings beyond those listed (repeats of a listed one, or past the emulator's cap).
    pub findings_more: u64,
    /// Every occurrence of a finding, listed or not: the listed ones' counts plus
    /// `findings_more` (the unit the text report and the platforms use beside `findings.len()`).
    pub findings_occurrences: u64,
    /// Why the kernel could not be run at all, when it compiled (e.g. the entry is missing).
    pub problem: Option<Problem>,
    /// Only the visible cases were run (the `list` command's quick check).
    pub visible_only: bool,
    pub seconds: f64,
}

/// A file graded once per distinct build across the architectures (see `toolchain::arch`).
#[derive(Clone, Debug, Serialize)]
pub struct ArchitecturesReport {
    /// Each distinct build: the architectures that build the same code, and its verdict.
    pub builds: Vec<ArchBuild>,
    /// The architectures whose build this report is: the first that failed, else the
    /// backend's own.
    pub decided_by: String,
    /// Architectures the file does not compile for, with the compiler's first error.
    pub not_built: Vec<ArchNotBuilt>,
    /// Architectures whose code the emulator does not run (not graded), with why.
    pub not_run: Vec<ArchNotBuilt>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ArchBuild {
    /// `sm_80`, `sm_86`, …
    pub archs: Vec<String>,
    pub passed: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct ArchNotBuilt {
    pub arch: String,
    pub error: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct CompileReport {
    pub ok: bool,
    /// NVRTC's errors with their source lines (warnings left out).
    pub log: String,
    /// The `-D` defines of the compilation that failed.
    pub defines: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct TestReport {
    pub name: String,
    /// The case's name as the text report says it, in the student's language (the JSON and the
    /// platforms' test names keep `name`, the English identifier).
    #[serde(skip)]
    pub label: crate::i18n::Text,
    #[serde(serialize_with = "as_name")]
    pub visibility: Visibility,
    pub passed: bool,
    pub message: Text,
    pub size: String,
    pub metrics_case: bool,
    pub mismatch: Option<Mismatch>,
    /// What the kernel printed with `printf` (the first calls, in block, thread and program order).
    pub printf: Vec<PrintfReport>,
    /// `printf` calls beyond those listed.
    pub printf_more: u64,
    /// The kernel changed one of its input buffers (the message says which and where).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub changed_input: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct PrintfReport {
    pub block: [u32; 3],
    pub thread: [u32; 3],
    pub text: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct MetricsReport {
    /// The metrics case's label, said by `render` (a launch stopped by a finding says so).
    pub case: Text,
    /// The arithmetic the problem needs on the case, as the textbook counts it (OP/B's numerator).
    pub flops: u64,
    /// The floating-point arithmetic the kernel executed (an fma counts 2): shown, never in OP/B.
    pub executed_flops: u64,
    pub global_load_bytes: u64,
    pub op_per_byte: f64,
    pub global_load_requests: u64,
    pub global_load_sectors: u64,
    pub global_store_bytes: u64,
    pub shared_bytes_per_block: u64,
    pub other_float_ops: u64,
    pub unique_global_load_bytes: u64,
    pub shared_bank_conflicts: u64,
    pub barriers: u64,
    pub threads: u64,
    pub blocks: u64,
    pub output_elements: u64,
    /// Registers, spills and shared bytes on the GPU (GPU backend only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gpu: Option<KernelResources>,
    /// What each line of the kernel did on the metrics case (lines with work only; their sums
    /// are the totals above).
    pub lines: Vec<LineReport>,
    /// Metrics the section shows but does not grade (e.g. the challenges' loads per output).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub shown: Vec<ShownMetric>,
}

/// One source line's share of the metrics case: where the traffic comes from.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
pub struct LineReport {
    /// The file as the student names it, and the line (0: code with no source line).
    pub file: String,
    pub line: u32,
    /// Some of the line's counts are of instructions the compiler gave no line of their own
    /// (code it made from several statements), counted on this, the nearest line.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub inferred: bool,
    /// The line's text, when it is the kernel's own file.
    pub source: Option<String>,
    pub warp_instructions: u64,
    pub global_loads: u64,
    pub global_load_bytes: u64,
    pub global_load_requests: u64,
    pub global_load_sectors: u64,
    /// The fewest sectors the line's loads could have touched at their width.
    pub global_load_minimum_sectors: u64,
    pub global_store_bytes: u64,
    pub shared_load_bytes: u64,
    pub shared_store_bytes: u64,
    pub shared_bank_conflicts: u64,
    /// Local memory (a per-thread array the compiler could not keep in registers) loaded and
    /// stored, in bytes.
    pub local_load_bytes: u64,
    pub local_store_bytes: u64,
    /// The per-thread array the line's local traffic probably is, read from the source (the
    /// PTX names none); absent where the line has none or the source does not tell.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub local_array: Option<NamedArray>,
    pub flops: u64,
    /// Where the line has bank conflicts: two lanes of one of its accesses that collide.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bank_conflict: Option<CollidingLanes>,
}

/// Two lanes of a warp's shared access (the line's first with a bank conflict) that needed
/// different 4-byte words of one bank, which serves one word per pass: `ways` passes.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct CollidingLanes {
    pub lanes: [u32; 2],
    /// The two threads' coordinates in the block (x, y, z).
    pub threads: [[u32; 3]; 2],
    /// Their byte offsets in shared memory, and the elements of the shared array there (4-byte
    /// elements counted row by row; absent where no named array holds the offset).
    pub offsets: [u32; 2],
    pub elements: [Option<SharedElement>; 2],
    pub bank: u32,
    pub ways: u32,
    pub store: bool,
}

/// An element of a shared array, counted row by row.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct SharedElement {
    pub array: String,
    pub index: u32,
}

/// A variable of the student's source: its name and the line that declares it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct NamedArray {
    pub name: String,
    pub line: u32,
}

/// One `--variants` configuration: its metrics beside the textbook's formula value.
#[derive(Clone, Debug, Serialize)]
pub struct VariantReport {
    pub label: String,
    pub flops: u64,
    pub global_load_bytes: u64,
    pub op_per_byte: f64,
    pub textbook: Option<f64>,
    /// Output right, run complete, no findings.
    pub passed: bool,
    /// Why it failed, when it did.
    pub message: Text,
}

#[derive(Clone, Debug, Serialize)]
pub struct TargetReport {
    #[serde(serialize_with = "as_name")]
    pub name: Metric,
    #[serde(serialize_with = "as_name")]
    pub op: Compare,
    pub target: f64,
    pub measured: Option<f64>,
    pub textbook: Option<f64>,
    pub passed: bool,
    pub advice: Text,
    /// Why the target was not measured and does not count ("needs a GPU"), or was not graded
    /// ("not graded: the metrics case stopped at …": then it does not pass either).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skipped: Option<Text>,
    /// The same metric on the second metrics case (a size drawn from the seed): the target must
    /// hold there too.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub second: Option<SecondMeasure>,
    /// A speed target graded without a GPU: the most the kernel can reach by the speed model's
    /// bound (`measured` is then `None`; the target fails when even this misses it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at_most: Option<f64>,
    /// A speed target failed without a GPU on the model's estimate: the most the kernel can
    /// reach by it, allowing for the estimate's error on kernels like it (`Prediction::estimate_at_most`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub estimated_at_most: Option<f64>,
}

/// A target's metric measured on the second metrics case.
#[derive(Clone, Debug, Serialize)]
pub struct SecondMeasure {
    pub case: String,
    pub measured: f64,
}

/// A metric measured and shown but not graded.
#[derive(Clone, Debug, Serialize)]
pub struct ShownMetric {
    #[serde(serialize_with = "as_name")]
    pub name: Metric,
    pub measured: f64,
}

#[derive(Clone, Debug, Serialize)]
pub struct FindingReport {
    #[serde(serialize_with = "as_name")]
    pub kind: FindingKind,
    pub message: Text,
    pub file: Option<String>,
    pub line: Option<u32>,
    pub block: [u32; 3],
    pub thread: [u32; 3],
    /// The test it happened in.
    pub case: String,
    /// The student's source line, when known.
    pub source_line: Option<String>,
    /// When the line is inside a function: where it was called from ("kernel.cu:30"),
    /// innermost first.
    pub called_from: Vec<String>,
    /// `line` is not the instruction's own: the compiler gave it none (code it made from several
    /// statements), and it is the nearest line of the code around it.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub line_inferred: bool,
    /// How many tests' launches found it (each launch reports a kind at a line once; its
    /// repeats are in the section's `findings_more`).
    pub count: u64,
    /// A finding a fix of one listed above would likely remove ("may follow from the race at line
    /// 88 above: fix that first").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub consequence_of: Option<Text>,
    /// What this finding's evidence says of its cause, where the kind's usual explanation
    /// would guess (an `uninitialized_shared` read: where in its array it lies).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub advice: Option<Text>,
}

/// A kernel timed on a GPU against a device-to-device copy in the same process.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Speed {
    pub case: String,
    pub median_ms: f64,
    /// Compulsory bytes (inputs read once, output written once) over the median time.
    pub gb_per_s: f64,
    pub copy_gb_per_s: f64,
    pub percent_of_copy: f64,
    pub device: String,
    /// What was timed (`gpu::TIMING_METHOD`).
    pub method: String,
    /// The course's reference kernel timed in the same run, where the kernel missed the
    /// percentage: the target also holds within `speed::PACE_TOLERANCE` of its time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reference: Option<ReferenceSpeed>,
}

/// The course's reference kernel, timed beside a student's on the same card.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReferenceSpeed {
    pub median_ms: f64,
    pub percent_of_copy: f64,
}

/// What a real device says about a compiled kernel (cuFuncGetAttribute).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct KernelResources {
    /// The device and what was loaded on it ("NVIDIA H100 …", "cubin sm_90").
    pub device: String,
    pub binary: String,
    pub registers_per_thread: u32,
    /// Local memory per thread (register spills and local arrays).
    pub local_bytes_per_thread: u32,
    pub static_shared_bytes: u32,
    /// The same number from the emulator's reading of the PTX: the two must agree.
    pub emulator_static_shared_bytes: u64,
}

/// How many times each element of one input buffer was loaded from global memory.
#[derive(Clone, Debug, Serialize)]
pub struct BufferReuse {
    /// The kernel's parameter the buffer is passed as (`N`, `in`, …), as its source names it.
    pub name: String,
    pub elements: usize,
    /// x, y, z extents (an output-sized input takes the output's shape).
    pub shape: [usize; 3],
    /// The z plane the maps show (the middle one unless chosen; 0 in 2D).
    pub plane: usize,
    pub loads_per_element: LoadStats,
    #[serde(skip)]
    pub counts: Vec<u32>,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct LoadStats {
    pub min: u32,
    pub mean: f64,
    pub max: u32,
    /// Loads over elements loaded at least once: how many times the compulsory traffic.
    pub times_compulsory: f64,
}

impl BufferReuse {
    /// "N (1048576 elements)"
    pub fn label(&self) -> Text {
        crate::text!(judge_buffer_label, name = &self.name, elements = self.elements.to_string())
    }

    /// The counts of the plane the maps show.
    pub fn plane_counts(&self) -> &[u32] {
        let n = self.shape[0] * self.shape[1];
        &self.counts[self.plane * n..(self.plane + 1) * n]
    }
}

impl LoadStats {
    pub fn of(counts: &[u32]) -> LoadStats {
        let total: u64 = counts.iter().map(|&c| c as u64).sum();
        let touched = counts.iter().filter(|&&c| c > 0).count().max(1);
        LoadStats {
            min: counts.iter().copied().min().unwrap_or(0),
            mean: total as f64 / counts.len().max(1) as f64,
            max: counts.iter().copied().max().unwrap_or(0),
            times_compulsory: total as f64 / touched as f64,
        }
    }
}

/// How every report counts findings, in one unit: distinct findings (a kind at a source line) and,
/// where they repeat, their occurrences: "1 finding", "3 findings", "3 distinct findings (71,981
/// occurrences)".
pub fn findings_text(distinct: usize, occurrences: u64) -> Text {
    let occurrences = occurrences.max(distinct as u64);
    if distinct as u64 == occurrences {
        crate::text!(judge_findings, count = distinct)
    } else {
        crate::text!(judge_findings_occurrences, count = distinct, occurrences = occurrences)
    }
}

/// "1234567" → "1,234,567", as the reports write counts.
pub fn thousands(n: u64) -> String {
    crate::i18n::group_digits(n.into())
}

#[cfg(test)]
mod tests {
    use super::findings_text;
    use crate::i18n::{with_lang, Lang};

    #[test]
    fn findings_are_counted_in_one_unit_everywhere() {
        let text = |d, o| with_lang(Lang::En, || findings_text(d, o).to_string());
        assert_eq!(text(1, 1), "1 finding");
        assert_eq!(text(3, 3), "3 findings");
        assert_eq!(text(1, 40), "1 finding (40 occurrences)");
        assert_eq!(text(3, 71_981), "3 distinct findings (71,981 occurrences)");
        assert_eq!(text(2, 0), "2 findings", "never fewer occurrences than findings");
    }
}
