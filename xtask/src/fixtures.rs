//! Fixture discovery and `verify`: every `testdata/<crate>/**/<case>.txt` is run through its
//! crate's `run_fixture` and compared with `snapshots/<case>.snap` beside it.

use itertools::Itertools;
use std::any::Any;
use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use anyhow::{Context, Result, bail};
use rayon::prelude::*;

/// A game crate with fixtures: its name (= its folder under `testdata/`) and its runner.
#[derive(Debug, Clone, Copy)]
pub struct Game {
    /// The crate name.
    pub name: &'static str,
    /// The crate's `run_fixture`.
    pub run_fixture: fn(&str) -> String,
}

/// Every game crate whose fixtures `verify` runs.
pub const GAMES: &[Game] = &[
    Game {
        name: "fiveup",
        run_fixture: fiveup::run_fixture,
    },
    Game {
        name: "huxxy",
        run_fixture: huxxy::run_fixture,
    },
    Game {
        name: "mahjong",
        run_fixture: mahjong::run_fixture,
    },
    Game {
        name: "mahjong-game",
        run_fixture: mahjong_game::run_fixture,
    },
    Game {
        name: "rummikub",
        run_fixture: rummikub::run_fixture,
    },
    Game {
        name: "rummikub-puzzle",
        run_fixture: rummikub_puzzle::run_fixture,
    },
];

/// The workspace root (the folder holding `testdata/`).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the workspace root")
        .to_path_buf()
}

/// The games named in `names`, or all of them if none is named.
pub fn select_games(names: &[String]) -> Result<Vec<Game>> {
    if names.is_empty() {
        return Ok(GAMES.to_vec());
    }
    names
        .iter()
        .map(|name| {
            let known = GAMES.iter().map(|game| game.name).join(", ");
            GAMES
                .iter()
                .copied()
                .find(|game| game.name == name)
                .with_context(|| {
                    format!("no fixtures for crate {name:?}: known crates are {known}")
                })
        })
        .collect()
}

/// One fixture file.
#[derive(Debug, Clone)]
pub struct Fixture {
    /// The game it belongs to.
    pub game: Game,
    /// The fixture file.
    pub path: PathBuf,
    /// The snapshot's name: the file name without `.txt`.
    pub name: String,
    /// The folder holding its snapshot: `snapshots/` beside the fixture.
    pub snapshot_dir: PathBuf,
}

impl Fixture {
    /// The accepted snapshot's path.
    pub fn snapshot_path(&self) -> PathBuf {
        self.snapshot_dir.join(format!("{}.snap", self.name))
    }
}

/// Every fixture of `games` under `testdata`, sorted by path. A game with no fixture folder
/// is an error: its fixtures would silently not run.
pub fn discover(testdata: &Path, games: &[Game]) -> Result<Vec<Fixture>> {
    let mut fixtures = Vec::new();
    for &game in games {
        let folder = testdata.join(game.name);
        if !folder.is_dir() {
            bail!("no fixture folder {}", folder.display());
        }
        collect(&folder, game, &mut fixtures)?;
    }
    fixtures.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(fixtures)
}

fn collect(folder: &Path, game: Game, fixtures: &mut Vec<Fixture>) -> Result<()> {
    for entry in fs::read_dir(folder).with_context(|| format!("reading {}", folder.display()))? {
        let path = entry?.path();
        if path.is_dir() {
            if path.file_name().is_some_and(|name| name != "snapshots") {
                collect(&path, game, fixtures)?;
            }
        } else if path.extension().is_some_and(|ext| ext == "txt") {
            let name = path
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            fixtures.push(Fixture {
                game,
                snapshot_dir: folder.join("snapshots"),
                name,
                path,
            });
        }
    }
    Ok(())
}

/// Snapshots (accepted or pending) whose fixture no longer exists.
pub fn orphan_snapshots(
    testdata: &Path,
    games: &[Game],
    fixtures: &[Fixture],
) -> Result<Vec<PathBuf>> {
    let mut orphans = Vec::new();
    for game in games {
        for path in crate::snapshots::files_under(&testdata.join(game.name))? {
            let Some(file_name) = path.file_name().map(|n| n.to_string_lossy().into_owned()) else {
                continue;
            };
            let Some(stem) = file_name
                .strip_suffix(".snap.new")
                .or(file_name.strip_suffix(".snap"))
            else {
                continue;
            };
            let has_fixture = fixtures
                .iter()
                .any(|f| f.name == stem && Some(f.snapshot_dir.as_path()) == path.parent());
            if !has_fixture {
                orphans.push(path);
            }
        }
    }
    Ok(orphans)
}

