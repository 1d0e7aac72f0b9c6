//! Regressions of the protocol fuzzer's findings (issue 65), each through the upload file
//! compiled with plain rustc: bad bytes, END inside a block, END and quit during a search,
//! extreme clock values, the first move's hash table, a command cut off by the end of the input,
//! a refused `pos`, and a closed output.

use harness::process::{EngineProcess, Reply};
use harness::upload::upload_binary;
use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(10);

/// The tests here measure answer and exit times: one at a time, so that they do not load the
/// machine for each other.
fn one_at_a_time() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn spawn(target: &str, arguments: &str) -> EngineProcess {
    let path = upload_binary(target);
    let command = format!("{} {arguments}", path.display());
    EngineProcess::spawn(command.trim()).expect("the engine starts")
}

/// The next line that is not MESSAGE/DEBUG chatter.
fn answer(engine: &mut EngineProcess) -> String {
    let chatter = |l: &str| l.starts_with("MESSAGE") || l.starts_with("DEBUG");
    match engine.recv_filtered(WAIT, chatter, |_| {}).0 {
        Reply::Line(line) => line,
        other => panic!("no answer: {other:?}"),
    }
}

fn ask(engine: &mut EngineProcess, line: &str) -> String {
    engine.send(line).expect("the engine reads");
    answer(engine)
}

fn is_coordinates(line: &str) -> bool {
    line.split_once(',')
        .is_some_and(|(x, y)| x.parse::<u32>().is_ok() && y.parse::<u32>().is_ok())
}

/// Sends `stop` and checks that the engine prints nothing more and exits within `limit`.
fn stops_silently(engine: &mut EngineProcess, stop: &str, limit: Duration) -> Duration {
    engine.send(stop).expect("the engine reads");
    let start = Instant::now();
    match engine.recv(limit) {
        Reply::Line(line) => panic!("printed '{line}' after {stop}"),
        Reply::Closed => {}
        Reply::Timeout => panic!("still running {limit:?} after {stop}"),
    }
    assert!(engine.finish(Duration::from_millis(200)), "did not exit");
    start.elapsed()
}

/// Sends a command that starts a long search, checks that no answer comes within `lead`, then
/// sends `stop`; the engine must exit within `limit` without answering.
fn stop_during_search(engine: &mut EngineProcess, command: &str, stop: &str) {
    engine.send(command).expect("the engine reads");
    let lead = Duration::from_millis(300);
    let (reply, _) = engine.recv_filtered(
        lead,
        |l| l.starts_with("MESSAGE") || l.starts_with("DEBUG") || l.starts_with("notice"),
        |_| {},
    );
    assert_eq!(reply, Reply::Timeout, "'{command}' answered at once");
    let took = stops_silently(engine, stop, Duration::from_millis(1000));
    eprintln!("{command} / {stop}: exited {took:?} after {stop}");
}

// ---- 1. lines that are not UTF-8 ----

#[test]
fn gomocup_survives_bytes_that_are_not_utf8() {
    let _serial = one_at_a_time();
    let mut e = spawn("gomocup", "");
    e.send("INFO timeout_turn 100").unwrap();
    assert_eq!(ask(&mut e, "START 15"), "OK");
    assert!(ask(&mut e, "ABOUT").contains("name="));
    e.send_bytes(b"\xff\xfe\n").unwrap();
    assert!(answer(&mut e).starts_with("UNKNOWN"));
    assert!(ask(&mut e, "ABOUT").contains("name="));
    // Inside a BOARD block the bad line is one bad stone.
    e.send_bytes(b"BOARD\n7,7,1\n\xc3\x28,1,2\nDONE\n").unwrap();
    assert!(answer(&mut e).starts_with("ERROR"));
    e.send_bytes(b"BOARD\n7,7,1\nDONE\n").unwrap();
    assert!(is_coordinates(&answer(&mut e)));
}

#[test]
fn gomoku_server_survives_bytes_that_are_not_utf8() {
    let _serial = one_at_a_time();
    let mut e = spawn("gomoku-server", "");
    e.send(&format!("pos {} X", "-".repeat(81))).unwrap();
    e.send_bytes(b"\xff\xfe\xfd\n").unwrap();
    let report = answer(&mut e);
    assert!(report.starts_with("info error"), "{report}");
    let reply = ask(&mut e, "go 100");
    assert!(reply.starts_with("move "), "{reply}");
}

