//! The grader's words in the student's language: English, Simplified or Traditional Chinese.
//!
//! Every sentence a student reads lives in a Project Fluent catalogue under `grader/locales/`,
//! one folder per language and one file per part of the grader (`report.ftl`, `findings.ftl`, …).
//! Code names a message by its id (`t!(lang_name)`) or carries it as a [`Text`] (an id and
//! its arguments) through the layers that decide *what* to say, so that only the layers that say
//! it (`render`, the commands, the hints) turn it into words, in the language chosen once at start
//! by [`negotiate`]. English is the fallback for a message a catalogue lacks (a test keeps every
//! catalogue complete). The JSON's keys never change; its texts follow the language.

use std::cell::Cell;
use std::fmt;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::types::{FluentNumber, FluentNumberOptions};
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

mod cases;
mod english;
mod lang;
#[cfg(test)]
mod variables;
mod width;

pub use cases::case_text;
pub use english::english_runs;
pub use lang::{negotiate, Lang, LangError};
pub use width::{pad, pad_left, width};

/// The catalogue's files, one per part of the grader; each language has every one.
macro_rules! catalogue {
    ($($file:literal),* $(,)?) => {
        /// The catalogue's file names (without `.ftl`).
        pub const FILES: &[&str] = &[$($file),*];

        /// Each file of a language's catalogue: its name and its text.
        pub fn sources(lang: Lang) -> Vec<(&'static str, &'static str)> {
            match lang {
                Lang::En => vec![$(($file, include_str!(concat!("../../locales/en/", $file, ".ftl")))),*],
                Lang::ZhHans => vec![$(($file, include_str!(concat!("../../locales/zh-Hans/", $file, ".ftl")))),*],
                Lang::ZhHant => vec![$(($file, include_str!(concat!("../../locales/zh-Hant/", $file, ".ftl")))),*],
            }
        }
    };
}

catalogue![
    "report",
    "findings",
    "judge",
    "commands",
    "hints",
    "sections",
    "toolchain",
    "book",
    "cases",
    "exercises",
    "files",
    "figures",
    "cli"
];

/// The language of this process, chosen by `main` (English until then).
static CHOSEN: AtomicU8 = AtomicU8::new(0);

thread_local! {
    /// A thread's own language, for tests that render the same report in several.
    static OVERRIDE: Cell<Option<Lang>> = const { Cell::new(None) };
}

/// Speak `lang` from now on (`main`, once the command line is read).
pub fn choose(lang: Lang) {
    CHOSEN.store(lang as u8, Ordering::Relaxed);
}

/// The language in use on this thread.
pub fn current() -> Lang {
    OVERRIDE.with(|o| o.get()).unwrap_or_else(|| Lang::ALL[CHOSEN.load(Ordering::Relaxed) as usize])
}

/// Run `f` with this thread speaking `lang` (tests, and reports rendered in a given language).
pub fn with_lang<R>(lang: Lang, f: impl FnOnce() -> R) -> R {
    let before = OVERRIDE.with(|o| o.replace(Some(lang)));
    let out = f();
    OVERRIDE.with(|o| o.set(before));
    out
}

type Bundle = FluentBundle<FluentResource>;

fn bundles() -> &'static [Bundle] {
    static BUNDLES: OnceLock<Vec<Bundle>> = OnceLock::new();
    BUNDLES.get_or_init(|| Lang::ALL.iter().map(|&l| bundle(l)).collect())
}

/// A language's catalogue, its files in one bundle. A file that does not parse keeps the messages
/// that do (the catalogue test fails on any error).
pub fn bundle(lang: Lang) -> Bundle {
    let mut b = FluentBundle::new_concurrent(vec![lang.langid()]);
    // No Unicode isolation marks around arguments: a terminal prints them as gaps or boxes.
    b.set_use_isolating(false);
    b.set_formatter(Some(format_number));
    for (_, text) in sources(lang) {
        let res = FluentResource::try_new(text.to_string()).unwrap_or_else(|(res, _)| res);
        // A duplicate id keeps the first; the catalogue test reports it.
        let _ = b.add_resource(res);
    }
    b
}

/// An argument of a message: words, an integer (exact at any size, shown with the language's
/// digit grouping, and a plural's choice), a fraction or another message.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Str(String),
    Int(i128),
    Float(f64),
    Text(Box<Text>),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Str(s.to_string())
    }
}
impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Str(s)
    }
}
impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Str(s.clone())
    }
}
impl From<Text> for Arg {
    fn from(t: Text) -> Arg {
        Arg::Text(Box::new(t))
    }
}
impl From<&Text> for Arg {
    fn from(t: &Text) -> Arg {
        Arg::Text(Box::new(t.clone()))
    }
}
macro_rules! integer_args {
    ($($t:ty),*) => { $(impl From<$t> for Arg { fn from(n: $t) -> Arg { Arg::Int(n as i128) } })* };
}
integer_args!(u8, u16, u32, u64, usize, i32, i64);
macro_rules! fraction_args {
    ($($t:ty),*) => { $(impl From<$t> for Arg { fn from(n: $t) -> Arg { Arg::Float(n as f64) } })* };
}
fraction_args!(f32, f64);

/// The constructors of the English catalogue's messages, generated by `build.rs`: one struct per
/// message, named by its id with `_` for `-`, its fields the message's variables.
#[allow(non_camel_case_types)]
pub mod msg {
    use super::{Arg, Text};
    include!(concat!(env!("OUT_DIR"), "/msg.rs"));
}

/// Something to be said: a catalogue message and its arguments, or words that are not the
/// grader's own (a compiler's log, a path), said as they are in every language. Its `Display`
/// and its JSON are its words in the current language.
#[derive(Clone, Debug, PartialEq)]
pub enum Text {
    Message { id: &'static str, args: Vec<(&'static str, Arg)> },
    Plain(String),
}

