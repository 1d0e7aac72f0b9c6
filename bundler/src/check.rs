//! Writing upload files atomically, and checking committed ones are fresh.

use crate::error::{Error, Result};
use std::fs;
use std::io::Write;
use std::path::Path;

/// Writes `contents` to `path` through a temporary file in the same folder and a rename, so
/// that a reader never sees a half-written file. Unchanged files are not touched.
pub fn write_atomically(path: &Path, contents: &str) -> Result<()> {
    if fs::read(path).is_ok_and(|old| old == contents.as_bytes()) {
        return Ok(());
    }
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir)
        .map_err(|err| Error::new(format!("cannot create {}: {err}", dir.display())))?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temporary = dir.join(format!(".{name}.bundler-tmp"));
    let result = (|| {
        let mut file = fs::File::create(&temporary)?;
        file.write_all(contents.as_bytes())?;
        file.sync_all()?;
        fs::rename(&temporary, path)
    })();
    result.map_err(|err| {
        let _ = fs::remove_file(&temporary);
        Error::new(format!("cannot write {}: {err}", path.display()))
    })
}

/// Whether the file at `path` holds exactly `contents`.
pub fn is_fresh(path: &Path, contents: &str) -> bool {
    fs::read(path).is_ok_and(|old| old == contents.as_bytes())
}
