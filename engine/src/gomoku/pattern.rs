//! Line patterns: what a stone placed on an empty cell makes along one line, looked up in a table
//! keyed by the ten cells around it (five on each side), and the threat class of a cell that
//! combines its four lines.

use super::rule::FiveKind;

/// How many cells on each side of the centre a line key covers. Five is the least that sees an
/// overline next to a five.
pub const HALF: usize = 5;
/// Bits of a line key: two per neighbour cell.
pub const KEY_BITS: u32 = 4 * HALF as u32;

/// A neighbour cell in a line key, as seen by the player the key is read for.
pub const EMPTY: u32 = 0;
/// The player's own stone.
pub const OWN: u32 = 1;
/// An opponent stone.
pub const OPPONENT: u32 = 2;
/// Off the board (or a dead cell); blocks like an opponent stone, except that it does not
/// close a caro five.
pub const WALL: u32 = 3;

/// What placing a stone makes along one line, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[repr(u8)]
pub enum Pattern {
    /// A dead line: no five through the cell can ever be made there.
    None = 0,
    /// One move from a closed two: room for a five, but little of it.
    Block1 = 1,
    /// One move from an open two: a stone with room around it.
    Flex1 = 2,
    /// One move from a closed three.
    Block2 = 3,
    /// One move from an open three.
    Flex2 = 4,
    /// One move from a four.
    Block3 = 5,
    /// One move from an open (straight) four.
    Flex3 = 6,
    /// One move from five, with a single five point.
    Block4 = 7,
    /// Two five points in one line that are not a straight four (`X.XXX.X`): renju counts it as
    /// a double four.
    FourTwice = 8,
    /// A straight four `.XXXX.`: two five points, unstoppable.
    Flex4 = 9,
    /// Five in a row that wins under the rule.
    Five = 10,
}

/// Number of line patterns, for counting arrays.
pub const PATTERNS: usize = 11;

impl Pattern {
    fn from_code(code: u8) -> Pattern {
        match code & 0x0f {
            1 => Pattern::Block1,
            2 => Pattern::Flex1,
            3 => Pattern::Block2,
            4 => Pattern::Flex2,
            5 => Pattern::Block3,
            6 => Pattern::Flex3,
            7 => Pattern::Block4,
            8 => Pattern::FourTwice,
            9 => Pattern::Flex4,
            10 => Pattern::Five,
            _ => Pattern::None,
        }
    }

    /// The pattern one level below: what a line is when one more stone makes `self`.
    fn one_step_weaker(self) -> Pattern {
        match self {
            Pattern::Flex4 => Pattern::Flex3,
            Pattern::Block4 | Pattern::FourTwice => Pattern::Block3,
            Pattern::Flex3 => Pattern::Flex2,
            Pattern::Block3 => Pattern::Block2,
            Pattern::Flex2 => Pattern::Flex1,
            Pattern::Block2 => Pattern::Block1,
            _ => Pattern::None,
        }
    }
}

/// A table entry: the pattern in the low four bits, and the overline flag when the stone makes a
/// run of six or more that does not win (forbidden for black in renju).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct LineCode(pub u8);

/// Set in a [`LineCode`] when the stone makes a non-winning overline.
const OVERLINE_FLAG: u8 = 0x10;
/// A table slot not computed yet.
const UNKNOWN: u8 = 0xff;

impl LineCode {
    /// The pattern along the line.
    pub fn pattern(self) -> Pattern {
        Pattern::from_code(self.0)
    }

    /// Whether the stone makes a non-winning overline.
    pub fn overline(self) -> bool {
        self.0 & OVERLINE_FLAG != 0
    }
}

/// How many fours a stone makes at once on a cell with these line patterns (a line with two
/// five points apart, `X.XXX.X`, makes two).
pub fn four_count(codes: [LineCode; 4]) -> u32 {
    codes
        .iter()
        .map(|code| match code.pattern() {
            Pattern::Block4 | Pattern::Flex4 => 1,
            Pattern::FourTwice => 2,
            _ => 0,
        })
        .sum()
}

/// Swaps own and opponent stones in a key, so that one table serves both colours.
pub fn swap_sides(key: u32) -> u32 {
    let low = key & 0x5_5555;
    let high = (key >> 1) & 0x5_5555;
    (low << 1) | high
}

