//! Grading one section: the file built once (see `build`), the plan's cases run side by side
//! (see `plan`), each judged against its oracle (see `judge`), then the targets. The result is
//! plain data ([`SectionReport`]), which `render` prints as text, Gradescope's results or JSON.

mod extras;
pub mod isolate;
pub mod side_by_side;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use kernels::exercise::{Case, Section};
use rayon::prelude::*;

use crate::backend::{Backend, Metrics, Outcome, Views};
use crate::build::{self, Build, Builder, Built};
use crate::course::KernelFile;
use crate::error::{Error, Result};
use crate::i18n::Text;
use crate::judge::{self, Findings};
use crate::model::{
    ArchBuild, ArchNotBuilt, ArchitecturesReport, CompileReport, SectionReport, ShownMetric, TargetReport, TestReport,
};
use crate::plan::{self, Role};
use crate::toolchain::Compiler;

pub use isolate::grade_isolated;

/// Grades sections with one backend and compiler; PTX is cached for the whole run.
pub struct Grader<'a> {
    pub builder: Builder<'a>,
    /// An instructor's private hidden cases (`--cases`), by section id: run after the hidden ones.
    pub private_cases: Vec<(&'static str, Case)>,
    /// Progress (the bar): called with (0, n) when a section's n tests are known, then (1, 0) as
    /// each finishes, from several threads at once.
    pub on_progress: Option<Box<dyn Fn(u64, u64) + Send + Sync + 'a>>,
    /// Also run each section's [`Section::metrics_variants`] (`--variants`).
    pub variants: bool,
    /// Time the kernel for a speed target where the backend can (a GPU); `time` turns it off,
    /// it times every kernel itself.
    pub speed_targets: bool,
    /// The card the speed model speaks of (`--card`, the GPU's, or the reference).
    pub card: crate::speed::Card,
}

/// A grading, and the metrics case's launch as it ran (its views, for `traffic`).
pub struct Graded {
    pub report: SectionReport,
    /// The metrics case as launched (the launch the file chose) and what its launch produced;
    /// `None` when it did not run.
    pub metrics_run: Option<(Case, Outcome)>,
}

/// One section's grading: what its steps share, in fields (as wasmi keeps an executor's state),
/// not passed from function to function.
struct SectionGrading<'s, 'a> {
    grader: &'s Grader<'a>,
    section: &'s dyn Section,
    /// The student's file, and its text as read once for this grading.
    kernel: &'s KernelFile,
    source: &'s [u8],
    seed: u64,
}

/// A test not run once another ran out of its instruction budget.
fn not_run_after_timeout() -> Error {
    Error::Kernel(crate::t!(judge_not_run_after_timeout))
}

impl<'a> Grader<'a> {
    pub fn new(backend: &'a dyn Backend, compiler: Compiler) -> Self {
        Grader {
            builder: Builder::new(backend, compiler),
            private_cases: Vec::new(),
            on_progress: None,
            variants: false,
            speed_targets: true,
            card: backend.card().unwrap_or(*crate::speed::cards::REFERENCE),
        }
    }

    pub fn backend(&self) -> &dyn Backend {
        self.builder.backend
    }

    pub fn compiler(&self) -> Compiler {
        self.builder.compiler
    }

    pub fn grade(
        &self,
        section: &dyn Section,
        kernel: &KernelFile,
        seed: u64,
        visible_only: bool,
    ) -> Result<SectionReport> {
        self.grade_with_views(section, kernel, seed, visible_only, Views::default()).map(|g| g.report)
    }

