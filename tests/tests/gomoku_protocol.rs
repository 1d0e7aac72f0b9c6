//! End-to-end protocol checks of both gomoku binaries: `gomocup` (piskvork protocol, every
//! command, INFO key and rule) and `gomoku-server` (pos/move/go/quit), with LF and CRLF line
//! endings. The binaries are the upload files compiled with plain rustc (no warnings allowed).

use harness::process::{EngineProcess, Reply};
use harness::upload::upload_binary;
use std::time::{Duration, Instant};

/// One engine process and the line ending used to talk to it.
struct Session {
    engine: EngineProcess,
    ending: &'static str,
}

const WAIT: Duration = Duration::from_secs(10);

impl Session {
    fn new(target: &str, ending: &'static str) -> Self {
        let path = upload_binary(target);
        let engine = EngineProcess::spawn(path.to_str().expect("utf-8 path")).expect("spawns");
        Self { engine, ending }
    }

    fn send(&mut self, line: &str) {
        let with_ending = format!("{line}{}", self.ending.trim_end_matches('\n'));
        self.engine.send(&with_ending).expect("engine reads");
    }

    /// The next line that is not MESSAGE/DEBUG chatter.
    fn answer(&mut self) -> String {
        let chatter = |l: &str| l.starts_with("MESSAGE") || l.starts_with("DEBUG");
        match self.engine.recv_filtered(WAIT, chatter, |_| {}).0 {
            Reply::Line(line) => line,
            other => panic!("no answer: {other:?}"),
        }
    }

    fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.answer()
    }

    /// Whether no line comes within `time` (the engine may also have exited).
    fn quiet_for(&mut self, time: Duration) -> bool {
        !matches!(self.engine.recv(time), Reply::Line(_))
    }
}

fn coords(line: &str) -> (i64, i64) {
    let (x, y) = line
        .split_once(',')
        .unwrap_or_else(|| panic!("not x,y: '{line}'"));
    (x.trim().parse().unwrap(), y.trim().parse().unwrap())
}

const ENDINGS: [&str; 2] = ["\n", "\r\n"];

fn gomocup(ending: &'static str) -> Session {
    Session::new("gomocup", ending)
}

fn started(ending: &'static str, size: usize, rule: u32, turn_ms: u64) -> Session {
    let mut s = gomocup(ending);
    s.send(&format!("INFO timeout_turn {turn_ms}"));
    s.send("INFO timeout_match 100000");
    s.send(&format!("INFO rule {rule}"));
    assert_eq!(s.ask(&format!("START {size}")), "OK");
    s
}

fn board(s: &mut Session, stones: &[(i64, i64, u8)]) -> String {
    s.send("BOARD");
    for &(x, y, field) in stones {
        s.send(&format!("{x},{y},{field}"));
    }
    s.ask("DONE")
}

#[test]
fn about_start_sizes_and_rectstart() {
    for ending in ENDINGS {
        let mut s = gomocup(ending);
        let about = s.ask("ABOUT");
        for key in ["name=\"", "version=\"", "author=\"", "country=\""] {
            assert!(about.contains(key), "{about}");
        }
        for size in [4, 33, 0] {
            assert!(s.ask(&format!("START {size}")).starts_with("ERROR"));
        }
        assert!(s.ask("START twenty").starts_with("ERROR"));
        for size in [5, 15, 20, 32] {
            assert_eq!(s.ask(&format!("START {size}")), "OK");
        }
        assert_eq!(s.ask("RECTSTART 20,15"), "OK");
        let (x, y) = coords(&s.ask("BEGIN"));
        assert!((0..20).contains(&x) && (0..15).contains(&y));
        assert!(s.ask("RECTSTART 4,10").starts_with("ERROR"));
        assert!(s.ask("RECTSTART 10").starts_with("ERROR"));
    }
}

