//! Checking a bundle with rustc before it is written, and tracing rustc's findings back to the
//! source files through the bundle's `// path/to/file.rs` markers.
//!
//! The check is a metadata-only build (`--emit=metadata`: parsing, name resolution, type and
//! borrow checking and the lints, no code generation) with JSON diagnostics, so it costs a
//! fraction of a real build.

use crate::capped;
use crate::error::{Error, Result};
use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// One rustc finding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// `error` or `warning`.
    pub is_error: bool,
    /// The lint or error code (`dead_code`, `E0599`), when rustc gives one.
    pub code: Option<String>,
    /// rustc's message.
    pub message: String,
    /// Primary spans in the bundle: (line, column, end line, end column), 1-based.
    pub spans: Vec<(usize, usize, usize, usize)>,
    /// The bundle's text on the first primary line.
    pub line_text: String,
    /// rustc's fix for a temporary at the end of a block that outlives the block's locals
    /// (edition 2024 drops it earlier): text to insert at byte offsets of the bundle.
    pub tail_fix: Vec<(usize, String)>,
    /// The lint that makes this an error, when one does (`overflowing_literals`, or
    /// `bindings_with_variant_name` behind E0170): an `#[allow]` would silence it.
    pub lint: Option<String>,
}

/// What rustc said about a bundle.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Checked {
    pub diagnostics: Vec<Diagnostic>,
}

impl Checked {
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().filter(|d| d.is_error)
    }

    pub fn warnings(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().filter(|d| !d.is_error)
    }

    pub fn has_errors(&self) -> bool {
        self.errors().next().is_some()
    }
}

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A fresh scratch folder for one rustc run.
fn scratch() -> Result<PathBuf> {
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("bundler-check-{}-{n}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir)
        .map_err(|err| Error::new(format!("cannot create {}: {err}", dir.display())))?;
    Ok(dir)
}

/// Runs rustc on `code` as the judges compile it (edition 2021, a binary, `-O`, so without
/// debug assertions), metadata only; for `target` when one is named.
pub fn check(code: &str, target: Option<&str>) -> Result<Checked> {
    check_with(code, &[], target)
}

/// [`check`] with the dead-code lints forced on, through any `#[allow(dead_code)]` in the
/// source: what [`crate::shrink`] removes.
pub fn check_dead(code: &str, target: Option<&str>) -> Result<Checked> {
    check_with(
        code,
        &[
            "--force-warn",
            "dead_code",
            "--force-warn",
            "unused_imports",
            "--force-warn",
            "unused_macros",
        ],
        target,
    )
}

fn check_with(code: &str, extra: &[&str], target: Option<&str>) -> Result<Checked> {
    let dir = scratch()?;
    let source = dir.join("main.rs");
    fs::write(&source, code)
        .map_err(|err| Error::new(format!("cannot write {}: {err}", source.display())))?;
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let mut command = Command::new(&rustc);
    command
        .args([
            "--edition",
            "2021",
            "--crate-type",
            "bin",
            "--emit=metadata",
            // What `-O` decides for the code: `cfg(debug_assertions)` is off.
            "-C",
            "debug-assertions=off",
        ])
        .args(["--error-format=json", "--crate-name", "main"])
        .args(extra)
        .args(target.iter().flat_map(|triple| ["--target", triple]))
        .arg("-o")
        .arg(dir.join("main.rmeta"))
        .arg(&source);
    let cap = capped::memory_cap();
    let output = capped::run(&mut command, cap);
    let _ = fs::remove_dir_all(&dir);
    let output = output.map_err(|err| {
        Error::new(format!(
            "cannot run {} to check the bundle: {err}",
            Path::new(&rustc).display()
        ))
    })?;
    if let Some(cap) = output.stopped_at {
        // Counted as a bundle that does not compile: a shrink round's removal is taken back.
        return Ok(Checked {
            diagnostics: vec![Diagnostic {
                is_error: true,
                code: None,
                message: format!(
                    "rustc held more than {} MiB checking the bundle and was stopped \
                     (BUNDLER_RUSTC_MAX_MB sets the cap, 0 lifts it)",
                    cap >> 20
                ),
                spans: Vec::new(),
                line_text: String::new(),
                tail_fix: Vec::new(),
                lint: None,
            }],
        });
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    let checked = parse_diagnostics(&stderr, code);
    if !output.status.success() && !checked.has_errors() {
        return Err(Error::new(format!(
            "rustc failed on the bundle without a diagnostic: {}",
            stderr.trim()
        )));
    }
    Ok(checked)
}

/// Checks several bundles at once (one rustc each, in parallel).
pub fn check_all(codes: &[&str]) -> Vec<Result<Checked>> {
    std::thread::scope(|scope| {
        let handles: Vec<_> = codes
            .iter()
            .map(|code| scope.spawn(move || check(code, None)))
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(Error::new("the rustc check panicked")))
            })
            .collect()
    })
}