// ---- 2. END inside an unfinished block ----

#[test]
fn gomocup_end_inside_a_block_ends_the_program() {
    let _serial = one_at_a_time();
    for block in ["BOARD", "SWAP2BOARD"] {
        let mut e = spawn("gomocup", "");
        assert_eq!(ask(&mut e, "START 15"), "OK");
        e.send(block).unwrap();
        e.send("7,7,1").unwrap();
        stops_silently(&mut e, "END", Duration::from_millis(1000));
    }
}

// ---- 3. END and quit during a search ----

#[test]
fn gomocup_obeys_end_during_a_search() {
    let _serial = one_at_a_time();
    let mut e = spawn("gomocup", "");
    e.send("INFO timeout_turn 10000").unwrap();
    assert_eq!(ask(&mut e, "START 20"), "OK");
    let ours = ask(&mut e, "BOARD\n10,10,2\n11,11,1\nDONE");
    assert!(is_coordinates(&ours));
    // The opponent's stone goes on a cell our answer left empty.
    let theirs = if ours == "9,10" {
        "TURN 12,12"
    } else {
        "TURN 9,10"
    };
    stop_during_search(&mut e, theirs, "END");
}

#[test]
fn gomoku_server_obeys_quit_during_a_search() {
    let _serial = one_at_a_time();
    let mut e = spawn("gomoku-server", "");
    let board = format!("{}X{}", "-".repeat(112), "-".repeat(112));
    e.send(&format!("pos {board} O")).unwrap();
    stop_during_search(&mut e, "go 10000", "quit");
    // A time too long for any clock, stopped the same way.
    let mut e = spawn("gomoku-server", "");
    e.send(&format!("pos {board} O")).unwrap();
    stop_during_search(&mut e, "go 99999999999999999999999", "quit");
}

#[test]
fn sau_engines_obey_quit_during_a_search() {
    let _serial = one_at_a_time();
    let mut e = spawn("connect6", "--game-ms 600000 --move-ms 10000");
    // White's first turn is a fixed shape: the search starts at black's second turn.
    assert!(ask(&mut e, "new black").starts_with("move "));
    stop_during_search(&mut e, "move KKLL", "quit");
    let mut e = spawn("nogo", "--game-ms 600000 --move-ms 10000");
    stop_during_search(&mut e, "new black", "quit");
    let mut e = spawn("amazons", "--game-ms 600000 --move-ms 10000");
    stop_during_search(&mut e, "new black", "quit");
}

// ---- 4. extreme clock values ----

#[test]
fn gomocup_extreme_times_never_wrap_the_clock() {
    let _serial = one_at_a_time();
    let min = i64::MIN.to_string();
    let max = i64::MAX.to_string();
    let huge = "-99999999999999999999999";
    for (key, value) in [
        ("time_left", min.as_str()),
        ("time_left", huge),
        ("time_left", "-100"),
        ("timeout_turn", min.as_str()),
        ("timeout_turn", "0"),
    ] {
        let mut e = spawn("gomocup", "");
        e.send("INFO timeout_turn 5000").unwrap();
        e.send("INFO timeout_match 100000").unwrap();
        assert_eq!(ask(&mut e, "START 15"), "OK");
        e.send(&format!("INFO {key} {value}")).unwrap();
        let start = Instant::now();
        let reply = ask(&mut e, "BOARD\n7,7,2\nDONE");
        let took = start.elapsed();
        assert!(is_coordinates(&reply), "{reply}");
        assert!(took < Duration::from_millis(400), "{key} {value}: {took:?}");
    }
    // Huge limits in every key: the brain still answers and still obeys END.
    let mut e = spawn("gomocup", "");
    for key in [
        "timeout_turn",
        "timeout_match",
        "time_left",
        "max_memory",
        "rule",
    ] {
        e.send(&format!("INFO {key} {max}")).unwrap();
    }
    e.send("INFO max_memory 99999999999999999999999").unwrap();
    e.send(&format!("INFO rule {min}")).unwrap();
    assert_eq!(ask(&mut e, "START 15"), "OK");
    e.send("INFO timeout_turn 20000").unwrap();
    assert!(is_coordinates(&ask(&mut e, "BEGIN")));
    stop_during_search(&mut e, "TURN 8,8", "END");
}

