//! `cargo xtask bench`: runs every crate's benchmarks and prints one table of their medians.
//!
//! Two kinds of benchmark output are read from `cargo bench`'s standard output:
//!
//! - divan's tree tables: each leaf is a figure whose operation is the benchmark function and
//!   whose input is its argument (`check` → `ambiguous_order` → `199` gives operation
//!   `ambiguous_order`, input `199`);
//! - lines a benchmark's own `main` prints for figures divan cannot time, such as the median
//!   over many positions each timed on its own: `figure: <operation> | <input> | <median>`.
//!
//! Side-by-side peers follow a naming rule: functions `<op>_ours` and `<op>_<peer>` with the
//! same input are one operation timed in our crate and in the peer, and our row shows the
//! peer's median divided by ours.

use std::process::{Command, Stdio};

use anyhow::{Context, Result, bail};

/// Crates with benchmarks, in the order of the table.
pub const BENCH_CRATES: &[&str] = &[
    "rummikub",
    "rummikub-puzzle",
    "fiveup",
    "huxxy",
    "mahjong",
    "mahjong-game",
    "tiles-api",
];

/// One timed figure.
#[derive(Debug, Clone, PartialEq)]
pub struct Figure {
    pub operation: String,
    pub input: String,
    /// The median as the benchmark printed it.
    pub median: String,
    /// The median in nanoseconds, if it could be read.
    pub nanos: Option<f64>,
}

/// Reads a duration as divan (`10.88 µs`) or `Duration`'s `Debug` (`681.1µs`) prints it, in
/// nanoseconds.
pub fn parse_duration(text: &str) -> Option<f64> {
    let text = text.trim();
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let number: f64 = text[..split].parse().ok()?;
    let scale = match text[split..].trim() {
        "ns" => 1.0,
        "µs" | "us" => 1e3,
        "ms" => 1e6,
        "s" => 1e9,
        _ => return None,
    };
    Some(number * scale)
}

/// The figures in one crate's `cargo bench` output.
pub fn parse_output(output: &str) -> Vec<Figure> {
    let mut figures = Vec::new();
    // The names of the open groups of a divan table, by depth (0 is the bench binary).
    let mut path: Vec<String> = Vec::new();
    let mut in_table = false;
    for line in output.lines() {
        if let Some(rest) = line.strip_prefix("figure:") {
            let fields: Vec<&str> = rest.split('|').map(str::trim).collect();
            if let [operation, input, median] = fields[..] {
                figures.push(Figure {
                    operation: operation.to_owned(),
                    input: input.to_owned(),
                    median: median.to_owned(),
                    nanos: parse_duration(median),
                });
            }
            continue;
        }
        if line.contains("fastest") && line.contains("median") && line.contains('│') {
            in_table = true;
            path = vec![line.split_whitespace().next().unwrap_or("").to_owned()];
            continue;
        }
        // A row is the tree drawing (three characters per level), the name and the fastest
        // time, then the other columns.
        let drawn = line
            .chars()
            .take_while(|c| matches!(c, '│' | '├' | '╰' | '─' | ' '))
            .count();
        let rest: String = line.chars().skip(drawn).collect();
        let columns: Vec<&str> = rest.split('│').collect();
        if columns.len() < 6 {
            in_table = false;
        }
        if !in_table {
            continue;
        }
        if columns[2].trim().ends_with("/s") {
            // The throughput row under a leaf.
            continue;
        }
        let depth = drawn / 3;
        // The name, less the fastest time after it (a leaf's: `12.5 µs`).
        let mut name = columns[0].trim_end();
        if let Some((before, unit)) = name.rsplit_once(' ')
            && let Some((head, number)) = before.trim_end().rsplit_once(' ')
            && parse_duration(&format!("{number} {unit}")).is_some()
        {
            name = head;
        }
        let name = name.trim().to_owned();
        if depth == 0 {
            continue;
        }
        path.truncate(depth);
        path.push(name);
        let median = columns[2].trim();
        if median.is_empty() {
            continue;
        }
        let (operation, input) = match &path[1..] {
            [operation] => (operation.clone(), String::new()),
            [operation, args @ ..] => (operation.clone(), args.join(", ")),
            [] => continue,
        };
        figures.push(Figure {
            operation,
            input,
            median: median.to_owned(),
            nanos: parse_duration(median),
        });
    }
    figures
}

