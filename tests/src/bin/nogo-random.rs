//! A NoGo player for the SAU protocol that plays uniformly random legal moves: the weakest
//! sparring partner, for measuring the engine from the bottom.
//!
//! Usage: `nogo-random [seed]`.

use harness::sau::nogo::NoGo;
use harness::sau::rules::{parse_squares, Referee, Verdict};
use std::io::{self, BufRead, Write};

/// A xorshift generator: enough for picking moves.
struct Random(u64);

impl Random {
    fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % bound as u64) as usize
    }
}

fn reply(game: &mut NoGo, random: &mut Random, out: &mut impl Write) -> io::Result<()> {
    let legal = game.legal_squares();
    if legal.is_empty() {
        return Ok(());
    }
    let (x, y) = legal[random.below(legal.len())];
    let squares = format!("{}{}", (b'A' + x as u8) as char, (b'A' + y as u8) as char);
    game.play(x, y);
    writeln!(out, "move {squares}")?;
    out.flush()
}

fn main() -> io::Result<()> {
    let seed = std::env::args()
        .nth(1)
        .and_then(|text| text.parse().ok())
        .unwrap_or(0x9e37_79b9_7f4a_7c15u64);
    let mut random = Random(seed | 1);
    let mut game = NoGo::default();
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["name?"] => {
                writeln!(out, "name RandomNoGo")?;
                out.flush()?;
            }
            ["new", side] => {
                game.reset();
                if *side == "black" {
                    reply(&mut game, &mut random, &mut out)?;
                }
            }
            ["move", squares]
                if parse_squares(squares, 9).is_ok()
                    && game.submit(squares) == Verdict::Accepted =>
            {
                reply(&mut game, &mut random, &mut out)?;
            }
            ["quit"] => break,
            _ => {}
        }
    }
    Ok(())
}
