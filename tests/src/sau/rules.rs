//! The referee side of a SAU game: what happened to a submitted turn, and how a game ended.

/// A side; black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    Black,
    White,
}

impl Colour {
    /// The other side.
    pub fn opponent(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// The word the platform uses.
    pub fn word(self) -> &'static str {
        match self {
            Colour::Black => "black",
            Colour::White => "white",
        }
    }
}

/// What the referee made of a submitted position list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Played.
    Accepted,
    /// Not a turn the platform can place (unreadable, off the board, on a stone): the engine
    /// gets `error` and may send another.
    Rejected(String),
    /// A turn the rules punish with the loss of the game.
    Loses(String),
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    Win(Colour),
    Draw,
}

/// The rules of one game as the judge needs them.
pub trait Referee {
    /// The game's name on the command line.
    fn name(&self) -> &'static str;
    /// The board's width (and height), for the records; 0 where the game has no square board.
    fn size(&self) -> usize {
        0
    }
    /// Starts from the initial position.
    fn reset(&mut self);
    /// The side to move.
    fn to_move(&self) -> Colour;
    /// Plays the position list `squares` for the side to move, if the rules allow it.
    fn submit(&mut self, squares: &str) -> Verdict;
    /// The result, once the game is over.
    fn result(&self) -> Option<GameResult>;
    /// Why the game ended by its rules (once [`Referee::result`] is known): the reason the
    /// records keep and the judge's words for it (`six in a row`, `50 plies without a capture,
    /// pieces 6 - 6`, ...).
    fn ending(&self) -> (crate::records::Reason, String);
    /// Every turn the side to move may submit, written as the platform writes it; empty once the
    /// game is over. Random players, move counts and terminal play are built on it.
    fn legal_turns(&self) -> Vec<String>;
    /// The position drawn as text for a person at a terminal, columns and rows lettered as the
    /// platform letters them.
    fn picture(&self) -> String;
}

/// The two letters of the square in column `x` and row `y`.
pub fn square_name(x: usize, y: usize) -> String {
    format!(
        "{}{}",
        char::from(b'A' + x as u8),
        char::from(b'A' + y as u8)
    )
}

/// A board of stones drawn with letters around it: `X` black, `O` white, `.` empty.
pub fn draw_stones(size: usize, stone: impl Fn(usize, usize) -> Option<Colour>) -> String {
    let letters: String = (0..size)
        .map(|x| format!(" {}", char::from(b'A' + x as u8)))
        .collect();
    let mut picture = format!("  {letters}\n");
    for y in 0..size {
        picture.push_str(&format!(" {}", char::from(b'A' + y as u8)));
        for x in 0..size {
            let mark = match stone(x, y) {
                Some(Colour::Black) => 'X',
                Some(Colour::White) => 'O',
                None => '.',
            };
            picture.push(' ');
            picture.push(mark);
        }
        picture.push('\n');
    }
    picture
}

/// Parses two-letter squares (`@@` = none) for a board of `size`; `None` inside the list for `@@`.
pub fn parse_squares(text: &str, size: usize) -> Result<Vec<Option<(usize, usize)>>, String> {
    let bytes = text.as_bytes();
    if bytes.is_empty() || !bytes.len().is_multiple_of(2) {
        return Err(format!("'{text}' is not a list of two-letter squares"));
    }
    bytes
        .chunks(2)
        .map(|pair| {
            if pair == b"@@" {
                return Ok(None);
            }
            let coordinate = |letter: u8| {
                let value = letter.wrapping_sub(b'A') as usize;
                (value < size).then_some(value)
            };
            match (coordinate(pair[0]), coordinate(pair[1])) {
                (Some(x), Some(y)) => Ok(Some((x, y))),
                _ => Err(format!("'{text}' has a square off the board")),
            }
        })
        .collect()
}
