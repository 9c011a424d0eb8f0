//! Records as training data on every core: the same dataset, byte for byte, whatever the
//! number of threads, as the one-thread writer's; and a raised stop leaves no manifest.

use std::path::{Path, PathBuf};

use mahjong_game::dataset::{self, Options};
use tiles_api::mahjong::dataset::write_until;
use tiles_core::Stop;

fn logs() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/mahjong-game/logs")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tiles-api-dataset-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Every file a dataset directory holds, by name.
fn contents(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            let entry = entry.unwrap();
            (
                entry.file_name().to_string_lossy().into_owned(),
                std::fs::read(entry.path()).unwrap(),
            )
        })
        .collect();
    files.sort();
    files
}

#[test]
fn every_thread_count_writes_the_one_thread_dataset() {
    let inputs = [
        logs().join("tenhou-json"),
        logs().join("tenhou-sanma"),
        logs().join("mjai"),
    ];
    let base = scratch("threads");
    let mut options = Options::new(base.join("one"));
    options.shard_size = 1 << 20;
    let one = dataset::write(&inputs, &options).unwrap();
    assert!(one.shards.len() > 2, "{:?}", one.shards);
    let expected = contents(&base.join("one"));
    for jobs in [1, 2, 5] {
        options.out = base.join(format!("jobs-{jobs}"));
        let written = write_until(&inputs, &options, jobs, &Stop::never())
            .unwrap()
            .unwrap();
        assert_eq!(written.decisions, one.decisions);
        let got = contents(&options.out);
        let names =
            |files: &[(String, Vec<u8>)]| files.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
        assert_eq!(names(&got), names(&expected));
        for ((name, bytes), (_, wanted)) in got.iter().zip(&expected) {
            if name == "manifest.json" {
                // The same but for where it was written.
                let text = String::from_utf8(bytes.clone()).unwrap();
                assert_eq!(text, String::from_utf8(wanted.clone()).unwrap());
            } else {
                assert!(bytes == wanted, "{name} differs with {jobs} threads");
            }
        }
    }
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn a_raised_stop_writes_no_manifest() {
    let base = scratch("stop");
    let options = Options::new(&base);
    let (stop, flag) = Stop::flag();
    flag.raise();
    let result = write_until(&[logs().join("tenhou-json")], &options, 2, &stop);
    assert!(result.is_err());
    assert!(!base.join("manifest.json").exists());
    let _ = std::fs::remove_dir_all(&base);
}
