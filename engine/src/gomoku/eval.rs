//! Evaluation from pattern tables: every empty cell is worth what a stone there would make for
//! each side, and a position is worth the difference of the two sides' sums plus what its
//! threat situation (which forcing moves each side has ready) is worth to the side to move.

use super::board::Board;
use super::pattern::{LineCode, Pattern, Threat, PATTERNS};
use crate::core::color::Color;

// The weights below were fitted to game results (Texel's method, `gomoku-tune fit`); their
// history and scores are in `docs/gomoku-experiments.md`.

/// What one line pattern on an empty cell is worth, indexed by [`super::pattern::Pattern`].
/// Refitted since with [`COMBINATION_WEIGHT`] (see there). A one (`Flex1`, `Block1`) is worth
/// about as little as a dead line alone; what room around a cell is worth shows in the
/// combinations.
pub const LINE_WEIGHT: [i32; PATTERNS] = [0, -1, -1, 4, 8, 26, 46, 84, 220, 220, 900];

/// Extra worth of a cell for the threat class its lines combine into, indexed by [`Threat`].
/// The double three's is a little negative: the fit pays the side to move's double three
/// through [`ThreatFeature::OurDoubleThree`] instead.
pub const THREAT_BONUS: [i32; 10] = [0, 0, 3, 2, 59, 44, -12, 369, 300, 0];

// Short names of the line patterns for the table below.
const NIL: Pattern = Pattern::None;
const B1: Pattern = Pattern::Block1;
const F1: Pattern = Pattern::Flex1;
const B2: Pattern = Pattern::Block2;
const F2: Pattern = Pattern::Flex2;
const B3: Pattern = Pattern::Block3;
const F3: Pattern = Pattern::Flex3;
const B4: Pattern = Pattern::Block4;

