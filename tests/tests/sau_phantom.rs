//! Phantom Go on the SAU protocol, end to end: the upload file against the harness's independent
//! referee and platform loop, and the engine's rules against the referee's.

mod sau_support;

use engine::core::color::Color;
use engine::phantom::board::{Board, Cell};
use harness::process::Reply;
use harness::sau::judge::{Contestant, JudgeConfig};
use harness::sau::phantom::{Answer, PhantomGo};
use harness::sau::phantom_judge::play_match;
use harness::sau::rules::{parse_squares, Colour, Referee, Verdict};
use sau_support::{engine_command, expect_move, expect_silence, start};
use std::time::Duration;

const ANSWER: Duration = Duration::from_secs(5);

fn point(squares: &str) -> (usize, usize) {
    match parse_squares(squares, 9).unwrap().as_slice() {
        [Some(point)] => *point,
        other => panic!("not one square: {other:?}"),
    }
}

#[test]
fn answers_its_name_and_opens_as_black() {
    let mut engine = start("phantom-go", 10_000, 300);
    engine.send("name?").unwrap();
    match engine.recv(ANSWER) {
        Reply::Line(line) => assert!(line.starts_with("name ") && line.len() > 5, "{line}"),
        other => panic!("no name: {other:?}"),
    }
    engine.send("new black").unwrap();
    let squares = expect_move(&mut engine, ANSWER);
    assert_eq!(PhantomGo::default().submit(&squares), Verdict::Accepted);
    engine.send("quit").unwrap();
    assert!(
        engine.finish(Duration::from_secs(2)),
        "quit did not end the engine"
    );
}

#[test]
fn refusals_get_new_points_until_one_is_accepted() {
    let mut engine = start("phantom-go", 20_000, 300);
    engine.send("new white").unwrap();
    expect_silence(&mut engine, Duration::from_millis(200));
    engine.send("move go").unwrap();
    let mut tried = Vec::new();
    for _ in 0..6 {
        let squares = expect_move(&mut engine, ANSWER);
        assert!(
            !tried.contains(&squares),
            "{squares} tried twice in {tried:?}"
        );
        tried.push(squares);
        engine.send("refuse").unwrap();
    }
    let squares = expect_move(&mut engine, ANSWER);
    assert!(!tried.contains(&squares));
    engine.send("accept").unwrap();
    expect_silence(&mut engine, Duration::from_millis(200));
    // A new turn: the refusals of the last one no longer bind, but our own stone does.
    engine.send("move go").unwrap();
    let next = expect_move(&mut engine, ANSWER);
    assert_ne!(next, squares);
}

#[test]
fn taked_is_followed_by_move_go_and_frees_the_point() {
    let mut engine = start("phantom-go", 20_000, 300);
    let mut referee = PhantomGo::default();
    engine.send("new black").unwrap();
    let first = expect_move(&mut engine, ANSWER);
    let (x, y) = point(&first);
    assert_eq!(referee.try_point(x, y), Answer::Accepted(vec![]));
    engine.send("accept").unwrap();
    // White surrounds the stone (black's own turns elsewhere), then takes it.
    let mut around: Vec<(usize, usize)> = Vec::new();
    for (dx, dy) in [(1i32, 0i32), (-1, 0), (0, 1), (0, -1)] {
        let (nx, ny) = (x as i32 + dx, y as i32 + dy);
        if (0..9).contains(&nx) && (0..9).contains(&ny) {
            around.push((nx as usize, ny as usize));
        }
    }
    let mut taken = Vec::new();
    for (index, &(wx, wy)) in around.iter().enumerate() {
        if let Answer::Accepted(captured) = referee.try_point(wx, wy) {
            taken = captured;
        }
        if index + 1 == around.len() {
            break;
        }
        engine.send("move go").unwrap();
        loop {
            let squares = expect_move(&mut engine, ANSWER);
            let (bx, by) = point(&squares);
            // The points white surrounds with, and their neighbours, are refused (white gets
            // there first in this test), so that black's own turns never join the stone nor
            // take a surrounding stone, and the capture always comes.
            let near = around.contains(&(bx, by))
                || around
                    .iter()
                    .any(|&(ax, ay)| ax.abs_diff(bx) + ay.abs_diff(by) == 1);
            if near {
                engine.send("refuse").unwrap();
                continue;
            }
            match referee.try_point(bx, by) {
                Answer::Accepted(captured) => {
                    engine.send("accept").unwrap();
                    assert!(captured.is_empty());
                    break;
                }
                Answer::Refused(_) => engine.send("refuse").unwrap(),
            }
        }
    }
    assert_eq!(taken, vec![(x, y)], "the judge's capture");
    engine.send(&format!("taked 1 {first}")).unwrap();
    expect_silence(&mut engine, Duration::from_millis(200));
    engine.send("move go").unwrap();
    let answer = expect_move(&mut engine, ANSWER);
    // The stone's neighbours are now known to be white's: the engine does not try them.
    let (ax, ay) = point(&answer);
    assert!(
        !around.contains(&(ax, ay)),
        "{answer} is a known white stone"
    );
}

