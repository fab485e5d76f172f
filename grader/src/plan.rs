//! What a grading of a section runs and checks, named once: its cases (the visible ones, the
//! hidden ones from the seed, an instructor's private ones, the metrics case last), its targets
//! and its sanitizer. Grading runs this plan; Gradescope scores one point per row of it, with
//! the same names whether or not the kernel could be run.

use kernels::exercise::{Case, CaseRng, Compare, Metric, Section, Visibility};
use rand::SeedableRng;

use crate::i18n::Text;

/// The generator for `seed` (the metrics case comes from the same stream, after the hidden ones).
pub fn case_rng(seed: u64) -> CaseRng {
    CaseRng::seed_from_u64(seed)
}

/// What a case of the plan is run for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A test: the output against its oracle.
    Test,
    /// A hidden test whose size the seed draws: its output is judged, and the targets must hold
    /// on it as on the metrics case (no kernel can single the metrics case out).
    SecondMetrics,
    /// The metrics case (the last): a test, whose metrics the report shows and grades.
    Metrics,
}

impl Role {
    /// The targets are measured on this case.
    pub fn measures(self) -> bool {
        self != Role::Test
    }
}

/// One case of the plan, with its role.
pub type Planned = (Case, Role);

/// The cases in the order they are reported. Hidden and metrics data depend on the seed alone,
/// so `7.4 --seed N` reproduces what `all --seed N` ran for 7.4; private cases and the second
/// metrics case go before the metrics case, which stays last (its data are drawn before the
/// second's, as they were before there was one).
pub fn cases(section: &dyn Section, seed: u64, visible_only: bool, private: &[Case]) -> Vec<Planned> {
    let mut cases: Vec<Planned> = section.visible_cases().into_iter().map(|c| (c, Role::Test)).collect();
    if !visible_only {
        let mut rng = case_rng(seed);
        cases.extend(section.hidden_cases(&mut rng).into_iter().map(|c| (c, Role::Test)));
        cases.extend(private.iter().map(|c| (c.clone(), Role::Test)));
        let metrics = section.metrics_case(&mut rng);
        cases.push((section.second_metrics_case(&mut rng), Role::SecondMetrics));
        cases.push((metrics, Role::Metrics));
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
pub fn test_row(section: &str, case: &str, visibility: Visibility, is_metrics: bool) -> Text {
    let label = if is_metrics { "metrics" } else { visibility.as_str() };
    crate::text!(judge_row_test, section = section, case = case, visibility = label)
}

/// "7.4 target: op_per_byte >= 4"
pub fn target_row(section: &str, metric: Metric, op: Compare, value: f64) -> Text {
    crate::text!(
        judge_row_target,
        section = section,
        metric = metric.to_string(),
        op = op.to_string(),
        value = value.to_string()
    )
}

/// "7.4 sanitizer: no findings"
pub fn sanitizer_row(section: &str) -> Text {
    crate::text!(judge_row_sanitizer, section = section)
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
    pub name: Text,
    pub hidden: bool,
    pub kind: RowKind,
}

/// The plan's rows, whether or not the kernel ran: its cases, its targets, its sanitizer.
pub fn rows(section: &dyn Section, seed: u64, private: &[Case]) -> Vec<Row> {
    let mut rows: Vec<Row> = cases(section, seed, false, private)
        .iter()
        .map(|(case, role)| Row {
            name: test_row(section.id(), &case.name, case.visibility, *role == Role::Metrics),
            hidden: is_hidden(case.visibility, *role == Role::Metrics),
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
        assert_eq!(a.last().unwrap().1, Role::Metrics, "the metrics case comes last");
        assert_eq!(a.iter().filter(|(_, r)| *r == Role::Metrics).count(), 1);
        let second: Vec<&Case> = a.iter().filter(|(_, r)| *r == Role::SecondMetrics).map(|(c, _)| c).collect();
        assert_eq!(second.len(), 1, "one second metrics case");
        assert_eq!(second[0].visibility, Visibility::Hidden);
        let other_seeds: Vec<[usize; 3]> = (0..8).map(|seed| cases(s, seed, false, &[])[a.len() - 2].0.shape).collect();
        assert!(other_seeds.windows(2).any(|w| w[0] != w[1]), "its size follows the seed: {other_seeds:?}");
        assert!(other_seeds.iter().all(|&shape| shape != [1024, 1024, 1]));
        let visible = cases(s, 42, true, &[]);
        assert!(visible.iter().all(|(c, r)| c.visibility == Visibility::Visible && *r == Role::Test));
    }

    #[test]
    fn private_cases_come_before_the_metrics_case() {
        let s = section_7_2::section();
        let mut private = cases(s, 9, false, &[]).remove(2).0;
        private.name = "private".into();
        let with = cases(s, 42, false, std::slice::from_ref(&private));
        let without = cases(s, 42, false, &[]);
        assert_eq!(with.len(), without.len() + 1);
        assert_eq!(with[with.len() - 3].0.name, "private");
        assert_eq!(with.last().unwrap().1, Role::Metrics, "the metrics case stays last");
        assert_eq!(metrics_case(s, 42), without.last().unwrap().0, "the metrics case alone is the same case");
        assert!(cases(s, 42, true, std::slice::from_ref(&private)).iter().all(|(c, _)| c.name != "private"));
    }
}