/// What some combinations of a cell's four line patterns (strongest first, whatever their
/// directions) are worth beyond the sum of their lines and their threat class; the other
/// combinations are worth just that sum. A four that also builds twos and threes elsewhere
/// is worth more than its lines (it gains a tempo and builds), while three open threes or an
/// open three among three open twos are worth less (the double-three indicator already pays
/// for what a double three threatens).
///
/// Fitted with [`LINE_WEIGHT`] by `gomoku-tune fit --smoothed --combinations`.
pub const COMBINATION_WEIGHT: [([Pattern; 4], i32); 269] = [
    ([B4, F3, B3, B2], 420),
    ([B4, F3, B3, F1], 213),
    ([B4, F3, B3, B1], 213),
    ([B4, F3, B3, NIL], 226),
    ([B4, F3, F2, B2], 219),
    ([B4, F3, F2, F1], 193),
    ([B4, F3, F2, B1], 204),
    ([B4, F3, F2, NIL], 230),
    ([B4, F3, B2, B2], 142),
    ([B4, F3, B2, F1], 165),
    ([B4, F3, B2, B1], 151),
    ([B4, F3, B2, NIL], 241),
    ([B4, F3, F1, F1], 113),
    ([B4, F3, F1, B1], 166),
    ([B4, F3, F1, NIL], 78),
    ([B4, F3, B1, B1], -11),
    ([B4, F3, B1, NIL], 51),
    ([B4, F3, NIL, NIL], -2),
    ([B4, B3, B3, F2], 728),
    ([B4, B3, B3, B2], 363),
    ([B4, B3, B3, F1], 275),
    ([B4, B3, B3, B1], 247),
    ([B4, B3, B3, NIL], 98),
    ([B4, B3, F2, F2], 417),
    ([B4, B3, F2, B2], 321),
    ([B4, B3, F2, F1], 304),
    ([B4, B3, F2, B1], 366),
    ([B4, B3, F2, NIL], 247),
    ([B4, B3, B2, B2], 265),
    ([B4, B3, B2, F1], 184),
    ([B4, B3, B2, B1], 190),
    ([B4, B3, B2, NIL], 111),
    ([B4, B3, F1, F1], 156),
    ([B4, B3, F1, B1], 119),
    ([B4, B3, F1, NIL], 62),
    ([B4, B3, B1, B1], 93),
    ([B4, B3, B1, NIL], 57),
    ([B4, B3, NIL, NIL], 50),
    ([B4, F2, F2, F2], 234),
    ([B4, F2, F2, B2], 307),
    ([B4, F2, F2, F1], 194),
    ([B4, F2, F2, B1], 253),
    ([B4, F2, F2, NIL], 182),
    ([B4, F2, B2, B2], 171),
    ([B4, F2, B2, F1], 176),
    ([B4, F2, B2, B1], 177),
    ([B4, F2, B2, NIL], 179),
    ([B4, F2, F1, F1], 122),
    ([B4, F2, F1, B1], 115),
    ([B4, F2, F1, NIL], 116),
    ([B4, F2, B1, B1], 46),
    ([B4, F2, B1, NIL], 118),
    ([B4, F2, NIL, NIL], 77),
    ([B4, B2, B2, B2], 82),
    ([B4, B2, B2, F1], 58),
    ([B4, B2, B2, B1], 137),
    ([B4, B2, B2, NIL], 56),
    ([B4, B2, F1, F1], 49),
    ([B4, B2, F1, B1], 67),
    ([B4, B2, F1, NIL], -15),
    ([B4, B2, B1, B1], 30),
    ([B4, B2, B1, NIL], 20),
    ([B4, B2, NIL, NIL], -20),
    ([B4, F1, F1, F1], -1),
    ([B4, F1, F1, B1], 9),
    ([B4, F1, F1, NIL], -12),
    ([B4, F1, B1, B1], 11),
    ([B4, F1, B1, NIL], -23),
    ([B4, F1, NIL, NIL], -41),
    ([B4, B1, B1, B1], 1),
    ([B4, B1, B1, NIL], -92),
    ([B4, B1, NIL, NIL], -59),
    ([B4, NIL, NIL, NIL], -71),
    ([F3, F3, F3, F1], -122),
    ([F3, F3, F3, B1], -122),
    ([F3, F3, F3, NIL], -122),
    ([F3, F3, B3, F2], -242),
    ([F3, F3, B3, B2], -96),
    ([F3, F3, B3, F1], -44),
    ([F3, F3, B3, B1], -286),
    ([F3, F3, B3, NIL], 58),
    ([F3, F3, F2, F2], 50),
    ([F3, F3, F2, B2], -98),
    ([F3, F3, F2, F1], 4),
    ([F3, F3, F2, B1], -103),
    ([F3, F3, F2, NIL], 16),
    ([F3, F3, B2, B2], 221),
    ([F3, F3, B2, F1], -14),
    ([F3, F3, B2, B1], 28),
    ([F3, F3, B2, NIL], 44),
    ([F3, F3, F1, F1], 43),
    ([F3, F3, F1, B1], -43),
    ([F3, F3, F1, NIL], 90),
    ([F3, F3, B1, B1], -48),
    ([F3, F3, B1, NIL], -42),
    ([F3, F3, NIL, NIL], 22),
    ([F3, B3, B3, F2], 224),
    ([F3, B3, B3, B2], 97),
    ([F3, B3, B3, F1], 41),
    ([F3, B3, B3, B1], -145),
    ([F3, B3, B3, NIL], -16),
    ([F3, B3, F2, F2], -100),
    ([F3, B3, F2, B2], -27),
    ([F3, B3, F2, F1], -34),
    ([F3, B3, F2, B1], 69),
    ([F3, B3, F2, NIL], 83),
    ([F3, B3, B2, B2], 29),
    ([F3, B3, B2, F1], -2),
    ([F3, B3, B2, B1], 2),
    ([F3, B3, B2, NIL], 45),
    ([F3, B3, F1, F1], -4),
    ([F3, B3, F1, B1], 1),
    ([F3, B3, F1, NIL], 36),
    ([F3, B3, B1, B1], -42),
    ([F3, B3, B1, NIL], -7),
    ([F3, B3, NIL, NIL], -33),
    ([F3, F2, F2, F2], -103),
    ([F3, F2, F2, B2], 55),
    ([F3, F2, F2, F1], -35),
    ([F3, F2, F2, B1], -17),
    ([F3, F2, F2, NIL], 24),
    ([F3, F2, B2, B2], 39),
    ([F3, F2, B2, F1], -25),
    ([F3, F2, B2, B1], 15),
    ([F3, F2, B2, NIL], 32),
    ([F3, F2, F1, F1], 1),
    ([F3, F2, F1, B1], -28),
    ([F3, F2, F1, NIL], 18),
    ([F3, F2, B1, B1], -38),
    ([F3, F2, B1, NIL], -30),
    ([F3, F2, NIL, NIL], -14),
    ([F3, B2, B2, B2], 38),
    ([F3, B2, B2, F1], 44),
    ([F3, B2, B2, B1], 52),
    ([F3, B2, B2, NIL], 17),
    ([F3, B2, F1, F1], 42),
    ([F3, B2, F1, B1], 48),
    ([F3, B2, F1, NIL], 41),
    ([F3, B2, B1, B1], -19),
    ([F3, B2, B1, NIL], 4),
    ([F3, B2, NIL, NIL], -24),
    ([F3, F1, F1, F1], 6),
    ([F3, F1, F1, B1], 12),
    ([F3, F1, F1, NIL], 17),
    ([F3, F1, B1, B1], 8),
    ([F3, F1, B1, NIL], -1),
    ([F3, F1, NIL, NIL], -26),
    ([F3, B1, B1, B1], -13),
    ([F3, B1, B1, NIL], 16),
    ([F3, B1, NIL, NIL], -18),
    ([F3, NIL, NIL, NIL], -20),
    ([B3, B3, B3, F2], 152),
    ([B3, B3, B3, B2], 42),
    ([B3, B3, B3, F1], 59),
    ([B3, B3, B3, B1], 34),
    ([B3, B3, B3, NIL], 3),
    ([B3, B3, F2, F2], 37),
    ([B3, B3, F2, B2], 115),
    ([B3, B3, F2, F1], 83),
    ([B3, B3, F2, B1], 39),
    ([B3, B3, F2, NIL], 10),
    ([B3, B3, B2, B2], 3),
    ([B3, B3, B2, F1], -18),
    ([B3, B3, B2, B1], 27),
    ([B3, B3, F1, F1], 43),
    ([B3, B3, F1, B1], -5),
    ([B3, B3, F1, NIL], 13),
    ([B3, B3, B1, B1], 11),
    ([B3, B3, B1, NIL], 29),
    ([B3, B3, NIL, NIL], -7),
    ([B3, F2, F2, F2], -87),
    ([B3, F2, F2, B2], 46),
    ([B3, F2, F2, F1], 19),
    ([B3, F2, F2, B1], 87),
    ([B3, F2, F2, NIL], 74),
    ([B3, F2, B2, B2], 34),
    ([B3, F2, B2, F1], 35),
    ([B3, F2, B2, B1], 33),
    ([B3, F2, B2, NIL], 8),
    ([B3, F2, F1, F1], 27),
    ([B3, F2, F1, B1], 17),
    ([B3, F2, F1, NIL], 17),
    ([B3, F2, B1, B1], 24),
    ([B3, F2, B1, NIL], 6),
    ([B3, F2, NIL, NIL], -12),
    ([B3, B2, B2, B2], -5),
    ([B3, B2, B2, F1], 3),
    ([B3, B2, B2, B1], 4),
    ([B3, B2, B2, NIL], 1),
    ([B3, B2, F1, F1], -5),
    ([B3, B2, F1, B1], -9),
    ([B3, B2, F1, NIL], -27),
    ([B3, B2, B1, B1], -5),
    ([B3, B2, B1, NIL], -4),
    ([B3, B2, NIL, NIL], -16),
    ([B3, F1, F1, F1], -3),
    ([B3, F1, F1, B1], -7),
    ([B3, F1, F1, NIL], 1),
    ([B3, F1, B1, NIL], -20),
    ([B3, F1, NIL, NIL], -8),
    ([B3, B1, B1, B1], -58),
    ([B3, B1, B1, NIL], -20),
    ([B3, B1, NIL, NIL], -7),
    ([B3, NIL, NIL, NIL], -17),
    ([F2, F2, F2, F2], -69),
    ([F2, F2, F2, B2], 6),
    ([F2, F2, F2, F1], -17),
    ([F2, F2, F2, B1], 15),
    ([F2, F2, F2, NIL], 68),
    ([F2, F2, B2, B2], 17),
    ([F2, F2, B2, F1], -9),
    ([F2, F2, B2, B1], 19),
    ([F2, F2, B2, NIL], 2),
    ([F2, F2, F1, F1], -3),
    ([F2, F2, F1, B1], -11),
    ([F2, F2, F1, NIL], -4),
    ([F2, F2, B1, B1], -5),
    ([F2, F2, B1, NIL], 7),
    ([F2, F2, NIL, NIL], 13),
    ([F2, B2, B2, B2], 24),
    ([F2, B2, B2, B1], 15),
    ([F2, B2, B2, NIL], -7),
    ([F2, B2, F1, F1], 7),
    ([F2, B2, F1, B1], -12),
    ([F2, B2, F1, NIL], 10),
    ([F2, B2, B1, B1], -3),
    ([F2, B2, B1, NIL], -7),
    ([F2, B2, NIL, NIL], 12),
    ([F2, F1, F1, F1], -5),
    ([F2, F1, F1, B1], -15),
    ([F2, F1, F1, NIL], -2),
    ([F2, F1, B1, B1], -12),
    ([F2, F1, B1, NIL], -16),
    ([F2, F1, NIL, NIL], -7),
    ([F2, B1, B1, B1], -29),
    ([F2, B1, B1, NIL], -6),
    ([F2, B1, NIL, NIL], 12),
    ([F2, NIL, NIL, NIL], 5),
    ([B2, B2, B2, B2], 42),
    ([B2, B2, B2, F1], -41),
    ([B2, B2, B2, B1], -8),
    ([B2, B2, B2, NIL], -21),
    ([B2, B2, F1, F1], -2),
    ([B2, B2, F1, B1], -10),
    ([B2, B2, F1, NIL], -15),
    ([B2, B2, B1, B1], -17),
    ([B2, B2, B1, NIL], -22),
    ([B2, B2, NIL, NIL], -12),
    ([B2, F1, F1, F1], -2),
    ([B2, F1, F1, B1], -10),
    ([B2, F1, F1, NIL], -5),
    ([B2, F1, B1, B1], -10),
    ([B2, F1, B1, NIL], -6),
    ([B2, F1, NIL, NIL], -9),
    ([B2, B1, B1, B1], -22),
    ([B2, B1, B1, NIL], -13),
    ([B2, B1, NIL, NIL], -10),
    ([B2, NIL, NIL, NIL], -3),
    ([F1, F1, F1, F1], -2),
    ([F1, F1, F1, NIL], -4),
    ([F1, F1, B1, B1], 2),
    ([F1, F1, B1, NIL], -8),
    ([F1, B1, B1, B1], 10),
    ([F1, B1, B1, NIL], 1),
    ([F1, NIL, NIL, NIL], 7),
    ([B1, B1, B1, B1], -18),
    ([B1, B1, B1, NIL], -11),
    ([B1, B1, NIL, NIL], -6),
    ([B1, NIL, NIL, NIL], 3),
];

