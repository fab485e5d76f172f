//! clap's usage errors (an unknown argument or command, a missing or wrong value) in the
//! student's language. clap words them in English only; here they are rendered from the error's
//! kind and context through `cli.ftl`, laid out as clap lays them out (the error, a tip, the usage
//! line, where to read more). In English nothing is replaced: the error is clap's, byte for byte.

use clap::error::{ContextKind, ContextValue, ErrorKind};

use crate::t;

/// The context value of `kind` as text ("" where the error has none); a list joined with ", ".
fn context(e: &clap::Error, kind: ContextKind) -> String {
    match e.get(kind) {
        Some(ContextValue::String(s)) => s.clone(),
        Some(ContextValue::Strings(list)) => list.join(", "),
        Some(ContextValue::StyledStr(s)) => s.to_string(),
        Some(ContextValue::Number(n)) => n.to_string(),
        _ => String::new(),
    }
}

/// The error's own sentence, from its kind and context.
fn sentence(e: &clap::Error) -> String {
    let arg = context(e, ContextKind::InvalidArg);
    let value = context(e, ContextKind::InvalidValue);
    let mut s = match e.kind() {
        ErrorKind::UnknownArgument => t!(cli_error_unknown_argument, arg = &arg),
        ErrorKind::InvalidSubcommand => {
            t!(cli_error_unknown_command, command = context(e, ContextKind::InvalidSubcommand))
        }
        ErrorKind::InvalidValue if value.is_empty() => t!(cli_error_missing_value, arg = &arg),
        ErrorKind::InvalidValue => t!(cli_error_invalid_value, value = &value, arg = &arg),
        ErrorKind::ValueValidation => {
            // The validator's own reason (the section and card parsers say it in this language).
            let mut reason = std::error::Error::source(e).map(|r| r.to_string()).unwrap_or_default();
            // clap's own validator of a number's range: "900 is not in 10..=600".
            if let Some((number, range)) = reason.split_once(" is not in ") {
                reason = t!(cli_error_not_in_range, value = number.to_string(), range = range.to_string());
            }
            t!(cli_error_invalid_value_because, value = &value, arg = &arg, reason = reason)
        }
        ErrorKind::MissingRequiredArgument => {
            let mut s = t!(cli_error_missing_arguments);
            if let Some(ContextValue::Strings(args)) = e.get(ContextKind::InvalidArg) {
                for a in args {
                    s.push_str(&format!("\n  {a}"));
                }
            }
            s
        }
        ErrorKind::MissingSubcommand => {
            t!(cli_error_missing_command, command = context(e, ContextKind::InvalidSubcommand))
        }
        ErrorKind::TooManyValues => t!(cli_error_too_many_values, value = &value, arg = &arg),
        ErrorKind::ArgumentConflict if arg == context(e, ContextKind::PriorArg) => {
            t!(cli_error_given_twice, arg = &arg)
        }
        ErrorKind::ArgumentConflict => {
            t!(cli_error_conflict, arg = &arg, other = context(e, ContextKind::PriorArg))
        }
        _ => t!(cli_error_unreadable),
    };
    if let Some(ContextValue::Strings(values)) = e.get(ContextKind::ValidValue) {
        if !values.is_empty() {
            s.push_str(&format!("\n  [{}{}]", t!(cli_possible_values), values.join(", ")));
        }
    }
    s
}

/// The tips clap adds: a similar name, and how to pass a value that starts with `-`. Other
/// tips, which clap words in English only, are left out.
fn tips(e: &clap::Error) -> Vec<String> {
    let mut out = Vec::new();
    for kind in [ContextKind::SuggestedSubcommand, ContextKind::SuggestedArg, ContextKind::SuggestedValue] {
        let similar = context(e, kind);
        if !similar.is_empty() {
            out.push(t!(cli_tip_similar, names = similar));
        }
    }
    if let Some(ContextValue::StyledStrs(tips)) = e.get(ContextKind::Suggested) {
        for tip in tips.iter().map(|t| t.to_string()) {
            // clap: "to pass '--x' as a value, use '-- --x'"
            let quoted: Vec<&str> = tip.split('\'').collect();
            if tip.starts_with("to pass '") && tip.contains("' as a value, use '") && quoted.len() == 5 {
                out.push(t!(cli_tip_as_value, arg = quoted[1], how = quoted[3]));
            }
        }
    }
    out
}

/// A usage error in the current language, as the grader prints it (to stderr), ending in a
/// newline: the error, its tips, the usage line, and where to read more.
pub fn render(e: &clap::Error) -> String {
    let mut s = format!("{} {}\n", t!(error_label), sentence(e));
    let tips = tips(e);
    if !tips.is_empty() {
        s.push('\n');
        for tip in tips {
            s.push_str(&format!("  {tip}\n"));
        }
    }
    if let Some(ContextValue::StyledStr(usage)) = e.get(ContextKind::Usage) {
        s.push('\n');
        s.push_str(super::clap_words(&usage.to_string()).trim_end());
        s.push('\n');
    }
    s.push('\n');
    s.push_str(&t!(cli_error_more, help = "--help"));
    s.push('\n');
    s
}
