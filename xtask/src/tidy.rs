//! The tidy check, run by `cargo test` (in the spirit of rust-analyzer's `tidy` tests): rules
//! about the house that no compiler checks, each a function from the files it reads to the
//! violations it finds, so that a test can show it catching a broken example.
//!
//! - The crate graph keeps ARCHITECTURE.md's invariants: `tiles-notation` and `tiles-core`
//!   depend on no workspace crate; a game crate on `tiles-notation` and `tiles-core` only (and
//!   `rummikub-puzzle` on `rummikub`, `mahjong-game` on `mahjong`), the hand crate `mahjong`
//!   on `tiles-notation` alone; `tiles-testkit` only as a dev-dependency; serde only where
//!   JSON is spoken.
//! - No dependency is declared and unused: each one is named somewhere in the code that can
//!   use it (the crate's sources for a dependency; also its tests, benches and examples for a
//!   dev-dependency).
//! - A game crate's sources run no process, thread or clock (`std::process`, `std::thread`,
//!   `std::time::Instant` or `SystemTime`): that is the CLI's layer (`tiles-host` runs outside
//!   bots for it and for the Python package).
//! - Every `.rs` file starts with a `//!` saying what it is.
//! - No `.rs` file is over [`MOST_LINES`] lines.
//! - No doc (a Markdown file) or comment line cites a file that is not in the repository.

use itertools::Itertools;
use std::fs;
use std::path::{Path, PathBuf};

/// The most lines a source file may have.
pub const MOST_LINES: usize = 800;

/// The game crates: they share the notation toolkit and the core of turn-based play, and
/// nothing else.
const GAMES: [&str; 6] = [
    "fiveup",
    "huxxy",
    "mahjong",
    "mahjong-game",
    "rummikub",
    "rummikub-puzzle",
];

/// Crates that speak JSON, the only ones that may depend on serde: the API, its callers, and
/// mahjong-game, whose game records (tenhou.net/6, mjai) are JSON.
const JSON: [&str; 4] = ["tiles-api", "tiles-cli", "tiles-py", "mahjong-game"];

/// A crate's manifest, as far as the rules need it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Manifest {
    pub name: String,
    pub dependencies: Vec<String>,
    pub dev_dependencies: Vec<String>,
}

/// Reads the package name and the dependency names of a `Cargo.toml` (the workspace writes one
/// dependency per line: `name.workspace = true`, `name = "1"` or `name = { … }`).
pub fn read_manifest(text: &str) -> Manifest {
    let mut manifest = Manifest {
        name: String::new(),
        dependencies: Vec::new(),
        dev_dependencies: Vec::new(),
    };
    let mut section = "";
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line;
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let key = key.trim();
        let name = key.strip_suffix(".workspace").unwrap_or(key).trim();
        match section {
            "[package]" if name == "name" => {
                manifest.name = value.trim().trim_matches('"').to_owned();
            }
            "[dependencies]" => manifest.dependencies.push(name.to_owned()),
            "[dev-dependencies]" => manifest.dev_dependencies.push(name.to_owned()),
            _ => {}
        }
    }
    manifest
}

/// The workspace crates a crate may depend on (not counting dev-dependencies on
/// `tiles-testkit`), or `None` for a crate the invariants do not name.
fn allowed_workspace_dependencies(name: &str) -> Option<Vec<&'static str>> {
    let mut allowed = match name {
        "tiles-notation" | "tiles-core" | "tiles-testkit" => vec![],
        "rummikub-puzzle" => vec!["tiles-notation", "rummikub"],
        "mahjong-game" => vec!["tiles-notation", "mahjong"],
        "tiles-host" => vec!["mahjong-game"],
        game if GAMES.contains(&game) => vec!["tiles-notation"],
        "tiles-api" => GAMES.to_vec(),
        "tiles-cli" | "tiles-py" => GAMES.to_vec(),
        "xtask" => GAMES.to_vec(),
        _ => return None,
    };
    if matches!(name, "tiles-cli" | "tiles-py") {
        allowed.extend(["tiles-api", "tiles-host"]);
    }
    // The hand crate compiles with the notation toolkit alone: a program that scores hands
    // builds no game loop, tournament runner or rayon.
    if !matches!(
        name,
        "tiles-notation" | "tiles-core" | "tiles-testkit" | "mahjong"
    ) {
        allowed.extend(["tiles-notation", "tiles-core"]);
    }
    Some(allowed)
}