/// A cell's four line patterns, strongest first: its combination whatever the directions.
pub fn sorted_patterns(codes: [LineCode; 4]) -> [Pattern; 4] {
    let mut patterns = codes.map(LineCode::pattern);
    patterns.sort_unstable_by(|a, b| b.cmp(a));
    patterns
}

/// What [`COMBINATION_WEIGHT`] adds for a cell with these line patterns.
fn combination_weight(codes: [LineCode; 4]) -> i32 {
    let patterns = sorted_patterns(codes);
    // The table lists its combinations strongest first (a test checks it).
    COMBINATION_WEIGHT
        .binary_search_by(|(combination, _)| patterns.cmp(combination))
        .map_or(0, |index| COMBINATION_WEIGHT[index].1)
}

/// The value of one empty cell for one side.
pub fn cell_value(codes: [LineCode; 4], threat: Threat) -> i32 {
    let lines: i32 = codes
        .iter()
        .map(|code| LINE_WEIGHT[code.pattern() as usize])
        .sum();
    lines + THREAT_BONUS[threat as usize] + combination_weight(codes)
}

/// The static value of the position for the side to move: its potential minus the opponent's.
/// Equal weights played better in self-play than favouring the side to move (the tempo is
/// already in the threat bonus) or the opponent.
pub fn evaluate(board: &Board) -> i32 {
    material(board) + threat_bonus(board, board.side_to_move())
}

