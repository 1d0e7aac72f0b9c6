//! What the SAU end-to-end tests share: the engine under test (the upload file compiled like the
//! judge does) and a line-level driver.

use harness::process::{EngineProcess, Reply};
use harness::upload::upload_binary;
use std::path::PathBuf;
use std::time::Duration;

/// The executable of `target`: `submissions/<target>/main.rs` compiled alone with plain rustc,
/// as the platform does; it must compile free of warnings.
pub fn engine_binary(target: &str) -> PathBuf {
    upload_binary(target)
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
