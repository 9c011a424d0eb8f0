//! `tiles mahjong dataset`: records (gzipped ones among them) written as shards and a manifest;
//! bad options named; a file that gives no game named and the rest written.

mod support;

use std::io::Write;
use std::path::PathBuf;

use serde_json::Value;
use support::{text, tiles};

fn logs() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/mahjong-game/logs")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tiles-dataset-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn records_become_shards_and_a_manifest() {
    let dir = scratch("write");
    let input = dir.join("in");
    std::fs::create_dir_all(&input).unwrap();
    // A gzipped mjlog, a tenhou.net/6 file, an mjai file, a three-player mjlog and a licence.
    let names =
        tiles_testkit::files::with_extension(&logs().join("tenhou-mjlog-phoenix-2021"), "mjlog");
    let mjlog = &names[0];
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(&std::fs::read(mjlog).unwrap()).unwrap();
    std::fs::write(input.join("phoenix.mjlog.gz"), gz.finish().unwrap()).unwrap();
    std::fs::copy(
        logs().join("tenhou-json/double_ron.json"),
        input.join("double_ron.json"),
    )
    .unwrap();
    std::fs::copy(
        logs().join("mjai/126_204_0_mjai.jsonl"),
        input.join("mjai.jsonl"),
    )
    .unwrap();
    std::fs::copy(
        logs().join("tenhou-sanma/sanma2.mjlog"),
        input.join("sanma.mjlog"),
    )
    .unwrap();
    std::fs::write(input.join("LICENSE-sources"), "terms").unwrap();
    let out = dir.join("out");
    let result = tiles(
        &[
            "mahjong",
            "dataset",
            input.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--split",
            "1,0,0",
            "--terms",
            "CC BY 4.0",
        ],
        b"",
    );
    let stderr = text(&result.stderr);
    assert_eq!(result.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("of 4 games from 4 files"), "{stderr}");
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(manifest["counts"]["games"], 4);
    assert_eq!(manifest["terms"]["text"], "CC BY 4.0");
    assert!(
        manifest["terms"]["files"][0]
            .as_str()
            .unwrap()
            .ends_with("LICENSE-sources")
    );
    assert_eq!(manifest["encodings"]["3"]["name"], "tiles-sanma-v1");
    assert!(manifest["counts"]["kinds"]["kita"].as_u64().unwrap() > 0);
    let formats: Vec<&str> = manifest["sources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|source| source["format"].as_str().unwrap())
        .collect();
    assert_eq!(formats, ["tenhou", "mjai", "mjlog", "mjlog"]);
    let mut shards: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".npy"))
        .collect();
    shards.sort();
    assert_eq!(shards, ["train-3p-00000.npy", "train-4p-00000.npy"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_options_and_records_are_named() {
    let dir = scratch("bad");
    let out = dir.join("out");
    let sanma = logs().join("tenhou-sanma/sanma2.mjlog");
    for (option, value, says) in [
        ("--split", "0.9,0.1", "--split: expected three"),
        ("--split", "1,-1,0", "--split: expected three"),
        ("--shard-size", "12X", "--shard-size: expected bytes"),
        ("--shard-size", "0", "--shard-size: expected bytes"),
    ] {
        let result = tiles(
            &[
                "mahjong",
                "dataset",
                sanma.to_str().unwrap(),
                "--out",
                out.to_str().unwrap(),
                option,
                value,
            ],
            b"",
        );
        assert_eq!(result.status.code(), Some(2), "{option} {value}");
        assert!(
            text(&result.stderr).contains(says),
            "{}",
            text(&result.stderr)
        );
    }
    let broken = dir.join("broken.json");
    std::fs::write(&broken, "{\"log\": [[").unwrap();
    let result = tiles(
        &[
            "mahjong",
            "dataset",
            sanma.to_str().unwrap(),
            broken.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        b"",
    );
    let stderr = text(&result.stderr);
    assert_eq!(result.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("broken.json:"), "{stderr}");
    assert!(stderr.contains("of 1 games from 2 files"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
