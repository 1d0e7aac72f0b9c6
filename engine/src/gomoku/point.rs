//! A point of the board as the judges name it: the engine's moves and set-up stones.

/// Column `x` and row `y`, from 0 at the top left; a point off the board is refused by the
/// engine, not by this type, since only the board knows its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Point {
    pub x: i32,
    pub y: i32,
}

impl Point {
    /// The point at column `x`, row `y`.
    pub const fn new(x: i32, y: i32) -> Point {
        Point { x, y }
    }
}
