//! Tests of the fixture runner and the snapshot review, on the real fixtures and on a scratch
//! tree.

use std::fs;
use std::path::PathBuf;

use crate::fixtures::{self, Game};
use crate::snapshots;

/// `cargo test --workspace` checks the same snapshots as `cargo xtask verify`.
#[test]
fn every_fixture_matches_its_snapshot() {
    let testdata = fixtures::workspace_root().join("testdata");
    let report = fixtures::verify(&testdata, fixtures::GAMES).unwrap();
    assert!(
        report.failures.is_empty(),
        "{:#?}\nreview with `cargo xtask review`",
        report.failures
    );
    assert!(report.passed > 0, "no fixtures found");
}

/// A scratch `testdata/` removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let path = std::env::temp_dir().join(format!("xtask-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&path);
        fs::create_dir_all(path.join("shout/topic")).unwrap();
        Scratch(path)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

const SHOUT: Game = Game {
    name: "shout",
    run_fixture: |input| input.to_uppercase(),
};

#[test]
fn changed_output_is_left_pending_and_review_decides() {
    let scratch = Scratch::new("review");
    let fixture = scratch.0.join("shout/topic/case.txt");
    let snapshot = scratch.0.join("shout/topic/snapshots/case.snap");
    let pending = scratch.0.join("shout/topic/snapshots/case.snap.new");
    let verify = || fixtures::verify(&scratch.0, &[SHOUT]).unwrap();

    // A new fixture fails and leaves its output pending.
    fs::write(&fixture, "# says hello\nhello\n").unwrap();
    let report = verify();
    assert_eq!((report.passed, report.failures.len()), (0, 1));
    assert_eq!(report.failures[0].1.lines().next(), Some("no snapshot yet"));
    assert!(
        report.failures[0].1.contains("+HELLO"),
        "{}",
        report.failures[0].1
    );
    assert!(pending.exists() && !snapshot.exists());

    // Reviewing it shows the new text; accepting it makes verify pass.
    let mut shown = Vec::new();
    let tally = snapshots::review(
        &snapshots::pending(&[scratch.0.join("shout")]).unwrap(),
        &mut "a\n".as_bytes(),
        &mut shown,
    )
    .unwrap();
    assert_eq!(
        tally,
        snapshots::ReviewTally {
            accepted: 1,
            rejected: 0,
            skipped: 0
        }
    );
    let shown = String::from_utf8(shown).unwrap();
    assert!(
        shown.contains("says hello") && shown.contains("+# SAYS HELLO"),
        "{shown}"
    );
    assert!(snapshot.exists() && !pending.exists());
    assert_eq!(verify().failures.len(), 0);

    // A change fails against the accepted snapshot; the diff shows both sides; rejecting keeps
    // the old snapshot, skipping (or running out of answers) keeps the pending one.
    fs::write(&fixture, "# says hello\nhello there\n").unwrap();
    let reason = verify().failures[0].1.clone();
    assert_eq!(
        reason.lines().next(),
        Some("output differs from the snapshot"),
        "{reason}"
    );
    assert!(reason.contains("-HELLO\n+HELLO THERE"), "{reason}");
    let mut shown = Vec::new();
    let pending_list = snapshots::pending(&[scratch.0.join("shout")]).unwrap();
    let tally = snapshots::review(&pending_list, &mut "".as_bytes(), &mut shown).unwrap();
    assert_eq!(tally.skipped, 1);
    let shown = String::from_utf8(shown).unwrap();
    assert!(
        shown.contains("-HELLO") && shown.contains("+HELLO THERE"),
        "{shown}"
    );
    snapshots::review(&pending_list, &mut "r\n".as_bytes(), &mut Vec::new()).unwrap();
    assert!(!pending.exists() && snapshot.exists());
    assert_eq!(verify().failures.len(), 1);

    // A line added at the end: the last line before it is unchanged, and shown so.
    snapshots::review(&pending_list, &mut "a\n".as_bytes(), &mut Vec::new()).unwrap();
    fs::write(&fixture, "# says hello\nhello there\nand more\n").unwrap();
    let reason = verify().failures[0].1.clone();
    assert!(reason.contains(" HELLO THERE\n+AND MORE"), "{reason}");
    assert!(!reason.contains("-HELLO THERE"), "{reason}");
}

