//! The `mahjong-soul` rule set's scoring beside another engine's: RiichiEnv's 816 winning
//! hands (`testdata/mahjong-game/scoring/agari_4p.json`, its scoring fixtures, each with the
//! han and fu Mahjong Soul gives it: some yakuman count double there) scored under
//! `GameRules::MAHJONG_SOUL.scoring()` agree on every hand's han and fu.

use mahjong::{CalledMeld, FullHand, MeldKind, Piece, Situation, Tile, Wind, score};
use mahjong_game::GameRules;
use serde_json::Value;

/// A tile of the 136 ids (four a kind; 16, 52 and 88 the red fives).
fn piece(id: &Value) -> Piece {
    let id = id.as_u64().expect("a tile id") as usize;
    Piece {
        tile: Tile::at(id / 4),
        red: matches!(id, 16 | 52 | 88),
    }
}

fn pieces(list: &Value) -> Vec<Piece> {
    list.as_array().expect("a list").iter().map(piece).collect()
}

#[test]
fn riichienv_s_winning_hands_score_alike_under_mahjong_soul_s_rules() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/mahjong-game/scoring/agari_4p.json"
    ))
    .expect("the fixtures");
    let cases: Value = serde_json::from_str(&text).expect("JSON");
    let rules = GameRules::MAHJONG_SOUL.scoring();
    let mut checked = 0;
    let mut doubles = 0;
    for (index, case) in cases["cases"].as_array().expect("cases").iter().enumerate() {
        let win = piece(&case["win_tile_136"]);
        let mut concealed = pieces(&case["tiles_136"]);
        // The winning tile comes apart from the hand's 13 (one case gives 14, the winning
        // tile among them; some reuse a hand tile's id for a copy of its kind).
        let called = case["melds"].as_array().map_or(0, Vec::len);
        if concealed.len() + 3 * called == 13 {
            concealed.push(win);
        }
        let melds: Vec<CalledMeld> = case["melds"]
            .as_array()
            .expect("melds")
            .iter()
            .map(|meld| {
                let kind = match meld["meld_type"].as_str().expect("a meld type") {
                    "chi" => MeldKind::Chi,
                    "pon" => MeldKind::Pon,
                    "ankan" => MeldKind::Ankan,
                    _ => MeldKind::Kan,
                };
                CalledMeld::new(kind, &pieces(&meld["tiles"])).expect("a meld")
            })
            .collect();
        let hand = FullHand::new(&concealed, melds).expect("a hand");
        let conditions = &case["conditions"];
        let flag = |name: &str| conditions[name].as_bool().unwrap_or(false);
        let wind = |name: &str| Wind::ALL[conditions[name].as_u64().unwrap_or(0) as usize];
        let riichi = flag("riichi") || flag("double_riichi");
        let situation = Situation {
            tsumo: flag("tsumo"),
            riichi: flag("riichi"),
            double_riichi: flag("double_riichi"),
            ippatsu: flag("ippatsu"),
            haitei: flag("haitei"),
            houtei: flag("houtei"),
            rinshan: flag("rinshan"),
            chankan: flag("chankan"),
            seat_wind: wind("player_wind"),
            round_wind: wind("round_wind"),
            dora_indicators: pieces(&case["dora_indicators"]),
            ura_indicators: if riichi {
                pieces(&case["ura_indicators"])
            } else {
                Vec::new()
            },
            honba: conditions["honba"].as_u64().unwrap_or(0) as u32,
            ..Situation::ron(win)
        };
        let expected = &case["expected"];
        let scored = score(&hand, &situation, &rules)
            .unwrap_or_else(|error| panic!("case {index} ({hand}): {error}"));
        let han = expected["han"].as_u64().expect("han") as u32;
        let fu = expected["fu"].as_u64().expect("fu") as u32;
        assert_eq!(
            (scored.han, scored.fu),
            (han, fu),
            "case {index} ({hand}): ours {:?}, theirs yaku ids {}",
            scored.yaku,
            expected["yaku"]
        );
        checked += 1;
        doubles += usize::from(scored.yakuman > 0 && scored.yakuman > scored.yaku.len() as u32);
    }
    assert_eq!(checked, 816);
    assert!(doubles > 0, "some yakuman count double");
}
