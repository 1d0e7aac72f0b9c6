//! End-to-end checks of the checkers engine: its move generator against the independent
//! reference rules, the judge protocol against the upload file compiled with plain rustc, and a
//! few short games against the seed engine under the judge emulator.

use engine::checkers::moves::MoveList;
use engine::checkers::position::Position;
use harness::checkers::judge::{play_game, EngineSpec, JudgeConfig};
use harness::checkers::rules::{format_path, Board};
use harness::process::{EngineProcess, Reply};
use harness::upload::{upload_binary, workspace_root};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// The seed engine, compiled with gcc into the target folder.
fn seed_binary() -> PathBuf {
    let source = workspace_root().join("../shared/opponents/seed-checkers/seed_checkers.c");
    let folder = workspace_root().join("target");
    let binary = folder.join("seed-checkers");
    if !binary.exists() {
        std::fs::create_dir_all(&folder).expect("target folder");
        let status = Command::new("gcc")
            .args(["-O2", "-o"])
            .arg(&binary)
            .arg(&source)
            .status()
            .expect("gcc runs");
        assert!(status.success());
    }
    binary
}

fn engine_line(list: &MoveList) -> Vec<String> {
    let mut texts: Vec<String> = list.as_slice().iter().map(|m| m.to_string()).collect();
    texts.sort();
    texts
}

fn reference_line(board: &Board) -> Vec<String> {
    let mut texts: Vec<String> = board.legal_moves().iter().map(|p| format_path(p)).collect();
    texts.sort();
    texts
}

/// The engine's text form of a reference board.
fn engine_position(board: &Board) -> Position {
    let rows: Vec<String> = board
        .cells
        .iter()
        .map(|row| {
            row.iter()
                .map(|&c| match c {
                    1 => 'b',
                    2 => 'B',
                    -1 => 'w',
                    -2 => 'W',
                    _ => '.',
                })
                .collect()
        })
        .collect();
    let side = if board.side == 1 { "b" } else { "w" };
    Position::parse(&format!("{} {side}", rows.join("/"))).unwrap()
}

#[test]
fn perft_matches_the_reference_rules() {
    let start = Position::start();
    let reference = Board::start();
    for depth in 1..=6 {
        assert_eq!(start.perft(depth), reference.perft(depth), "depth {depth}");
    }
}

#[test]
fn move_lists_match_the_reference_in_random_games() {
    let mut seed = 99u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut list = MoveList::new();
    for _game in 0..200 {
        let mut board = Board::start();
        while board.result().is_none() {
            let position = engine_position(&board);
            position.legal_moves(&mut list);
            assert_eq!(engine_line(&list), reference_line(&board), "{position}");
            if board.ply % 16 == 5 {
                assert_eq!(position.perft(3), board.perft(3), "{position}");
            }
            let moves = board.legal_moves();
            let path = &moves[(next() % moves.len() as u64) as usize];
            board.apply(path);
        }
    }
}

fn start_engine(binary: &Path, args: &str) -> EngineProcess {
    EngineProcess::spawn(&format!("{} {args}", binary.display())).expect("engine starts")
}

/// The next line that is not DEBUG.
fn answer(engine: &mut EngineProcess, timeout: Duration) -> Reply {
    engine
        .recv_filtered(timeout, |l| l.starts_with("DEBUG"), |_| {})
        .0
}

#[test]
fn protocol_tolerates_crlf_spaces_and_bad_lines() {
    let binary = upload_binary("checkers");
    let mut engine = start_engine(&binary, "--move-ms 100");
    engine.send("START 2\r").unwrap();
    assert_eq!(
        answer(&mut engine, Duration::from_secs(1)),
        Reply::Line("OK".into())
    );
    for junk in [
        "",
        "HELLO",
        "PLACE",
        "PLACE 2 9,9 8,8",
        "PLACE 2 2,1 3,0",
        "PLACE x",
    ] {
        engine.send(junk).unwrap();
    }
    // A legal black move with stray spaces and CRLF, then our turn.
    engine.send("  PLACE  2  5,0   4,1 \r").unwrap();
    engine.send("TURN\r").unwrap();
    let Reply::Line(line) = answer(&mut engine, Duration::from_millis(500)) else {
        panic!("no answer to TURN")
    };
    let mut board = Board::start();
    board.apply(&[(5, 0), (4, 1)]);
    let path = harness::checkers::rules::parse_path(&line).unwrap();
    assert!(board.legal_moves().contains(&path), "illegal answer {line}");
    engine.send("END 0").unwrap();
    assert!(engine.finish(Duration::from_millis(500)), "no prompt exit");
}

