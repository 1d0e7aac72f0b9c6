//! Tests of the search's parts: leaves, the root window, singular extensions, null moves and
//! the history.

use super::node::Singular;
use super::ordering::{ATTACK, QUIET};
use super::*;
use crate::core::color::Color;
use crate::core::score::Bound;
use crate::gomoku::eval::evaluate_smoothed;
use crate::gomoku::rule::Rule;
use crate::gomoku::tt::Entry;

/// A leaf plays the fours of the side to move: black's four at (8, 7) forces white to
/// (9, 7), after which (8, 8) is an open four, a win that the static value does not see.
#[test]
fn a_leaf_plays_its_fours_through() {
    let mut board = Board::with_stones(
        Rule::Freestyle,
        &[(5, 7), (6, 7), (7, 7), (8, 9), (8, 10)],
        &[(4, 7), (0, 0), (14, 14), (0, 14), (14, 0)],
        Color::Black,
    );
    let mut searcher = Searcher::new(1 << 20);
    searcher.stack[0].material = material(&board);
    let stand = evaluate_smoothed(&board, searcher.stack[0].material);
    assert!(stand < WIN_THRESHOLD, "{stand}");
    let score = searcher.negamax(&mut board, 0, 1, -WIN - 1, WIN + 1, false);
    assert!(score >= WIN_THRESHOLD, "{score}");
    assert_eq!(board.stone_count(), 10, "the leaf takes its moves back");
}

/// The root reports a window it missed: no move and the window's bottom when every move
/// stays below it, a move and a score at its top or above when one reaches it; and the
/// aspiration loop, started far from the score, widens to a score inside its window.
#[test]
fn the_root_reports_a_missed_window_and_aspiration_widens_it() {
    // A fresh position with its moves and a fresh searcher for every search, so that no
    // table entry of one search steers the next.
    let setup = || {
        let mut board = Board::with_stones(
            Rule::Freestyle,
            &[(7, 7), (8, 8), (6, 9)],
            &[(7, 8), (8, 6)],
            Color::White,
        );
        let (mut moves, mut scratch) = (Vec::new(), Vec::new());
        generate(&mut board, &mut moves, &mut scratch);
        (board, moves, Searcher::new(1 << 20))
    };
    let root = |alpha: i32, beta: i32| {
        let (mut board, mut moves, mut searcher) = setup();
        searcher.root(&mut board, &mut moves, 4, alpha, beta)
    };
    let (best, score) = root(-WIN - 1, WIN + 1);
    assert!(best.is_some() && score.abs() < WIN_THRESHOLD, "{score}");
    assert_eq!(root(score + 2_000, score + 2_001), (None, score + 2_000));
    let (best, high) = root(score - 2_001, score - 2_000);
    assert!(best.is_some() && high >= score - 2_000, "{high}");
    for previous in [score - 3_000, score + 3_000] {
        let (mut board, mut moves, mut searcher) = setup();
        let (best, found) = searcher.aspiration(&mut board, &mut moves, 6, previous);
        assert!(best.is_some() && found.abs() < WIN_THRESHOLD, "{found}");
        assert_eq!(board.stone_count(), 5);
    }
}

/// A quiet middle-game position (white to move) whose table entry a depth-10 search wrote,
/// with the searcher that holds it.
fn searched_position() -> (Board, Searcher, Entry) {
    let mut board = Board::with_stones(
        Rule::Freestyle,
        &[(7, 7), (8, 8), (6, 9), (9, 6)],
        &[(7, 8), (8, 6), (6, 6)],
        Color::White,
    );
    let mut searcher = Searcher::new(1 << 20);
    searcher.stack[0].material = material(&board);
    searcher.stack[0].played = Some((board.cell(9, 6), Threat::None));
    searcher.negamax(&mut board, 10 * PLY, 1, -WIN - 1, WIN + 1, false);
    let entry = searcher
        .table
        .probe(board.hash())
        .expect("the search stored its node");
    assert!(entry.best.is_some() && entry.score.abs() < WIN_THRESHOLD);
    (board, searcher, entry)
}

