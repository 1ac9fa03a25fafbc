//! Helpers the conformance crate's integration tests share.

// Each test file uses only some of them.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The workspace root.
pub(crate) fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The `lawbook` binary: `CARGO_BIN_EXE_lawbook` when cargo sets it,
/// otherwise `lawbook` in this test's target directory, built once here.
pub(crate) fn lawbook() -> PathBuf {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY
        .get_or_init(|| {
            if let Some(path) = std::env::var_os("CARGO_BIN_EXE_lawbook") {
                return PathBuf::from(path);
            }
            // target/<profile>/deps/<test>-<hash> -> target/<profile>/lawbook
            let exe = std::env::current_exe().expect("the test knows its own path");
            let profile_dir = exe.parent().and_then(Path::parent).expect("the test runs from target/<profile>/deps");
            let release = profile_dir.file_name().is_some_and(|n| n == "release");
            let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
            let mut args = vec!["build", "-q", "-p", "lawbook-cli", "--bin", "lawbook"];
            if release {
                args.push("--release");
            }
            let status = Command::new(cargo)
                .args(&args)
                .current_dir(workspace())
                .env("CARGO_TARGET_DIR", profile_dir.parent().expect("target directory"))
                .status()
                .expect("cargo runs");
            assert!(status.success(), "cargo build -p lawbook-cli failed");
            profile_dir.join("lawbook")
        })
        .clone()
}
