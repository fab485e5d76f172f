//! The speed model (issue "speed without a GPU"): its scaling against a direct emulation of a
//! larger case; the challenges' verdicts without a GPU; and the recorded corpus of kernels timed
//! on an H100 (docs/generated/speed-corpus.jsonl): no kernel faster than its bound, the
//! calibration in the source the one the corpus gives, and the book's figure (in each language)
//! and table drawn from it (`UPDATE_BOOK_FIGURES=1` rewrites them).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::book_figures::{check_or_update, check_or_update_figure};
use grader::backend::emulator::EmulatorBackend;
use grader::backend::Views;
use grader::build::Builder;
use grader::course::{sections, KernelFile};
use grader::speed::{self, corpus, Launch, TimingShape, H100};
use grader::toolchain::{self, CompilerChoice};
use kernels::exercise::{CaseRng, CaseSpec, Section};
use rand::SeedableRng;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// A launch of `file` on a case of `spec`: its metrics, outputs and blocks.
fn emulate(section: &dyn Section, file: &str, spec: CaseSpec) -> (grader::backend::Metrics, u64, u64) {
    let compiler = toolchain::select(CompilerChoice::Nvrtc, true).expect("NVRTC");
    let file = KernelFile::in_course(&root(), root().join(file));
    let mut case = section.custom_case(&spec, &mut CaseRng::seed_from_u64(5)).unwrap();
    let build = Builder::new(&EmulatorBackend, compiler).build_one(section, &file, &mut case).unwrap();
    let outcome = build.run(&case, Views::default()).unwrap();
    let blocks = case.geometry.grid.iter().map(|&g| g as u64).product();
    (outcome.metrics.expect("counted"), case.expected.len() as u64, blocks)
}

fn spec2d(w: usize, h: usize) -> CaseSpec {
    CaseSpec { name: None, width: Some(w), height: Some(h), radius: Some(2), n: None }
}

fn spec3d(n: usize) -> CaseSpec {
    CaseSpec { name: None, width: None, height: None, radius: None, n: Some(n) }
}

/// Counts from two sizes, scaled to a third, against that third emulated directly: the bound's
/// never larger (it would claim a kernel slower than it is), the estimate's within 5%.
/// (Only the bound's own counts are held to the first: the others do not enter it.)
#[test]
fn scaled_counts_match_a_direct_emulation_of_a_larger_case() {
    let kernels: [(&str, &str, [CaseSpec; 3]); 4] = [
        ("challenge-2d", "solutions/challenge-2d/kernel.cu", [spec2d(512, 512), spec2d(300, 200), spec2d(1500, 1100)]),
        ("7.4", "solutions/7.4-halo-tiling/kernel.cu", [spec2d(512, 512), spec2d(300, 200), spec2d(1500, 1100)]),
        (
            "challenge-2d",
            "grader/wrong/challenge-2d/tiled-7.4-style.cu",
            [spec2d(512, 512), spec2d(300, 200), spec2d(1500, 1100)],
        ),
        ("8.4", "solutions/8.4-coarsening/kernel.cu", [spec3d(128), spec3d(64), spec3d(160)]),
    ];
    for (id, file, [a, b, c]) in kernels {
        let section = sections::find(id).unwrap();
        let (ma, oa, ba) = emulate(section, file, a);
        let (mb, ob, bb) = emulate(section, file, b);
        let (mc, oc, bc) = emulate(section, file, c);
        let target = TimingShape { outputs: oc, blocks: bc };
        let scaled = speed::scale(
            Launch { metrics: &ma, outputs: oa, blocks: ba },
            Some(Launch { metrics: &mb, outputs: ob, blocks: bb }),
            target,
        );
        let direct = speed::scale(Launch { metrics: &mc, outputs: oc, blocks: bc }, None, target).estimate;
        let pairs = |w: &speed::Work| {
            [
                w.loaded_bytes,
                w.stored_bytes,
                w.shared_wavefronts,
                w.shared_wavefronts_if_merged,
                w.warp_instructions,
                w.l1_sectors,
                w.global_load_bytes,
                w.global_load_requests,
            ]
        };
        for (i, ((bound, estimate), truth)) in
            pairs(&scaled.bound).iter().zip(pairs(&scaled.estimate)).zip(pairs(&direct)).enumerate()
        {
            // The counts that enter the bound: bytes loaded and stored, wavefronts if merged.
            if [0, 1, 3].contains(&i) {
                assert!(*bound <= truth * 1.0001, "{file} count {i}: the bound's {bound} > the direct {truth}");
            }
            if truth > 0.0 {
                let off = (estimate / truth - 1.0).abs();
                assert!(off < 0.05, "{file} count {i}: estimate {estimate} vs direct {truth} ({:.1}%)", 100.0 * off);
            }
        }
    }
}

