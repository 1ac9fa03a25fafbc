//! `cargo xtask package`: every crate meant for others packages on its own,
//! and the `lawbook` command installs from the packaged files alone.
//!
//! 1. `cargo package` for each of [`CRATES`], which also builds each one
//!    from its packaged sources (with the others it needs taken from their
//!    packages, not from the checkout);
//! 2. the `.crate` files unpacked into a folder outside the checkout;
//! 3. `cargo install --path` of the unpacked `lawbook-cli`, its lawbook
//!    dependencies patched to the other unpacked crates (a debug build, to
//!    keep the check short; what is checked is where the sources come from);
//! 4. the installed `lawbook` run from that folder: a perft count and the
//!    corpus's castling rule against the built-in engine, from the corpus
//!    built into it;
//! 5. `cargo tree` of the packaged `lawbook-cli`: no insta among its normal
//!    dependencies.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The crates meant for others, in the order they depend on each other.
pub(crate) const CRATES: [&str; 9] = [
    "lawbook-board",
    "lawbook-movegen",
    "lawbook-notation",
    "lawbook-outcome",
    "lawbook-otb",
    "lawbook-engines",
    "lawbook-corpus",
    "lawbook-conformance",
    "lawbook-cli",
];

/// The workspace's version, which every crate of [`CRATES`] shares.
const VERSION: &str = env!("CARGO_PKG_VERSION");

pub(crate) fn run(args: &[String], root: &Path, target: &Path) -> Result<(), String> {
    if let Some(arg) = args.first() {
        return Err(format!("cargo xtask package takes no options, not {arg:?}"));
    }
    let started = std::time::Instant::now();
    let mut package = vec!["package", "--allow-dirty"];
    for name in CRATES {
        package.extend(["-p", name]);
    }
    cargo(root, &package.iter().map(|s| s.to_string()).collect::<Vec<_>>())?;

    let work = std::env::temp_dir().join(format!("lawbook-package-check-{}", std::process::id()));
    let result = install_and_run(target, &work);
    let _ = std::fs::remove_dir_all(&work);
    result?;
    eprintln!(
        "xtask: package: the {} crates package, and lawbook installs from them ({:.0?})",
        CRATES.len(),
        started.elapsed()
    );
    Ok(())
}

fn install_and_run(target: &Path, work: &Path) -> Result<(), String> {
    let sources = work.join("src");
    std::fs::create_dir_all(&sources).map_err(|e| format!("cannot make {}: {e}", sources.display()))?;
    for name in CRATES {
        let file = target.join("package").join(format!("{name}-{VERSION}.crate"));
        run_command(Command::new("tar").arg("-xzf").arg(&file).arg("-C").arg(&sources))?;
    }
    let unpacked = |name: &str| sources.join(format!("{name}-{VERSION}"));
    // The lawbook crates come from their packages, never from a registry or the checkout.
    let patches: Vec<String> = CRATES[..CRATES.len() - 1]
        .iter()
        .flat_map(|name| ["--config".to_string(), format!("patch.crates-io.{name}.path={:?}", unpacked(name))])
        .collect();
    let cli = unpacked("lawbook-cli");
    let root = work.join("root");
    let mut install = vec!["install".to_string(), "--debug".to_string(), "--path".to_string()];
    install.push(cli.display().to_string());
    install.extend(["--root".to_string(), root.display().to_string()]);
    // The checkout's target folder: the dependencies built when the crates
    // were verified are built once.
    install.extend(["--target-dir".to_string(), target.display().to_string()]);
    install.extend(patches.iter().cloned());
    cargo(work, &install)?;

    let lawbook = root.join("bin").join("lawbook");
    let perft = output(Command::new(&lawbook).current_dir(work).args(["perft", "startpos", "3"]))?;
    if perft.trim() != "8902" {
        return Err(format!("the installed lawbook counts perft 3 of the start position as {perft:?}, not 8902"));
    }
    output(Command::new(&lawbook).current_dir(work).args(["check", "--engine", "lawbook", "--tags", "@CASTLE-11"]))?;

    let mut tree = vec!["tree".to_string(), "--manifest-path".to_string()];
    tree.push(cli.join("Cargo.toml").display().to_string());
    tree.extend(["-e", "normal", "--prefix", "none"].map(String::from));
    tree.extend(patches);
    let mut command = Command::new(cargo_program());
    let tree = output(command.current_dir(work).args(&tree))?;
    if let Some(line) = tree.lines().find(|l| l.starts_with("insta v")) {
        return Err(format!("the packaged lawbook-cli links insta ({line})"));
    }
    eprintln!("xtask: package: {} runs from {} and links no insta", lawbook.display(), work.display());
    Ok(())
}

fn cargo_program() -> PathBuf {
    std::env::var_os("CARGO").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("cargo"))
}

fn cargo(dir: &Path, args: &[String]) -> Result<(), String> {
    eprintln!("xtask: cargo {}", args.join(" "));
    run_command(Command::new(cargo_program()).current_dir(dir).args(args))
}

/// Runs a command to its end; an error names it and how it ended.
fn run_command(command: &mut Command) -> Result<(), String> {
    let status = command.status().map_err(|e| format!("cannot run {command:?}: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("{command:?} failed ({status})")) }
}

/// Runs a command and returns what it printed; an error carries its stderr.
fn output(command: &mut Command) -> Result<String, String> {
    let out = command.output().map_err(|e| format!("cannot run {command:?}: {e}"))?;
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        Err(format!("{command:?} failed ({}):\n{}", out.status, String::from_utf8_lossy(&out.stderr)))
    }
}