/// What the stones are worth for the side to move, without the threat bonus.
pub fn material(board: &Board) -> i32 {
    let me = board.side_to_move();
    board.total_value(me) - board.total_value(me.opponent())
}

/// `evaluate` with the stones' worth averaged over this position and the one before the
/// last move (`previous_material`, [`material`] there for the side that moved): a static
/// value swings with whose turn it is, and the average damps that odd-even swing.
pub fn evaluate_smoothed(board: &Board, previous_material: i32) -> i32 {
    let me = board.side_to_move();
    (material(board) - previous_material) / 2 + threat_bonus(board, me)
}

/// The threat situation, seen by the side to move ("we") against the opponent: which
/// forcing moves each side has ready. A position's worth jumps with them (a four-three on the
/// move wins, one for the opponent must be stopped at once), which the per-cell sums cannot
/// show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(usize)]
pub enum ThreatFeature {
    /// We have a four-three point and the opponent no four to answer with: it wins unless
    /// the opponent can counter.
    OurFourThree,
    /// We have a double-three point (and may play it), and the opponent no four: nearly a
    /// win.
    OurDoubleThree,
    /// We can make a four: a tempo move to answer threats with.
    OurFour,
    /// We can make an open three.
    OurThree,
    /// The opponent has an open three: we must answer it (or play fours).
    TheirOpenThree,
    /// The opponent has a four-three point and we no four: we must block it.
    TheirFourThree,
    /// The opponent has a double-three point (it may play) and we no four.
    TheirDoubleThree,
    /// The opponent has two or more such four-three or double-three points: one block may
    /// not stop both.
    TheirTwoDoubleThreats,
    /// The opponent can make a four.
    TheirFour,
    /// The opponent can make an open three.
    TheirThree,
}