fn grade_json(args: &[&str]) -> serde_json::Value {
    let out = crate::common::grader()
        .args(args)
        .args(["--backend", "emulator", "--format", "json", "--seed", "2"])
        .env("PMPP_NO_PROGRESS", "1")
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!("{e}: {}", String::from_utf8_lossy(&out.stderr));
    });
    v["sections"][0].clone()
}

fn speed_target(r: &serde_json::Value) -> serde_json::Value {
    r["targets"].as_array().unwrap().iter().find(|t| t["name"] == "percent_of_copy").unwrap().clone()
}

/// Without a GPU, 7.4's tiled kernel pasted into the challenge is told it cannot reach 80%, by
/// its shared-memory wavefronts, at the line that reads the tile; the references are not
/// failed, and get an estimate.
#[test]
fn without_a_gpu_the_speed_target_fails_only_where_the_bound_is_below_it() {
    let kernel = root().join("grader/wrong/challenge-2d/tiled-7.4-style.cu");
    let r = grade_json(&["challenge-2d", "--kernel", kernel.to_str().unwrap()]);
    let t = speed_target(&r);
    assert_eq!(t["passed"], false, "{t}");
    assert!(t["at_most"].as_f64().unwrap() < 80.0, "{t}");
    let model = &r["speed_model"];
    assert_eq!(model["binding"], "shared_wavefronts", "{model}");
    let source = std::fs::read_to_string(&kernel).unwrap();
    let line = model["binding_line"].as_u64().unwrap() as usize;
    assert!(source.lines().nth(line - 1).unwrap().contains("N_s[tileRow + fRow][tileCol + fCol]"), "line {line}");
    assert_eq!(r["passed"], false);
    for id in ["challenge-2d", "challenge-3d"] {
        let r = grade_json(&[id, "--solutions"]);
        let t = speed_target(&r);
        assert_eq!((t["passed"].as_bool(), t.get("at_most")), (Some(true), None), "{id}: {t}");
        assert!(t["skipped"].as_str().unwrap().starts_with("not graded without a GPU (estimated"), "{t}");
        assert!(r["speed_model"]["estimate_percent_of_copy"].as_f64().unwrap() > 0.0);
        assert_eq!(r["not_measured"], serde_json::json!(["percent_of_copy"]));
    }
}

/// Without a GPU the speed block says what its figures are (a bound, an estimate), beside the
/// course reference's own on the same card and cases (the very figures `--solutions` gets), and
/// what the kernel would need to do less of to be faster, at the line the model names.
#[test]
fn the_speed_block_stands_beside_the_references_figures() {
    let kernel = root().join("grader/wrong/challenge-2d/tiled-7.4-style.cu");
    let kernel = kernel.to_str().unwrap();
    let reference = grade_json(&["challenge-2d", "--solutions"]);
    let student = grade_json(&["challenge-2d", "--kernel", kernel]);
    let out = crate::common::grader()
        .args(["challenge-2d", "--kernel", kernel, "--backend", "emulator", "--seed", "2"])
        .env("PMPP_NO_PROGRESS", "1")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let figure = |r: &serde_json::Value, key: &str| r["speed_model"][key].as_f64().unwrap();
    let at_most = figure(&reference, "at_most_percent_of_copy").floor();
    let estimate = figure(&reference, "estimate_percent_of_copy");
    assert!(at_most >= 100.0 && estimate > figure(&student, "estimate_percent_of_copy"), "{reference}");
    for said in [
        format!("at most {:.0}% of copy (", figure(&student, "at_most_percent_of_copy").floor()),
        format!("; the course's reference: at most {at_most:.0}%)"),
        format!("; the course's reference: {estimate:.0}%)"),
        "), a bound: the kernel cannot be faster than this on this card; it is set by ".to_string(),
        format!(
            "to be faster, the kernel needs fewer shared-memory wavefronts (fewer shared accesses per output, or no bank conflicts) — most of it at line {}:",
            student["speed_model"]["estimate_line"]
        ),
    ] {
        assert!(text.contains(&said), "{said:?} in:\n{text}");
    }
}

