//! The install commands the documents give (`pip install ./crates/tiles-py`, `cargo install
//! --path crates/tiles-cli`), found in every tracked Markdown file, so that `cargo xtask test`
//! runs each one as written: a command a reader copies has been run. Commands that install a
//! third-party tool (cargo-fuzz) are listed in [`THIRD_PARTY`] and left to their makers; any
//! other install command is an error until it is run or listed.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

/// Install commands for tools that are not this repository's, left to their makers.
pub const THIRD_PARTY: &[&str] = &["cargo install cargo-fuzz"];

/// What an install command installs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The Python package (run in the test's virtual environment).
    Pip,
    /// A crate of the workspace (run into a scratch install root).
    Cargo,
}

/// One install command, where it is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Install {
    /// The document, relative to the workspace root.
    pub file: PathBuf,
    /// Its line (from 1).
    pub line: usize,
    /// The command as written.
    pub command: String,
    /// What it installs.
    pub kind: Kind,
}

impl Install {
    /// `README.md line 258: pip install ./crates/tiles-py`.
    pub fn describe(&self) -> String {
        format!(
            "{} line {}: {}",
            self.file.display(),
            self.line,
            self.command
        )
    }
}

/// The install commands in a document's text, with their lines: each `pip install …` or
/// `cargo install …` in a code block (a line starting with it, its `#` comment cut) or in an
/// inline code span.
pub fn in_text(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut in_block = false;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            in_block = !in_block;
            continue;
        }
        let mut commands: Vec<String> = Vec::new();
        if in_block {
            let command = trimmed.split(" #").next().unwrap_or_default().trim();
            commands.push(command.to_owned());
        } else {
            commands.extend(
                line.split('`')
                    .skip(1)
                    .step_by(2)
                    .map(|span| span.trim().to_owned()),
            );
        }
        for command in commands {
            if command.starts_with("pip install ") || command.starts_with("cargo install ") {
                found.push((index + 1, command));
            }
        }
    }
    found
}

/// Every install command of the tracked Markdown files, once each (the first place it is
/// written), the third-party ones left out.
///
/// # Errors
///
/// An install command that is neither one of ours (`pip install` of `./crates/…`, `cargo
/// install --path crates/…`) nor in [`THIRD_PARTY`].
pub fn commands(root: &Path) -> Result<Vec<Install>> {
    let listed = Command::new("git")
        .args(["ls-files", "*.md"])
        .current_dir(root)
        .output()
        .context("running git ls-files")?;
    let mut installs: Vec<Install> = Vec::new();
    for file in String::from_utf8_lossy(&listed.stdout).lines() {
        let text =
            std::fs::read_to_string(root.join(file)).with_context(|| format!("reading {file}"))?;
        for (line, command) in in_text(&text) {
            if THIRD_PARTY.contains(&command.as_str())
                || installs.iter().any(|install| install.command == command)
            {
                continue;
            }
            let kind = if command.starts_with("pip install ") && command.contains("./crates/") {
                Kind::Pip
            } else if command.starts_with("cargo install --path crates/") {
                Kind::Cargo
            } else {
                bail!(
                    "{file} line {line}: `{command}` installs something `cargo xtask test` does \
                     not run: run it there (xtask/src/installs.rs) or, for another project's \
                     tool, list it in THIRD_PARTY"
                );
            };
            installs.push(Install {
                file: PathBuf::from(file),
                line,
                command,
                kind,
            });
        }
    }
    Ok(installs)
}

/// Runs an install command as written, by `sh` in the workspace root, with `path_first` put
/// first on `PATH` and the build's target directory the workspace's (so the package's and the
/// binary's release builds are kept between runs). A `cargo install` goes into
/// `target/install-check`, and the binary it installed is asked its version.
///
/// # Errors
///
/// The command or the installed binary failing.
pub fn run(root: &Path, install: &Install, path_first: Option<&Path>) -> Result<bool> {
    let mut command = Command::new("sh");
    command
        .args(["-c", &install.command])
        .current_dir(root)
        .env("CARGO_TARGET_DIR", root.join("target"));
    if let Some(first) = path_first {
        let path = std::env::var_os("PATH").unwrap_or_default();
        let mut paths = vec![first.to_path_buf()];
        paths.extend(std::env::split_paths(&path));
        command.env("PATH", std::env::join_paths(paths)?);
    }
    let installed = root.join("target/install-check");
    if install.kind == Kind::Cargo {
        command.env("CARGO_INSTALL_ROOT", &installed);
    }
    if !command.status().context("running sh")?.success() {
        eprintln!("failed: {}", install.describe());
        return Ok(false);
    }
    if install.kind == Kind::Cargo {
        let binary = installed.join("bin/tiles");
        let version = Command::new(&binary)
            .arg("--version")
            .output()
            .with_context(|| format!("running {}", binary.display()))?;
        if !version.status.success() {
            eprintln!(
                "{} --version failed after {}",
                binary.display(),
                install.describe()
            );
            return Ok(false);
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_found_in_blocks_and_spans_and_nothing_else_is() {
        let text = "\
Install with `pip install \"./crates/tiles-py[rl]\"` or `cargo add tiles`.

```sh
cargo install cargo-fuzz                      # once
cd fuzz
```

```text
pip install ./crates/tiles-py
```

pip install in prose is not a command.
";
        assert_eq!(
            in_text(text),
            [
                (1, "pip install \"./crates/tiles-py[rl]\"".to_owned()),
                (4, "cargo install cargo-fuzz".to_owned()),
                (9, "pip install ./crates/tiles-py".to_owned()),
            ]
        );
    }

    #[test]
    fn every_install_command_of_the_documents_is_ours_or_listed() {
        let root = crate::fixtures::workspace_root();
        let installs = commands(&root).unwrap();
        let written: Vec<&str> = installs.iter().map(|i| i.command.as_str()).collect();
        for expected in [
            "pip install ./crates/tiles-py",
            "pip install \"./crates/tiles-py[rl]\"",
            "pip install \"./crates/tiles-py[ray]\"",
            "cargo install --path crates/tiles-cli --locked",
        ] {
            assert!(
                written.contains(&expected),
                "{expected} not found in {written:?}"
            );
        }
    }
}
