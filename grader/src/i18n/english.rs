//! English left in a text said in Chinese: the check behind "nothing English in a Chinese run"
//! (the help, `grader time`), for the tests of the command line and of each report.

/// The runs of English words in `text` that read as a sentence's piece: two or more words in a
/// row of which at least one is lower case ("Print help", "not graded", "index mod"). Not read:
/// `code spans`, command lines (a line that starts with `cargo ` or `grader `), and tokens that
/// hold anything but letters (flags, paths, placeholders, numbers, Chinese). Names in capitals
/// alone or side by side ("NVIDIA GPU", "Nsight Compute") are no sentence.
pub fn english_runs(text: &str) -> Vec<String> {
    let mut runs = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("cargo ") || trimmed.starts_with("grader ") {
            continue;
        }
        let mut run: Vec<&str> = Vec::new();
        let mut flush = |run: &mut Vec<&str>| {
            let command_line = matches!(run.first(), Some(&"grader" | &"cargo"));
            if !command_line && run.len() >= 2 && run.iter().any(|w| w.chars().all(|c| c.is_ascii_lowercase())) {
                runs.push(run.join(" "));
            }
            run.clear();
        };
        let code = without_code(line);
        for token in tokens(&code) {
            // Punctuation before or after a word ends the run (a list's commas, a sentence's end).
            if token.starts_with(['(', '[', '"', '\'']) {
                flush(&mut run);
            }
            let word = token.trim_matches(|c: char| "()[]{},.;:!?\"'".contains(c));
            let is_word = word.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
                && word.chars().all(|c| c.is_ascii_alphabetic() || c == '\'' || c == '-');
            if is_word {
                run.push(word);
            } else {
                flush(&mut run);
            }
            if token.ends_with([',', ';', '.', ':', '!', '?', ')', ']']) {
                flush(&mut run);
            }
        }
        flush(&mut run);
    }
    runs
}

/// `line` with its `code spans` blanked.
fn without_code(line: &str) -> String {
    line.split('`').enumerate().map(|(i, part)| if i % 2 == 0 { part } else { " " }).collect::<Vec<_>>().join(" ")
}

/// `line`'s tokens: runs of ASCII between spaces, and each other character alone (a Chinese
/// word or punctuation mark between two English words parts them as a word of its own would,
/// and holds none itself).
fn tokens(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        if c.is_ascii() && !c.is_whitespace() {
            start.get_or_insert(i);
            continue;
        }
        if let Some(s) = start.take() {
            out.push(&line[s..i]);
        }
        if !c.is_ascii() {
            out.push(&line[i..i + c.len_utf8()]);
        }
    }
    if let Some(s) = start {
        out.push(&line[s..]);
    }
    out
}