/// Number of [`ThreatFeature`]s.
pub const THREAT_FEATURES: usize = 10;

/// What each [`ThreatFeature`] is worth to the side to move when present. Only our
/// four-three and double three count: a fit of all ten lowered the log-loss and lost to these.
pub const THREAT_WEIGHT: [i32; THREAT_FEATURES] = [2021, 1606, 0, 0, 0, 0, 0, 0, 0, 0];

/// Which [`ThreatFeature`]s the position has, for the side to move `me`.
pub fn threat_features(board: &Board, me: Color) -> [bool; THREAT_FEATURES] {
    let opponent = me.opponent();
    let fours = |color: Color| {
        board.threat_count(color, Threat::Four)
            + board.threat_count(color, Threat::FourThree)
            + board.threat_count(color, Threat::Flex4)
    };
    let threes = |color: Color| {
        board.threat_count(color, Threat::Three) + board.threat_count(color, Threat::ThreePlus)
    };
    let double_threes = |color: Color| {
        if board.rule().has_forbidden_points(color) {
            0
        } else {
            board.threat_count(color, Threat::DoubleThree)
        }
    };
    let (our_fours, their_fours) = (fours(me), fours(opponent));
    let their_double_threats =
        board.threat_count(opponent, Threat::FourThree) + double_threes(opponent);
    let mut present = [false; THREAT_FEATURES];
    let mut set = |feature: ThreatFeature, value: bool| present[feature as usize] = value;
    set(
        ThreatFeature::OurFourThree,
        their_fours == 0 && board.threat_count(me, Threat::FourThree) > 0,
    );
    set(
        ThreatFeature::OurDoubleThree,
        their_fours == 0 && board.threat_count(me, Threat::FourThree) == 0 && double_threes(me) > 0,
    );
    set(ThreatFeature::OurFour, our_fours > 0);
    set(ThreatFeature::OurThree, threes(me) + double_threes(me) > 0);
    set(
        ThreatFeature::TheirOpenThree,
        board.threat_count(opponent, Threat::Flex4) > 0,
    );
    set(
        ThreatFeature::TheirFourThree,
        our_fours == 0 && board.threat_count(opponent, Threat::FourThree) > 0,
    );
    set(
        ThreatFeature::TheirDoubleThree,
        our_fours == 0 && double_threes(opponent) > 0,
    );
    set(
        ThreatFeature::TheirTwoDoubleThreats,
        our_fours == 0 && their_double_threats >= 2,
    );
    set(ThreatFeature::TheirFour, their_fours > 0);
    set(
        ThreatFeature::TheirThree,
        threes(opponent) + double_threes(opponent) > 0,
    );
    present
}

