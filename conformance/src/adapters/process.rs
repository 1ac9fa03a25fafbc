//! A chess program as a child process, spoken to line by line.
//!
//! Commands are spawned with an argument list, never through a shell. Every
//! read has a deadline; lines are bounded in length; a process that dies,
//! hangs or floods its output gives an [`ProcessError`] instead of hanging or
//! exhausting memory, and can be replaced with a fresh one ([`Process::restart`]).
//!
//! Each engine runs in a process group of its own, and stopping it kills the
//! whole group: engines such as GNU Chess start a child process that would
//! otherwise go on searching after its parent is gone.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::thread;
use std::time::{Duration, Instant};

/// The longest line kept from an engine; longer lines are cut and flagged.
pub const MAX_LINE: usize = 64 * 1024;

/// What went wrong talking to a child process.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProcessError {
    /// The program could not be started.
    Spawn(String),
    /// No (complete) answer within the time limit.
    Timeout(Duration),
    /// The process closed its output or died.
    Closed,
    /// A line longer than the process's limit (this many bytes: [`MAX_LINE`] unless
    /// the process was started with [`Process::spawn_with_max_line`]).
    LineTooLong(usize),
    /// Writing to the process failed.
    Write(String),
}

impl std::fmt::Display for ProcessError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProcessError::Spawn(why) => write!(f, "cannot start the engine: {why}"),
            ProcessError::Timeout(limit) => write!(f, "no answer within {} ms", limit.as_millis()),
            ProcessError::Closed => f.write_str("the engine exited or closed its output"),
            ProcessError::LineTooLong(max) => write!(f, "the engine printed a line longer than {max} bytes"),
            ProcessError::Write(why) => write!(f, "cannot write to the engine: {why}"),
        }
    }
}

impl std::error::Error for ProcessError {}

/// A line from the process, or the reason there will be no more.
enum Incoming {
    Line(String),
    TooLong,
}

/// A running child process with line-based input and output.
pub struct Process {
    program: String,
    args: Vec<String>,
    /// The longest line kept.
    max_line: usize,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Incoming>,
}

impl std::fmt::Debug for Process {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Process").field("program", &self.program).field("args", &self.args).finish_non_exhaustive()
    }
}

impl Process {
    /// Starts `program` with `args` (no shell), stderr discarded.
    ///
    /// # Errors
    /// [`ProcessError::Spawn`] when the program cannot be started.
    pub fn spawn(program: &str, args: &[String]) -> Result<Process, ProcessError> {
        Process::spawn_with_max_line(program, args, MAX_LINE)
    }

