//! Records end to end: each arena plays a short match with `--records` and `--html`, the
//! records read back into legal games of the match, the gomoku SGF opens in an independent SGF
//! parser (the `sgf-parse` crate), and headless Chromium loads each replay page, steps
//! through a game with key presses and takes a screenshot of the board.
//!
//! Without Chromium the browser checks are skipped with a message, except under CI (`CI` set),
//! where they fail: `.ci/run` installs it.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use harness::records::{load, GameRecord, MatchRecord, Move, Outcome, Player, Reason};
use harness::sau::connect6::Connect6;
use harness::sau::nogo::NoGo;
use harness::sau::rules::{Referee, Verdict};
use harness::upload::{upload_binary, workspace_root};

/// A folder of this test's files under the target directory (kept for a look afterwards).
fn out_dir(name: &str) -> PathBuf {
    let dir = workspace_root()
        .join("target")
        .join("records-test")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run_tool(tool: &str, args: &[&str]) {
    let output = Command::new(tool)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{tool}: {e}"));
    assert!(
        output.status.success(),
        "{tool} {args:?} failed:\n{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

fn path_str(path: &Path) -> &str {
    path.to_str().expect("utf-8 path")
}

/// The browser, if installed.
fn chromium() -> Option<PathBuf> {
    let paths = std::env::var_os("PATH")?;
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .flat_map(|name| std::env::split_paths(&paths).map(move |dir| dir.join(name)))
        .find(|path| path.is_file())
}

/// Runs headless Chromium on `url` with `args`, killed after 60 s; its standard output.
fn headless(browser: &Path, args: &[String], url: &str) -> String {
    // One profile per run: tests run side by side, and a second Chromium on a profile in use
    // hands its page to the first and prints nothing.
    static RUNS: AtomicU32 = AtomicU32::new(0);
    let profile = std::env::temp_dir().join(format!(
        "records-chromium-{}-{}",
        std::process::id(),
        RUNS.fetch_add(1, Ordering::Relaxed)
    ));
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .arg(url)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts");
    let reader = {
        let mut stdout = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            let mut text = String::new();
            std::io::Read::read_to_string(&mut stdout, &mut text).ok();
            text
        })
    };
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("chromium did not finish within 60 s on {url}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = std::fs::remove_dir_all(&profile);
    reader.join().unwrap()
}

/// The value of `data-NAME` on the page's `#status`.
fn status_value(dom: &str, name: &str) -> Option<u64> {
    let status = &dom[dom.find("id=\"status\"")?..];
    let status = &status[..status.find('>')?];
    let key = format!("data-{name}=\"");
    let start = status.find(&key)? + key.len();
    let end = status[start..].find('"')?;
    status[start..start + end].parse().ok()
}

/// Loads `page` in the browser: steps through game 1 (next game, back, start, four moves
/// forward, one back) and expects `pieces_at_3` pieces after its third move, checks the winning
/// row at the end where `winning_row`, and screenshots the end of the game into `shot`.
fn browser_check(page: &Path, pieces_at_3: u64, winning_row: bool, shot: &Path) {
    let Some(browser) = chromium() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI needs chromium for the replay page check (.ci/run installs it)"
        );
        eprintln!(
            "skipping the browser check of {}: chromium is not installed \
             (apt-get install chromium)",
            page.display()
        );
        return;
    };
    let url = format!("file://{}", page.display());
    let dom = headless(
        &browser,
        &["--dump-dom".to_string()],
        &format!("{url}#game=1&keys=DUHRRRRL"),
    );
    let state = ["game", "ply", "stones"].map(|name| status_value(&dom, name));
    assert_eq!(
        state,
        [Some(1), Some(3), Some(pieces_at_3)],
        "page state after the key presses (game, move, pieces)"
    );
    // The end of the game: its DOM and a screenshot from one run.
    let _ = std::fs::remove_file(shot);
    let dom = headless(
        &browser,
        &[
            "--dump-dom".to_string(),
            format!("--screenshot={}", shot.display()),
            "--window-size=1200,720".to_string(),
        ],
        &format!("{url}#game=1&keys=E"),
    );
    let status = dom
        .find("id=\"status\"")
        .map_or("no status line", |at| &dom[at..dom.len().min(at + 400)]);
    assert_eq!(
        dom.contains("id=\"winline\""),
        winning_row,
        "winning row; page status: {status}; records: {}",
        std::fs::read_to_string(page.with_extension("sgf"))
            .or_else(|_| std::fs::read_to_string(page.with_extension("pdn")))
            .unwrap_or_default()
    );
    assert!(dom.contains("class=\"last\""), "the last move is marked");
    let png = std::fs::read(shot).expect("the screenshot is written");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(png[20..24].try_into().unwrap());
    assert_eq!((width, height), (1200, 720));
    // A blank or error page compresses to a few KB; a drawn board with pieces does not.
    assert!(png.len() > 20_000, "screenshot of {} bytes", png.len());
}

