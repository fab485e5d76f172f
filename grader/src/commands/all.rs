//! `all`: every section graded, in course order.

use std::path::PathBuf;

use super::{Engine, Grading, Output};
use crate::course::{self, sections, Course, Which};
use crate::error::{Outcome, Result};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Grade the reference solutions instead of your kernels.
    #[arg(long)]
    pub solutions: bool,
    #[command(flatten)]
    pub engine: Engine,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Output,
    /// The seed of the hidden tests.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Also grade an instructor's private hidden cases from this TOML/JSON file.
    #[arg(long, value_name = "FILE")]
    pub cases: Option<PathBuf>,
    /// Also measure each section's other configurations.
    #[arg(long)]
    pub variants: bool,
}

pub fn run(args: &Args, course: &Course) -> Result<Outcome> {
    let root = course.root()?;
    let which = if args.solutions { Which::Solution } else { Which::Exercise };
    let chosen = sections::all()
        .into_iter()
        .map(|s| course::kernel_file(root, s, which).map(|f| (s, f)))
        .collect::<Result<Vec<_>>>()?;
    let how = Grading {
        engine: &args.engine,
        output: args.format,
        seed: args.seed,
        cases: args.cases.as_deref(),
        variants: args.variants,
        record: !args.solutions,
    };
    super::grade_sections(&how, root, chosen)
}
