//! The metrics in words, for the lines of the report that name a metric to a student (the JSON,
//! the contract and the targets' table keep the ids).

use crate::t;

/// A metric in words, in the current language (the JSON and the targets' table keep its id).
pub fn metric_words(metric: kernels::exercise::Metric) -> String {
    use kernels::exercise::Metric;
    match metric {
        Metric::OpPerByte => t!("report-metric-name-op-per-byte"),
        Metric::SharedBytesPerBlock => t!("report-metric-name-shared-bytes-per-block"),
        Metric::GlobalLoadBytesPerOutput => t!("report-metric-name-global-load-bytes-per-output"),
        Metric::ThreadsPerBlock => t!("report-metric-name-threads-per-block"),
        Metric::GlobalLoadSectorsPerRequest => t!("report-metric-name-global-load-sectors-per-request"),
        Metric::GlobalLoadSectorsOverMinimum => t!("report-metric-name-global-load-sectors-over-minimum"),
        Metric::GlobalLoadUncoalescedSectorsPerOutput => {
            t!("report-metric-name-global-load-uncoalesced-sectors-per-output")
        }
        Metric::GlobalLoadsPerElement => t!("report-metric-name-global-loads-per-element"),
        Metric::SharedBankConflictsPerRequest => t!("report-metric-name-shared-bank-conflicts-per-request"),
        Metric::SharedBankConflictsPerOutput => t!("report-metric-name-shared-bank-conflicts-per-output"),
        Metric::LocalMemoryBytes => t!("report-metric-name-local-memory-bytes"),
        Metric::ActiveLanePercent => t!("report-metric-name-active-lane-percent"),
        Metric::PercentOfCopy => t!("report-metric-name-percent-of-copy"),
    }
}

#[cfg(test)]
mod tests {
    use kernels::exercise::Metric;

    use super::metric_words;
    use crate::i18n::{english_runs, with_lang, Lang};

    #[test]
    fn every_metric_is_said_in_words_in_every_language() {
        for lang in Lang::ALL {
            for metric in Metric::ALL {
                let words = with_lang(lang, || metric_words(metric));
                assert!(!words.contains('_'), "{lang} {metric:?}: {words}");
                if lang != Lang::En {
                    assert_eq!(english_runs(&words), Vec::<String>::new(), "{lang} {metric:?}");
                }
            }
        }
    }
}
