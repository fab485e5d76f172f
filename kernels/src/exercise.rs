//! The description of one exercise (one section of the course), backend-agnostic: the grader
//! runs its cases on the emulator or a GPU and compares with the oracle's output given here.

/// The generator of the hidden, metrics and timing cases: ChaCha12 by name. `rand`'s `CaseRng`
/// is the same stream today, but its docs reserve the right to change it between versions, and
/// a seed must give a class the same cases next term.
pub type CaseRng = rand_chacha::ChaCha12Rng;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Visibility {
    /// The textbook's worked examples: shown to the student with their data.
    Visible,
    /// Fresh random inputs and awkward sizes, from the run's seed.
    Hidden,
}

impl Visibility {
    pub fn as_str(self) -> &'static str {
        match self {
            Visibility::Visible => "visible",
            Visibility::Hidden => "hidden",
        }
    }
}

/// As the report writes it ([`Visibility::as_str`]), padded when a width is asked for.
impl std::fmt::Display for Visibility {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.as_str())
    }
}

/// Data of one device buffer.
#[derive(Clone, Debug, PartialEq)]
pub enum Data {
    F32(Vec<f32>),
    I32(Vec<i32>),
}

impl Data {
    pub fn len(&self) -> usize {
        match self {
            Data::F32(v) => v.len(),
            Data::I32(v) => v.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bytes a device buffer of this data holds (little-endian, as CUDA's devices store
    /// them). Here, in the oracles' optimised crate, because the grader turns every case's
    /// buffers into bytes and its own code is built without optimisation in the dev profile.
    pub fn to_le_bytes(&self) -> Vec<u8> {
        match self {
            Data::F32(v) => v.iter().flat_map(|x| x.to_le_bytes()).collect(),
            Data::I32(v) => v.iter().flat_map(|x| x.to_le_bytes()).collect(),
        }
    }

    /// The first `n` elements (all of them where there are fewer).
    pub fn clone_first(&self, n: usize) -> Data {
        match self {
            Data::F32(v) => Data::F32(v[..n.min(v.len())].to_vec()),
            Data::I32(v) => Data::I32(v[..n.min(v.len())].to_vec()),
        }
    }

    /// The first element whose bits differ from `other`'s (or the first past the shorter one);
    /// `None` when the two are the same, bit for bit.
    pub fn first_difference(&self, other: &Data) -> Option<usize> {
        let first = match (self, other) {
            (Data::F32(a), Data::F32(b)) => a.iter().zip(b).position(|(x, y)| x.to_bits() != y.to_bits()),
            (Data::I32(a), Data::I32(b)) => a.iter().zip(b).position(|(x, y)| x != y),
            _ => return Some(0),
        };
        first.or((self.len() != other.len()).then(|| self.len().min(other.len())))
    }

    /// The elements of `got` that do not match this (expected) data under `tolerance`, in
    /// order: every element when the two differ in type or length.
    pub fn wrong_elements(&self, got: &Data, tolerance: Tolerance) -> Vec<usize> {
        let n = self.len();
        match (self, got) {
            (Data::F32(e), Data::F32(g)) if g.len() == n => {
                (0..n).filter(|&i| !tolerance.matches(e[i], g[i])).collect()
            }
            (Data::I32(e), Data::I32(g)) if g.len() == n => (0..n).filter(|&i| e[i] != g[i]).collect(),
            _ => (0..n).collect(),
        }
    }
}

/// A device buffer of a case: input data, or an output the grader poisons before the launch
/// (a NaN of its own for floats, [`f32_poison`]; [`I32_POISON`] for ints) so that elements the
/// kernel never writes fail, and are told apart from a NaN it computed.
#[derive(Clone, Debug, PartialEq)]
pub enum Buffer {
    Input(Data),
    OutputF32(usize),
    OutputI32(usize),
    /// An output that starts with given contents (a stencil whose boundary is copied beforehand
    /// would use this; poisoning is then up to the section).
    InOut(Data),
}

impl Buffer {
    /// What the device buffer holds before the launch: an input's data, or an output's poison
    /// (a NaN of its own for floats, the int sentinel: elements the kernel never writes fail).
    pub fn initial_contents(&self) -> Data {
        match self {
            Buffer::Input(d) | Buffer::InOut(d) => d.clone(),
            Buffer::OutputF32(n) => Data::F32(vec![f32_poison(); *n]),
            Buffer::OutputI32(n) => Data::I32(vec![I32_POISON; *n]),
        }
    }

    /// [`Buffer::initial_contents`] as bytes ([`Data::to_le_bytes`]), an input's without a copy.
    pub fn initial_le_bytes(&self) -> Vec<u8> {
        match self {
            Buffer::Input(d) | Buffer::InOut(d) => d.to_le_bytes(),
            _ => self.initial_contents().to_le_bytes(),
        }
    }
}

/// The sentinel int outputs start with.
pub const I32_POISON: i32 = 0x7f7f_7f7f;

/// The bits of the NaN float outputs start with: a quiet NaN of a payload of its own, so that an
/// element still holding it was never written, while a NaN the kernel computed (from a value read
/// before it was written, 0/0 …) has another payload and is reported as a NaN.
pub const F32_POISON_BITS: u32 = 0x7fd5_5a5a;

/// The float poison ([`F32_POISON_BITS`]).
pub fn f32_poison() -> f32 {
    f32::from_bits(F32_POISON_BITS)
}

/// A kernel argument: a buffer of the case (by index) or a scalar.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Arg {
    Buffer(usize),
    I32(i32),
    U32(u32),
    F32(f32),
}

/// A case's output shape and launch, without data ([`Section::timing_shape`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CaseShape {
    pub shape: [usize; 3],
    pub geometry: Geometry,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub dynamic_shared_bytes: u32,
}

/// How an output is compared with the oracle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Tolerance {
    Exact,
    /// |got − expected| ≤ abs + rel·|expected| (the section justifies its numbers).
    Float {
        abs: f32,
        rel: f32,
    },
}

