//! Surakarta: the engine's rules against the independent referee of the harness (move counts
//! from several positions, the same moves at every position of random games), then the upload
//! file on the SAU protocol.

mod sau_support;

use engine::core::color::Color;
use engine::surakarta::board::{Board, Move};
use harness::process::Reply;
use harness::sau::judge::{play_match, Contestant, JudgeConfig};
use harness::sau::rules::{Colour, Referee, Verdict};
use harness::sau::surakarta::Surakarta;
use sau_support::{engine_command, expect_move, expect_silence, start};
use std::time::Duration;

const ANSWER: Duration = Duration::from_secs(5);

/// The engine's moves in the platform's text, sorted.
fn engine_turns(board: &Board) -> Vec<String> {
    let mut moves = Vec::new();
    board.generate(&mut moves, false);
    let name = |point: u8| {
        format!(
            "{}{}",
            char::from(b'A' + point % 6),
            char::from(b'A' + point / 6)
        )
    };
    let mut turns: Vec<String> = moves
        .iter()
        .map(|mv| name(mv.from) + &name(mv.to))
        .collect();
    turns.sort();
    turns
}

fn referee_turns(referee: &Surakarta) -> Vec<String> {
    let mut turns = referee.legal_turns();
    turns.sort();
    turns
}

fn engine_perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if board.count(board.to_move()) == 0 {
        return 0;
    }
    let mut moves = Vec::new();
    board.generate(&mut moves, false);
    moves
        .iter()
        .map(|&mv| {
            let mut child = *board;
            child.play(mv);
            engine_perft(&child, depth - 1)
        })
        .sum()
}

fn referee_perft(referee: &Surakarta, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    referee
        .legal_moves()
        .into_iter()
        .map(|(from, to)| {
            let mut child = referee.clone();
            child.play(from, to);
            referee_perft(&child, depth - 1)
        })
        .sum()
}

/// The same position for both: `rows` drawn with `y` down and `x` across, `X` black, `O` white.
fn position(rows: [&str; 6], to_move: Color) -> (Board, Surakarta) {
    let mut black = 0u64;
    let mut white = 0u64;
    let mut cells = [[None; 6]; 6];
    for (y, row) in rows.iter().enumerate() {
        for (x, mark) in row.bytes().enumerate() {
            match mark {
                b'X' => {
                    black |= 1 << (y * 6 + x);
                    cells[x][y] = Some(Colour::Black);
                }
                b'O' => {
                    white |= 1 << (y * 6 + x);
                    cells[x][y] = Some(Colour::White);
                }
                _ => {}
            }
        }
    }
    let colour = match to_move {
        Color::Black => Colour::Black,
        Color::White => Colour::White,
    };
    (
        Board::from_pieces(black, white, to_move),
        Surakarta::from_cells(cells, colour),
    )
}

#[test]
fn move_counts_agree_from_several_positions() {
    let (board, referee) = (Board::new(), Surakarta::default());
    let counts: Vec<u64> = (1..=4).map(|depth| engine_perft(&board, depth)).collect();
    let expected: Vec<u64> = (1..=4)
        .map(|depth| referee_perft(&referee, depth))
        .collect();
    assert_eq!(counts, expected);
    assert_eq!(counts[0], 16);
    let positions = [
        // Open circuits: a lone black piece on each circuit's crossing against scattered white.
        (
            ["......", ".X..O.", "..X...", "...O..", ".O....", "O....."],
            Color::Black,
        ),
        // A middle game with captures for both sides.
        (
            ["XX.OOO", "X..X.O", ".X.O.O", "X.O..O", "XX..OO", "X.X.O."],
            Color::White,
        ),
        // Pieces that can only pass their own crossing point to reach the enemy.
        (
            ["......", ".X....", "......", ".O....", "....X.", "......"],
            Color::Black,
        ),
    ];
    for (rows, to_move) in positions {
        let (board, referee) = position(rows, to_move);
        assert_eq!(engine_turns(&board), referee_turns(&referee), "{rows:?}");
        for depth in 1..=3 {
            assert_eq!(
                engine_perft(&board, depth),
                referee_perft(&referee, depth),
                "{rows:?} depth {depth}"
            );
        }
    }
}

#[test]
fn captures_go_through_an_arc_and_pass_their_own_point() {
    let (board, referee) = position(
        ["......", ".X....", "......", ".O....", "......", "......"],
        Color::Black,
    );
    // BB reaches BD down column B only without an arc; round the circuit it passes BB itself.
    assert!(engine_turns(&board).contains(&"BBBD".to_string()));
    assert!(referee_turns(&referee).contains(&"BBBD".to_string()));
    let (board, referee) = position(
        ["......", "X..O..", "......", "......", "......", "......"],
        Color::Black,
    );
    // AB and DB share row B with nothing between: no arc, no capture, whichever way round it
    // is blocked... except the long way through all four arcs.
    assert!(engine_turns(&board).contains(&"ABDB".to_string()));
    assert!(referee_turns(&referee).contains(&"ABDB".to_string()));
    // A piece on a corner is on no circuit and can never capture or be captured.
    let (board, referee) = position(
        ["X.....", "......", "......", "......", "......", ".....O"],
        Color::Black,
    );
    assert_eq!(engine_turns(&board).len(), 3);
    assert_eq!(referee_turns(&referee), engine_turns(&board));
}

/// A small xorshift generator for the random games.
struct Random(u64);

impl Random {
    fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % bound as u64) as usize
    }
}

