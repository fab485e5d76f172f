//! What a grading of a section runs and checks, named once: its cases (the visible ones, the
//! hidden ones from the seed, an instructor's private ones, the metrics case last), its targets
//! and its sanitizer. Grading runs this plan; Gradescope scores one point per row of it, with
//! the same names whether or not the kernel could be run.

use kernels::exercise::{Case, CaseRng, Compare, Metric, Section, Visibility};
use rand::SeedableRng;

/// The generator for `seed` (the metrics case comes from the same stream, after the hidden ones).
pub fn case_rng(seed: u64) -> CaseRng {
    CaseRng::seed_from_u64(seed)
}

/// One case of the plan, flagged when it is the metrics case (the last).
pub type Planned = (Case, bool);

/// The cases in the order they are reported. Hidden and metrics data depend on the seed alone,
/// so `7.4 --seed N` reproduces what `all --seed N` ran for 7.4; private cases go before the
/// metrics case, which stays last.
pub fn cases(section: &dyn Section, seed: u64, visible_only: bool, private: &[Case]) -> Vec<Planned> {
    let mut cases: Vec<Planned> = section.visible_cases().into_iter().map(|c| (c, false)).collect();
    if !visible_only {
        let mut rng = case_rng(seed);
        cases.extend(section.hidden_cases(&mut rng).into_iter().map(|c| (c, false)));
        cases.extend(private.iter().map(|c| (c.clone(), false)));
        cases.push((section.metrics_case(&mut rng), true));
    }
    cases
}

/// The section's metrics case for `seed` (a command that runs it alone: `traffic`, `profile`).
pub fn metrics_case(section: &dyn Section, seed: u64) -> Case {
    let (case, _) = cases(section, seed, false, &[]).pop().expect("every plan ends with its metrics case");
    case
}

/// How a test's case is shown: hidden cases stay hidden until grades are published.
pub fn is_hidden(visibility: Visibility, is_metrics: bool) -> bool {
    visibility == Visibility::Hidden && !is_metrics
}

/// "7.4 test: random 64×64 (hidden)"; the metrics case is labelled as such.
pub fn test_row(section: &str, case: &str, visibility: Visibility, is_metrics: bool) -> String {
    let label = if is_metrics { "metrics case" } else { visibility.as_str() };
    format!("{section} test: {case} ({label})")
}

/// "7.4 target: op_per_byte >= 4"
pub fn target_row(section: &str, metric: Metric, op: Compare, value: f64) -> String {
    format!("{section} target: {metric} {op} {value}")
}

/// "7.4 sanitizer: no findings"
pub fn sanitizer_row(section: &str) -> String {
    format!("{section} sanitizer: no findings")
}

/// What a row of the plan checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowKind {
    /// A test case: the output against its oracle.
    Test,
    /// A target on the metrics case.
    Target(Metric),
    /// The sanitizer: no findings in any test.
    Sanitizer,
}

/// A row of the plan, named as every report names it; `hidden`: a hidden case.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub name: String,
    pub hidden: bool,
    pub kind: RowKind,
}

/// The plan's rows, whether or not the kernel ran: its cases, its targets, its sanitizer.
pub fn rows(section: &dyn Section, seed: u64, private: &[Case]) -> Vec<Row> {
    let mut rows: Vec<Row> = cases(section, seed, false, private)
        .iter()
        .map(|(case, m)| Row {
            name: test_row(section.id(), &case.name, case.visibility, *m),
            hidden: is_hidden(case.visibility, *m),
            kind: RowKind::Test,
        })
        .collect();
    rows.extend(section.targets().iter().map(|t| Row {
        name: target_row(section.id(), t.metric, t.compare, t.value),
        hidden: false,
        kind: RowKind::Target(t.metric),
    }));
    rows.push(Row { name: sanitizer_row(section.id()), hidden: false, kind: RowKind::Sanitizer });
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hidden_cases_depend_on_the_seed_alone() {
        let s = section_7_2::section();
        let a = cases(s, 42, false, &[]);
        let b = cases(s, 42, false, &[]);
        let c = cases(s, 43, false, &[]);
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert!(a.last().unwrap().1, "the metrics case comes last");
        assert_eq!(a.iter().filter(|(_, m)| *m).count(), 1);
        let visible = cases(s, 42, true, &[]);
        assert!(visible.iter().all(|(c, m)| c.visibility == Visibility::Visible && !m));
    }

    #[test]
    fn private_cases_come_before_the_metrics_case() {
        let s = section_7_2::section();
        let mut private = cases(s, 9, false, &[]).remove(2).0;
        private.name = "private".into();
        let with = cases(s, 42, false, std::slice::from_ref(&private));
        let without = cases(s, 42, false, &[]);
        assert_eq!(with.len(), without.len() + 1);
        assert_eq!(with[with.len() - 2].0.name, "private");
        assert!(with.last().unwrap().1, "the metrics case stays last");
        assert_eq!(metrics_case(s, 42), without.last().unwrap().0, "the metrics case alone is the same case");
        assert!(cases(s, 42, true, std::slice::from_ref(&private)).iter().all(|(c, _)| c.name != "private"));
    }
}
