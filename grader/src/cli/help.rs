//! `--help` in the student's language. The English texts are the doc comments clap derives;
//! `cli.ftl` says each of them in every language, by the command's and the argument's name
//! (`cli-time-about`, `cli-time-write-docs`, or `cli-seed` for an argument that every command
//! names alike), and a test keeps the English messages equal to the doc comments. In English
//! nothing is replaced: the help is clap's, byte for byte. clap's own words ("Usage:",
//! "Options:", "Print help", `[default: …]`), which it offers no setting for, are replaced in the
//! rendered text ([`clap_words`]).

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Arg, Command, ValueEnum};

use crate::i18n::{self, Lang};
use crate::t;

/// The message `id`, where the catalogue has one.
fn message(id: &str) -> Option<String> {
    i18n::exists(id).then(|| i18n::say(id, None))
}

/// `cmd` (the parser as derived) with its about and its arguments' help in the current
/// language; in English, `cmd` as it is.
pub fn localize(cmd: Command) -> Command {
    if i18n::current() == Lang::En {
        return cmd;
    }
    localize_command(cmd, "cli")
}

fn localize_command(mut cmd: Command, prefix: &str) -> Command {
    if let Some(about) = message(&format!("{prefix}-about")) {
        cmd = cmd.about(about);
    }
    let ids: Vec<String> = cmd.get_arguments().map(|a| a.get_id().to_string()).collect();
    for id in ids {
        cmd = cmd.mut_arg(&id, |a| localize_arg(a, prefix));
    }
    let names: Vec<String> = cmd.get_subcommands().map(|s| s.get_name().to_string()).collect();
    for name in names {
        cmd = cmd.mut_subcommand(&name, |sub| localize_command(sub, &format!("cli-{name}")));
    }
    cmd
}

/// The message of an argument's help: the command's own, else the one every command shares.
pub fn arg_message_id(prefix: &str, arg: &str) -> Option<String> {
    let arg = arg.replace('_', "-");
    [format!("{prefix}-{arg}"), format!("cli-{arg}")].into_iter().find(|id| i18n::exists(id))
}

fn localize_arg(arg: Arg, prefix: &str) -> Arg {
    let id = arg.get_id().to_string();
    // The sections' help names them from the registry (`cli::command`, with its `$ids`).
    if matches!(id.as_str(), "section" | "sections") {
        return arg;
    }
    let arg = match arg_message_id(prefix, &id) {
        Some(m) => arg.help(i18n::say(&m, None)),
        None => arg,
    };
    // The values that have help of their own (their doc comments), said in this language too;
    // the parser still makes the same enum of them.
    match (prefix, id.as_str()) {
        (_, "backend") => values::<crate::backend::BackendChoice>(arg),
        (_, "compiler") => values::<crate::toolchain::CompilerChoice>(arg),
        ("cli-grade", "format") => values::<crate::commands::grade::Format>(arg),
        ("cli-verify", "only") => values::<crate::course::Suite>(arg),
        _ => arg,
    }
}

/// `arg`'s values of `E`, each with its help from `cli-value-<arg>-<value>` where it has one.
fn values<E: ValueEnum + Clone + Send + Sync + 'static>(arg: Arg) -> Arg {
    let arg_id = arg.get_id().to_string();
    let possible: Vec<PossibleValue> = E::value_variants()
        .iter()
        .filter_map(|v| v.to_possible_value())
        .map(|pv| {
            let help = pv.get_help().and_then(|_| message(&format!("cli-value-{arg_id}-{}", pv.get_name())));
            match help {
                Some(h) => pv.help(h),
                None => pv,
            }
        })
        .collect();
    arg.value_parser(
        PossibleValuesParser::new(possible)
            .map(|name: String| E::from_str(&name, false).expect("clap checked it is one of E's values")),
    )
}

/// The words after the help of a command (`grader --help`'s sections and examples, `grade`'s
/// examples): headings from the catalogue, command lines as they are.
pub fn examples(heading: String, lines: &[&str]) -> String {
    let mut s = heading;
    for line in lines {
        s.push_str("\n  ");
        s.push_str(line);
    }
    s
}

/// clap's own words in a rendered help, in the current language (English: as they are). Each is
/// replaced where clap writes it: a heading at the start of a line, the help flag's and the help
/// command's texts, and the `[default: …]` and `[possible values: …]` notes.
pub fn clap_words(help: &str) -> String {
    if i18n::current() == Lang::En {
        return help.to_string();
    }
    let lines: Vec<String> = help.lines().map(clap_line).collect();
    let mut out = lines.join("\n");
    if help.ends_with('\n') {
        out.push('\n');
    }
    out
}

fn clap_line(line: &str) -> String {
    let headings = [
        ("Usage:", t!(cli_usage_heading)),
        ("Commands:", t!(cli_commands_heading)),
        ("Arguments:", t!(cli_arguments_heading)),
        ("Options:", t!(cli_options_heading)),
    ];
    let mut line = line.to_string();
    for (english, said) in headings {
        if let Some(rest) = line.strip_prefix(english) {
            // A full-width colon is its own space.
            let rest = if said.ends_with('：') { rest.strip_prefix(' ').unwrap_or(rest) } else { rest };
            line = format!("{said}{rest}");
        }
    }
    let trimmed = line.trim_start();
    if let Some(rest) = trimmed.strip_prefix("Possible values:") {
        let indent = &line[..line.len() - trimmed.len()];
        line = format!("{indent}{}{rest}", t!(cli_possible_values_heading));
    }
    // Longest first: "Print help" begins the two others.
    let phrases = [
        ("Print help (see more with '--help')", t!(cli_help_flag_short)),
        ("Print help (see a summary with '-h')", t!(cli_help_flag_long)),
        ("Print this message or the help of the given subcommand(s)", t!(cli_help_command)),
        ("Print help for the subcommand(s)", t!(cli_help_command_subcommand)),
        ("Print help", t!(cli_help_flag)),
        ("[default: ", format!("[{}", t!(cli_default))),
        ("[possible values: ", format!("[{}", t!(cli_possible_values))),
    ];
    for (english, said) in phrases {
        if line.contains(english) {
            line = line.replace(english, &said);
            if !english.starts_with('[') {
                break;
            }
        }
    }
    line
}

