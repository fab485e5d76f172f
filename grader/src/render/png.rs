//! The SVG figures (`render::svg`) as PNG, for a platform that shows images but not SVG
//! (PrairieLearn's results carry base64 PNG), with the `png` feature (see grader/Cargo.toml).
//! Text is drawn with subsets of DejaVu Sans and, for the Chinese figures' words, WenQuanYi Micro
//! Hei, built into the binary (`grader/assets`, made by `tools/font-subset.sh`): a grading
//! container has no fonts of its own, and the figures must look the same everywhere.

use base64::Engine as _;

/// Whether this grader draws PNG (built with the `png` feature).
pub const AVAILABLE: bool = cfg!(feature = "png");

/// The PNG of an SVG document; `Err` says why it could not be drawn.
#[cfg(not(feature = "png"))]
pub fn from_svg(_svg: &str) -> Result<Vec<u8>, String> {
    Err("this grader was built without PNG drawing (cargo build --features png)".into())
}

/// The PNG of an SVG document; `Err` says why it could not be drawn.
/// The Chinese catalogues' characters (a glyph DejaVu lacks is taken from it).
#[cfg(feature = "png")]
const CHINESE_FONT: &[u8] = include_bytes!("../../assets/WenQuanYiMicroHei-subset.ttf");

#[cfg(feature = "png")]
pub fn from_svg(svg: &str) -> Result<Vec<u8>, String> {
    use resvg::{tiny_skia, usvg};
    const FONT: &[u8] = include_bytes!("../../assets/DejaVuSans-subset.ttf");
    const FONT_FAMILY: &str = "DejaVu Sans";

    let mut options = usvg::Options::default();
    let fonts = options.fontdb_mut();
    fonts.load_font_data(FONT.to_vec());
    fonts.load_font_data(CHINESE_FONT.to_vec());
    fonts.set_sans_serif_family(FONT_FAMILY);
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| format!("cannot read the SVG: {e}"))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| format!("cannot draw a {}×{} image", size.width(), size.height()))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| format!("cannot encode the PNG: {e}"))
}

/// `data:image/png;base64,…`, as a web page's `<img src>` takes it.
pub fn data_url(png: &[u8]) -> String {
    format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(png))
}

#[cfg(all(test, feature = "png"))]
mod tests {
    use super::*;

    /// The PNG's width and height, from its header.
    fn size(png: &[u8]) -> (u32, u32) {
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "a PNG signature");
        let be = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
        (be(16), be(20))
    }

    #[test]
    fn a_figure_is_drawn_at_its_size_with_its_text() {
        let svg = |text: &str| {
            format!(
                r##"<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" font-family="sans-serif">
                <rect width="100%" height="100%" fill="white"/><text x="4" y="28" font-size="20">{text}</text></svg>"##
            )
        };
        let with_text = from_svg(&svg("7.4 ×2")).unwrap();
        assert_eq!(size(&with_text), (120, 40));
        // The text is drawn (the bundled font is found for `sans-serif`): more ink than none.
        let blank = from_svg(&svg("")).unwrap();
        assert!(with_text.len() > blank.len() + 100, "{} vs {} bytes", with_text.len(), blank.len());
        // Chinese words too (a fallback font): "kernel" and "thread block", as much ink as their
        // glyphs need, not none.
        let chinese = from_svg(&svg("\u{6838}\u{51fd}\u{6570} \u{7dda}\u{7a0b}\u{584a}")).unwrap();
        assert!(chinese.len() > blank.len() + 300, "{} vs {} bytes", chinese.len(), blank.len());
        assert!(from_svg("<svg").is_err());
        assert!(data_url(&blank).starts_with("data:image/png;base64,iVBORw0KGgo"));
    }

    /// Every character of the Chinese catalogues has a glyph in the bundled Chinese font (cut to
    /// them by tools/font-subset.sh): a word added to a catalogue without cutting the font again
    /// would be drawn as nothing in a Chinese student's figures.
    #[test]
    fn the_chinese_font_has_every_character_of_the_chinese_catalogues() {
        use skrifa::MetadataProvider as _;
        let font = skrifa::FontRef::new(CHINESE_FONT).expect("the bundled Chinese font parses");
        let charmap = font.charmap();
        let mut missing = std::collections::BTreeSet::new();
        for lang in [crate::i18n::Lang::ZhHans, crate::i18n::Lang::ZhHant] {
            for (_, text) in crate::i18n::sources(lang) {
                missing.extend(text.chars().filter(|&c| c > '\u{2e7f}' && charmap.map(c).is_none()));
            }
        }
        assert!(missing.is_empty(), "run tools/font-subset.sh: the font lacks {:?}", missing);
        assert!(
            charmap.map('\u{6838}').is_some() && charmap.map('\u{9b31}').is_none(),
            "the check reads the font's map"
        );
    }
}