#[test]
fn end_is_obeyed_at_any_time() {
    let binary = upload_binary("checkers");
    // Before START.
    let mut engine = start_engine(&binary, "");
    engine.send("END 2").unwrap();
    assert!(engine.finish(Duration::from_millis(500)));
    // In the middle of a search at the judge's limits.
    let mut engine = start_engine(&binary, "");
    engine.send("START 1").unwrap();
    engine.send("TURN").unwrap();
    engine.send("END 1").unwrap();
    let started = Instant::now();
    assert!(engine.finish(Duration::from_millis(500)));
    assert!(started.elapsed() < Duration::from_millis(500));
    // While pondering on the opponent's time.
    let mut engine = start_engine(&binary, "--move-ms 100");
    engine.send("START 1").unwrap();
    engine.send("TURN").unwrap();
    assert!(matches!(
        answer(&mut engine, Duration::from_secs(1)),
        Reply::Line(_)
    ));
    std::thread::sleep(Duration::from_millis(200));
    engine.send("END 0").unwrap();
    assert!(engine.finish(Duration::from_millis(500)));
}

#[test]
fn an_illegal_place_leaves_the_position_intact() {
    let binary = upload_binary("checkers");
    let mut engine = start_engine(&binary, "--move-ms 100");
    engine.send("START 2").unwrap();
    assert_eq!(
        answer(&mut engine, Duration::from_secs(1)),
        Reply::Line("OK".into())
    );
    // A move of a piece that is not there, then a backwards man move: both illegal.
    engine.send("PLACE 2 4,1 3,0").unwrap();
    engine.send("PLACE 2 5,0 6,1").unwrap();
    engine.send("PLACE 2 5,2 4,3").unwrap();
    engine.send("TURN").unwrap();
    let Reply::Line(line) = answer(&mut engine, Duration::from_millis(500)) else {
        panic!("no answer")
    };
    let mut board = Board::start();
    board.apply(&[(5, 2), (4, 3)]);
    let path = harness::checkers::rules::parse_path(&line).unwrap();
    assert!(board.legal_moves().contains(&path), "illegal answer {line}");
}

#[test]
fn short_games_against_the_seed_have_no_fault() {
    let ours = EngineSpec::new(&format!(
        "{} --move-ms 50",
        upload_binary("checkers").display()
    ));
    let seed = EngineSpec::new(&format!("SEED_TIME_SCALE=100 {}", seed_binary().display()));
    let config = JudgeConfig {
        // The seed engine counts CPU time; on a busy machine its wall time is longer, so its
        // limit here is loose. Ours is checked against 100 ms below.
        move_limit: Duration::from_secs(2),
        game_limit: Duration::from_secs(90),
        random_plies: 4,
        ..JudgeConfig::judge()
    };
    for game in 0..2u64 {
        let (black, white) = if game == 0 {
            (&ours, &seed)
        } else {
            (&seed, &ours)
        };
        let report = play_game(black, white, &config, game);
        let our_side = if game == 0 { 0 } else { 1 };
        assert_eq!(
            report.sides[our_side].fault, None,
            "moves: {:?}",
            report.moves
        );
        // 50 ms asked; the rest is room for a busy test machine.
        assert!(report.sides[our_side].worst_move < Duration::from_millis(300));
        assert!(report.sides[our_side].debug_bytes < 16 * 1024);
    }
}