    /// [`Grader::grade`], recording `views` in the metrics case's launch. A file whose code
    /// differs between the architectures the course supports is graded once per distinct build
    /// (the backend's own architecture here, the others on the emulator), and the worst decides:
    /// the report is the first failing build's, naming its architectures.
    pub fn grade_with_views(
        &self,
        section: &dyn Section,
        kernel: &KernelFile,
        seed: u64,
        visible_only: bool,
        views: Views,
    ) -> Result<Graded> {
        let source = build::read_kernel(kernel)?;
        let defines =
            plan::cases(section, seed, true, &[]).into_iter().next().map(|(c, _)| c.defines).unwrap_or_default();
        let variants = self.builder.arch_variants(section, kernel, &source, &defines);
        let mut graded = self.grade_build(section, kernel, seed, visible_only, views)?;
        if variants.builds.len() <= 1 && variants.not_built.is_empty() {
            return Ok(graded);
        }
        let primary = &self.builder.arch;
        let mut builds = Vec::new();
        let mut worst: Option<(Graded, String)> = None;
        let mut not_run = Vec::new();
        let mut seconds = graded.report.seconds;
        for variant in &variants.builds {
            let passed = if variant.arch == *primary {
                graded.report.passed
            } else {
                let other = Grader {
                    builder: self.builder.for_arch(&crate::backend::emulator::EmulatorBackend, &variant.arch),
                    private_cases: self.private_cases.clone(),
                    on_progress: None,
                    variants: false,
                    speed_targets: false,
                    card: self.card,
                };
                let g = other.grade_build(section, kernel, seed, visible_only, views)?;
                seconds += g.report.seconds;
                // PTX of that architecture the emulator does not run (clang's sm_100 packs floats
                // in pairs, `mul.f32x2`): the grader's limit, not the kernel's fault.
                if let Some(p) = g.report.problem.as_ref().filter(|p| p.kind == crate::model::ProblemKind::Unsupported)
                {
                    for arch in &variant.same_code {
                        not_run.push(ArchNotBuilt { arch: arch.clone(), error: p.message.to_string() });
                    }
                    continue;
                }
                let passed = g.report.passed;
                if !passed && graded.report.passed && worst.is_none() {
                    worst = Some((g, variant.same_code.join(", ")));
                }
                passed
            };
            builds.push(ArchBuild { archs: variant.same_code.clone(), passed });
        }
        let decided_by = match worst {
            Some((g, archs)) => {
                graded = g;
                archs
            }
            None => variants
                .builds
                .iter()
                .find(|v| v.arch == *primary)
                .map_or_else(|| crate::toolchain::arch::sm(primary), |v| v.same_code.join(", ")),
        };
        let not_built = variants
            .not_built
            .into_iter()
            .map(|(arch, error)| ArchNotBuilt { arch: crate::toolchain::arch::sm(&arch), error })
            .collect();
        graded.report.architectures = Some(ArchitecturesReport { builds, decided_by, not_built, not_run });
        graded.report.seconds = seconds;
        Ok(graded)
    }

    /// One build of the file, for the builder's architecture, graded.
    fn grade_build(
        &self,
        section: &dyn Section,
        kernel: &KernelFile,
        seed: u64,
        visible_only: bool,
        views: Views,
    ) -> Result<Graded> {
        let start = Instant::now();
        let source = build::read_kernel(kernel)?;
        let mut report = self.empty_report(section, kernel, seed, visible_only);
        let private: Vec<Case> =
            self.private_cases.iter().filter(|(id, _)| *id == section.id()).map(|(_, c)| c.clone()).collect();
        let (mut cases, roles): (Vec<Case>, Vec<Role>) =
            plan::cases(section, seed, visible_only, &private).into_iter().unzip();
        if let Some(progress) = &self.on_progress {
            progress(0, cases.len() as u64);
        }
        let build = match self.builder.build(section, kernel, &source, &mut cases)? {
            Built::Ready(build) => build,
            Built::DoesNotCompile { log, defines } => {
                report.compile = CompileReport { ok: false, log, defines: build::defines_text(&defines) };
                return Ok(finish_unrun(report, section, start));
            }
            // Compiled, but cannot be run: the section fails with why (exit 1).
            Built::Unrunnable(why) => {
                report.problem = Some(why);
                return Ok(finish_unrun(report, section, start));
            }
        };
        let outcomes = self.run_cases(&build, &cases, &roles, views);
        let grading = SectionGrading { grader: self, section, kernel, source: &source, seed };
        let metrics_run = grading.judge_tests(&mut report, &build, &cases, &roles, outcomes)?;
        if !visible_only && report.targets.is_empty() {
            report.targets = judge::evaluate_targets(&section.targets(), None, None, None);
        }
        if self.speed_targets && self.backend().times_kernels() && report.targets.iter().any(|t| t.skipped.is_some()) {
            grading.time_speed_targets(&mut report);
        }
        if self.variants && !visible_only && report.metrics.is_some() {
            report.variants = Some(grading.run_variants()?);
        }
        report.passed = report.compile.ok
            && report.problem.is_none()
            && report.tests.iter().all(|t| t.passed)
            && report.findings.is_empty()
            && report.targets.iter().all(|t| t.passed);
        // Passed only because no GPU was there to time it: a pass that says what it checked.
        report.not_measured =
            report.targets.iter().filter(|t| t.passed && t.skipped.is_some()).map(|t| t.name).collect();
        report.seconds = start.elapsed().as_secs_f64();
        Ok(Graded { report, metrics_run })
    }

