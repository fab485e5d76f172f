//! The grader's side of its NVRTC processes: a pool of them, each compiling one request at a
//! time; one that passes the time limit is killed, one that dies (its memory limit) is dropped.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::Mutex;
use std::time::Duration;

pub enum Failed {
    Start(std::io::Error),
    Timeout,
    /// The process ended without an answer (it ran out of its memory).
    Died,
}

struct Worker {
    child: Child,
    stdin: ChildStdin,
    answers: Receiver<Option<Vec<Vec<u8>>>>,
}

/// Idle processes, by the NVRTC library they loaded.
static IDLE: Mutex<Vec<(PathBuf, Worker)>> = Mutex::new(Vec::new());

fn spawn(exe: &Path, library: &Path) -> std::io::Result<Worker> {
    let mut child = Command::new(exe)
        .arg(super::WORKER_COMMAND)
        .arg(library)
        .env_remove("PMPP_GRADER_EXE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()?;
    let stdin = child.stdin.take().expect("piped");
    let mut stdout = child.stdout.take().expect("piped");
    let (tx, answers) = std::sync::mpsc::channel();
    std::thread::spawn(move || loop {
        let answer = read_frames(&mut stdout, 3).ok().flatten();
        let done = answer.is_none();
        if tx.send(answer).is_err() || done {
            break;
        }
    });
    Ok(Worker { child, stdin, answers })
}

/// One compilation in a pooled process: (compiled, output, log).
pub fn compile(exe: &Path, library: &Path, request: &[Vec<u8>]) -> Result<(bool, Vec<u8>, String), Failed> {
    let idle = {
        let mut pool = IDLE.lock().unwrap_or_else(|p| p.into_inner());
        pool.iter().position(|(l, _)| l == library).map(|i| pool.swap_remove(i).1)
    };
    let mut w = match idle {
        Some(w) => w,
        None => spawn(exe, library).map_err(Failed::Start)?,
    };
    if write_frames(&mut w.stdin, request).is_err() {
        // An idle process that has gone: one new try.
        let _ = w.child.kill();
        let _ = w.child.wait();
        w = spawn(exe, library).map_err(Failed::Start)?;
        write_frames(&mut w.stdin, request).map_err(|_| Failed::Died)?;
    }
    let limit = Duration::from_secs(crate::toolchain::limits::COMPILE_SECONDS);
    match w.answers.recv_timeout(limit) {
        Ok(Some(frames)) => {
            let [status, bytes, log] = <[Vec<u8>; 3]>::try_from(frames).map_err(|_| Failed::Died)?;
            IDLE.lock().unwrap_or_else(|p| p.into_inner()).push((library.to_path_buf(), w));
            Ok((status == b"ok", bytes, String::from_utf8_lossy(&log).into_owned()))
        }
        Ok(None) | Err(RecvTimeoutError::Disconnected) => {
            let _ = w.child.kill();
            let _ = w.child.wait();
            Err(Failed::Died)
        }
        Err(RecvTimeoutError::Timeout) => {
            let _ = w.child.kill();
            let _ = w.child.wait();
            Err(Failed::Timeout)
        }
    }
}

/// Frames: a count, then each frame's length and bytes (little-endian u64s).
pub fn write_frames(w: &mut impl Write, frames: &[Vec<u8>]) -> std::io::Result<()> {
    w.write_all(&(frames.len() as u64).to_le_bytes())?;
    for f in frames {
        w.write_all(&(f.len() as u64).to_le_bytes())?;
        w.write_all(f)?;
    }
    w.flush()
}

fn read_u64(r: &mut impl Read) -> std::io::Result<Option<u64>> {
    let mut b = [0u8; 8];
    match r.read_exact(&mut b) {
        Ok(()) => Ok(Some(u64::from_le_bytes(b))),
        Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => Ok(None),
        Err(e) => Err(e),
    }
}

/// `expected` frames, or `None` at the end of the input.
fn read_frames(r: &mut impl Read, expected: usize) -> std::io::Result<Option<Vec<Vec<u8>>>> {
    let Some(n) = read_u64(r)? else { return Ok(None) };
    if n as usize != expected {
        return Err(std::io::Error::other("unexpected frame count"));
    }
    let mut frames = Vec::with_capacity(expected);
    for _ in 0..n {
        let len = read_u64(r)?.ok_or_else(|| std::io::Error::other("cut short"))?;
        let mut f = vec![0u8; len as usize];
        r.read_exact(&mut f)?;
        frames.push(f);
    }
    Ok(Some(frames))
}

pub fn read_request(r: &mut impl Read) -> std::io::Result<Option<Vec<Vec<u8>>>> {
    read_frames(r, 4)
}

#[cfg(test)]
mod tests {
    #[test]
    fn frames_round_trip() {
        let mut bytes = Vec::new();
        let frames = vec![b"k.cu".to_vec(), b"ptx".to_vec(), Vec::new(), vec![0, 1, 2, 255]];
        super::write_frames(&mut bytes, &frames).unwrap();
        let mut r = bytes.as_slice();
        assert_eq!(super::read_request(&mut r).unwrap(), Some(frames));
        assert_eq!(super::read_request(&mut r).unwrap(), None, "the end of the input");
    }
}
