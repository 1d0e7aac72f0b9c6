//! The committed `expected/<bin>.txt` of each fixture must be what the fixture's own
//! `cargo run` prints: this test runs cargo on a copy of every fixture (in a temp folder, with
//! its own target folder, so the source tree stays clean).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Every positive fixture and its binaries.
const FIXTURES: [(&str, &[&str]); 35] = [
    ("layouts", &["layouts"]),
    ("bin-layouts", &["explicit", "nested", "flat"]),
    ("macro-kit", &["macro-kit"]),
    ("config-demo", &["config-demo"]),
    ("prunable", &["prunable"]),
    ("clash", &["engine", "fnclash"]),
    ("standalone", &["standalone"]),
    ("engine-like", &["engine-like"]),
    ("mixed-bag", &["mixed-bag"]),
    ("edition-2018", &["edition-2018"]),
    ("edition-2024", &["edition-2024"]),
    ("method-chains", &["method-chains"]),
    ("issue-macro-method", &["issue-macro-method"]),
    ("issue-literal-impl", &["issue-literal-impl"]),
    ("issue-syntax-impls", &["issue-syntax-impls"]),
    ("issue-qself", &["issue-qself"]),
    ("issue-optional-dep", &["issue-optional-dep"]),
    ("issue-nested-macro", &["issue-nested-macro"]),
    ("issue-include-concat", &["issue-include-concat"]),
    ("real/ac-library-rs", &["demo"]),
    ("real/arrayvec", &["demo"]),
    ("real/either", &["demo"]),
    ("real/fixedbitset", &["demo"]),
    ("real/lazy_static", &["demo"]),
    ("real/maplit", &["demo"]),
    ("real/smallvec", &["demo"]),
    ("real/strsim", &["demo"]),
    ("deps-demo", &["deps-demo"]),
    ("build-script", &["build-script"]),
    ("own-build-script", &["own-build-script"]),
    ("proc-macros", &["proc-macros"]),
    ("issue-feature-macro", &["issue-feature-macro"]),
    ("issue-macro-clash", &["issue-macro-clash"]),
    ("issue-macro-module-path", &["issue-macro-module-path"]),
    ("issue-primitive-trait-fn", &["issue-primitive-trait-fn"]),
];

fn copy_dir(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry.expect("walk fixture");
        let relative = entry.path().strip_prefix(from).expect("inside");
        let target = to.join(relative);
        if entry.file_type().is_dir() {
            fs::create_dir_all(&target).expect("mkdir");
        } else {
            fs::copy(entry.path(), &target).expect("copy");
        }
    }
}

#[test]
fn expected_outputs_are_what_cargo_run_prints() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cargo-fixtures");
    let target_dir = scratch.join("target");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    for (name, bins) in FIXTURES {
        let copy: PathBuf = scratch.join(name);
        let _ = fs::remove_dir_all(&copy);
        copy_dir(&fixtures.join(name), &copy);
        for bin in bins {
            let stdin = match fs::File::open(copy.join("stdin.txt")) {
                Ok(file) => Stdio::from(file),
                Err(_) => Stdio::null(),
            };
            let output = Command::new(&cargo)
                .args([
                    "run",
                    "--quiet",
                    "--offline",
                    "--bin",
                    bin,
                    "--manifest-path",
                ])
                .arg(copy.join("Cargo.toml"))
                // Cargo reads `.cargo/config.toml` (a fixture's vendored sources) from the
                // working directory, not from the manifest's.
                .current_dir(&copy)
                .env("CARGO_TARGET_DIR", &target_dir)
                .stdin(stdin)
                .output()
                .expect("cargo runs");
            assert!(
                output.status.success(),
                "{name}/{bin}: cargo run failed:\n{}",
                String::from_utf8_lossy(&output.stderr)
            );
            let expected = fs::read_to_string(copy.join("expected").join(format!("{bin}.txt")))
                .expect("expected output");
            assert_eq!(
                String::from_utf8_lossy(&output.stdout),
                expected,
                "{name}/{bin}: expected/{bin}.txt is not what cargo run prints"
            );
        }
    }
}