#[test]
fn stray_snapshots_and_panics_are_failures() {
    let scratch = Scratch::new("stray");
    fs::create_dir_all(scratch.0.join("shout/topic/snapshots")).unwrap();
    fs::write(
        scratch.0.join("shout/topic/snapshots/gone.snap"),
        "---\n---\nX\n",
    )
    .unwrap();
    let report = fixtures::verify(&scratch.0, &[SHOUT]).unwrap();
    assert_eq!(report.failures.len(), 1);
    assert!(report.failures[0].1.contains("without a fixture"));

    const PANICS: Game = Game {
        name: "shout",
        run_fixture: |_| panic!("boom"),
    };
    fs::write(scratch.0.join("shout/topic/gone.txt"), "x").unwrap();
    let report = fixtures::verify(&scratch.0, &[PANICS]).unwrap();
    assert_eq!(report.failures.len(), 1);
    assert_eq!(report.failures[0].1, "run_fixture panicked: boom");
}

#[test]
fn unknown_crates_and_missing_folders_are_errors() {
    assert!(fixtures::select_games(&["nope".to_owned()]).is_err());
    assert_eq!(
        fixtures::select_games(&["rummikub".to_owned()])
            .unwrap()
            .len(),
        1
    );
    let scratch = Scratch::new("missing");
    let ghost = Game {
        name: "ghost",
        run_fixture: |s| s.to_owned(),
    };
    assert!(fixtures::verify(&scratch.0, &[ghost]).is_err());
}

#[test]
fn description_is_the_first_comment() {
    assert_eq!(
        fixtures::description("\n# first\n# second\nx"),
        Some("first")
    );
    assert_eq!(fixtures::description("x"), None);
}

/// The tidy check finds nothing in the workspace.
#[test]
fn the_workspace_is_tidy() {
    let violations = crate::tidy::check(&fixtures::workspace_root());
    assert!(violations.is_empty(), "{}", violations.join("\n"));
}

/// The tidy check's crate-graph rule catches a game depending on another game, serde in a
/// game crate and the test kit as a normal dependency.
#[test]
fn tidy_catches_a_broken_crate_graph() {
    use crate::tidy::{graph_violations, read_manifest};
    let manifest = |name: &str, dependencies: &str| {
        read_manifest(&format!(
            "[package]\nname = \"{name}\"\n\n[dependencies]\n{dependencies}\n[dev-dependencies]\ntiles-testkit.workspace = true\n"
        ))
    };
    let sound = [
        manifest("tiles-notation", ""),
        manifest("tiles-testkit", ""),
        manifest("fiveup", "tiles-notation.workspace = true\n"),
        manifest(
            "rummikub",
            "tiles-notation.workspace = true\ntiles-core.workspace = true\n",
        ),
        manifest("tiles-core", "rayon.workspace = true\n"),
    ];
    assert_eq!(graph_violations(&sound), Vec::<String>::new());
    for (broken, names) in [
        ("rummikub.workspace = true\n", "fiveup depends on rummikub"),
        ("serde.workspace = true\n", "fiveup depends on serde"),
        (
            "tiles-testkit.workspace = true\n",
            "fiveup depends on tiles-testkit",
        ),
    ] {
        let mut crates = sound.to_vec();
        crates[2] = manifest("fiveup", broken);
        let violations = graph_violations(&crates);
        assert!(
            violations.iter().any(|v| v.starts_with(names)),
            "{names}: {violations:?}"
        );
    }
    // The core knows no game and no notation.
    for broken in [
        "rummikub.workspace = true\n",
        "tiles-notation.workspace = true\n",
    ] {
        let mut crates = sound.to_vec();
        crates[4] = manifest("tiles-core", broken);
        let violations = graph_violations(&crates);
        assert!(
            violations
                .iter()
                .any(|v| v.starts_with("tiles-core depends on")),
            "{broken}: {violations:?}"
        );
    }
    // The hand crate stands on the notation toolkit alone; its table may use the core.
    let mut crates = sound.to_vec();
    crates.push(manifest(
        "mahjong",
        "tiles-notation.workspace = true
",
    ));
    crates.push(manifest(
        "mahjong-game",
        "mahjong.workspace = true
tiles-core.workspace = true
",
    ));
    assert_eq!(graph_violations(&crates), Vec::<String>::new());
    crates[5] = manifest(
        "mahjong",
        "tiles-notation.workspace = true
tiles-core.workspace = true
",
    );
    assert!(
        graph_violations(&crates)
            .iter()
            .any(|v| v.starts_with("mahjong depends on tiles-core")),
        "{:?}",
        graph_violations(&crates)
    );
}