fn check_times(record: &MatchRecord) {
    for game in &record.games {
        for mv in &game.moves[game.opening..] {
            assert!(mv.ms.is_some(), "every engine move has its time");
        }
        assert!(!game.players[0].name.is_empty() && !game.players[1].name.is_empty());
    }
    assert!(record.time_control.contains("ms a move"));
}

#[test]
fn gomoku_arena_records_open_in_another_sgf_parser_and_replay() {
    let dir = out_dir("gomoku");
    let engine = upload_binary("gomocup");
    let (sgf, page) = (dir.join("match.sgf"), dir.join("match.html"));
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, "h8i9h10\n").unwrap();
    run_tool(
        env!("CARGO_BIN_EXE_gomoku-arena"),
        &[
            "--engine1",
            path_str(&engine),
            "--engine2",
            path_str(&engine),
            "--size",
            "15",
            "--rule",
            "renju",
            "--turn",
            "30",
            "--match",
            "20000",
            "--tolerance",
            "1000",
            "--games",
            "2",
            "--openings",
            path_str(&openings),
            "--records",
            path_str(&sgf),
            "--html",
            path_str(&page),
        ],
    );
    let record = load(path_str(&sgf)).unwrap();
    assert_eq!(
        (record.game.as_str(), record.rule.as_str()),
        ("gomoku", "renju")
    );
    assert_eq!(record.games.len(), 2);
    check_times(&record);
    let rule = harness::gomoku::referee::Rule::Renju;
    for game in &record.games {
        assert_eq!(game.opening, 3);
        assert_eq!(game.players[0].name, "Quintet", "the name ABOUT gives");
        let mut board = harness::gomoku::referee::Board::new(15);
        let mut last = None;
        for mv in &game.moves {
            let (x, y) = mv.text.split_once(',').unwrap();
            let (x, y): (usize, usize) = (x.parse().unwrap(), y.parse().unwrap());
            assert!(board.is_free(x as i64, y as i64), "{}", mv.text);
            board.play(x, y);
            last = Some((x, y));
        }
        let (x, y) = last.unwrap();
        assert_eq!(game.reason == Reason::Line, board.wins_at(x, y, rule));
    }

    // The same file through sgf-parse: one game tree a game, the same stones in order.
    let text = std::fs::read_to_string(&sgf).unwrap();
    let trees = sgf_parse::parse(&text).expect("sgf-parse reads the records");
    assert_eq!(trees.len(), 2);
    for (tree, game) in trees.iter().zip(&record.games) {
        assert_eq!(
            tree.gametype(),
            sgf_parse::GameType::Unknown,
            "GM[4] is not Go"
        );
        let sgf_parse::GameTree::Unknown(root) = tree else {
            unreachable!()
        };
        use sgf_parse::unknown_game::Prop;
        let mut moves = Vec::new();
        for node in root.main_variation() {
            node.validate().expect("a valid node");
            for prop in node.properties() {
                match prop {
                    Prop::GM(gm) => assert_eq!(*gm, 4),
                    Prop::SZ(size) => assert_eq!(*size, (15, 15)),
                    Prop::PB(name) => assert_eq!(name.text, game.players[0].label()),
                    Prop::RE(result) => assert!(result.text.starts_with(['B', 'W', '0'])),
                    Prop::B(point) | Prop::W(point) => moves.push(point.clone()),
                    Prop::Invalid(id, values) => panic!("invalid {id}{values:?}"),
                    _ => {}
                }
            }
        }
        let ours: Vec<String> = game
            .moves
            .iter()
            .map(|mv| {
                let (x, y) = mv.text.split_once(',').unwrap();
                let letter = |v: &str| (b'a' + v.parse::<u8>().unwrap()) as char;
                format!("{}{}", letter(x), letter(y))
            })
            .collect();
        assert_eq!(moves, ours);
    }
    let winning = record.games[0].reason == Reason::Line;
    browser_check(&page, 3, winning, &dir.join("gomoku.png"));
}