impl Text {
    /// Message `id` with `args`: the generated constructors' (`msg`), or one an exercise names
    /// (its title, hints, target advice, mistakes, case labels; tests check each is in the
    /// catalogue).
    pub fn message(id: &'static str, args: Vec<(&'static str, Arg)>) -> Text {
        Text::Message { id, args }
    }

    /// Words said as they are, in every language.
    pub fn plain(words: impl Into<String>) -> Text {
        Text::Plain(words.into())
    }

    pub fn is_empty(&self) -> bool {
        matches!(self, Text::Plain(p) if p.is_empty())
    }

    /// The words in the current language.
    pub fn render(&self) -> String {
        match self {
            Text::Plain(p) => p.clone(),
            Text::Message { id, args } => {
                let mut fluent = FluentArgs::new();
                for (name, value) in args {
                    fluent.set(*name, fluent_value(value));
                }
                say(id, Some(&fluent))
            }
        }
    }
}

/// An argument as Fluent takes it. An integer is a number (a plural's choice) marked as having
/// no fraction, for [`format_number`]; one past 2^53, where an `f64` would lose digits, is its
/// digits grouped as [`format_number`] groups them (its plural is "other" in every language the
/// course speaks, which is what a select falls back to).
fn fluent_value(value: &Arg) -> FluentValue<'static> {
    const EXACT_IN_F64: i128 = 1 << 53;
    match value {
        Arg::Str(s) => FluentValue::from(s.clone()),
        Arg::Int(n) if n.abs() <= EXACT_IN_F64 => {
            let options = FluentNumberOptions { maximum_fraction_digits: Some(0), ..Default::default() };
            FluentValue::Number(FluentNumber::new(*n as f64, options))
        }
        Arg::Int(n) => FluentValue::from(group_digits(*n)),
        Arg::Float(x) => FluentValue::from(*x),
        Arg::Text(t) => FluentValue::from(t.render()),
    }
}

/// `n` with its thousands grouped by commas, as English and Chinese both write them.
pub fn group_digits(n: i128) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::from(if n < 0 { "-" } else { "" });
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The bundles' number formatter: an integer argument ([`fluent_value`]) grouped; a fraction as
/// Fluent writes it.
fn format_number<M>(value: &FluentValue, _: &M) -> Option<String> {
    match value {
        FluentValue::Number(n) if n.options.maximum_fraction_digits == Some(0) && n.options.use_grouping => {
            Some(group_digits(n.value as i128))
        }
        _ => None,
    }
}

impl Default for Text {
    fn default() -> Text {
        Text::plain("")
    }
}

impl From<String> for Text {
    fn from(s: String) -> Text {
        Text::plain(s)
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Text {
        Text::plain(s)
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render())
    }
}

impl serde::Serialize for Text {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.render())
    }
}

/// Message `id` in the current language, English where its catalogue lacks it. A message Fluent
/// cannot say as written (a variable it was not given) or an id no catalogue has is a bug: a
/// debug build stops on it; a release one says the English message rather than showing `{$x}`,
/// or the id where English fails too.
pub fn say(id: &str, args: Option<&FluentArgs>) -> String {
    let all = bundles();
    for lang in [current(), Lang::En] {
        match format(&all[lang as usize], id, args) {
            Some(Ok(words)) => return words,
            Some(Err(error)) => {
                debug_assert!(false, "{lang}: {error}");
            }
            None => {}
        }
    }
    debug_assert!(false, "no message {id} in the catalogue");
    id.to_string()
}

/// Message `id` of bundle `b` with `args`: its words, or what Fluent could not do; `None` where
/// the bundle lacks it.
fn format(b: &Bundle, id: &str, args: Option<&FluentArgs>) -> Option<Result<String, String>> {
    let pattern = b.get_message(id)?.value()?;
    let mut errors = Vec::new();
    let words = b.format_pattern(pattern, args, &mut errors).into_owned();
    Some(if errors.is_empty() { Ok(words) } else { Err(format!("{id}: {errors:?} (said {words:?})")) })
}

/// Whether English (and so, by the catalogue test, every language) has message `id`.
pub fn exists(id: &str) -> bool {
    bundles()[Lang::En as usize].has_message(id)
}

/// `t!(message_id)` or `t!(message_id, name = value, …)`: a message's words in the current
/// language. The id is the message's with `_` for `-`; an unknown id, or a missing, extra or
/// misnamed argument, does not compile (`msg`):
///
/// ```
/// let said = grader::t!(report_findings_more, more = 12_345u64);
/// assert_eq!(said, "… the first occurrence of each is listed; 12,345 more occurrences not listed");
/// ```
/// ```compile_fail,E0422
/// let said = grader::t!(report_findings_mor, more = 1u64); // no such message
/// ```
/// ```compile_fail,E0063
/// let said = grader::t!(report_findings_more); // $more missing
/// ```
/// ```compile_fail,E0560
/// let said = grader::t!(report_findings_more, mor = 1u64); // misnamed
/// ```
/// ```compile_fail,E0560
/// let said = grader::t!(report_findings_more, more = 1u64, extra = 2u64); // not in the message
/// ```
#[macro_export]
macro_rules! t {
    ($id:ident $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::text!($id $(, $name = $value)*).render()
    };
}

/// `text!(message_id, name = value, …)`: the same message as a [`Text`], to be said later.
#[macro_export]
macro_rules! text {
    ($id:ident $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::i18n::Text::from($crate::i18n::msg::$id { $($name: $crate::i18n::Arg::from($value)),* })
    };
}

#[cfg(test)]
mod terms;
#[cfg(test)]
mod tests;