/// The field of a key that holds the cell `offset` steps from the centre (`offset` in
/// -5..=5, not 0), as a bit shift.
pub fn field_shift(offset: i32) -> u32 {
    let slot = if offset < 0 {
        offset + HALF as i32
    } else {
        offset + HALF as i32 - 1
    };
    2 * slot as u32
}

/// The line patterns of both colours, computed on first use (most keys never occur). One slot
/// holds both colours' codes so that refreshing a line costs one memory access, not two.
pub struct PatternTable {
    /// The kind of five that wins for black and for white.
    fives: [FiveKind; 2],
    /// Whether the two fields five cells from the centre take part in the patterns (see
    /// [`far_cells_matter`]). When they do not, they are left out of the slot: the table then
    /// has 2^16 slots instead of 2^20, 128 KiB that stay in the cache where 2 MiB did not, and
    /// a line refresh is a cache hit instead of a miss.
    far_fields: bool,
    codes: Vec<[u8; 2]>,
}

/// The key fields of the cells five steps from the centre.
const FAR_FIELDS: u32 = 3 << (2 * (2 * HALF - 1)) | 3;

impl PatternTable {
    /// An empty table where `black` and `white` are the kinds of five that win for each colour.
    pub fn new(black: FiveKind, white: FiveKind) -> Self {
        Self::with_far_fields(
            black,
            white,
            far_cells_matter(black) || far_cells_matter(white),
        )
    }

    /// An empty table that reads the far fields of a key or leaves them out.
    fn with_far_fields(black: FiveKind, white: FiveKind, far_fields: bool) -> Self {
        let bits = if far_fields { KEY_BITS } else { KEY_BITS - 4 };
        Self {
            fives: [black, white],
            far_fields,
            codes: vec![[UNKNOWN; 2]; 1 << bits],
        }
    }

    /// Where a key's codes are kept: the key itself, or the key without its far fields.
    fn slot(&self, key: u32) -> usize {
        if self.far_fields {
            key as usize
        } else {
            (key & !FAR_FIELDS) as usize >> 2
        }
    }

    /// The codes of a key for a black and for a white stone on the centre; the key is read as
    /// black sees it ([`OWN`] is a black stone).
    pub fn codes(&mut self, key: u32) -> [LineCode; 2] {
        let [black, white] = self.codes[self.slot(key)];
        if black != UNKNOWN && white != UNKNOWN {
            return [LineCode(black), LineCode(white)];
        }
        [LineCode(self.code(key, 0)), LineCode(self.code(key, 1))]
    }

    /// The code of a key for a stone of `side` (0 black, 1 white) on the centre.
    fn code(&mut self, key: u32, side: usize) -> u8 {
        // Far fields that change no pattern are read as empty, so that every key of a slot is
        // graded alike.
        let key = if self.far_fields {
            key
        } else {
            key & !FAR_FIELDS
        };
        let slot = self.slot(key);
        let known = self.codes[slot][side];
        if known != UNKNOWN {
            return known;
        }
        let own_view = if side == 0 { key } else { swap_sides(key) };
        let mut code = classify_key(own_view, self.fives[side]);
        if Pattern::from_code(code) == Pattern::None && has_room(own_view) {
            // Below a two, grade through the keys with one more own stone: they are lines the
            // board meets too, so the table remembers them, and a line of many empty cells is
            // not searched stone by stone again for every key.
            let stone = if side == 0 { OWN } else { OPPONENT };
            let mut best = Pattern::None;
            // A stone on a far field that is left out would be the same key again (and it
            // makes no pattern there).
            let reach = if self.far_fields { HALF } else { HALF - 1 } as i32;
            for offset in (-reach..=reach).filter(|&offset| offset != 0) {
                let shift = field_shift(offset);
                if (key >> shift) & 3 == EMPTY {
                    let next = Pattern::from_code(self.code(key | stone << shift, side));
                    best = best.max(next.one_step_weaker());
                }
            }
            code |= best as u8;
        }
        self.codes[slot][side] = code;
        code
    }
}

/// Whether some five cells in a row through the centre hold neither opponent stones nor walls:
/// without them no five can ever be made there.
fn has_room(key: u32) -> bool {
    let blocked = |offset: i32| {
        let cell = (key >> field_shift(offset)) & 3;
        cell == OPPONENT || cell == WALL
    };
    // A five through the centre starts at most four cells before it.
    let reach = HALF as i32 - 1;
    (-reach..=0).any(|start| (start..=start + reach).all(|offset| offset == 0 || !blocked(offset)))
}