/// Without a GPU, blocks of one warp (32x1) fail the challenge on the estimate's loads in flight:
/// NVRTC's sm_90 build gives its registers, an H100 SM holds 32 of its blocks (32 warps, the
/// reference 64), and even at the corpus' worst error for kernels its loads in flight limit, it
/// stays below 80% (an estimate, not the bound: `at_most` stays unset). The reference is not failed.
#[test]
fn without_a_gpu_blocks_of_one_warp_fail_on_their_loads_in_flight() {
    let kernel = root().join("grader/wrong/challenge-2d/one-warp-blocks.cu");
    let r = grade_json(&["challenge-2d", "--kernel", kernel.to_str().unwrap()]);
    let t = speed_target(&r);
    assert_eq!((t["passed"].as_bool(), t["at_most"].as_f64()), (Some(false), None), "{t}");
    assert!(t["estimated_at_most"].as_f64().unwrap() < 80.0, "{t}");
    let model = &r["speed_model"];
    assert_eq!(model["estimate_limited_by"], "loads_in_flight", "{model}");
    assert_eq!(model["resident_warps_per_sm"], 32, "{model}");
    assert_eq!(model["kernel_resources"]["threads_per_block"], 32, "{model}");
    assert_eq!(r["passed"], false);
    let reference = grade_json(&["challenge-2d", "--solutions"]);
    assert_eq!(reference["speed_model"]["resident_warps_per_sm"], 64, "{}", reference["speed_model"]);
    assert_eq!(speed_target(&reference)["passed"], true);
}

/// The timing case seen, not assumed: a kernel tiled below width 4096 that reads every tap
/// through `__ldg` from 4096 on has the reference's counts on both metrics cases; only the timing
/// case's own blocks, sampled on the emulator, show its per-tap loads, and without a GPU it fails
/// on them. Kernels that take one path at every size keep the figures scaled from the metrics
/// cases (recomputed here from the `scaled` counts the JSON gives): both references and the
/// accepted float4 kernel, which still pass.
#[test]
fn without_a_gpu_a_kernel_that_changes_path_at_the_timing_size_is_judged_on_its_own_blocks() {
    let kernel = root().join("grader/wrong/challenge-2d/per-tap-at-timing-size.cu");
    let r = grade_json(&["challenge-2d", "--kernel", kernel.to_str().unwrap()]);
    let t = speed_target(&r);
    assert_eq!((t["passed"].as_bool(), t["at_most"].as_f64()), (Some(false), None), "{t}");
    let sample = &r["speed_model"]["sample"];
    assert_eq!((sample["judged_on_sample"].as_bool(), sample["furthest"].as_str()), (Some(true), Some("l1_sectors")));
    assert!(sample["estimate_ratio"].as_f64().unwrap() > 3.0, "{sample}");
    assert_eq!(sample["blocks"].as_array().unwrap().len(), 5, "{sample}");
    let reference = grade_json(&["challenge-2d", "--solutions"]);
    // The metrics case's counts are the reference's: only the sample tells them apart.
    assert_eq!(r["metrics"]["global_load_sectors"], reference["metrics"]["global_load_sectors"]);
    let kept = [
        ("challenge-2d", "solutions/challenge-2d/kernel.cu"),
        ("challenge-3d", "solutions/challenge-3d/kernel.cu"),
        ("challenge-2d", "grader/accepted/challenge-2d/float4-staging.cu"),
    ];
    for (section, file) in kept {
        let r = grade_json(&[section, "--kernel", root().join(file).to_str().unwrap()]);
        let model = &r["speed_model"];
        assert_eq!(model["sample"]["judged_on_sample"], false, "{file}: {}", model["sample"]);
        assert_eq!(speed_target(&r)["passed"], true, "{file}");
        let scaled: speed::Work = serde_json::from_value(model["scaled"]["estimate"].clone()).unwrap();
        let resources: speed::KernelResources = serde_json::from_value(model["kernel_resources"].clone()).unwrap();
        let card = speed::cards::REFERENCE.rates();
        let (s, _) = speed::estimate_seconds(&scaled, Some(&resources), &card, &corpus::CALIBRATION.efficiency);
        let ms = model["estimate_ms"].as_f64().unwrap();
        assert!((s * 1e3 - ms).abs() < 1e-9 * ms, "{file}: {ms} ms shown, {} ms from the scaled counts", s * 1e3);
    }
}

