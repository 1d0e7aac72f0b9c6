//! NoGo on the SAU protocol, end to end: the upload file (or the release binary) against the
//! independent referee of the harness.

mod sau_support;

use harness::process::Reply;
use harness::sau::judge::{play_match, Contestant, JudgeConfig};
use harness::sau::nogo::NoGo;
use harness::sau::rules::{Referee, Verdict};
use sau_support::{engine_command, expect_move, expect_silence, start};
use std::time::Duration;

const ANSWER: Duration = Duration::from_secs(5);

#[test]
fn answers_its_name_and_opens_as_black() {
    let mut engine = start("nogo", 10_000, 300);
    engine.send("name?").unwrap();
    match engine.recv(ANSWER) {
        Reply::Line(line) => assert!(line.starts_with("name ") && line.len() > 5, "{line}"),
        other => panic!("no name: {other:?}"),
    }
    engine.send("new black").unwrap();
    let squares = expect_move(&mut engine, ANSWER);
    assert_eq!(NoGo::default().submit(&squares), Verdict::Accepted);
    engine.send("quit").unwrap();
    assert!(
        engine.finish(Duration::from_secs(2)),
        "quit did not end the engine"
    );
}

#[test]
fn survives_malformed_input_and_keeps_the_position() {
    let mut engine = start("nogo", 20_000, 200);
    let mut referee = NoGo::default();
    engine.send("new white").unwrap();
    expect_silence(&mut engine, Duration::from_millis(300));
    for junk in [
        "",
        "hello",
        "move",
        "move ZZ",
        "move EEEE",
        "move E",
        "new purple",
        "\u{1}\u{2}move",
        &"x".repeat(300),
        &format!("move {}", "A".repeat(400)),
        "error",
    ] {
        engine.send(junk).unwrap();
    }
    expect_silence(&mut engine, Duration::from_millis(300));
    assert_eq!(referee.submit("EE"), Verdict::Accepted);
    engine.send("move EE").unwrap();
    let answer = expect_move(&mut engine, ANSWER);
    assert_eq!(referee.submit(&answer), Verdict::Accepted, "{answer}");
    // A move onto a stone is ignored; the next real one is answered legally.
    engine.send("move EE").unwrap();
    expect_silence(&mut engine, Duration::from_millis(300));
    let mine = referee.legal_squares()[0];
    let square = format!(
        "{}{}",
        (b'A' + mine.0 as u8) as char,
        (b'A' + mine.1 as u8) as char
    );
    assert_eq!(referee.submit(&square), Verdict::Accepted);
    engine.send(&format!("move {square}")).unwrap();
    let answer = expect_move(&mut engine, ANSWER);
    assert_eq!(referee.submit(&answer), Verdict::Accepted, "{answer}");
}

#[test]
fn a_rejected_move_is_replaced_by_another() {
    let mut engine = start("nogo", 20_000, 200);
    engine.send("new black").unwrap();
    let first = expect_move(&mut engine, ANSWER);
    engine.send("error").unwrap();
    let second = expect_move(&mut engine, ANSWER);
    assert_ne!(first, second);
    let mut referee = NoGo::default();
    assert_eq!(referee.submit(&second), Verdict::Accepted);
    // The game goes on from the accepted stone, not the rejected one.
    let reply = referee.legal_squares()[0];
    let square = format!(
        "{}{}",
        (b'A' + reply.0 as u8) as char,
        (b'A' + reply.1 as u8) as char
    );
    assert_eq!(referee.submit(&square), Verdict::Accepted);
    engine.send(&format!("move {square}")).unwrap();
    let answer = expect_move(&mut engine, ANSWER);
    assert_eq!(referee.submit(&answer), Verdict::Accepted, "{answer}");
}

#[test]
fn beats_the_random_player_within_its_time() {
    let config = JudgeConfig {
        game_time: Duration::from_secs(8),
        move_time: Duration::from_millis(400),
        max_retries: 0,
    };
    let mut engine = Contestant::new(&engine_command("nogo", 6_000, 300));
    let mut random = Contestant::new(&format!(
        "{} --game nogo --seed 11",
        env!("CARGO_BIN_EXE_sau-random")
    ));
    let mut referee = NoGo::default();
    let report = play_match(
        &mut referee,
        &mut engine,
        &mut random,
        2,
        &config,
        |_, _, _| {},
    );
    assert_eq!(report.score.wins, 2, "{:?}", report.games);
    assert!(engine.violations.is_empty(), "{:?}", engine.violations);
    assert_eq!(engine.rejected_turns, 0);
    assert!(engine.worst_move < Duration::from_millis(400));
}
