//! What a grading adds on request: the speed targets timed on a GPU, and `--variants`, the
//! section's other configurations measured beside the textbook's formula.

use kernels::exercise::CaseRng;
use rand::SeedableRng;

use super::SectionGrading;
use crate::backend::{SourceUnit, Views};
use crate::build::{self, Built};
use crate::course::KernelFile;
use crate::error::Result;
use crate::judge;
use crate::model::{SectionReport, VariantReport};
use crate::plan::Role;
use crate::speed;

impl SectionGrading<'_, '_> {
    /// Time the kernel on the section's timing case where the backend can (a GPU), once its
    /// tests pass and the sanitizer is quiet, and judge the speed targets with it.
    pub(super) fn time_speed_targets(&self, report: &mut SectionReport) {
        let (section, seed) = (self.section, self.seed);
        if !report.tests.iter().all(|t| t.passed) || !report.findings.is_empty() {
            return;
        }
        let Some(case) = section.timing_case(&mut CaseRng::seed_from_u64(seed)) else { return };
        let speed = match self.time_kernel(self.kernel, self.source, case) {
            None => return,
            Some(speed) => speed,
        };
        let targets = section.targets();
        let target_of = |name| targets.iter().find(|x| x.metric == name);
        // Missed by the percentage: the course's reference in the same run, on the same card.
        let missed =
            |s: &crate::model::Speed| {
                report.targets.iter().filter(|t| t.skipped.is_some()).any(|t| {
                    target_of(t.name).is_some_and(|target| !target.compare.holds(s.percent_of_copy, target.value))
                })
            };
        let speed = speed.map(|mut s| {
            if let (true, Some(pace)) = (missed(&s), crate::course::sections::pace_setter(section)) {
                let reference = KernelFile { path: self.kernel.path.clone(), display: "reference".into() };
                // The same data again (the seed's), not a copy kept of half a gigabyte.
                let case = section.timing_case(&mut CaseRng::seed_from_u64(seed));
                if let Some(Ok(r)) = case.and_then(|c| self.time_kernel(&reference, pace.as_bytes(), c)) {
                    s.reference = Some(crate::model::ReferenceSpeed {
                        median_ms: r.median_ms,
                        percent_of_copy: r.percent_of_copy,
                    });
                }
            }
            s
        });
        for t in report.targets.iter_mut().filter(|t| t.skipped.is_some()) {
            match (&speed, target_of(t.name)) {
                (Ok(s), Some(target)) => {
                    let paced =
                        s.reference.as_ref().is_some_and(|r| s.median_ms <= r.median_ms * speed::PACE_TOLERANCE);
                    t.measured = Some(s.percent_of_copy);
                    t.passed = target.compare.holds(s.percent_of_copy, target.value) || paced;
                    t.skipped = None;
                }
                (Err(e), _) => {
                    t.skipped = Some(crate::text!(judge_not_timed, error = e.to_string()));
                    t.passed = false;
                }
                _ => {}
            }
        }
        report.speed = speed.ok();
    }

    /// Time one kernel file of the section (the student's, or the course's reference) on the
    /// timing case (`None` where the backend times nothing).
    fn time_kernel(
        &self,
        kernel: &KernelFile,
        source: &[u8],
        mut case: kernels::exercise::Case,
    ) -> Option<Result<crate::model::Speed>> {
        let section = self.section;
        let timed = self.grader.builder.compile_case(section, kernel, source, &mut case).map(|ptx| {
            let unit = SourceUnit { source, name: &kernel.display, defines: &case.defines };
            self.grader.backend().speed(&ptx, &unit, section.kernel_name(), &case)
        });
        match timed {
            Ok(None) => None,
            Ok(Some(r)) => Some(r),
            Err(e) => Some(Err(e)),
        }
    }

