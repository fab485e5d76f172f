//! The course's sections in course order: one line per section crate.

use kernels::exercise::Section;

pub fn all() -> Vec<&'static dyn Section> {
    vec![
        section_7_2::section(),
        section_7_3::section(),
        section_7_4::section(),
        section_7_5::section(),
        section_1d::section(),
        section_8_2::section(),
        section_8_3::section(),
        section_8_4::section(),
        section_8_5::section(),
    ]
}

/// The section with this id (as typed on the command line; case-insensitive).
pub fn find(id: &str) -> Option<&'static dyn Section> {
    all().into_iter().find(|s| s.id().eq_ignore_ascii_case(id))
}

pub fn ids() -> Vec<&'static str> {
    all().iter().map(|s| s.id()).collect()
}
