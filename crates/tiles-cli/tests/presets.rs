//! Rule sets from the command line: `--rules PRESET --rule NAME=VALUE` on `game`,
//! `tournament`, `replay`, `watch`, `review` and `score`, and `tiles mahjong rules`.

mod support;

use support::{text, tiles};

#[test]
fn a_game_under_a_rule_set_writes_it_in_its_record_and_replays_under_it() {
    let out = tiles(
        &[
            "mahjong",
            "game",
            "--seed",
            "4",
            "--rules",
            "m-league",
            "--rule",
            "kiriage=false",
            "--length",
            "east",
            "--format",
            "tenhou6",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let record = text(&out.stdout);
    assert!(
        record.contains(r#""preset":"m-league length=east kiriage=false""#),
        "{record}"
    );
    let replayed = tiles(&["mahjong", "replay", "-"], record.as_bytes());
    let verdict = text(&replayed.stdout);
    assert_eq!(replayed.status.code(), Some(0), "{verdict}");
    assert!(verdict.contains("final points agree"), "{verdict}");
}

#[test]
fn a_record_that_states_no_rules_is_replayed_under_the_rules_asked_for() {
    // An mjai record without `rules` (as other tools write them): read under Tenhou's unless
    // `--rules` says otherwise. Written under M-League's rules (seed 1 has a kiriage mangan),
    // then stripped of them.
    let out = tiles(
        &[
            "mahjong", "game", "--seed", "1", "--rules", "m-league", "--format", "mjai",
        ],
        b"",
    );
    let written = text(&out.stdout);
    let mut lines: Vec<serde_json::Value> = written
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    lines[0].as_object_mut().unwrap().remove("rules");
    let bare: String = lines.iter().map(|line| format!("{line}\n")).collect();
    let tenhou = tiles(&["mahjong", "replay", "-"], bare.as_bytes());
    assert_eq!(tenhou.status.code(), Some(1), "{}", text(&tenhou.stdout));
    assert!(text(&tenhou.stdout).contains("the win disagrees"));
    let under = tiles(
        &["mahjong", "replay", "--rules", "m-league", "-"],
        bare.as_bytes(),
    );
    let verdict = text(&under.stdout);
    assert_eq!(under.status.code(), Some(0), "{verdict}");
    assert!(!verdict.contains("disagree"), "{verdict}");
    let watched = tiles(
        &["mahjong", "watch", "--rules", "m-league", "-"],
        bare.as_bytes(),
    );
    assert_eq!(watched.status.code(), Some(0), "{}", text(&watched.stderr));
    assert!(
        !text(&watched.stdout).contains("disagrees"),
        "{}",
        text(&watched.stdout)
    );
    let reviewed = tiles(
        &[
            "mahjong",
            "review",
            "--rules",
            "m-league",
            "--seat",
            "0",
            "--bot",
            "efficiency",
            "-",
        ],
        bare.as_bytes(),
    );
    assert_eq!(
        reviewed.status.code(),
        Some(0),
        "{}",
        text(&reviewed.stderr)
    );
    let bad = tiles(
        &["mahjong", "replay", "--rules", "house", "-"],
        bare.as_bytes(),
    );
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        text(&bad.stderr).contains("unknown rules \"house\""),
        "{}",
        text(&bad.stderr)
    );
}

#[test]
fn tournaments_and_scores_take_the_rule_sets_names() {
    let out = tiles(
        &[
            "mahjong",
            "tournament",
            "--rules",
            "wrc",
            "--games",
            "4",
            "--length",
            "east",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("4 games"),
        "{}",
        text(&out.stdout)
    );
    let scored = tiles(
        &[
            "mahjong",
            "score",
            "19m19p19s1234567z",
            "1m",
            "--win",
            "1m",
            "--seat",
            "S",
            "--rules",
            "mahjong-soul",
        ],
        b"",
    );
    assert!(
        text(&scored.stdout).contains("ron 64000"),
        "{}",
        text(&scored.stdout)
    );
    let refused = tiles(
        &[
            "mahjong", "game", "--rules", "m-league", "--rule", "uma=lots",
        ],
        b"",
    );
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        text(&refused.stderr).contains("rule uma: \"lots\" is not"),
        "{}",
        text(&refused.stderr)
    );
}

#[test]
fn the_rules_command_lists_the_rule_sets_and_shows_one() {
    let listed = text(&tiles(&["mahjong", "rules"], b"").stdout);
    for name in [
        "tenhou",
        "mahjong-soul-sanma",
        "m-league",
        "wrc",
        "ema-2025",
        "jpml-a",
        "saikouisen-classic",
    ] {
        assert!(listed.contains(&format!("  {name}\n")), "{listed}");
    }
    assert!(listed.contains("  kiriage: 4 han 30 fu"), "{listed}");
    let shown = text(
        &tiles(
            &["mahjong", "rules", "jpml-a", "--rule", "ura_dora=true"],
            b"",
        )
        .stdout,
    );
    assert!(
        shown.starts_with("rules: jpml-a ura_dora=true\n"),
        "{shown}"
    );
    assert!(
        shown.contains("  uma = above:12,-1,-3,-8/8,4,-4,-8/8,3,1,-12\n"),
        "{shown}"
    );
    let json = text(&tiles(&["mahjong", "rules", "wrc", "--json"], b"").stdout);
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["fields"]["chombo"], "30");
    assert_eq!(value["fields"]["leftover_sticks"], "lost");
}