#[test]
fn survives_malformed_input_and_impossible_captures() {
    let mut engine = start("phantom-go", 20_000, 200);
    engine.send("new white").unwrap();
    for junk in [
        "",
        "hello",
        "move",
        "move EE",
        "move goo",
        "accept",
        "refuse",
        "take",
        "take 2 AA",
        "take x AA",
        "taked 1 EE",
        "taked 3 ZZZZZZ",
        "new purple",
        "\u{1}\u{2}move",
        &"x".repeat(300),
        &format!("taked 200 {}", "A".repeat(400)),
        "end",
    ] {
        engine.send(junk).unwrap();
    }
    expect_silence(&mut engine, Duration::from_millis(300));
    engine.send("new white").unwrap();
    engine.send("move go").unwrap();
    // The bad lines left no trace: the new game's first point is one a referee accepts.
    let answer = expect_move(&mut engine, ANSWER);
    let mut referee = PhantomGo::default();
    referee.pass();
    assert_eq!(referee.submit(&answer), Verdict::Accepted);
}

#[test]
fn beats_the_random_player_within_its_time() {
    let config = JudgeConfig {
        game_time: Duration::from_secs(12),
        move_time: Duration::from_millis(1_000),
        max_retries: 81,
    };
    // The game budget, not the move cap, sets the pace; the cap leaves room for a loaded machine.
    let mut engine = Contestant::new(&engine_command("phantom-go", 10_000, 1_000));
    let mut random = Contestant::new(&format!(
        "{} --seed 11",
        env!("CARGO_BIN_EXE_phantom-random")
    ));
    let (report, _) = play_match(&mut engine, &mut random, 2, &config, |_, _, _| {});
    assert_eq!(report.score.wins, 2, "{:?}", report.games);
    assert!(engine.violations.is_empty(), "{:?}", engine.violations);
    assert!(engine.worst_move < Duration::from_millis(1_000));
}

/// A tiny xorshift for the random games below.
fn next(state: &mut u64) -> usize {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    (*state >> 11) as usize
}

#[test]
fn the_engines_rules_agree_with_the_referees() {
    let mut state = 0x1234_5678_9abc_def1u64;
    let mut tried = 0;
    for _ in 0..30 {
        let mut referee = PhantomGo::default();
        let mut board = Board::new();
        for _ in 0..250 {
            let colour = referee.to_move();
            let side = if colour == Colour::Black {
                Color::Black
            } else {
                Color::White
            };
            assert_eq!(board.to_move(), side);
            // Every point: the two agree on legality.
            for p in 0..81 {
                let legal = matches!(referee.clone().try_point(p % 9, p / 9), Answer::Accepted(_));
                assert_eq!(
                    board.is_legal(p, side),
                    legal,
                    "point {p}\n{}",
                    referee.picture()
                );
                tried += 1;
            }
            let p = next(&mut state) % 82;
            if p == 81 || !board.is_legal(p, side) {
                referee.pass();
                board.pass();
                if referee.result().is_some() {
                    break;
                }
                continue;
            }
            let mut ours = Vec::new();
            board.place_and_pass_turn(p, |q| ours.push((q % 9, q / 9)));
            let theirs = match referee.try_point(p % 9, p / 9) {
                Answer::Accepted(taken) => taken,
                other => panic!("{other:?}"),
            };
            ours.sort_unstable();
            let mut theirs = theirs;
            theirs.sort_unstable();
            assert_eq!(ours, theirs);
            for q in 0..81 {
                let same = matches!(
                    (board.at(q), referee.at(q % 9, q / 9)),
                    (Cell::Empty, None)
                        | (Cell::Stone(Color::Black), Some(Colour::Black))
                        | (Cell::Stone(Color::White), Some(Colour::White))
                );
                assert!(same, "point {q}");
            }
        }
        assert_eq!(board.score() as f64, referee.score());
    }
    assert!(tried > 10_000);
}
