//! `lawbook-fault-proxy`: runs a chess engine and passes its lines through,
//! killing it or hanging on purpose now and then, so that a harness can be
//! shown to survive engines that crash or hang.
//!
//! ```text
//! lawbook-fault-proxy --seed N [--kill PERMILLE] [--stall PERMILLE] [--log FILE] [--spare N] -- PROGRAM ARG...
//! ```
//!
//! The proxy starts PROGRAM with its arguments (no shell), in the proxy's
//! own process group (a harness that kills the proxy's group kills the
//! engine too), and forwards its own standard input to the program line by
//! line and the program's standard output to its own, flushing each line;
//! standard error passes through. Before forwarding each line of input (a
//! request) it draws a number in [0, 1000) from a seeded generator: below
//! `--kill` (a rate per thousand, fractions allowed), it kills the program
//! and exits with status 3 without forwarding the line (a crash); below
//! `--kill` + `--stall`, it reads and forwards nothing more in either
//! direction (a hang: the harness has to give up waiting and kill it; a
//! hung proxy whose parent is gone kills the program and exits). When its
//! input ends it closes the program's input and exits with the program's
//! status.
//!
//! Every fault appends one line to the `--log` file:
//! `kill|stall <process> <request> <line>`, the process numbered from 0 and
//! the request from 1. So that each process a harness starts (again, after a
//! failure) draws its own faults, the proxy numbers itself from a file next
//! to the log (`FILE.processes`, one line per proxy started) and seeds its
//! generator with the seed and that number: with the same seed, the same
//! processes started in the same order and the same requests give the same
//! faults. Without `--log` every process is number 0. The first `--spare`
//! processes inject no fault (a harness that starts its engine once to check
//! that it runs at all can be given one clean start).

use clap::Parser;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt as _, SeedableRng};
use std::fs::OpenOptions;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

/// Run an engine, injecting seeded crashes and hangs.
#[derive(Parser)]
#[command(name = "lawbook-fault-proxy", version)]
struct Cli {
    /// The seed of the faults.
    #[arg(long)]
    seed: u64,
    /// How many requests in a thousand kill the engine (a fraction such as 0.2 too).
    #[arg(long, default_value_t = 0.0, value_parser = permille)]
    kill: f64,
    /// How many requests in a thousand hang the engine (a fraction such as 0.2 too).
    #[arg(long, default_value_t = 0.0, value_parser = permille)]
    stall: f64,
    /// Append one line per injected fault to this file; number the proxy's
    /// processes in FILE.processes.
    #[arg(long)]
    log: Option<PathBuf>,
    /// The first this many processes inject no fault.
    #[arg(long, default_value_t = 0)]
    spare: u64,
    /// The engine and its arguments (after `--`).
    #[arg(last = true, required = true, num_args = 1..)]
    command: Vec<String>,
}

/// A rate per thousand, from 0 to 1000.
fn permille(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(rate) if (0.0..=1000.0).contains(&rate) => Ok(rate),
        _ => Err(format!("{text:?} is not a number from 0 to 1000")),
    }
}

/// What the forwarding threads tell the main thread.
enum Event {
    /// Kill the engine (the fault is logged already).
    Kill,
    /// The proxy's own input ended.
    InputClosed,
    /// The engine closed its output (it exited, most likely).
    OutputClosed,
}

/// The line without its line break.
fn text_of(line: &[u8]) -> String {
    String::from_utf8_lossy(line).trim_end_matches(['\n', '\r']).to_string()
}

/// This process's number: the lines of `counter` before the one it appends
/// for itself. Each proxy appends its pid in one write (atomic in append
/// mode) and looks for the last line with it, so proxies started side by
/// side get different numbers.
fn process_number(counter: &Path) -> std::io::Result<u64> {
    let me = std::process::id().to_string();
    OpenOptions::new().create(true).append(true).open(counter)?.write_all(format!("{me}\n").as_bytes())?;
    let text = std::fs::read_to_string(counter)?;
    let lines: Vec<&str> = text.lines().collect();
    Ok(lines.iter().rposition(|l| *l == me).unwrap_or(0) as u64)
}

/// Appends one line to the log.
fn log_fault(log: Option<&Path>, line: &str) {
    if let Some(path) = log {
        let written = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .and_then(|mut file| file.write_all(format!("{line}\n").as_bytes()));
        if let Err(e) = written {
            eprintln!("lawbook-fault-proxy: cannot write to {}: {e}", path.display());
        }
    }
}