#[test]
fn checkers_judge_records_are_pdn_of_legal_games_and_replay() {
    let dir = out_dir("checkers");
    let engine = format!("{} --move-ms 15", upload_binary("checkers").display());
    let (pdn, page) = (dir.join("match.pdn"), dir.join("match.html"));
    run_tool(
        env!("CARGO_BIN_EXE_checkers-judge"),
        &[
            "--games",
            "2",
            "--move-ms",
            "1000",
            "--records",
            path_str(&pdn),
            "--html",
            path_str(&page),
            &engine,
            &engine,
        ],
    );
    let text = std::fs::read_to_string(&pdn).unwrap();
    assert!(text.contains("[GameType \"20\"]") && text.contains("[Variant \"8x8 judge"));
    let record = load(path_str(&pdn)).unwrap();
    assert_eq!(record.game, "checkers");
    assert_eq!(record.games.len(), 2);
    check_times(&record);
    let mut pieces_at_3 = 0;
    for game in &record.games {
        let mut board = harness::checkers::rules::Board::start();
        for (ply, mv) in game.moves.iter().enumerate() {
            let path = harness::checkers::rules::parse_path(&mv.text).unwrap();
            assert!(board.legal_moves().contains(&path), "{}", mv.text);
            board.apply(&path);
            if ply == 2 && game.round == 1 {
                pieces_at_3 = board.cells.iter().flatten().filter(|&&c| c != 0).count();
            }
        }
        let ended = board.result().is_some();
        assert_eq!(
            ended,
            matches!(game.reason, Reason::PlyLimit | Reason::NoMove),
            "{:?}",
            game.reason
        );
    }
    browser_check(&page, pieces_at_3 as u64, false, &dir.join("checkers.png"));
}

fn sau_match(game: &str, engine: &str, dir: &Path) -> (MatchRecord, PathBuf) {
    let (records, page) = (dir.join("match.sgf"), dir.join("match.html"));
    run_tool(
        env!("CARGO_BIN_EXE_sau-judge"),
        &[
            "--game",
            game,
            "--first",
            engine,
            "--second",
            engine,
            "--games",
            "2",
            "--move-ms",
            "5000",
            "--quiet",
            "--records",
            path_str(&records),
            "--html",
            path_str(&page),
        ],
    );
    let text = std::fs::read_to_string(&records).unwrap();
    assert!(
        text.starts_with("(;FF[4]"),
        "SAU games with a board write SGF"
    );
    let record = load(path_str(&records)).unwrap();
    assert_eq!(record.game, game);
    assert_eq!(record.games.len(), 2);
    check_times(&record);
    for player in record.games.iter().flat_map(|g| &g.players) {
        let program = ["main", "sau-random"].contains(&player.name.as_str());
        assert!(!program, "{}: the name the engine answers", player.name);
    }
    (record, page)
}

#[test]
fn sau_judge_connect6_records_replay() {
    let dir = out_dir("connect6");
    let engine = format!(
        "{} --game-ms 3000 --move-ms 40",
        upload_binary("connect6").display()
    );
    let (record, page) = sau_match("connect6", &engine, &dir);
    for game in &record.games {
        let mut referee = Connect6::default();
        for mv in &game.moves {
            assert_eq!(referee.submit(&mv.text), Verdict::Accepted, "{}", mv.text);
        }
        // A finished board ends the game for the board's reason; any other ending (time, a
        // fault) leaves the board unfinished.
        let board_reason = referee.result().map(|_| referee.ending().0);
        let recorded = Some(game.reason).filter(|r| matches!(r, Reason::Line | Reason::FullBoard));
        assert_eq!(
            recorded,
            board_reason,
            "game {}: {:?} ({}) after {} turns",
            game.round,
            game.reason,
            game.detail,
            game.moves.len()
        );
    }
    let text = std::fs::read_to_string(dir.join("match.sgf")).unwrap();
    assert!(
        text.contains("RU[Connect6]") && text.contains("]["),
        "two stones a node"
    );
    let winning = record.games[0].reason == Reason::Line;
    browser_check(&page, 5, winning, &dir.join("connect6.png"));
}

