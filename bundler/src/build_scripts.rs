//! What build scripts tell Cargo, the bundled package's own and its dependencies', read from
//! `cargo check`'s JSON messages: the cfgs they set (`cargo:rustc-cfg`), the variables they
//! export (`cargo:rustc-env`) and their `OUT_DIR`. A bundle carries those as decided cfgs and
//! expanded `env!`/`include!` calls. A script that links native code cannot be carried by one
//! file and is refused.
//!
//! The scripts run on the bundling machine, so what they probe (the rustc version, the target)
//! is decided for it: the judge's rustc must accept what the bundling one did.

use crate::deps::{BuildScript, DepCrate};
use crate::error::{Error, Result};
use crate::manifest::Package;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

/// One cfg a build script set: `name` or `name = "value"`.
pub type Cfg = (String, Option<String>);

/// What one package's build script told Cargo.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ScriptOutput {
    pub cfgs: BTreeSet<Cfg>,
    /// `cargo:rustc-env` variables, then `OUT_DIR`.
    pub env: Vec<(String, String)>,
    /// Native libraries and search paths it asked to link: what a bundle cannot carry.
    pub links: Vec<String>,
}

/// What every build script that ran told Cargo.
#[derive(Debug, Clone, Default)]
pub struct Outputs {
    /// By Cargo's package id.
    pub by_package: BTreeMap<String, ScriptOutput>,
    /// Cargo's messages when `cargo check` failed: why a script may not have run.
    pub failure: Option<String>,
    /// The built proc-macro libraries, by Cargo's package id.
    pub proc_macro_libs: BTreeMap<String, PathBuf>,
}

/// Runs `cargo check` on binary `bin` of the package at `manifest_path` (for `target`, when it
/// is not this machine) and returns the output of every build script that ran for it.
pub fn run(manifest_path: &Path, bin: &str, target: Option<&str>) -> Result<Outputs> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    // As for `cargo metadata`: `.cargo/config.toml` is read from where Cargo runs.
    if let Some(dir) = manifest_path.parent().filter(|d| !d.as_os_str().is_empty()) {
        command.current_dir(dir);
    }
    let manifest = manifest_path
        .canonicalize()
        .unwrap_or_else(|_| manifest_path.to_path_buf());
    command
        .args([
            "check",
            "--quiet",
            "--offline",
            "--message-format=json",
            "--bin",
            bin,
        ])
        .arg("--manifest-path")
        .arg(&manifest)
        // Kept out of the package's own folder, and shared between bundles to be reused.
        .arg("--target-dir")
        .arg(target_dir());
    if let Some(triple) = target.filter(|&t| Some(t) != crate::deps::host().as_deref()) {
        command.args(["--target", triple]);
    }
    let output = command
        .output()
        .map_err(|err| Error::new(format!("cannot run cargo check: {err}")))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let by_package = parse_messages(&stdout);
    let proc_macro_libs = parse_proc_macro_libs(&stdout);
    let stderr = String::from_utf8_lossy(&output.stderr).trim().to_string();
    if !output.status.success() && by_package.is_empty() && proc_macro_libs.is_empty() {
        return Err(Error::new(format!(
            "{}: cargo check failed before any build script or proc macro was built: {stderr}",
            manifest_path.display(),
        )));
    }
    Ok(Outputs {
        by_package,
        failure: (!output.status.success()).then_some(stderr),
        proc_macro_libs,
    })
}

/// What `dep`'s build script told Cargo, or why a bundle cannot carry it.
pub fn output_for<'a>(
    dep: &DepCrate,
    script: &BuildScript,
    outputs: &'a Outputs,
) -> Result<&'a ScriptOutput> {
    let named = format!(
        "{}: the build script of dependency `{}` ({})",
        script.declared_at,
        dep.package,
        script.src_path.display()
    );
    carried(named, &dep.id, outputs)
}

/// What the bundled package's own build script told Cargo (`id`: the package's), or why a
/// bundle cannot carry it.
pub fn own_output<'a>(
    manifest_path: &Path,
    package: &Package,
    id: &str,
    outputs: &'a Outputs,
) -> Result<&'a ScriptOutput> {
    let script = package.build_script.as_deref().unwrap_or("build.rs");
    let named = format!(
        "{}: the package's build script ({script})",
        manifest_path.display()
    );
    carried(named, id, outputs)
}

/// The output of package `id`'s script, `named` in messages: refused when it did not run or
/// links native code.
fn carried<'a>(named: String, id: &str, outputs: &'a Outputs) -> Result<&'a ScriptOutput> {
    let output = outputs.by_package.get(id).ok_or_else(|| {
        let why = match &outputs.failure {
            Some(stderr) => format!(": {stderr}"),
            None => String::new(),
        };
        Error::new(format!("{named} did not run under `cargo check`{why}"))
    })?;
    if !output.links.is_empty() {
        return Err(Error::new(format!(
            "{named} links native code ({}); that cannot be bundled into one file",
            output.links.join(", ")
        )));
    }
    Ok(output)
}

