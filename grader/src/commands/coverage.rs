//! `coverage`: how much of CUDA's device language the grader runs as a GPU does, measured. One
//! fixture per built-in of the CUDA C++ Programming Guide (`grader/coverage/<group>/<entry>.cu`,
//! a kernel `probe(unsigned *out, const float *in)` launched as 2 blocks of 64 threads), compiled
//! by each compiler, run on the emulator, and compared word for word with what a GPU wrote
//! (`grader/coverage/recorded.json`, made by `coverage --backend gpu --record` on a device).
//!
//! Each entry ends as one of: supported (the GPU's output, no finding), supported with a stated
//! difference (the fixture's `// differs:` line says what and why), or refused with a message
//! that names the construct and the fixture's line. A fixture whose kernel a GPU aborts (its
//! `// aborts:` line says how) is supported when the emulator stops it with a finding at its
//! line: nothing is recorded for it, since the launch leaves no output. Anything else fails the
//! command.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use kernels::exercise::{Arg, Buffer, Case, Data, Geometry, Tolerance, Visibility};

use super::Output;
use crate::backend::{Backend, SourceUnit};
use crate::course::Course;
use crate::error::{Error, Outcome, Result};
use crate::toolchain::Compiler;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Where the fixtures run: the emulator (compared with the recorded GPU outputs), or a GPU (compared with the emulator).
    #[arg(long, value_enum, default_value = "emulator")]
    pub backend: crate::backend::BackendChoice,
    /// With --backend gpu: write the GPU's outputs to grader/coverage/recorded.json.
    #[arg(long)]
    pub record: bool,
    /// Also write the table as the book's page (docs/coverage.md).
    #[arg(long, value_name = "FILE")]
    pub markdown: Option<PathBuf>,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Output,
}

/// The fixed launch every fixture is written for.
pub const BLOCKS: u32 = 2;
pub const THREADS_PER_BLOCK: u32 = 64;
/// Words each thread may write (out[4 t .. 4 t + 3]).
pub const WORDS_PER_THREAD: usize = 4;
const OUT_WORDS: usize = (BLOCKS * THREADS_PER_BLOCK) as usize * WORDS_PER_THREAD;

/// in[i]: negative, zero and positive values, every one exact in binary.
pub fn input() -> Vec<f32> {
    (0..(BLOCKS * THREADS_PER_BLOCK) as i32).map(|i| ((i * 37) % 128 - 50) as f32 * 0.375).collect()
}

/// One fixture file and its header lines.
#[derive(Clone, Debug)]
pub struct Fixture {
    /// `<group>/<file stem>`, its key in the recording.
    pub id: String,
    pub group: String,
    pub path: PathBuf,
    /// `// entry:` what the Guide calls it.
    pub entry: String,
    /// `// guide:` its signature and meaning.
    pub guide: String,
    /// `// differs:` a difference from the GPU, stated.
    pub differs: Option<String>,
    /// `// aborts:` how a GPU ends the launch (a `__trap()` that runs, say).
    pub aborts: Option<String>,
    /// `// unportable:` why its output depends on values a GPU gives otherwise (a clock): it must
    /// get the `unportable` finding, and nothing else, beside the GPU's output.
    pub unportable: Option<String>,
    /// `// compilers: nvrtc`: clang's CUDA headers lack it.
    pub nvrtc_only: bool,
}

