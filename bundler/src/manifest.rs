//! Reading one package's `Cargo.toml`: its name, version, library and binaries.
//!
//! Follows Cargo's rules for target discovery (`[lib]`, `[[bin]]`, `src/main.rs`,
//! `src/bin/NAME.rs`, `src/bin/NAME/main.rs`) and for fields inherited from the workspace.

use crate::error::{Error, Result};
use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use toml::Value;

/// A compilation target of the package: the library or one binary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// Crate name as code sees it (hyphens already replaced for the library).
    pub name: String,
    /// Absolute path of the crate root file.
    pub path: PathBuf,
}

/// What the bundler needs to know about a package.
#[derive(Debug, Clone)]
pub struct Package {
    /// `package.name`, as written (may contain hyphens).
    pub name: String,
    /// Directory holding the manifest.
    pub dir: PathBuf,
    /// Values of the `CARGO_PKG_*` variables Cargo sets when compiling this package.
    pub env: Vec<(String, String)>,
    /// The library target, if any.
    pub lib: Option<Target>,
    /// Every binary target, sorted by name.
    pub bins: Vec<Target>,
    /// Features enabled by default (the set a plain `cargo run` compiles with).
    pub features: BTreeSet<String>,
    /// The package's edition: 2015, 2018, 2021 or 2024.
    pub edition: String,
    /// Its build script (`build.rs`, or `package.build`), relative to `dir`.
    pub build_script: Option<String>,
}

impl Package {
    /// The value of the environment variable Cargo would set, if it is one of those.
    pub fn env_var(&self, name: &str) -> Option<&str> {
        self.env
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }

    /// The binary target called `name`, or a message listing the binaries there are.
    pub fn bin(&self, name: &str) -> Result<&Target> {
        self.bins
            .iter()
            .find(|bin| bin.name == name)
            .ok_or_else(|| {
                let names: Vec<&str> = self.bins.iter().map(|bin| bin.name.as_str()).collect();
                Error::new(format!(
                    "package `{}` has no binary `{}` (binaries: {})",
                    self.name,
                    name,
                    if names.is_empty() {
                        "none".to_string()
                    } else {
                        names.join(", ")
                    }
                ))
            })
    }
}

fn read_toml(path: &Path) -> Result<Value> {
    let text = fs::read_to_string(path)
        .map_err(|err| Error::new(format!("cannot read {}: {err}", path.display())))?;
    text.parse::<Value>()
        .map_err(|err| Error::new(format!("{}: invalid TOML: {err}", path.display())))
}

/// The nearest `Cargo.toml` above `dir` (or in it) that declares a `[workspace]`.
fn find_workspace_manifest(dir: &Path) -> Option<(PathBuf, Value)> {
    let mut current = Some(dir);
    while let Some(folder) = current {
        let candidate = folder.join("Cargo.toml");
        if candidate.is_file() {
            if let Ok(value) = read_toml(&candidate) {
                if value.get("workspace").is_some() {
                    return Some((candidate, value));
                }
            }
        }
        current = folder.parent();
    }
    None
}

/// A `package` field, following `field.workspace = true` to `[workspace.package]`.
fn package_field(package: &Value, key: &str, dir: &Path) -> Result<Option<Value>> {
    let Some(value) = package.get(key) else {
        return Ok(None);
    };
    let inherited = value
        .get("workspace")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    if !inherited {
        return Ok(Some(value.clone()));
    }
    let (path, workspace) = find_workspace_manifest(dir).ok_or_else(|| {
        Error::new(format!(
            "`{key}.workspace = true` in {} but no workspace manifest above it",
            dir.join("Cargo.toml").display()
        ))
    })?;
    workspace
        .get("workspace")
        .and_then(|ws| ws.get("package"))
        .and_then(|pkg| pkg.get(key))
        .cloned()
        .map(Some)
        .ok_or_else(|| {
            Error::new(format!(
                "{}: `workspace.package.{key}` is missing",
                path.display()
            ))
        })
}