impl Tolerance {
    /// Whether one float is close enough to the expected one. NaN never is; infinities must
    /// match exactly.
    pub fn matches(self, expected: f32, got: f32) -> bool {
        match self {
            Tolerance::Exact => expected == got,
            Tolerance::Float { abs, rel } => expected == got || (got - expected).abs() <= abs + rel * expected.abs(),
        }
    }
}

/// A case's name as the grader's catalogue says it: a message id (`case-…`) and its arguments
/// (sizes, a radius, a tile), no words, so that a report names the case in the student's
/// language while [`Case::name`] stays the English identifier of the JSON and of instructors'
/// tools. The catalogue's English message says exactly the name (a grader test keeps the two
/// together).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseLabel {
    pub id: &'static str,
    pub args: Vec<(&'static str, String)>,
}

impl CaseLabel {
    pub fn new(id: &'static str) -> CaseLabel {
        CaseLabel { id, args: Vec::new() }
    }

    pub fn arg(mut self, name: &'static str, value: impl ToString) -> CaseLabel {
        self.args.push((name, value.to_string()));
        self
    }
}

/// One test: compile with `defines`, set `constants`, launch, compare buffer `output`.
#[derive(Clone, Debug, PartialEq)]
pub struct Case {
    /// The case's name, in English: its identifier in the JSON and in instructors' tools.
    pub name: String,
    /// The name as the catalogue says it, for the text report; `None` for a private case from
    /// an instructor's file (its name is shown as written).
    pub label: Option<CaseLabel>,
    pub visibility: Visibility,
    /// `-D` definitions for NVRTC (e.g. `FILTER_RADIUS=2`); cases with different defines are
    /// compiled separately.
    pub defines: Vec<(String, String)>,
    pub geometry: Geometry,
    pub buffers: Vec<Buffer>,
    pub args: Vec<Arg>,
    /// `__constant__` symbols to write, by name.
    pub constants: Vec<(String, Data)>,
    /// Index of the buffer to check, and what it must hold.
    pub output: usize,
    pub expected: Data,
    /// Logical shape of the output, [x, y, z] with x fastest, for the report's error map.
    pub shape: [usize; 3],
    pub tolerance: Tolerance,
    /// The floating-point arithmetic *the problem* needs on this case, counted as the textbook
    /// counts it (a multiply and an add per in-image tap of a convolution, 13 per interior point
    /// of the seven-point stencil): OP/B's numerator, whatever the kernel executes. 0 where the
    /// problem has no floating-point work (the integer 1D stencil).
    pub problem_flops: u64,
    /// The outputs of classic mistakes on this case (a filter flipped end to end, two
    /// coefficients swapped), so that a wrong output equal to one is named for what it is.
    pub mistakes: Vec<Mistake>,
}