/// One table row: a crate's figure and, for an operation timed beside a peer, the peer's
/// name and its median over ours.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub crate_name: String,
    pub figure: Figure,
    pub peer: Option<(String, f64)>,
}

/// Pairs `<op>_ours` figures with their peers' (`<op>_<peer>`, same input) and drops the
/// peers' own rows.
pub fn rows(crate_name: &str, figures: &[Figure]) -> Vec<Row> {
    let mut rows = Vec::new();
    let ours: Vec<&Figure> = figures
        .iter()
        .filter(|figure| figure.operation.ends_with("_ours"))
        .collect();
    let is_peer = |figure: &Figure| {
        ours.iter().any(|mine| {
            let op = mine.operation.trim_end_matches("_ours");
            figure.input == mine.input
                && figure.operation != mine.operation
                && figure
                    .operation
                    .strip_prefix(op)
                    .is_some_and(|rest| rest.starts_with('_'))
        })
    };
    for figure in figures {
        if is_peer(figure) {
            continue;
        }
        let mut shown = figure.clone();
        let mut peer = None;
        if let Some(op) = figure.operation.strip_suffix("_ours") {
            shown.operation = op.to_owned();
            peer = figures.iter().find_map(|other| {
                let name = other.operation.strip_prefix(op)?.strip_prefix('_')?;
                if name == "ours" || other.input != figure.input {
                    return None;
                }
                Some((name.to_owned(), other.nanos? / figure.nanos?))
            });
        }
        rows.push(Row {
            crate_name: crate_name.to_owned(),
            figure: shown,
            peer,
        });
    }
    rows
}

/// The table, in Markdown.
pub fn table(rows: &[Row]) -> String {
    let mut text = String::from(
        "| crate | operation | input | median | peer's median / ours |\n|---|---|---|---|---|\n",
    );
    for row in rows {
        let peer = match &row.peer {
            Some((name, ratio)) => format!("{ratio:.2}× ({name})"),
            None => String::new(),
        };
        text.push_str(&format!(
            "| {} | {} | {} | {} | {} |\n",
            row.crate_name, row.figure.operation, row.figure.input, row.figure.median, peer
        ));
    }
    text
}

/// The Python package, whose benchmarks run in the tests' virtual environment.
const PYTHON_CRATE: &str = "tiles-py";

/// The Python benchmarks that print `figure:` lines: records as training data, written and
/// loaded, beside RiichiEnv. They run in `target/py-venv` (which `cargo xtask test` makes,
/// with the package and its peers); without it they are left out, and said so.
fn python_benchmarks() -> Result<Vec<Row>> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf();
    let python = root.join("target/py-venv/bin/python");
    if !python.exists() {
        eprintln!(
            "tiles-py: left out: no {} (cargo xtask test makes it)",
            python.display()
        );
        return Ok(Vec::new());
    }
    let script = root.join("crates/tiles-py/benches/dataset_vs_peers.py");
    eprintln!("{} {}", python.display(), script.display());
    let output = Command::new(&python)
        .arg(&script)
        .current_dir(&root)
        .stderr(Stdio::inherit())
        .output()
        .with_context(|| format!("running {}", script.display()))?;
    let text = String::from_utf8_lossy(&output.stdout);
    print!("{text}");
    if !output.status.success() {
        bail!("{} failed", script.display());
    }
    Ok(rows(PYTHON_CRATE, &parse_output(&text)))
}