/// The sampled timing case is the timing case without its data: its buffers at the timing size
/// (the inputs to be made lazily), its size arguments the timing case's, the filter kept.
#[test]
fn the_sampled_timing_case_is_the_timing_case_without_its_data() {
    use grader::speed::sample::{SampleBuffer, SampleCase};
    use kernels::exercise::Arg;
    let expected: [(&str, usize, Vec<Arg>); 2] = [
        ("challenge-2d", 8192 * 8192, vec![Arg::Buffer(0), Arg::Buffer(1), Arg::I32(8192), Arg::I32(8192)]),
        ("challenge-3d", 512 * 512 * 512, vec![Arg::Buffer(0), Arg::Buffer(1), Arg::U32(512)]),
    ];
    for (id, elements, args) in expected {
        let section = sections::find(id).unwrap();
        let metrics = section.metrics_case(&mut CaseRng::seed_from_u64(1));
        let shape = section.timing_shape().unwrap();
        let sampled = SampleCase::from_metrics(&metrics, shape.shape, shape.geometry, 1);
        assert_eq!(sampled.buffers, vec![SampleBuffer::Input(elements), SampleBuffer::Output(elements)], "{id}");
        assert_eq!(sampled.args, args, "{id}");
        assert_eq!(sampled.constants, metrics.constants, "{id}");
        assert_eq!(sampled.geometry, shape.geometry, "{id}");
    }
}

fn corpus_rows() -> Vec<corpus::CorpusRow> {
    corpus_rows_of("docs/generated/speed-corpus.jsonl")
}

fn corpus_rows_of(path: &str) -> Vec<corpus::CorpusRow> {
    let text = std::fs::read_to_string(root().join(path)).expect("the recorded corpus");
    corpus::parse(&text).unwrap()
}

/// The corpus timed on an H200 (docs/generated/speed-corpus-h200.jsonl): the same kernels, none
/// faster than its bound in the H200's figures, and the H100's calibration predicts its times
/// about as well as the H200's own fit (held out by section) does: the model per card carries.
#[test]
fn no_kernel_of_the_h200_corpus_beats_its_bound() {
    let rows = corpus_rows_of("docs/generated/speed-corpus-h200.jsonl");
    assert!(corpus::usable(&rows).len() >= 140, "{} kernels timed", corpus::usable(&rows).len());
    let h200 = speed::cards::H200.rates();
    let (calibration, predicted) = corpus::fit_and_validate(&rows, &h200);
    let violations: Vec<String> = predicted
        .iter()
        .filter(|p| p.measured_s < p.bound_s)
        .map(|p| format!("{} {}: {:.3} ms < bound {:.3} ms", p.section, p.kernel, p.measured_s * 1e3, p.bound_s * 1e3))
        .collect();
    assert_eq!(violations, Vec::<String>::new());
    assert!(calibration.error_median_percent < 30.0, "{calibration:?}");
    let h100_fit = h100_calibration_error(&rows, &h200);
    assert!(h100_fit < 40.0, "the H100's calibration on the H200's times: median {h100_fit:.1}%");
}

/// The median error of the H100's calibration (`corpus::CALIBRATION`) on another card's corpus.
fn h100_calibration_error(rows: &[corpus::CorpusRow], gpu: &speed::ReferenceGpu) -> f64 {
    let mut errors: Vec<f64> = corpus::usable(rows)
        .iter()
        .map(|(_, t, m)| {
            let efficiency = &corpus::CALIBRATION.efficiency;
            let (s, _) = speed::estimate_seconds(&m.scaled.estimate, m.kernel_resources.as_ref(), gpu, efficiency);
            100.0 * (s - t).abs() / t
        })
        .collect();
    errors.sort_by(f64::total_cmp);
    errors[errors.len() / 2]
}

/// The H100 corpus: at least 60 kernels timed, none faster than its bound, and the source's
/// calibration is what fitting the corpus gives.
#[test]
fn no_kernel_of_the_corpus_beats_its_bound_and_the_calibration_is_the_corpus_fit() {
    let rows = corpus_rows();
    let usable = corpus::usable(&rows);
    assert!(usable.len() >= 60, "{} kernels timed", usable.len());
    let (calibration, predicted) = corpus::fit_and_validate(&rows, &H100);
    let violations: Vec<String> = predicted
        .iter()
        .filter(|p| p.measured_s < p.bound_s)
        .map(|p| format!("{} {}: {:.3} ms < bound {:.3} ms", p.section, p.kernel, p.measured_s * 1e3, p.bound_s * 1e3))
        .collect();
    assert_eq!(violations, Vec::<String>::new());
    let source = corpus::CALIBRATION;
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-6 * a.abs().max(1.0);
    assert!(
        source.efficiency.iter().zip(calibration.efficiency).all(|(a, b)| close(*a, b))
            && (source.error_median_percent - calibration.error_median_percent).abs() < 0.05
            && (source.error_worst_percent - calibration.error_worst_percent).abs() < 0.05
            && source.kernels == calibration.kernels
            && source.slowest_estimate.iter().zip(calibration.slowest_estimate).all(|(a, b)| if a.is_finite() {
                close(*a, b)
            } else {
                *a == b
            }),
        "update grader/src/speed/corpus.rs's CALIBRATION to the corpus' fit:\n{calibration:?}"
    );
}