    fn empty_report(&self, section: &dyn Section, kernel: &KernelFile, seed: u64, visible_only: bool) -> SectionReport {
        SectionReport {
            section: section.id().to_string(),
            title: crate::course::sections::title_in_language(section),
            kernel: kernel.display.clone(),
            backend: self.backend().name().to_string(),
            compiler: self.compiler().short(),
            seed,
            passed: false,
            not_measured: Vec::new(),
            compile: CompileReport { ok: true, log: String::new(), defines: String::new() },
            tests: Vec::new(),
            metrics: None,
            targets: Vec::new(),
            speed: None,
            speed_model: None,
            speed_reference: None,
            variants: None,
            architectures: None,
            findings: Vec::new(),
            findings_more: 0,
            findings_occurrences: 0,
            problem: None,
            visible_only,
            seconds: 0.0,
        }
    }

    /// The tests side by side (the emulator also spreads blocks over cores), then the big metrics
    /// case. A kernel that never ends costs about one instruction budget: once a test runs out of
    /// it, the tests not started yet are not run, those running stop (whatever their defines:
    /// the build's programs share one stop flag, see `Program::share_stop`), and so is the
    /// metrics case, which would take minutes to say the same. Which test ran out first depends
    /// on the cores' timing, the report does not: the first test in case order that runs out
    /// decides, as on one core. The tests before it that another stopped (or kept from
    /// starting) run again, one after another; those after it are not run.
    fn run_cases(&self, build: &Build, cases: &[Case], roles: &[Role], views: Views) -> Vec<Result<Outcome>> {
        let stop = AtomicBool::new(false);
        let timeout = |o: &Result<Outcome>| {
            o.as_ref().is_ok_and(|o| o.findings.iter().any(|f| f.kind == ::emulator::FindingKind::Timeout))
        };
        // `None`: not run, or stopped by another test's timeout.
        let run = |case: &Case| -> Option<Result<Outcome>> {
            let outcome = (!stop.load(Ordering::Relaxed)).then(|| build.run(case, Views::default()));
            let stopped =
                |o: &Outcome| o.findings.iter().any(|f| f.message.starts_with(::emulator::STOPPED_BY_ANOTHER_LAUNCH));
            let outcome = outcome.filter(|o| !o.as_ref().is_ok_and(stopped));
            if outcome.as_ref().is_some_and(timeout) {
                stop.store(true, Ordering::Relaxed);
            }
            if let Some(progress) = &self.on_progress {
                progress(1, 0);
            }
            outcome
        };
        let tests: Vec<&Case> = cases.iter().zip(roles).filter(|(_, r)| **r != Role::Metrics).map(|(c, _)| c).collect();
        let side_by_side: Vec<Option<Result<Outcome>>> = tests.par_iter().map(|c| run(c)).collect();
        build.lower_stop();
        let mut timed_out = false;
        let mut outcomes = Vec::with_capacity(cases.len());
        for (case, outcome) in tests.iter().zip(side_by_side) {
            let outcome = match outcome {
                _ if timed_out => Err(not_run_after_timeout()),
                Some(outcome) => outcome,
                None => build.run(case, Views::default()),
            };
            timed_out |= timeout(&outcome);
            outcomes.push(outcome);
        }
        for (case, _) in cases.iter().zip(roles).filter(|(_, r)| **r == Role::Metrics) {
            if timed_out {
                outcomes.push(Err(not_run_after_timeout()));
                continue;
            }
            outcomes.push(build.run(case, views));
            if let Some(progress) = &self.on_progress {
                progress(1, 0);
            }
        }
        outcomes
    }
}