impl Case {
    /// The same case, named in the catalogue by `label`.
    pub fn labelled(self, label: CaseLabel) -> Case {
        Case { label: Some(label), ..self }
    }
}

/// A classic mistake and the output it gives on a case.
#[derive(Clone, Debug, PartialEq)]
pub struct Mistake {
    /// What the kernel likely did, in the student's terms: its message id
    /// (`exercise-mistake-filter-flipped`, grader/locales/*/exercises.ftl).
    pub what: &'static str,
    pub output: Data,
}

impl Mistake {
    /// The mistakes among `candidates` (what, output) that a case can tell from a right kernel:
    /// those whose output differs from `expected` beyond `tolerance` (flipping a symmetric
    /// filter, or swapping two equal coefficients, is no mistake on that case).
    pub fn telling(expected: &[f32], tolerance: Tolerance, candidates: Vec<(&'static str, Vec<f32>)>) -> Vec<Mistake> {
        candidates
            .into_iter()
            .filter(|(_, out)| {
                out.len() != expected.len() || expected.iter().zip(out).any(|(&e, &o)| !tolerance.matches(e, o))
            })
            .map(|(what, out)| Mistake { what, output: Data::F32(out) })
            .collect()
    }
}

/// A metric a target is set on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metric {
    /// The problem's FLOPs on the case ([`Case::problem_flops`]) ÷ the bytes the kernel loaded
    /// from global memory: the textbook's arithmetic intensity. Arithmetic the kernel does beyond
    /// the problem's never raises it.
    OpPerByte,
    /// Static + dynamic shared bytes per block.
    SharedBytesPerBlock,
    /// Global load bytes ÷ output elements (e.g. ≈ 4 for one load per output in the 1D stencil).
    GlobalLoadBytesPerOutput,
    ThreadsPerBlock,
    /// 32-byte sectors per warp-level global load (4 for a full warp's coalesced 4-byte loads,
    /// 32 when every lane touches a sector of its own). Depends on the access width (16 for a
    /// warp's coalesced float4 loads): shown, and judged through the next metric.
    GlobalLoadSectorsPerRequest,
    /// Sectors the global loads touched ÷ the fewest their requests could have touched at their
    /// access width: 1 when every request is coalesced (4-byte or float4 alike), 8 when each lane
    /// of 4-byte loads touches a sector of its own. An average over requests: shown, not graded
    /// (coalesced padding loads would dilute it).
    GlobalLoadSectorsOverMinimum,
    /// Sectors beyond the minimum for their width (a float4 request needs 16) in the requests
    /// that touch more than twice it (uncoalesced: lanes far apart), per output element: the
    /// coalescing target. Per output, a count the kernel cannot dilute (padding loads only add to
    /// it); and a row merely shifted off a sector boundary (5 sectors where 4 would do) is no
    /// uncoalesced request, whatever the number of loads.
    GlobalLoadUncoalescedSectorsPerOutput,
    /// How many times, on average, each element the kernel read was loaded from global memory
    /// (loaded bytes ÷ distinct bytes loaded): the reuse a tile in shared memory gives (about
    /// (IN_TILE_DIM / OUT_TILE_DIM)² for 7.4's tiles; (2r+1)² with no reuse at all). Declaring
    /// shared memory does not change it; using it does.
    GlobalLoadsPerElement,
    /// Extra shared-memory wavefronts per warp-level shared access (0 when conflict-free, 31
    /// when all 32 lanes hit one bank).
    SharedBankConflictsPerRequest,
    /// Extra shared-memory wavefronts (bank conflicts) per output element: the bank-conflict
    /// target, which conflict-free padding accesses cannot dilute as they dilute the per-request
    /// figure.
    SharedBankConflictsPerOutput,
    /// Bytes loaded and stored in local memory (per-thread arrays the compiler could not keep in
    /// registers).
    LocalMemoryBytes,
    /// Lanes active per warp-level instruction, in percent of 32.
    ActiveLanePercent,
    /// On a GPU only: the kernel's effective bandwidth on the timing case, in percent of a
    /// device-to-device copy measured in the same run.
    PercentOfCopy,
}