/// Runs the benchmarks of `crates` (all if empty), passing their output through, then prints
/// the table.
pub fn run(crates: &[String]) -> Result<bool> {
    for name in crates {
        if !BENCH_CRATES.contains(&name.as_str()) && name != PYTHON_CRATE {
            bail!(
                "no benchmarks in {name:?}: pick from {}, {PYTHON_CRATE}",
                BENCH_CRATES.join(", ")
            );
        }
    }
    let selected: Vec<&str> = BENCH_CRATES
        .iter()
        .copied()
        .filter(|name| crates.is_empty() || crates.iter().any(|c| c == name))
        .collect();
    let mut all = Vec::new();
    for name in selected {
        eprintln!("cargo bench -p {name} --benches");
        let output = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
            .args(["bench", "-q", "-p", name, "--benches"])
            .stderr(Stdio::inherit())
            .output()
            .with_context(|| format!("running the benchmarks of {name}"))?;
        let text = String::from_utf8_lossy(&output.stdout);
        print!("{text}");
        if !output.status.success() {
            bail!("the benchmarks of {name} failed");
        }
        all.extend(rows(name, &parse_output(&text)));
    }
    if crates.is_empty() || crates.iter().any(|c| c == PYTHON_CRATE) {
        all.extend(python_benchmarks()?);
    }
    println!("\n{}", table(&all));
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Output as divan and a benchmark's own `main` print it.
    const OUTPUT: &str = "\
double-18, random order: 180 tiles
Timer precision: 20 ns
hands               fastest       │ slowest       │ median        │ mean          │ samples │ iters
├─ arrange_full_set 200 µs        │ 400 µs        │ 220.5 µs      │ 230 µs        │ 100     │ 100
├─ random_order                   │               │               │               │         │
│  ├─ 18            10.88 µs      │ 37.19 µs      │ 10.88 µs      │ 11.26 µs      │ 100     │ 100
│  ╰─ 199           2.757 ms      │ 11.35 ms      │ 3.057 ms      │ 4.995 ms      │ 100     │ 100
├─ shanten_ours                   │               │               │               │         │
│  ╰─ random        40 ms         │ 50 ms         │ 40 ms         │ 41 ms         │ 10      │ 10
│                   25 Mitem/s    │ 20 Mitem/s    │ 25 Mitem/s    │ 24 Mitem/s    │         │
├─ shanten_xiangting              │               │               │               │         │
│  ╰─ random        80 ms         │ 90 ms         │ 80 ms         │ 81 ms         │ 10      │ 10
╰─ trap_at_the_end                │               │               │               │         │
   ╰─ (18, 190)     8.426 µs      │ 9.846 µs      │ 8.685 µs      │ 8.735 µs      │ 100     │ 100

figure: solve tiles | 200 positions: the median one | 681.126µs
";

    #[test]
    fn durations_read_in_both_styles() {
        assert_eq!(parse_duration("10.88 µs"), Some(10_880.0));
        assert_eq!(parse_duration("681.5µs"), Some(681_500.0));
        assert_eq!(parse_duration("2.1ms"), Some(2_100_000.0));
        assert_eq!(parse_duration("3 s"), Some(3e9));
        assert_eq!(parse_duration("20 ns"), Some(20.0));
        assert_eq!(parse_duration("fast"), None);
    }

    #[test]
    fn every_leaf_and_figure_line_is_read() {
        let figures = parse_output(OUTPUT);
        let read: Vec<(&str, &str, &str)> = figures
            .iter()
            .map(|f| (f.operation.as_str(), f.input.as_str(), f.median.as_str()))
            .collect();
        assert_eq!(
            read,
            [
                ("arrange_full_set", "", "220.5 µs"),
                ("random_order", "18", "10.88 µs"),
                ("random_order", "199", "3.057 ms"),
                ("shanten_ours", "random", "40 ms"),
                ("shanten_xiangting", "random", "80 ms"),
                ("trap_at_the_end", "(18, 190)", "8.685 µs"),
                ("solve tiles", "200 positions: the median one", "681.126µs"),
            ]
        );
    }

    #[test]
    fn peers_are_paired_with_our_figure() {
        let rows = rows("mahjong", &parse_output(OUTPUT));
        assert_eq!(rows.len(), 6);
        let shanten = rows
            .iter()
            .find(|row| row.figure.operation == "shanten")
            .unwrap();
        assert_eq!(shanten.peer, Some(("xiangting".to_owned(), 2.0)));
        assert!(
            rows.iter()
                .all(|row| row.figure.operation != "shanten_xiangting")
        );
        assert!(
            table(&rows).contains("| mahjong | shanten | random | 40 ms | 2.00× (xiangting) |")
        );
    }
}