#[test]
fn random_games_see_the_same_moves_at_every_position() {
    let mut random = Random(0x2545_f491_4f6c_dd1d);
    let mut positions = 0;
    let mut captures = 0;
    for _ in 0..60 {
        let mut board = Board::new();
        let mut referee = Surakarta::default();
        while referee.result().is_none() {
            let turns = engine_turns(&board);
            assert_eq!(turns, referee_turns(&referee), "{}", referee.picture());
            positions += 1;
            // Captures are preferred half of the time so that games reach thin endings.
            let mut moves = Vec::new();
            board.generate(&mut moves, true);
            let mv = if !moves.is_empty() && random.below(2) == 0 {
                moves[random.below(moves.len())]
            } else {
                board.generate(&mut moves, false);
                moves[random.below(moves.len())]
            };
            captures += usize::from(board.is_capture(mv));
            let name = |point: u8| {
                format!(
                    "{}{}",
                    char::from(b'A' + point % 6),
                    char::from(b'A' + point / 6)
                )
            };
            let turn = name(mv.from) + &name(mv.to);
            assert_eq!(referee.submit(&turn), Verdict::Accepted, "{turn}");
            board.play(mv);
            assert_eq!(
                board.is_over(),
                referee.legal_turns().is_empty() && {
                    // The referee also stops at its no-capture limit, which the engine leaves to
                    // the platform.
                    board.quiet_plies() < harness::sau::surakarta::QUIET_LIMIT
                }
            );
        }
    }
    assert!(positions > 2_000, "{positions}");
    assert!(captures > 300, "{captures}");
    assert!(!Board::new().is_legal(Move::new(0, 2)));
}

#[test]
fn answers_its_name_and_opens_as_black() {
    let mut engine = start("surakarta", 10_000, 300);
    engine.send("name?").unwrap();
    match engine.recv(ANSWER) {
        Reply::Line(line) => assert!(line.starts_with("name ") && line.len() > 5, "{line}"),
        other => panic!("no name: {other:?}"),
    }
    engine.send("new black").unwrap();
    let squares = expect_move(&mut engine, ANSWER);
    assert_eq!(Surakarta::default().submit(&squares), Verdict::Accepted);
    engine.send("quit").unwrap();
    assert!(
        engine.finish(Duration::from_secs(2)),
        "quit did not end the engine"
    );
}

#[test]
fn survives_malformed_input_and_keeps_the_position() {
    let mut engine = start("surakarta", 20_000, 200);
    let mut referee = Surakarta::default();
    engine.send("new white").unwrap();
    expect_silence(&mut engine, Duration::from_millis(300));
    for junk in [
        "",
        "hello",
        "move",
        "move ZZZZ",
        "move BCDC",
        "move ECDC",
        "move BC",
        "move BCCDEE",
        "move AACC",
        "new purple",
        &"x".repeat(300),
        "error",
    ] {
        engine.send(junk).unwrap();
    }
    expect_silence(&mut engine, Duration::from_millis(300));
    assert_eq!(referee.submit("BCCD"), Verdict::Accepted);
    engine.send("move BCCD").unwrap();
    let answer = expect_move(&mut engine, ANSWER);
    assert_eq!(referee.submit(&answer), Verdict::Accepted, "{answer}");
    // A second black move from the same point is now illegal and ignored.
    engine.send("move BCCD").unwrap();
    expect_silence(&mut engine, Duration::from_millis(300));
    let turn = referee.legal_turns()[0].clone();
    assert_eq!(referee.submit(&turn), Verdict::Accepted);
    engine.send(&format!("move {turn}")).unwrap();
    let answer = expect_move(&mut engine, ANSWER);
    assert_eq!(referee.submit(&answer), Verdict::Accepted, "{answer}");
}

#[test]
fn a_rejected_move_is_replaced_by_another() {
    let mut engine = start("surakarta", 20_000, 200);
    engine.send("new black").unwrap();
    let first = expect_move(&mut engine, ANSWER);
    engine.send("error").unwrap();
    let second = expect_move(&mut engine, ANSWER);
    assert_ne!(first, second);
    let mut referee = Surakarta::default();
    assert_eq!(referee.submit(&second), Verdict::Accepted);
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
        move_time: Duration::from_millis(300),
        max_retries: 0,
    };
    let mut engine = Contestant::new(&engine_command("surakarta", 6_000, 100));
    let mut random = Contestant::new(&format!(
        "{} --game surakarta --seed 11",
        env!("CARGO_BIN_EXE_sau-random")
    ));
    let mut referee = Surakarta::default();
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
    assert!(engine.worst_move < Duration::from_millis(300));
}

#[test]
fn the_judge_records_the_rules_ending_of_each_game() {
    use harness::records::{load, Outcome, Reason};
    let records = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("surakarta-endings.txt");
    let random = env!("CARGO_BIN_EXE_sau-random");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_sau-judge"))
        .args([
            "--game",
            "surakarta",
            "--games",
            "8",
            "--move-ms",
            "5000",
            "--quiet",
        ])
        .args(["--first", &format!("{random} --game surakarta --seed 3")])
        .args(["--second", &format!("{random} --game surakarta --seed 8")])
        .args(["--records", records.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let record = load(records.to_str().unwrap()).unwrap();
    assert_eq!(record.games.len(), 8);
    let mut counted = 0;
    for game in &record.games {
        match game.reason {
            Reason::PlyLimit => {
                counted += 1;
                assert!(game
                    .detail
                    .starts_with("50 plies without a capture, pieces "));
            }
            Reason::NoPieces | Reason::NoMove => assert_ne!(game.outcome, Outcome::Draw),
            other => panic!("game {}: {other:?} ({})", game.round, game.detail),
        }
    }
    // Random players rarely capture everything: most games are counted at the limit, and
    // some of them are drawn there.
    assert!(counted > 0, "{:?}", record.games);
    let drawn = |game: &&harness::records::GameRecord| game.outcome == Outcome::Draw;
    assert!(record.games.iter().any(|game| drawn(&game)));
}
