//! Records as training data: the 300 Phoenix hanchan of 2021 (`testdata/mahjong-game/logs/
//! tenhou-mjlog-phoenix-2021`) in each format (mjlog as kept, and converted to tenhou.net/6
//! and mjai beforehand) read, then replayed, then written as samples in memory, on one thread,
//! the parts of the work apart; and `dataset::write` of the mjlog files to shards on one
//! thread (`tiles-api`'s `dataset` benchmark writes them on every core). The median of five
//! runs, in decisions a second. Each figure is a `figure:` line, as
//! `cargo xtask bench` reads them.
//!
//! `cargo bench -p mahjong-game --bench dataset`

use std::path::PathBuf;
use std::time::Duration;

use mahjong_game::dataset::{self, Options, game_samples};
use mahjong_game::records::convert::{Target, convert};
use mahjong_game::records::read;
use mahjong_game::records::replay::replay_hand_moves;

/// As the `tiles` command and the Python package allocate.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The median of five runs of `work`.
fn median(work: impl FnMut()) -> Duration {
    tiles_testkit::bench::median(5, work)
}

fn main() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/mahjong-game/logs/tenhou-mjlog-phoenix-2021");
    let paths = tiles_testkit::files::with_extension(&dir, "mjlog");
    let texts: Vec<String> = paths
        .iter()
        .map(|path| std::fs::read_to_string(path).expect("a record"))
        .collect();
    assert_eq!(texts.len(), 300);
    let mut decisions = 0u64;
    let mut out = Vec::new();
    for text in &texts {
        out.clear();
        decisions += game_samples(&read(text).0, 0, &mut out)
            .expect("samples")
            .decisions;
    }
    let rate = |time: Duration| decisions as f64 / time.as_secs_f64();
    for target in [Target::Mjlog, Target::Tenhou6, Target::Mjai] {
        let converted: Vec<String> = texts
            .iter()
            .map(|text| {
                if target == Target::Mjlog {
                    text.clone()
                } else {
                    convert(text, target).expect("every game converts").text
                }
            })
            .collect();
        let time = median(|| {
            for text in &converted {
                std::hint::black_box(read(text));
            }
        });
        println!(
            "figure: 300 Phoenix hanchan from {}, read alone | one thread, median of 5 | {time:.2?} ({:.0} decisions/s)",
            target.name(),
            rate(time)
        );
    }
    let logs: Vec<_> = texts.iter().map(|text| read(text).0).collect();
    let time = median(|| {
        for log in &logs {
            for hand in &log.hands {
                std::hint::black_box(replay_hand_moves(log.rules, log.notation, hand));
            }
        }
    });
    println!(
        "figure: the same games replayed (already read) | one thread, median of 5 | {time:.2?} ({:.0} decisions/s)",
        rate(time)
    );
    let time = median(|| {
        for log in &logs {
            out.clear();
            std::hint::black_box(game_samples(log, 0, &mut out).expect("samples"));
        }
    });
    println!(
        "figure: the same games replayed and written as samples (already read) | one thread, median of 5 | {time:.2?} ({:.0} decisions/s)",
        rate(time)
    );
    let scratch = std::env::temp_dir().join(format!("tiles-dataset-bench-{}", std::process::id()));
    let options = Options::new(scratch.join("out"));
    let time = median(|| {
        let written = dataset::write(std::slice::from_ref(&dir), &options).expect("written");
        assert_eq!(written.decisions, decisions);
    });
    println!(
        "figure: 300 Phoenix hanchan from mjlog files to shards, dataset::write | one thread, median of 5 | {time:.2?} ({:.0} decisions/s)",
        rate(time)
    );
    let _ = std::fs::remove_dir_all(&scratch);
}
