//! What the SAU end-to-end tests share: the engine under test (the upload file compiled like the
//! judge does, or the release binary while no upload file exists) and a line-level driver.

use harness::process::{EngineProcess, Reply};
use harness::upload::{compile_upload, upload_file, workspace_root};
use std::path::PathBuf;
use std::process::Command;
use std::sync::Mutex;
use std::time::Duration;

/// Tests of one binary run in parallel threads of one process, and `compile_upload` names its
/// scratch folder after the process: compiling one at a time keeps them apart.
static BUILD: Mutex<()> = Mutex::new(());

/// The executable of `target`: `submissions/<target>/main.rs` compiled with plain rustc (which
/// must be free of warnings), or the release build of the engine binary when there is no upload
/// file yet.
pub fn engine_binary(target: &str) -> PathBuf {
    let _one_at_a_time = BUILD.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if upload_file(target).exists() {
        let compiled = compile_upload(target).expect("the upload file compiles");
        assert_eq!(
            compiled.warning_count(),
            0,
            "warnings in the upload file:\n{}",
            compiled.diagnostics
        );
        return compiled.binary;
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let status = Command::new(cargo)
        .args(["build", "--release", "-p", "engine", "--bin", target])
        .current_dir(workspace_root())
        .status()
        .expect("cargo runs");
    assert!(status.success(), "building {target} failed");
    let target_dir = std::env::var("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| workspace_root().join("target"));
    target_dir.join("release").join(target)
}

/// The engine command line for `target` with a time budget.
pub fn engine_command(target: &str, game_ms: u64, move_ms: u64) -> String {
    format!(
        "{} --game-ms {game_ms} --move-ms {move_ms}",
        engine_binary(target).display()
    )
}

/// A started engine.
pub fn start(target: &str, game_ms: u64, move_ms: u64) -> EngineProcess {
    EngineProcess::spawn(&engine_command(target, game_ms, move_ms)).expect("the engine starts")
}

/// Waits for the next `move` line and returns its squares; every other line must be free of the
/// word `move` (the platform would read it as a move).
pub fn expect_move(engine: &mut EngineProcess, timeout: Duration) -> String {
    let (reply, _) = engine.recv_filtered(
        timeout,
        |line| !line.starts_with("move "),
        |line| assert!(!line.contains("move"), "stray line with 'move': {line}"),
    );
    match reply {
        Reply::Line(line) => line["move ".len()..].to_string(),
        other => panic!("no move: {other:?}"),
    }
}

/// Asserts that no `move` line arrives within `wait` (other lines are allowed).
pub fn expect_silence(engine: &mut EngineProcess, wait: Duration) {
    let (reply, _) = engine.recv_filtered(
        wait,
        |line| !line.starts_with("move "),
        |line| assert!(!line.contains("move"), "stray line with 'move': {line}"),
    );
    assert!(
        matches!(reply, Reply::Timeout),
        "unexpected answer {reply:?}"
    );
}
