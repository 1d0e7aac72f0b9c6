//! The upload targets declared in the workspace manifest:
//!
//! ```toml
//! [[workspace.metadata.bundler.targets]]
//! name = "checkers"   # the binary, and the folder under submissions/
//! package = "engine"
//! limit = 1_000_000   # the judge's source size limit in bytes
//! ```

use crate::error::{Error, Result};
use std::fs;
use std::path::{Path, PathBuf};
use toml::Value;

/// One upload target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UploadTarget {
    /// Binary name, also the folder name under `submissions/`.
    pub name: String,
    /// Package holding the binary.
    pub package: String,
    /// Largest accepted output, in bytes.
    pub limit: u64,
}

/// The workspace: its root folder and its targets.
#[derive(Debug, Clone)]
pub struct Workspace {
    /// Folder of the workspace `Cargo.toml`.
    pub root: PathBuf,
    /// Targets in the order declared.
    pub targets: Vec<UploadTarget>,
    /// Member folders, as declared.
    pub members: Vec<PathBuf>,
}

impl Workspace {
    /// The nearest workspace at or above `start` that declares bundler targets.
    pub fn find(start: &Path) -> Result<Self> {
        let mut current = Some(start);
        while let Some(dir) = current {
            let manifest = dir.join("Cargo.toml");
            if manifest.is_file() {
                let text = fs::read_to_string(&manifest).map_err(|err| {
                    Error::new(format!("cannot read {}: {err}", manifest.display()))
                })?;
                let value: Value = text.parse().map_err(|err| {
                    Error::new(format!("{}: invalid TOML: {err}", manifest.display()))
                })?;
                if value.get("workspace").is_some() {
                    return Self::from_manifest(dir, &value);
                }
            }
            current = dir.parent();
        }
        Err(Error::new(format!(
            "no workspace Cargo.toml at or above {}",
            start.display()
        )))
    }

    fn from_manifest(root: &Path, value: &Value) -> Result<Self> {
        let workspace = &value["workspace"];
        let members = workspace
            .get("members")
            .and_then(Value::as_array)
            .map(|list| {
                list.iter()
                    .filter_map(Value::as_str)
                    .map(|m| root.join(m))
                    .collect()
            })
            .unwrap_or_default();
        let entries = workspace
            .get("metadata")
            .and_then(|m| m.get("bundler"))
            .and_then(|b| b.get("targets"))
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        let mut targets = Vec::new();
        for entry in entries {
            let field = |key: &str| entry.get(key).cloned();
            let name = field("name").and_then(|v| v.as_str().map(str::to_string));
            let package = field("package").and_then(|v| v.as_str().map(str::to_string));
            let limit = field("limit").and_then(|v| v.as_integer());
            match (name, package, limit) {
                (Some(name), Some(package), Some(limit)) if limit > 0 => {
                    targets.push(UploadTarget {
                        name,
                        package,
                        limit: limit as u64,
                    })
                }
                _ => {
                    return Err(Error::new(format!(
                        "{}: every [[workspace.metadata.bundler.targets]] needs name, package and a positive limit",
                        root.join("Cargo.toml").display()
                    )))
                }
            }
        }
        Ok(Workspace {
            root: root.to_path_buf(),
            targets,
            members,
        })
    }

    /// The manifest of the member package called `package`.
    pub fn package_manifest(&self, package: &str) -> Result<PathBuf> {
        for member in &self.members {
            let manifest = member.join("Cargo.toml");
            let Ok(text) = fs::read_to_string(&manifest) else {
                continue;
            };
            let Ok(value) = text.parse::<Value>() else {
                continue;
            };
            let name = value
                .get("package")
                .and_then(|p| p.get("name"))
                .and_then(Value::as_str);
            if name == Some(package) {
                return Ok(manifest);
            }
        }
        Err(Error::new(format!(
            "no workspace member is package `{package}`"
        )))
    }

    /// Where a target's upload file goes.
    pub fn output_path(&self, target: &UploadTarget) -> PathBuf {
        self.root
            .join("submissions")
            .join(&target.name)
            .join("main.rs")
    }
}
