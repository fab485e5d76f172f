//! The metrics in words, for the lines of the report that name a metric to a student (the JSON,
//! the contract and the targets' table keep the ids).

use crate::t;

/// A metric in words, in the current language (the JSON and the targets' table keep its id).
pub fn metric_words(metric: kernels::exercise::Metric) -> String {
    use kernels::exercise::Metric;
    match metric {
        Metric::OpPerByte => t!(report_metric_name_op_per_byte),
        Metric::SharedBytesPerBlock => t!(report_metric_name_shared_bytes_per_block),
        Metric::GlobalLoadBytesPerOutput => t!(report_metric_name_global_load_bytes_per_output),
        Metric::ThreadsPerBlock => t!(report_metric_name_threads_per_block),
        Metric::GlobalLoadSectorsPerRequest => t!(report_metric_name_global_load_sectors_per_request),
        Metric::GlobalLoadSectorsOverMinimum => t!(report_metric_name_global_load_sectors_over_minimum),
        Metric::GlobalLoadUncoalescedSectorsPerOutput => {
            t!(report_metric_name_global_load_uncoalesced_sectors_per_output)
        }
        Metric::GlobalLoadsPerElement => t!(report_metric_name_global_loads_per_element),
        Metric::SharedBankConflictsPerRequest => t!(report_metric_name_shared_bank_conflicts_per_request),
        Metric::SharedBankConflictsPerOutput => t!(report_metric_name_shared_bank_conflicts_per_output),
        Metric::LocalMemoryBytes => t!(report_metric_name_local_memory_bytes),
        Metric::ActiveLanePercent => t!(report_metric_name_active_lane_percent),
        Metric::PercentOfCopy => t!(report_metric_name_percent_of_copy),
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