#[test]
fn begin_turn_and_full_game_flow() {
    for ending in ENDINGS {
        let mut s = started(ending, 20, 0, 300);
        let first = coords(&s.ask("BEGIN"));
        assert_eq!(first, (10, 10));
        let reply = coords(&s.ask("TURN 11,11"));
        assert!(reply != first && reply != (11, 11));
        assert!(s.ask("TURN 11,11").starts_with("ERROR"), "occupied cell");
        assert!(s.ask("TURN 20,3").starts_with("ERROR"), "off the board");
        assert!(s.ask("TURN x,y").starts_with("ERROR"));
        // The game goes on after errors.
        let next = coords(&s.ask("TURN 0,0"));
        assert!((0..20).contains(&next.0));
    }
}

#[test]
fn board_in_any_order_and_colour_from_counts() {
    for ending in ENDINGS {
        let mut s = started(ending, 15, 0, 300);
        // Own stones at 3..6 on row 7 (four), opponent blocked them on the left: win at 7,7.
        let answer = board(
            &mut s,
            &[
                (6, 7, 1),
                (0, 0, 2),
                (4, 7, 1),
                (2, 7, 2),
                (3, 7, 1),
                (5, 7, 1),
                (14, 14, 2),
                (9, 9, 2),
            ],
        );
        assert_eq!(coords(&answer), (7, 7));
        // White to move (fewer own stones) must block the opponent's four.
        assert_eq!(s.ask("RESTART"), "OK");
        let answer = board(
            &mut s,
            &[
                (3, 3, 2),
                (4, 4, 2),
                (5, 5, 2),
                (6, 6, 2),
                (2, 2, 1),
                (10, 0, 1),
                (0, 10, 1),
            ],
        );
        assert_eq!(coords(&answer), (7, 7));
        // An empty BOARD is a BEGIN.
        assert_eq!(s.ask("RESTART"), "OK");
        assert_eq!(coords(&board(&mut s, &[])), (7, 7));
        // Field 3 (continuous game) marks a dead cell; a bad field is refused.
        assert_eq!(s.ask("RESTART"), "OK");
        let answer = coords(&board(&mut s, &[(7, 7, 3), (8, 8, 2)]));
        assert!(answer != (7, 7) && answer != (8, 8));
        assert!(board(&mut s, &[(1, 1, 4)]).starts_with("ERROR"));
        assert!(board(&mut s, &[(1, 1, 1), (1, 1, 2)]).starts_with("ERROR"));
    }
}

#[test]
fn info_keys_are_silent_and_may_come_before_start() {
    for ending in ENDINGS {
        let mut s = gomocup(ending);
        for line in [
            "INFO timeout_turn 1000",
            "INFO timeout_match 100000",
            "INFO time_left 100000",
            "INFO max_memory 83886080",
            "INFO game_type 1",
            "INFO rule 1",
            "INFO evaluate 3,4",
            "INFO folder /tmp",
            "INFO some_future_key 7",
            "START 15",
        ] {
            s.send(line);
        }
        assert_eq!(s.answer(), "OK");
        assert!(s.ask("ABOUT").contains("name="));
        // An unreadable INFO gets a DEBUG line at most, never an answer a manager would read.
        s.send("INFO timeout_turn soon");
        match s.engine.recv(Duration::from_millis(300)) {
            Reply::Line(line) => assert!(line.starts_with("DEBUG"), "{line}"),
            other => assert_eq!(other, Reply::Timeout),
        }
        assert!(s.ask("ABOUT").contains("name="));
    }
}

#[test]
fn timeout_turn_zero_and_negative_time_left_answer_at_once() {
    for ending in ENDINGS {
        let mut s = started(ending, 20, 0, 0);
        board(&mut s, &[(10, 10, 2), (11, 11, 1), (9, 10, 2)]);
        let start = Instant::now();
        s.ask("TURN 8,10");
        assert!(
            start.elapsed() < Duration::from_millis(300),
            "{:?}",
            start.elapsed()
        );
        s.send("INFO timeout_turn 5000");
        s.send("INFO time_left -50");
        let start = Instant::now();
        s.ask("TURN 12,12");
        assert!(
            start.elapsed() < Duration::from_millis(300),
            "{:?}",
            start.elapsed()
        );
        s.send("INFO time_left 2147483647");
        s.send("INFO timeout_turn 400");
        let start = Instant::now();
        s.ask("TURN 13,13");
        assert!(
            start.elapsed() < Duration::from_millis(400),
            "{:?}",
            start.elapsed()
        );
    }
}