impl Metric {
    pub const ALL: [Metric; 13] = [
        Metric::OpPerByte,
        Metric::SharedBytesPerBlock,
        Metric::GlobalLoadBytesPerOutput,
        Metric::ThreadsPerBlock,
        Metric::GlobalLoadSectorsPerRequest,
        Metric::GlobalLoadSectorsOverMinimum,
        Metric::GlobalLoadUncoalescedSectorsPerOutput,
        Metric::GlobalLoadsPerElement,
        Metric::SharedBankConflictsPerRequest,
        Metric::SharedBankConflictsPerOutput,
        Metric::LocalMemoryBytes,
        Metric::ActiveLanePercent,
        Metric::PercentOfCopy,
    ];

    /// Measured by timing on a GPU, not counted by the emulator.
    pub fn needs_gpu(self) -> bool {
        self == Metric::PercentOfCopy
    }

    /// The metric named `name` in a report (the inverse of [`Metric::as_str`]).
    pub fn parse(name: &str) -> Option<Metric> {
        Metric::ALL.into_iter().find(|m| m.as_str() == name)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Metric::OpPerByte => "op_per_byte",
            Metric::SharedBytesPerBlock => "shared_bytes_per_block",
            Metric::GlobalLoadBytesPerOutput => "global_load_bytes_per_output",
            Metric::ThreadsPerBlock => "threads_per_block",
            Metric::GlobalLoadSectorsPerRequest => "global_load_sectors_per_request",
            Metric::GlobalLoadSectorsOverMinimum => "global_load_sectors_over_minimum",
            Metric::GlobalLoadUncoalescedSectorsPerOutput => "global_load_uncoalesced_sectors_per_output",
            Metric::GlobalLoadsPerElement => "global_loads_per_element",
            Metric::SharedBankConflictsPerRequest => "shared_bank_conflicts_per_request",
            Metric::SharedBankConflictsPerOutput => "shared_bank_conflicts_per_output",
            Metric::LocalMemoryBytes => "local_memory_bytes",
            Metric::ActiveLanePercent => "active_lane_percent",
            Metric::PercentOfCopy => "percent_of_copy",
        }
    }
}

/// As the report writes it ([`Metric::as_str`]), padded when a width is asked for.
impl std::fmt::Display for Metric {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.as_str())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compare {
    AtLeast,
    AtMost,
    Equal,
}

impl Compare {
    pub fn as_str(self) -> &'static str {
        match self {
            Compare::AtLeast => ">=",
            Compare::AtMost => "<=",
            Compare::Equal => "==",
        }
    }

    pub fn holds(self, measured: f64, target: f64) -> bool {
        match self {
            Compare::AtLeast => measured >= target,
            Compare::AtMost => measured <= target,
            Compare::Equal => (measured - target).abs() < 1e-9,
        }
    }
}

/// As the report writes it ([`Compare::as_str`]), padded when a width is asked for.
impl std::fmt::Display for Compare {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.as_str())
    }
}

/// What the chapter teaches, as a number the kernel's metrics case must reach.
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    pub metric: Metric,
    pub compare: Compare,
    pub value: f64,
    /// The textbook's formula value for the metrics case's configuration, where it has one.
    pub textbook: Option<f64>,
    /// One line for a student whose kernel misses the target, what it means and what to change:
    /// its message id (`exercise-advice-7_4-op-per-byte`, grader/locales/*/exercises.ftl).
    pub advice: &'static str,
}

