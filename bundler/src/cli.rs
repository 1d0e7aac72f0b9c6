//! The command line.
//!
//! - `bundler` (no arguments): bundles every upload target of the workspace into
//!   `submissions/<target>/main.rs` and prints a table.
//! - `bundler --check`: writes nothing; fails naming every upload file that is stale or missing.
//! - `bundler --windows` (with or without `--check`): then also the Windows executables (see
//!   `windows.rs`).
//! - `bundler --manifest-path PATH/Cargo.toml --bin NAME [-o OUT.rs] [--check]
//!   [--target TRIPLE]`: any package; with a target, its platform is decided in the bundle.

use crate::check::{is_fresh, write_atomically};
use crate::error::{Error, Result};
use crate::targets::Workspace;
use crate::{bundle, bundle_unchecked, finish, verify, Cache, Pruning, Request};
use std::path::{Path, PathBuf};
use std::time::Instant;

const USAGE: &str = "usage:
  bundler                  bundle every [[workspace.metadata.bundler.targets]] into submissions/<name>/main.rs
  bundler --check          fail if a committed submissions/<name>/main.rs differs from a fresh bundle
  bundler [--check] --windows  then compile submissions/<name>/main.rs into the target's `windows` .exe
  bundler --manifest-path PATH/Cargo.toml --bin NAME [-o OUT.rs] [--check] [--exclude CRATE]...
          [--target TRIPLE]
                           bundle one binary of any package (to stdout without -o); its
                           dependencies are bundled too, except the --exclude'd ones (the
                           judge provides them). --target names the judge's platform
                           (x86_64-unknown-linux-gnu, x86_64-pc-windows-gnu, or `host`): its
                           cfgs (target_os, unix...) are decided and only its platform's code
                           is kept; without it they are left to the judge's rustc";

#[derive(Debug, Default)]
struct Args {
    manifest_path: Option<PathBuf>,
    bin: Option<String>,
    output: Option<PathBuf>,
    check: bool,
    exclude: Vec<String>,
    windows: bool,
    target: Option<String>,
}

fn parse(args: &[String]) -> Result<Option<Args>> {
    let mut parsed = Args::default();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let mut value = |flag: &str| {
            iter.next()
                .cloned()
                .ok_or_else(|| Error::new(format!("{flag} needs a value\n{USAGE}")))
        };
        match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            "--check" => parsed.check = true,
            "--windows" => parsed.windows = true,
            "--manifest-path" => parsed.manifest_path = Some(PathBuf::from(value(arg)?)),
            "--bin" => parsed.bin = Some(value(arg)?),
            "-o" | "--output" => parsed.output = Some(PathBuf::from(value(arg)?)),
            "--exclude" => parsed.exclude.push(value(arg)?),
            "--target" => parsed.target = Some(value(arg)?),
            other => return Err(Error::new(format!("unknown argument `{other}`\n{USAGE}"))),
        }
    }
    Ok(Some(parsed))
}

/// Runs the command line; returns the exit code.
pub fn run(args: &[String]) -> i32 {
    let parsed = match parse(args) {
        Ok(Some(parsed)) => parsed,
        Ok(None) => {
            println!("{USAGE}");
            return 0;
        }
        Err(err) => {
            eprintln!("bundler: {err}");
            return 2;
        }
    };
    let one = parsed.manifest_path.is_some()
        || parsed.bin.is_some()
        || parsed.output.is_some()
        || parsed.target.is_some();
    let result = match (&parsed.manifest_path, &parsed.bin) {
        _ if parsed.windows && one => Err(Error::new(format!(
            "--windows builds the workspace's targets only\n{USAGE}"
        ))),
        (Some(manifest), Some(bin)) => run_one(manifest, bin, &parsed),
        (None, None)
            if parsed.output.is_none() && parsed.exclude.is_empty() && parsed.target.is_none() =>
        {
            run_workspace(parsed.check).and_then(|()| {
                if parsed.windows {
                    crate::windows::run(&workspace()?.root)
                } else {
                    Ok(())
                }
            })
        }
        _ => Err(Error::new(format!(
            "--manifest-path and --bin go together (and -o needs them)\n{USAGE}"
        ))),
    };
    match result {
        Ok(()) => 0,
        Err(err) => {
            eprintln!("bundler: error: {err}");
            1
        }
    }
}