#[test]
fn max_memory_bounds_the_process() {
    let mut s = gomocup("\n");
    s.send("INFO max_memory 67108864");
    s.send("INFO timeout_turn 300");
    assert_eq!(s.ask("START 20"), "OK");
    s.ask("BEGIN");
    s.ask("TURN 11,11");
    let peak_kib = s.engine.sample_peak_memory();
    assert!(peak_kib > 0 && peak_kib < 64 * 1024, "peak {peak_kib} KiB");
    // A limit sent after START but before the first move counts too.
    let mut s = gomocup("\r\n");
    s.send("INFO timeout_turn 300");
    assert_eq!(s.ask("START 20"), "OK");
    s.send("INFO max_memory 41943040");
    s.ask("BEGIN");
    s.ask("TURN 11,11");
    let peak_kib = s.engine.sample_peak_memory();
    assert!(peak_kib > 0 && peak_kib < 40 * 1024, "peak {peak_kib} KiB");
}

#[test]
fn rules_exact_five_renju_and_caro() {
    // Exact five: filling x x x . x x makes six, which does not win; 9,7 would be five.
    let mut s = started("\n", 15, 1, 300);
    let answer = board(
        &mut s,
        &[
            (2, 7, 1),
            (3, 7, 1),
            (4, 7, 1),
            (6, 7, 1),
            (7, 7, 1),
            (0, 0, 2),
            (0, 14, 2),
            (14, 0, 2),
            (14, 14, 2),
            (8, 7, 2),
        ],
    );
    assert_ne!(coords(&answer), (5, 7));
    // Freestyle takes the overline win.
    let mut s = started("\n", 15, 0, 300);
    let answer = board(
        &mut s,
        &[
            (2, 7, 1),
            (3, 7, 1),
            (4, 7, 1),
            (6, 7, 1),
            (7, 7, 1),
            (0, 0, 2),
            (0, 14, 2),
            (14, 0, 2),
            (14, 14, 2),
            (8, 7, 2),
        ],
    );
    assert_eq!(coords(&answer), (5, 7));
    // Renju, black to move (equal counts): (7,7) is a double three, never played.
    for rule in [4, 6] {
        let mut s = started("\r\n", 15, rule, 300);
        let answer = board(
            &mut s,
            &[
                (5, 7, 1),
                (0, 0, 2),
                (6, 7, 1),
                (14, 14, 2),
                (7, 5, 1),
                (0, 14, 2),
                (7, 6, 1),
                (14, 0, 2),
            ],
        );
        assert_ne!(coords(&answer), (7, 7));
    }
    // Caro: five closed at both ends does not win, so the engine blocks the open four instead.
    let mut s = started("\n", 15, 8, 300);
    let answer = board(
        &mut s,
        &[
            (2, 3, 2),
            (3, 3, 1),
            (4, 3, 1),
            (5, 3, 1),
            (6, 3, 1),
            (8, 3, 2),
            (4, 10, 2),
            (5, 10, 2),
            (6, 10, 2),
            (7, 10, 2),
        ],
    );
    let (x, y) = coords(&answer);
    assert_eq!(y, 10, "must block the four on row 10, got {x},{y}");
    // Caro and standard caro (rule 9) as piskvork: the board's edge closes nothing, so a five
    // from the edge to an opponent stone wins.
    for rule in [8, 9] {
        let mut s = started("\r\n", 15, rule, 300);
        let answer = board(
            &mut s,
            &[
                (1, 3, 1),
                (2, 3, 1),
                (3, 3, 1),
                (4, 3, 1),
                (5, 3, 2),
                (4, 10, 2),
                (5, 10, 2),
                (6, 10, 2),
                (7, 10, 2),
            ],
        );
        assert_eq!(
            coords(&answer),
            (0, 3),
            "rule {rule}: the five from the edge wins"
        );
    }
}

