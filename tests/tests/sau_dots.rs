//! Dots and Boxes on the SAU protocol, end to end: the upload file against the independent
//! referee of the harness, multi-line turns (`move <count> <lines>`) both ways.

mod sau_support;

use harness::process::Reply;
use harness::sau::dots::Dots;
use harness::sau::judge::{play_match, Contestant, JudgeConfig};
use harness::sau::rules::{Colour, Referee, Verdict};
use sau_support::{engine_command, expect_move, expect_silence, start};
use std::time::Duration;

const ANSWER: Duration = Duration::from_secs(5);

/// The number of lines a turn announces.
fn count(turn: &str) -> usize {
    turn.split_whitespace().next().unwrap().parse().unwrap()
}

#[test]
fn answers_its_name_and_opens_as_black() {
    let mut engine = start("dots-and-boxes", 10_000, 300);
    engine.send("name?").unwrap();
    match engine.recv(ANSWER) {
        Reply::Line(line) => assert!(line.starts_with("name ") && line.len() > 5, "{line}"),
        other => panic!("no name: {other:?}"),
    }
    engine.send("new black").unwrap();
    let turn = expect_move(&mut engine, ANSWER);
    assert_eq!(count(&turn), 1, "{turn}");
    assert_eq!(Dots::default().submit(&turn), Verdict::Accepted, "{turn}");
    engine.send("quit").unwrap();
    assert!(
        engine.finish(Duration::from_secs(2)),
        "quit did not end the engine"
    );
}

/// A whole game in which the test plays black through the protocol, always sending the longest
/// turn the referee lists (so it takes every box it can in one multi-line turn): every answer
/// must be a legal whole turn, and both sides must have sent turns of several lines.
#[test]
fn multi_line_turns_both_ways_for_a_whole_game() {
    let mut engine = start("dots-and-boxes", 4_000, 150);
    let mut referee = Dots::default();
    engine.send("new white").unwrap();
    let (mut ours_long, mut theirs_long) = (0, 0);
    let mut pick = 0usize;
    while referee.result().is_none() {
        assert_eq!(referee.to_move(), Colour::Black);
        let turns = referee.legal_turns();
        let longest = turns.iter().map(|turn| count(turn)).max().unwrap();
        let choices: Vec<&String> = turns.iter().filter(|turn| count(turn) == longest).collect();
        pick = pick.wrapping_mul(31).wrapping_add(17);
        let turn = choices[pick % choices.len()].clone();
        assert_eq!(referee.submit(&turn), Verdict::Accepted, "{turn}");
        if count(&turn) > 1 {
            ours_long += 1;
        }
        engine.send(&format!("move {turn}")).unwrap();
        if referee.result().is_some() {
            break;
        }
        let answer = expect_move(&mut engine, ANSWER);
        assert_eq!(referee.submit(&answer), Verdict::Accepted, "{answer}");
        if count(&answer) > 1 {
            theirs_long += 1;
        }
    }
    assert!(
        ours_long > 0 && theirs_long > 0,
        "{ours_long} {theirs_long}"
    );
    expect_silence(&mut engine, Duration::from_millis(200));
}

#[test]
fn survives_malformed_input_and_keeps_the_position() {
    let mut engine = start("dots-and-boxes", 20_000, 200);
    let mut referee = Dots::default();
    engine.send("new white").unwrap();
    expect_silence(&mut engine, Duration::from_millis(300));
    for junk in [
        "",
        "hello",
        "move",
        "move AAA",
        "move 1",
        "move 2 AAA",
        "move 1 AAABAA",
        "move 1 CAA",
        "move 1 AGA",
        "move 1 AAF",
        "move x AAA",
        "new purple",
        &format!("move 90 {}", "A".repeat(270)),
        "error",
    ] {
        engine.send(junk).unwrap();
    }
    expect_silence(&mut engine, Duration::from_millis(300));
    assert_eq!(referee.submit("1 AAA"), Verdict::Accepted);
    engine.send("move 1 AAA").unwrap();
    let answer = expect_move(&mut engine, ANSWER);
    assert_eq!(referee.submit(&answer), Verdict::Accepted, "{answer}");
    // A line drawn already, and a turn that stops after completing a box, are ignored.
    engine.send("move 1 AAA").unwrap();
    expect_silence(&mut engine, Duration::from_millis(300));
    let turn = referee.legal_turns()[0].clone();
    assert_eq!(referee.submit(&turn), Verdict::Accepted);
    engine.send(&format!("move {turn}")).unwrap();
    let answer = expect_move(&mut engine, ANSWER);
    assert_eq!(referee.submit(&answer), Verdict::Accepted, "{answer}");
}

