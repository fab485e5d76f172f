//! PTX text → tokens, each with its line.

use super::*;

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    Word(String),
    Num(String),
    Str(String),
    Punct(char),
}

#[derive(Clone, Debug)]
pub(crate) struct Token {
    pub tok: Tok,
    pub line: usize,
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '%' | '.')
}

pub(crate) fn tokenize(text: &str) -> Result<Vec<Token>, LoadError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let mut line = 1;
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && chars.get(i + 1) == Some(&'/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && chars.get(i + 1) == Some(&'*') {
            i += 2;
            while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                if chars[i] == '\n' {
                    line += 1;
                }
                i += 1;
            }
            i += 2;
        } else if c == '"' {
            let start_line = line;
            let mut s = String::new();
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\n' {
                    line += 1;
                }
                s.push(chars[i]);
                i += 1;
            }
            if i >= chars.len() {
                return Err(err(start_line, "unterminated string"));
            }
            i += 1;
            out.push(Token { tok: Tok::Str(s), line: start_line });
        } else if c.is_ascii_digit() {
            let mut s = String::new();
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '.') {
                s.push(chars[i]);
                i += 1;
            }
            out.push(Token { tok: Tok::Num(s), line });
        } else if is_word_char(c) {
            let mut s = String::new();
            // `L1::evict_last`-style cache hints are part of an opcode word.
            while i < chars.len()
                && (is_word_char(chars[i])
                    || (chars[i] == ':' && (chars.get(i + 1) == Some(&':') || chars[i - 1] == ':')))
            {
                s.push(chars[i]);
                i += 1;
            }
            out.push(Token { tok: Tok::Word(s), line });
        } else if ",;:[]{}()+-<>@!|=".contains(c) {
            out.push(Token { tok: Tok::Punct(c), line });
            i += 1;
        } else {
            return Err(err(line, format!("unexpected character `{c}`")));
        }
    }
    Ok(out)
}