impl SectionGrading<'_, '_> {
    /// Each test's verdict into the report, the findings gathered, the metrics case measured;
    /// an error no test can stand for (the grader's) ends the grading.
    fn judge_tests(
        &self,
        report: &mut SectionReport,
        build: &Build,
        cases: &[Case],
        roles: &[Role],
        outcomes: Vec<Result<Outcome>>,
    ) -> Result<Option<(Case, Outcome)>> {
        let (section, kernel) = (self.section, self.kernel);
        // For showing the student's lines: any encoding, shown lossily.
        let text = String::from_utf8_lossy(crate::toolchain::nvrtc::source_bytes(self.source)).into_owned();
        let lines: Vec<&str> = text.lines().collect();
        let mut findings = Findings::new(kernel, &lines, section.id());
        let mut metrics_run = None;
        let mut metrics_lines = Vec::new();
        // The measuring runs' metrics, for the targets: (role, case, metrics, why they do not count).
        let mut measured: Vec<Measured> = Vec::new();
        for ((case, &role), outcome) in cases.iter().zip(roles).zip(outcomes) {
            let metrics_case = role == Role::Metrics;
            let mut test = TestReport {
                name: case.name.clone(),
                label: crate::i18n::case_text(case),
                visibility: case.visibility,
                passed: false,
                message: Text::default(),
                size: judge::size_text(case.shape),
                metrics_case,
                mismatch: None,
                printf: Vec::new(),
                printf_more: 0,
                changed_input: false,
            };
            match outcome {
                Err(e) if e.is_kernels() => {
                    if role.measures() {
                        let why = crate::text!(judge_did_not_run, role = role_name(role));
                        measured.push((role, case, None, Some(why)));
                    }
                    // The error's message, said when it was made.
                    test.message = Text::plain(e.to_string())
                }
                Err(e) => return Err(e),
                Ok(o) => {
                    if role.measures() {
                        let stopped = (!o.completed).then(|| {
                            let by = judge::stopped_by(&o.findings);
                            crate::text!(judge_stopped_at, role = role_name(role), kind = by)
                        });
                        measured.push((role, case, o.metrics.clone(), stopped));
                    }
                    let (passed, message, mismatch) = judge::judge(case, &o);
                    test.passed = passed;
                    test.message = message;
                    test.changed_input = o.changed_input.is_some();
                    test.mismatch = mismatch;
                    test.printf = o.printf.iter().map(judge::printf_line).collect();
                    test.printf_more = o.printf_dropped;
                    findings.add(&o.findings, o.findings_dropped, case);
                    if metrics_case {
                        if let Some(m) = &o.metrics {
                            // A launch stopped by a finding counted only part of its work: said
                            // where its figures are shown.
                            let label = match o.findings.first().filter(|_| !o.completed) {
                                Some(f) => crate::text!(
                                    judge_metrics_case_stopped,
                                    label = section.metrics_case_label(),
                                    kind = f.kind.to_string()
                                ),
                                None => Text::plain(section.metrics_case_label()),
                            };
                            let mut metrics = judge::metrics_report(label, m, case);
                            metrics.lines = judge::line_reports(&o.lines, kernel, &lines);
                            metrics.shown = section
                                .shown_metrics()
                                .into_iter()
                                .filter_map(|s| {
                                    let measured = judge::measure(s, m, case)?;
                                    Some(ShownMetric { name: s, measured })
                                })
                                .collect();
                            // On a GPU: what the device made of the metrics case's compilation.
                            metrics.gpu = build.program(case).resources(build.kernel);
                            report.metrics = Some(metrics);
                        }
                        metrics_lines = judge::students_counts(&o.lines, kernel);
                        metrics_run = Some((build::launchable(build.program(case), build.kernel, case), o));
                    }
                }
            }
            report.tests.push(test);
        }
        (report.findings, report.findings_more) = findings.finish();
        report.findings_occurrences = report.findings.iter().map(|f| f.count).sum::<u64>() + report.findings_more;
        if !measured.is_empty() {
            report.speed_model = self.model_speed(&measured, &metrics_lines, build);
            let prints = report.tests.iter().any(|t| !t.printf.is_empty() || t.printf_more > 0);
            if let Some(p) = report.speed_model.as_mut() {
                p.prints = prints;
            }
            // Without a GPU the reference's own figures stand beside the kernel's (a GPU times it).
            if report.speed_model.is_some() && !self.grader.backend().times_kernels() {
                report.speed_reference = match crate::course::sections::pace_setter(self.section) {
                    // The reference itself (`--solutions`): its figures are the kernel's.
                    Some(pace) if pace.as_bytes() == self.source => report.speed_model.clone(),
                    _ => self.model_reference(),
                };
            }
            // On a GPU the speed targets are timed (`time_speed_targets`); the model is shown.
            let model = report.speed_model.as_ref().filter(|_| !self.grader.backend().times_kernels());
            report.targets = judge_targets(section, &measured, model);
        }
        Ok(metrics_run)
    }
}

