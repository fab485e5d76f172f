//! The metrics case's buffers as the traffic views draw them: each named after the kernel
//! parameter it is passed as, shaped like the output where it has as many elements, with its
//! loads per element (the reuse maps) or one block's loads (the block view).

use kernels::exercise::{Arg, Buffer, Case, Section};

use super::block;
use crate::backend::BlockView;
use crate::course::KernelFile;
use crate::error::{Error, Result};
use crate::model::{BufferReuse, LoadStats};
use crate::t;

/// The metrics case as launched, and the kernel's parameter names, as its definition gives them.
pub struct Launched<'c> {
    pub case: &'c Case,
    pub names: Vec<String>,
}

impl Launched<'_> {
    /// The name of the kernel parameter buffer `i` is passed as.
    pub fn buffer_name(&self, i: usize) -> String {
        let argument = self.case.args.iter().position(|a| matches!(a, Arg::Buffer(b) if *b == i)).unwrap_or(i);
        match self.names.get(argument).filter(|n| !n.is_empty()) {
            Some(n) => n.clone(),
            None => t!(report_argument, number = (argument + 1).to_string()),
        }
    }

    /// A buffer's shape: the output's when it has as many elements, else one row.
    pub fn shape(&self, elements: usize) -> [usize; 3] {
        if elements == self.case.expected.len() {
            self.case.shape
        } else {
            [elements, 1, 1]
        }
    }

    /// The input buffers and their loads per element; `plane` chooses the z plane the maps of a
    /// 3D buffer show (the middle one by default).
    pub fn reuse(&self, section: &dyn Section, loads: Vec<Vec<u32>>, plane: Option<usize>) -> Result<Vec<BufferReuse>> {
        let mut buffers = Vec::new();
        for (i, (buffer, counts)) in self.case.buffers.iter().zip(loads).enumerate() {
            if !matches!(buffer, Buffer::Input(_) | Buffer::InOut(_)) || counts.iter().all(|&c| c == 0) {
                continue;
            }
            let shape = self.shape(counts.len());
            let name = self.buffer_name(i);
            let plane = match plane {
                None => shape[2] / 2,
                Some(z) if z < shape[2] => z,
                Some(z) if shape[2] == 1 => {
                    return Err(Error::Usage(t!(report_plane_not_3d, plane = z.to_string(), section = section.id())))
                }
                Some(z) => {
                    return Err(Error::Usage(t!(
                        report_plane_out_of_range,
                        plane = z.to_string(),
                        name = &name,
                        last = (shape[2] - 1).to_string()
                    )))
                }
            };
            let elements = counts.len();
            let loads_per_element = LoadStats::of(&counts);
            buffers.push(BufferReuse { name, elements, shape, plane, loads_per_element, counts });
        }
        Ok(buffers)
    }

    /// The input buffers the block loaded from, as the block view draws them.
    pub fn drawn<'v>(&self, view: &'v BlockView) -> Vec<block::Drawn<'v>> {
        self.case
            .buffers
            .iter()
            .enumerate()
            .filter(|(i, b)| matches!(b, Buffer::Input(_) | Buffer::InOut(_)) && !view.global[*i].is_empty())
            .map(|(i, b)| {
                let len = match b {
                    Buffer::Input(d) | Buffer::InOut(d) => d.len(),
                    Buffer::OutputF32(n) | Buffer::OutputI32(n) => *n,
                };
                block::Drawn { name: self.buffer_name(i), shape: self.shape(len), loads: &view.global[i] }
            })
            .collect()
    }
}

/// The kernel's parameter names, from its file.
pub fn kernel_parameter_names(file: &KernelFile, section: &dyn Section) -> Result<Vec<String>> {
    let source = crate::build::read_kernel(file)?;
    Ok(parameter_names(&String::from_utf8_lossy(&source), section.kernel_name()))
}

/// The names of the kernel's parameters as the source declares them (`float *N` → `N`); empty
/// when the declaration cannot be found.
pub fn parameter_names(source: &str, kernel: &str) -> Vec<String> {
    // The definition: `void <kernel>(`, not a mention in a comment.
    let needle = format!("{kernel}(");
    let Some(at) = source.match_indices(&needle).map(|(i, _)| i).find(|&i| source[..i].trim_end().ends_with("void"))
    else {
        return Vec::new();
    };
    let list = &source[at + needle.len()..];
    let Some(end) = list.find(')') else { return Vec::new() };
    list[..end]
        .split(',')
        .map(|p| {
            let p = p.split('=').next().unwrap_or(p);
            let word = p.trim().rsplit(|c: char| !(c.is_alphanumeric() || c == '_')).next().unwrap_or("");
            word.to_string()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameter_names_come_from_the_declaration() {
        let src = "// conv(float *X, int y) in a comment comes first\n\
                   extern \"C\" __global__ void conv(float *N, const float* __restrict__ F, float * P, int r) {}";
        assert_eq!(parameter_names(src, "conv"), ["N", "F", "P", "r"]);
        assert!(parameter_names(src, "missing").is_empty());
    }
}