/// The singular test decides by where the other moves stand against the table's score: a
/// score far above them all extends the table move, one far below a beta still lower cuts
/// the node, one below them but above beta searches the move less deep. The test leaves
/// the board and the excluded move as it found them, and the node's table slot unwritten.
#[test]
fn the_singular_test_extends_cuts_or_reduces_and_leaves_the_table_alone() {
    let (mut board, mut searcher, entry) = searched_position();
    // The node as deep as its entry (a principal node stores less than it was given).
    let depth = entry.depth;
    assert!(depth >= Params::default().singular_depth, "{depth}");
    let stones = board.stone_count();
    // An empty table: the node's own slot must stay empty (its children's may fill).
    searcher.table = TranspositionTable::with_bytes(1 << 20);
    let mut test = |score: i32, beta: i32| {
        let fabricated = Entry { score, ..entry };
        let found =
            searcher.singular_extension(&mut board, fabricated, depth, 1, beta, false, true);
        assert_eq!(searcher.stack[1].excluded, None);
        assert_eq!(board.stone_count(), stones);
        assert!(searcher.table.probe(board.hash()).is_none());
        found
    };
    assert!(matches!(test(8_000, 8_001), Some(Singular::Extend(e)) if e >= PLY));
    assert!(matches!(test(-8_000, -9_000), Some(Singular::Cut(-9_000))));
    assert!(matches!(
        test(-8_000, -8_010),
        Some(Singular::Extend(e)) if e == -Params::default().singular_fail_high_reduction
    ));
    // Shallow nodes, upper bounds and win scores are not tested.
    let upper = Entry {
        bound: Bound::Upper,
        ..entry
    };
    assert!(searcher
        .singular_extension(&mut board, upper, depth, 1, 0, false, true)
        .is_none());
    assert!(searcher
        .singular_extension(
            &mut board,
            entry,
            Params::default().singular_depth - 1,
            1,
            0,
            false,
            true
        )
        .is_none());
    let win = Entry {
        score: WIN - 10,
        ..entry
    };
    assert!(searcher
        .singular_extension(&mut board, win, depth, 1, 0, false, true)
        .is_none());
}

/// A null move far below the position's value holds beta, with a score that is not a
/// win, and gives the move back to the side that passed; it is refused where beta is a win
/// score, in shallow nodes and right after another pass.
#[test]
fn a_null_move_cuts_without_claiming_a_win_and_gives_the_move_back() {
    let (mut board, mut searcher, _) = searched_position();
    let (hash, side) = (board.hash(), board.side_to_move());
    let stand = evaluate_smoothed(&board, searcher.stack[0].material);
    let depth = 12 * PLY;
    let beta = stand - 3_000;
    let score = searcher
        .null_move(&mut board, stand, depth, 1, beta, true)
        .expect("passing holds a beta this low");
    assert!((beta..WIN_THRESHOLD).contains(&score), "{score}");
    assert_eq!((board.hash(), board.side_to_move()), (hash, side));
    let refused = |searcher: &mut Searcher, board: &mut Board, depth, beta| {
        searcher
            .null_move(board, stand, depth, 1, beta, true)
            .is_none()
    };
    assert!(refused(&mut searcher, &mut board, depth, -WIN_THRESHOLD));
    assert!(refused(&mut searcher, &mut board, PLY * 7, beta));
    searcher.stack[0].played = None;
    assert!(refused(&mut searcher, &mut board, depth, beta));
}

/// The history's bonus grows with depth up to its cap, and no run of bonuses or maluses
/// takes an entry past the limit.
#[test]
fn history_grows_with_depth_and_stays_within_its_limit() {
    let bonuses: Vec<i32> = (0..40)
        .map(|plies| Params::default().history_bonus(plies * PLY))
        .collect();
    assert!(bonuses.windows(2).all(|pair| pair[0] <= pair[1]));
    assert_eq!(bonuses[0], 0);
    assert_eq!(*bonuses.last().unwrap(), 8_927);
    let mut searcher = Searcher::new(1 << 16);
    for sign in [1, -1] {
        for _ in 0..100 {
            searcher.reward(5, Color::Black, QUIET, sign * 8_927);
            let entry = searcher.history[5][Color::Black.index()][QUIET];
            assert!(entry.abs() <= searcher.params.history_limit, "{entry}");
        }
    }
}

/// The ordering reads the history of a move's kind (a threat's for a move that makes an
/// open three, the quiet one otherwise) and the counter-move of the opponent's last stone.
#[test]
fn the_ordering_reads_the_history_of_the_kind_and_the_counter_move() {
    // Black (to move) has a two on row 7: (5, 7) and (8, 7) make open threes, (7, 10) and
    // (10, 10) are quiet.
    let board = Board::with_stones(
        Rule::Freestyle,
        &[(6, 7), (7, 7)],
        &[(7, 8), (9, 9)],
        Color::Black,
    );
    let three = board.cell(5, 7);
    let quiet = board.cell(7, 10);
    let other_quiet = board.cell(10, 10);
    assert!(board.threat(Color::Black, three) >= Threat::Three);
    assert!(board.threat(Color::Black, quiet) < Threat::Three);
    let mut searcher = Searcher::new(1 << 16);
    let ranked = |searcher: &Searcher| {
        let mut moves: Vec<ScoredMove> = [three, quiet, other_quiet]
            .iter()
            .map(|&cell| ScoredMove { cell, score: 0 })
            .collect();
        searcher.order(&board, &mut moves, None, 1);
        moves.iter().map(|m| m.score).collect::<Vec<_>>()
    };
    assert_eq!(ranked(&searcher), vec![0, 0, 0]);
    // A quiet history on the three's cell does not count for the three, an attack one does.
    searcher.reward(three, Color::Black, QUIET, 4_000);
    assert_eq!(ranked(&searcher)[0], 0);
    searcher.reward(three, Color::Black, ATTACK, 4_000);
    assert_eq!(
        ranked(&searcher)[0],
        4_000 / Params::default().attack_history_divisor
    );
    searcher.reward(quiet, Color::Black, QUIET, 4_000);
    assert_eq!(
        ranked(&searcher)[1],
        4_000 / Params::default().quiet_history_divisor
    );
    // White's last stone was (9, 9); the quiet (10, 10) answered it best before.
    searcher.stack[0].played = Some((board.cell(9, 9), Threat::None));
    searcher.counter_moves[board.cell(9, 9) as usize][Color::White.index()] =
        Some((other_quiet, Threat::None));
    assert_eq!(ranked(&searcher)[2], Params::default().counter_move_bonus);
}

