//! A chess program as a child process, spoken to line by line.
//!
//! Commands are spawned with an argument list, never through a shell. Every
//! read has a deadline; lines are bounded in length; a process that dies,
//! hangs or floods its output gives an [`ProcessError`] instead of hanging or
//! exhausting memory, and can be replaced with a fresh one ([`Process::restart`]).
//!
//! Each engine runs in a process group of its own, and stopping it kills the
//! whole group: engines such as GNU Chess start a child process that would
//! otherwise go on searching after its parent is gone. A [`Process`] ends its
//! group when it is dropped; a program that may be interrupted calls
//! [`end_engines_on_signals`] so that SIGINT, SIGTERM and SIGHUP end every
//! engine group still running before it exits (an engine's group does not
//! receive the terminal's Ctrl-C).
//!
//! The line-protocol helpers the UCI and xboard adapters share live here
//! too: finding the program ([`installed_program`]), sending a line ([`send`]), reading
//! an answer up to its last line ([`read_answer`]) or a program's whole
//! output ([`read_to_end`], with [`Process::exit_status`]), and explaining a
//! failure in a report's words.

use crate::registry::EngineSpec;
use crate::{EngineError, Exit, Fault, FaultKind};

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// The process groups of the engines this program started and has not yet
/// ended, for [`end_engines_on_signals`]. A signal is sent to a whole
/// program, so this list is the program's, and the only state kept for it.
static LIVE_GROUPS: Mutex<Vec<u32>> = Mutex::new(Vec::new());

/// Ends every engine group this program started, and the program, when
/// SIGINT, SIGTERM or SIGHUP arrives (exit status 128 + the signal). Calling
/// it again does nothing more.
///
/// # Errors
/// When the signal handlers cannot be installed.
#[cfg(unix)]
pub fn end_engines_on_signals() -> std::io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    static INSTALLED: std::sync::OnceLock<()> = std::sync::OnceLock::new();
    if INSTALLED.get().is_some() {
        return Ok(());
    }
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])?;
    let _ = INSTALLED.set(());
    thread::Builder::new().name("lawbook-signals".into()).spawn(move || {
        if let Some(signal) = signals.forever().next() {
            end_all_groups();
            std::process::exit(128 + signal);
        }
    })?;
    Ok(())
}

/// Does nothing where there are no signals to end a program.
#[cfg(not(unix))]
pub fn end_engines_on_signals() -> std::io::Result<()> {
    Ok(())
}

/// Kills every engine group still on [`LIVE_GROUPS`].
#[cfg(unix)]
fn end_all_groups() {
    let groups = match LIVE_GROUPS.lock() {
        Ok(mut groups) => std::mem::take(&mut *groups),
        Err(poisoned) => std::mem::take(&mut *poisoned.into_inner()),
    };
    for pid in groups {
        if let Ok(pid) = i32::try_from(pid) {
            // SAFETY: `kill` takes plain integers; a negative pid names the
            // process group `spawn` created for that engine.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
    }
}

/// Notes (`live`) or forgets an engine group on [`LIVE_GROUPS`].
fn note_group(pid: u32, live: bool) {
    let mut groups = match LIVE_GROUPS.lock() {
        Ok(groups) => groups,
        Err(poisoned) => poisoned.into_inner(),
    };
    if live {
        groups.push(pid);
    } else {
        groups.retain(|&p| p != pid);
    }
}

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

/// What can be said of a process that stopped answering
/// ([`Process::farewell`]); its `Display` is a tail for a message, starting
/// with `; `, or nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Farewell {
    /// How it ended, if it has.
    pub exit: Option<Exit>,
    /// The last lines of its standard error (quoted and shortened).
    pub last_words: Vec<String>,
}

impl Farewell {
    /// Whether there is nothing to say.
    pub fn is_empty(&self) -> bool {
        self.exit.is_none() && self.last_words.is_empty()
    }
}

impl std::fmt::Display for Farewell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(exit) = self.exit {
            write!(f, "; {exit}")?;
        }
        if !self.last_words.is_empty() {
            write!(f, "; its last words on standard error: {}", self.last_words.join(", "))?;
        }
        Ok(())
    }
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
    /// The last lines the process wrote to its standard error, for saying
    /// why it stopped (the rest is read and dropped, so it never blocks).
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
}