/// Whether the cells [`HALF`] steps from the centre can change its pattern under `five`. Not
/// when any run of five or more wins: every five through the centre, and so every four and
/// three that aims at one, lies within four steps of it. (An overline that does not win, or a
/// five closed at both ends, needs the fifth cell.)
pub fn far_cells_matter(five: FiveKind) -> bool {
    five != FiveKind::FiveOrMore
}

/// Cells of a decoded line: index [`HALF`] is the centre.
type Line = [u32; 2 * HALF + 1];

fn decode(key: u32) -> Line {
    let mut line = [EMPTY; 2 * HALF + 1];
    for (index, cell) in line.iter_mut().enumerate() {
        let offset = index as i32 - HALF as i32;
        if offset != 0 {
            *cell = (key >> field_shift(offset)) & 3;
        }
    }
    line
}

fn classify_key(key: u32, five: FiveKind) -> u8 {
    let mut line = decode(key);
    line[HALF] = OWN;
    let mut code = grade(&mut line, five, 2) as u8;
    if code != Pattern::Five as u8 && run_through(&line, HALF).0 >= 6 {
        code |= OVERLINE_FLAG;
    }
    code
}

/// The run of own stones through `at`: its length, and the cells just beyond both ends.
fn run_through(line: &Line, at: usize) -> (usize, u32, u32) {
    let mut low = at;
    while low > 0 && line[low - 1] == OWN {
        low -= 1;
    }
    let mut high = at;
    while high + 1 < line.len() && line[high + 1] == OWN {
        high += 1;
    }
    let before = if low > 0 { line[low - 1] } else { EMPTY };
    let after = if high + 1 < line.len() {
        line[high + 1]
    } else {
        EMPTY
    };
    (high - low + 1, before, after)
}

/// Whether the run through the centre wins under `five`.
fn is_five(line: &Line, five: FiveKind) -> bool {
    let (length, before, after) = run_through(line, HALF);
    // Caro: only opponent stones close a five, not the board's edge (piskvork's rule).
    let open_five = length == 5 && !(before == OPPONENT && after == OPPONENT);
    match five {
        FiveKind::FiveOrMore => length >= 5,
        FiveKind::Exact => length == 5,
        FiveKind::Unblocked => length >= 6 || open_five,
        FiveKind::UnblockedExact => open_five,
    }
}

/// The pattern through the centre (already own), looking `depth` extra stones ahead.
fn grade(line: &mut Line, five: FiveKind, depth: u32) -> Pattern {
    if is_five(line, five) {
        return Pattern::Five;
    }
    let mut five_points = [0usize; 2 * HALF + 1];
    let mut count = 0;
    for index in 0..line.len() {
        if line[index] == EMPTY {
            line[index] = OWN;
            if is_five(line, five) {
                five_points[count] = index;
                count += 1;
            }
            line[index] = EMPTY;
        }
    }
    match count {
        0 => {}
        1 => return Pattern::Block4,
        _ => {
            let straight =
                (0..count).any(|i| (0..count).any(|j| five_points[j] == five_points[i] + 5));
            return if straight {
                Pattern::Flex4
            } else {
                Pattern::FourTwice
            };
        }
    }
    if depth == 0 {
        return Pattern::None;
    }
    let mut best = Pattern::None;
    for index in 0..line.len() {
        if line[index] == EMPTY {
            line[index] = OWN;
            best = best.max(grade(line, five, depth - 1).one_step_weaker());
            line[index] = EMPTY;
        }
    }
    best
}

/// What a move on a cell threatens, combining its four lines; strongest last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[repr(u8)]
pub enum Threat {
    /// Nothing worth noting.
    None = 0,
    /// A two or a closed three.
    Low = 1,
    /// Two twos or closed threes at once: builds toward a double threat.
    DoubleTwo = 2,
    /// An open three.
    Three = 3,
    /// An open three and another closed three or two.
    ThreePlus = 4,
    /// A closed four: forces one answer.
    Four = 5,
    /// Two open threes at once.
    DoubleThree = 6,
    /// A closed four with an open three: wins unless answered by a counter attack.
    FourThree = 7,
    /// An open four or two fours: wins unless the opponent has five.
    Flex4 = 8,
    /// Five in a row.
    Five = 9,
}

