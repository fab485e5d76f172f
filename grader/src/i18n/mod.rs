//! The grader's words in the student's language: English, Simplified or Traditional Chinese.
//!
//! Every sentence a student reads lives in a Project Fluent catalogue under `grader/locales/`,
//! one folder per language and one file per part of the grader (`report.ftl`, `findings.ftl`, …).
//! Code names a message by its id (`t!("lang-name")`) or carries it as a [`Text`] (an id and
//! its arguments) through the layers that decide *what* to say, so that only the layers that say
//! it (`render`, the commands, the hints) turn it into words, in the language chosen once at start
//! by [`negotiate`]. English is the fallback for a message a catalogue lacks (a test keeps every
//! catalogue complete). The JSON's keys never change; its texts follow the language.

use std::cell::Cell;
use std::fmt;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

mod cases;
mod english;
mod lang;
mod memory;
mod width;

pub use cases::case_text;
pub use english::english_runs;
pub use lang::{negotiate, Lang, LangError};
pub use memory::{english_messages, memory_id};
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
    for (_, text) in sources(lang) {
        let res = FluentResource::try_new(text.to_string()).unwrap_or_else(|(res, _)| res);
        // A duplicate id keeps the first; the catalogue test reports it.
        let _ = b.add_resource(res);
    }
    b
}

/// An argument of a message: text, a number (for a plural's choice; give counts that are shown
/// with their thousands separators as text too) or another message.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Str(String),
    Num(f64),
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
macro_rules! number_args {
    ($($t:ty),*) => { $(impl From<$t> for Arg { fn from(n: $t) -> Arg { Arg::Num(n as f64) } })* };
}
number_args!(u8, u16, u32, u64, usize, i32, i64, f32, f64);

/// A message to be said: its catalogue id and arguments, or (`Text::plain`) words that are not
/// the grader's own (a compiler's log, a path), said as they are in every language. Its
/// `Display` and its JSON are its words in the current language.
#[derive(Clone, Debug, PartialEq)]
pub struct Text {
    id: &'static str,
    args: Vec<(&'static str, Arg)>,
    plain: Option<String>,
}

impl Text {
    pub fn new(id: &'static str) -> Text {
        Text { id, args: Vec::new(), plain: None }
    }

    /// Words said as they are, in every language.
    pub fn plain(words: impl Into<String>) -> Text {
        Text { id: "", args: Vec::new(), plain: Some(words.into()) }
    }

    /// Words the exercises write in English (a target's advice, a classic mistake's name): their
    /// message where the translation memory (`exercises.ftl`) has these exact English words, so
    /// that they are said in the current language; else the words as they are.
    pub fn english(words: impl Into<String>) -> Text {
        let words = words.into();
        match memory_id(&words) {
            Some(id) => Text::new(id),
            None => Text::plain(words),
        }
    }

    pub fn arg(mut self, name: &'static str, value: impl Into<Arg>) -> Text {
        self.args.push((name, value.into()));
        self
    }

    /// The catalogue id ("" for plain words).
    pub fn id(&self) -> &'static str {
        self.id
    }

    pub fn is_empty(&self) -> bool {
        self.plain.as_deref() == Some("")
    }

    /// The words in the current language.
    pub fn render(&self) -> String {
        if let Some(p) = &self.plain {
            return p.clone();
        }
        let mut args = FluentArgs::new();
        for (name, value) in &self.args {
            let v = match value {
                Arg::Str(s) => FluentValue::from(s.clone()),
                Arg::Num(n) => FluentValue::from(*n),
                Arg::Text(t) => FluentValue::from(t.render()),
            };
            args.set(*name, v);
        }
        say(self.id, Some(&args))
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

/// Message `id` in the current language, English where its catalogue lacks it, the id itself
/// where English does too (the catalogue test makes that a failure).
pub fn say(id: &str, args: Option<&FluentArgs>) -> String {
    let all = bundles();
    for lang in [current(), Lang::En] {
        let b = &all[lang as usize];
        if let Some(pattern) = b.get_message(id).and_then(|m| m.value()) {
            let mut errors = Vec::new();
            return b.format_pattern(pattern, args, &mut errors).into_owned();
        }
    }
    id.to_string()
}

/// Whether English (and so, by the catalogue test, every language) has message `id`.
pub fn exists(id: &str) -> bool {
    bundles()[Lang::En as usize].has_message(id)
}

/// `t!("id")` or `t!("id", name = value, …)`: a message's words in the current language.
#[macro_export]
macro_rules! t {
    ($id:literal) => { $crate::i18n::say($id, None) };
    ($id:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::i18n::Text::new($id)$(.arg(stringify!($name), $value))+.render()
    };
}

/// `text!("id", name = value, …)`: the same message as a [`Text`], to be said later.
#[macro_export]
macro_rules! text {
    ($id:literal) => { $crate::i18n::Text::new($id) };
    ($id:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::i18n::Text::new($id)$(.arg(stringify!($name), $value))+
    };
}

#[cfg(test)]
mod terms;
#[cfg(test)]
mod tests;