fn threat_bonus(board: &Board, me: Color) -> i32 {
    let features: i32 = threat_features(board, me)
        .iter()
        .zip(THREAT_WEIGHT)
        .filter(|(&present, _)| present)
        .map(|(_, weight)| weight)
        .sum();
    features + THREAT_MASK_TABLE[threat_mask(board, me)]
}

/// Number of threat masks (see [`threat_mask`]).
pub const THREAT_MASKS: usize = 1 << 9;

/// Which kinds of forcing move each side has ready, as nine bits: ours are bit 0 a four-three
/// point, 1 a double-three point we may play, 2 a plain four, 3 an open three to make; the
/// opponent's are bit 4 an open-four point (an open three on the board), 5 a four-three point,
/// 6 a double-three point it may play, 7 a plain four, 8 an open three to make. The
/// [`ThreatFeature`] indicators weigh some of these alone; [`THREAT_MASK_WEIGHT`] weighs
/// whole situations, since what one threat is worth depends on what else is on the board (an
/// open three against us matters less when we hold a four to answer with).
pub fn threat_mask(board: &Board, me: Color) -> usize {
    let has = |color: Color, class: Threat| board.threat_count(color, class) > 0;
    let double_three =
        |color: Color| !board.rule().has_forbidden_points(color) && has(color, Threat::DoubleThree);
    let three = |color: Color| has(color, Threat::Three) || has(color, Threat::ThreePlus);
    let opponent = me.opponent();
    let bits = [
        has(me, Threat::FourThree),
        double_three(me),
        has(me, Threat::Four),
        three(me),
        has(opponent, Threat::Flex4),
        has(opponent, Threat::FourThree),
        double_three(opponent),
        has(opponent, Threat::Four),
        three(opponent),
    ];
    bits.iter()
        .enumerate()
        .fold(0, |mask, (bit, &set)| mask | usize::from(set) << bit)
}

/// What some threat situations ([`threat_mask`]) are worth beyond the indicators and the
/// cells' sums; the others are worth nothing more. A lone four of either side, for example,
/// is worth less than its cells say: it is one tempo, spent once.
///
/// Fitted alone, every other weight kept (`gomoku-tune fit --smoothed --masks-only`).
pub const THREAT_MASK_WEIGHT: [(u16, i32); 79] = [
    (0b000000000, -8),
    (0b000000100, -356),
    (0b000001000, 88),
    (0b000001100, -217),
    (0b010000000, 268),
    (0b010000100, -58),
    (0b010001000, 184),
    (0b010001100, -7),
    (0b010001110, 229),
    (0b010010000, 353),
    (0b010010100, 29),
    (0b010011000, 295),
    (0b010011010, 340),
    (0b010011100, 148),
    (0b010011110, 150),
    (0b100000000, -2),
    (0b100000100, -257),
    (0b100001000, -35),
    (0b100001100, -5),
    (0b100001101, 86),
    (0b100001110, 245),
    (0b101000000, -425),
    (0b101000100, -337),
    (0b101001000, -103),
    (0b101001100, 195),
    (0b101001101, 103),
    (0b101001110, 341),
    (0b101001111, 117),
    (0b110000000, 204),
    (0b110000100, -97),
    (0b110001000, 69),
    (0b110001010, 100),
    (0b110001100, 13),
    (0b110001101, 499),
    (0b110001110, 464),
    (0b110001111, 661),
    (0b110010000, 149),
    (0b110010100, -15),
    (0b110011000, -25),
    (0b110011010, -111),
    (0b110011100, -24),
    (0b110011101, 807),
    (0b110011110, -25),
    (0b110011111, 829),
    (0b110100000, 179),
    (0b110100100, 36),
    (0b110101000, 114),
    (0b110101010, 3),
    (0b110101100, 128),
    (0b110101101, 1009),
    (0b110101110, 233),
    (0b110110000, 47),
    (0b110110100, -158),
    (0b110111000, -421),
    (0b110111010, -498),
    (0b110111100, -235),
    (0b110111101, 1259),
    (0b110111110, -270),
    (0b111000000, -32),
    (0b111000100, -277),
    (0b111001000, -131),
    (0b111001010, -374),
    (0b111001100, 18),
    (0b111001101, 830),
    (0b111001110, 540),
    (0b111010100, -12),
    (0b111011000, -403),
    (0b111011010, -735),
    (0b111011100, -126),
    (0b111011101, 1030),
    (0b111011110, -70),
    (0b111100100, -44),
    (0b111101000, -511),
    (0b111101100, 40),
    (0b111101110, 461),
    (0b111111000, -689),
    (0b111111010, -664),
    (0b111111100, -3),
    (0b111111110, -31),
];