#[test]
fn restart_takeback_play_and_unknown() {
    for ending in ENDINGS {
        let mut s = started(ending, 15, 0, 200);
        assert_eq!(s.ask("PLAY 3,4"), "3,4");
        assert_eq!(s.ask("TAKEBACK 3,4"), "OK");
        assert!(s.ask("TAKEBACK 3,4").starts_with("ERROR"));
        let first = s.ask("BEGIN");
        assert_eq!(coords(&first), (7, 7));
        assert_eq!(s.ask("RESTART"), "OK");
        assert_eq!(coords(&s.ask("BEGIN")), (7, 7), "RESTART empties the board");
        assert!(s.ask("FROBNICATE 1").starts_with("UNKNOWN"));
        assert!(s.ask("DONE").starts_with("ERROR"));
        assert!(s.ask("PLAY 7,7").starts_with("ERROR"), "occupied");
    }
}

#[test]
fn swap2board_three_cases() {
    for ending in ENDINGS {
        let mut s = started(ending, 15, 0, 500);
        s.send("SWAP2BOARD");
        let opening = s.ask("DONE");
        let stones: Vec<(i64, i64)> = opening.split_whitespace().map(coords).collect();
        assert_eq!(stones.len(), 3, "{opening}");
        s.send("SWAP2BOARD");
        for line in ["7,7", "8,7", "9,9"] {
            s.send(line);
        }
        let answer = s.ask("DONE");
        let parts: Vec<&str> = answer.split_whitespace().collect();
        assert!(
            answer == "SWAP" || (1..=2).contains(&parts.len()),
            "{answer}"
        );
        if answer != "SWAP" {
            for part in parts {
                let (x, y) = coords(part);
                assert!(![(7, 7), (8, 7), (9, 9)].contains(&(x, y)));
            }
        }
        s.send("SWAP2BOARD");
        for line in ["7,7", "8,7", "9,9", "8,8", "8,6"] {
            s.send(line);
        }
        let answer = s.ask("DONE");
        assert!(
            answer == "SWAP" || answer.split_whitespace().count() == 1,
            "{answer}"
        );
        s.send("SWAP2BOARD");
        s.send("7,7");
        assert!(s.ask("DONE").starts_with("ERROR"));
        // The game proper starts with a BOARD afterwards.
        let answer = board(&mut s, &[(7, 7, 2), (8, 7, 1), (9, 9, 2)]);
        coords(&answer);
    }
}

#[test]
fn end_exits_quickly_and_silently() {
    for ending in ENDINGS {
        let mut s = started(ending, 20, 0, 200);
        s.ask("BEGIN");
        s.send("END");
        let start = Instant::now();
        assert!(s.quiet_for(Duration::from_millis(100)));
        assert!(
            s.engine.finish(Duration::from_millis(500)),
            "still running after END"
        );
        assert!(start.elapsed() < Duration::from_millis(600));
    }
}

#[test]
fn garbage_never_breaks_the_brain() {
    let mut s = started("\n", 15, 0, 200);
    for line in [
        "TURN",
        "TURN 1",
        "TURN -1,-1",
        "TURN 99999999999999999999,1",
        "START -3",
        "RECTSTART a,b",
        "TAKEBACK",
        "PLAY ,",
    ] {
        let answer = s.ask(line);
        assert!(answer.starts_with("ERROR"), "{line} -> {answer}");
    }
    let (x, y) = coords(&s.ask("BEGIN"));
    assert!((0..15).contains(&x) && (0..15).contains(&y));
}

// ---- pos / move / go server ----

fn server(ending: &'static str) -> Session {
    Session::new("gomoku-server", ending)
}

fn go_move(s: &mut Session, millis: u64) -> (usize, Duration) {
    s.send(&format!("go {millis}"));
    let start = Instant::now();
    let line = s.answer();
    let took = start.elapsed();
    let cell = line
        .strip_prefix("move ")
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("not a move: '{line}'"));
    (cell, took)
}

#[test]
fn server_plays_legal_moves_within_time() {
    for ending in ENDINGS {
        let mut s = server(ending);
        let mut cells = vec!['-'; 81];
        cells[40] = 'X';
        s.send(&format!("pos {} O", cells.iter().collect::<String>()));
        let mut taken = vec![40usize];
        for turn in 0..6 {
            let (cell, took) = go_move(&mut s, 300);
            assert!(cell < 81 && !taken.contains(&cell), "turn {turn}: {cell}");
            assert!(took < Duration::from_millis(300), "{took:?}");
            taken.push(cell);
            let reply = (0..81).find(|c| !taken.contains(c)).unwrap();
            s.send(&format!("move {reply}"));
            taken.push(reply);
        }
        s.send("quit");
        assert!(s.engine.finish(Duration::from_millis(1000)));
    }
}