#[test]
fn a_turn_stopping_after_a_box_is_ignored_and_the_whole_one_answered() {
    let mut engine = start("dots-and-boxes", 20_000, 200);
    let mut referee = Dots::default();
    engine.send("new black").unwrap();
    // Black (the engine) and white (the test) draw lines until white can complete a box.
    loop {
        let answer = expect_move(&mut engine, ANSWER);
        assert_eq!(referee.submit(&answer), Verdict::Accepted, "{answer}");
        let turns = referee.legal_turns();
        if let Some(long) = turns.iter().find(|turn| count(turn) > 1) {
            let long = long.clone();
            // Only the box-completing first line: the turn may not end there.
            let first = format!("1 {}", &long.split_whitespace().nth(1).unwrap()[..3]);
            assert!(matches!(
                referee.clone().submit(&first),
                Verdict::Rejected(_)
            ));
            engine.send(&format!("move {first}")).unwrap();
            expect_silence(&mut engine, Duration::from_millis(300));
            assert_eq!(referee.submit(&long), Verdict::Accepted);
            engine.send(&format!("move {long}")).unwrap();
            let answer = expect_move(&mut engine, ANSWER);
            assert_eq!(referee.submit(&answer), Verdict::Accepted, "{answer}");
            break;
        }
        // Draw a line that completes nothing, the highest listed.
        let quiet = turns
            .iter()
            .rev()
            .find(|turn| count(turn) == 1)
            .unwrap()
            .clone();
        assert_eq!(referee.submit(&quiet), Verdict::Accepted);
        engine.send(&format!("move {quiet}")).unwrap();
    }
}

#[test]
fn a_rejected_turn_is_replaced_by_another() {
    let mut engine = start("dots-and-boxes", 20_000, 200);
    engine.send("new black").unwrap();
    let first = expect_move(&mut engine, ANSWER);
    engine.send("error").unwrap();
    let second = expect_move(&mut engine, ANSWER);
    assert_ne!(first, second);
    let mut referee = Dots::default();
    assert_eq!(referee.submit(&second), Verdict::Accepted);
    // The game goes on from the accepted turn, not the rejected one.
    let reply = referee.legal_turns()[0].clone();
    assert_eq!(referee.submit(&reply), Verdict::Accepted);
    engine.send(&format!("move {reply}")).unwrap();
    let answer = expect_move(&mut engine, ANSWER);
    assert_eq!(referee.submit(&answer), Verdict::Accepted, "{answer}");
}

#[test]
fn beats_the_random_player_within_its_time_and_the_judge_relays_long_turns() {
    let config = JudgeConfig {
        game_time: Duration::from_secs(8),
        move_time: Duration::from_millis(400),
        max_retries: 0,
    };
    let mut engine = Contestant::new(&engine_command("dots-and-boxes", 3_000, 150));
    let mut random = Contestant::new(&format!(
        "{} --game dots-and-boxes --seed 11",
        env!("CARGO_BIN_EXE_sau-random")
    ));
    let mut referee = Dots::default();
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
    assert_eq!(random.rejected_turns, 0);
    assert!(engine.worst_move < Duration::from_millis(400));
    let long_turns = report
        .games
        .iter()
        .flat_map(|(_, record)| record.turns.iter())
        .filter(|turn| count(turn) > 1)
        .count();
    assert!(long_turns > 2, "{:?}", report.games);
}