fn run_one(manifest: &Path, bin: &str, args: &Args) -> Result<()> {
    let (output, check) = (args.output.as_deref(), args.check);
    let bundle = bundle(&Request {
        manifest_path: manifest.to_path_buf(),
        bin: bin.to_string(),
        display_root: None,
        header: format!("{bin}: bundled by bundler. Do not edit; regenerate it with the bundler."),
        exclude: args.exclude.clone(),
        target: match args.target.as_deref() {
            Some("host") => Some(crate::deps::host().ok_or_else(|| {
                Error::new("--target host: `rustc -vV` does not name this machine's target")
            })?),
            other => other.map(str::to_string),
        },
    })?;
    if let Pruning::Rustc { broken, rounds } = &bundle.pruning {
        eprintln!("bundler: note: the bundler's own pruning broke the program ({broken}); the whole crate was bundled and rustc's dead-code lints pruned it instead ({rounds} round(s))");
    }
    if !bundle.warnings.is_empty() {
        eprintln!(
            "bundler: warning: the bundle compiles with {} warning(s):\n{}",
            bundle.warnings.len(),
            bundle.warnings.join("\n")
        );
    }
    match (output, check) {
        (Some(path), true) if !is_fresh(path, &bundle.code) => Err(Error::new(format!(
            "{} differs from a fresh bundle (or is missing)",
            path.display()
        ))),
        (Some(_), true) => Ok(()),
        (Some(path), false) => write_atomically(path, &bundle.code),
        (None, _) => {
            print!("{}", bundle.code);
            Ok(())
        }
    }
}

fn workspace() -> Result<Workspace> {
    let cwd =
        std::env::current_dir().map_err(|err| Error::new(format!("no current folder: {err}")))?;
    Workspace::find(&cwd).or_else(|err| {
        // `cargo run -p bundler` from outside the checkout: the bundler's own workspace.
        let own = Path::new(env!("CARGO_MANIFEST_DIR"));
        own.parent().map_or(Err(err), Workspace::find)
    })
}

/// One line of the table `cargo run -p bundler` prints.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// Target name.
    pub target: String,
    /// Upload file, relative to the workspace root.
    pub file: String,
    /// Size of the bundle.
    pub bytes: u64,
    /// The judge's limit.
    pub limit: u64,
    /// Source files kept and dropped.
    pub files_kept: usize,
    pub files_dropped: usize,
    /// Fields and variants marked `#[allow(dead_code)]`.
    pub unused_data: Vec<String>,
    /// Time to bundle (and write or compare), in milliseconds.
    pub millis: f64,
}

/// What bundling a workspace did: a row per good target, a message per failed one.
#[derive(Debug, Clone, Default)]
pub struct WorkspaceRun {
    pub rows: Vec<Row>,
    pub failures: Vec<String>,
    /// What the user should know about a good target.
    pub notes: Vec<String>,
}