#[test]
fn server_wins_blocks_and_starts_new_games() {
    let mut s = server("\n");
    // 19x19, black four on row 3 from column 2, black to move: cell 3*19+6 wins (or 1).
    let mut cells = vec!['-'; 361];
    for x in 2..6 {
        cells[3 * 19 + x] = 'X';
    }
    for c in [100, 200, 300] {
        cells[c] = 'O';
    }
    let position: String = cells.iter().collect();
    s.send(&format!("pos {position} X"));
    let (cell, _) = go_move(&mut s, 300);
    assert!(cell == 3 * 19 + 6 || cell == 3 * 19 + 1, "{cell}");
    // Same stones, white to move: must block one end.
    s.send(&format!("pos {position} O"));
    let (cell, _) = go_move(&mut s, 300);
    assert!(cell == 3 * 19 + 6 || cell == 3 * 19 + 1, "{cell}");
    // A 5x5 board works too.
    s.send(&format!("pos {} X", "-".repeat(25)));
    let (cell, _) = go_move(&mut s, 100);
    assert_eq!(cell, 12);
}

/// The server's pattern for an answer to `go`: `^\s*move\s+\d+`.
fn server_reads_as_move(line: &str) -> bool {
    let rest = line.trim_start();
    rest.strip_prefix("move").is_some_and(|after| {
        after.starts_with(char::is_whitespace)
            && after.trim_start().starts_with(|c: char| c.is_ascii_digit())
    })
}

/// Waits for `count` report lines, none of which the server would read as a move, and then
/// for silence.
fn expect_reports(s: &mut Session, count: usize) {
    for _ in 0..count {
        match s.engine.recv(WAIT) {
            Reply::Line(line) => assert!(
                line.starts_with("info ") && !server_reads_as_move(&line),
                "{line}"
            ),
            other => panic!("no report: {other:?}"),
        }
    }
    assert!(s.quiet_for(Duration::from_millis(200)));
}

#[test]
fn server_ignores_bad_input_on_stdout() {
    for ending in ENDINGS {
        let mut s = server(ending);
        for line in ["go 100", "pos --- X", "pos ------------------------- Q", "move 3", "hello", "pos XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX X"] {
            s.send(line);
        }
        // Six reports, none of which the server could take for a move.
        expect_reports(&mut s, 6);
        s.send(&format!("pos {} X", "-".repeat(49)));
        s.send("move 60");
        s.send("move 24");
        s.send("move 24");
        expect_reports(&mut s, 2);
        let (cell, _) = go_move(&mut s, 100);
        assert!(cell < 49 && cell != 24);
        s.send("quit");
        assert!(s.engine.finish(Duration::from_millis(1000)));
    }
}

#[test]
fn search_parameters_are_set_by_name_on_the_command_line() {
    use std::io::{BufRead as _, Write as _};
    use std::process::{Command, Stdio};
    let binary = upload_binary("gomocup");
    let refused = Command::new(&binary)
        .args(["--param", "razor_dept=25"])
        .stdin(Stdio::null())
        .output()
        .expect("the brain starts");
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("razor_dept"));
    let mut brain = Command::new(&binary)
        .args([
            "--param",
            "razor_depth=25",
            "--param",
            "lmr_factor.renju=0.5",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the brain starts");
    let mut input = brain.stdin.take().unwrap();
    writeln!(input, "START 15\nINFO timeout_turn 100\nBEGIN").unwrap();
    let mut answers = std::io::BufReader::new(brain.stdout.take().unwrap()).lines();
    let mut next = || loop {
        let line = answers.next().expect("an answer").expect("text");
        if !line.starts_with("MESSAGE") {
            return line;
        }
    };
    assert_eq!(next(), "OK");
    let first = next();
    assert!(first.contains(','), "{first}");
    writeln!(input, "END").unwrap();
    assert!(brain.wait().unwrap().success());
}
