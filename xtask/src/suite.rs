//! `cargo xtask test`: every test of the workspace — `cargo test --workspace`; every install
//! command the documents give, run as written (`cargo install --path crates/tiles-cli` into
//! `target/install-check`; the `pip install`s of the Python package into a virtual
//! environment under `target/py-venv`, which is how the package under test is installed);
//! the Python package's tests (pytest over its tests and its README's examples); then the
//! page's end-to-end tests in headless Chromium (`crates/tiles-cli/web-tests`, Node's test
//! runner driving the system's browser through playwright-core, installed from the npm
//! registry by `npm ci` on first use) with the `tiles` binary `cargo test` built.

use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result, bail};

use crate::installs;

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
    // What the Python and browser tests need is looked for first, so that a missing tool is
    // reported in a second, not after the Rust tests.
    let python = if python { Some(find_python()?) } else { None };
    let chromium = if browser { Some(find_browser()?) } else { None };
    let installs = installs::commands(&root)?;
    step("Rust tests: cargo test --workspace");
    if !status(
        Command::new(&cargo)
            .args(["test", "--workspace"])
            .current_dir(&root),
    )? {
        return Ok(false);
    }
    for install in installs.iter().filter(|i| i.kind == installs::Kind::Cargo) {
        step(&format!(
            "install command {} (into target/install-check; a release build, a few minutes \
             the first time)",
            install.describe()
        ));
        if !installs::run(&root, install, None)? {
            return Ok(false);
        }
    }
    match python {
        None => println!("Python tests: skipped (--no-python)"),
        Some(python) => {
            if !python_tests(&root, &python, &installs)? {
                return Ok(false);
            }
        }
    }
    match chromium {
        None => {
            println!("browser tests: skipped (--no-browser)");
            Ok(true)
        }
        Some(chromium) => browser_tests(&root, &cargo, &chromium),
    }
}

/// The Python to test with (`$PYTHON`, or `python3`), 3.11 or later with `venv`.
fn find_python() -> Result<String> {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_owned());
    let fits = Command::new(&python)
        .args([
            "-c",
            "import sys, venv; sys.exit(0 if sys.version_info >= (3, 11) else 1)",
        ])
        .output()
        .is_ok_and(|output| output.status.success());
    if !fits {
        bail!(
            "the Python tests need Python 3.11 or later with venv and pip, and {python:?} is not \
             one (or is missing). Install one (Debian: `sudo apt-get install -y python3-venv`), set \
             PYTHON to one, or run `cargo xtask test --no-python` to leave these tests out."
        );
    }
    Ok(python)
}

/// The Chromium to test the page with (`$CHROMIUM`, or `/usr/bin/chromium`), after checking
/// that Node.js and npm are there too.
fn find_browser() -> Result<String> {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".to_owned());
    if !Path::new(&chromium).exists() {
        bail!(
            "the browser tests need Chromium, and {chromium} is missing. Install it (Debian: \
             `sudo apt-get install -y chromium`, as .ci/run does), set CHROMIUM to another \
             Chromium, or run `cargo xtask test --no-browser` to leave these tests out."
        );
    }
    for tool in ["node", "npm"] {
        if Command::new(tool).arg("--version").output().is_err() {
            bail!(
                "the browser tests need Node.js 18 or later with npm, and {tool} is missing: \
                 install it (Debian: `sudo apt-get install -y nodejs npm`), or run \
                 `cargo xtask test --no-browser` to leave these tests out."
            );
        }
    }
    Ok(chromium)
}

/// The Python package built and installed into `target/py-venv` by the documents' own
/// `pip install` commands, and pytest over it.
fn python_tests(root: &Path, python: &str, installs: &[installs::Install]) -> Result<bool> {
    let venv = root.join("target/py-venv");
    let bin = venv.join("bin");
    if !bin.join("python").exists() {
        step(&format!(
            "Python tests: making a virtual environment at {}",
            venv.display()
        ));
        if !status(Command::new(python).args(["-m", "venv"]).arg(&venv))? {
            bail!("cannot make a virtual environment at {}", venv.display());
        }
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
    // riichienv: the differential test plays its seeded games and replays them here; numpy,
    // pettingzoo and gymnasium: the package's `rl` extra, whose environments the tests check;
    // ray: the `ray` extra, tested on a local cluster the test starts; mahjong (PyPI's): the
    // independent count of a dataset's decisions decides with it who could ron.
    step(
        "Python tests: installing pytest, riichienv, mahjong, numpy, PettingZoo, Gymnasium and Ray (pip)",
    );
    if !pip(&[
        "pytest",
        "riichienv==0.4.11",
        "mahjong==2.1.0",
        "numpy>=1.24",
        "pettingzoo>=1.24",
        "gymnasium>=0.29",
        "ray>=2.9",
    ])? {
        bail!(
            "cannot install pytest, riichienv and the rl and ray extras into {}",
            venv.display()
        );
    }
    // The package itself, by each `pip install` the documents give, as written (the last
    // one's install is the one tested; they build the same package).
    for install in installs.iter().filter(|i| i.kind == installs::Kind::Pip) {
        step(&format!(
            "Python tests: install command {} (maturin builds the package in release, a minute \
             or two the first time)",
            install.describe()
        ));
        if !installs::run(root, install, Some(&bin))? {
            return Ok(false);
        }
    }
    step("Python tests: pytest");
    let passed = status(
        Command::new(bin.join("python"))
            .args(["-m", "pytest", "-q"])
            .current_dir(root.join("crates/tiles-py")),
    )?;
    println!("Python tests: {}", if passed { "passed" } else { "FAILED" });
    Ok(passed)
}

/// The page's tests in headless Chromium.
fn browser_tests(root: &Path, cargo: &str, chromium: &str) -> Result<bool> {
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
    // The `tiles` binary `cargo test` built for the CLI's tests (target/debug/tiles): asking
    // for it again as `cargo test` builds it costs nothing, where a `cargo build -p tiles-cli`
    // would build it and its dependencies anew with other features.
    step("browser tests: the page in headless Chromium");
    if !status(
        Command::new(cargo)
            .args(["test", "--workspace", "--no-run", "--quiet"])
            .current_dir(root),
    )? {
        return Ok(false);
    }
    let screenshots = root.join("target/web-screenshots/");
    let passed = status(
        Command::new("node")
            .args([
                "--test",
                "--test-concurrency=1",
                "page.test.mjs",
                "riichi.test.mjs",
                "watch.test.mjs",
                "served.test.mjs",
                "table.test.mjs",
            ])
            .env("TILES_BIN", root.join("target/debug/tiles"))
            .env("CHROMIUM", chromium)
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

/// Says which step starts, on its own line.
fn step(what: &str) {
    println!("\n== {what}");
}

/// Runs `command`; whether it succeeded.
fn status(command: &mut Command) -> Result<bool> {
    let program = command.get_program().to_string_lossy().into_owned();
    Ok(command
        .status()
        .with_context(|| format!("running {program}"))?
        .success())
}
