//! Test data on disk: a directory's files of one extension, in name order.

use std::path::{Path, PathBuf};

/// The files of `dir` whose extension is `extension` (`"mjlog"`), sorted by path.
///
/// # Panics
///
/// When `dir` cannot be read, naming it: test data that is missing is a broken checkout.
pub fn with_extension(dir: &Path, extension: &str) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|error| panic!("{}: {error}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == extension))
        .collect();
    paths.sort();
    paths
}