/// A configuration beside the metrics case whose metrics are reported too (`--variants`), e.g.
/// the textbook's other tile and filter sizes; its output is checked like a test's.
#[derive(Clone, Debug, PartialEq)]
pub struct MetricsVariant {
    /// "1024x1024 r=4" etc., as the report prints it.
    pub label: String,
    pub case: Case,
    /// The textbook's OP/B formula for this configuration, where it has one.
    pub textbook_op_per_byte: Option<f64>,
}

/// One section of the course. Implemented by each `exercises/<section>` crate.
pub trait Section: Sync {
    /// The id on the command line and in reports ("7.4", "1d", "8.5").
    fn id(&self) -> &'static str;
    /// The id of its title's message in the grader's catalogue (`section-7_4-title` in
    /// grader/locales/*/sections.ftl), where its words are in every language.
    fn title(&self) -> &'static str;
    /// Directory name under `exercises/` and `solutions/` (e.g. "7.4-tiled").
    fn dir(&self) -> &'static str;
    /// The `extern "C"` kernel the student's file must define.
    fn kernel_name(&self) -> &'static str;
    /// The textbook's worked examples and small hand-checkable cases.
    fn visible_cases(&self) -> Vec<Case>;
    /// Random inputs and awkward sizes, drawn from the run's seed.
    fn hidden_cases(&self, rng: &mut CaseRng) -> Vec<Case>;
    /// The fixed case the metrics are measured on (its output is checked too).
    fn metrics_case(&self, rng: &mut CaseRng) -> Case;
    /// A second metrics case like the first at a size drawn from the seed: the targets must
    /// hold on it too, so that no kernel can single out the metrics case.
    fn second_metrics_case(&self, rng: &mut CaseRng) -> Case;
    /// Human description of the metrics case ("1024x1024 r=2").
    fn metrics_case_label(&self) -> &'static str;
    fn targets(&self) -> Vec<Target>;
    /// Tiered hints, from a nudge to the idea of the solution (never its code): their message
    /// ids (`hint-7_4-1`, grader/locales/*/hints.ftl).
    fn hints(&self) -> &'static [&'static str];
    /// A case larger than a GPU's L2 cache, for timing on a real GPU (2D: 8192×8192, r = 2;
    /// 3D: 512³; 1D: 2^26), with the section's own launch geometry. `None`: not timed.
    fn timing_case(&self, _rng: &mut CaseRng) -> Option<Case> {
        None
    }
    /// The timing case's output shape and launch, without its data (hundreds of MB): what the
    /// speed model scales the metrics case's counts to. `Some` exactly where `timing_case` is;
    /// for a challenge the launch is the default one, which the grader replaces.
    fn timing_shape(&self) -> Option<CaseShape> {
        None
    }
    /// Further configurations to measure with `--variants` (none by default).
    fn metrics_variants(&self, _rng: &mut CaseRng) -> Vec<MetricsVariant> {
        Vec::new()
    }
    /// The challenge sections: the kernel file chooses its launch (see [`ChosenLaunch`]); the
    /// cases' own geometry is then only a default the grader replaces.
    fn chosen_launch(&self) -> Option<ChosenLaunch> {
        None
    }
    /// Metrics measured and shown beside the targets but not graded (the caches decide what
    /// they cost on a GPU).
    fn shown_metrics(&self) -> Vec<Metric> {
        Vec::new()
    }
    /// An instructor's private hidden case (`--cases FILE`), random data of the spec's sizes from
    /// `rng` (seeded by the spec). Sections that take none keep this default.
    fn custom_case(&self, _spec: &CaseSpec, _rng: &mut CaseRng) -> Result<Case, String> {
        Err(format!("section {} does not take private cases", self.id()))
    }
}

