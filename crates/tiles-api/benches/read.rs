//! Reading `mahjong/score` requests from JSON text, the operation a batch sends by the million:
//! the hand-written quick reader the API uses against serde reading the same requests into a
//! type that borrows its strings from the text (the rules read the same way by both), in one
//! run. `cargo bench -p tiles-api --bench read`.

use std::hint::black_box;

use divan::Bencher;
use serde::Deserialize;
use tiles_api::mahjong::RulesRequest;

fn main() {
    divan::main();
}

/// Requests as a batch sends them: closed and open hands, dora, a rules preset or switches.
const REQUESTS: &[&str] = &[
    r#"{"hand":"123m456p789s11555z","win":"5z"}"#,
    r#"{"hand":"234m234p234s678s22m","melds":[],"win":"2m","tsumo":true,"riichi":true,"double_riichi":false,"ippatsu":false,"rinshan":false,"chankan":false,"haitei":false,"houtei":false,"tenhou":false,"chiihou":false,"seat_wind":"S","round_wind":"E","dora_indicators":["1m"],"ura_indicators":["9p"],"honba":1,"riichi_sticks":1,"rules":"tenhou"}"#,
    r#"{"hand":"567m77s444z","melds":[{"type":"pon","tiles":"5z5z5z"},{"type":"pon","tiles":"2z2z2z"}],"win":"6m","tsumo":false,"riichi":false,"double_riichi":false,"ippatsu":false,"rinshan":false,"chankan":false,"haitei":false,"houtei":false,"tenhou":false,"chiihou":false,"seat_wind":"E","round_wind":"E","dora_indicators":["7z"],"ura_indicators":[],"honba":0,"riichi_sticks":1,"rules":{"preset":"wrc","double_wind_fu":4}}"#,
    r#"{"hand":"33678999p","melds":[{"type":"ankan","tiles":"0s5s5s5s"},{"type":"kan","tiles":"8s8s8s8s"}],"win":"6p","tsumo":false,"riichi":false,"double_riichi":false,"ippatsu":false,"rinshan":false,"chankan":false,"haitei":false,"houtei":false,"tenhou":false,"chiihou":false,"seat_wind":"N","round_wind":"E","dora_indicators":["5m","1s","2m"],"ura_indicators":[],"honba":0,"riichi_sticks":0,"rules":"tenhou"}"#,
];

/// A `mahjong/score` request, its strings borrowed from the text.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code, reason = "read to be timed")]
struct Borrowed<'a> {
    hand: &'a str,
    #[serde(borrow, default)]
    melds: Vec<Meld<'a>>,
    win: &'a str,
    #[serde(default)]
    tsumo: bool,
    #[serde(default)]
    riichi: bool,
    #[serde(default)]
    double_riichi: bool,
    #[serde(default)]
    ippatsu: bool,
    #[serde(default)]
    rinshan: bool,
    #[serde(default)]
    chankan: bool,
    #[serde(default)]
    haitei: bool,
    #[serde(default)]
    houtei: bool,
    #[serde(default)]
    tenhou: bool,
    #[serde(default)]
    chiihou: bool,
    #[serde(default)]
    seat_wind: Option<&'a str>,
    #[serde(default)]
    round_wind: Option<&'a str>,
    #[serde(borrow, default)]
    dora_indicators: Option<TilesText<'a>>,
    #[serde(borrow, default)]
    ura_indicators: Option<TilesText<'a>>,
    #[serde(default)]
    honba: u32,
    #[serde(default)]
    riichi_sticks: u32,
    #[serde(default)]
    rules: RulesRequest,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code, reason = "read to be timed")]
struct Meld<'a> {
    #[serde(rename = "type")]
    kind: &'a str,
    tiles: &'a str,
}

#[derive(Deserialize)]
#[serde(untagged)]
#[allow(dead_code, reason = "read to be timed")]
enum TilesText<'a> {
    Text(&'a str),
    List(#[serde(borrow)] Vec<&'a str>),
}

#[divan::bench]
fn quick_reader(bencher: Bencher) {
    for text in REQUESTS {
        assert!(tiles_api::read_score_quickly(text).is_some(), "{text}");
    }
    bencher.bench(|| {
        for text in REQUESTS {
            black_box(tiles_api::read_score_quickly(black_box(text)));
        }
    });
}

#[divan::bench]
fn serde_borrowed(bencher: Bencher) {
    for text in REQUESTS {
        assert!(serde_json::from_str::<Borrowed>(text).is_ok(), "{text}");
    }
    bencher.bench(|| {
        for text in REQUESTS {
            let request: Borrowed = serde_json::from_str(black_box(text)).expect("a request");
            black_box((
                request.rules.rules().is_ok(),
                request.hand.len() + request.win.len(),
            ));
        }
    });
}