/// The crate graph's violations of ARCHITECTURE.md's invariants.
pub fn graph_violations(manifests: &[Manifest]) -> Vec<String> {
    let workspace: Vec<&str> = manifests.iter().map(|m| m.name.as_str()).collect();
    let mut violations = Vec::new();
    for manifest in manifests {
        let Some(allowed) = allowed_workspace_dependencies(&manifest.name) else {
            violations.push(format!(
                "{}: a crate ARCHITECTURE.md's invariants do not place (add it to the tidy check)",
                manifest.name
            ));
            continue;
        };
        for dependency in &manifest.dependencies {
            if workspace.contains(&dependency.as_str()) && !allowed.contains(&dependency.as_str()) {
                violations.push(format!(
                    "{} depends on {dependency}: not allowed by ARCHITECTURE.md's invariants",
                    manifest.name
                ));
            }
            if dependency.starts_with("serde") && !JSON.contains(&manifest.name.as_str()) {
                violations.push(format!(
                    "{} depends on {dependency}: serde lives only where JSON is spoken",
                    manifest.name
                ));
            }
        }
        for dependency in &manifest.dev_dependencies {
            if workspace.contains(&dependency.as_str())
                && dependency != "tiles-testkit"
                && !allowed.contains(&dependency.as_str())
            {
                violations.push(format!(
                    "{} has a dev-dependency on {dependency}: not allowed by ARCHITECTURE.md's invariants",
                    manifest.name
                ));
            }
        }
    }
    violations
}

/// Whether Rust code names `dependency` (as a path, `use`, or `extern crate`).
fn names(code: &str, dependency: &str) -> bool {
    let ident = dependency.replace('-', "_");
    code.match_indices(&ident).any(|(at, _)| {
        let before = code[..at].chars().next_back();
        let after = &code[at + ident.len()..];
        let starts_word = before.is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        starts_word
            && (after.starts_with("::") || after.starts_with(';') || after.starts_with(" as"))
    })
}

/// The dependencies of `manifest` that no code names: `sources` is the crate's own code,
/// `test_sources` its tests, benches and examples.
pub fn unused_dependencies(manifest: &Manifest, sources: &str, test_sources: &str) -> Vec<String> {
    let mut unused = Vec::new();
    for dependency in &manifest.dependencies {
        if !names(sources, dependency) {
            unused.push(format!(
                "{}: dependency {dependency} is declared but not used",
                manifest.name
            ));
        }
    }
    for dependency in &manifest.dev_dependencies {
        if !names(sources, dependency) && !names(test_sources, dependency) {
            unused.push(format!(
                "{}: dev-dependency {dependency} is declared but not used",
                manifest.name
            ));
        }
    }
    unused
}

/// What a game crate's sources may not name: processes, threads and the clock.
const NO_GAME_RUNS: [&str; 4] = [
    "std::process",
    "std::thread",
    "std::time::Instant",
    "std::time::SystemTime",
];

/// A game crate's source that runs a process or a thread or reads the clock (comments aside).
pub fn runs_outside_a_game(path: &str, code: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (number, line) in code.lines().enumerate() {
        let code_part = line.split("//").next().unwrap_or_default();
        let mut named: Vec<&str> = NO_GAME_RUNS
            .iter()
            .copied()
            .filter(|name| code_part.contains(name))
            .collect();
        // `use std::time::{Duration, Instant}` and `use std::{process, thread}` name them too.
        let words = |list: &str| -> Vec<String> {
            list.split([',', '{', '}', ' '])
                .map(str::trim)
                .filter(|word| !word.is_empty())
                .map(str::to_owned)
                .collect()
        };
        if let Some(rest) = code_part.split("std::time::{").nth(1) {
            for word in words(rest) {
                if word == "Instant" {
                    named.push("std::time::Instant");
                } else if word == "SystemTime" {
                    named.push("std::time::SystemTime");
                }
            }
        }
        if let Some(rest) = code_part.split("std::{").nth(1) {
            for word in words(rest) {
                if word == "process" {
                    named.push("std::process");
                } else if word == "thread" {
                    named.push("std::thread");
                }
            }
        }
        for name in named {
            found.push(format!(
                "{path}:{}: names {name}: a game crate runs no process, thread or clock",
                number + 1
            ));
        }
    }
    found
}

/// A source file that does not start with a `//!` line.
pub fn missing_module_doc(path: &str, text: &str) -> Option<String> {
    (!text.starts_with("//!")).then(|| format!("{path}: does not start with a //! line"))
}

/// A source file over [`MOST_LINES`] lines.
pub fn too_long(path: &str, text: &str) -> Option<String> {
    let lines = text.lines().count();
    (lines > MOST_LINES).then(|| format!("{path}: {lines} lines, more than {MOST_LINES}"))
}

/// File extensions a citation of a file ends with.
const CITED: [&str; 11] = [
    "rs", "md", "txt", "toml", "py", "json", "mjs", "js", "html", "css", "snap",
];