    /// As [`Process::spawn`], keeping lines of up to `max_line` bytes
    /// (for engines whose answers are long, such as a `trace` reply).
    ///
    /// # Errors
    /// As [`Process::spawn`].
    pub fn spawn_with_max_line(program: &str, args: &[String], max_line: usize) -> Result<Process, ProcessError> {
        let mut command = Command::new(program);
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| ProcessError::Spawn(format!("{program}: {e}")))?;
        let stdin = child.stdin.take().ok_or_else(|| ProcessError::Spawn("no stdin".into()))?;
        let stdout = child.stdout.take().ok_or_else(|| ProcessError::Spawn("no stdout".into()))?;
        let (sender, lines) = sync_channel(1024);
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut buf = Vec::new();
                // Read at most max_line + 1 bytes of one line.
                let read = (&mut reader).take(max_line as u64 + 1).read_until(b'\n', &mut buf);
                match read {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {}
                }
                let message = if buf.len() > max_line && !buf.ends_with(b"\n") {
                    // Skip the rest of the over-long line.
                    let mut rest = Vec::new();
                    let _ = (&mut reader).take(64 * max_line as u64).read_until(b'\n', &mut rest);
                    Incoming::TooLong
                } else {
                    let text = String::from_utf8_lossy(&buf);
                    Incoming::Line(text.trim_end_matches(['\n', '\r']).to_string())
                };
                if sender.send(message).is_err() {
                    return;
                }
            }
        });
        Ok(Process { program: program.to_string(), args: args.to_vec(), max_line, child, stdin, lines })
    }

    /// Sends one line (a newline is added).
    ///
    /// # Errors
    /// [`ProcessError::Write`] when the process no longer reads.
    pub fn send(&mut self, line: &str) -> Result<(), ProcessError> {
        writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush()).map_err(|e| ProcessError::Write(e.to_string()))
    }

    /// The next line, waiting at most until `deadline`.
    ///
    /// # Errors
    /// [`ProcessError::Timeout`], [`ProcessError::Closed`] or [`ProcessError::LineTooLong`].
    pub fn read_line(&mut self, deadline: Instant) -> Result<String, ProcessError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(Incoming::Line(line)) => Ok(line),
            Ok(Incoming::TooLong) => Err(ProcessError::LineTooLong(self.max_line)),
            Err(RecvTimeoutError::Timeout) => Err(ProcessError::Timeout(wait)),
            Err(RecvTimeoutError::Disconnected) => Err(ProcessError::Closed),
        }
    }

    /// Reads lines until one satisfies `done`, returning all lines read
    /// (the last one included), within `limit` and at most `max_lines` lines.
    ///
    /// # Errors
    /// As [`Process::read_line`]; a flood of more than `max_lines` lines is
    /// reported as [`ProcessError::LineTooLong`].
    pub fn read_until(
        &mut self,
        limit: Duration,
        max_lines: usize,
        mut done: impl FnMut(&str) -> bool,
    ) -> Result<Vec<String>, ProcessError> {
        let deadline = Instant::now() + limit;
        let mut lines = Vec::new();
        loop {
            let line = self.read_line(deadline).map_err(|e| match e {
                ProcessError::Timeout(_) => ProcessError::Timeout(limit),
                other => other,
            })?;
            let finished = done(&line);
            lines.push(line);
            if finished {
                return Ok(lines);
            }
            if lines.len() > max_lines {
                return Err(ProcessError::LineTooLong(self.max_line));
            }
        }
    }

    /// Discards any lines already waiting.
    pub fn drain(&mut self) {
        while self.lines.try_recv().is_ok() {}
    }

    /// Kills the process and starts the same command again.
    ///
    /// # Errors
    /// [`ProcessError::Spawn`] when it cannot be started again.
    pub fn restart(&mut self) -> Result<(), ProcessError> {
        let fresh = Process::spawn_with_max_line(&self.program, &self.args, self.max_line)?;
        // Dropping the old process kills its group.
        *self = fresh;
        Ok(())
    }

    /// Kills the process and everything it started, and reaps it.
    fn kill_group(&mut self) {
        #[cfg(unix)]
        if let Ok(pid) = i32::try_from(self.child.id()) {
            // SAFETY: `kill` takes plain integers; a negative pid names the process
            // group that `spawn` created for this child (its pid), so only the engine
            // and its own children receive the signal.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill_group();
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    /// Whether `pid` is a running (not zombie) process.
    fn running(pid: u32) -> bool {
        std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .ok()
            .and_then(|stat| stat.rsplit(')').next().map(|rest| rest.trim_start().chars().next()))
            .flatten()
            .is_some_and(|state| state != 'Z' && state != 'X')
    }

    #[test]
    fn stopping_an_engine_stops_what_it_started() {
        // An "engine" that starts a child of its own, reports its pid, and waits.
        let script = "sleep 300 & echo $!; wait";
        let mut engine = Process::spawn("sh", &["-c".to_string(), script.to_string()]).unwrap();
        let child: u32 = engine.read_line(Instant::now() + Duration::from_secs(10)).unwrap().trim().parse().unwrap();
        assert!(running(child));
        drop(engine);
        let deadline = Instant::now() + Duration::from_secs(5);
        while running(child) && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(20));
        }
        assert!(!running(child), "the engine's own child process {child} outlived it");
    }

    #[test]
    fn a_silent_engine_times_out_and_a_dead_one_is_closed() {
        let mut silent = Process::spawn("sh", &["-c".to_string(), "sleep 300".to_string()]).unwrap();
        let start = Instant::now();
        assert!(matches!(silent.read_line(start + Duration::from_millis(100)), Err(ProcessError::Timeout(_))));
        assert!(start.elapsed() < Duration::from_secs(5));
        let mut dead = Process::spawn("sh", &["-c".to_string(), "exit 3".to_string()]).unwrap();
        assert_eq!(dead.read_line(Instant::now() + Duration::from_secs(5)), Err(ProcessError::Closed));
        assert!(matches!(Process::spawn("/nonexistent/engine", &[]), Err(ProcessError::Spawn(_))));
    }
}