/// Number of [`Threat`] classes, for counting arrays.
pub const THREAT_CLASSES: usize = 10;

impl Threat {
    /// The class of a cell from the patterns of its four lines.
    pub fn classify(lines: [LineCode; 4]) -> Threat {
        let mut counts = [0u8; PATTERNS];
        for code in lines {
            counts[code.pattern() as usize] += 1;
        }
        let count = |p: Pattern| counts[p as usize];
        let fours = count(Pattern::Block4);
        let threes = count(Pattern::Flex3);
        let minor = count(Pattern::Block3) + count(Pattern::Flex2);
        if count(Pattern::Five) > 0 {
            Threat::Five
        } else if count(Pattern::Flex4) > 0 || count(Pattern::FourTwice) > 0 || fours >= 2 {
            Threat::Flex4
        } else if fours == 1 && threes > 0 {
            Threat::FourThree
        } else if threes >= 2 {
            Threat::DoubleThree
        } else if fours == 1 {
            Threat::Four
        } else if threes == 1 && minor > 0 {
            Threat::ThreePlus
        } else if threes == 1 {
            Threat::Three
        } else if minor >= 2 {
            Threat::DoubleTwo
        } else if minor + count(Pattern::Block2) > 0 {
            Threat::Low
        } else {
            Threat::None
        }
    }