/// How many of a process's last standard-error lines are kept.
const STDERR_LINES: usize = 3;

impl std::fmt::Debug for Process {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Process").field("program", &self.program).field("args", &self.args).finish_non_exhaustive()
    }
}

impl Process {
    /// Starts `program` with `args` (no shell); its standard error is read
    /// and only its last lines kept, for [`Process::farewell`].
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
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| ProcessError::Spawn(format!("{program}: {e}")))?;
        note_group(child.id(), true);
        let stderr_tail: Arc<Mutex<VecDeque<String>>> = Arc::default();
        if let Some(stderr) = child.stderr.take() {
            let tail = Arc::clone(&stderr_tail);
            thread::spawn(move || {
                let mut reader = BufReader::new(stderr);
                loop {
                    let mut buf = Vec::new();
                    match (&mut reader).take(4096).read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => return,
                        Ok(_) => {}
                    }
                    let text = String::from_utf8_lossy(&buf);
                    let text = text.trim();
                    if text.is_empty() {
                        continue;
                    }
                    if let Ok(mut tail) = tail.lock() {
                        if tail.len() == STDERR_LINES {
                            tail.pop_front();
                        }
                        tail.push_back(excerpt(text));
                    }
                }
            });
        }
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
        Ok(Process { program: program.to_string(), args: args.to_vec(), max_line, child, stdin, lines, stderr_tail })
    }

    /// What can be said of a process that stopped answering: how it ended
    /// (waiting a moment for it to) and the last lines of its standard
    /// error; shown as `; it exited with status 139; its last words on
    /// standard error: "segmentation fault"`, or as nothing when there is
    /// nothing to say.
    pub fn farewell(&mut self) -> Farewell {
        let until = Instant::now() + Duration::from_millis(200);
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if Instant::now() < until => thread::sleep(Duration::from_millis(5)),
                _ => break None,
            }
        };
        let exit = status.map(|status| {
            #[cfg(unix)]
            let signal = std::os::unix::process::ExitStatusExt::signal(&status);
            #[cfg(not(unix))]
            let signal: Option<i32> = None;
            match (status.code(), signal) {
                (Some(code), _) => Exit::Code(code),
                (None, Some(signal)) => Exit::Signal(signal),
                (None, None) => Exit::Ended,
            }
        });
        // Its last words may still be on their way through the pipe.
        thread::sleep(Duration::from_millis(20));
        let last_words = self.stderr_tail.lock().map(|t| t.iter().cloned().collect()).unwrap_or_default();
        Farewell { exit, last_words }
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

    /// Waits until the process has exited, at most until `deadline`, and
    /// gives its exit status (for a program that answers once and exits).
    ///
    /// # Errors
    /// [`ProcessError::Timeout`] when it is still running at `deadline`;
    /// [`ProcessError::Closed`] when its status cannot be read.
    pub fn exit_status(&mut self, deadline: Instant) -> Result<std::process::ExitStatus, ProcessError> {
        let start = Instant::now();
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Ok(status),
                Ok(None) if Instant::now() >= deadline => {
                    return Err(ProcessError::Timeout(deadline.saturating_duration_since(start)));
                }
                Ok(None) => thread::sleep(Duration::from_millis(5)),
                Err(_) => return Err(ProcessError::Closed),
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
        note_group(self.child.id(), false);
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill_group();
    }
}

