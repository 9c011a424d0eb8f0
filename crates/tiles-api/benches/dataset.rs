//! Records as training data on every core: `mahjong::dataset::write_until` of the 300 Phoenix
//! hanchan of 2021 (`testdata/mahjong-game/logs/tenhou-mjlog-phoenix-2021`) from their mjlog
//! files, and from the same games converted beforehand to tenhou.net/6 and to mjai (one file a
//! game), to shards; the median of five runs, in decisions a second, allocating with mimalloc
//! as the `tiles` command and the Python package do. Each figure is a `figure:` line, as
//! `cargo xtask bench` reads them. `cargo bench -p tiles-api --bench dataset`.

use std::path::PathBuf;
use std::time::Duration;

use mahjong_game::dataset::Options;
use mahjong_game::records::convert::{Target, convert};
use tiles_api::mahjong::dataset::write_until;
use tiles_core::Stop;

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
    assert_eq!(paths.len(), 300);
    let scratch =
        std::env::temp_dir().join(format!("tiles-dataset-bench-api-{}", std::process::id()));
    let cores = std::thread::available_parallelism().map_or(1, |count| count.get());
    for target in [Target::Mjlog, Target::Tenhou6, Target::Mjai] {
        let input = scratch.join(format!("in-{}", target.name()));
        std::fs::create_dir_all(&input).expect("a scratch directory");
        for (index, path) in paths.iter().enumerate() {
            let text = std::fs::read_to_string(path).expect("a record");
            let (converted, extension) = match target {
                Target::Mjlog => (text, "mjlog"),
                Target::Tenhou6 => (convert(&text, target).expect("converts").text, "json"),
                Target::Mjai => (convert(&text, target).expect("converts").text, "jsonl"),
            };
            std::fs::write(input.join(format!("{index:03}.{extension}")), converted)
                .expect("a scratch file");
        }
        let options = Options::new(scratch.join("out"));
        let mut decisions = 0;
        let time = median(|| {
            let written = write_until(std::slice::from_ref(&input), &options, 0, &Stop::never())
                .expect("never stopped")
                .expect("written");
            assert_eq!(written.games, 300);
            decisions = written.decisions;
        });
        println!(
            "figure: 300 Phoenix hanchan from {} files to shards, mahjong::dataset::write_until | every core ({cores}), median of 5 | {time:.2?} ({:.0} decisions/s)",
            target.name(),
            decisions as f64 / time.as_secs_f64()
        );
    }
    let _ = std::fs::remove_dir_all(&scratch);
}