/// A launch the kernel file chooses: `BLOCK_X`, `BLOCK_Y` (and in 3D `BLOCK_Z`) threads per
/// block, each block covering `TILE_X` × `TILE_Y` (× `TILE_Z`) outputs. The grid is the output's
/// shape divided by the tile, rounded up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChosenLaunch {
    /// 2 or 3: in 2D, `BLOCK_Z` and `TILE_Z` are 1 unless defined.
    pub dims: usize,
}

/// The launch macros in the order [`ChosenLaunch::geometry`] takes their values.
pub const LAUNCH_MACROS: [&str; 6] = ["BLOCK_X", "BLOCK_Y", "BLOCK_Z", "TILE_X", "TILE_Y", "TILE_Z"];

impl ChosenLaunch {
    /// The macros the file must define.
    pub fn required(&self) -> &'static [&'static str] {
        if self.dims == 3 {
            &LAUNCH_MACROS
        } else {
            &["BLOCK_X", "BLOCK_Y", "TILE_X", "TILE_Y"]
        }
    }

    /// The geometry for an output of `shape` from the macros' values (`None`: not defined), or
    /// what is wrong with them, in the student's terms.
    pub fn geometry(&self, values: [Option<i64>; 6], shape: [usize; 3]) -> Result<Geometry, String> {
        let mut v = [1u32; 6];
        for (i, name) in LAUNCH_MACROS.iter().enumerate() {
            match values[i] {
                None if self.required().contains(name) => {
                    return Err(format!(
                        "the kernel file does not define {name}: this section launches the kernel the file chooses — #define {}",
                        self.required().join(", ")
                    ))
                }
                None => {}
                Some(x) if x < 1 => return Err(format!("{name} is {x}: it must be at least 1")),
                Some(x) if x > i64::from(u32::MAX) => return Err(format!("{name} is {x}: far too large")),
                Some(x) => v[i] = x as u32,
            }
        }
        let block = [v[0], v[1], v[2]];
        let threads: u64 = block.iter().map(|&b| b as u64).product();
        if threads > 1024 {
            return Err(format!(
                "BLOCK_X × BLOCK_Y × BLOCK_Z = {} × {} × {} = {threads} threads: a block has at most 1024",
                block[0], block[1], block[2]
            ));
        }
        if block[2] > 64 {
            return Err(format!("BLOCK_Z is {}: a block is at most 64 threads deep", block[2]));
        }
        let grid = [0, 1, 2].map(|d| shape[d].div_ceil(v[3 + d] as usize).max(1) as u32);
        if grid[1] > 65535 || grid[2] > 65535 {
            return Err(format!("a grid of {grid:?} blocks: y and z are at most 65535 (make TILE_Y, TILE_Z larger)"));
        }
        Ok(Geometry { grid, block, dynamic_shared_bytes: 0 })
    }
}

/// The sizes of a private case, as an instructor writes them (see the grader's `--cases`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CaseSpec {
    pub name: Option<String>,
    pub width: Option<usize>,
    pub height: Option<usize>,
    pub radius: Option<usize>,
    /// Elements (1D) or points per side (3D).
    pub n: Option<usize>,
}

/// Largest filter radius a private case may ask for: 7.4's 32-wide input tile keeps at least a
/// 2-wide output tile.
pub const MAX_CUSTOM_RADIUS: usize = 15;

impl CaseSpec {
    fn field(&self, value: Option<usize>, what: &str) -> Result<usize, String> {
        match value {
            Some(v) if v >= 1 => Ok(v),
            Some(_) => Err(format!("`{what}` must be at least 1")),
            None => Err(format!("this section needs `{what}`")),
        }
    }

    /// (width, height, radius) of a 2D convolution case, within the emulator's reach.
    pub fn conv2d(&self) -> Result<(usize, usize, usize), String> {
        let (w, h) = (self.field(self.width, "width")?, self.field(self.height, "height")?);
        let r = self.radius.ok_or("this section needs `radius`")?;
        if r > MAX_CUSTOM_RADIUS {
            return Err(format!("`radius` must be at most {MAX_CUSTOM_RADIUS}"));
        }
        if w * h > 1 << 22 {
            return Err("width × height must be at most 4,194,304".to_string());
        }
        Ok((w, h, r))
    }

