//! The workspace README's command examples, run as written: each `$ command` line of a
//! ` ```sh ` block is run by `sh` with each `tiles` command word (at the line's start, or
//! after `|`, `;`, `&&` or `(`) standing for this build's `tiles`, and must print exactly the
//! lines that follow it (stdout and stderr together, as a terminal shows them).

use std::process::Command;

/// Every `(command, expected output)` of the README's `sh` blocks.
fn examples(readme: &str) -> Vec<(String, String)> {
    let mut examples: Vec<(String, String)> = Vec::new();
    let mut in_block = false;
    for line in readme.lines() {
        if line == "```sh" {
            in_block = true;
        } else if line == "```" {
            in_block = false;
        } else if in_block {
            if let Some(command) = line.strip_prefix("$ ") {
                examples.push((command.to_owned(), String::new()));
            } else if let Some((_, output)) = examples.last_mut() {
                output.push_str(line);
                output.push('\n');
            }
        }
    }
    examples
}

/// `command` with each `tiles` command word replaced by `binary`, quoted; None if it runs no
/// `tiles`.
fn with_binary(command: &str, binary: &str) -> Option<String> {
    let mut script = String::new();
    let mut found = false;
    let mut rest = command;
    while let Some(at) = rest.find("tiles ") {
        let before = rest[..at].trim_end();
        let starts_a_command = (script.is_empty() && before.is_empty())
            || before.ends_with('|')
            || before.ends_with(';')
            || before.ends_with("&&")
            || before.ends_with('(');
        script.push_str(&rest[..at]);
        if starts_a_command {
            script.push_str(&format!("'{binary}' "));
            found = true;
        } else {
            script.push_str("tiles ");
        }
        rest = &rest[at + "tiles ".len()..];
    }
    script.push_str(rest);
    found.then_some(script)
}

#[test]
fn the_readme_examples_print_what_the_readme_shows() {
    let readme = include_str!("../../../README.md");
    let examples = examples(readme);
    assert!(examples.len() >= 15, "{} examples", examples.len());
    let tiles = env!("CARGO_BIN_EXE_tiles");
    let mut checked = 0;
    for (command, expected) in &examples {
        let Some(script) = with_binary(command, tiles) else {
            // The quick start's commands (`cargo xtask verify`, the tests) are not run here.
            assert!(command.starts_with("cargo "), "{command}");
            continue;
        };
        let script = format!("{script} 2>&1");
        // From the workspace's root, as a reader runs them.
        let output = Command::new("sh")
            .args(["-c", &script])
            .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .output()
            .expect("sh runs");
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            *expected,
            "$ {command}"
        );
        checked += 1;
    }
    assert!(checked >= 15, "{checked} examples run");
}

/// The licence the crates declare is in the repository, and the README says where, how to
/// depend on one game's crate, and how to install and serve.
#[test]
fn the_licences_are_there_and_the_readme_says_how_to_use_it() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let manifest = std::fs::read_to_string(format!("{root}/Cargo.toml")).unwrap();
    assert!(manifest.contains("license = \"MIT OR Apache-2.0\""));
    let mit = std::fs::read_to_string(format!("{root}/LICENSE-MIT")).unwrap();
    assert!(mit.starts_with("MIT License") && mit.contains("Permission is hereby granted"));
    let apache = std::fs::read_to_string(format!("{root}/LICENSE-APACHE")).unwrap();
    assert!(apache.contains("Apache License") && apache.contains("Version 2.0, January 2004"));
    let readme = include_str!("../../../README.md");
    for needed in [
        "[LICENSE-MIT](LICENSE-MIT)",
        "[LICENSE-APACHE](LICENSE-APACHE)",
        "cargo install --path crates/tiles-cli --locked",
        "tiles serve",
        "pip install \"./crates/tiles-py[rl]\"",
        "mahjong = { path = ",
    ] {
        assert!(readme.contains(needed), "{needed}");
    }
    let cli = include_str!("../README.md");
    assert!(cli.contains("tiles serve") && cli.contains("MIT or Apache-2.0"));
}

/// The README's count of testdata's hands that agree is what `tiles mahjong replay` says of
/// the folder, exit code included.
#[test]
fn the_readmes_replay_count_is_the_commands() {
    let readme = include_str!("../../../README.md");
    let said = readme
        .split("`tiles mahjong replay testdata/mahjong-game/logs` says ")
        .nth(1)
        .expect("the README states the count");
    let words: Vec<&str> = said.split_whitespace().take(7).collect();
    // "3,536 of 3,539 hands in 346 files"
    let number = |word: &str| word.replace(',', "").parse::<usize>().unwrap();
    let (agree, hands, files) = (number(words[0]), number(words[2]), number(words[5]));
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_tiles"))
        .args(["mahjong", "replay", "testdata/mahjong-game/logs"])
        .current_dir(root)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(&format!(
            "{files} files, {hands} hands: {agree} agree, {} disagree",
            hands - agree
        )),
        "{stderr}"
    );
    assert_eq!(output.status.code(), Some(1), "{stderr}");
}
