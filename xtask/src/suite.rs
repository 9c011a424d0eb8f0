//! `cargo xtask test`: every test of the workspace — `cargo test --workspace`; the Python
//! package's tests (`crates/tiles-py`: pip builds and installs it into a virtual environment
//! under `target/py-venv` with pytest, and pytest runs its tests and its README's examples);
//! then the page's end-to-end tests in headless Chromium (`crates/tiles-cli/web-tests`, Node's
//! test runner driving the system's browser through playwright-core, installed from the npm
//! registry by `npm ci` on first use).

use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result, bail};

const USAGE: &str = "usage: cargo xtask test [--no-python] [--no-browser]";

/// Runs every test; `Ok(false)` if any failed.
pub fn run(args: &[String]) -> Result<bool> {
    let mut browser = true;
    let mut python = true;
    for arg in args {
        match arg.as_str() {
            "--no-browser" => browser = false,
            "--no-python" => python = false,
            other => bail!("unknown argument {other:?}\n{USAGE}"),
        }
    }
    let root = crate::fixtures::workspace_root();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    if !status(
        Command::new(&cargo)
            .args(["test", "--workspace"])
            .current_dir(&root),
    )? {
        return Ok(false);
    }
    if !python {
        println!("Python tests: skipped (--no-python)");
    } else if !python_tests(&root)? {
        return Ok(false);
    }
    if !browser {
        println!("browser tests: skipped (--no-browser)");
        return Ok(true);
    }
    browser_tests(&root, &cargo)
}

/// The Python package built and installed into `target/py-venv`, and pytest over it.
fn python_tests(root: &Path) -> Result<bool> {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_owned());
    if Command::new(&python).arg("--version").output().is_err() {
        eprintln!(
            "Python tests: {python} not found. Install Python 3.10 or later with venv and pip, set \
             PYTHON to one, or run `cargo xtask test --no-python` to leave these tests out."
        );
        return Ok(false);
    }
    let venv = root.join("target/py-venv");
    let bin = venv.join("bin");
    if !bin.join("python").exists()
        && !status(Command::new(&python).args(["-m", "venv"]).arg(&venv))?
    {
        bail!("cannot make a virtual environment at {}", venv.display());
    }
    let pip = |args: &[&str]| {
        status(
            Command::new(bin.join("python"))
                .args([
                    "-m",
                    "pip",
                    "install",
                    "--quiet",
                    "--disable-pip-version-check",
                ])
                .args(args)
                .current_dir(root),
        )
    };
    if !pip(&["pytest"])? || !pip(&["--force-reinstall", "--no-deps", "./crates/tiles-py"])? {
        bail!(
            "cannot install the Python package and pytest into {}",
            venv.display()
        );
    }
    let passed = status(
        Command::new(bin.join("python"))
            .args(["-m", "pytest", "-q"])
            .current_dir(root.join("crates/tiles-py")),
    )?;
    println!("Python tests: {}", if passed { "passed" } else { "FAILED" });
    Ok(passed)
}

/// The page's tests in headless Chromium.
fn browser_tests(root: &Path, cargo: &str) -> Result<bool> {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".to_owned());
    if !Path::new(&chromium).exists() {
        eprintln!(
            "browser tests: Chromium is missing ({chromium} not found). Install it (Debian: \
             `sudo apt-get install -y chromium`, as .ci/run does), set CHROMIUM to another \
             Chromium, or run `cargo xtask test --no-browser` to leave these tests out."
        );
        return Ok(false);
    }
    if Command::new("node").arg("--version").output().is_err() {
        eprintln!(
            "browser tests: Node.js is missing (node not found): install Node.js 18 or later with npm, or run `cargo xtask test --no-browser`."
        );
        return Ok(false);
    }
    let tests = root.join("crates/tiles-cli/web-tests");
    if !tests.join("node_modules/playwright-core").exists() {
        let npm = Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund"])
            .current_dir(&tests)
            .status()
            .context("running npm ci (is npm installed?)")?;
        if !npm.success() {
            bail!("npm ci failed in {}", tests.display());
        }
    }
    if !status(
        Command::new(cargo)
            .args(["build", "-p", "tiles-cli"])
            .current_dir(root),
    )? {
        return Ok(false);
    }
    let screenshots = root.join("target/web-screenshots/");
    let passed = status(
        Command::new("node")
            .args(["--test", "--test-concurrency=1", "page.test.mjs"])
            .env("TILES_BIN", root.join("target/debug/tiles"))
            .env("CHROMIUM", &chromium)
            .env("SCREENSHOTS", &screenshots)
            .current_dir(&tests),
    )?;
    println!(
        "browser tests: {} (screenshots in {})",
        if passed { "passed" } else { "FAILED" },
        screenshots.display()
    );
    Ok(passed)
}

/// Runs `command`; whether it succeeded.
fn status(command: &mut Command) -> Result<bool> {
    let program = command.get_program().to_string_lossy().into_owned();
    Ok(command
        .status()
        .with_context(|| format!("running {program}"))?
        .success())
}
