//! Amazons on the SAU protocol, end to end: the engine's rules against the independent referee
//! of the harness, and the upload file through the protocol and against the random player.

mod sau_support;

use engine::amazons::board::{column, row, Board, Move};
use engine::core::color::Color;
use harness::process::Reply;
use harness::sau::amazons::Amazons;
use harness::sau::judge::{play_match, Contestant, JudgeConfig};
use harness::sau::rules::{square_name, Referee, Verdict};
use sau_support::{engine_command, expect_move, expect_silence, start};
use std::time::Duration;

const ANSWER: Duration = Duration::from_secs(5);

fn text(mv: Move) -> String {
    [mv.from, mv.to, mv.arrow]
        .iter()
        .map(|&square| square_name(column(square), row(square)))
        .collect()
}

fn engine_turns(board: &Board) -> Vec<String> {
    let mut moves = Vec::new();
    board.generate(&mut moves);
    let mut turns: Vec<String> = moves.into_iter().map(text).collect();
    turns.sort();
    turns
}

/// A xorshift generator for picking turns.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Random games to the end: at every position both sides' rules give the same turns, the same
/// side to move and the same end.
#[test]
fn engine_and_referee_agree_on_every_turn_of_random_games() {
    let mut seed = 0x1234_5678_9abc_def1u64;
    for _ in 0..10 {
        let mut board = Board::new();
        let mut referee = Amazons::default();
        loop {
            let mut expected = referee.legal_turns();
            expected.sort();
            assert_eq!(engine_turns(&board), expected, "{}", referee.picture());
            let over = referee.result().is_some();
            assert_eq!(over, !board.can_move(board.to_move()));
            if over {
                break;
            }
            let turn = &expected[(next(&mut seed) % expected.len() as u64) as usize];
            let mv = {
                let mut moves = Vec::new();
                board.generate(&mut moves);
                *moves.iter().find(|&&mv| text(mv) == *turn).unwrap()
            };
            assert!(board.is_legal(mv));
            board.play(mv);
            assert_eq!(referee.submit(turn), Verdict::Accepted);
            let side = match referee.to_move() {
                harness::sau::rules::Colour::Black => Color::Black,
                harness::sau::rules::Colour::White => Color::White,
            };
            assert_eq!(board.to_move(), side);
        }
    }
}

#[test]
fn perft_counts_match_the_referee() {
    let board = Board::new();
    assert_eq!(board.perft(1), 2176);
    // Both rule sets gave this when compared from the start (the referee takes seconds).
    assert_eq!(board.perft(2), 4_307_152);
    // From positions along a fixed line of random turns, two and three turns deep.
    let mut board = Board::new();
    let mut referee = Amazons::default();
    let mut seed = 99u64;
    for turn in 1..=44 {
        let mut moves = Vec::new();
        board.generate(&mut moves);
        let mv = moves[(next(&mut seed) % moves.len() as u64) as usize];
        assert_eq!(referee.submit(&text(mv)), Verdict::Accepted);
        board.play(mv);
        if turn == 24 {
            assert_eq!(board.perft(2), referee.perft(2), "{}", referee.picture());
        }
    }
    assert_eq!(board.perft(3), referee.perft(3), "{}", referee.picture());
}

#[test]
fn answers_its_name_and_opens_as_black() {
    let mut engine = start("amazons", 10_000, 300);
    engine.send("name?").unwrap();
    match engine.recv(ANSWER) {
        Reply::Line(line) => assert!(line.starts_with("name ") && line.len() > 5, "{line}"),
        other => panic!("no name: {other:?}"),
    }
    engine.send("new black").unwrap();
    let squares = expect_move(&mut engine, ANSWER);
    let mut referee = Amazons::default();
    assert_eq!(referee.submit(&squares), Verdict::Accepted, "{squares}");
    engine.send("quit").unwrap();
    assert!(
        engine.finish(Duration::from_secs(2)),
        "quit did not end the engine"
    );
}

#[test]
fn survives_malformed_and_illegal_input_and_keeps_the_position() {
    let mut engine = start("amazons", 20_000, 200);
    let mut referee = Amazons::default();
    engine.send("new white").unwrap();
    expect_silence(&mut engine, Duration::from_millis(300));
    for junk in [
        "",
        "hello",
        "move",
        "move ZZ",
        "move AGAE",
        "move AGAEAGAA",
        "move AGAAAB",
        "move ADACAD",
        "move agaeag",
        "new purple",
        &"x".repeat(300),
        &format!("move {}", "A".repeat(400)),
        "error",
    ] {
        engine.send(junk).unwrap();
    }
    expect_silence(&mut engine, Duration::from_millis(300));
    assert_eq!(referee.submit("AGAEAG"), Verdict::Accepted);
    engine.send("move AGAEAG").unwrap();
    let answer = expect_move(&mut engine, ANSWER);
    assert_eq!(referee.submit(&answer), Verdict::Accepted, "{answer}");
    // The same turn again is illegal now (AG holds an arrow) and is ignored.
    engine.send("move AGAEAG").unwrap();
    expect_silence(&mut engine, Duration::from_millis(300));
    let turn = referee.legal_turns()[0].clone();
    assert_eq!(referee.submit(&turn), Verdict::Accepted);
    engine.send(&format!("move {turn}")).unwrap();
    let answer = expect_move(&mut engine, ANSWER);
    assert_eq!(referee.submit(&answer), Verdict::Accepted, "{answer}");
}

#[test]
fn a_rejected_move_is_replaced_by_another() {
    let mut engine = start("amazons", 20_000, 200);
    engine.send("new black").unwrap();
    let first = expect_move(&mut engine, ANSWER);
    engine.send("error").unwrap();
    let second = expect_move(&mut engine, ANSWER);
    assert_ne!(first, second);
    let mut referee = Amazons::default();
    assert_eq!(referee.submit(&second), Verdict::Accepted);
    // The game goes on from the accepted turn, not the rejected one.
    let reply = referee.legal_turns()[0].clone();
    assert_eq!(referee.submit(&reply), Verdict::Accepted);
    engine.send(&format!("move {reply}")).unwrap();
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
    let mut engine = Contestant::new(&engine_command("amazons", 5_000, 150));
    let mut random = Contestant::new(&format!(
        "{} --game amazons --seed 11",
        env!("CARGO_BIN_EXE_sau-random")
    ));
    let mut referee = Amazons::default();
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
