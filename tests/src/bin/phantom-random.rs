//! A random Phantom Go player for the SAU protocol: it knows only its own stones and tries
//! uniformly random points that are not its own, not refused in this turn and not its own eyes
//! (points whose every neighbour is its stone); it passes when none is left. The weakest sparring
//! partner, for measuring the engine from the bottom.
//!
//! ```text
//! phantom-random [--seed N]
//! ```

use harness::sau::Xorshift as Random;
use std::io::{self, BufRead, Write};

const SIZE: usize = 9;

struct Player {
    mine: [bool; SIZE * SIZE],
    tried: Vec<usize>,
    pending: Option<usize>,
    random: Random,
}

impl Player {
    fn own_eye(&self, point: usize) -> bool {
        let (x, y) = (point % SIZE, point / SIZE);
        let mut around = Vec::new();
        if x > 0 {
            around.push(point - 1);
        }
        if x + 1 < SIZE {
            around.push(point + 1);
        }
        if y > 0 {
            around.push(point - SIZE);
        }
        if y + 1 < SIZE {
            around.push(point + SIZE);
        }
        around.iter().all(|&n| self.mine[n])
    }

    fn reply(&mut self, out: &mut impl Write) -> io::Result<()> {
        let open: Vec<usize> = (0..SIZE * SIZE)
            .filter(|&p| !self.mine[p] && !self.tried.contains(&p) && !self.own_eye(p))
            .collect();
        if open.is_empty() {
            self.pending = None;
            self.tried.clear();
            writeln!(out, "move pass")?;
        } else {
            let point = open[self.random.below(open.len())];
            self.pending = Some(point);
            let (x, y) = (point % SIZE, point / SIZE);
            writeln!(
                out,
                "move {}{}",
                (b'A' + x as u8) as char,
                (b'A' + y as u8) as char
            )?;
        }
        out.flush()
    }

    fn remove(&mut self, list: &str) {
        for pair in list.as_bytes().chunks(2) {
            if let [x, y] = pair {
                let (x, y) = (x.wrapping_sub(b'A') as usize, y.wrapping_sub(b'A') as usize);
                if x < SIZE && y < SIZE {
                    self.mine[y * SIZE + x] = false;
                }
            }
        }
    }
}

/// A random Phantom Go player for the SAU protocol.
#[derive(clap::Parser)]
#[command(name = "phantom-random")]
struct Args {
    /// Seed of the point choices.
    #[arg(long, value_name = "N", default_value_t = 0x9e37_79b9_7f4a_7c15)]
    seed: u64,
}

fn main() -> io::Result<()> {
    let seed = harness::cli::parse::<Args>().seed;
    let mut player = Player {
        mine: [false; SIZE * SIZE],
        tried: Vec::new(),
        pending: None,
        random: Random::new(seed),
    };
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["name?"] => {
                writeln!(out, "name RandomPhantomGo")?;
                out.flush()?;
            }
            ["new", side] => {
                player.mine = [false; SIZE * SIZE];
                player.tried.clear();
                player.pending = None;
                if *side == "black" {
                    player.reply(&mut out)?;
                }
            }
            ["move", _] => {
                player.tried.clear();
                player.reply(&mut out)?;
            }
            ["accept"] | ["access"] => {
                if let Some(point) = player.pending.take() {
                    player.mine[point] = true;
                }
                player.tried.clear();
            }
            ["refuse"] => {
                if let Some(point) = player.pending.take() {
                    player.tried.push(point);
                }
                player.reply(&mut out)?;
            }
            ["taked", _, list] => player.remove(list),
            ["quit"] => break,
            _ => {}
        }
    }
    Ok(())
}