fn main() -> ExitCode {
    let parent = parent();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("lawbook-fault-proxy: {}", e.to_string().lines().next().unwrap_or("bad arguments"));
            return ExitCode::from(2);
        }
    };
    let number = match &cli.log {
        Some(log) => {
            let mut counter = log.clone().into_os_string();
            counter.push(".processes");
            match process_number(Path::new(&counter)) {
                Ok(n) => n,
                Err(e) => {
                    eprintln!("lawbook-fault-proxy: cannot count processes in {}: {e}", counter.to_string_lossy());
                    return ExitCode::from(2);
                }
            }
        }
        None => 0,
    };
    // One stream per process: the seed and the process number, mixed.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(cli.seed ^ number.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let (kill, stall) = if number < cli.spare { (0.0, 0.0) } else { (cli.kill, cli.stall) };

    let mut child = match Command::new(&cli.command[0])
        .args(&cli.command[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
    {
        Ok(child) => child,
        Err(e) => {
            eprintln!("lawbook-fault-proxy: cannot start {}: {e}", cli.command[0]);
            return ExitCode::from(2);
        }
    };
    let (Some(mut to_engine), Some(from_engine)) = (child.stdin.take(), child.stdout.take()) else {
        eprintln!("lawbook-fault-proxy: no pipes to the engine");
        let _ = child.kill();
        return ExitCode::from(2);
    };
    let stalled = Arc::new(AtomicBool::new(false));
    let (events, inbox) = mpsc::channel();

    // The engine's output, line by line, unless it hangs.
    let output_stalled = Arc::clone(&stalled);
    let output_events = events.clone();
    thread::spawn(move || {
        let mut reader = BufReader::new(from_engine);
        let mut stdout = std::io::stdout().lock();
        let mut line = Vec::new();
        loop {
            line.clear();
            match reader.read_until(b'\n', &mut line) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            if !output_stalled.load(Ordering::SeqCst) {
                // A reader that went away is no reason to stop the engine.
                let _ = stdout.write_all(&line).and_then(|()| stdout.flush());
            }
        }
        let _ = output_events.send(Event::OutputClosed);
    });

    // The proxy's input, line by line, with a draw before each line.
    let input_stalled = Arc::clone(&stalled);
    // Each fault is logged here, before it takes effect, so the log is whole
    // even when the harness kills this proxy at once (a hung engine).
    let input_log = cli.log.clone();
    thread::spawn(move || {
        let mut stdin = BufReader::new(std::io::stdin().lock());
        let mut line = Vec::new();
        let mut request = 0;
        loop {
            line.clear();
            match stdin.read_until(b'\n', &mut line) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            request += 1;
            let draw: f64 = rng.random_range(0.0..1000.0);
            if draw < kill {
                log_fault(input_log.as_deref(), &format!("kill {number} {request} {}", text_of(&line)));
                let _ = events.send(Event::Kill);
                return;
            }
            if draw < kill + stall {
                log_fault(input_log.as_deref(), &format!("stall {number} {request} {}", text_of(&line)));
                input_stalled.store(true, Ordering::SeqCst);
                // A hung engine reads nothing more, and its input stays open.
                loop {
                    thread::park();
                }
            }
            if to_engine.write_all(&line).and_then(|()| to_engine.flush()).is_err() {
                // The engine stopped reading; its output's end tells the rest.
                continue;
            }
        }
        // Closing the engine's input asks it to finish.
        drop(to_engine);
        let _ = events.send(Event::InputClosed);
    });

    loop {
        let event = match inbox.recv_timeout(Duration::from_millis(100)) {
            Ok(event) => event,
            Err(mpsc::RecvTimeoutError::Timeout) if stalled.load(Ordering::SeqCst) && parent_gone(parent) => {
                // Nobody waits for the hung engine any more.
                let _ = child.kill();
                let _ = child.wait();
                return ExitCode::from(3);
            }
            Err(mpsc::RecvTimeoutError::Timeout) => continue,
            Err(mpsc::RecvTimeoutError::Disconnected) => return ExitCode::from(1),
        };
        match event {
            Event::Kill => {
                let _ = child.kill();
                let _ = child.wait();
                return ExitCode::from(3);
            }
            Event::InputClosed => {}
            // A hung engine stays hung even if the program exits.
            Event::OutputClosed if stalled.load(Ordering::SeqCst) => {}
            Event::OutputClosed => {
                let status = child.wait();
                let code = status.ok().and_then(|s| s.code()).unwrap_or(1);
                return ExitCode::from(u8::try_from(code).unwrap_or(1));
            }
        }
    }
}

/// The parent process of the proxy.
#[cfg(unix)]
fn parent() -> u32 {
    std::os::unix::process::parent_id()
}

/// The parent process of the proxy (unknown here: a hung proxy waits to be killed).
#[cfg(not(unix))]
fn parent() -> u32 {
    0
}

/// Whether the process that started the proxy is gone: the proxy was
/// given to another parent (init, or a subreaper).
fn parent_gone(parent_at_start: u32) -> bool {
    let now = parent();
    now != parent_at_start || (cfg!(unix) && now == 1)
}