    /// Whether the move makes at least a four (the opponent must answer it at once).
    pub fn is_four(self) -> bool {
        self >= Threat::Four && self != Threat::DoubleThree
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn far_cells_change_no_pattern_when_any_five_wins() {
        let far = [field_shift(-(HALF as i32)), field_shift(HALF as i32)];
        let far_mask = far.iter().fold(0, |mask, shift| mask | 3 << shift);
        let free = FiveKind::FiveOrMore;
        let mut table = PatternTable::with_far_fields(free, free, true);
        let mut compact = PatternTable::new(free, free);
        assert!(!compact.far_fields && compact.codes.len() == 1 << 16);
        assert_eq!(far_mask, FAR_FIELDS);
        for near in (0..1u32 << KEY_BITS).filter(|key| key & far_mask == 0) {
            let codes = table.codes(near);
            for (low, high) in (0..4).flat_map(|low| (0..4).map(move |high| (low, high))) {
                let key = near | low << far[0] | high << far[1];
                assert_eq!(table.codes(key), codes, "key {key:#x}");
                assert_eq!(compact.codes(key), codes, "key {key:#x}, compact table");
            }
        }
        assert!(far_cells_matter(FiveKind::Exact) && far_cells_matter(FiveKind::Unblocked));
    }

    /// A key from a picture of the line: `x` own, `o` opponent, `#` wall, `.` empty; the centre
    /// (`*`) is where the stone goes.
    fn key_of(picture: &str) -> u32 {
        let cells: Vec<char> = picture.chars().collect();
        let centre = cells.iter().position(|&c| c == '*').unwrap() as i32;
        let mut key = 0;
        for (index, &c) in cells.iter().enumerate() {
            let offset = index as i32 - centre;
            if offset == 0 || offset.abs() > HALF as i32 {
                continue;
            }
            let value = match c {
                'x' => OWN,
                'o' => OPPONENT,
                '#' => WALL,
                _ => EMPTY,
            };
            key |= value << field_shift(offset);
        }
        key
    }

    fn pattern(picture: &str, five: FiveKind) -> Pattern {
        PatternTable::new(five, five).codes(key_of(picture))[0].pattern()
    }

    #[test]
    fn fives_and_fours() {
        let free = FiveKind::FiveOrMore;
        assert_eq!(pattern(".....xx*xx.....", free), Pattern::Five);
        assert_eq!(pattern(".....xxx*......", free), Pattern::Flex4);
        assert_eq!(pattern(".....oxxx*.....", free), Pattern::Block4);
        assert_eq!(pattern("....x.x*x.x....", free), Pattern::FourTwice);
        assert_eq!(pattern(".....x*x.......", free), Pattern::Flex3);
        assert_eq!(pattern("....ox*x.......", free), Pattern::Block3);
        assert_eq!(pattern(".......*x......", free), Pattern::Flex2);
    }

    #[test]
    fn ones_tell_room_apart() {
        let free = FiveKind::FiveOrMore;
        // A lone stone with room on both sides (an opponent stone five cells away takes none of
        // it): a one that can become an open two.
        assert_eq!(pattern("...........*...........", free), Pattern::Flex1);
        assert_eq!(pattern(".....o....*.......", free), Pattern::Flex1);
        // Room for one five only, against a wall or between opponent stones: a closed one.
        assert_eq!(pattern("#*.....", free), Pattern::Block1);
        assert_eq!(pattern("..o.*...o..", free), Pattern::Block1);
        // Fewer than five free cells in a row through it: a dead line.
        assert_eq!(pattern("...o.*..o...", free), Pattern::None);
        assert_eq!(pattern("#*...#", free), Pattern::None);
        // A one never hides a two: a second stone in reach makes the line a two.
        assert_eq!(pattern("....*.x....", free), Pattern::Flex2);
        // Under exact five, an own stone that would turn every five into an overline kills the
        // room it stands next to.
        assert_eq!(pattern("#*....x", FiveKind::Exact), Pattern::None);
        assert_eq!(pattern("#*....x", free), Pattern::Block1);
    }

    #[test]
    fn overline_depends_on_the_rule() {
        let picture = "....xxx*xx.....";
        assert_eq!(pattern(picture, FiveKind::FiveOrMore), Pattern::Five);
        let exact = FiveKind::Exact;
        let code = PatternTable::new(exact, exact).codes(key_of(picture))[0];
        assert_ne!(code.pattern(), Pattern::Five);
        assert!(code.overline());
        // With a stone two cells past the four, the exact rule sees only one five point.
        assert_eq!(pattern("....x.xxx*.....", FiveKind::Exact), Pattern::Block4);
        assert_eq!(
            pattern("....x.xxx*.....", FiveKind::FiveOrMore),
            Pattern::Flex4
        );
    }

    #[test]
    fn caro_needs_an_open_end() {
        assert_eq!(
            pattern("....oxx*xxo....", FiveKind::Unblocked),
            Pattern::None
        );
        assert_eq!(
            pattern("....oxx*xx.....", FiveKind::Unblocked),
            Pattern::Five
        );
        // Room for five only between two opponent stones: nothing can ever win there.
        assert_eq!(
            pattern(".....oxxx*.o...", FiveKind::Unblocked),
            Pattern::None
        );
        // An empty cell between the five and the opponent stone leaves it open.
        assert_eq!(
            pattern("....oxx*xx.o...", FiveKind::Unblocked),
            Pattern::Five
        );
    }

    #[test]
    fn caro_edges_close_nothing() {
        for five in [FiveKind::Unblocked, FiveKind::UnblockedExact] {
            assert_eq!(pattern("#xxx*x#", five), Pattern::Five);
            assert_eq!(pattern("#xxx*xo", five), Pattern::Five);
        }
    }

    #[test]
    fn caro_overlines_win_only_under_rule_8() {
        assert_eq!(
            pattern("...oxxx*xxo....", FiveKind::Unblocked),
            Pattern::Five
        );
        assert_ne!(
            pattern("...oxxx*xxo....", FiveKind::UnblockedExact),
            Pattern::Five
        );
        assert_eq!(
            pattern("...oxx*xx.o....", FiveKind::UnblockedExact),
            Pattern::Five
        );
    }

    #[test]
    fn walls_block() {
        assert_eq!(pattern("#xxx*.....", FiveKind::FiveOrMore), Pattern::Block4);
    }

    #[test]
    fn threat_classes() {
        let code = |p: Pattern| LineCode(p as u8);
        let none = code(Pattern::None);
        assert_eq!(
            Threat::classify([code(Pattern::Block4), code(Pattern::Flex3), none, none]),
            Threat::FourThree
        );
        assert_eq!(
            Threat::classify([code(Pattern::Block4), code(Pattern::Block4), none, none]),
            Threat::Flex4
        );
        assert_eq!(
            Threat::classify([code(Pattern::Flex3), code(Pattern::Flex3), none, none]),
            Threat::DoubleThree
        );
        assert!(Threat::Four.is_four() && !Threat::DoubleThree.is_four());
    }

    #[test]
    fn swapping_sides_twice_is_identity() {
        let key = key_of("#.xoxo*xxoo.");
        assert_eq!(swap_sides(swap_sides(key)), key);
        assert_ne!(swap_sides(key), key);
    }
}
