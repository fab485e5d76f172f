//! `--cases FILE`: an instructor's private hidden cases, kept out of the students' repository and
//! graded after the section's own hidden cases. TOML (or JSON when the file ends in `.json`):
//!
//! ```toml
//! [[case]]
//! section = "7.4"      # which section the case is for
//! width = 1000         # 2D convolution sections (7.2 7.3 7.4 7.5): width, height, radius
//! height = 3
//! radius = 3
//! seed = 42            # the random data (default 0): same seed, same case
//! name = "wide strip"  # optional, shown in reports
//!
//! [[case]]
//! section = "8.3"      # 3D stencils (8.2-8.5): n points per side, at most 160
//! n = 37
//!
//! [[case]]
//! section = "1d"       # the 1D stencil: n elements, at most 2^22
//! n = 100003
//! ```
//! The JSON form is `{"case": [{"section": "7.4", "width": 1000, ...}, ...]}`. Unknown keys are
//! errors (a typo would otherwise silently drop a size).

use std::path::Path;

use crate::error::{Error, Result};
use kernels::exercise::{Case, CaseRng, CaseSpec};
use rand::SeedableRng;
use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CasesFile {
    #[serde(default)]
    case: Vec<Entry>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    section: String,
    #[serde(default)]
    seed: u64,
    name: Option<String>,
    width: Option<usize>,
    height: Option<usize>,
    radius: Option<usize>,
    n: Option<usize>,
}

/// The cases of a file's text, by section id, in file order.
pub fn parse(text: &str, json: bool) -> Result<Vec<(&'static str, Case)>> {
    let file: CasesFile = if json {
        serde_json::from_str(text).map_err(|e| Error::Course(format!("not valid cases JSON: {e}")))?
    } else {
        toml::from_str(text).map_err(|e| Error::Course(format!("not valid cases TOML: {e}")))?
    };
    if file.case.is_empty() {
        return Err(Error::Course("no cases: write one or more [[case]] tables".into()));
    }
    let mut out = Vec::new();
    for (i, e) in file.case.into_iter().enumerate() {
        let at = format!("case {} (section {})", i + 1, e.section);
        let section = crate::course::sections::find(&e.section).ok_or_else(|| {
            Error::Course(format!("{at}: unknown section (sections: {})", crate::course::sections::ids().join(", ")))
        })?;
        let spec = CaseSpec { name: e.name, width: e.width, height: e.height, radius: e.radius, n: e.n };
        let mut rng = CaseRng::seed_from_u64(e.seed);
        let case = section.custom_case(&spec, &mut rng).map_err(|m| Error::Course(format!("{at}: {m}")))?;
        out.push((section.id(), case));
    }
    Ok(out)
}

pub fn load(path: &Path) -> Result<Vec<(&'static str, Case)>> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error::Course(format!("cannot read the cases file {}: {e}", path.display())))?;
    let json = path.extension().is_some_and(|x| x.eq_ignore_ascii_case("json"));
    parse(&text, json).map_err(|e| Error::Course(format!("{}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use kernels::exercise::Visibility;

    #[test]
    fn toml_and_json_give_the_same_cases() {
        let toml = "[[case]]\nsection = \"7.4\"\nwidth = 100\nheight = 3\nradius = 3\nseed = 42\n\n[[case]]\nsection = \"8.3\"\nn = 11\n\n[[case]]\nsection = \"1d\"\nn = 1001\nname = \"odd\"\n";
        let json = r#"{"case": [{"section": "7.4", "width": 100, "height": 3, "radius": 3, "seed": 42},
                                {"section": "8.3", "n": 11}, {"section": "1d", "n": 1001, "name": "odd"}]}"#;
        let a = parse(toml, false).unwrap();
        let b = parse(json, true).unwrap();
        assert_eq!(a.len(), b.len());
        for ((ia, ca), (ib, cb)) in a.iter().zip(&b) {
            assert_eq!((ia, &ca.name, ca.shape, &ca.defines), (ib, &cb.name, cb.shape, &cb.defines));
            // Debug text, as outputs hold NaN (the poison) and NaN != NaN.
            assert!(format!("{:?}", ca.buffers) == format!("{:?}", cb.buffers), "{} data", ca.name);
            assert!(ca.expected == cb.expected, "{} expected", ca.name);
        }
        let ids: Vec<&str> = a.iter().map(|(id, _)| *id).collect();
        assert_eq!(ids, ["7.4", "8.3", "1d"]);
        let (_, conv) = &a[0];
        assert_eq!(
            (conv.shape, conv.name.as_str(), conv.visibility),
            ([100, 3, 1], "private: 100×3 r=3", Visibility::Hidden)
        );
        assert!(conv.defines.iter().any(|(k, v)| k == "FILTER_RADIUS" && v == "3"), "{:?}", conv.defines);
        assert_eq!(a[1].1.shape, [11, 11, 11]);
        assert_eq!((a[2].1.shape, a[2].1.name.as_str()), ([1001, 1, 1], "private: odd"));
        // The seed decides the data.
        let other = parse(&toml.replace("seed = 42", "seed = 43"), false).unwrap();
        assert_ne!(other[0].1.buffers, a[0].1.buffers);
        assert!(format!("{:?}", other[1].1) == format!("{:?}", a[1].1), "a case without a seed is the same every time");
    }

    #[test]
    fn mistakes_are_named() {
        let err = |t: &str| parse(t, false).unwrap_err();
        assert!(err("[[case]]\nsection = \"9.9\"\nn = 3\n").contains("case 1 (section 9.9): unknown section"));
        assert!(err("[[case]]\nsection = \"7.4\"\nwidth = 10\nheight = 10\n").contains("needs `radius`"));
        assert!(err("[[case]]\nsection = \"7.4\"\nwidth = 10\nheight = 10\nradius = 16\n").contains("at most 15"));
        assert!(err("[[case]]\nsection = \"8.2\"\nn = 0\n").contains("`n` must be at least 1"));
        assert!(err("[[case]]\nsection = \"8.2\"\nN = 5\n").contains("unknown field `N`"));
        assert!(err("").contains("no cases"));
        assert!(err("[[case]\n").contains("not valid cases TOML"));
    }
}