fn string_field(package: &Value, key: &str, dir: &Path) -> Result<String> {
    Ok(match package_field(package, key, dir)? {
        Some(Value::String(text)) => text,
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(Value::as_str)
            .collect::<Vec<_>>()
            .join(":"),
        _ => String::new(),
    })
}

/// The line (1-based) of `key` in the TOML table named `table` (`[table]` with `key = ...`,
/// or `[table.key]`), for messages; 1 when not found.
fn line_of_key(text: &str, table: &str, key: &str) -> usize {
    let mut current = String::new();
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if let Some(header) = trimmed.strip_prefix('[') {
            current = header.trim_end_matches(']').trim().replace(['\'', '"'], "");
            if current == format!("{table}.{key}") {
                return index + 1;
            }
            continue;
        }
        let starts_with_key = trimmed
            .strip_prefix(key)
            .is_some_and(|rest| rest.trim_start().starts_with(['=', '.']));
        if current == table && starts_with_key {
            return index + 1;
        }
    }
    1
}

/// Whether the package has a dependency that a plain build compiles (an optional one only when
/// a default feature turns it on); then [`crate::deps`] asks Cargo for the graph.
pub fn needs_dependencies(manifest_path: &Path) -> bool {
    let Ok(manifest) = read_toml(manifest_path) else {
        return false;
    };
    let enabled = enabled_optional_deps(&manifest);
    let needed = |table: &Value| {
        table
            .get("dependencies")
            .and_then(Value::as_table)
            .is_some_and(|deps| {
                deps.iter().any(|(name, spec)| {
                    let optional = spec.get("optional").and_then(Value::as_bool) == Some(true);
                    !optional || enabled.contains(name)
                })
            })
    };
    needed(&manifest)
        || manifest
            .get("target")
            .and_then(Value::as_table)
            .is_some_and(|targets| targets.values().any(needed))
}

/// The line of dependency `name` in the manifest's `[dependencies]` (1 when not found).
pub fn dependency_line(manifest_path: &Path, name: &str) -> usize {
    let text = fs::read_to_string(manifest_path).unwrap_or_default();
    line_of_key(&text, "dependencies", name)
}

/// Refuses what one file cannot carry: a proc-macro library.
fn refuse_proc_macro(manifest: &Value, path: &Path) -> Result<()> {
    let proc_macro = manifest
        .get("lib")
        .and_then(|lib| lib.get("proc-macro").or_else(|| lib.get("proc_macro")))
        .and_then(Value::as_bool)
        .unwrap_or(false);
    if proc_macro {
        return Err(Error::new(format!(
            "{}: the library is a proc macro crate; proc macros cannot be bundled into one file",
            path.display()
        )));
    }
    Ok(())
}

/// The package's build script as Cargo finds it: `package.build`, else `build.rs` beside the
/// manifest; `build = false` turns it off.
fn build_script(package: &Value, dir: &Path) -> Option<String> {
    match package.get("build") {
        Some(Value::Boolean(false)) => None,
        Some(Value::String(script)) => Some(script.clone()),
        _ if dir.join("build.rs").is_file() => Some("build.rs".to_string()),
        _ => None,
    }
}

/// The optional dependencies a plain build turns on: named by an enabled feature as `dep:x`,
/// `x/feature` or (the implicit feature) `x`.
fn enabled_optional_deps(manifest: &Value) -> BTreeSet<String> {
    let mut deps = BTreeSet::new();
    let features = default_features(manifest);
    let table = manifest.get("features").and_then(Value::as_table);
    for feature in &features {
        deps.insert(feature.clone());
        let list = table.and_then(|t| t.get(feature)).and_then(Value::as_array);
        for item in list.into_iter().flatten().filter_map(Value::as_str) {
            if let Some(dep) = item.strip_prefix("dep:") {
                deps.insert(dep.to_string());
            } else if let Some((dep, _)) = item.split_once('/') {
                if !dep.ends_with('?') {
                    deps.insert(dep.to_string());
                }
            }
        }
    }
    deps
}

