//! `hint <SECTION> [N]`: the next hint for a section, or its first N.

use super::SectionArg;
use crate::course::{hints, Course};
use crate::error::{Outcome, Result};

#[derive(Debug, clap::Args)]
pub struct Args {
    // Indices fixed: `command()` sets SECTION's help, which moves it to the end of the list.
    #[arg(index = 1, value_name = "SECTION", value_parser = super::section_arg)]
    pub section: SectionArg,
    /// How many hints to show (default: one more than last time).
    #[arg(index = 2, value_name = "N", value_parser = hint_count)]
    pub count: Option<usize>,
}

pub fn run(args: &Args, course: &Course) -> Result<Outcome> {
    print!("{}", hints::run(course.root()?, args.section.0, args.count));
    Ok(Outcome::Passed)
}

fn hint_count(n: &str) -> std::result::Result<usize, String> {
    match n.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(crate::t!(cmd_hint_count)),
    }
}