/// Bundles every target of `workspace`; with `check`, compares instead of writing.
/// A target that fails (missing binary, does not compile, any rustc warning, over its limit,
/// stale under `check`) is reported and the others still run; nothing is written for a failed
/// target. The bundles are checked with rustc side by side.
pub fn bundle_workspace(workspace: &Workspace, check: bool) -> WorkspaceRun {
    let mut run = WorkspaceRun::default();
    let mut cache = Cache::default();
    let mut prepared = Vec::new();
    for target in &workspace.targets {
        let started = Instant::now();
        let request = workspace.package_manifest(&target.package).map(|manifest| Request {
            manifest_path: manifest,
            bin: target.name.clone(),
            display_root: Some(workspace.root.clone()),
            header: format!(
                "{}: bundled from {} (bin {}) by bundler. Do not edit; regenerate with `cargo run -p bundler`.",
                target.name, target.package, target.name
            ),
            exclude: Vec::new(),
            target: None,
        });
        let result = request.and_then(|request| {
            bundle_unchecked(&request, &mut cache, true).map(|bundle| (request, bundle))
        });
        match result {
            Ok((request, bundle)) => prepared.push((target, request, bundle, started.elapsed())),
            Err(err) => run.failures.push(format!("{}: {err}", target.name)),
        }
    }
    let started = Instant::now();
    let codes: Vec<&str> = prepared
        .iter()
        .map(|(_, _, b, _)| b.code.as_str())
        .collect();
    let verdicts = verify::check_all(&codes);
    let check_share = started.elapsed() / prepared.len().max(1) as u32;
    for ((target, request, bundle, elapsed), verdict) in prepared.into_iter().zip(verdicts) {
        let started = Instant::now();
        let output = workspace.output_path(target);
        let shown = format!("submissions/{}/main.rs", target.name);
        let bundle = match verdict.and_then(|checked| finish(&request, &mut cache, bundle, checked))
        {
            Ok(bundle) => bundle,
            Err(err) => {
                run.failures
                    .push(format!("{}: {err}; {shown} not written", target.name));
                continue;
            }
        };
        if !bundle.warnings.is_empty() {
            run.failures.push(format!(
                "{}: the bundle compiles with {} warning(s) and upload targets must have none; {shown} not written:\n{}",
                target.name,
                bundle.warnings.len(),
                bundle.warnings.join("\n")
            ));
            continue;
        }
        if let Pruning::Rustc { broken, .. } = &bundle.pruning {
            run.notes.push(format!(
                "{}: the bundler's own pruning broke the program, so rustc's dead-code lints pruned it instead: {broken}",
                target.name
            ));
        }
        let bytes = bundle.code.len() as u64;
        if bytes > target.limit {
            run.failures.push(format!(
                "{}: {bytes} bytes is over the judge's limit of {} bytes; {shown} not written",
                target.name, target.limit
            ));
            continue;
        }
        if check {
            if !is_fresh(&output, &bundle.code) {
                run.failures.push(format!(
                    "{shown} differs from a fresh bundle (or is missing); run `cargo run -p bundler`"
                ));
            }
        } else if let Err(err) = write_atomically(&output, &bundle.code) {
            run.failures.push(format!("{}: {err}", target.name));
            continue;
        }
        run.rows.push(Row {
            target: target.name.clone(),
            file: shown,
            bytes,
            limit: target.limit,
            files_kept: bundle.files_kept,
            files_dropped: bundle.files_dropped,
            unused_data: bundle.unused_data,
            millis: (elapsed + check_share + started.elapsed()).as_secs_f64() * 1000.0,
        });
    }
    run
}

fn run_workspace(check: bool) -> Result<()> {
    let workspace = workspace()?;
    if workspace.targets.is_empty() {
        return Err(Error::new(
            "no [[workspace.metadata.bundler.targets]] in the workspace Cargo.toml",
        ));
    }
    let started = Instant::now();
    let run = bundle_workspace(&workspace, check);
    print_table(&run.rows);
    for row in &run.rows {
        if !row.unused_data.is_empty() {
            println!(
                "note: {}: never read or constructed by this binary, marked #[allow(dead_code)]: {}",
                row.target,
                row.unused_data.join(", ")
            );
        }
    }
    for note in &run.notes {
        println!("note: {note}");
    }
    println!(
        "{} target(s) in {:.0} ms{}",
        run.rows.len(),
        started.elapsed().as_secs_f64() * 1000.0,
        if check {
            " (checked, nothing written)"
        } else {
            ""
        }
    );
    if run.failures.is_empty() {
        Ok(())
    } else {
        Err(Error::new(run.failures.join("\n")))
    }
}

fn print_table(rows: &[Row]) {
    let rows: Vec<Vec<String>> = rows
        .iter()
        .map(|row| {
            vec![
                row.target.clone(),
                row.file.clone(),
                row.bytes.to_string(),
                format!("{:.1}%", row.bytes as f64 * 100.0 / row.limit as f64),
                format!("{}/{}", row.files_kept, row.files_dropped),
                format!("{:.0}", row.millis),
            ]
        })
        .collect();
    let header: Vec<String> = [
        "target",
        "file",
        "bytes",
        "% of limit",
        "modules kept/dropped",
        "ms",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let mut widths: Vec<usize> = header.iter().map(String::len).collect();
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.len());
        }
    }
    let line = |cells: &[String]| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(i, (cell, width))| {
                if i >= 2 {
                    format!("{cell:>width$}")
                } else {
                    format!("{cell:<width$}")
                }
            })
            .collect();
        println!("{}", padded.join("  ").trim_end());
    };
    line(&header);
    for row in &rows {
        line(row);
    }
}
