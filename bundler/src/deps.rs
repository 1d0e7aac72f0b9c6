//! Dependencies as Cargo resolves them, read from `cargo metadata`: path dependencies,
//! workspace siblings, registry crates from Cargo's source cache (or a vendored copy through
//! source replacement), transitive ones, renamed libraries, optional dependencies and features.
//! Each dependency becomes a module of the bundle; [`crate::paths`] rewrites the paths that
//! name it. A proc-macro crate is not carried: it is listed apart, and the calls of its macros
//! are expanded while bundling ([`crate::proc_macros`]); what a build script tells Cargo is
//! read by [`crate::build_scripts`].

use crate::error::{Error, Result};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

/// One dependency crate to bundle.
#[derive(Debug, Clone)]
pub struct DepCrate {
    /// The package name.
    pub package: String,
    pub version: String,
    /// The library's crate name (`either`, `ac_library`).
    pub crate_name: String,
    /// Its manifest and root file.
    pub manifest_path: PathBuf,
    pub lib_path: PathBuf,
    pub edition: String,
    /// Features Cargo enables for it.
    pub features: BTreeSet<String>,
    /// Its own dependencies: (name its code uses, index in [`Resolved::crates`]).
    pub deps: Vec<(String, usize)>,
    /// Cargo's id of the package, as `cargo check` names it.
    pub id: String,
    /// Its build script, if it has one.
    pub build_script: Option<BuildScript>,
    /// Its proc-macro dependencies: (name its code uses, index in [`Resolved::proc_macros`]).
    pub proc_macros: Vec<(String, usize)>,
}

/// A proc-macro dependency: run while bundling, never carried.
#[derive(Debug, Clone)]
pub struct ProcMacroCrate {
    pub package: String,
    /// The library's crate name (`proconio_derive`).
    pub crate_name: String,
    /// Cargo's id of the package, as `cargo check` names it.
    pub id: String,
    /// Its library's root file (its derive helper attributes are read from its sources).
    pub lib_path: PathBuf,
    /// Where it is declared, for messages (`Cargo.toml:8`).
    pub declared_at: String,
}

/// The dependencies of one package, as its code names them.
#[derive(Debug, Clone, Default)]
struct Edges {
    /// (name, index in [`Resolved::crates`]).
    crates: Vec<(String, usize)>,
    /// (name, index in [`Resolved::proc_macros`]).
    proc_macros: Vec<(String, usize)>,
}

/// A dependency's build script.
#[derive(Debug, Clone)]
pub struct BuildScript {
    pub src_path: PathBuf,
    /// Where the dependency is declared, for messages (`Cargo.toml:8`).
    pub declared_at: String,
}

/// The resolved graph: crates in an order where each comes after its dependencies.
#[derive(Debug, Clone, Default)]
pub struct Resolved {
    pub crates: Vec<DepCrate>,
    /// The root package's dependencies: (name its code uses, index).
    pub root_deps: Vec<(String, usize)>,
    /// Cargo's id of the root package, as `cargo check` names it.
    pub root_id: String,
    /// Proc-macro crates anywhere in the graph.
    pub proc_macros: Vec<ProcMacroCrate>,
    /// The root package's proc-macro dependencies: (name its code uses, index).
    pub root_proc_macros: Vec<(String, usize)>,
}

/// The triple of the machine the bundler runs on, as rustc names it.
pub fn host() -> Option<String> {
    let output = Command::new("rustc").arg("-vV").output().ok()?;
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    text.lines()
        .find_map(|l| l.strip_prefix("host: "))
        .map(str::to_string)
}

/// Runs `cargo metadata` for the package at `manifest_path` and walks its normal dependencies.
/// `exclude`: crate names left to the judge (not bundled, not followed). Platform-specific
/// dependencies are those of `target`, or of this machine.
pub fn resolve(
    manifest_path: &Path,
    exclude: &BTreeSet<String>,
    target: Option<&str>,
) -> Result<Resolved> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    // Cargo reads `.cargo/config.toml` (source replacement, vendoring) from where it runs.
    if let Some(dir) = manifest_path.parent().filter(|d| !d.as_os_str().is_empty()) {
        command.current_dir(dir);
    }
    command
        .args(["metadata", "--format-version", "1", "--manifest-path"])
        .arg(
            manifest_path
                .canonicalize()
                .unwrap_or_else(|_| manifest_path.to_path_buf()),
        );
    if let Some(platform) = target.map(str::to_string).or_else(host) {
        command.args(["--filter-platform", &platform]);
    }
    let output = command
        .output()
        .map_err(|err| Error::new(format!("cannot run cargo metadata: {err}")))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        // Name the dependency cargo names, where the manifest declares it.
        let name = stderr.split('`').nth(1).unwrap_or("").to_string();
        let line = crate::manifest::dependency_line(manifest_path, &name);
        return Err(Error::new(format!(
            "{}:{line}: cargo cannot resolve the dependencies (nothing is downloaded while bundling; `cargo fetch` or vendor them first): {}",
            manifest_path.display(),
            stderr.trim()
        )));
    }
    let metadata: Value = serde_json::from_slice(&output.stdout)
        .map_err(|err| Error::new(format!("cargo metadata: unreadable output: {err}")))?;
    from_metadata(&metadata, manifest_path, exclude)
}

