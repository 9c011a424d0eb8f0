//! `cargo xtask`: the workspace's automation (matklad's cargo-xtask pattern).
//!
//! - `cargo xtask verify [CRATE...]`: run every fixture (or one crate's) in parallel, compare
//!   with the snapshots, print each failure and `N passed, N failed`; exit 1 on any failure,
//!   leaving the new output as pending `.snap.new` files.
//! - `cargo xtask review [CRATE...]`: show each pending snapshot's diff and accept or reject it.
//! - `cargo xtask accept [CRATE...]` / `cargo xtask reject [CRATE...]`: all pending at once.
//! - `cargo xtask bench [CRATE...]`: run every crate's benchmarks (or some crates') and print
//!   one table of their medians, with the ratio against a side-by-side peer.
//! - `cargo xtask test [--no-python] [--no-browser]`: every test: `cargo test --workspace`,
//!   every install command the documents give (run as written), the Python package's pytest,
//!   then the page's tests in headless Chromium.

mod bench;
mod fixtures;
mod installs;
mod snapshots;
mod suite;
#[cfg(test)]
mod tidy;

use std::process::ExitCode;

use anyhow::Result;

const USAGE: &str = "\
usage: cargo xtask <command> [CRATE...]

commands:
  verify   run every fixture and compare it with its snapshot
  review   go through the pending snapshots: accept, reject or skip each
  accept   accept every pending snapshot
  reject   delete every pending snapshot
  bench    run the benchmarks and print one table of their medians
  test     run every test: cargo test --workspace, the documents' install commands, the
           Python package's pytest, then the page's tests in headless Chromium (--no-python,
           --no-browser leave those out)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, crates)) = args.split_first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let result = match command.as_str() {
        "verify" => verify(crates),
        "review" => review(crates),
        "accept" | "reject" => accept_or_reject(command == "accept", crates),
        "bench" => bench::run(crates),
        "test" => suite::run(crates),
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            Ok(true)
        }
        other => {
            eprintln!("unknown command {other:?}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}

fn verify(crates: &[String]) -> Result<bool> {
    let games = fixtures::select_games(crates)?;
    let root = fixtures::workspace_root();
    let report = fixtures::verify(&root.join("testdata"), &games)?;
    for (path, reason) in &report.failures {
        let shown = path.strip_prefix(&root).unwrap_or(path);
        println!("FAILED {}: {reason}", shown.display());
    }
    if !report.failures.is_empty() {
        println!("review the changes with `cargo xtask review` (or `cargo xtask accept` for all)");
    }
    println!("{} passed, {} failed", report.passed, report.failures.len());
    Ok(report.failures.is_empty())
}

fn pending_for(crates: &[String]) -> Result<Vec<std::path::PathBuf>> {
    let testdata = fixtures::workspace_root().join("testdata");
    let folders: Vec<_> = fixtures::select_games(crates)?
        .iter()
        .map(|game| testdata.join(game.name))
        .collect();
    snapshots::pending(&folders)
}

fn review(crates: &[String]) -> Result<bool> {
    let pending = pending_for(crates)?;
    if pending.is_empty() {
        println!("no pending snapshots");
        return Ok(true);
    }
    let tally = snapshots::review(
        &pending,
        &mut std::io::stdin().lock(),
        &mut std::io::stdout(),
    )?;
    println!(
        "{} accepted, {} rejected, {} skipped",
        tally.accepted, tally.rejected, tally.skipped
    );
    Ok(true)
}

fn accept_or_reject(accept: bool, crates: &[String]) -> Result<bool> {
    let pending = pending_for(crates)?;
    for path in &pending {
        if accept {
            snapshots::accept(path)?
        } else {
            snapshots::reject(path)?
        }
    }
    println!(
        "{} {} snapshots",
        if accept { "accepted" } else { "rejected" },
        pending.len()
    );
    Ok(true)
}

#[cfg(test)]
mod tests;
