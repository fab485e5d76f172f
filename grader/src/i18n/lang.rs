//! Which language to speak: `--lang`, else the locale the environment names, else English.

use std::fmt;

use unic_langid::LanguageIdentifier;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    En = 0,
    ZhHans = 1,
    ZhHant = 2,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::ZhHans, Lang::ZhHant];

    /// The BCP 47 tag `--lang` takes and the catalogue's folder is named by.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhHans => "zh-Hans",
            Lang::ZhHant => "zh-Hant",
        }
    }

    pub fn langid(self) -> LanguageIdentifier {
        self.tag().parse().expect("the course's tags are BCP 47")
    }

    /// The language a locale or language tag names, or `None` for one the course does not speak.
    /// POSIX locales (`zh_TW.UTF-8`, `zh_CN.GB18030@pinyin`) and BCP 47 tags (`zh-Hant-HK`) alike.
    /// Chinese is mapped by script where the tag names one, else by region: Taiwan, Hong Kong
    /// and Macau write Traditional; mainland China, Singapore and a bare `zh`, Simplified.
    /// (Fluent's own negotiation would match `zh-TW` to whichever zh comes first.)
    pub fn from_locale(locale: &str) -> Option<Lang> {
        let base = locale.split(['.', '@']).next().unwrap_or("").replace('_', "-").to_ascii_lowercase();
        let mut parts = base.split('-').filter(|p| !p.is_empty());
        match parts.next()? {
            "en" | "c" | "posix" => Some(Lang::En),
            "zh" => {
                let rest: Vec<&str> = parts.collect();
                if rest.contains(&"hant") {
                    Some(Lang::ZhHant)
                } else if rest.contains(&"hans") {
                    Some(Lang::ZhHans)
                } else if rest.iter().any(|r| matches!(*r, "tw" | "hk" | "mo")) {
                    Some(Lang::ZhHant)
                } else {
                    Some(Lang::ZhHans)
                }
            }
            _ => None,
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag())
    }
}

/// `--lang` named a language the course does not speak.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LangError(pub String);

impl fmt::Display for LangError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tags: Vec<&str> = Lang::ALL.iter().map(|l| l.tag()).collect();
        f.write_str(&crate::t!(lang_unknown, given = &self.0, tags = tags.join(", ")))
    }
}

/// The language to speak: `--lang` when given; else the first of `LC_ALL`, `LC_MESSAGES` and
/// `LANG` that is set (POSIX's order; GNU's `LANGUAGE` list before them, as gettext reads it,
/// unless the locale is C); else the system's UI languages (Windows, macOS); else English. A
/// locale the course does not speak means English: it is not an error.
pub fn negotiate(flag: Option<&str>, env: impl Fn(&str) -> Option<String>) -> Result<Lang, LangError> {
    if let Some(f) = flag {
        return Lang::from_locale(f).ok_or_else(|| LangError(f.to_string()));
    }
    let set = |name: &str| env(name).filter(|v| !v.is_empty());
    let locale = set("LC_ALL").or_else(|| set("LC_MESSAGES")).or_else(|| set("LANG"));
    let is_c = locale.as_deref().is_some_and(|l| matches!(l, "C" | "POSIX") || l.starts_with("C."));
    if !is_c {
        if let Some(list) = set("LANGUAGE") {
            if let Some(lang) = list.split(':').find_map(Lang::from_locale) {
                return Ok(lang);
            }
        }
    }
    if let Some(l) = locale {
        return Ok(Lang::from_locale(&l).unwrap_or(Lang::En));
    }
    // No variable: Windows' and macOS' own UI languages (sys-locale reads the same variables on
    // other systems, which were just found unset).
    Ok(sys_locale::get_locales().find_map(|l| Lang::from_locale(&l)).unwrap_or(Lang::En))
}