    /// `n`, at most `max`.
    pub fn n(&self, max: usize) -> Result<usize, String> {
        let n = self.field(self.n, "n")?;
        if n > max {
            return Err(format!("`n` must be at most {max}"));
        }
        Ok(n)
    }

    /// The case's name in reports: the given one, else its sizes.
    pub fn label(&self) -> String {
        if let Some(name) = &self.name {
            return format!("private: {name}");
        }
        let mut parts = Vec::new();
        if let (Some(w), Some(h)) = (self.width, self.height) {
            parts.push(format!("{w}×{h}"));
        }
        if let Some(r) = self.radius {
            parts.push(format!("r={r}"));
        }
        if let Some(n) = self.n {
            parts.push(format!("N={n}"));
        }
        format!("private: {}", parts.join(" "))
    }
}

/// What is wrong with a case's description, if anything: the output buffer is an output of the
/// expected length and shape, every argument names a buffer, the launch fits a block.
pub fn well_formed(case: &Case) -> Result<(), String> {
    let name = &case.name;
    let out_len = match case.buffers.get(case.output) {
        Some(Buffer::OutputF32(n) | Buffer::OutputI32(n)) => *n,
        Some(Buffer::InOut(d)) => d.len(),
        Some(Buffer::Input(_)) => return Err(format!("{name}: the checked buffer is an input")),
        None => return Err(format!("{name}: the output is buffer {} of {}", case.output, case.buffers.len())),
    };
    if out_len != case.expected.len() || out_len != case.shape.iter().product::<usize>() {
        return Err(format!(
            "{name}: output of {out_len} elements, expected {} of shape {:?}",
            case.expected.len(),
            case.shape
        ));
    }
    for arg in &case.args {
        if let Arg::Buffer(b) = arg {
            if *b >= case.buffers.len() {
                return Err(format!("{name}: an argument names buffer {b} of {}", case.buffers.len()));
            }
        }
    }
    let threads: u32 = case.geometry.block.iter().product();
    if !(1..=1024).contains(&threads) {
        return Err(format!("{name}: {threads} threads per block"));
    }
    if case.geometry.grid.contains(&0) {
        return Err(format!("{name}: a grid of {:?}", case.geometry.grid));
    }
    Ok(())
}