/// Every fixture under `grader/coverage/`, in group and file order.
pub fn fixtures(root: &Path) -> Result<Vec<Fixture>> {
    let dir = crate::course::coverage_dir(root);
    let mut out = Vec::new();
    // <group>/<entry>.cu, in name order.
    for found in walkdir::WalkDir::new(&dir).min_depth(2).max_depth(2).sort_by_file_name() {
        let found = found.map_err(|e| Error::Usage(format!("cannot read {}: {e}", dir.display())))?;
        let path = found.into_path();
        if path.extension().is_none_or(|e| e != "cu") {
            continue;
        }
        let text =
            std::fs::read_to_string(&path).map_err(|e| Error::Usage(format!("cannot read {}: {e}", path.display())))?;
        let field = |key: &str| {
            text.lines().take_while(|l| l.starts_with("//")).find_map(|l| {
                l.strip_prefix("//").map(str::trim).and_then(|l| l.strip_prefix(key)).map(|v| v.trim().to_string())
            })
        };
        let name = |p: &Path| p.file_stem().unwrap_or_default().to_string_lossy().into_owned();
        let group = path.parent().map(name).unwrap_or_default();
        let entry = field("entry:").ok_or_else(|| {
            Error::Usage(format!("{}: the first lines must say `// entry: <built-in>`", path.display()))
        })?;
        out.push(Fixture {
            id: format!("{group}/{}", name(&path)),
            group,
            entry,
            guide: field("guide:").unwrap_or_default(),
            differs: field("differs:"),
            aborts: field("aborts:"),
            unportable: field("unportable:"),
            nvrtc_only: field("compilers:").is_some_and(|c| c == "nvrtc"),
            path,
        });
    }
    Ok(out)
}

/// How one fixture fared with one compiler.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Verdict {
    /// It ran with no finding; `same_as_gpu` is None where nothing was recorded yet.
    Ran {
        #[serde(skip)]
        words: Vec<u32>,
        same_as_gpu: Option<bool>,
        differing_words: usize,
        /// The first word that differs: (index, the GPU's, the emulator's).
        #[serde(skip_serializing_if = "Option::is_none")]
        first_difference: Option<(usize, u32, u32)>,
    },
    /// The compiler or the emulator said no, in these words.
    Refused { by: &'static str, message: String, names_the_line: bool },
    /// A fixture that states `aborts:` stopped with this finding, as a GPU aborts it.
    Aborted { kind: String, message: String, line: Option<u32>, names_the_line: bool },
    /// It compiled and loaded but did not run cleanly (a finding, a launch error).
    Failed { message: String },
    /// This compiler is not asked (`compilers: nvrtc`) or not present.
    NotRun,
}

impl Verdict {
    /// What the table says, and whether the entry meets the target (supported, a stated
    /// difference, or refused clearly).
    fn judged(&self, fixture: &Fixture) -> (String, bool) {
        self.judged_for(fixture, false)
    }

    /// `clang`: the recording is of NVRTC's code on the GPU; clang's own code may round or
    /// convert otherwise (its header's approximate maths, its casts), so a difference there is
    /// shown, not failed.
    fn judged_for(&self, fixture: &Fixture, clang: bool) -> (String, bool) {
        match self {
            Verdict::Ran { .. } if fixture.aborts.is_some() => {
                ("WRONG: it ran to the end, where a GPU aborts the launch".into(), false)
            }
            Verdict::Aborted { kind, line: Some(line), names_the_line: true, .. } => {
                (format!("aborts at line {line}, as on the GPU ({kind})"), true)
            }
            Verdict::Aborted { kind, .. } => {
                (format!("UNCLEAR: stopped ({kind} finding) without naming the line"), false)
            }
            Verdict::Ran { same_as_gpu: Some(false), differing_words, .. } if clang => {
                (format!("runs ({differing_words} words unlike NVRTC's code on the GPU)"), true)
            }
            // A difference stated for a fixture the GPU now agrees with: the book would be wrong.
            Verdict::Ran { same_as_gpu: Some(true), .. } if fixture.differs.is_some() && !clang => {
                ("STALE: it states a difference, but the output is the GPU's".into(), false)
            }
            Verdict::Ran { same_as_gpu: Some(true), .. } => ("supported".into(), true),
            Verdict::Ran { same_as_gpu: None, .. } => ("runs (no GPU record)".into(), true),
            Verdict::Ran { same_as_gpu: Some(false), differing_words, .. } => match &fixture.differs {
                Some(_) => (format!("differs ({differing_words} of {OUT_WORDS} words)"), true),
                None => (format!("WRONG: {differing_words} words differ from the GPU's"), false),
            },
            Verdict::Refused { by, names_the_line: true, .. } => (format!("refused by {by}"), true),
            Verdict::Refused { by, names_the_line: false, .. } => {
                (format!("UNCLEAR: {by} refused it without the line"), false)
            }
            Verdict::Failed { message } => (format!("FAILED: {message}"), false),
            Verdict::NotRun => ("—".into(), true),
        }
    }
}