/// Reads rustc's JSON lines (anything else is ignored).
pub fn parse_diagnostics(stderr: &str, code: &str) -> Checked {
    let lines: Vec<&str> = code.lines().collect();
    let mut checked = Checked::default();
    for line in stderr.lines() {
        let Ok(value) = serde_json::from_str::<Value>(line) else {
            continue;
        };
        let level = value["level"].as_str().unwrap_or("");
        let is_error = level == "error";
        if !is_error && level != "warning" {
            continue;
        }
        let message = value["message"].as_str().unwrap_or("").to_string();
        // The summary lines ("aborting due to ...", "N warnings emitted") have no span.
        let spans: Vec<(usize, usize, usize, usize)> = value["spans"]
            .as_array()
            .map(|spans| {
                spans
                    .iter()
                    .filter(|s| s["is_primary"].as_bool().unwrap_or(false))
                    .map(|s| {
                        let n = |k: &str| s[k].as_u64().unwrap_or(0) as usize;
                        (
                            n("line_start"),
                            n("column_start"),
                            n("line_end"),
                            n("column_end"),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        if spans.is_empty() && (message.starts_with("aborting") || message.contains("emitted")) {
            continue;
        }
        let line_text = spans
            .first()
            .and_then(|s| lines.get(s.0.wrapping_sub(1)))
            .map_or(String::new(), |l| l.to_string());
        checked.diagnostics.push(Diagnostic {
            is_error,
            code: value["code"]["code"].as_str().map(str::to_string),
            message,
            spans,
            line_text,
            tail_fix: tail_fix(&value),
            lint: lint(&value),
        });
    }
    checked
}

/// The lint behind a diagnostic: its code when that is a lint's name, else the one a note says
/// is denied by default (`#[deny(bindings_with_variant_name)]` on by default, for E0170).
fn lint(value: &Value) -> Option<String> {
    let code = value["code"]["code"].as_str()?;
    let is_lint_name =
        |name: &str| !name.is_empty() && name.chars().all(|c| c.is_ascii_lowercase() || c == '_');
    if is_lint_name(code) {
        return Some(code.to_string());
    }
    value["children"].as_array()?.iter().find_map(|child| {
        let message = child["message"].as_str()?;
        let rest = message.strip_prefix("`#[deny(")?;
        let name = &rest[..rest.find(")]`")?];
        is_lint_name(name).then(|| name.to_string())
    })
}

/// The insertions of rustc's "save the expression's value in a new local variable" help, when
/// they all lie in the bundle itself (not in a macro's expansion).
fn tail_fix(value: &Value) -> Vec<(usize, String)> {
    let Some(children) = value["children"].as_array() else {
        return Vec::new();
    };
    for child in children {
        let message = child["message"].as_str().unwrap_or("");
        if !message.contains("save the expression's value in a new local variable") {
            continue;
        }
        let Some(spans) = child["spans"].as_array() else {
            continue;
        };
        let fix: Option<Vec<(usize, String)>> = spans
            .iter()
            .map(|s| {
                let plain = s["expansion"].is_null()
                    && s["byte_start"] == s["byte_end"]
                    && s["file_name"]
                        .as_str()
                        .is_some_and(|f| f.ends_with("main.rs"));
                let text = s["suggested_replacement"].as_str()?;
                let at = s["byte_start"].as_u64()? as usize;
                plain.then(|| (at, text.to_string()))
            })
            .collect();
        if let Some(fix) = fix.filter(|f| f.len() == 2) {
            return fix;
        }
    }
    Vec::new()
}

/// The source file (as shown in markers) that line `line` (1-based) of the bundle comes from:
/// the innermost module opened by a marker line that is still open there.
pub fn file_at(code: &str, line: usize, files: &[String]) -> Option<String> {
    let mut stack: Vec<(usize, String)> = Vec::new();
    for (index, text) in code.lines().enumerate().take(line) {
        let trimmed = text.trim_start();
        let indent = text.len() - trimmed.len();
        if trimmed == "}" {
            while stack.last().is_some_and(|(i, _)| *i > indent) {
                stack.pop();
            }
        } else if let Some(shown) = trimmed.strip_prefix("// ") {
            if files.iter().any(|f| f == shown) {
                while stack.last().is_some_and(|(i, _)| *i >= indent) {
                    stack.pop();
                }
                stack.push((indent, shown.to_string()));
            }
        }
        if index + 1 == line {
            break;
        }
    }
    stack.pop().map(|(_, file)| file)
}

/// The line of source file `shown` (under `root`) that bundle text `text` was printed from:
/// an exact match of the trimmed line first, then a line holding `hint`.
pub fn source_line(roots: &[&Path], shown: &str, text: &str, hint: &str) -> Option<usize> {
    let source = roots
        .iter()
        .find_map(|root| fs::read_to_string(root.join(shown)).ok())?;
    let wanted = text.trim();
    if !wanted.is_empty() && wanted != "}" {
        if let Some(i) = source.lines().position(|l| l.trim() == wanted) {
            return Some(i + 1);
        }
    }
    // The bundler rewrites paths (`crate::`, the library's module): compare without them.
    let loose = |line: &str| -> String {
        line.replace("crate::", "")
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect()
    };
    let wanted = loose(wanted);
    if wanted.len() >= 3 {
        if let Some(i) = source.lines().position(|l| loose(l) == wanted) {
            return Some(i + 1);
        }
    }
    let hint = hint.trim();
    if hint.len() >= 3 {
        if let Some(i) = source.lines().position(|l| l.contains(hint)) {
            return Some(i + 1);
        }
    }
    None
}

/// One line per diagnostic: `file:line: error[code]: message`, then the bundle's line.
pub fn describe(diagnostic: &Diagnostic, code: &str, files: &[String], roots: &[&Path]) -> String {
    let level = if diagnostic.is_error {
        "error"
    } else {
        "warning"
    };
    let kind = match &diagnostic.code {
        Some(c) if c.starts_with('E') => format!("{level}[{c}]"),
        Some(c) => format!("{level} ({c})"),
        None => level.to_string(),
    };
    let Some(&(line, column, end_line, end_column)) = diagnostic.spans.first() else {
        return format!("{kind}: {}", diagnostic.message);
    };
    let hint: String = if end_line == line && end_column > column {
        diagnostic
            .line_text
            .chars()
            .skip(column - 1)
            .take(end_column - column)
            .collect()
    } else {
        String::new()
    };
    let place = match file_at(code, line, files) {
        Some(file) => match source_line(roots, &file, &diagnostic.line_text, &hint) {
            Some(source) => format!("{file}:{source}"),
            None => format!("{file} (bundle line {line})"),
        },
        None => format!("bundle line {line}"),
    };
    format!(
        "{place}: {kind}: {}\n    | {}",
        diagnostic.message,
        diagnostic.line_text.trim()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_traced_to_the_innermost_open_file() {
        let code = "// src/main.rs\nfn main() {}\nmod lib {\n    // src/lib.rs\n    mod a {\n        // src/a.rs\n        fn f() {\n        }\n    }\n    fn g() {}\n}\nfn h() {}\n";
        let files = vec![
            "src/main.rs".to_string(),
            "src/lib.rs".to_string(),
            "src/a.rs".to_string(),
        ];
        assert_eq!(file_at(code, 2, &files).as_deref(), Some("src/main.rs"));
        assert_eq!(file_at(code, 7, &files).as_deref(), Some("src/a.rs"));
        assert_eq!(file_at(code, 8, &files).as_deref(), Some("src/a.rs"));
        assert_eq!(file_at(code, 10, &files).as_deref(), Some("src/lib.rs"));
        assert_eq!(file_at(code, 12, &files).as_deref(), Some("src/main.rs"));
    }

    #[test]
    fn rustc_errors_are_found() {
        let checked =
            check("fn main() { let x: u32 = \"no\"; }\nfn unused() {}\n", None).expect("rustc");
        assert!(checked.has_errors());
        let error = checked.errors().next().expect("one error");
        assert_eq!(error.code.as_deref(), Some("E0308"));
        assert_eq!(error.spans[0].0, 1);
        let clean = check("fn main() {}\n", None).expect("rustc");
        assert!(clean.diagnostics.is_empty(), "{clean:?}");
        let warned = check("fn main() {}\nfn unused() {}\n", None).expect("rustc");
        let warning = warned.warnings().next().expect("dead code");
        assert_eq!(warning.code.as_deref(), Some("dead_code"));
        assert_eq!(warning.spans[0].0, 2);
    }
}
