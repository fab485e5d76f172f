//! The section registry (grader/src/course/sections.rs) is the one list: every registered section
//! follows the rules every section must, and the course tree (exercises/, solutions/, the stub
//! copies, grader/Cargo.toml) holds exactly the registered sections.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").canonicalize().unwrap()
}

#[test]
fn every_registered_section_is_well_formed() {
    let ids = grader::course::sections::ids();
    let textbook = ["7.2", "7.3", "7.4", "7.5", "1d", "8.2", "8.3", "8.4", "8.5"];
    assert_eq!(ids, [&textbook[..], &["challenge-2d", "challenge-3d"]].concat(), "course order");
    for s in grader::course::sections::all() {
        let problems = kernels::exercise::section_problems(s);
        assert!(problems.is_empty(), "section {}: {problems:?}", s.id());
    }
}

#[test]
fn the_well_formedness_check_can_fail() {
    let mut case = section_7_4::section().visible_cases().remove(0);
    assert!(kernels::exercise::well_formed(&case).is_ok());
    case.geometry.block = [64, 32, 1];
    assert!(kernels::exercise::well_formed(&case).unwrap_err().contains("2048 threads per block"));
    let mut case = section_7_4::section().visible_cases().remove(0);
    case.shape[0] += 1;
    assert!(kernels::exercise::well_formed(&case).unwrap_err().contains("output of"));
}

#[test]
fn the_tree_holds_exactly_the_registered_sections() {
    assert_eq!(grader::course::sections::layout_problems(&root()), Vec::<String>::new());
    // Every section crate is a dependency of the grader, at its registered directory.
    let manifest = std::fs::read_to_string(root().join("grader/Cargo.toml")).unwrap();
    let deps: Vec<&str> = manifest.lines().filter(|l| l.starts_with("section-")).collect();
    assert_eq!(deps.len(), grader::course::sections::all().len(), "{deps:?}");
    for (dir, _) in grader::course::sections::STUBS {
        assert!(
            deps.iter().any(|d| d.contains(&format!("\"../exercises/{dir}\""))),
            "{dir} is not a grader dependency"
        );
    }
}

/// The section directories of the course, copied (kernel.cu and Cargo.toml only) under `to`.
fn copy_course(to: &Path) {
    for place in ["exercises", "solutions", "grader/bundle/stubs"] {
        for entry in std::fs::read_dir(root().join(place)).unwrap() {
            let dir = entry.unwrap().path();
            for file in ["kernel.cu", "Cargo.toml"] {
                if dir.join(file).is_file() {
                    let target = to.join(place).join(dir.file_name().unwrap());
                    std::fs::create_dir_all(&target).unwrap();
                    std::fs::copy(dir.join(file), target.join(file)).unwrap();
                }
            }
        }
    }
    std::fs::copy(root().join("Cargo.toml"), to.join("Cargo.toml")).unwrap();
}

#[test]
fn a_tree_that_disagrees_with_the_registry_fails() {
    let tmp = tempfile::tempdir().unwrap();
    copy_course(tmp.path());
    assert_eq!(grader::course::sections::layout_problems(tmp.path()), Vec::<String>::new());
    std::fs::remove_file(tmp.path().join("grader/bundle/stubs/7.4-halo-tiling/kernel.cu")).unwrap();
    assert_eq!(
        grader::course::sections::layout_problems(tmp.path()),
        vec!["grader/bundle/stubs/7.4-halo-tiling/kernel.cu is missing".to_string()]
    );
    std::fs::create_dir_all(tmp.path().join("exercises/9.1-new-section")).unwrap();
    std::fs::write(tmp.path().join("exercises/9.1-new-section/Cargo.toml"), "[package]\n").unwrap();
    let problems = grader::course::sections::layout_problems(tmp.path());
    assert!(
        problems.iter().any(|p| p.contains("exercises/9.1-new-section is not a registered section")),
        "{problems:?}"
    );
    std::fs::remove_dir_all(tmp.path().join("solutions/8.5-register-tiling")).unwrap();
    let problems = grader::course::sections::layout_problems(tmp.path());
    assert!(problems.iter().any(|p| p == "solutions/8.5-register-tiling/kernel.cu is missing"), "{problems:?}");
}