/// The case the fixtures are written for, for the grader's backends.
fn case() -> Case {
    Case {
        name: "coverage".into(),
        label: None,
        visibility: Visibility::Visible,
        defines: vec![],
        geometry: Geometry { grid: [BLOCKS, 1, 1], block: [THREADS_PER_BLOCK, 1, 1], dynamic_shared_bytes: 0 },
        buffers: vec![Buffer::InOut(Data::I32(vec![0; OUT_WORDS])), Buffer::Input(Data::F32(input()))],
        args: vec![Arg::Buffer(0), Arg::Buffer(1)],
        constants: vec![],
        output: 0,
        expected: Data::I32(vec![0; OUT_WORDS]),
        shape: [OUT_WORDS, 1, 1],
        tolerance: Tolerance::Exact,
        problem_flops: 0,
        mistakes: Vec::new(),
    }
}

fn words(data: &Data) -> Vec<u32> {
    match data {
        Data::I32(v) => v.iter().map(|&w| w as u32).collect(),
        Data::F32(v) => v.iter().map(|w| w.to_bits()).collect(),
    }
}

/// The first line of a message that names a place, else its first line.
fn first_error(log: &str) -> String {
    let lines: Vec<&str> = log.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    lines.iter().find(|l| l.contains("error")).or(lines.first()).map(|l| l.to_string()).unwrap_or_default()
}

/// Compile `fixture` with `compiler` and run it on `backend` (and, for the GPU, read the GPU's
/// output instead of the emulator's).
fn run_one(
    root: &Path,
    fixture: &Fixture,
    compiler: &Compiler,
    backend: &dyn Backend,
    recorded: Option<&[u32]>,
) -> Verdict {
    let source = match std::fs::read(&fixture.path) {
        Ok(s) => s,
        Err(e) => return Verdict::Failed { message: format!("cannot read the file: {e}") },
    };
    let name = crate::course::display_path(root, &fixture.path);
    let file_name = fixture.path.file_name().unwrap_or_default().to_string_lossy().into_owned();
    let names_line = |m: &str| m.contains(&format!("{file_name}:")) || m.contains(&format!("{file_name}("));
    // PTX for the emulator's architecture on every backend: a GPU compiles its own binary from
    // the source, and the emulator checks the same PTX it runs elsewhere.
    let ptx = match compiler.compile(&source, &name, &crate::backend::emulator::EmulatorBackend.arch(), &[]) {
        Ok(p) => p,
        Err(f) => {
            let message = first_error(&compiler.errors_only(&f.log));
            return Verdict::Refused { by: compiler.name(), names_the_line: names_line(&message), message };
        }
    };
    let unit = SourceUnit { source: &source, name: &name, defines: &[] };
    let program = match backend.load_source(&ptx, &unit) {
        Ok(p) => p,
        Err(Error::Kernel(message) | Error::Compile(message)) => {
            return Verdict::Refused { by: "the emulator", names_the_line: names_line(&message), message };
        }
        Err(e) => return Verdict::Failed { message: e.message().to_string() },
    };
    // A fixture whose clock values decide its output has the `unportable` finding, and only it.
    let clean = |o: &crate::backend::Outcome| match fixture.unportable {
        None => o.findings.is_empty(),
        Some(_) => !o.findings.is_empty() && o.findings.iter().all(|f| f.kind == ::emulator::FindingKind::Unportable),
    };
    match program.run("probe", &case(), crate::backend::Views::default()) {
        Ok(o) if o.completed && clean(&o) => {
            let words = words(&o.output);
            let differing = |r: &[u32]| {
                r.iter()
                    .zip(&words)
                    .enumerate()
                    .filter(|(_, (a, b))| a != b)
                    .map(|(i, (a, b))| (i, *a, *b))
                    .collect::<Vec<_>>()
            };
            let differences = recorded.map(differing).unwrap_or_default();
            Verdict::Ran {
                same_as_gpu: recorded.map(|_| differences.is_empty()),
                differing_words: differences.len(),
                first_difference: differences.first().copied(),
                words,
            }
        }
        // The launch a GPU aborts: the finding that stopped it, and whether it names this file.
        Ok(o) if fixture.aborts.is_some() && !o.completed && !o.findings.is_empty() => {
            let f = &o.findings[0];
            Verdict::Aborted {
                kind: f.kind.as_str().to_string(),
                message: f.message.clone(),
                line: f.source.as_ref().map(|s| s.line),
                names_the_line: f.source.as_ref().is_some_and(|s| s.file.ends_with(&file_name)),
            }
        }
        Ok(o) => Verdict::Failed {
            message: o
                .findings
                .first()
                .map_or("the launch stopped".to_string(), |f| format!("{} finding: {}", f.kind.as_str(), f.message)),
        },
        Err(e) => Verdict::Failed { message: e.message().to_string() },
    }
}