/// The features a plain build enables: `default` and everything it enables, transitively.
fn default_features(manifest: &Value) -> BTreeSet<String> {
    let mut enabled = BTreeSet::new();
    let Some(table) = manifest.get("features").and_then(Value::as_table) else {
        return enabled;
    };
    let mut pending = vec!["default".to_string()];
    while let Some(feature) = pending.pop() {
        if !enabled.insert(feature.clone()) {
            continue;
        }
        if let Some(list) = table.get(&feature).and_then(Value::as_array) {
            for item in list.iter().filter_map(Value::as_str) {
                if !item.contains(':') && !item.contains('/') {
                    pending.push(item.to_string());
                }
            }
        }
    }
    if !table.contains_key("default") {
        enabled.remove("default");
    }
    enabled
}

/// Binaries Cargo finds on its own: `src/main.rs`, `src/bin/NAME.rs`, `src/bin/NAME/main.rs`.
fn discovered_bins(package_name: &str, dir: &Path) -> Vec<Target> {
    let mut bins = Vec::new();
    let main = dir.join("src").join("main.rs");
    if main.is_file() {
        bins.push(Target {
            name: package_name.to_string(),
            path: main,
        });
    }
    let bin_dir = dir.join("src").join("bin");
    let mut entries: Vec<PathBuf> = fs::read_dir(&bin_dir)
        .map(|read| {
            read.filter_map(|entry| entry.ok().map(|e| e.path()))
                .collect()
        })
        .unwrap_or_default();
    entries.sort();
    for path in entries {
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        if path.is_file() && path.extension().is_some_and(|ext| ext == "rs") {
            bins.push(Target {
                name: stem.to_string(),
                path: path.clone(),
            });
        } else if path.is_dir() && path.join("main.rs").is_file() {
            bins.push(Target {
                name: stem.to_string(),
                path: path.join("main.rs"),
            });
        }
    }
    bins
}

/// Reads the package whose manifest is at `manifest_path`.
pub fn read_package(manifest_path: &Path) -> Result<Package> {
    read(manifest_path, true)
}

/// Reads a dependency's manifest (its own dependencies are Cargo's business, through
/// [`crate::deps`]).
pub fn read_dependency(manifest_path: &Path) -> Result<Package> {
    read(manifest_path, false)
}