/// Where `cargo check` builds: one folder under the system's temporary folder.
fn target_dir() -> PathBuf {
    std::env::temp_dir().join("bundler-build-scripts")
}

/// The `build-script-executed` messages among Cargo's JSON lines (separate for tests).
pub fn parse_messages(stdout: &str) -> BTreeMap<String, ScriptOutput> {
    let mut outputs = BTreeMap::new();
    for line in stdout.lines() {
        let Ok(message) = serde_json::from_str::<Value>(line) else {
            continue;
        };
        if message["reason"] != "build-script-executed" {
            continue;
        }
        let strings = |key: &str| -> Vec<String> {
            message[key]
                .as_array()
                .map(|items| {
                    items
                        .iter()
                        .filter_map(|item| item.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default()
        };
        let mut env: Vec<(String, String)> = message["env"]
            .as_array()
            .map(|pairs| {
                pairs
                    .iter()
                    .filter_map(|pair| Some((pair[0].as_str()?.into(), pair[1].as_str()?.into())))
                    .collect()
            })
            .unwrap_or_default();
        if let Some(out_dir) = message["out_dir"].as_str() {
            env.push(("OUT_DIR".to_string(), out_dir.to_string()));
        }
        let mut links = strings("linked_libs");
        links.extend(strings("linked_paths"));
        let output = ScriptOutput {
            cfgs: strings("cfgs").iter().map(|cfg| parse_cfg(cfg)).collect(),
            env,
            links,
        };
        if let Some(id) = message["package_id"].as_str() {
            outputs.insert(id.to_string(), output);
        }
    }
    outputs
}

/// The proc-macro libraries among Cargo's `compiler-artifact` messages, by package id.
pub fn parse_proc_macro_libs(stdout: &str) -> BTreeMap<String, PathBuf> {
    let mut libs = BTreeMap::new();
    for line in stdout.lines() {
        let Ok(message) = serde_json::from_str::<Value>(line) else {
            continue;
        };
        let proc_macro = message["target"]["kind"]
            .as_array()
            .is_some_and(|kinds| kinds.iter().any(|k| k == "proc-macro"));
        if message["reason"] != "compiler-artifact" || !proc_macro {
            continue;
        }
        let file = message["filenames"]
            .as_array()
            .and_then(|f| f.first()?.as_str());
        if let (Some(id), Some(file)) = (message["package_id"].as_str(), file) {
            libs.insert(id.to_string(), PathBuf::from(file));
        }
    }
    libs
}

/// `name` or `name="value"`, as Cargo reports a `cargo:rustc-cfg`.
fn parse_cfg(text: &str) -> Cfg {
    match text.split_once('=') {
        Some((name, value)) => (
            name.trim().to_string(),
            Some(value.trim().trim_matches('"').to_string()),
        ),
        None => (text.trim().to_string(), None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_cfgs_env_and_links_of_each_script() {
        let stdout = concat!(
            r#"{"reason":"compiler-artifact","package_id":"a 1.0.0"}"#,
            "\n",
            r#"{"reason":"build-script-executed","package_id":"num-traits 0.2.19","linked_libs":[],"linked_paths":[],"cfgs":["has_total_cmp","width=\"64\""],"env":[["GREETING","hi"]],"out_dir":"/t/out"}"#,
            "\n",
            "not json\n",
            r#"{"reason":"build-script-executed","package_id":"sys 0.1.0","linked_libs":["static=z"],"linked_paths":["native=/x"],"cfgs":[],"env":[],"out_dir":"/t/sys"}"#,
            "\n",
        );
        let outputs = parse_messages(stdout);
        assert_eq!(outputs.len(), 2);
        let num = &outputs["num-traits 0.2.19"];
        let expected: BTreeSet<Cfg> = [
            ("has_total_cmp".to_string(), None),
            ("width".to_string(), Some("64".to_string())),
        ]
        .into_iter()
        .collect();
        assert_eq!(num.cfgs, expected);
        assert_eq!(
            num.env,
            vec![
                ("GREETING".to_string(), "hi".to_string()),
                ("OUT_DIR".to_string(), "/t/out".to_string())
            ]
        );
        assert!(num.links.is_empty());
        assert_eq!(outputs["sys 0.1.0"].links, vec!["static=z", "native=/x"]);
    }

    #[test]
    fn finds_the_built_proc_macro_libraries() {
        let stdout = concat!(
            r#"{"reason":"compiler-artifact","package_id":"a 1.0.0","target":{"kind":["lib"]},"filenames":["/t/liba.rmeta"]}"#,
            "\n",
            r#"{"reason":"compiler-artifact","package_id":"d 0.1.0","target":{"kind":["proc-macro"]},"filenames":["/t/libd-1.so"],"fresh":true}"#,
            "\n",
        );
        let libs = parse_proc_macro_libs(stdout);
        assert_eq!(libs.len(), 1);
        assert_eq!(libs["d 0.1.0"], PathBuf::from("/t/libd-1.so"));
    }
}
