//! The workspace README's command examples, run as written: each `$ command` line of a
//! ` ```sh ` block is run by `sh` with `cargo run … -p tiles-cli --` standing for this
//! build's `tiles`, and must print exactly the lines that follow it (stdout and stderr
//! together, as a terminal shows them).

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

#[test]
fn the_readme_examples_print_what_the_readme_shows() {
    let readme = include_str!("../../../README.md");
    let examples = examples(readme);
    assert!(examples.len() >= 15, "{} examples", examples.len());
    let tiles = env!("CARGO_BIN_EXE_tiles");
    let mut checked = 0;
    for (command, expected) in &examples {
        let Some((before, after)) = command
            .split_once("cargo run -q -p tiles-cli --")
            .or_else(|| command.split_once("cargo run -q --release -p tiles-cli --"))
        else {
            // The quick start's commands (`cargo xtask verify`, the tests) are not run here.
            assert!(command.starts_with("cargo "), "{command}");
            continue;
        };
        let script = format!("{before}'{tiles}'{after} 2>&1");
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