fn text(value: &Value) -> String {
    value.as_str().unwrap_or("").to_string()
}

/// Walks the metadata (separate from running cargo, for tests).
pub fn from_metadata(
    metadata: &Value,
    manifest_path: &Path,
    exclude: &BTreeSet<String>,
) -> Result<Resolved> {
    let empty = Vec::new();
    let packages: BTreeMap<String, &Value> = metadata["packages"]
        .as_array()
        .unwrap_or(&empty)
        .iter()
        .map(|p| (text(&p["id"]), p))
        .collect();
    let nodes: BTreeMap<String, &Value> = metadata["resolve"]["nodes"]
        .as_array()
        .unwrap_or(&empty)
        .iter()
        .map(|n| (text(&n["id"]), n))
        .collect();
    let wanted = manifest_path
        .canonicalize()
        .unwrap_or_else(|_| manifest_path.to_path_buf());
    let root = packages
        .iter()
        .find(|(_, p)| {
            Path::new(&text(&p["manifest_path"]))
                .canonicalize()
                .is_ok_and(|path| path == wanted)
        })
        .map(|(id, _)| id.clone())
        .ok_or_else(|| Error::new("cargo metadata does not list the package"))?;

    let mut resolved = Resolved::default();
    let mut index_of: BTreeMap<String, usize> = BTreeMap::new();
    let edges = walk(
        manifest_path,
        &root,
        &packages,
        &nodes,
        exclude,
        &mut resolved,
        &mut index_of,
        &mut Vec::new(),
    )?;
    resolved.root_deps = edges.crates;
    resolved.root_proc_macros = edges.proc_macros;
    resolved.root_id = root;
    Ok(resolved)
}

/// Where a dependency is declared: the line of its entry in the manifest of the package that
/// depends on it (the root's as the user named it; the package name is tried first, then the
/// name the code uses).
fn place(declaring_manifest: &Path, package: &str, extern_name: &str) -> String {
    let line = match crate::manifest::dependency_line(declaring_manifest, package) {
        1 => crate::manifest::dependency_line(declaring_manifest, extern_name),
        line => line,
    };
    format!("{}:{line}", declaring_manifest.display())
}

/// Whether the normal dependency that `package`'s code calls `extern_name` is built: always
/// unless it is optional, and then only when an enabled feature turns it on (its implicit
/// feature, `dep:name` or `name/feature`). `cargo metadata` also lists an optional
/// dependency that is only a dev-dependency's namesake (priority-queue's `serde`).
fn optional_dep_enabled(package: &Value, node: &Value, extern_name: &str) -> bool {
    let empty = Vec::new();
    let declared_name = |d: &Value| -> String {
        text(if d["rename"].is_string() {
            &d["rename"]
        } else {
            &d["name"]
        })
    };
    let declared: Vec<&Value> = package["dependencies"]
        .as_array()
        .unwrap_or(&empty)
        .iter()
        .filter(|d| d["kind"].is_null())
        .filter(|d| declared_name(d).replace('-', "_") == extern_name)
        .collect();
    if declared.is_empty() || declared.iter().any(|d| d["optional"] != true) {
        return true;
    }
    let enabled: BTreeSet<String> = node["features"]
        .as_array()
        .unwrap_or(&empty)
        .iter()
        .map(text)
        .collect();
    let features = &package["features"];
    declared.iter().any(|d| {
        let name = declared_name(d);
        let name = name.as_str();
        enabled.contains(name)
            || enabled.iter().any(|feature| {
                features[feature.as_str()]
                    .as_array()
                    .unwrap_or(&empty)
                    .iter()
                    .filter_map(Value::as_str)
                    .any(|item| {
                        item == format!("dep:{name}")
                            || item
                                .strip_prefix(name)
                                .is_some_and(|rest| rest.starts_with('/'))
                    })
            })
    })
}

