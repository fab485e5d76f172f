//! `list`: every section, its title, where the student stands, and whether the kernel passes its
//! visible tests (a quick check: visible tests only).

use super::{Engine, Output};
use crate::course::{self, progress, sections, Course, Which};
use crate::error::{Outcome, Result};
use crate::grade::{grade_isolated, Grader};
use crate::model::RunReport;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Check the reference solutions instead of your kernels.
    #[arg(long)]
    pub solutions: bool,
    #[command(flatten)]
    pub engine: Engine,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Output,
}

/// Every section, its title, and whether the current kernel passes its visible tests.
pub fn run(args: &Args, course: &Course) -> Result<Outcome> {
    let root = course.root()?;
    use colored::Colorize;
    let (backend, compiler) = super::prepare(&args.engine)?;
    let grader = Grader::new(backend.as_ref(), compiler);
    let all = sections::all();
    let id_w = all.iter().map(|s| s.id().len()).max().unwrap_or(0);
    let title_w = all.iter().map(|s| crate::i18n::width(&sections::title_in_language(*s))).max().unwrap_or(0);
    let label_w = progress::Place::label_width();
    let which = if args.solutions { crate::t!(cmd_list_solutions) } else { crate::t!(cmd_list_yours) };
    let text = args.format == Output::Text;
    if text {
        println!("{}", compiler.describe());
        println!("{}", crate::t!(cmd_list_header, which = which));
    }
    let mut json = Vec::new();
    // done / current / tried / not started, from .progress.json (full gradings only).
    let progress = progress::Progress::load(root).unwrap_or_else(|e| {
        eprintln!("{}", crate::t!(cmd_note, message = e.to_string()));
        Default::default()
    });
    let ids = sections::ids();
    let which = if args.solutions { Which::Solution } else { Which::Exercise };
    for s in all {
        let status = match course::kernel_file(root, s, which) {
            Err(_) => crate::t!(cmd_list_no_kernel).yellow().to_string(),
            Ok(f) => match grade_isolated(&grader, s, &f, 0, true) {
                Ok(r) => {
                    let st = if r.passed {
                        crate::t!(cmd_list_passes).green()
                    } else if !r.compile.ok {
                        crate::t!(cmd_list_does_not_compile).red()
                    } else {
                        crate::t!(cmd_list_not_yet).red()
                    };
                    json.push(r);
                    st.to_string()
                }
                Err(e) => format!("? {e}").yellow().to_string(),
            },
        };
        if text {
            let place = progress.place(s.id(), &ids);
            let label = crate::i18n::pad(&place.label(), label_w.max(12));
            let label = match place {
                progress::Place::Done | progress::Place::DoneWithoutSpeed => label.green().to_string(),
                progress::Place::Current => label.cyan().bold().to_string(),
                _ => label,
            };
            let arrow = if place == progress::Place::Current { "→" } else { " " };
            let title = crate::i18n::pad(&sections::title_in_language(s), title_w);
            println!("{arrow} {:id_w$}  {title}  {label}  {status}", s.id());
        }
    }
    if !text {
        super::print_json(&RunReport { sections: json })?;
    }
    Ok(Outcome::Passed)
}
