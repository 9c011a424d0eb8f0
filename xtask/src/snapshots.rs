//! Pending snapshots (`*.snap.new` left by `verify`): review one by one, accept or reject.
//!
//! `cargo insta review` only looks inside package folders, and our fixtures live in the
//! top-level `testdata/`, so the workspace brings its own reviewer.

use std::fs;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// Every file below `folder`, depth first, sorted.
pub fn files_under(folder: &Path) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    let mut stack = vec![folder.to_path_buf()];
    while let Some(dir) = stack.pop() {
        if !dir.is_dir() {
            continue;
        }
        for entry in fs::read_dir(&dir).with_context(|| format!("reading {}", dir.display()))? {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path)
            } else {
                files.push(path)
            }
        }
    }
    files.sort();
    Ok(files)
}

/// The pending snapshots below each of `folders`.
pub fn pending(folders: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    for folder in folders {
        found.extend(
            files_under(folder)?
                .into_iter()
                .filter(|path| path.to_string_lossy().ends_with(".snap.new")),
        );
    }
    Ok(found)
}

/// The accepted snapshot a pending one replaces.
fn accepted_path(pending: &Path) -> PathBuf {
    let text = pending.to_string_lossy();
    PathBuf::from(text.strip_suffix(".new").unwrap_or(&text))
}

/// Makes a pending snapshot the accepted one.
pub fn accept(pending: &Path) -> Result<()> {
    fs::rename(pending, accepted_path(pending))
        .with_context(|| format!("accepting {}", pending.display()))
}

/// Throws a pending snapshot away.
pub fn reject(pending: &Path) -> Result<()> {
    fs::remove_file(pending).with_context(|| format!("rejecting {}", pending.display()))
}

/// A snapshot's contents without its metadata header, each line ending in a newline (insta
/// stores the last without one), or nothing if there is no file.
fn contents(path: &Path) -> String {
    let text = insta::Snapshot::from_file(path)
        .ok()
        .and_then(|snapshot| snapshot.as_text().map(ToString::to_string))
        .unwrap_or_default();
    if text.is_empty() || text.ends_with('\n') {
        text
    } else {
        text + "\n"
    }
}

/// The unified diff from the accepted snapshot to the pending one at `pending`.
pub fn pending_diff(pending: &Path) -> String {
    let old = contents(&accepted_path(pending));
    let new = contents(pending);
    similar::TextDiff::from_lines(&old, &new)
        .unified_diff()
        .context_radius(3)
        .header("accepted", "pending")
        .to_string()
}

/// What a review did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct ReviewTally {
    /// Snapshots accepted.
    pub accepted: usize,
    /// Snapshots rejected.
    pub rejected: usize,
    /// Snapshots left pending.
    pub skipped: usize,
}

/// Shows each pending snapshot's diff against the accepted one and asks what to do:
/// `a` accept, `r` reject, `s` skip (the default), `q` quit (skip the rest). The end of the
/// answers skips the rest too.
pub fn review(
    pending: &[PathBuf],
    answers: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<ReviewTally> {
    let mut tally = ReviewTally::default();
    let mut quit = false;
    for (index, path) in pending.iter().enumerate() {
        if quit {
            tally.skipped += 1;
            continue;
        }
        let old = contents(&accepted_path(path));
        let shown = path
            .strip_prefix(crate::fixtures::workspace_root())
            .unwrap_or(path);
        writeln!(
            out,
            "\n[{}/{}] {}",
            index + 1,
            pending.len(),
            shown.display()
        )?;
        if let Some(description) = insta::Snapshot::from_file(path)
            .ok()
            .and_then(|s| s.metadata().description().map(str::to_owned))
        {
            writeln!(out, "    {description}")?;
        }
        if old.is_empty() {
            writeln!(out, "(new snapshot)")?;
        }
        write!(out, "{}", pending_diff(path))?;
        write!(out, "accept, reject, skip or quit? [a/r/S/q] ")?;
        out.flush()?;
        let mut answer = String::new();
        if answers.read_line(&mut answer)? == 0 {
            writeln!(out)?;
            quit = true;
            tally.skipped += 1;
            continue;
        }
        match answer.trim().to_ascii_lowercase().as_str() {
            "a" | "accept" => {
                accept(path)?;
                tally.accepted += 1;
            }
            "r" | "reject" => {
                reject(path)?;
                tally.rejected += 1;
            }
            "q" | "quit" => {
                quit = true;
                tally.skipped += 1;
            }
            _ => tally.skipped += 1,
        }
    }
    Ok(tally)
}
