//! Every harness tool rejects an unknown option or a bad value with exit code 2 and its usage,
//! instead of running a long match at a default setting.

use std::process::Command;

/// Runs `program` with `args` and checks that it fails with exit code 2, names `expected` in
/// its error and prints its usage.
fn rejects(program: &str, args: &[&str], expected: &str) {
    let output = Command::new(program).args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        output.status.code(),
        Some(2),
        "{program} {args:?}: {stderr}"
    );
    assert!(stderr.contains(expected), "{program} {args:?}: {stderr}");
    assert!(stderr.contains("Usage:"), "{program} {args:?}: {stderr}");
    assert!(
        output.stdout.is_empty(),
        "{program} {args:?} printed to stdout"
    );
}

/// `--help` lists every option the README names for the tool.
fn helps(program: &str, args: &[&str], options: &[&str]) {
    let output = Command::new(program).args(args).output().unwrap();
    assert!(output.status.success(), "{program} {args:?}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    for option in options {
        assert!(stdout.contains(option), "{program} --help lacks {option}");
    }
}

#[test]
fn gomoku_tools_reject_unknown_options_and_bad_values() {
    let arena = env!("CARGO_BIN_EXE_gomoku-arena");
    let engines = ["--engine1", "a", "--engine2", "b"];
    rejects(
        arena,
        &[&engines[..], &["--turns", "5"]].concat(),
        "--turns",
    );
    rejects(
        arena,
        &[&engines[..], &["--games", "x"]].concat(),
        "--games",
    );
    rejects(arena, &[&engines[..], &["--rule", "go"]].concat(), "go");
    rejects(arena, &[&engines[..], &["--sprt", "5"]].concat(), "--sprt");
    rejects(arena, &["--engine1", "a", "--turn", "5"], "--engine2");
    helps(
        arena,
        &["--help"],
        &["--turn2", "--match2", "--tolerance", "--memory", "--log"],
    );
    let spsa = env!("CARGO_BIN_EXE_gomoku-spsa");
    rejects(
        spsa,
        &["--state", "s", "--engine", "e", "--turns", "5"],
        "--turns",
    );
    for tool in [
        env!("CARGO_BIN_EXE_gomoku-bench"),
        env!("CARGO_BIN_EXE_gomoku-play"),
        env!("CARGO_BIN_EXE_gomoku-analyse"),
    ] {
        rejects(tool, &["--turns", "5"], "--turns");
    }
    rejects(
        env!("CARGO_BIN_EXE_gomoku-bench"),
        &["--depth", "x"],
        "--depth",
    );
    rejects(
        env!("CARGO_BIN_EXE_gomoku-bench"),
        &["--param", "razor_dpeth=3"],
        "razor_dpeth",
    );
    rejects(
        env!("CARGO_BIN_EXE_gomoku-bench"),
        &["--param", "razor_depth"],
        "NAME=VALUE",
    );
    rejects(
        env!("CARGO_BIN_EXE_gomoku-play"),
        &["--size", "big"],
        "--size",
    );
    rejects(
        env!("CARGO_BIN_EXE_gomoku-analyse"),
        &["--depth", "x", "a.log"],
        "--depth",
    );
    rejects(
        env!("CARGO_BIN_EXE_gomoku-analyse"),
        &["--depth", "4"],
        "LOG",
    );
    for tuner in [
        env!("CARGO_BIN_EXE_gomoku-tune"),
        env!("CARGO_BIN_EXE_gomoku-policy"),
    ] {
        rejects(tuner, &["--turns", "5"], "--turns");
        rejects(tuner, &["fit", "--turns", "5", "x.log"], "--turns");
        rejects(tuner, &["tune"], "tune");
    }
    rejects(
        env!("CARGO_BIN_EXE_gomoku-policy"),
        &["fit", "--teacher", "rapfi"],
        "rapfi",
    );
    rejects(
        env!("CARGO_BIN_EXE_gomoku-tune"),
        &["fit", "--lambda", "x"],
        "--lambda",
    );
}