/// Finds a program on PATH or in `/usr/games` (where Debian puts chess engines).
pub fn locate(command: &str) -> Option<std::path::PathBuf> {
    let candidate = std::path::Path::new(command);
    if candidate.components().count() > 1 {
        return candidate.is_file().then(|| candidate.to_path_buf());
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([std::path::PathBuf::from("/usr/games")])
        .map(|dir| dir.join(command))
        .find(|p| p.is_file())
}

/// The program a child-process engine runs, found on PATH or in `/usr/games`.
///
/// # Errors
/// [`FaultKind::CouldNotStart`] when the spec has no command,
/// [`FaultKind::NotInstalled`] when the program or its script is not there;
/// the message names the spec's `install` command.
pub fn installed_program(spec: &EngineSpec) -> Result<String, EngineError> {
    let command = spec.command.as_deref().filter(|c| !c.is_empty()).ok_or_else(|| {
        EngineError::failed(
            FaultKind::CouldNotStart,
            format!("engine {:?}: protocol {:?} needs a command", spec.name, spec.protocol),
        )
    })?;
    let how = match spec.install.as_deref() {
        Some(install) => format!("install it with: {install}"),
        None => "the registry names no install command for it".to_string(),
    };
    if let Some(script) = spec.script.as_deref().filter(|s| !std::path::Path::new(s).is_file()) {
        return Err(EngineError::failed(
            FaultKind::NotInstalled,
            format!(
                "engine {:?}: its script {script} is not there (it comes with a checkout of the registry's folder); {how}",
                spec.name
            ),
        ));
    }
    match locate(command) {
        Some(path) => Ok(path.to_string_lossy().into_owned()),
        None => Err(EngineError::failed(
            FaultKind::NotInstalled,
            format!(
                "engine {:?}: the program {command:?} is not installed (not on PATH or in /usr/games); {how}",
                spec.name
            ),
        )),
    }
}

/// A line shortened for messages.
pub fn excerpt(line: &str) -> String {
    const SHOWN: usize = 100;
    if line.chars().count() > SHOWN {
        format!("{:?}...", line.chars().take(SHOWN).collect::<String>())
    } else {
        format!("{line:?}")
    }
}

impl ProcessError {
    /// The kind of engine fault this is.
    pub fn kind(&self) -> FaultKind {
        match self {
            ProcessError::Spawn(_) => FaultKind::CouldNotStart,
            ProcessError::Timeout(_) => FaultKind::TimedOut,
            ProcessError::Closed | ProcessError::Write(_) => FaultKind::Exited,
            ProcessError::LineTooLong(_) => FaultKind::Flooded,
        }
    }
}

impl From<ProcessError> for Fault {
    /// The error in its own words ([`process_failed`] says more).
    fn from(error: ProcessError) -> Fault {
        Fault::new(error.kind(), error.to_string())
    }
}

/// Explains a [`ProcessError`] met while waiting for `what`; `last` is the
/// engine's last line, if it said one.
pub fn process_failed(what: &str, error: &ProcessError, limit: Duration, last: Option<&str>) -> EngineError {
    let seen = last.map(|l| format!("; its last line was {}", excerpt(l))).unwrap_or_default();
    let message = match error {
        ProcessError::Timeout(_) => {
            format!(
                "no {what} within the time limit of {} ms (the engine hangs or is too slow){seen}",
                limit.as_millis()
            )
        }
        ProcessError::Closed => format!("the engine exited (or closed its output) before {what}{seen}"),
        ProcessError::LineTooLong(_) => {
            format!("the engine flooded its output while it was asked for {what} (a line over {MAX_LINE} bytes)")
        }
        ProcessError::Write(why) => format!("the engine no longer reads its input ({why}); it has probably exited"),
        ProcessError::Spawn(why) => format!("cannot start the engine: {why}"),
    };
    let fault = Fault::new(error.kind(), message);
    EngineError::Failed(match last {
        Some(line) => fault.with_line(line),
        None => fault,
    })
}

/// Reads lines until `done` says the answer is complete, within `deadline`
/// and at most `max_lines` lines. Lines that are not text (invalid UTF-8 or
/// control characters) fail at once: that is garbage, not an answer.
///
/// # Errors
/// [`EngineError::Failed`] explaining a timeout, an exit, a flood or garbage.
pub fn read_answer(
    process: &mut Process,
    what: &str,
    deadline: Instant,
    limit: Duration,
    max_lines: usize,
    done: impl FnMut(&str) -> bool,
) -> Result<Vec<String>, EngineError> {
    let mut lines = Vec::new();
    read_answer_into(process, what, deadline, limit, max_lines, &mut lines, done)?;
    Ok(lines)
}

/// As [`read_answer`], keeping the lines read in `lines` even when it fails
/// (an engine may answer and then exit).
///
/// # Errors
/// As [`read_answer`].
pub fn read_answer_into(
    process: &mut Process,
    what: &str,
    deadline: Instant,
    limit: Duration,
    max_lines: usize,
    lines: &mut Vec<String>,
    mut done: impl FnMut(&str) -> bool,
) -> Result<(), EngineError> {
    let first = lines.len();
    loop {
        let line = process.read_line(deadline).map_err(|e| failed_reading(process, what, &e, limit, lines))?;
        text_only(&line, what)?;
        let finished = done(&line);
        lines.push(line);
        if finished {
            return Ok(());
        }
        flooded(what, first, max_lines, lines)?;
    }
}

/// The failure of a read that gave `error`, with the engine's last words.
fn failed_reading(
    process: &mut Process,
    what: &str,
    error: &ProcessError,
    limit: Duration,
    lines: &[String],
) -> EngineError {
    with_farewell(process, error, process_failed(what, error, limit, lines.last().map(String::as_str)))
}

/// A failure once more than `max_lines` lines have come since `first` without `what`.
fn flooded(what: &str, first: usize, max_lines: usize, lines: &[String]) -> Result<(), EngineError> {
    if lines.len() - first < max_lines {
        return Ok(());
    }
    let fault = Fault::new(
        FaultKind::Flooded,
        format!(
            "the engine flooded its output: more than {max_lines} lines without {what}; the last was {}",
            lines.last().map_or_else(String::new, |l| excerpt(l))
        ),
    );
    Err(EngineError::Failed(match lines.last() {
        Some(line) => fault.with_line(line.clone()),
        None => fault,
    }))
}

/// Reads every line the process prints until it has been silent for
/// `quiet` (for an engine that has no way to say it has answered), within
/// `deadline` and at most `max_lines` lines, keeping them in `lines`.
///
/// # Errors
/// As [`read_answer`]: an engine still printing at `deadline` has not answered in time.
pub fn read_until_quiet(
    process: &mut Process,
    what: &str,
    quiet: Duration,
    deadline: Instant,
    limit: Duration,
    max_lines: usize,
    lines: &mut Vec<String>,
) -> Result<(), EngineError> {
    let first = lines.len();
    loop {
        let silent_at = Instant::now() + quiet;
        let line = match process.read_line(silent_at.min(deadline)) {
            Ok(line) => line,
            Err(ProcessError::Timeout(_)) if silent_at <= deadline => return Ok(()),
            Err(e) => return Err(failed_reading(process, what, &e, limit, lines)),
        };
        text_only(&line, what)?;
        lines.push(line);
        flooded(what, first, max_lines, lines)?;
    }
}

/// Reads every line until the process closes its output (a program that
/// answers once and exits), within `deadline` and at most `max_lines`
/// lines. Lines that are not text fail at once, as in [`read_answer`].
///
/// # Errors
/// [`EngineError::Failed`] explaining a timeout, a flood or garbage.
pub fn read_to_end(
    process: &mut Process,
    what: &str,
    deadline: Instant,
    limit: Duration,
    max_lines: usize,
) -> Result<Vec<String>, EngineError> {
    let mut lines: Vec<String> = Vec::new();
    loop {
        let line = match process.read_line(deadline) {
            Ok(line) => line,
            Err(ProcessError::Closed) => return Ok(lines),
            Err(e) => return Err(process_failed(what, &e, limit, lines.last().map(String::as_str))),
        };
        text_only(&line, what)?;
        lines.push(line);
        if lines.len() > max_lines {
            return Err(EngineError::failed(
                FaultKind::Flooded,
                format!("the engine flooded its output: more than {max_lines} lines while it was asked for {what}"),
            ));
        }
    }
}

/// Refuses a line that is not text (invalid UTF-8 or control characters).
fn text_only(line: &str, what: &str) -> Result<(), EngineError> {
    if line.contains(char::REPLACEMENT_CHARACTER) || line.chars().any(|c| c.is_control() && c != '\t') {
        return Err(EngineError::Failed(
            Fault::new(
                FaultKind::Garbage,
                format!("the engine printed garbage while it was asked for {what}: {}", excerpt(line)),
            )
            .with_line(line),
        ));
    }
    Ok(())
}

/// Sends one line, explaining a failure.
///
/// # Errors
/// [`EngineError::Failed`] when the engine no longer reads.
pub fn send(process: &mut Process, line: &str) -> Result<(), EngineError> {
    process.send(line).map_err(|e| with_farewell(process, &e, process_failed("an answer", &e, Duration::ZERO, None)))
}

/// Adds what can be said of a process that exited or stopped reading
/// ([`Process::farewell`]) to the error its silence caused.
pub(crate) fn with_farewell(process: &mut Process, cause: &ProcessError, error: EngineError) -> EngineError {
    match (cause, error) {
        (ProcessError::Closed | ProcessError::Write(_), EngineError::Failed(fault)) => {
            let farewell = process.farewell();
            let exit = farewell.exit;
            EngineError::Failed(
                fault
                    .reword(|message| {
                        // Say how it ended rather than guess.
                        let message = match message.strip_suffix("; it has probably exited") {
                            Some(known) if !farewell.is_empty() => known.to_string(),
                            _ => message,
                        };
                        format!("{message}{farewell}")
                    })
                    .with_exit(exit)
                    .with_last_words(farewell.last_words.clone()),
            )
        }
        (_, error) => error,
    }
}

/// Refuses text that would break the line protocol (a line break would let a
/// query smuggle in a command).
///
/// # Errors
/// [`FaultKind::Unaskable`] naming `what` when `text` holds a control character.
pub fn one_line(what: &str, text: &str) -> Result<(), EngineError> {
    if text.chars().any(char::is_control) {
        return Err(EngineError::failed(
            FaultKind::Unaskable,
            format!("{what} {} contains a control character; it is not sent", excerpt(text)),
        ));
    }
    Ok(())
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

    #[test]
    fn an_engine_that_dies_is_said_to_with_its_status_and_last_words() {
        let script = "echo 'hash table: out of memory' >&2; exit 3".to_string();
        let mut dying = Process::spawn("sh", &["-c".to_string(), script]).unwrap();
        let deadline = Instant::now() + Duration::from_secs(5);
        let error = read_answer(&mut dying, "`uciok`", deadline, Duration::from_secs(5), 10, |_| false).unwrap_err();
        let EngineError::Failed(fault) = error else { panic!("{error:?}") };
        assert_eq!((fault.kind(), fault.exit()), (FaultKind::Exited, Some(Exit::Code(3))));
        let message = fault.message();
        assert!(message.starts_with("the engine exited (or closed its output) before `uciok`"), "{message}");
        assert!(message.contains("; it exited with status 3"), "{message}");
        assert!(message.ends_with("its last words on standard error: \"hash table: out of memory\""), "{message}");
        // A silent, living engine has nothing to add.
        let mut silent = Process::spawn("sh", &["-c".to_string(), "sleep 300".to_string()]).unwrap();
        assert!(silent.farewell().is_empty());
    }

    #[test]
    fn a_program_that_answers_once_is_read_to_its_end_and_its_status_kept() {
        let limit = Duration::from_secs(10);
        let script = "echo 'e2e4 20'; echo; echo 20; exit 3";
        let mut once = Process::spawn("sh", &["-c".to_string(), script.to_string()]).unwrap();
        let lines = read_to_end(&mut once, "an answer", Instant::now() + limit, limit, 10).unwrap();
        assert_eq!(lines, ["e2e4 20", "", "20"]);
        assert_eq!(once.exit_status(Instant::now() + limit).unwrap().code(), Some(3));
        let mut silent = Process::spawn("sh", &["-c".to_string(), "sleep 300".to_string()]).unwrap();
        let short = Duration::from_millis(100);
        let error = read_to_end(&mut silent, "an answer", Instant::now() + short, short, 10).unwrap_err();
        assert_eq!(error.kind(), Some(FaultKind::TimedOut));
        assert!(error.to_string().contains("within the time limit of 100 ms"), "{error}");
        assert!(matches!(silent.exit_status(Instant::now() + short), Err(ProcessError::Timeout(_))));
    }
}
