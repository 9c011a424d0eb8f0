//! Game records named by a user (`tiles mahjong replay`, `convert`, `dataset`, and Python): files as
//! given, directories walked (any depth, hidden names left out), gzipped or not; what is not
//! a record (a licence, a README, a shell glob's other files) is left out and named.

use std::io::Read;
use std::path::{Path, PathBuf};

use flate2::read::MultiGzDecoder;

/// The endings of record files: a directory's files with one are read, and they are taken off
/// a record's name for its game's (`.gz` first, as in `x.json.gz`).
pub const RECORD_EXTENSIONS: [&str; 6] = [".gz", ".mjlog", ".xml", ".json", ".jsonl", ".log"];

/// The most a record may take once unzipped (a game is well under a megabyte).
const MAX_RECORD: u64 = 64 << 20;

/// A file to read as a record.
#[derive(Debug, Clone)]
pub struct Found {
    /// Where it is (`-`: stdin).
    pub path: PathBuf,
    /// Its place under the directory named (its file name when named itself).
    pub relative: PathBuf,
}

/// The files of `inputs`: each file named, and each directory's files with a record's ending
/// (sorted); and the files a directory holds that are not records by their name.
pub fn collect(inputs: &[PathBuf]) -> (Vec<Found>, Vec<PathBuf>) {
    let mut found = Vec::new();
    let mut left_out = Vec::new();
    for input in inputs {
        if input.is_dir() {
            let mut files = Vec::new();
            walk(input, &mut files);
            files.sort();
            for path in files {
                let relative = path.strip_prefix(input).unwrap_or(&path).to_path_buf();
                if has_record_name(&path) {
                    found.push(Found { path, relative });
                } else {
                    left_out.push(path);
                }
            }
        } else {
            let relative = PathBuf::from(input.file_name().unwrap_or(input.as_os_str()));
            found.push(Found {
                path: input.clone(),
                relative,
            });
        }
    }
    (found, left_out)
}

/// Whether a file's name ends as a record's does.
fn has_record_name(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    RECORD_EXTENSIONS
        .iter()
        .any(|extension| name.ends_with(extension))
}

/// Every file under `dir`, any depth (hidden ones left out).
fn walk(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if entry.file_name().to_string_lossy().starts_with('.') {
            continue;
        }
        if path.is_dir() {
            walk(&path, found);
        } else {
            found.push(path);
        }
    }
}

/// What a file holds.
#[derive(Debug)]
pub enum Content {
    /// A record's text (which may still be broken or cut short).
    Record(String),
    /// Text that is no record of any format (a licence, notes): it does not start as one does.
    NotARecord,
}

/// A file's text (stdin for `-`), unzipped if it is gzipped, and whether it is a record at
/// all: an mjlog starts with `<`, tenhou.net/6 and mjai with `{` (or `[`).
///
/// # Errors
///
/// The file cannot be read, the gzip is broken or too long, or the bytes are not UTF-8.
pub fn read(path: &Path) -> Result<Content, String> {
    let bytes = if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|error| format!("stdin: {error}"))?;
        bytes
    } else {
        std::fs::read(path).map_err(|error| format!("cannot be read: {error}"))?
    };
    content_of(bytes)
}

/// What a file's bytes hold ([`read`] after reading them): unzipped if gzipped, and whether
/// they are a record at all.
///
/// # Errors
///
/// The gzip is broken or too long, or the bytes are not UTF-8.
pub fn content_of(bytes: Vec<u8>) -> Result<Content, String> {
    let bytes = unzipped(bytes)?;
    let starts = bytes.iter().find(|byte| {
        !byte.is_ascii_whitespace() && **byte != 0xef && **byte != 0xbb && **byte != 0xbf
    });
    if starts.is_some_and(|byte| !matches!(byte, b'<' | b'{' | b'[')) {
        return Ok(Content::NotARecord);
    }
    String::from_utf8(bytes)
        .map(Content::Record)
        .map_err(|error| {
            format!(
                "is not UTF-8 text (byte {})",
                error.utf8_error().valid_up_to()
            )
        })
}

/// A file's bytes, unzipped if they are gzip's (by the first bytes, whatever the name: Tenhou's
/// `.mjlog` downloads are gzipped XML).
///
/// # Errors
///
/// A broken gzip stream, or one that unzips to more than 64 MB (no record is that long).
pub fn unzipped(bytes: Vec<u8>) -> Result<Vec<u8>, String> {
    if !bytes.starts_with(&[0x1f, 0x8b]) {
        return Ok(bytes);
    }
    let mut unzipped = Vec::new();
    MultiGzDecoder::new(bytes.as_slice())
        .take(MAX_RECORD + 1)
        .read_to_end(&mut unzipped)
        .map_err(|error| format!("cannot be unzipped: {error}"))?;
    if unzipped.len() as u64 > MAX_RECORD {
        return Err(format!("unzips to more than {} MB", MAX_RECORD >> 20));
    }
    Ok(unzipped)
}

/// `; 2 files left out, not records: LICENSE-mjx, notes.txt` (the first five named), or
/// nothing.
pub fn left_out_note(left_out: &[PathBuf]) -> String {
    if left_out.is_empty() {
        return String::new();
    }
    let names: Vec<String> = left_out
        .iter()
        .take(5)
        .map(|path| path.display().to_string())
        .collect();
    let more = if left_out.len() > 5 {
        format!(" and {} more", left_out.len() - 5)
    } else {
        String::new()
    };
    format!(
        "; {} left out, not records: {}{more}",
        if left_out.len() == 1 {
            "1 file".to_owned()
        } else {
            format!("{} files", left_out.len())
        },
        names.join(", ")
    )
}

/// `a/b/2021.mjlog` → `a/b/2021`; `x.json.gz` → `x` (the record extensions taken off).
pub fn stem_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut stem = name.as_str();
    for extension in RECORD_EXTENSIONS {
        stem = stem.strip_suffix(extension).unwrap_or(stem);
    }
    path.with_file_name(if stem.is_empty() { name.as_str() } else { stem })
}
