//! The real records in `testdata/mahjong-game/logs`, for the tests that walk them.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The folder of real records.
pub fn logs_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/mahjong-game/logs")
}

/// Whether a file in a records folder is a record (not its licence or README).
pub fn is_record(path: &Path) -> bool {
    let name = path.file_name().unwrap().to_string_lossy();
    !name.starts_with("LICENSE") && !name.starts_with("README")
}

/// Every record below `testdata/mahjong-game/logs`, in every folder, in path order.
pub fn every_record() -> Vec<PathBuf> {
    let mut folders = vec![logs_dir()];
    let mut files = Vec::new();
    while let Some(dir) = folders.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if is_record(&path) {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}