/// The files `text` (a Markdown file, or Rust comments) cites that `exists` does not find:
/// every word that looks like a relative path (it has a `/` and ends in a file extension),
/// outside URLs, globs and placeholders.
pub fn missing_citations(path: &str, text: &str, exists: &dyn Fn(&str) -> bool) -> Vec<String> {
    let mut missing = Vec::new();
    for word in text.split(|c: char| {
        c.is_whitespace()
            || matches!(
                c,
                '`' | '(' | ')' | '[' | ']' | '"' | '\'' | ',' | ';' | '<' | '>'
            )
    }) {
        let word = word.trim_end_matches(['.', ':']);
        let Some((stem, extension)) = word.rsplit_once('.') else {
            continue;
        };
        let extension = extension.split(['#', ':']).next().unwrap_or(extension);
        if !stem.contains('/')
            || !CITED.contains(&extension)
            || word.contains("://")
            || word
                .find(':')
                .is_some_and(|colon| colon < word.find('/').unwrap_or(0))
            || word.contains(['*', '{', '$', '…'])
            || word.starts_with('/')
        {
            continue;
        }
        let file = word.split(['#', ':']).next().unwrap_or(word);
        if !exists(file) {
            missing.push(format!(
                "{path}: cites {file}, which is not in the repository"
            ));
        }
    }
    missing
}

/// Whether the file `cited` in `from` (a file of the repository at `root`, given canonical) is
/// in the repository: found relative to the root, the citing file's folder or its crate's,
/// and inside the repository (a path out of it cites what a clone does not have, even where
/// this machine has it).
pub fn cited_file_found(root: &Path, from: &Path, cited: &str) -> bool {
    let crate_dir = from
        .ancestors()
        .find(|dir| dir.join("Cargo.toml").exists())
        .map(Path::to_path_buf);
    [
        Some(root.to_path_buf()),
        from.parent().map(Path::to_path_buf),
        crate_dir,
    ]
    .into_iter()
    .flatten()
    .filter_map(|base| base.join(cited).canonicalize().ok())
    .any(|found| found.starts_with(root))
}

/// The comment lines of Rust code (`//`, `//!`, `///`), where citations are words.
pub fn comments(code: &str) -> String {
    code.lines()
        .filter_map(|line| line.trim_start().strip_prefix("//"))
        .join("\n")
}

/// Every file below `dir` with one of `extensions`, skipping build output and dependencies.
pub fn files(dir: &Path, extensions: &[&str]) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return found;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if !matches!(
                name.as_str(),
                "target" | "node_modules" | ".git" | ".venv" | "__pycache__"
            ) && !name.starts_with('.')
            {
                found.extend(files(&path, extensions));
            }
        } else if path
            .extension()
            .is_some_and(|e| extensions.contains(&e.to_string_lossy().as_ref()))
        {
            found.push(path);
        }
    }
    found.sort();
    found
}

/// Every violation of every rule in the workspace at `root`.
pub fn check(root: &Path) -> Vec<String> {
    let mut violations = Vec::new();
    let relative = |path: &Path| {
        path.strip_prefix(root)
            .unwrap_or(path)
            .to_string_lossy()
            .into_owned()
    };
    let mut manifests = Vec::new();
    let mut crate_dirs: Vec<PathBuf> = files(&root.join("crates"), &["toml"])
        .into_iter()
        .filter(|path| path.file_name().is_some_and(|n| n == "Cargo.toml"))
        .filter_map(|path| path.parent().map(Path::to_path_buf))
        .collect();
    crate_dirs.push(root.join("xtask"));
    for dir in &crate_dirs {
        let text = fs::read_to_string(dir.join("Cargo.toml")).unwrap_or_default();
        let manifest = read_manifest(&text);
        let read_all = |subdirs: &[&str]| -> String {
            subdirs
                .iter()
                .flat_map(|sub| files(&dir.join(sub), &["rs"]))
                .filter_map(|path| fs::read_to_string(path).ok())
                .join("\n")
        };
        let sources = read_all(&["src"]);
        let test_sources = read_all(&["tests", "benches", "examples"]);
        violations.extend(unused_dependencies(&manifest, &sources, &test_sources));
        if GAMES.contains(&manifest.name.as_str()) {
            for path in files(&dir.join("src"), &["rs"]) {
                let code = fs::read_to_string(&path).unwrap_or_default();
                violations.extend(runs_outside_a_game(&relative(&path), &code));
            }
        }
        manifests.push(manifest);
    }
    violations.extend(graph_violations(&manifests));
    let root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    let root = root.as_path();
    let exists = |from: &Path| {
        let from = from.to_path_buf();
        move |cited: &str| cited_file_found(root, &from, cited)
    };
    for path in ["crates", "xtask", "fuzz"]
        .into_iter()
        .flat_map(|dir| files(&root.join(dir), &["rs"]))
    {
        let text = fs::read_to_string(&path).unwrap_or_default();
        let name = relative(&path);
        violations.extend(missing_module_doc(&name, &text));
        violations.extend(too_long(&name, &text));
        violations.extend(missing_citations(&name, &comments(&text), &exists(&path)));
    }
    for path in files(root, &["md"]) {
        let text = fs::read_to_string(&path).unwrap_or_default();
        violations.extend(missing_citations(&relative(&path), &text, &exists(&path)));
    }
    violations
}