/// Every rule a section must follow whatever it teaches, as a list of what is broken (empty when
/// none). The grader's tests run it on each registered section: a new section gets it for free.
pub fn section_problems(s: &dyn Section) -> Vec<String> {
    use rand::SeedableRng;
    let mut problems = Vec::new();
    let visible = s.visible_cases();
    if visible.is_empty() {
        problems.push("no visible cases".to_string());
    }
    let hidden = s.hidden_cases(&mut CaseRng::seed_from_u64(1));
    if !(4..=7).contains(&hidden.len()) {
        problems.push(format!("{} hidden cases (4 to 7 expected)", hidden.len()));
    }
    let metrics = s.metrics_case(&mut CaseRng::seed_from_u64(1));
    let variants = s.metrics_variants(&mut CaseRng::seed_from_u64(1));
    for case in visible.iter().chain(&hidden).chain([&metrics]).chain(variants.iter().map(|v| &v.case)) {
        if let Err(e) = well_formed(case) {
            problems.push(e);
        }
    }
    // Compared through Debug: the 3D outputs start with NaN, which is never == itself.
    let again = s.hidden_cases(&mut CaseRng::seed_from_u64(1));
    if format!("{hidden:?}") != format!("{again:?}") {
        problems.push("the same seed draws other hidden cases".to_string());
    }
    let other = s.hidden_cases(&mut CaseRng::seed_from_u64(2));
    if format!("{hidden:?}") == format!("{other:?}") {
        problems.push("another seed draws the same hidden cases".to_string());
    }
    if !(3..=4).contains(&s.hints().len()) {
        problems.push(format!("{} hints (3 or 4 expected)", s.hints().len()));
    }
    if s.targets().is_empty() {
        problems.push("no targets".to_string());
    }
    if !s.dir().starts_with(s.id()) {
        problems.push(format!("directory {} does not start with the id {}", s.dir(), s.id()));
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO_D: ChosenLaunch = ChosenLaunch { dims: 2 };
    const THREE_D: ChosenLaunch = ChosenLaunch { dims: 3 };

    fn some(v: [i64; 6]) -> [Option<i64>; 6] {
        v.map(Some)
    }

    #[test]
    fn the_grid_covers_the_output_with_tiles() {
        let g = TWO_D.geometry([Some(32), Some(8), None, Some(32), Some(64), None], [1023, 769, 1]).unwrap();
        assert_eq!((g.block, g.grid), ([32, 8, 1], [32, 13, 1]));
        let g = THREE_D.geometry(some([32, 8, 1, 32, 8, 32]), [5, 5, 5]).unwrap();
        assert_eq!((g.block, g.grid), ([32, 8, 1], [1, 1, 1]));
    }

    #[test]
    fn each_bad_value_is_named() {
        let err = |dims: ChosenLaunch, v: [Option<i64>; 6]| dims.geometry(v, [64, 64, 64]).unwrap_err();
        assert!(err(TWO_D, [None, Some(8), None, Some(32), Some(8), None]).contains("does not define BLOCK_X"));
        assert!(err(THREE_D, [Some(32), Some(8), Some(1), Some(32), Some(8), None]).contains("does not define TILE_Z"));
        assert!(err(TWO_D, some([32, 0, 1, 32, 8, 1])).contains("BLOCK_Y is 0"));
        assert!(err(TWO_D, some([32, 8, 1, -4, 8, 1])).contains("TILE_X is -4"));
        assert!(err(TWO_D, some([64, 32, 1, 64, 32, 1])).contains("= 2048 threads: a block has at most 1024"));
        assert!(err(THREE_D, some([1, 1, 128, 1, 1, 128])).contains("BLOCK_Z is 128"));
        assert!(THREE_D.geometry(some([32, 1, 1, 32, 1, 1]), [70000, 70000, 1]).unwrap_err().contains("65535"));
    }

    #[test]
    fn buffers_start_as_their_bytes_and_outputs_as_poison() {
        assert_eq!(Buffer::Input(Data::F32(vec![1.0, -2.0])).initial_le_bytes(), [0, 0, 128, 63, 0, 0, 0, 192]);
        assert_eq!(Buffer::InOut(Data::I32(vec![-1])).initial_le_bytes(), [255; 4]);
        assert_eq!(Buffer::OutputF32(2).initial_le_bytes(), [0x5a, 0x5a, 0xd5, 0x7f].repeat(2));
        assert_eq!(Buffer::OutputI32(1).initial_le_bytes(), [0x7f; 4]);
    }

    #[test]
    fn differences_are_found_to_the_bit_and_past_the_shorter() {
        let f = |v: &[f32]| Data::F32(v.to_vec());
        assert_eq!(f(&[1.0, 0.0]).first_difference(&f(&[1.0, -0.0])), Some(1));
        assert_eq!(f(&[f32::NAN]).first_difference(&f(&[f32::NAN])), None);
        assert_eq!(f(&[1.0]).first_difference(&f(&[1.0, 2.0])), Some(1));
        assert_eq!(f(&[1.0]).first_difference(&Data::I32(vec![1])), Some(0));
        let tol = Tolerance::Float { abs: 0.5, rel: 0.0 };
        assert_eq!(f(&[1.0, 2.0, 3.0]).wrong_elements(&f(&[1.4, 2.6, f32::NAN]), tol), [1, 2]);
        assert_eq!(f(&[1.0, 2.0]).wrong_elements(&f(&[1.0]), tol), [0, 1]);
        assert_eq!(Data::I32(vec![4, 5]).wrong_elements(&Data::I32(vec![4, 6]), Tolerance::Exact), [1]);
    }
}
