//! The gomoku arena end to end: two short games of the engine against itself under the
//! Gomocup protocol, with the referee watching for illegal moves, time losses and clean exits.

use harness::gomoku::arena::{run_match, MatchConfig};
use harness::gomoku::game::TimeControl;
use harness::gomoku::openings::parse_line;
use harness::gomoku::referee::Rule;
use harness::upload::upload_binary;

#[test]
fn self_play_games_are_clean() {
    let binary = upload_binary("gomocup");
    let command = binary.to_str().expect("utf-8 path").to_string();
    for (rule, size) in [(Rule::Freestyle, 20), (Rule::ExactFive, 15)] {
        let config = MatchConfig {
            engines: [command.clone(), command.clone()],
            size,
            rule,
            // Time odds: the second engine gets twice the time a move.
            time: [
                TimeControl {
                    turn_ms: 150,
                    match_ms: 20_000,
                    tolerance_ms: 50,
                },
                TimeControl {
                    turn_ms: 300,
                    match_ms: 20_000,
                    tolerance_ms: 50,
                },
            ],
            openings: vec![parse_line("h8i9h10", size).unwrap()],
            games: 2,
            concurrency: 2,
            sprt: None,
            max_memory: 64 << 20,
        };
        let summary = run_match(&config, |_, record, _| {
            assert!(
                record.exited_cleanly.iter().all(|&clean| clean),
                "END ignored"
            );
            // Each engine keeps to its own turn limit.
            assert!(
                record.slowest_ms[0] <= 200 && record.slowest_ms[1] <= 350,
                "{:?}",
                record.slowest_ms
            );
        });
        assert_eq!(summary.score.games(), 2);
        assert_eq!(summary.time_losses, [0, 0], "{}", summary.line());
        assert_eq!(summary.illegal, [0, 0], "{}", summary.line());
    }
}