/// A doctored corpus, a kernel timed faster than its bound, is a violation the test above sees.
#[test]
fn a_kernel_faster_than_its_bound_would_be_found() {
    let mut rows = corpus_rows();
    let row = rows.iter_mut().find(|r| r.kernel == "solutions/7.4-halo-tiling/kernel.cu").unwrap();
    row.median_ms = Some(0.1);
    let (_, predicted) = corpus::fit_and_validate(&rows, &H100);
    assert!(predicted.iter().any(|p| p.kernel.contains("7.4-halo") && p.measured_s < p.bound_s));
}

/// The book's figure and table from the corpus.
#[test]
fn the_books_speed_figure_and_table_are_the_corpus() {
    let rows = corpus_rows();
    let (calibration, predicted) = corpus::fit_and_validate(&rows, &H100);
    let points: Vec<grader::render::speed::CorpusPoint> = predicted
        .iter()
        .map(|p| grader::render::speed::CorpusPoint {
            section: &p.section,
            measured_ms: p.measured_s * 1e3,
            estimate_ms: p.estimate_s * 1e3,
            bound_ms: p.bound_s * 1e3,
        })
        .collect();
    // The figure in each language's words (docs/generated/<lang>/ for Chinese); the table is English.
    check_or_update_figure("docs/generated/speed-corpus.svg", || {
        grader::render::speed::corpus_svg(&points, calibration.error_median_percent)
    });
    let mut table = String::from(
        "# The speed model's corpus\n\nEvery kernel of the course timed on an H100 (`tools/gpu/speed-corpus.sh`), the model's bound \
         and its estimate (predicted by a fit on the other sections' kernels): see [Speed without a GPU](../speed-without-a-gpu.md). \
         Generated by the test suite from `speed-corpus.jsonl`; do not edit.\n\n\
         | section | kernel | measured ms | % of copy | bound: at most | bound by | estimate ms | error |\n|---|---|--:|--:|--:|---|--:|--:|\n",
    );
    for p in &predicted {
        let _ = writeln!(
            table,
            "| {} | `{}` | {:.3} | {:.0}% | {} | {} | {:.3} | {:+.0}% |",
            p.section,
            p.kernel,
            p.measured_s * 1e3,
            100.0 * p.copy_s / p.measured_s,
            // A kernel that does nothing (a stub) has no bound.
            if p.bound_s > 0.0 { format!("{:.0}%", 100.0 * p.copy_s / p.bound_s) } else { "—".into() },
            if p.bound_s > 0.0 { p.binding.words().to_string() } else { "nothing".into() },
            p.estimate_s * 1e3,
            100.0 * (p.estimate_s / p.measured_s - 1.0)
        );
    }
    let skipped = rows.len() - predicted.len();
    let violations = predicted.iter().filter(|p| p.measured_s < p.bound_s).count();
    let closest = predicted
        .iter()
        .filter(|p| p.bound_s > 0.0)
        .min_by(|a, b| (a.measured_s / a.bound_s).total_cmp(&(b.measured_s / b.bound_s)))
        .map(|p| format!("`{}` at {:.2} times its bound", p.kernel, p.measured_s / p.bound_s))
        .unwrap_or_default();
    let _ = writeln!(table, "\n{violations} kernels faster than their bound; the closest, {closest}.");
    let _ = writeln!(
        table,
        "\n{} kernels timed; {skipped} more in the corpus were not (they do not compile, or hang, fault or stop on the \
         emulator). Efficiencies fitted (DRAM at copy speed, shared wavefronts, issue, L1 sectors, blocks, atomics, \
         loads in flight): {:.2}, {:.2}, {:.2}, {:.2}, {:.4}, {:.2}, {:.2}. Error of the estimate, each section \
         predicted by a fit on the others: median {:.0}%, worst {:.0}%.",
        predicted.len(),
        calibration.efficiency[0],
        calibration.efficiency[1],
        calibration.efficiency[2],
        calibration.efficiency[3],
        calibration.efficiency[4],
        calibration.efficiency[5],
        calibration.efficiency[6],
        calibration.error_median_percent,
        calibration.error_worst_percent
    );
    // The same kernels on an H200: its own fit, and the H100's calibration in its figures.
    let rows = corpus_rows_of("docs/generated/speed-corpus-h200.jsonl");
    let h200 = speed::cards::H200.rates();
    let (c, predicted) = corpus::fit_and_validate(&rows, &h200);
    let violations = predicted.iter().filter(|p| p.measured_s < p.bound_s).count();
    let e = c.efficiency;
    let _ = writeln!(
        table,
        "\n## On an H200\n\nThe same {} kernels timed on an NVIDIA H200 (`speed-corpus-h200.jsonl`, \
         `tools/gpu/speed-corpus.sh` with `TIME_ARGS=--timing-only`; copy 4,214 GB/s), the model in the H200's \
         figures: {violations} kernels faster than their bound. Its own fit: efficiencies {:.2}, {:.2}, {:.2}, \
         {:.2}, {:.4}, {:.2}, {:.2}; error, each section predicted by a fit on the others: median {:.0}%, worst \
         {:.0}%. The H100's calibration, unchanged, on the H200's times: median error {:.0}%.",
        predicted.len(),
        e[0],
        e[1],
        e[2],
        e[3],
        e[4],
        e[5],
        e[6],
        c.error_median_percent,
        c.error_worst_percent,
        h100_calibration_error(&rows, &h200)
    );
    check_or_update("docs/generated/speed-corpus.md", &table);
}

