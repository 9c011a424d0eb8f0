//! `tiles mahjong convert`: the records in testdata (Tenhou mjlog, tenhou.net/6, mjai; one of
//! them gzipped) converted to mjai and to tenhou.net/6, every converted game replaying hand by
//! hand to the source's own results; a record that cannot be read or disagrees is reported,
//! skipped, and the others go on.

mod support;

use std::io::Write;
use std::path::{Path, PathBuf};

use serde_json::Value;
use support::{text, tiles};

fn logs() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/mahjong-game/logs")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tiles-convert-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files(&path, found);
        } else {
            found.push(path);
        }
    }
}

/// Per file, each hand's `round` and score changes and the final points, as one run of
/// `tiles mahjong replay --json` gives them (every hand agreeing).
fn results(paths: &[PathBuf]) -> Vec<Vec<(String, Value)>> {
    let mut args = vec!["mahjong".to_owned(), "replay".into(), "--json".into()];
    args.extend(paths.iter().map(|path| path.to_string_lossy().into_owned()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = tiles(&args, b"");
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    let mut by_file: std::collections::HashMap<String, Vec<(String, Value)>> = Default::default();
    for line in stdout.lines() {
        let line: Value = serde_json::from_str(line).unwrap();
        assert_eq!(line["agree"], true, "{line}");
        by_file
            .entry(line["file"].as_str().unwrap().to_owned())
            .or_default()
            .push((
                line["round"].as_str().unwrap().to_owned(),
                line["got"].clone(),
            ));
    }
    paths
        .iter()
        .map(|path| {
            by_file
                .remove(path.to_string_lossy().as_ref())
                .unwrap_or_default()
        })
        .collect()
}

/// `tiles mahjong convert --to TO INPUTS… --out OUT`.
fn convert(to: &str, inputs: &[&Path], out: &Path) -> std::process::Output {
    let mut args = vec![
        "mahjong".to_owned(),
        "convert".into(),
        "--to".into(),
        to.into(),
    ];
    args.extend(
        inputs
            .iter()
            .map(|input| input.to_string_lossy().into_owned()),
    );
    args.extend(["--out".to_owned(), out.to_string_lossy().into_owned()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    tiles(&args, b"")
}

/// The converted copy of `source`, by its name.
fn copy_of(out: &Path, source: &Path, extension: &str) -> PathBuf {
    let name = source.file_name().unwrap().to_string_lossy().into_owned();
    let stem = ["gz", "mjlog", "xml", "json", "jsonl"]
        .iter()
        .fold(name, |name, ext| {
            name.strip_suffix(&format!(".{ext}"))
                .map_or(name.clone(), str::to_owned)
        });
    // Two sources of one stem each keep their own extension in the name (`game-xml`).
    let kept = source.file_name().unwrap().to_string_lossy()[stem.len()..]
        .trim_start_matches('.')
        .replace('.', "-");
    let mut found = Vec::new();
    files(out, &mut found);
    found
        .into_iter()
        .find(|path| {
            let path = path.to_string_lossy();
            path.ends_with(&format!("/{stem}.{extension}"))
                || path.ends_with(&format!("/{stem}-{kept}.{extension}"))
        })
        .unwrap_or_else(|| panic!("no copy of {}", source.display()))
}

#[test]
fn every_converted_game_replays_to_the_sources_results() {
    // One source gzipped, as Tenhou's own .mjlog downloads are.
    let sources = scratch("sources");
    let mjlog = logs().join("tenhou-mjlog/2010081709gm-00a9-0000-fe3371ad.mjlog");
    let zipped = sources.join("zipped.mjlog");
    let mut encoder = flate2::write::GzEncoder::new(
        std::fs::File::create(&zipped).unwrap(),
        flate2::Compression::default(),
    );
    encoder.write_all(&std::fs::read(&mjlog).unwrap()).unwrap();
    encoder.finish().unwrap();
    let inputs = [
        logs().join("tenhou-mjlog-phoenix-2021"),
        logs().join("tenhou-mjlog"),
        logs().join("tenhou-json"),
        logs().join("mjai"),
        // Three players: Tenhou's three-player record.
        logs().join("tenhou-sanma"),
        zipped.clone(),
    ];
    for (to, extension) in [("mjai", "json.gz"), ("tenhou6", "json"), ("mjlog", "mjlog")] {
        let out = scratch(to);
        let paths: Vec<&Path> = inputs.iter().map(PathBuf::as_path).collect();
        let run = convert(to, &paths, &out);
        let stderr = text(&run.stderr);
        // Two tenhou.net/6 records are no games the rules allow (see the replay tests): they
        // are reported and skipped, and everything else converts (but for mjai-reviewer's
        // records of a game's part, to mjai and mjlog, whose records end with the game's).
        assert_eq!(run.status.code(), Some(1), "{stderr}");
        // Faults are skipped; a game's part mjai and mjlog cannot hold is left as it is (told
        // apart, not a fault).
        let skipped: Vec<&str> = stderr
            .lines()
            .filter(|line| line.contains(": skipped: ") || line.contains(": left as it is: "))
            .collect();
        for line in stderr
            .lines()
            .filter(|line| line.contains(": left as it is: "))
        {
            assert!(
                to != "tenhou6" && line.contains("--to tenhou6 keeps a game's part"),
                "{line}"
            );
        }
        assert!(
            skipped
                .iter()
                .any(|line| line.contains("confusing_nakis_1.json: skipped: E2-2 disagrees")),
            "{stderr}"
        );
        assert!(
            skipped
                .iter()
                .any(|line| line.contains("confusing_nakis_2.json: skipped")),
            "{stderr}"
        );
        let mut converted = Vec::new();
        files(&out, &mut converted);
        assert!(converted.len() >= 110, "{}: {stderr}", converted.len());
        assert!(
            stderr.contains(&format!("{} games converted", converted.len())),
            "{stderr}"
        );
        // Every converted copy replays, hand by hand and to its final points, as its source.
        let mut sources = Vec::new();
        for input in &inputs {
            let mut found = Vec::new();
            if input.is_dir() {
                files(input, &mut found);
            } else {
                found.push(input.clone());
            }
            for source in found {
                let name = source.to_string_lossy().into_owned();
                if !(name.contains("LICENSE")
                    || name.ends_with(".md")
                    || skipped.iter().any(|line| line.starts_with(name.as_str())))
                {
                    sources.push(source);
                }
            }
        }
        let copies: Vec<PathBuf> = sources
            .iter()
            .map(|source| copy_of(&out, source, extension))
            .collect();
        let sources_checked = sources.len();
        for ((source, theirs), mut ours) in
            sources.iter().zip(results(&sources)).zip(results(&copies))
        {
            assert!(!theirs.is_empty(), "{}", source.display());
            // A part of a game with no final points of its own: the copy may carry the points
            // the engine ends the game with (mjai's end_game must have some).
            if !theirs.iter().any(|(round, _)| round == "end") {
                ours.retain(|(round, _)| round != "end");
            }
            assert_eq!(ours, theirs, "{} as {to}", source.display());
        }
        assert_eq!(sources_checked, converted.len());
        // mjai copies are gzipped, one event a line, ending with end_game.
        if to == "mjai" {
            let copy = copy_of(&out, &zipped, extension);
            let mut text = String::new();
            std::io::Read::read_to_string(
                &mut flate2::read::GzDecoder::new(std::fs::File::open(&copy).unwrap()),
                &mut text,
            )
            .unwrap();
            let last: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
            assert_eq!(last["type"], "end_game");
        }
        std::fs::remove_dir_all(&out).unwrap();
    }
    std::fs::remove_dir_all(&sources).unwrap();
}

#[test]
fn a_bad_record_is_skipped_and_the_rest_go_on() {
    let sources = scratch("bad");
    std::fs::write(sources.join("broken.json"), "{\"log\": [[[0, 0, 0]]]}").unwrap();
    std::fs::write(sources.join("not-a-record.mjlog"), [0x1f, 0x8b, 0, 1, 2]).unwrap();
    // Files that are no records at all are left out and named, not counted as broken.
    std::fs::write(sources.join("LICENSE-x"), "Permission is hereby granted").unwrap();
    std::fs::write(sources.join("notes.json"), "  notes, not JSON").unwrap();
    std::fs::copy(
        logs().join("tenhou-json/double_ron.json"),
        sources.join("good.json"),
    )
    .unwrap();
    let out = scratch("bad-out");
    let run = tiles(
        &[
            "mahjong",
            "convert",
            "--to",
            "tenhou6",
            &sources.to_string_lossy(),
            "--out",
            &out.to_string_lossy(),
        ],
        b"",
    );
    let stderr = text(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("broken.json: skipped: cannot be read"),
        "{stderr}"
    );
    assert!(
        stderr.contains("not-a-record.mjlog: skipped: cannot be unzipped"),
        "{stderr}"
    );
    assert!(stderr.contains("1 game converted (1 hand)"), "{stderr}");
    assert!(
        stderr.contains("2 skipped for a fault; 2 files left out, not records: ")
            && stderr.contains("LICENSE-x")
            && stderr.contains("notes.json"),
        "{stderr}"
    );
    assert!(out.join("good.json").exists());
    let run = tiles(
        &[
            "mahjong",
            "convert",
            "--to",
            "xml",
            "x",
            "--out",
            &out.to_string_lossy(),
        ],
        b"",
    );
    assert_eq!(run.status.code(), Some(2));
    assert!(
        text(&run.stderr)
            .contains("--to: expected mjai, tenhou6 (or tenhou) or mjlog, found \"xml\""),
        "{}",
        text(&run.stderr)
    );
    std::fs::remove_dir_all(&sources).unwrap();
    std::fs::remove_dir_all(&out).unwrap();
}

/// The `.xml` and `.json` copies of one game both convert, each to a name of its own; a game's
/// part, which mjai cannot hold, is left as it is with the format that keeps it named, and is
/// not counted as a fault; a run that converts nothing exits non-zero.
#[test]
fn two_copies_of_a_game_each_get_a_name_and_a_part_is_told_apart() {
    let sources = scratch("copies");
    for extension in ["xml", "json"] {
        std::fs::copy(
            logs().join(format!(
                "tenhou-official-json/2019021004gm-00a9-0000-e2f6516d.{extension}"
            )),
            sources.join(format!("game.{extension}")),
        )
        .unwrap();
    }
    let out = scratch("copies-out");
    let run = convert("mjai", &[&sources], &out);
    let stderr = text(&run.stderr);
    assert_eq!(run.status.code(), Some(0), "{stderr}");
    assert!(stderr.starts_with("2 games converted"), "{stderr}");
    assert!(out.join("game-xml.json.gz").exists() && out.join("game-json.json.gz").exists());
    // A game's part: its first hand, without the final points.
    let whole = scratch("part-whole");
    let run = convert("tenhou6", &[&sources.join("game.xml")], &whole);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    let mut record: Value =
        serde_json::from_str(&std::fs::read_to_string(whole.join("game.json")).unwrap()).unwrap();
    record["log"] = Value::Array(vec![record["log"][0].clone()]);
    record.as_object_mut().unwrap().remove("sc");
    let part = sources.join("part.json");
    std::fs::write(&part, record.to_string()).unwrap();
    let run = convert(
        "mjai",
        &[&part, &sources.join("game.json")],
        &scratch("part-out"),
    );
    let stderr = text(&run.stderr);
    assert_eq!(run.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("part.json: left as it is: does not reach the game's end")
            && stderr.contains("--to tenhou6 keeps a game's part"),
        "{stderr}"
    );
    assert!(
        stderr.contains("1 game converted")
            && stderr.contains("1 game the format cannot hold, 0 skipped for a fault"),
        "{stderr}"
    );
    // Nothing converted: a part alone exits 1; no record at all exits 2.
    let run = convert("mjai", &[&part], &scratch("part-alone"));
    assert_eq!(run.status.code(), Some(1), "{}", text(&run.stderr));
    let notes = sources.join("notes.txt");
    std::fs::write(&notes, "my notes").unwrap();
    let run = convert("mjai", &[&notes], &scratch("notes-out"));
    assert_eq!(run.status.code(), Some(2), "{}", text(&run.stderr));
    assert!(
        text(&run.stderr).contains("nothing converted: not a game record (an mjlog starts with <"),
        "{}",
        text(&run.stderr)
    );
}
