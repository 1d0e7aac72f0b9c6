//! Compiling an upload file the way a judge does: `rustc --edition 2021 -O main.rs` in an empty
//! folder, with nothing but the one file.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};

/// The workspace root (the folder holding `submissions/`).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the harness crate lives one level below the workspace root")
        .to_path_buf()
}

/// The committed upload file of a target: `submissions/<target>/main.rs`.
pub fn upload_file(target: &str) -> PathBuf {
    workspace_root()
        .join("submissions")
        .join(target)
        .join("main.rs")
}

/// What compiling an upload file produced.
#[derive(Debug)]
pub struct CompiledUpload {
    /// The executable.
    pub binary: PathBuf,
    /// Every line rustc printed on stderr (warnings included).
    pub diagnostics: String,
}

impl CompiledUpload {
    /// The number of warnings rustc reported.
    pub fn warning_count(&self) -> usize {
        self.diagnostics
            .lines()
            .filter(|line| line.starts_with("warning") && !line.contains("warning emitted"))
            .filter(|line| !line.contains("warnings emitted"))
            .count()
    }
}

/// Copies `submissions/<target>/main.rs` alone into a fresh folder under the cargo target
/// directory and compiles it with plain `rustc --edition 2021 -O`.
///
/// The result is cached by the file's content, so several tests of one target compile once.
pub fn compile_upload(target: &str) -> io::Result<CompiledUpload> {
    let source = fs::read(upload_file(target))?;
    let digest = fnv1a(&source);
    let folder = workspace_root()
        .join("target")
        .join("uploads")
        .join(format!("{target}-{digest:016x}"));
    let binary = folder.join(if cfg!(windows) { "main.exe" } else { "main" });
    let log = folder.join("rustc.log");
    if binary.exists() && log.exists() {
        let diagnostics = fs::read_to_string(&log)?;
        return Ok(CompiledUpload {
            binary,
            diagnostics,
        });
    }
    // Build in a scratch folder of its own (per process and per call) and rename it into place,
    // so that two tests compiling the same file at once never see a half-written binary.
    static SCRATCH_COUNTER: AtomicU64 = AtomicU64::new(0);
    let unique = SCRATCH_COUNTER.fetch_add(1, Ordering::Relaxed);
    let scratch = folder.with_extension(format!("tmp{}-{unique}", std::process::id()));
    let _ = fs::remove_dir_all(&scratch);
    fs::create_dir_all(&scratch)?;
    fs::write(scratch.join("main.rs"), &source)?;
    let output = Command::new("rustc")
        .args(["--edition", "2021", "-O", "main.rs", "-o"])
        .arg(scratch.join(binary.file_name().unwrap()))
        .current_dir(&scratch)
        .output()?;
    let diagnostics = String::from_utf8_lossy(&output.stderr).into_owned();
    if !output.status.success() {
        return Err(io::Error::other(format!(
            "rustc failed on {}:\n{diagnostics}",
            upload_file(target).display()
        )));
    }
    fs::write(scratch.join("rustc.log"), &diagnostics)?;
    if fs::rename(&scratch, &folder).is_err() {
        // Another test won the race; its copy is identical.
        let _ = fs::remove_dir_all(&scratch);
    }
    Ok(CompiledUpload {
        binary,
        diagnostics,
    })
}

/// The executable of a target's upload file compiled as the judge does, for tests: panics when
/// the file does not compile or compiles with any warning.
pub fn upload_binary(target: &str) -> PathBuf {
    let compiled = compile_upload(target).unwrap_or_else(|error| {
        panic!(
            "{} does not compile: {error}",
            upload_file(target).display()
        )
    });
    assert_eq!(
        compiled.warning_count(),
        0,
        "rustc warnings in {}:\n{}",
        upload_file(target).display(),
        compiled.diagnostics
    );
    compiled.binary
}

/// 64-bit FNV-1a: a stable content hash for cache folder names.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}