/// Print what clap answered (a help, a version, a usage mistake): a help or a usage mistake in
/// the current language, without colours where it is not English; the rest (and everything in
/// English) as clap prints it.
pub fn print_clap_answer(e: &clap::Error) {
    use clap::error::ErrorKind;
    let is_help = matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand);
    if i18n::current() == Lang::En || e.kind() == ErrorKind::DisplayVersion {
        let _ = e.print();
        return;
    }
    if !is_help {
        eprint!("{}", super::usage::render(e));
        return;
    }
    let text = clap_words(&e.render().to_string());
    if e.use_stderr() {
        eprint!("{text}");
    } else {
        print!("{text}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::with_lang;

    /// Every command of the parser with its prefix in `cli.ftl` (`cli` for the grader itself).
    fn commands(cmd: &Command, prefix: &str, out: &mut Vec<(String, Command)>) {
        out.push((prefix.to_string(), cmd.clone()));
        // clap's own `help` command: its words are replaced in the rendered help.
        for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
            commands(sub, &format!("cli-{}", sub.get_name()), out);
        }
    }

    /// The English messages are the doc comments, word for word; every about, every argument's
    /// help and every value's help has one.
    #[test]
    fn the_english_messages_are_the_doc_comments() {
        let mut all = Vec::new();
        commands(&crate::cli::Cli::command_for_tests(), "cli", &mut all);
        let mut wrong = Vec::new();
        let mut checked = 0;
        let en = |id: &str| with_lang(Lang::En, || i18n::say(id, None));
        for (prefix, cmd) in &all {
            if let Some(about) = cmd.get_about() {
                checked += 1;
                let id = format!("{prefix}-about");
                if !i18n::exists(&id) || en(&id) != about.to_string() {
                    wrong.push(format!("{id} = {about}"));
                }
            }
            for arg in cmd.get_arguments() {
                // clap's help flag; the sections, which `command` names from the registry.
                if matches!(arg.get_id().as_str(), "help" | "section" | "sections") {
                    continue;
                }
                assert!(arg.get_long_help().is_none(), "{prefix} {}: a long help would need a message", arg.get_id());
                let Some(help) = arg.get_help() else { continue };
                checked += 1;
                match arg_message_id(prefix, arg.get_id().as_str()) {
                    Some(id) if en(&id) == help.to_string() => {}
                    _ => wrong.push(format!("{prefix}-{} = {help}", arg.get_id().as_str().replace('_', "-"))),
                }
                for value in arg.get_possible_values() {
                    let Some(help) = value.get_help() else { continue };
                    checked += 1;
                    let id = format!("cli-value-{}-{}", arg.get_id(), value.get_name());
                    if !i18n::exists(&id) || en(&id) != help.to_string() {
                        wrong.push(format!("{id} = {help}"));
                    }
                }
            }
        }
        assert!(checked > 60, "the parser is read: {checked}");
        assert_eq!(wrong, Vec::<String>::new(), "cli.ftl's English differs from the doc comments");
    }

    /// Every command's help, short and long, rendered as the binary prints it.
    fn every_help(lang: Lang) -> Vec<(String, String)> {
        with_lang(lang, || {
            let mut cmd = crate::cli::command();
            cmd.build();
            let mut out = Vec::new();
            let mut names: Vec<String> = cmd.get_subcommands().map(|s| s.get_name().to_string()).collect();
            names.insert(0, String::new());
            for name in names {
                let sub = if name.is_empty() { &mut cmd } else { cmd.find_subcommand_mut(&name).unwrap() };
                out.push((format!("{name} -h"), clap_words(&sub.render_help().to_string())));
                out.push((format!("{name} --help"), clap_words(&sub.render_long_help().to_string())));
            }
            out
        })
    }

    #[test]
    fn the_help_says_no_english_sentence_in_chinese() {
        for lang in [Lang::ZhHans, Lang::ZhHant] {
            let mut english = Vec::new();
            for (which, help) in every_help(lang) {
                english.extend(i18n::english_runs(&help).into_iter().map(|r| format!("{lang} {which}: {r}")));
            }
            assert_eq!(english, Vec::<String>::new());
        }
        // The check reads what it should: English is full of sentences.
        let english: usize = every_help(Lang::En).iter().map(|(_, h)| i18n::english_runs(h).len()).sum();
        assert!(english > 100, "{english}");
    }

    #[test]
    fn the_english_help_is_clap_s() {
        let help = every_help(Lang::En);
        let (_, top) = &help[1];
        assert!(top.contains("\nUsage: grader <SECTION> [OPTIONS]\n"), "{top}");
        assert!(help[0].1.contains("  -h, --help         Print help\n"), "{}", help[0].1);
        let zh = every_help(Lang::ZhHans);
        let usage = with_lang(Lang::ZhHans, || format!("\n{}grader <SECTION> [OPTIONS]\n", t!(cli_usage_heading)));
        assert!(zh[1].1.contains(&usage), "{}", zh[1].1);
    }
}