#[test]
fn sau_judge_phantom_go_records_the_whole_game_with_its_refused_points() {
    use harness::sau::phantom::{Answer, PhantomGo};
    use harness::sau::rules::{parse_squares, GameResult};
    let dir = out_dir("phantom-go");
    let random = env!("CARGO_BIN_EXE_phantom-random");
    let (record, page) = sau_match("phantom-go", random, &dir);
    let mut refusals = 0;
    for game in &record.games {
        let mut referee = PhantomGo::default();
        for mv in &game.moves {
            let mut point = |text: &str| match parse_squares(text, 9).unwrap()[..] {
                [Some((x, y))] => referee.try_point(x, y),
                _ => panic!("{text}"),
            };
            for refused in &mv.refused {
                refusals += 1;
                assert!(matches!(point(refused), Answer::Refused(_)), "{refused}");
            }
            if mv.text == "pass" {
                referee.pass();
            } else {
                assert!(
                    matches!(point(&mv.text), Answer::Accepted(_)),
                    "{}",
                    mv.text
                );
            }
        }
        let winner = match referee.result() {
            Some(GameResult::Win(colour)) => colour.word(),
            other => panic!("game {} unfinished: {other:?}", game.round),
        };
        let outcome = if winner == "black" {
            Outcome::BlackWins
        } else {
            Outcome::WhiteWins
        };
        assert_eq!(game.outcome, outcome);
        assert!(matches!(game.reason, Reason::Passes | Reason::MoveLimit));
    }
    // Blind random players run into the other's stones.
    assert!(refusals > 0);
    let text = std::fs::read_to_string(dir.join("match.sgf")).unwrap();
    assert!(text.contains("RU[Phantom Go]") && text.contains("KM[7.5]"));
    assert!(text.contains("refused: "));
    for tree in sgf_parse::parse(&text).unwrap() {
        let root = tree.into_go_node().expect("a Go game tree");
        for node in root.main_variation() {
            node.validate().expect("a valid Go node");
        }
    }
    browser_check(&page, 3, false, &dir.join("phantom-go.png"));
}

#[test]
fn sau_judge_nogo_records_are_go_sgf_and_replay() {
    let dir = out_dir("nogo");
    let random = format!("{} --game nogo", env!("CARGO_BIN_EXE_sau-random"));
    let (record, page) = sau_match("nogo", &random, &dir);
    for game in &record.games {
        let mut referee = NoGo::default();
        for mv in &game.moves {
            assert_eq!(referee.submit(&mv.text), Verdict::Accepted, "{}", mv.text);
        }
    }
    // Go readers take the file as a Go game with legal points.
    let text = std::fs::read_to_string(dir.join("match.sgf")).unwrap();
    for tree in sgf_parse::parse(&text).unwrap() {
        let root = tree.into_go_node().expect("a Go game tree");
        for node in root.main_variation() {
            node.validate().expect("a valid Go node");
            for prop in node.properties() {
                assert!(
                    !matches!(prop, sgf_parse::go::Prop::Invalid(..)),
                    "{prop:?}"
                );
            }
        }
    }
    browser_check(&page, 3, false, &dir.join("nogo.png"));

    // `replay` over two files: these games and an Amazons match in the SAU text record, which
    // the page lists and steps through without a board drawing.
    let mut amazons = MatchRecord::new("amazons", "", 10, "test", "1000 ms a move");
    amazons.games.push(GameRecord {
        round: 1,
        players: [Player::new("a", "1"), Player::new("b", "")],
        opening: 0,
        moves: ["AADDEE", "JJGGHH", "DDEEFF"]
            .iter()
            .map(|text| Move::new(*text, Some(5)))
            .collect(),
        outcome: Outcome::WhiteWins,
        reason: Reason::NoMove,
        detail: "black cannot move".to_string(),
    });
    let amazons_file = dir.join("amazons.txt");
    amazons.save(path_str(&amazons_file)).unwrap();
    let all = dir.join("all.html");
    run_tool(
        env!("CARGO_BIN_EXE_replay"),
        &[
            "--html",
            path_str(&all),
            path_str(&dir.join("match.sgf")),
            path_str(&amazons_file),
        ],
    );
    if let Some(browser) = chromium() {
        let url = format!("file://{}#game=3&keys=HRR", all.display());
        let dom = headless(&browser, &["--dump-dom".to_string()], &url);
        let state = ["game", "ply", "stones"].map(|name| status_value(&dom, name));
        assert_eq!(
            state,
            [Some(3), Some(2), Some(0)],
            "the Amazons game, two moves in"
        );
        assert!(dom.contains("No board drawing for amazons"));
    }
}