/// The description of a fixture: its first `#` comment.
pub fn description(input: &str) -> Option<&str> {
    input
        .lines()
        .map(str::trim)
        .find_map(|line| line.strip_prefix('#'))
        .map(str::trim)
}

/// What `verify` found.
#[derive(Debug, Default)]
pub struct Report {
    /// Fixtures whose output matched their snapshot.
    pub passed: usize,
    /// Each failure: the fixture (or stray snapshot) and why.
    pub failures: Vec<(PathBuf, String)>,
}

/// Runs every fixture of `games` under `testdata` in parallel and compares each transcript
/// with its snapshot. A changed or new transcript is left as a pending `.snap.new` (see
/// `.config/insta.yaml`).
pub fn verify(testdata: &Path, games: &[Game]) -> Result<Report> {
    let fixtures = discover(testdata, games)?;
    // insta compares and writes the pending snapshots one at a time; it prints nothing
    // (`.config/insta.yaml`): each failure's diff is part of its report.
    let compare_lock = Mutex::new(());
    install_quiet_panic_hook();
    let outcomes: Vec<(PathBuf, Result<(), String>)> = fixtures
        .par_iter()
        .map(|fixture| (fixture.path.clone(), check(fixture, &compare_lock)))
        .collect();
    let mut report = Report::default();
    for (path, outcome) in outcomes {
        match outcome {
            Ok(()) => report.passed += 1,
            Err(reason) => report.failures.push((path, reason)),
        }
    }
    for orphan in orphan_snapshots(testdata, games, &fixtures)? {
        report
            .failures
            .push((orphan, "snapshot without a fixture: delete it".to_owned()));
    }
    Ok(report)
}

thread_local! {
    /// Set while a fixture runs or asserts on this thread: its panics are reported as failures,
    /// not printed by the panic hook.
    static QUIET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Wraps the panic hook once so that panics on a thread in a [`QUIET`] section print nothing.
fn install_quiet_panic_hook() {
    static INSTALL: std::sync::Once = std::sync::Once::new();
    INSTALL.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET.with(std::cell::Cell::get) {
                previous(info);
            }
        }));
    });
}

/// Runs `work` with this thread's panics kept quiet, catching any.
fn quietly<T>(work: impl FnOnce() -> T) -> std::thread::Result<T> {
    QUIET.with(|quiet| quiet.set(true));
    let result = catch_unwind(AssertUnwindSafe(work));
    QUIET.with(|quiet| quiet.set(false));
    result
}

fn panic_message(payload: &(dyn Any + Send)) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_owned()))
        .unwrap_or_else(|| "panic".to_owned())
}

/// Runs one fixture and compares its transcript with the snapshot.
fn check(fixture: &Fixture, compare_lock: &Mutex<()>) -> Result<(), String> {
    let input = fs::read_to_string(&fixture.path).map_err(|e| format!("cannot read: {e}"))?;
    let run = fixture.game.run_fixture;
    let output = quietly(|| run(&input))
        .map_err(|payload| format!("run_fixture panicked: {}", panic_message(&*payload)))?;
    let _guard = compare_lock
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    // insta's settings are per thread: bind them here, in the task that asserts.
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(&fixture.snapshot_dir);
    settings.set_prepend_module_to_snapshot(false);
    settings.set_input_file(&fixture.path);
    settings.set_omit_expression(true);
    if let Some(description) = description(&input) {
        settings.set_description(description);
    }
    let name = fixture.name.as_str();
    quietly(|| settings.bind(|| insta::assert_snapshot!(name, output))).map_err(|_| {
        let pending = PathBuf::from(format!("{}.new", fixture.snapshot_path().display()));
        let diff = crate::snapshots::pending_diff(&pending);
        let diff = diff.trim_end();
        if fixture.snapshot_path().exists() {
            format!("output differs from the snapshot\n{diff}")
        } else {
            format!("no snapshot yet\n{diff}")
        }
    })
}