/// [`THREAT_MASK_WEIGHT`] as a table indexed by mask.
const THREAT_MASK_TABLE: [i32; THREAT_MASKS] = {
    let mut table = [0; THREAT_MASKS];
    let mut index = 0;
    while index < THREAT_MASK_WEIGHT.len() {
        let (mask, weight) = THREAT_MASK_WEIGHT[index];
        table[mask as usize] = weight;
        index += 1;
    }
    table
};

/// The value of the position for `color`, whoever moves.
pub fn evaluate_for(board: &Board, color: Color) -> i32 {
    let score = evaluate(board);
    if board.side_to_move() == color {
        score
    } else {
        -score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::rule::Rule;

    #[test]
    fn combination_weights_name_each_combination_once_strongest_first() {
        for (index, (patterns, _)) in COMBINATION_WEIGHT.iter().enumerate() {
            let codes = patterns.map(|pattern| LineCode(pattern as u8));
            assert_eq!(
                sorted_patterns(codes),
                *patterns,
                "entry {index} is not sorted"
            );
            let later = &COMBINATION_WEIGHT[index + 1..];
            assert!(
                later.iter().all(|(other, _)| other != patterns),
                "entry {index} twice"
            );
        }
    }

    #[test]
    fn threat_mask_weights_name_each_mask_once_in_order() {
        assert!(THREAT_MASK_WEIGHT
            .windows(2)
            .all(|pair| pair[0].0 < pair[1].0));
        assert!(THREAT_MASK_WEIGHT
            .iter()
            .all(|&(mask, _)| usize::from(mask) < THREAT_MASKS));
    }

    #[test]
    fn the_threat_mask_shows_both_sides_ready_threats() {
        // Black has an open two (open-three points); white an open three, so open-four points
        // and, one cell further, closed-four points.
        let black = [(5, 7), (6, 7)];
        let white = [(3, 3), (4, 3), (5, 3)];
        let board = Board::with_stones(Rule::Freestyle, &black, &white, Color::Black);
        let (our_three, their_open_three, their_four) = (1 << 3, 1 << 4, 1 << 7);
        assert_eq!(
            threat_mask(&board, Color::Black),
            our_three | their_open_three | their_four
        );
        // Seen by white: its own open-four points have no bit (a side to move with one has
        // won), its closed fours do.
        let (our_four, their_three) = (1 << 2, 1 << 8);
        assert_eq!(threat_mask(&board, Color::White), our_four | their_three);
    }

    #[test]
    fn every_threat_feature_has_a_weight() {
        assert_eq!(ThreatFeature::TheirThree as usize + 1, THREAT_FEATURES);
    }

    #[test]
    fn the_smoothed_value_lies_between_the_two_plies() {
        let mut board = Board::new(15, 15, Rule::Freestyle).unwrap();
        let moves = [
            (7, 7),
            (8, 8),
            (7, 8),
            (6, 9),
            (7, 6),
            (9, 7),
            (10, 6),
            (5, 10),
        ];
        let mut largest_damping = 0;
        for (x, y) in moves {
            let before = material(&board);
            let cell = board.cell(x, y);
            board.play(cell);
            let now = material(&board);
            // The threat situation is added whole, not averaged: take it away.
            let smoothed =
                evaluate_smoothed(&board, before) - threat_bonus(&board, board.side_to_move());
            // Both bounds are the new side to move's view: now, and before the last move.
            assert!(smoothed >= now.min(-before) && smoothed <= now.max(-before));
            largest_damping = largest_damping.max((smoothed - now).abs());
        }
        // The stones' worth does swing from one ply to the next, and the average damps it.
        assert!(largest_damping > 0);
    }
}
