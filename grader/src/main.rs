//! `grader`: the exit status is decided here, from the outcome or the error's own
//! [`Error::exit_code`](grader::error::Error::exit_code) (see the course contract): 0 every
//! graded section passed, 1 a section failed, 2 the grader could not grade.

use std::io::IsTerminal;
use std::process::ExitCode;

use grader::error::Outcome;

const PASSED: u8 = 0;
const FAILED: u8 = 1;
const CANNOT_RUN: u8 = 2;

fn main() -> ExitCode {
    // The grader runs NVRTC in a process of its own (see `nvrtc::worker_main`).
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args.get(1).is_some_and(|a| a == grader::toolchain::nvrtc::WORKER_COMMAND) {
        return ExitCode::from(grader::toolchain::nvrtc::worker_main(&args[2..]) as u8);
    }
    // The language first: every message after this line is said in it.
    let lang = grader::i18n::negotiate(grader::cli::lang_flag(&args).as_deref(), |v| std::env::var(v).ok());
    match lang {
        Ok(lang) => grader::i18n::choose(lang),
        Err(e) => {
            use colored::Colorize;
            // Said in the language the environment names.
            grader::i18n::choose(
                grader::i18n::negotiate(None, |v| std::env::var(v).ok()).unwrap_or(grader::i18n::Lang::En),
            );
            eprintln!("{} {e}", grader::t!(error_label).red().bold());
            return ExitCode::from(CANNOT_RUN);
        }
    }
    let command = match grader::cli::parse(std::env::args_os()) {
        Ok(c) => c,
        Err(e) => {
            // --help and --version are answers (0); a usage mistake cannot be graded (2).
            grader::cli::print_clap_answer(&e);
            return ExitCode::from(if e.use_stderr() { CANNOT_RUN } else { PASSED });
        }
    };
    let machine_readable = command.machine_readable();
    if machine_readable || (!std::io::stdout().is_terminal() && std::env::var_os("CLICOLOR_FORCE").is_none()) {
        colored::control::set_override(false);
    }
    // Colours on Windows' console need its virtual-terminal mode (Windows 10 and later); a
    // console without it would print the escape codes as text, so it gets none.
    #[cfg(windows)]
    if colored::control::set_virtual_terminal(true).is_err() {
        colored::control::set_override(false);
    }
    grader::grade::isolate::install_panic_hook();
    let code = match grader::cli::run(command) {
        Ok(Outcome::Passed) => ExitCode::from(PASSED),
        Ok(Outcome::Failed) => ExitCode::from(FAILED),
        Err(e) => {
            use colored::Colorize;
            eprintln!("{} {e}", grader::t!(error_label).red().bold());
            ExitCode::from(e.exit_code())
        }
    };
    write_peak_memory();
    code
}

/// With `PMPP_PEAK_MEMORY_FILE` set (the memory-limit tests), write this process's peak resident
/// memory there, as Linux counts it for this program alone (`VmHWM` of /proc/self/status; a
/// parent's rusage would also count the memory of the process it was started from).
fn write_peak_memory() {
    let Some(path) = std::env::var_os("PMPP_PEAK_MEMORY_FILE") else { return };
    if let Ok(status) = std::fs::read_to_string("/proc/self/status") {
        if let Some(line) = status.lines().find(|l| l.starts_with("VmHWM:")) {
            let _ = std::fs::write(path, line.trim_start_matches("VmHWM:").trim());
        }
    }
}
