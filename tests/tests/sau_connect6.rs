//! Connect6 on the SAU protocol, end to end: the upload file (or the release binary) against the
//! independent referee of the harness.

mod sau_support;

use harness::process::Reply;
use harness::sau::connect6::Connect6;
use harness::sau::judge::{play_match, Contestant, JudgeConfig};
use harness::sau::rules::{GameResult, Referee, Verdict};
use sau_support::{engine_command, expect_move, expect_silence, start};
use std::time::Duration;

const ANSWER: Duration = Duration::from_secs(5);

/// Some legal two-stone turn far from the centre (where engines rarely play early).
fn quiet_turn(referee: &Connect6) -> String {
    let letters: Vec<char> = ('A'..='S').collect();
    for (index, &x) in letters.iter().enumerate().step_by(3) {
        for &y in [letters[0], letters[18]].iter() {
            let other = letters[(index + 1) % 19];
            let turn = format!("{x}{y}{other}{y}");
            if referee.clone().submit(&turn) == Verdict::Accepted {
                return turn;
            }
        }
    }
    panic!("no quiet turn left");
}

#[test]
fn answers_its_name_and_opens_with_one_stone() {
    let mut engine = start("connect6", 10_000, 300);
    engine.send("name?").unwrap();
    match engine.recv(ANSWER) {
        Reply::Line(line) => assert!(line.starts_with("name ") && line.len() > 5, "{line}"),
        other => panic!("no name: {other:?}"),
    }
    engine.send("new black").unwrap();
    let squares = expect_move(&mut engine, ANSWER);
    assert!(squares.ends_with("@@") && squares.len() == 4, "{squares}");
    let mut referee = Connect6::default();
    assert_eq!(referee.submit(&squares), Verdict::Accepted);
    // The reply to white's two stones is two stones.
    let white = quiet_turn(&referee);
    assert_eq!(referee.submit(&white), Verdict::Accepted);
    engine.send(&format!("move {white}")).unwrap();
    let answer = expect_move(&mut engine, ANSWER);
    assert_eq!(answer.len(), 4, "{answer}");
    assert_eq!(referee.submit(&answer), Verdict::Accepted, "{answer}");
    engine.send("end").unwrap();
    engine.send("quit").unwrap();
    assert!(
        engine.finish(Duration::from_secs(2)),
        "quit did not end the engine"
    );
}

#[test]
fn as_white_reads_the_opening_stone_and_answers_two() {
    let mut engine = start("connect6", 10_000, 300);
    engine.send("new white").unwrap();
    expect_silence(&mut engine, Duration::from_millis(200));
    engine.send("move JJ@@").unwrap();
    let answer = expect_move(&mut engine, ANSWER);
    let mut referee = Connect6::default();
    assert_eq!(referee.submit("JJ@@"), Verdict::Accepted);
    assert_eq!(referee.submit(&answer), Verdict::Accepted, "{answer}");
}

#[test]
fn survives_malformed_input_and_keeps_the_position() {
    let mut engine = start("connect6", 20_000, 300);
    let mut referee = Connect6::default();
    engine.send("new white").unwrap();
    for junk in [
        "",
        "move",
        "move JJJ",
        "move JTJJ",
        "move jjkk",
        "move JJJJ",
        "move JJKK",
        "bogus words here",
        "new",
        &"y".repeat(500),
        "end white extra",
    ] {
        engine.send(junk).unwrap();
    }
    // After `end` the engine is between games; a new game starts cleanly.
    expect_silence(&mut engine, Duration::from_millis(300));
    engine.send("new white").unwrap();
    assert_eq!(referee.submit("JJ@@"), Verdict::Accepted);
    engine.send("move JJ@@").unwrap();
    let answer = expect_move(&mut engine, ANSWER);
    assert_eq!(referee.submit(&answer), Verdict::Accepted, "{answer}");
    // Black's turn onto a stone is ignored; the next real one is answered legally.
    engine.send(&format!("move {answer}")).unwrap();
    expect_silence(&mut engine, Duration::from_millis(300));
    let black = quiet_turn(&referee);
    assert_eq!(referee.submit(&black), Verdict::Accepted);
    engine.send(&format!("move {black}")).unwrap();
    let answer = expect_move(&mut engine, ANSWER);
    assert_eq!(referee.submit(&answer), Verdict::Accepted, "{answer}");
}

#[test]
fn a_rejected_turn_is_replaced_by_another() {
    let mut engine = start("connect6", 20_000, 300);
    engine.send("new white").unwrap();
    engine.send("move JJ@@").unwrap();
    let first = expect_move(&mut engine, ANSWER);
    engine.send("error").unwrap();
    let second = expect_move(&mut engine, ANSWER);
    assert_ne!(first, second);
    let mut referee = Connect6::default();
    assert_eq!(referee.submit("JJ@@"), Verdict::Accepted);
    assert_eq!(referee.submit(&second), Verdict::Accepted, "{second}");
    let black = quiet_turn(&referee);
    assert_eq!(referee.submit(&black), Verdict::Accepted);
    engine.send(&format!("move {black}")).unwrap();
    let answer = expect_move(&mut engine, ANSWER);
    assert_eq!(referee.submit(&answer), Verdict::Accepted, "{answer}");
}

#[test]
fn a_self_play_game_ends_by_the_rules_within_the_time() {
    let config = JudgeConfig {
        game_time: Duration::from_secs(20),
        move_time: Duration::from_millis(500),
        max_retries: 0,
    };
    let command = engine_command("connect6", 15_000, 250);
    let mut first = Contestant::new(&command);
    let mut second = Contestant::new(&command);
    let mut referee = Connect6::default();
    let report = play_match(
        &mut referee,
        &mut first,
        &mut second,
        1,
        &config,
        |_, _, _| {},
    );
    let (_, record) = &report.games[0];
    assert!(
        matches!(record.result, GameResult::Win(_)) || record.turns.len() > 150,
        "{record:?}"
    );
    let reason = match record.result {
        GameResult::Win(_) => "six in a row",
        GameResult::Draw => "full board",
    };
    assert_eq!(record.reason, reason, "{record:?}");
    for player in [&first, &second] {
        assert!(player.violations.is_empty(), "{:?}", player.violations);
        assert!(player.worst_move < Duration::from_millis(500));
    }
}
