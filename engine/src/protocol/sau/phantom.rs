//! Phantom Go on the SAU platform: one stone or a pass a turn, `XY` squares on a 9x9 board,
//! spoken through the hidden-stone commands of [`super::hidden`].

use super::hidden::HiddenGame;
use super::Square;
use crate::core::color::Color;
use crate::core::time::Deadline;
use crate::phantom::belief::Impossible;
use crate::phantom::board::SIZE;
use crate::phantom::engine::{PhantomGoEngine, PhantomMove};

fn point_of(square: Square) -> usize {
    usize::from(square.y) * SIZE + usize::from(square.x)
}

fn square_of(point: usize) -> Square {
    Square {
        x: (point % SIZE) as u8,
        y: (point / SIZE) as u8,
    }
}

fn explain(problem: Impossible) -> String {
    let (point, what) = match problem {
        Impossible::NotOurs(point) => (point, "we have no stone on"),
        Impossible::OurStone(point) => (point, "our own stone stands on"),
    };
    let square = super::format_squares(&[Some(square_of(point))]);
    format!("capture list ignored where {what} {square}")
}

impl HiddenGame for PhantomGoEngine {
    fn engine_name(&self) -> &str {
        "RustPhantomGo"
    }

    fn board_size(&self) -> u8 {
        SIZE as u8
    }

    fn start(&mut self, us: Color) {
        self.new_game(us);
    }

    fn opponent_moved(&mut self, passed: bool) {
        PhantomGoEngine::opponent_moved(self, passed);
    }

    fn choose(&mut self, deadline: Deadline) -> Option<Square> {
        match self.think(deadline) {
            PhantomMove::Play(point) => Some(square_of(point)),
            PhantomMove::Pass => None,
        }
    }

    fn may_try(&self, square: Square) -> bool {
        PhantomGoEngine::may_try(self, point_of(square))
    }

    fn accepted(&mut self, square: Option<Square>) {
        let mv = match square {
            Some(square) => PhantomMove::Play(point_of(square)),
            None => PhantomMove::Pass,
        };
        PhantomGoEngine::accepted(self, mv);
    }

    fn refused(&mut self, square: Square) {
        PhantomGoEngine::refused(self, point_of(square));
    }

    fn took(&mut self, squares: &[Square]) -> Result<(), String> {
        let points: Vec<usize> = squares.iter().map(|&s| point_of(s)).collect();
        PhantomGoEngine::took(self, &points).map_err(explain)
    }

    fn lost(&mut self, squares: &[Square]) -> Result<(), String> {
        let points: Vec<usize> = squares.iter().map(|&s| point_of(s)).collect();
        PhantomGoEngine::lost(self, &points).map_err(explain)
    }

    fn expected_moves_left(&self) -> u32 {
        PhantomGoEngine::expected_moves_left(self)
    }
}

#[cfg(test)]
mod tests {
    use super::super::hidden::run;
    use super::super::TimeControl;
    use super::*;
    use crate::phantom::search::Settings;
    use std::time::Duration;

    /// The adapter's answers to `input`, one string per line, and the engine afterwards.
    fn session(input: &str) -> (Vec<String>, PhantomGoEngine) {
        let settings = Settings {
            max_iterations: 200,
            ..Settings::default()
        };
        let mut engine = PhantomGoEngine::new(settings, 7);
        let control = TimeControl {
            per_game: Duration::from_secs(20),
            per_move: Duration::from_millis(500),
        };
        let mut output = Vec::new();
        run(&mut engine, control, input.as_bytes(), &mut output).unwrap();
        let lines = String::from_utf8(output)
            .unwrap()
            .lines()
            .map(String::from)
            .collect();
        (lines, engine)
    }

    fn square_text(line: &str) -> &str {
        line.strip_prefix("move ").expect("a move line")
    }

    #[test]
    fn black_opens_at_once_and_white_waits_for_go() {
        let (lines, _) = session("name?\nnew black\n");
        assert_eq!(lines[0], "name RustPhantomGo");
        assert!(
            lines[1].starts_with("move ") && lines[1].len() == 7,
            "{lines:?}"
        );
        let (lines, _) = session("new white\n");
        assert!(lines.is_empty());
        let (lines, engine) = session("new white\nmove go\n");
        assert_eq!(lines.len(), 1);
        assert_eq!(engine.belief().their_stones(), 1);
    }

    #[test]
    fn refused_points_are_never_tried_again_in_the_turn() {
        let (lines, engine) = session("new black\nrefuse\nrefuse\nrefuse\n");
        assert_eq!(lines.len(), 4);
        let mut tried: Vec<&str> = lines.iter().map(|l| square_text(l)).collect();
        tried.sort_unstable();
        tried.dedup();
        assert_eq!(tried.len(), 4, "{lines:?}");
        assert_eq!(engine.belief().refused_now().len(), 3);
    }

    #[test]
    fn accept_take_and_taked_update_the_stones() {
        let (lines, engine) = session("new white\nmove go\naccept\nmove go\n");
        assert_eq!(lines.len(), 2);
        let first = square_text(&lines[0]).to_string();
        assert_eq!(engine.belief().our_stones(), 1);
        assert_eq!(engine.belief().their_stones(), 2);
        // The opponent takes our first stone: its neighbours are the opponent's; then our next
        // stone takes two of them.
        let first_point = point_of(Square {
            x: first.as_bytes()[0] - b'A',
            y: first.as_bytes()[1] - b'A',
        });
        let around: Vec<String> = crate::phantom::board::neighbours(first_point)
            .map(|n| super::super::format_squares(&[Some(square_of(n))]))
            .collect();
        let before = format!("new white\nmove go\naccept\ntaked 1 {first}\nmove go\naccess\n");
        let (lines, engine) = session(&before);
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert_eq!(engine.belief().our_stones(), 1);
        let stones = engine.belief().their_stones();
        assert_eq!(stones, around.len() as u32);
        let after = format!("{before}take 2 {}{}\n", around[0], around[1]);
        let (_, engine) = session(&after);
        assert_eq!(engine.belief().their_stones(), stones - 2);
    }

    #[test]
    fn a_take_without_accept_accepts_the_pending_stone() {
        let (lines, engine) = session("new black\ntake 1 AA\n");
        assert_eq!(lines.len(), 1);
        assert_eq!(engine.belief().our_stones(), 1);
    }

    #[test]
    fn the_opponents_pass_is_our_turn_and_bad_lines_get_notices() {
        let (lines, _) = session(
            "new white\nmove pass\naccept\nmove\nmove EE\ntaked 1 ZZ\ntaked 1 AA\ntake x\nrefuse\nfly\n",
        );
        let (notices, moves): (Vec<_>, Vec<_>) =
            lines.iter().partition(|line| line.starts_with("notice"));
        assert_eq!(moves.len(), 1, "{lines:?}");
        assert_eq!(notices.len(), 7, "{lines:?}");
        assert!(notices.iter().all(|line| !line.contains("move")));
    }
}