#[test]
fn gomoku_bench_searches_every_position_of_its_file() {
    let bench = env!("CARGO_BIN_EXE_gomoku-bench");
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/data/gomoku-bench.txt");
    let output = Command::new(bench)
        .args([
            "--positions",
            file,
            "--depth",
            "4",
            "--param",
            "razor_depth=0",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    let positions = std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .count();
    assert!(positions >= 10);
    let searched = stdout
        .lines()
        .filter(|line| line.contains(": best Some(") && line.contains(" depth 4 "))
        .count();
    assert_eq!(searched, positions, "{stdout}");
    // Without razoring the search grows another tree: the parameter reached it.
    let total = |text: &str| {
        text.lines()
            .find(|line| line.starts_with("total: "))
            .map(|line| line.split_whitespace().nth(1).unwrap_or("").to_string())
    };
    let plain = Command::new(bench)
        .args(["--positions", file, "--depth", "4"])
        .output()
        .unwrap();
    let plain = String::from_utf8_lossy(&plain.stdout);
    assert!(total(&stdout).is_some(), "{stdout}");
    assert_ne!(total(&stdout), total(&plain), "{stdout}\n{plain}");
    rejects(bench, &["--positions", file, "--wins", file], "--wins");
    let missing = Command::new(bench)
        .args(["--positions", "no-such-file.txt"])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no-such-file.txt"));
    let empty = std::env::temp_dir().join(format!("gomoku-bench-empty-{}.txt", std::process::id()));
    std::fs::write(&empty, "# nothing here\n").unwrap();
    let output = Command::new(bench)
        .args(["--positions", empty.to_str().unwrap()])
        .output()
        .unwrap();
    std::fs::remove_file(&empty).unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("no positions"));
}

#[test]
fn checkers_tools_reject_unknown_options_and_bad_values() {
    let judge = env!("CARGO_BIN_EXE_checkers-judge");
    rejects(judge, &["--turns", "5", "a", "b"], "--turns");
    rejects(judge, &["--games", "x", "a", "b"], "--games");
    rejects(judge, &["a"], "ENGINE_B");
    helps(
        judge,
        &["--help"],
        &["--b-move-ms", "--random-plies", "--seed"],
    );
    let play = env!("CARGO_BIN_EXE_checkers-play");
    rejects(play, &["--turns", "5", "a"], "--turns");
    rejects(play, &[], "ENGINE");
    let tune = env!("CARGO_BIN_EXE_checkers-tune");
    rejects(tune, &["--turns", "5"], "--turns");
    rejects(tune, &["generate", "x", "3", "out.txt"], "GAMES");
    rejects(tune, &["fit", "x.txt"], "--out");
}

#[test]
fn checkers_tune_fits_writes_and_reads_back_a_weights_file() {
    let tune = env!("CARGO_BIN_EXE_checkers-tune");
    let dir = std::env::temp_dir().join(format!("checkers-tune-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let run = |args: &[String]| {
        let output = Command::new(tune).args(args).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert!(output.status.success(), "{args:?}: {stderr}");
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let owned = |args: &[&str]| args.iter().map(|a| a.to_string()).collect::<Vec<_>>();
    run(&owned(&["generate", "4", "2", &path("positions.txt")]));
    let fitted = run(&owned(&[
        "fit",
        "--iterations",
        "20",
        "--l2",
        "1e-6",
        "--out",
        &path("weights.txt"),
        &path("positions.txt"),
    ]));
    assert!(fitted.contains("named terms: ["), "{fitted}");
    let weights = std::fs::read_to_string(path("weights.txt")).unwrap();
    assert_eq!(weights.trim().split(',').count(), 19 + 5 * 6561);
    run(&owned(&[
        "emit",
        &path("weights.txt"),
        &path("patterns.rs"),
    ]));
    let source = std::fs::read_to_string(path("patterns.rs")).unwrap();
    assert!(source.contains("pub const PATTERNS: [&[(u16, &[i16])]; 5] = ["));
    assert!(source.lines().all(|line| line.len() <= 100));
    let played = run(&owned(&["versus", "1", "1", &path("weights.txt")]));
    assert!(
        played.contains("candidate vs engine weights, depth 1"),
        "{played}"
    );
    let short = path("short.txt");
    std::fs::write(&short, "1,2,3").unwrap();
    let output = Command::new(tune)
        .args(["versus", "1", "1", &short])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("give 32824 weights"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sau_fuzz_and_replay_tools_reject_unknown_options_and_bad_values() {
    let random = env!("CARGO_BIN_EXE_sau-random");
    rejects(random, &["--game", "nogo", "--turns", "5"], "--turns");
    rejects(random, &["--game", "chess"], "chess");
    rejects(random, &["--game", "nogo", "--seed", "x"], "--seed");
    let play = env!("CARGO_BIN_EXE_sau-play");
    rejects(play, &["--game", "nogo", "--turns", "5", "a"], "--turns");
    rejects(
        play,
        &["--game", "nogo", "--move-ms", "x", "a"],
        "--move-ms",
    );
    let phantom = env!("CARGO_BIN_EXE_phantom-random");
    rejects(phantom, &["--turns", "5"], "--turns");
    rejects(phantom, &["--seed", "x"], "--seed");
    let fuzz = env!("CARGO_BIN_EXE_protocol-fuzz");
    rejects(fuzz, &["--turns", "5"], "--turns");
    rejects(fuzz, &["--cases", "x"], "--cases");
    rejects(fuzz, &["--protocol", "chess", "--cases", "0"], "chess");
    let judge = env!("CARGO_BIN_EXE_sau-judge");
    let engines = ["--first", "a", "--second", "b"];
    for game in ["nogo", "phantom-go"] {
        rejects(
            judge,
            &[&["--game", game][..], &engines, &["--turns", "5"]].concat(),
            "--turns",
        );
    }
    rejects(
        judge,
        &[&["--game", "nogo"][..], &engines, &["--games", "x"]].concat(),
        "--games",
    );
    rejects(
        judge,
        &[&["--game", "chess"][..], &engines].concat(),
        "chess",
    );
    rejects(judge, &["--game", "nogo", "--first", "a"], "--second");
    for game in ["nogo", "phantom-go"] {
        let output = Command::new(judge)
            .args([
                "--game",
                game,
                "--first",
                "/nonexistent/engine",
                "--second",
                "b",
            ])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{game}: {stderr}");
        assert!(
            stderr.contains("first engine") && stderr.contains("/nonexistent/engine"),
            "{game}: {stderr}"
        );
        assert!(output.stdout.is_empty(), "{game}: a match was played");
    }
    helps(
        judge,
        &["--help"],
        &["--retries", "--quiet", "--records", "--html", "phantom-go"],
    );
    let variant = env!("CARGO_BIN_EXE_sau-variant");
    rejects(variant, &["nogo", "--turns", "5"], "--turns");
    rejects(variant, &["amazons", "--max-depth", "x"], "--max-depth");
    rejects(variant, &["surakarta", "--weights", "1,2,3"], "--weights");
    rejects(variant, &["chess"], "chess");
    rejects(
        variant,
        &["connect6", "--own-windows", "1,2,3"],
        "5 numbers expected",
    );
    rejects(
        variant,
        &["connect6", "--first-reply", "1,1"],
        "4 numbers or off expected",
    );
    rejects(
        variant,
        &["connect6", "--defence-free-cells", "6"],
        "2 numbers of at least 0 expected",
    );
    rejects(
        variant,
        &["connect6", "--quiet-attacks", "x"],
        "--quiet-attacks",
    );
    helps(
        variant,
        &["connect6", "--help"],
        &[
            "--turns",
            "--opening-variety",
            "--own-windows",
            "--their-windows",
            "--game-ms",
            "--move-ms",
        ],
    );
    let fit = env!("CARGO_BIN_EXE_connect6-fit");
    rejects(fit, &["--turns", "5", "x.sgf"], "--turns");
    rejects(fit, &["--folds", "x", "x.sgf"], "--folds");
    rejects(fit, &[], "RECORDS");
    let bench = env!("CARGO_BIN_EXE_connect6-bench");
    rejects(bench, &["--moves", "5"], "--moves");
    rejects(bench, &["--max-depth", "x"], "--max-depth");
    helps(
        bench,
        &["--help"],
        &["--games", "--turns", "--attack-turns"],
    );
    let analyse = env!("CARGO_BIN_EXE_connect6-analyse");
    rejects(analyse, &["--turns", "5", "x.sgf"], "--turns");
    rejects(analyse, &["--nodes", "x", "x.sgf"], "--nodes");
    rejects(analyse, &["--escapes", "x", "x.sgf"], "--escapes");
    rejects(analyse, &[], "RECORDS");
    let phantom_play = env!("CARGO_BIN_EXE_phantom-play");
    rejects(phantom_play, &["--turns", "5", "a"], "--turns");
    rejects(phantom_play, &["--move-ms", "x", "a"], "--move-ms");
    rejects(phantom_play, &["--white"], "ENGINE");
    let replay = env!("CARGO_BIN_EXE_replay");
    rejects(
        replay,
        &["--html", "a.html", "--turns", "5", "x"],
        "--turns",
    );
    rejects(replay, &["--html", "a.html"], "RECORDS");
}

#[test]
fn gomoku_analyse_reads_the_games_of_a_log_and_leaves_out_the_undecided() {
    let log = std::env::temp_dir().join(format!("gomoku-analyse-{}.log", std::process::id()));
    let header = "# gomoku-arena\tsize=15\trule=freestyle\tturn=1000\tmatch=30000\tturn2=1000\tmatch2=30000\tengine1=a\tengine2=b";
    let won =
        "game   1 engine1 black: 1-0 (Five, 9 stones, 0.1/0.1 s)  1-0-0\n  h8a1h9a2h10a3h11a4h12";
    let lost_on_time =
        "game   2 engine1 white: 1-0 (TimeLoss, 4 stones, 0.1/0.1 s)  1-0-1\n  h8i9h9i10";
    std::fs::write(&log, format!("{header}\n{won}\n{lost_on_time}\n")).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_gomoku-analyse"))
        .args(["--depth", "2", "--from", "1", "--until", "0", "--scores"])
        .arg(&log)
        .output()
        .unwrap();
    std::fs::remove_file(&log).unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    assert!(
        stdout.contains("game 1: engine 1 won (Five, 9 stones)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("game 2: not decided on the board"),
        "{stdout}"
    );
    assert!(stdout.contains("engine 1's wins: 1 games"), "{stdout}");
    assert!(
        stdout.contains("under 100 stones: 1 games, 1-0-0"),
        "{stdout}"
    );
}