/// A measuring run: its role, its case, its metrics, and why they do not count.
pub(super) type Measured<'c> = (Role, &'c Case, Option<Metrics>, Option<Text>);

fn role_name(role: Role) -> Text {
    match role {
        Role::SecondMetrics => crate::text!(judge_role_second_metrics_case),
        _ => crate::text!(judge_role_metrics_case),
    }
}

/// The targets on the metrics case, checked on the second metrics case too; none is graded
/// from a run that stopped (its counts are those of part of a launch).
fn judge_targets(
    section: &dyn Section,
    measured: &[Measured],
    model: Option<&crate::speed::Prediction>,
) -> Vec<TargetReport> {
    let of = |role: Role| measured.iter().find(|m| m.0 == role);
    // The metrics case's reason first: it is the one the report shows the counts of.
    let in_order = of(Role::Metrics).into_iter().chain(measured.iter().filter(|m| m.0 != Role::Metrics));
    let unusable = in_order.clone().find_map(|(_, _, m, why)| match (m, why) {
        (_, Some(why)) => Some(why.clone()),
        (None, None) => Some(crate::text!(judge_no_metrics_counted)),
        _ => None,
    });
    match (unusable, of(Role::Metrics), of(Role::SecondMetrics)) {
        (None, Some((_, case, Some(m), _)), second) => {
            let second = second.and_then(|(_, c, m, _)| Some((m.as_ref()?, *c)));
            judge::evaluate_targets(&section.targets(), Some((m, case)), second, model)
        }
        (why, ..) => judge::targets_not_graded(&section.targets(), why.unwrap_or_default()),
    }
}

/// A section that did not run (it does not compile, or cannot be launched): the targets are
/// listed unmeasured, the section fails.
fn finish_unrun(mut report: SectionReport, section: &dyn Section, start: Instant) -> Graded {
    report.targets = judge::evaluate_targets(&section.targets(), None, None, None);
    report.seconds = start.elapsed().as_secs_f64();
    Graded { report, metrics_run: None }
}
