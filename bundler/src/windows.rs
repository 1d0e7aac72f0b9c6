//! Windows executables of the upload files, for the judges whose platform runs `.exe` files.
//!
//! A target opts in with `windows = "NAME.exe"` in its `[[workspace.metadata.bundler.targets]]`
//! table. `bundler --windows` then compiles its upload file `submissions/<target>/main.rs`, as
//! written, with Debian 12's rustc 1.63 (the oldest compiler the upload files are checked with)
//! for `x86_64-pc-windows-gnu` into `submissions/<target>/NAME.exe`. The compiler is
//! `.ci/rustc-1.63` of the workspace, which unpacks it under `target/` and installs the MinGW-w64
//! linker, or any rustc command that can target Windows given in `BUNDLER_WINDOWS_RUSTC`.

use crate::error::{Error, Result};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Instant;
use toml::Value;

/// The Rust target of the executables.
pub const TARGET: &str = "x86_64-pc-windows-gnu";

/// Environment variable naming another rustc command for the Windows builds.
pub const RUSTC_VARIABLE: &str = "BUNDLER_WINDOWS_RUSTC";

/// One executable to build.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WindowsTarget {
    /// Upload target name, the folder under `submissions/`.
    pub target: String,
    /// File name of the executable, `NAME.exe`.
    pub exe: String,
}

/// One executable built.
#[derive(Debug, Clone, PartialEq)]
pub struct Built {
    pub target: String,
    /// Path relative to the workspace root.
    pub file: String,
    pub bytes: u64,
    pub seconds: f64,
}

/// The targets of the workspace at `root` that ask for a Windows executable, in declared order.
pub fn windows_targets(root: &Path) -> Result<Vec<WindowsTarget>> {
    let manifest = root.join("Cargo.toml");
    let text = fs::read_to_string(&manifest)
        .map_err(|err| Error::new(format!("cannot read {}: {err}", manifest.display())))?;
    let value: Value = text
        .parse()
        .map_err(|err| Error::new(format!("{}: invalid TOML: {err}", manifest.display())))?;
    let entries = value
        .get("workspace")
        .and_then(|w| w.get("metadata"))
        .and_then(|m| m.get("bundler"))
        .and_then(|b| b.get("targets"))
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let mut targets = Vec::new();
    for entry in entries {
        let Some(exe) = entry.get("windows") else {
            continue;
        };
        let name = entry.get("name").and_then(Value::as_str).unwrap_or("?");
        let exe = exe.as_str().filter(|exe| is_exe_name(exe)).ok_or_else(|| {
            Error::new(format!(
                "{}: target `{name}`: `windows` must be a file name ending in .exe, got {exe}",
                manifest.display()
            ))
        })?;
        targets.push(WindowsTarget {
            target: name.to_string(),
            exe: exe.to_string(),
        });
    }
    Ok(targets)
}

