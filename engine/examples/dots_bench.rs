use engine::core::time::Deadline;
use engine::dots::board::{Position, Turn};
use engine::dots::search::{Searcher, Settings};
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let ms: u64 = args.get(1).map_or(1000, |a| a.parse().unwrap());
    let seed: u64 = args.get(2).map_or(1, |a| a.parse().unwrap());
    let mut searcher = Searcher::new(Settings::default());
    let mut position = Position::new();
    let mut rng = engine::core::rng::Rng::new(seed);
    // A few random lines first for variety.
    for _ in 0..4 {
        let free: Vec<usize> = (0..60).filter(|&l| position.is_free(l)).collect();
        let l = free[rng.below(free.len() as u32) as usize];
        position.draw(l);
    }
    while !position.is_over() {
        let us = position.to_move();
        let free_boxes = 25 - (position.score(us) + position.score(us.opponent())) as i32;
        let need = 2 * (13 - position.score(us) as i32) - free_boxes;
        let t = Instant::now();
        let d = Deadline::new(Duration::from_millis(ms), Duration::from_millis(ms * 2));
        let line = searcher.choose_line(position.lines(), d, need).unwrap();
        let free = (!position.lines() & ((1u64 << 60) - 1)).count_ones();
        let safe = engine::dots::search::safe_lines(position.lines()).count_ones();
        println!(
            "free {free:2} safe {safe:2} need {need:3} {:?} nodes {:9} {:?}",
            searcher.solved(),
            searcher.nodes(),
            t.elapsed()
        );
        let _ = Turn(0);
        position.draw(line);
    }
    println!(
        "black {} white {}",
        position.score(engine::core::stone::Stone::Black),
        position.score(engine::core::stone::Stone::White)
    );
}
