//! The workspace mode: targets from `[[workspace.metadata.bundler.targets]]`, the byte limit,
//! `--check`, and clear errors for a missing binary.

use bundler::cli::{bundle_workspace, run};
use bundler::targets::Workspace;
use std::fs;
use std::path::{Path, PathBuf};

/// A workspace in a temp folder with one package (the `standalone` fixture's sources).
fn temp_workspace(label: &str, limit: u64) -> PathBuf {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("bundler-workspaces")
        .join(label);
    let _ = fs::remove_dir_all(&root);
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/standalone/src");
    for entry in walkdir::WalkDir::new(&source) {
        let entry = entry.expect("walk fixture");
        let relative = entry.path().strip_prefix(&source).expect("inside");
        let target = root.join("pkg").join("src").join(relative);
        if entry.file_type().is_dir() {
            fs::create_dir_all(&target).expect("mkdir");
        } else {
            fs::copy(entry.path(), &target).expect("copy");
        }
    }
    fs::write(
        root.join("pkg").join("Cargo.toml"),
        "[package]\nname = \"standalone\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    )
    .expect("package manifest");
    fs::write(
        root.join("Cargo.toml"),
        format!(
            "[workspace]\nmembers = [\"pkg\"]\n\n\
             [[workspace.metadata.bundler.targets]]\nname = \"standalone\"\npackage = \"standalone\"\nlimit = {limit}\n"
        ),
    )
    .expect("workspace manifest");
    root
}

#[test]
fn writes_then_checks_upload_files() {
    let root = temp_workspace("fresh", 1_000_000);
    let workspace = Workspace::find(&root.join("pkg")).expect("workspace found from a member");
    let written = bundle_workspace(&workspace, false);
    assert!(written.failures.is_empty(), "{:?}", written.failures);
    assert_eq!(written.rows.len(), 1);
    assert_eq!(written.rows[0].files_kept, 3);
    let upload = root.join("submissions/standalone/main.rs");
    let code = fs::read_to_string(&upload).expect("upload written");
    assert!(
        code.starts_with("//! standalone: bundled from standalone (bin standalone) by bundler.")
    );
    assert_eq!(code.len() as u64, written.rows[0].bytes);

    let checked = bundle_workspace(&workspace, true);
    assert!(checked.failures.is_empty(), "{:?}", checked.failures);

    fs::write(&upload, format!("{code}// edited by hand\n")).expect("edit");
    let stale = bundle_workspace(&workspace, true);
    assert_eq!(stale.failures.len(), 1);
    assert!(
        stale.failures[0].contains("submissions/standalone/main.rs"),
        "{:?}",
        stale.failures
    );

    fs::remove_file(&upload).expect("remove");
    let missing = bundle_workspace(&workspace, true);
    assert!(missing.failures[0].contains("submissions/standalone/main.rs"));
    assert!(!upload.exists(), "--check writes nothing");
}

#[test]
fn over_the_limit_is_an_error_and_nothing_is_written() {
    let root = temp_workspace("limit", 100);
    let workspace = Workspace::find(&root).expect("workspace");
    let result = bundle_workspace(&workspace, false);
    assert_eq!(result.failures.len(), 1);
    assert!(
        result.failures[0].contains("over the judge's limit of 100 bytes"),
        "{:?}",
        result.failures
    );
    assert!(!root.join("submissions/standalone/main.rs").exists());
}

#[test]
fn a_missing_binary_is_a_clear_error() {
    let root = temp_workspace("missing", 1_000_000);
    let manifest = root.join("Cargo.toml");
    let mut text = fs::read_to_string(&manifest).expect("read");
    text.push_str("\n[[workspace.metadata.bundler.targets]]\nname = \"ghost\"\npackage = \"standalone\"\nlimit = 1000\n");
    fs::write(&manifest, text).expect("write");
    let workspace = Workspace::find(&root).expect("workspace");
    let result = bundle_workspace(&workspace, false);
    assert_eq!(result.rows.len(), 1, "the good target is still bundled");
    assert!(
        result.failures[0].contains("no binary `ghost`"),
        "{:?}",
        result.failures
    );
}

#[test]
fn command_line_errors_exit_non_zero() {
    assert_eq!(run(&["--bin".to_string()]), 2);
    assert_eq!(run(&["--frobnicate".to_string()]), 2);
    assert_eq!(run(&["--bin".to_string(), "x".to_string()]), 1);
    let missing = vec![
        "--manifest-path".to_string(),
        "/nonexistent/Cargo.toml".to_string(),
        "--bin".to_string(),
        "x".to_string(),
    ];
    assert_eq!(run(&missing), 1);
}

#[test]
fn a_bundle_that_does_not_compile_is_never_written() {
    let root = temp_workspace("broken", 1_000_000);
    let workspace = Workspace::find(&root).expect("workspace");
    let good = bundle_workspace(&workspace, false);
    assert!(good.failures.is_empty(), "{:?}", good.failures);
    let upload = root.join("submissions/standalone/main.rs");
    let before = fs::read_to_string(&upload).expect("written");

    let main = root.join("pkg/src/main.rs");
    let text = fs::read_to_string(&main).expect("main.rs");
    let broken = text.replace(
        "    println!(\"sum {}\", math::sum(&numbers));",
        "    let wrong: u32 = \"text\";\n    println!(\"sum {}\", math::sum(&numbers));",
    );
    assert_ne!(broken, text);
    fs::write(&main, &broken).expect("break main.rs");
    let result = bundle_workspace(&workspace, false);
    assert_eq!(result.failures.len(), 1, "{:?}", result.failures);
    let message = &result.failures[0];
    assert!(
        message.contains("src/main.rs:14: error[E0308]") && message.contains("not written"),
        "{message}"
    );
    assert_eq!(fs::read_to_string(&upload).expect("kept"), before);

    // A warning is an error for an upload target.
    let warned = text.replace("fn main() {", "fn main() {\n    let unused = 5;");
    fs::write(&main, warned).expect("warn main.rs");
    let result = bundle_workspace(&workspace, false);
    let message = result.failures.join("\n");
    assert!(
        message.contains("1 warning(s)")
            && message.contains("src/main.rs:8: warning (unused_variables)"),
        "{message}"
    );
}
