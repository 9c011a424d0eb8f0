//! Real records: the 300 Phoenix hanchan of 2021 (`testdata/mahjong-game/logs/
//! tenhou-mjlog-phoenix-2021`, 3,233 hands) read and replayed, and converted to each format
//! (read, replayed, written), one after another on one thread; the median of five runs, in
//! games a second. Each figure is a `figure:` line, as `cargo xtask bench` reads them.
//!
//! `cargo bench -p mahjong-game --bench records`

use std::path::PathBuf;
use std::time::Duration;

use mahjong_game::records::convert::{Target, convert};
use mahjong_game::records::{read, replay::replay};

/// The median of five runs of `work`.
fn median(work: impl FnMut()) -> Duration {
    tiles_testkit::bench::median(5, work)
}

fn main() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/mahjong-game/logs/tenhou-mjlog-phoenix-2021");
    let mut texts: Vec<String> = tiles_testkit::files::with_extension(&dir, "mjlog")
        .iter()
        .map(|path| std::fs::read_to_string(path).expect("a record"))
        .collect();
    texts.sort();
    let games = texts.len();
    assert_eq!(games, 300);
    let rate = |time: Duration| games as f64 / time.as_secs_f64();
    let time = median(|| {
        for text in &texts {
            let (log, _) = read(text);
            std::hint::black_box(replay(&log));
        }
    });
    println!(
        "figure: {games} Phoenix hanchan, read and replayed | one thread, median of 5 | {time:.2?} ({:.0} games/s)",
        rate(time)
    );
    for target in Target::ALL {
        let time = median(|| {
            for text in &texts {
                let converted = convert(text, target).expect("every game converts");
                std::hint::black_box(converted);
            }
        });
        println!(
            "figure: {games} Phoenix hanchan converted to {} | one thread, median of 5 | {time:.2?} ({:.0} games/s)",
            target.name(),
            rate(time)
        );
    }
}