/// The recording: fixture id → the GPU's output words, as hex.
type Recorded = BTreeMap<String, String>;

fn recorded_path(root: &Path) -> PathBuf {
    crate::course::coverage_dir(root).join("recorded.json")
}

fn read_recorded(root: &Path) -> Result<Recorded> {
    match std::fs::read_to_string(recorded_path(root)) {
        Ok(text) => {
            serde_json::from_str(&text).map_err(|e| Error::Usage(format!("grader/coverage/recorded.json: {e}")))
        }
        Err(_) => Ok(Recorded::new()),
    }
}

fn hex(words: &[u32]) -> String {
    words.iter().map(|w| format!("{w:08x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u32>> {
    (0..text.len() / 8).map(|i| text.get(8 * i..8 * i + 8).and_then(|w| u32::from_str_radix(w, 16).ok())).collect()
}

/// One row of the table.
pub struct Row {
    pub fixture: Fixture,
    pub nvrtc: Verdict,
    pub clang: Verdict,
}

pub fn run(args: &Args, course: &Course) -> Result<Outcome> {
    let root = course.root()?;
    let fixtures = fixtures(root)?;
    let nvrtc = Compiler::Nvrtc(crate::toolchain::nvrtc::get(true)?);
    // clang where it is installed already: the table says where it was not run.
    let clang = crate::toolchain::clang::get(false).ok().map(Compiler::Clang);
    let backend = crate::backend::select(args.backend)?;
    let mut recorded = read_recorded(root)?;
    let gpu = backend.name() == "gpu";
    // A few fixtures at a time (each may start a clang): as many as there are cores.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get()).min(8);
    let mut rows: Vec<(usize, Row)> = std::thread::scope(|s| {
        let jobs: Vec<_> = (0..workers)
            .map(|_| {
                let (nvrtc, clang, backend, recorded, next, fixtures) =
                    (&nvrtc, &clang, backend.as_ref(), &recorded, &next, &fixtures);
                s.spawn(move || {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(f) = fixtures.get(i) else { break };
                        // On a GPU the GPU's output is compared with the emulator's afterwards;
                        // here, the emulator's with the GPU's record.
                        let record = if gpu { None } else { recorded.get(&f.id).and_then(|h| unhex(h)) };
                        let nvrtc_verdict = run_one(root, f, nvrtc, backend, record.as_deref());
                        let clang_verdict = match clang {
                            Some(c) if !f.nvrtc_only && !gpu => run_one(root, f, c, backend, record.as_deref()),
                            _ => Verdict::NotRun,
                        };
                        done.push((i, Row { fixture: f.clone(), nvrtc: nvrtc_verdict, clang: clang_verdict }));
                    }
                    done
                })
            })
            .collect();
        jobs.into_iter().flat_map(|j| j.join().expect("a coverage worker panicked")).collect()
    });
    rows.sort_by_key(|(i, _)| *i);
    let rows: Vec<Row> = rows.into_iter().map(|(_, r)| r).collect();
    let rows = if gpu { compare_gpu_with_emulator(root, rows, &nvrtc)? } else { rows };
    if args.record {
        if !gpu {
            return Err(Error::Usage("--record writes what a GPU computes: run it with --backend gpu".into()));
        }
        for r in &rows {
            if let Verdict::Ran { words, .. } = &r.nvrtc {
                recorded.insert(r.fixture.id.clone(), hex(words));
            }
        }
        let text = serde_json::to_string_pretty(&recorded).map_err(|e| Error::Usage(e.to_string()))?;
        let path = recorded_path(root);
        std::fs::write(&path, text + "\n")
            .map_err(|e| Error::Usage(format!("cannot write {}: {e}", path.display())))?;
        eprintln!("recorded {} GPU outputs in {}", rows.len(), path.display());
    }
    let table = markdown(&rows, clang.as_ref(), gpu);
    if let Some(path) = &args.markdown {
        std::fs::write(path, &table).map_err(|e| Error::Usage(format!("cannot write {}: {e}", path.display())))?;
    }
    match args.format {
        Output::Json => {
            let json: Vec<_> = rows
                .iter()
                .map(|r| {
                    serde_json::json!({ "fixture": r.fixture.id, "entry": r.fixture.entry,
                        "differs_stated": r.fixture.differs.is_some(), "nvrtc": r.nvrtc, "clang": r.clang })
                })
                .collect();
            println!("{}", serde_json::to_string_pretty(&json).map_err(|e| Error::Usage(e.to_string()))?);
        }
        Output::Text => print!("{}", text(&rows)),
    }
    let ok = rows.iter().all(|r| r.nvrtc.judged(&r.fixture).1 && r.clang.judged_for(&r.fixture, true).1);
    Ok(if ok { Outcome::Passed } else { Outcome::Failed })
}

/// On a GPU: the GPU's output against the emulator's for the same PTX (the `nvrtc` column then
/// holds the GPU's words and whether the emulator agreed).
fn compare_gpu_with_emulator(root: &Path, rows: Vec<Row>, nvrtc: &Compiler) -> Result<Vec<Row>> {
    let emulator = crate::backend::emulator::EmulatorBackend;
    Ok(rows
        .into_iter()
        .map(|mut r| {
            if let Verdict::Ran { words, .. } = &r.nvrtc {
                let on_emulator = run_one(root, &r.fixture, nvrtc, &emulator, Some(words));
                if let Verdict::Ran { differing_words, first_difference, .. } = on_emulator {
                    r.nvrtc = Verdict::Ran {
                        words: words.clone(),
                        same_as_gpu: Some(differing_words == 0),
                        differing_words,
                        first_difference,
                    };
                } else {
                    r.nvrtc = on_emulator;
                }
            }
            r
        })
        .collect())
}

fn text(rows: &[Row]) -> String {
    let mut s = String::new();
    let w = rows.iter().map(|r| r.fixture.id.len()).max().unwrap_or(0);
    for r in rows {
        let (n, n_ok) = r.nvrtc.judged(&r.fixture);
        let (c, c_ok) = r.clang.judged_for(&r.fixture, true);
        let mark = if n_ok && c_ok { "✓" } else { "✗" };
        s.push_str(&format!("{mark} {:w$}  nvrtc: {n:28}  clang: {c}\n", r.fixture.id));
        for v in [&r.nvrtc, &r.clang] {
            match v {
                Verdict::Refused { message, .. } | Verdict::Failed { message } | Verdict::Aborted { message, .. } => {
                    s.push_str(&format!("      {message}\n"))
                }
                Verdict::Ran { first_difference: Some((i, gpu, emulator)), .. } => s.push_str(&format!(
                    "      first difference: out[{i}] (thread {}) GPU {gpu:#010x} ({}), emulator {emulator:#010x} ({})\n",
                    i / WORDS_PER_THREAD,
                    f32::from_bits(*gpu),
                    f32::from_bits(*emulator)
                )),
                _ => {}
            }
        }
    }
    let (supported, differs, refused, bad) = counts(rows);
    s.push_str(&format!(
        "\n{} entries: {supported} supported, {differs} with a stated difference, {refused} refused clearly, {bad} not as they should be\n",
        rows.len()
    ));
    s
}

/// (supported, differs, refused, wrong) by the NVRTC column, the grader's default compiler.
fn counts(rows: &[Row]) -> (usize, usize, usize, usize) {
    let mut c = (0, 0, 0, 0);
    for r in rows {
        match (&r.nvrtc, r.nvrtc.judged(&r.fixture).1) {
            (_, false) => c.3 += 1,
            (Verdict::Ran { same_as_gpu: Some(false), .. }, true) => c.1 += 1,
            // A launch stopped where a GPU aborts it behaves as on the GPU.
            (Verdict::Ran { .. } | Verdict::Aborted { .. }, true) => c.0 += 1,
            (Verdict::Refused { .. }, true) => c.2 += 1,
            _ => c.3 += 1,
        }
    }
    c
}

/// The book's page (docs/coverage.md).
fn markdown(rows: &[Row], clang: Option<&Compiler>, gpu: bool) -> String {
    let (supported, differs, refused, bad) = counts(rows);
    let mut s = format!(
        "# What the grader runs of CUDA's device language\n\n\
         <!-- Generated by `cargo run -p grader -- coverage --markdown docs/coverage.md`; edit the fixtures, not this page. -->\n\n\
         Each row is one fixture in `grader/coverage/<group>/`: a kernel using one built-in of the CUDA C++\n\
         Programming Guide, compiled for the emulator (compute_90), run on 2 blocks of 64 threads, and its\n\
         output compared word for word with what an sm_90 GPU computed from the same source\n\
         (`grader/coverage/recorded.json`, `coverage --backend gpu --record`). *Supported*: the same output\n\
         and no sanitizer finding; for a kernel a GPU aborts (a `__trap()` that runs), a finding that\n\
         stops the launch at that line. *Differs*: it runs, with the difference stated in the notes.\n\
         *Refused*: the compiler or the emulator says no, naming the construct and the line of the `.cu`\n\
         file.\n\n\
         The recording is of NVRTC {nvrtc}'s code (the NVRTC the course installs), run on the GPU:\n\
         NVIDIA's maths library differs between NVRTC versions, so a row that differs in the last bits\n\
         here may not with another. The half-precision rows use NVIDIA's `cuda_fp16.h` from the\n\
         `{headers}` {headers_version} wheel, which the grader installs with NVRTC (or a CUDA\n\
         toolkit's); what else is pip-installed does not change this table.\n\n",
        nvrtc = crate::toolchain::nvrtc::WHEEL_VERSION,
        headers = crate::toolchain::nvrtc::HEADERS_WHEEL,
        headers_version = crate::toolchain::nvrtc::HEADERS_WHEEL_VERSION,
    );
    s.push_str(&format!(
        "**{} entries: {supported} supported, {differs} with a stated difference, {refused} refused clearly{}.**\n\n",
        rows.len(),
        if bad > 0 { format!(", {bad} not yet as they should be") } else { String::new() }
    ));
    let clang_head = if clang.is_some() { "clang" } else { "clang (not run)" };
    let mut group = "";
    for r in rows {
        if r.fixture.group != group {
            group = &r.fixture.group;
            s.push_str(&format!("\n## {group}\n\n| entry | NVRTC | {clang_head} | notes |\n|---|---|---|---|\n"));
        }
        let (n, _) = r.nvrtc.judged(&r.fixture);
        let (c, _) = r.clang.judged_for(&r.fixture, true);
        let mut notes = r.fixture.differs.clone().unwrap_or_default();
        if let Verdict::Refused { message, .. } = &r.nvrtc {
            notes = message.clone();
        }
        if let (Some(gpu), Verdict::Aborted { .. }) = (&r.fixture.aborts, &r.nvrtc) {
            notes = format!("on a GPU {gpu}");
        }
        if r.fixture.nvrtc_only {
            notes = [notes.as_str(), "clang's CUDA headers lack it"]
                .iter()
                .filter(|t| !t.is_empty())
                .copied()
                .collect::<Vec<_>>()
                .join("; ");
        }
        let cell = |t: &str| t.replace('|', "\\|").replace('\n', " ");
        s.push_str(&format!("| `{}` | {} | {} | {} |\n", cell(&r.fixture.entry), cell(&n), cell(&c), cell(&notes)));
    }
    if gpu {
        s.push_str("\n(Made on a GPU: the NVRTC column compares the emulator with this GPU directly.)\n");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(differs: Option<&str>) -> Fixture {
        Fixture {
            id: "g/x".into(),
            group: "g".into(),
            path: PathBuf::from("g/x.cu"),
            entry: "x".into(),
            guide: String::new(),
            differs: differs.map(String::from),
            aborts: None,
            unportable: None,
            nvrtc_only: false,
        }
    }

    #[test]
    fn only_the_gpus_output_or_a_stated_difference_or_a_clear_refusal_meets_the_target() {
        let ran = |same| Verdict::Ran {
            words: vec![],
            same_as_gpu: Some(same),
            differing_words: if same { 0 } else { 3 },
            first_difference: None,
        };
        assert!(ran(true).judged(&fixture(None)).1);
        assert!(!ran(false).judged(&fixture(None)).1, "an unstated difference from the GPU fails");
        assert!(ran(false).judged(&fixture(Some("last bit of __sinf"))).1);
        assert!(!ran(true).judged(&fixture(Some("last bit of __sinf"))).1, "a stated difference that is gone fails");
        assert!(
            ran(false).judged_for(&fixture(None), true).1,
            "clang's code is not what the GPU ran: shown, not failed"
        );
        let refused = |names| Verdict::Refused { by: "nvrtc", message: "m".into(), names_the_line: names };
        assert!(refused(true).judged(&fixture(None)).1);
        assert!(!refused(false).judged(&fixture(None)).1, "a refusal without the line fails");
        assert!(!Verdict::Failed { message: "race".into() }.judged(&fixture(None)).1);
    }

    #[test]
    fn a_fixture_a_gpu_aborts_meets_the_target_only_when_stopped_at_its_line() {
        let aborting = Fixture { aborts: Some("fails with \"unspecified launch failure\"".into()), ..fixture(None) };
        let stopped = |line: Option<u32>, names| Verdict::Aborted {
            kind: "assertion".into(),
            message: "the kernel executed `trap`".into(),
            line,
            names_the_line: names,
        };
        let (said, ok) = stopped(Some(7), true).judged(&aborting);
        assert!(ok && said.contains("line 7"), "{said}");
        assert!(!stopped(None, false).judged(&aborting).1, "a stop without the line fails");
        let ran = Verdict::Ran { words: vec![], same_as_gpu: None, differing_words: 0, first_difference: None };
        assert!(!ran.judged(&aborting).1, "running to the end where a GPU aborts fails");
        let rows = [Row { fixture: aborting, nvrtc: stopped(Some(7), true), clang: Verdict::NotRun }];
        assert_eq!(counts(&rows), (1, 0, 0, 0));
    }

    #[test]
    fn recorded_words_round_trip_through_hex() {
        let words = vec![0, 1, 0xdead_beef, u32::MAX];
        assert_eq!(unhex(&hex(&words)), Some(words));
        assert_eq!(unhex("zz000000"), None);
    }
}
