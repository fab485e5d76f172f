//! `reset <SECTION>`: the section's stub put back in place, after asking.

use super::SectionArg;
use crate::course::{progress, Course};
use crate::error::{Outcome, Result};

#[derive(Debug, clap::Args)]
pub struct Args {
    #[arg(value_name = "SECTION", value_parser = super::section_arg)]
    pub section: SectionArg,
    /// Restore the stub without asking.
    #[arg(long, short = 'y')]
    pub yes: bool,
}

pub fn run(args: &Args, course: &Course) -> Result<Outcome> {
    let stdin = std::io::stdin();
    progress::reset(course.root()?, args.section.0, args.yes, &mut stdin.lock(), &mut std::io::stdout())?;
    Ok(Outcome::Passed)
}