/// A renju game of the arena that filled the board but for one cell, forbidden to black.
const ALL_BUT_A_FORBIDDEN_CELL: &str = "f8b6b5e4e6d4d5e5f4f7g6h6f6e8e7d6g9d8f10c5f2c8c7d9d10e10b7e11e12f9c11g7g10h7g8a8b8g11f11d13c12i7j7d12h5g4i5j5j8h10a7d7i9j9h8i8l6k7k10k4k6l3i6m6j3c10b11k2n5l9k11j10m9k12l10j12k5j4g3h4i4i2m10m11c4e2i12m2n1l4n4l2j2n8l5n10j13n9h11k14n11n2o2n6n7m5m4k13l12i11l14o3o7k3m3k9h12e3e1b14c13g14b9b10g12f12d14d15i10m7l8h15j15h13d1f1o6o8k15f13g13a2m13b12b2o11b1b3a1c1m15n15k1l1c15c14f3f5j1d3a6l13i3h3a14c3a3m14j11o9o12h1o15n14a4a5a10i15a11a12i14e15g15m1n13g1o5i1c2o1o13d2h2g2j6b4l11o14a9j14o4m12g5c6k8l7n12m8c9e9f14h9f15o10i13d11e13a13b13e14b15a15h14l15";

/// The stones of `ALL_BUT_A_FORBIDDEN_CELL`, black's and white's.
fn filled_renju_stones() -> [Vec<(usize, usize)>; 2] {
    let mut stones: [Vec<(usize, usize)>; 2] = [Vec::new(), Vec::new()];
    let text = ALL_BUT_A_FORBIDDEN_CELL.as_bytes();
    let mut at = 0;
    while at < text.len() {
        let x = usize::from(text[at] - b'a');
        let digits = text[at + 1..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        let row: usize = ALL_BUT_A_FORBIDDEN_CELL[at + 1..at + 1 + digits]
            .parse()
            .unwrap();
        let played = stones[0].len() + stones[1].len();
        stones[played % 2].push((x, row - 1));
        at += 1 + digits;
    }
    stones
}

/// With only forbidden points left, black still answers with one of them: the rule ends the
/// game, where no answer would leave the manager waiting until black's time ran out.
#[test]
fn black_answers_when_only_forbidden_points_are_left() {
    let stones = filled_renju_stones();
    let mut board = Board::with_stones(Rule::Renju, &stones[0], &stones[1], Color::Black);
    assert_eq!(board.empty_count(), 1);
    let last = board.cell(13, 2);
    assert!(board.is_empty(last) && !is_legal(&mut board, last));
    let mut searcher = Searcher::new(1 << 20);
    let result = searcher.search(&mut board, Deadline::unlimited(), 4);
    assert_eq!(result.best, Some(last));
}

/// Black left with forbidden cells only has lost, not drawn: white, with two cells to choose
/// from, takes the one that leaves black the forbidden cell, and black's search sees the loss.
#[test]
fn a_board_left_to_black_with_forbidden_cells_only_is_lost() {
    let stones = filled_renju_stones();
    let white_last = *stones[1].last().unwrap();
    let mut board = Board::with_stones(Rule::Renju, &stones[0], &stones[1], Color::Black);
    let mut searcher = Searcher::new(1 << 20);
    searcher.stack[0].material = material(&board);
    let score = searcher.negamax(&mut board, 2 * PLY, 1, -WIN - 1, WIN + 1, false);
    assert!(score <= -WIN_THRESHOLD, "{score}");

    let (black, mut white) = (stones[0].clone(), stones[1].clone());
    white.pop();
    let mut board = Board::with_stones(Rule::Renju, &black, &white, Color::White);
    assert_eq!(board.empty_count(), 2);
    let result = Searcher::new(1 << 20).search(&mut board, Deadline::unlimited(), 4);
    assert_eq!(result.best, Some(board.cell(white_last.0, white_last.1)));
    assert!(result.score >= WIN_THRESHOLD, "{}", result.score);
}