    /// The section's other configurations, one after another (each is as big as the metrics
    /// case). Their own seed stream, so the graded cases do not change with `--variants`. A
    /// failure of the grader's own (a driver that refuses the module) ends the grading: it is
    /// not the variant's.
    pub(super) fn run_variants(&self) -> Result<Vec<VariantReport>> {
        let section = self.section;
        let mut rng = CaseRng::seed_from_u64(self.seed ^ 0x5641_5249_414e_5453);
        let mut reports = Vec::new();
        for variant in section.metrics_variants(&mut rng) {
            let mut report = VariantReport {
                label: variant.label.clone(),
                flops: 0,
                global_load_bytes: 0,
                op_per_byte: 0.0,
                textbook: variant.textbook_op_per_byte,
                passed: false,
                message: Default::default(),
            };
            let mut cases = [variant.case];
            match self.grader.builder.build(section, self.kernel, self.source, &mut cases)? {
                Built::DoesNotCompile { log, defines } => {
                    report.message =
                        crate::text!(judge_variant_does_not_compile, defines = build::defines_text(&defines), log = log)
                }
                Built::Unrunnable(why) => report.message = why.message,
                Built::Ready(build) => match build.run(&cases[0], Views::default()) {
                    Err(e) if e.is_kernels() => report.message = e.to_string().into(),
                    Err(e) => return Err(e),
                    Ok(o) => {
                        // A variant's findings are not listed with the tests', so no pointer to them.
                        let (passed, message, _) = judge::judge_unlisted(&cases[0], &o);
                        report.passed = passed;
                        report.message = message;
                        if let Some(m) = &o.metrics {
                            report.flops = cases[0].problem_flops;
                            report.global_load_bytes = m.global_load_bytes;
                            report.op_per_byte = judge::op_per_byte(m, &cases[0]);
                        }
                    }
                },
            }
            reports.push(report);
        }
        Ok(reports)
    }
}

/// What the sample of the timing case needs of the model's inputs.
struct Seen<'b> {
    build: &'b build::Build,
    case: &'b kernels::exercise::Case,
    shape: kernels::exercise::CaseShape,
    first: speed::Launch<'b>,
    second: Option<speed::Launch<'b>>,
    timing: speed::TimingShape,
    kernel_resources: Option<speed::KernelResources>,
}

impl SectionGrading<'_, '_> {
    /// The speed model's prediction on the timing case, from the metrics cases' counts (both
    /// finished); `None` where the section is not timed or a metrics case did not finish.
    pub(super) fn model_speed(
        &self,
        measured: &[super::Measured],
        lines: &[::emulator::LineCounts],
        build: &build::Build,
    ) -> Option<speed::Prediction> {
        let launch = |role: Role| {
            measured.iter().find(|m| m.0 == role && m.3.is_none()).and_then(|(_, case, m, _)| {
                let blocks = case.geometry.grid.iter().map(|&g| g as u64).product();
                Some((speed::Launch { metrics: m.as_ref()?, outputs: case.expected.len() as u64, blocks }, *case))
            })
        };
        let (first, case) = launch(Role::Metrics)?;
        let second = launch(Role::SecondMetrics).map(|(l, _)| l);
        let shape = self.grader.builder.timing_shape(self.section, self.kernel, self.source, &case.defines)?;
        let timing = speed::TimingShape {
            outputs: shape.shape.iter().map(|&d| d as u64).product(),
            blocks: shape.geometry.grid.iter().map(|&g| g as u64).product(),
        };
        let scaled = speed::scale(first, second, timing);
        let kernel_resources = self
            .grader
            .builder
            .kernel_registers(
                self.source,
                &self.kernel.display,
                &case.defines,
                self.section.kernel_name(),
                self.grader.card.compute_capability,
            )
            .map(|(registers, static_shared)| speed::KernelResources {
                threads_per_block: shape.geometry.block.iter().product(),
                registers_per_thread: registers,
                shared_bytes_per_block: static_shared + shape.geometry.dynamic_shared_bytes,
            });
        let prediction = speed::predict(scaled, timing, kernel_resources, lines, &self.grader.card.rates());
        let seen = Seen { build, case, shape, first, second, timing, kernel_resources };
        Some(self.seen_on_timing_case(prediction, seen, lines))
    }