/// The tidy check catches a dependency no code names, and passes one that is used.
#[test]
fn tidy_catches_an_unused_dependency() {
    use crate::tidy::{read_manifest, unused_dependencies};
    let manifest = read_manifest(
        "[package]\nname = \"game\"\n[dependencies]\nnom.workspace = true\nrand = \"0.9\"\n[dev-dependencies]\nproptest.workspace = true\n",
    );
    let sources = "//! A game.\nuse nom::IResult;\n";
    let tests = "use proptest::prelude::*;\n";
    assert_eq!(
        unused_dependencies(&manifest, sources, tests),
        vec!["game: dependency rand is declared but not used".to_owned()]
    );
}

/// The tidy check catches a game crate's source that runs a process or a thread or reads the
/// clock, however it names them, and lets a `Duration` and comments pass.
#[test]
fn tidy_catches_a_game_that_runs_processes_threads_or_clocks() {
    use crate::tidy::runs_outside_a_game;
    let clean = "//! A game.\nuse std::time::Duration;\n// std::thread is the host's, not ours.\n";
    assert!(runs_outside_a_game("clean.rs", clean).is_empty());
    for (code, named) in [
        ("use std::process::Command;", "std::process"),
        ("    std::thread::spawn(|| {});", "std::thread"),
        ("let now = std::time::Instant::now();", "std::time::Instant"),
        ("use std::time::{Duration, Instant};", "std::time::Instant"),
        ("use std::{io, thread};", "std::thread"),
        ("use std::time::SystemTime;", "std::time::SystemTime"),
    ] {
        let found = runs_outside_a_game("game.rs", code);
        assert_eq!(found.len(), 1, "{code}: {found:?}");
        assert!(found[0].contains(named), "{code}: {found:?}");
    }
}

/// The tidy check catches a source file without a `//!` line.
#[test]
fn tidy_catches_a_file_without_module_doc() {
    use crate::tidy::missing_module_doc;
    assert!(missing_module_doc("a.rs", "//! What a is.\nfn a() {}\n").is_none());
    assert!(missing_module_doc("b.rs", "// A comment.\nfn b() {}\n").is_some());
    assert!(missing_module_doc("c.rs", "/// An item doc.\nfn c() {}\n").is_some());
}

/// The tidy check catches a source file over the line limit, and not one at it.
#[test]
fn tidy_catches_a_file_too_long() {
    use crate::tidy::{MOST_LINES, too_long};
    let at_limit = "//! Long.\n".to_owned() + &"fn f() {}\n".repeat(MOST_LINES - 1);
    assert!(too_long("at.rs", &at_limit).is_none());
    let over = at_limit + "fn g() {}\n";
    assert!(too_long("over.rs", &over).is_some());
}

/// The tidy check catches a comment citing a file the repository does not have, including one
/// outside it, and lets URLs, globs and files that exist pass.
#[test]
fn tidy_catches_a_citation_of_a_missing_file() {
    use crate::tidy::{cited_file_found, comments, missing_citations};
    // A scratch repository, and a file beside it that a clone of it would not have.
    let scratch = std::env::temp_dir().join(format!("xtask-tidy-{}", std::process::id()));
    let _ = fs::remove_dir_all(&scratch);
    let repository = scratch.join("repository");
    fs::create_dir_all(repository.join("src")).unwrap();
    fs::write(repository.join("Cargo.toml"), "").unwrap();
    fs::write(repository.join("src/lib.rs"), "").unwrap();
    fs::write(scratch.join("notes.md"), "").unwrap();
    let root = repository.canonicalize().unwrap();
    let from = root.join("src/lib.rs");
    let exists = |cited: &str| cited_file_found(&root, &from, cited);
    let fine = "//! See `src/lib.rs`, `lib.rs`, https://example.com/a/b.md and `crates/*/x.rs`.\n";
    assert_eq!(
        missing_citations("a.rs", &comments(fine), &exists),
        Vec::<String>::new()
    );
    let broken = "//! The rules are in ../../notes.md.\nfn f() {}\n    // As src/gone.rs does.\n";
    let found = missing_citations("b.rs", &comments(broken), &exists);
    fs::remove_dir_all(&scratch).unwrap();
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found[0].contains("../../notes.md"), "{found:?}");
    assert!(found[1].contains("src/gone.rs"), "{found:?}");
}