/// Every section's timing case is larger than the L2 of every card the model knows (its input
/// alone, at least twice over): a timing that the L2 could hold would time the cache.
#[test]
fn every_timing_case_is_larger_than_every_cards_l2() {
    let l2 = grader::speed::cards::CARDS.iter().map(|c| c.l2_bytes).max().unwrap();
    for section in grader::course::sections::all() {
        let Some(shape) = section.timing_shape() else { continue };
        let input_bytes: u64 = shape.shape.iter().map(|&d| d as u64).product::<u64>() * 4;
        assert!(input_bytes >= 2 * l2, "{}: {input_bytes} bytes against an L2 of {l2}", section.id());
    }
}

/// The book's table of the cards the model knows, from `speed::cards` (a row edited there without
/// regenerating the page fails here).
#[test]
fn the_books_card_table_is_the_models() {
    let mut page = String::from(
        "# The cards\n\nThe cards the speed model knows (`--card`), with where each figure comes from: `grader/src/speed/cards.rs`. \
         With a GPU the grader takes the card whose name the driver reports, with the L2 the driver reports; a card not in \
         the table is described from the driver's attributes. `copy` is the course's measurement where it has one, else the \
         datasheet's DRAM peak at 87.9% (the lower share of the two cards measured). Generated by the test suite; do not edit.\n\n\
         | `--card` | card | compute capability | SMs | MHz | DRAM GB/s | copy GB/s | L2 MiB | shared KiB per SM | registers per SM | warps per SM | blocks per SM | DRAM latency ns |\n\
         |---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n",
    );
    for c in speed::cards::CARDS {
        let copy = match c.measured_copy_gb_per_s {
            Some(m) => format!("{m:.0} (measured)"),
            None => format!("{:.0}", c.copy_gb_per_s()),
        };
        let _ = writeln!(
            page,
            "| `{}` | {} | {}.{} | {} | {} | {:.0} | {} | {} | {} | {} | {} | {} | {:.0} |",
            c.id,
            c.name,
            c.compute_capability.0,
            c.compute_capability.1,
            c.sms,
            c.max_clock_mhz,
            c.dram_gb_per_s,
            copy,
            c.l2_bytes >> 20,
            c.shared_per_sm_bytes / 1024,
            c.registers_per_sm,
            c.max_warps_per_sm,
            c.max_blocks_per_sm,
            c.dram_latency_ns
        );
    }
    page.push_str("\nSources:\n\n");
    for c in speed::cards::CARDS {
        let _ = writeln!(page, "- `{}`: {}", c.id, c.sources);
    }
    check_or_update("docs/generated/cards.md", &page);
}