    /// Where the model judges a speed target (the challenges without a GPU): the timing case's
    /// own blocks run (`speed::sample`), and the prediction made again from their counts where
    /// it differs from the scaled one beyond the tolerance. Unchanged where the sample cannot run.
    fn seen_on_timing_case(
        &self,
        prediction: speed::Prediction,
        seen: Seen,
        lines: &[::emulator::LineCounts],
    ) -> speed::Prediction {
        use kernels::exercise::Metric;
        use speed::sample;
        let judges = self.section.targets().iter().any(|t| t.metric == Metric::PercentOfCopy);
        if !judges || self.grader.backend().times_kernels() {
            return prediction;
        }
        let (shape, grid) = (seen.shape.shape, seen.shape.geometry.grid);
        let blocks = sample::blocks(grid);
        let linear: Vec<u64> = blocks.iter().map(|&b| sample::linear(b, grid)).collect();
        // The file's own tile (a challenge's); else the tile the grid implies.
        let tile = build::chosen_launch::tile(seen.build.ptx(seen.case))
            .unwrap_or_else(|| [0, 1, 2].map(|d| (shape[d] as u64).div_ceil(grid[d].max(1) as u64)));
        let case = sample::SampleCase::from_metrics(seen.case, shape, seen.shape.geometry, self.seed);
        let program = seen.build.program(seen.case);
        let Some(Ok((metrics, sample_lines))) = program.run_sample(self.section.kernel_name(), &case, &linear) else {
            return prediction;
        };
        // The lines the sample's work comes from, where the caller gives the student's lines.
        let sample_lines =
            if lines.is_empty() { Vec::new() } else { crate::judge::students_counts(&sample_lines, self.kernel) };
        let sampled = sample::Sampled { metrics: &metrics, blocks: &blocks, tile, shape };
        let (judged, counts, outputs) =
            sample::judge_on(&prediction.scaled, seen.first, seen.second, &sampled, seen.timing);
        let again =
            speed::predict(judged, seen.timing, seen.kernel_resources, &sample_lines, &self.grader.card.rates());
        let ratio = |a: f64, b: f64| if b > 0.0 { a / b } else { 1.0 };
        let (estimate_ratio, bound_ratio) =
            (ratio(again.estimate_ms, prediction.estimate_ms), ratio(again.bound_ms, prediction.bound_ms));
        // Only a slower sample counts: one that did less than the metrics cases' blocks could be a
        // kernel that sees it is sampled (a few blocks, one at a time: a block counter) and
        // takes a fast path there, which a GPU timing every block would not see.
        let slower = |r: f64| r - 1.0 > sample::TOLERANCE;
        let judged_on_sample = slower(estimate_ratio) || slower(bound_ratio);
        let found = sample::Sample {
            blocks,
            outputs,
            furthest: sample::furthest(&counts, again.estimate_limited_by),
            counts,
            estimate_ratio,
            bound_ratio,
            tolerance: sample::TOLERANCE,
            judged_on_sample,
        };
        let mut kept = if judged_on_sample { again } else { prediction };
        kept.sample = Some(found);
        kept
    }

    /// The course reference's own bound and estimate on the same card (the challenges, whose
    /// speed target the reference sets, where no GPU times them): its built-in kernel run on the
    /// measuring cases, so that the student reads their figures beside its own. The counts the
    /// model reads do not depend on the inputs' values, so the cases come from one fixed seed and
    /// the prediction is made once per process for each section, card, compiler and
    /// architecture (`verify` and `watch` grade many kernels). `None` where the section has no
    /// reference, or the reference could not be run.
    pub(super) fn model_reference(&self) -> Option<speed::Prediction> {
        use std::collections::HashMap;
        use std::sync::{Mutex, OnceLock};
        type Key = (&'static str, &'static str, &'static str, String);
        static MADE: OnceLock<Mutex<HashMap<Key, Option<speed::Prediction>>>> = OnceLock::new();
        let pace = crate::course::sections::pace_setter(self.section)?;
        let builder = &self.grader.builder;
        let key = (self.section.id(), self.grader.card.id, builder.compiler.name(), builder.arch.clone());
        let made = MADE.get_or_init(Default::default);
        if let Some(p) = made.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
            return p.clone();
        }
        let prediction = self.model_reference_now(pace);
        made.lock().unwrap_or_else(|e| e.into_inner()).insert(key, prediction.clone());
        prediction
    }

    fn model_reference_now(&self, pace: &'static str) -> Option<speed::Prediction> {
        use rayon::prelude::*;
        const SEED: u64 = 0;
        let (mut cases, roles): (Vec<kernels::exercise::Case>, Vec<Role>) =
            crate::plan::cases(self.section, SEED, false, &[]).into_iter().filter(|(_, role)| role.measures()).unzip();
        let reference = KernelFile { path: self.kernel.path.clone(), display: "reference".into() };
        let Ok(Built::Ready(build)) = self.grader.builder.build(self.section, &reference, pace.as_bytes(), &mut cases)
        else {
            return None;
        };
        let outcomes: Vec<_> = cases.par_iter().map(|case| build.run(case, Views::default()).ok()).collect();
        let measured: Vec<super::Measured> = cases
            .iter()
            .zip(roles)
            .zip(outcomes)
            .map(|((case, role), o)| (role, case, o.filter(|o| o.completed).and_then(|o| o.metrics), None))
            .collect();
        let grading = SectionGrading { kernel: &reference, source: pace.as_bytes(), seed: SEED, ..*self };
        grading.model_speed(&measured, &[], &build)
    }
}