/// The normal dependencies of package `id`, each added (with its own) to `resolved` first.
#[allow(clippy::too_many_arguments)]
fn walk(
    root_manifest: &Path,
    id: &str,
    packages: &BTreeMap<String, &Value>,
    nodes: &BTreeMap<String, &Value>,
    exclude: &BTreeSet<String>,
    resolved: &mut Resolved,
    index_of: &mut BTreeMap<String, usize>,
    path: &mut Vec<String>,
) -> Result<Edges> {
    let empty = Vec::new();
    let mut out = Edges::default();
    let Some(node) = nodes.get(id) else {
        return Ok(out);
    };
    let parent = packages.get(id).copied();
    for dep in node["deps"].as_array().unwrap_or(&empty) {
        let normal = dep["dep_kinds"]
            .as_array()
            .unwrap_or(&empty)
            .iter()
            .any(|k| k["kind"].is_null());
        let extern_name = text(&dep["name"]);
        if !normal || parent.is_some_and(|p| !optional_dep_enabled(p, node, &extern_name)) {
            continue;
        }
        let dep_id = text(&dep["pkg"]);
        if exclude.contains(&extern_name) {
            continue;
        }
        if let Some(&index) = index_of.get(&dep_id) {
            out.crates.push((extern_name, index));
            continue;
        }
        if let Some(index) = resolved.proc_macros.iter().position(|p| p.id == dep_id) {
            out.proc_macros.push((extern_name, index));
            continue;
        }
        if path.contains(&dep_id) {
            return Err(Error::new(format!("dependency cycle through {dep_id}")));
        }
        let Some(package) = packages.get(&dep_id) else {
            continue;
        };
        let manifest = PathBuf::from(text(&package["manifest_path"]));
        let name = text(&package["name"]);
        let targets = package["targets"].as_array().unwrap_or(&empty);
        let kinds = |t: &Value| -> Vec<String> {
            t["kind"]
                .as_array()
                .unwrap_or(&empty)
                .iter()
                .map(text)
                .collect()
        };
        let Some(lib) = targets.iter().find(|t| {
            kinds(t)
                .iter()
                .any(|k| k == "lib" || k == "rlib" || k == "proc-macro")
        }) else {
            continue;
        };
        let declaring = if path.is_empty() {
            root_manifest.to_path_buf()
        } else {
            parent.map_or_else(
                || manifest.clone(),
                |p| PathBuf::from(text(&p["manifest_path"])),
            )
        };
        if kinds(lib).iter().any(|k| k == "proc-macro") {
            // Its own dependencies (syn, quote) run with it; none is followed.
            resolved.proc_macros.push(ProcMacroCrate {
                package: name.clone(),
                crate_name: text(&lib["name"]).replace('-', "_"),
                id: dep_id.clone(),
                lib_path: PathBuf::from(text(&lib["src_path"])),
                declared_at: place(&declaring, &name, &extern_name),
            });
            out.proc_macros
                .push((extern_name, resolved.proc_macros.len() - 1));
            continue;
        }
        let build_script = targets
            .iter()
            .find(|t| kinds(t).iter().any(|k| k == "custom-build"))
            .map(|script| BuildScript {
                src_path: PathBuf::from(text(&script["src_path"])),
                declared_at: place(&declaring, &name, &extern_name),
            });
        path.push(dep_id.clone());
        let edges = walk(
            root_manifest,
            &dep_id,
            packages,
            nodes,
            exclude,
            resolved,
            index_of,
            path,
        )?;
        path.pop();
        let features = nodes
            .get(&dep_id)
            .and_then(|n| n["features"].as_array())
            .unwrap_or(&empty)
            .iter()
            .map(text)
            .collect();
        let edition = lib["edition"]
            .as_str()
            .or(package["edition"].as_str())
            .unwrap_or("2015")
            .to_string();
        resolved.crates.push(DepCrate {
            package: name,
            version: text(&package["version"]),
            crate_name: text(&lib["name"]).replace('-', "_"),
            manifest_path: manifest,
            lib_path: PathBuf::from(text(&lib["src_path"])),
            edition,
            features,
            deps: edges.crates,
            id: dep_id.clone(),
            build_script,
            proc_macros: edges.proc_macros,
        });
        let index = resolved.crates.len() - 1;
        index_of.insert(dep_id, index);
        out.crates.push((extern_name, index));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// priority-queue: `serde` is optional, off, and also a dev-dependency; `cargo metadata`
    /// lists it among the normal dependencies all the same.
    #[test]
    fn an_optional_dependency_counts_only_when_a_feature_turns_it_on() {
        let package = json!({
            "dependencies": [
                {"name": "indexmap", "rename": null, "kind": null, "optional": false},
                {"name": "serde", "rename": null, "kind": null, "optional": true},
                {"name": "serde", "rename": null, "kind": "dev", "optional": false},
                {"name": "bit-vec", "rename": null, "kind": null, "optional": true},
                {"name": "foldhash", "rename": "hasher", "kind": null, "optional": true},
                {"name": "rayon", "rename": null, "kind": null, "optional": true},
            ],
            "features": {
                "default": ["std"],
                "std": ["bit-vec/std", "dep:hasher"],
                "parallel": ["dep:rayon"],
            },
        });
        let node = json!({"features": ["default", "std"]});
        assert!(optional_dep_enabled(&package, &node, "indexmap"));
        assert!(!optional_dep_enabled(&package, &node, "serde"));
        assert!(optional_dep_enabled(&package, &node, "bit_vec"));
        assert!(optional_dep_enabled(&package, &node, "hasher"));
        assert!(!optional_dep_enabled(&package, &node, "rayon"));
        let with_serde = json!({"features": ["serde"]});
        assert!(optional_dep_enabled(&package, &with_serde, "serde"));
    }
}