// ---- 5. the first move's hash table ----

#[test]
fn gomocup_first_move_after_max_memory_keeps_a_50_ms_turn() {
    let _serial = one_at_a_time();
    // The real manager's order: limits, START, then INFO max_memory right before the first
    // BOARD. Each size gets five tries, for a loaded machine; building the table on the
    // move's clock took 80 to 670 ms here in every try.
    for memory in [None, Some(83_886_080u64), Some(350_000_000), Some(1 << 30)] {
        let mut best = Duration::MAX;
        for _ in 0..5 {
            let mut e = spawn("gomocup", "");
            e.send("INFO timeout_turn 50").unwrap();
            e.send("INFO timeout_match 100000").unwrap();
            assert_eq!(ask(&mut e, "START 20"), "OK");
            let start = Instant::now();
            if let Some(bytes) = memory {
                e.send(&format!("INFO max_memory {bytes}")).unwrap();
            }
            e.send("INFO time_left 100000").unwrap();
            let reply = ask(&mut e, "BOARD\n10,10,2\n11,11,1\n9,10,2\nDONE");
            assert!(is_coordinates(&reply), "{reply}");
            best = best.min(start.elapsed());
            if best < Duration::from_millis(50) {
                break;
            }
        }
        assert!(best < Duration::from_millis(50), "{memory:?}: {best:?}");
    }
}

// ---- 6. a command cut off by the end of the input ----

#[test]
fn gomocup_does_not_answer_a_command_cut_off_by_the_end_of_input() {
    let _serial = one_at_a_time();
    let mut e = spawn("gomocup", "");
    e.send("INFO timeout_turn 3000").unwrap();
    assert_eq!(ask(&mut e, "START 15"), "OK");
    assert!(is_coordinates(&ask(&mut e, "BEGIN")));
    e.send_bytes(b"TURN 3,3").unwrap();
    e.close_input();
    let start = Instant::now();
    assert_eq!(e.recv(Duration::from_millis(1000)), Reply::Closed);
    assert!(e.finish(Duration::from_millis(200)));
    assert!(start.elapsed() < Duration::from_millis(1000));
}

// ---- 7. a refused pos ----

#[test]
fn gomoku_server_does_not_play_on_after_a_refused_pos() {
    let _serial = one_at_a_time();
    let mut e = spawn("gomoku-server", "");
    e.send(&format!("pos {} X", "-".repeat(225))).unwrap();
    let first = ask(&mut e, "go 200");
    assert!(first.starts_with("move "), "{first}");
    e.send(&format!("pos {} X", "-".repeat(400))).unwrap();
    let report = answer(&mut e);
    assert!(report.starts_with("info error"), "{report}");
    let reply = ask(&mut e, "go 200");
    assert!(
        reply.starts_with("info error"),
        "answered from the old board: {reply}"
    );
    // A new game that is accepted is played again.
    e.send(&format!("pos {} O", "-".repeat(81))).unwrap();
    assert!(ask(&mut e, "go 100").starts_with("move "));
}

// ---- decided: a closed output ends the SAU engines quietly ----

#[test]
fn sau_engines_end_quietly_when_their_output_closes() {
    let _serial = one_at_a_time();
    for target in ["connect6", "nogo", "amazons"] {
        let mut child = Command::new(upload_binary(target))
            .args(["--game-ms", "20000", "--move-ms", "200"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the engine starts");
        drop(child.stdout.take());
        let mut stdin = child.stdin.take().unwrap();
        let _ = stdin.write_all(b"name?\nnew black\n");
        let _ = stdin.flush();
        let start = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            assert!(start.elapsed() < WAIT, "{target} still running");
            std::thread::sleep(Duration::from_millis(10));
        };
        let mut errors = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut errors)
            .unwrap();
        assert!(status.success(), "{target}: {status:?} {errors}");
        assert!(errors.is_empty(), "{target}: {errors}");
    }
}
