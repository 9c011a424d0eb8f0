//! A record watched and reviewed: `mahjong/review` of one seat of a whole Phoenix hanchan (the
//! record replayed, each hand dealt again and played from its decisions, the value bot asked
//! and its estimates at every decision of the seat), and `mahjong/watch` of one hand (the hand
//! list's verdicts of the whole record and the board at each of the hand's events), as the
//! page asks them. `cargo bench -p tiles-api --bench watch`.

use std::hint::black_box;

use serde_json::json;

fn main() {
    divan::main();
}

fn record(path: &str) -> String {
    let root = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/mahjong-game/logs/"
    );
    std::fs::read_to_string(format!("{root}{path}")).expect("a record in testdata")
}

const PHOENIX: &str = "tenhou-mjlog-phoenix-2021/2021070100gm-00a9-0000-051217a5.mjlog";
const SANMA: &str = "tenhou-sanma/sanma2.mjlog";

#[divan::bench(args = [PHOENIX, SANMA])]
fn review_one_seat(bencher: divan::Bencher, path: &str) {
    let request = json!({ "record": record(path), "seat": 0 }).to_string();
    bencher.bench(|| black_box(tiles_api::handle("mahjong/review", black_box(&request))));
}

#[divan::bench(args = [PHOENIX, SANMA])]
fn watch_one_hand(bencher: divan::Bencher, path: &str) {
    let request = json!({ "record": record(path), "hand": 3 }).to_string();
    bencher.bench(|| black_box(tiles_api::handle("mahjong/watch", black_box(&request))));
}