fn read(manifest_path: &Path, root: bool) -> Result<Package> {
    // Messages name the manifest as the user gave it.
    let shown_manifest = manifest_path;
    let manifest_path = manifest_path
        .canonicalize()
        .map_err(|err| Error::new(format!("cannot read {}: {err}", manifest_path.display())))?;
    let dir = manifest_path
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();
    let manifest = read_toml(&manifest_path)?;
    let package = manifest.get("package").ok_or_else(|| {
        Error::new(format!(
            "{}: no [package] section (a workspace manifest? pass the package's Cargo.toml)",
            manifest_path.display()
        ))
    })?;
    let name = package
        .get("name")
        .and_then(Value::as_str)
        .ok_or_else(|| Error::new(format!("{}: package has no name", manifest_path.display())))?
        .to_string();
    if root {
        refuse_proc_macro(&manifest, shown_manifest)?;
    }
    let edition = string_field(package, "edition", &dir)?;
    // No edition is edition 2015.
    let edition = if edition.is_empty() {
        "2015".to_string()
    } else {
        edition
    };
    if !["2015", "2018", "2021", "2024"].contains(&edition.as_str()) {
        return Err(Error::new(format!(
            "{}: edition {edition} is not supported (2015, 2018, 2021 and 2024 are); the bundle is compiled as edition 2021",
            manifest_path.display()
        )));
    }

    let version = string_field(package, "version", &dir)?;
    let version = if version.is_empty() {
        "0.0.0".to_string()
    } else {
        version
    };
    let mut parts = version.split(['.', '-']);
    let major = parts.next().unwrap_or("0").to_string();
    let minor = parts.next().unwrap_or("0").to_string();
    let patch = parts.next().unwrap_or("0").to_string();
    let pre = version
        .split_once('-')
        .map(|(_, pre)| pre.to_string())
        .unwrap_or_default();
    let mut env = vec![
        ("CARGO_PKG_NAME".to_string(), name.clone()),
        ("CARGO_PKG_VERSION".to_string(), version.clone()),
        ("CARGO_PKG_VERSION_MAJOR".to_string(), major),
        ("CARGO_PKG_VERSION_MINOR".to_string(), minor),
        ("CARGO_PKG_VERSION_PATCH".to_string(), patch),
        ("CARGO_PKG_VERSION_PRE".to_string(), pre),
    ];
    for (var, key) in [
        ("CARGO_PKG_AUTHORS", "authors"),
        ("CARGO_PKG_DESCRIPTION", "description"),
        ("CARGO_PKG_HOMEPAGE", "homepage"),
        ("CARGO_PKG_REPOSITORY", "repository"),
        ("CARGO_PKG_LICENSE", "license"),
        ("CARGO_PKG_RUST_VERSION", "rust-version"),
    ] {
        env.push((var.to_string(), string_field(package, key, &dir)?));
    }

    let lib_table = manifest.get("lib");
    let lib_path = lib_table
        .and_then(|lib| lib.get("path"))
        .and_then(Value::as_str)
        .map(|path| dir.join(path))
        .unwrap_or_else(|| dir.join("src").join("lib.rs"));
    let lib = if lib_path.is_file() {
        let lib_name = lib_table
            .and_then(|lib| lib.get("name"))
            .and_then(Value::as_str)
            .unwrap_or(&name)
            .replace('-', "_");
        Some(Target {
            name: lib_name,
            path: lib_path,
        })
    } else {
        None
    };

    let autobins = package
        .get("autobins")
        .and_then(Value::as_bool)
        .unwrap_or(true);
    let mut bins = if autobins {
        discovered_bins(&name, &dir)
    } else {
        Vec::new()
    };
    if let Some(explicit) = manifest.get("bin").and_then(Value::as_array) {
        for entry in explicit {
            let Some(bin_name) = entry.get("name").and_then(Value::as_str) else {
                return Err(Error::new(format!(
                    "{}: a [[bin]] has no name",
                    manifest_path.display()
                )));
            };
            let path = match entry.get("path").and_then(Value::as_str) {
                Some(path) => dir.join(path),
                None => {
                    let flat = dir.join("src").join("bin").join(format!("{bin_name}.rs"));
                    let nested = dir.join("src").join("bin").join(bin_name).join("main.rs");
                    if flat.is_file() {
                        flat
                    } else if nested.is_file() {
                        nested
                    } else {
                        dir.join("src").join("main.rs")
                    }
                }
            };
            bins.retain(|bin| bin.name != bin_name && bin.path != path);
            bins.push(Target {
                name: bin_name.to_string(),
                path,
            });
        }
    }
    bins.sort_by(|a, b| a.name.cmp(&b.name));

    let build_script = build_script(package, &dir);
    Ok(Package {
        name,
        dir,
        env,
        lib,
        bins,
        features: default_features(&manifest),
        edition,
        build_script,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn optional_dependencies_count_only_when_a_default_feature_enables_them() {
        let manifest: Value = "[dependencies]\na = { version = \"1\", optional = true }\nb = { version = \"1\", optional = true }\nc = { version = \"1\", optional = true }\nd = { version = \"1\", optional = true }\n[features]\ndefault = [\"x\", \"c\"]\nx = [\"dep:a\", \"d?/f\"]\ny = [\"b/f\"]\n"
            .parse()
            .expect("toml");
        let enabled = enabled_optional_deps(&manifest);
        assert!(enabled.contains("a") && enabled.contains("c"));
        assert!(!enabled.contains("b") && !enabled.contains("d"));
    }

    #[test]
    fn dependency_lines_are_found() {
        let text = "[package]\nname = \"x\"\n\n[dependencies]\nserde = \"1\"\n\n[dependencies.rand]\nversion = \"0.8\"\n";
        assert_eq!(line_of_key(text, "dependencies", "serde"), 5);
        assert_eq!(line_of_key(text, "dependencies", "rand"), 7);
        assert_eq!(line_of_key(text, "dependencies", "missing"), 1);
    }
}