fn is_exe_name(name: &str) -> bool {
    name.len() > ".exe".len()
        && name.ends_with(".exe")
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// The rustc command line prefix for the Windows builds, installing the default one if needed.
fn compiler(root: &Path) -> Result<Vec<String>> {
    if let Ok(command) = std::env::var(RUSTC_VARIABLE) {
        let words: Vec<String> = command.split_whitespace().map(str::to_string).collect();
        if words.is_empty() {
            return Err(Error::new(format!("{RUSTC_VARIABLE} is empty")));
        }
        return Ok(words);
    }
    let script = root.join(".ci").join("rustc-1.63");
    if !script.is_file() {
        return Err(Error::new(format!(
            "{} is missing; set {RUSTC_VARIABLE} to a rustc that can target {TARGET}",
            script.display()
        )));
    }
    let status = Command::new(&script)
        .arg("--install-windows")
        .status()
        .map_err(|err| Error::new(format!("cannot run {}: {err}", script.display())))?;
    if !status.success() {
        return Err(Error::new(format!(
            "{} --install-windows failed ({status})",
            script.display()
        )));
    }
    Ok(vec![script.display().to_string()])
}

/// The rustc arguments that compile `source` into `exe`: the judges' flags plus the target, and
/// no symbols (they would make the file ten times larger).
pub fn rustc_arguments(source: &Path, exe: &Path) -> Vec<String> {
    [
        "--edition",
        "2021",
        "-O",
        "-C",
        "strip=symbols",
        "--target",
        TARGET,
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([
        source.display().to_string(),
        "-o".to_string(),
        exe.display().to_string(),
    ])
    .collect()
}

/// Compiles every Windows target's upload file, all at once; any warning is an error, as for the
/// judges' compilers.
pub fn build(root: &Path) -> Result<Vec<Built>> {
    let targets = windows_targets(root)?;
    if targets.is_empty() {
        return Err(Error::new(
            "no target has `windows = \"NAME.exe\"` in [[workspace.metadata.bundler.targets]]",
        ));
    }
    let compiler = compiler(root)?;
    let started = Instant::now();
    let mut running: Vec<(WindowsTarget, PathBuf, Child)> = Vec::new();
    for target in targets {
        let folder = root.join("submissions").join(&target.target);
        let source = folder.join("main.rs");
        if !source.is_file() {
            return Err(Error::new(format!(
                "{} is missing; run the bundler without --windows first",
                source.display()
            )));
        }
        let exe = folder.join(&target.exe);
        let child = Command::new(&compiler[0])
            .args(&compiler[1..])
            .args(rustc_arguments(&source, &exe))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|err| Error::new(format!("cannot run {}: {err}", compiler.join(" "))))?;
        running.push((target, exe, child));
    }
    let mut built = Vec::new();
    let mut failures = Vec::new();
    for (target, exe, child) in running {
        let shown = format!("submissions/{}/{}", target.target, target.exe);
        let output = child
            .wait_with_output()
            .map_err(|err| Error::new(format!("{shown}: {err}")))?;
        let messages = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        if !output.status.success() || !messages.trim().is_empty() {
            failures.push(format!(
                "{shown}: rustc {} ({}):\n{}",
                if output.status.success() {
                    "warned"
                } else {
                    "failed"
                },
                output.status,
                messages.trim_end()
            ));
            continue;
        }
        let bytes = fs::metadata(&exe)
            .map_err(|err| Error::new(format!("{shown}: {err}")))?
            .len();
        built.push(Built {
            target: target.target,
            file: shown,
            bytes,
            seconds: started.elapsed().as_secs_f64(),
        });
    }
    if failures.is_empty() {
        Ok(built)
    } else {
        Err(Error::new(failures.join("\n")))
    }
}

/// Builds the executables and prints a line for each.
pub fn run(root: &Path) -> Result<()> {
    let built = build(root)?;
    for exe in &built {
        println!(
            "{:<14} {:<40} {:>9} bytes  done after {:.1} s",
            exe.target, exe.file, exe.bytes, exe.seconds
        );
    }
    println!(
        "{} Windows executable(s) ({TARGET}, rustc 1.63)",
        built.len()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exe_names() {
        assert!(is_exe_name("pbrain-quintet.exe"));
        assert!(!is_exe_name(".exe"));
        assert!(!is_exe_name("x.EXE"));
        assert!(!is_exe_name("../x.exe"));
        assert!(!is_exe_name("a b.exe"));
    }

    #[test]
    fn targets_from_manifest() {
        let dir = std::env::temp_dir().join(format!("bundler-windows-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        fs::write(
            dir.join("Cargo.toml"),
            r#"[workspace]
[[workspace.metadata.bundler.targets]]
name = "a"
package = "p"
limit = 10
windows = "pbrain-a.exe"
[[workspace.metadata.bundler.targets]]
name = "b"
package = "p"
limit = 10
"#,
        )
        .unwrap();
        let found = windows_targets(&dir);
        fs::write(
            dir.join("Cargo.toml"),
            "[[workspace.metadata.bundler.targets]]\nname = \"a\"\nwindows = \"a/b.exe\"\n",
        )
        .unwrap();
        let refused = windows_targets(&dir);
        fs::remove_dir_all(&dir).unwrap();
        assert_eq!(
            found.unwrap(),
            vec![WindowsTarget {
                target: "a".to_string(),
                exe: "pbrain-a.exe".to_string()
            }]
        );
        assert!(refused.is_err());
    }

    #[test]
    fn arguments_are_the_judges_plus_target() {
        let args = rustc_arguments(Path::new("s/main.rs"), Path::new("s/a.exe"));
        assert_eq!(
            args.join(" "),
            "--edition 2021 -O -C strip=symbols --target x86_64-pc-windows-gnu s/main.rs -o s/a.exe"
        );
    }
}
