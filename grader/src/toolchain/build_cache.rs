//! The build cache: a compiler's output kept on disk, keyed by everything the compiler was given
//! (its identity, options, the course's headers and the source), so that a kernel graded again
//! unchanged (the next run, `watch`, `all`, `verify`, the tests) is not compiled again, as the
//! CUDA driver keeps its JIT builds in `~/.nv/ComputeCache`. Only builds that succeed are kept:
//! an error, a limit and their messages always come from the compiler itself. What the grader
//! makes of an output (`check_ptx`, the defines' warnings) is done again on every use.
//!
//! `<course cache>/builds/<key>`; `PMPP_BUILD_CACHE=off` turns it off, `PMPP_BUILD_CACHE=DIR`
//! puts it in DIR.

use sha2::{Digest, Sha256};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The variable that turns the cache off (`off` or `0`) or names its directory.
pub const VARIABLE: &str = "PMPP_BUILD_CACHE";
/// Entries kept at most; beyond it the least recently used half goes.
const MAX_ENTRIES: usize = 4096;
/// The first line of an entry (its format).
const MAGIC: &[u8] = b"pmpp-course build 2\n";

/// SHA-256 of a compilation's inputs, each part length-prefixed (no two lists of parts give the
/// same bytes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Key(String);

impl Key {
    pub fn of(parts: &[&[u8]]) -> Key {
        let mut h = Sha256::new();
        for p in parts {
            h.update((p.len() as u64).to_le_bytes());
            h.update(p);
        }
        Key(h.finalize().iter().map(|b| format!("{b:02x}")).collect())
    }
}

/// A file's identity for a key: its path, size and modification time (a compiler replaced in
/// place is another compiler).
pub fn file_identity(path: &Path) -> Vec<u8> {
    let meta = std::fs::metadata(path).ok();
    let modified =
        meta.as_ref().and_then(|m| m.modified().ok()).and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok());
    format!("{}\n{:?}\n{:?}", path.display(), meta.map(|m| m.len()), modified).into_bytes()
}

/// Where entries live; `None` where the cache is off or there is no cache directory.
pub fn dir() -> Option<PathBuf> {
    match std::env::var_os(VARIABLE).filter(|v| !v.is_empty()) {
        Some(v) if matches!(v.to_str().map(str::trim), Some("off" | "0")) => None,
        Some(v) => Some(PathBuf::from(v)),
        None => crate::toolchain::nvrtc::cache_dir().and_then(|d| d.parent().map(|p| p.join("builds"))),
    }
}

/// A kept build: its output and the compiler's log.
pub fn get(key: &Key) -> Option<(Vec<u8>, String)> {
    get_in(&dir()?, key)
}

fn get_in(dir: &Path, key: &Key) -> Option<(Vec<u8>, String)> {
    let path = dir.join(&key.0);
    let bytes = std::fs::read(&path).ok()?;
    let rest = bytes.strip_prefix(MAGIC)?;
    // The lengths of the log and of the output, then both: an entry cut short is no entry.
    let newline = rest.iter().position(|&b| b == b'\n')?;
    let (log_len, output_len) = std::str::from_utf8(&rest[..newline]).ok()?.split_once(' ')?;
    let (log_len, output_len): (usize, usize) = (log_len.parse().ok()?, output_len.parse().ok()?);
    let body = &rest[newline + 1..];
    if body.len() != log_len.checked_add(output_len)? {
        return None;
    }
    let (log, output) = body.split_at(log_len);
    // Used now: the last to be evicted.
    if let Ok(f) = std::fs::File::options().append(true).open(&path) {
        let _ = f.set_modified(std::time::SystemTime::now());
    }
    Some((output.to_vec(), String::from_utf8_lossy(log).into_owned()))
}

/// Keep a build. Written beside its place and renamed into it, so that a grading running at the
/// same time reads a whole entry or none; a cache that cannot be written is no error.
pub fn put(key: &Key, output: &[u8], log: &str) {
    if let Some(dir) = dir() {
        put_in(&dir, key, output, log);
    }
}

fn put_in(dir: &Path, key: &Key, output: &[u8], log: &str) {
    if std::fs::create_dir_all(dir).is_err() {
        return;
    }
    // A name of its own per write: two threads of one grading may keep the same build at once.
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let write = WRITES.fetch_add(1, Ordering::Relaxed);
    let temporary = dir.join(format!("{}.{}.{write}.tmp", key.0, std::process::id()));
    let written = std::fs::File::create(&temporary).and_then(|mut f| {
        f.write_all(MAGIC)?;
        f.write_all(format!("{} {}\n", log.len(), output.len()).as_bytes())?;
        f.write_all(log.as_bytes())?;
        f.write_all(output)
    });
    if written.is_err() || std::fs::rename(&temporary, dir.join(&key.0)).is_err() {
        let _ = std::fs::remove_file(&temporary);
        return;
    }
    // One write in 256 looks at the size (a listing of the directory is not free).
    if key.0.starts_with("00") {
        evict(dir);
    }
}

/// Beyond `MAX_ENTRIES`, the least recently used entries go until half are left.
fn evict(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut files: Vec<(std::time::SystemTime, PathBuf)> =
        entries.filter_map(|e| e.ok()).filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path()))).collect();
    if files.len() <= MAX_ENTRIES {
        return;
    }
    files.sort();
    for (_, path) in &files[..files.len() - MAX_ENTRIES / 2] {
        let _ = std::fs::remove_file(path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_tell_every_input_apart() {
        let k = |parts: &[&[u8]]| Key::of(parts);
        assert_eq!(k(&[b"a", b"bc"]), k(&[b"a", b"bc"]));
        assert_ne!(k(&[b"a", b"bc"]), k(&[b"ab", b"c"]));
        assert_ne!(k(&[b"a"]), k(&[b"a", b""]));
        assert_eq!(k(&[]).0.len(), 64);
    }

    #[test]
    fn an_entry_is_read_back_whole_or_not_at_all() {
        let dir = tempfile::tempdir().unwrap();
        let key = Key::of(&[b"test"]);
        put_in(dir.path(), &key, b".version 8.8\n", "a warning\n");
        assert_eq!(get_in(dir.path(), &key), Some((b".version 8.8\n".to_vec(), "a warning\n".to_string())));
        let path = dir.path().join(&key.0);
        let whole = std::fs::read(&path).unwrap();
        std::fs::write(&path, &whole[..whole.len() - 1]).unwrap();
        assert_eq!(get_in(dir.path(), &key), None, "an entry cut short was read");
        std::fs::write(&path, b"pmpp-course build 1\n3\nlogptx").unwrap();
        assert_eq!(get_in(dir.path(), &key), None, "an entry of another format was read");
        assert_eq!(get_in(dir.path(), &Key::of(&[b"other"])), None);
    }
}
