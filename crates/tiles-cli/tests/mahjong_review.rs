//! `tiles mahjong review` and `tiles mahjong watch`: records reviewed decision by decision
//! (a table or JSON lines) and shown hand by hand, from files plain or gzipped.

mod support;

use support::{logs, path_text, text, tiles};

/// `tiles mahjong review`: the table (a row a decision, a line a seat), `--json` lines (the
/// decisions then the summaries, the same figures), a gzipped three-player record, and the
/// errors: a seat not at the table, a bot we do not have, a file that is no record.
#[test]
fn review_prints_a_table_and_json_lines_for_both_formats_and_player_counts() {
    let record =
        path_text(&logs("tenhou-mjlog-phoenix-2021").join("2021070100gm-00a9-0000-051217a5.mjlog"));
    let out = tiles(&["mahjong", "review", &record, "--seat", "1"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let table = text(&out.stdout);
    let lines: Vec<&str> = table.lines().collect();
    assert!(
        lines[0].starts_with("round  turn seat  played"),
        "{}",
        lines[0]
    );
    let summary = lines.last().unwrap();
    assert!(summary.starts_with("seat 1 ("), "{summary}");
    // Tiles as every other command writes them: honours 1z-7z, red fives 0m; each row says
    // which measure judged it, and the summary counts both.
    for row in &lines[1..lines.len() - 1] {
        let cells: Vec<&str> = row.split_whitespace().collect();
        for cell in &cells[3..5] {
            assert!(!["E", "S", "W", "N", "P", "F", "C"].contains(cell), "{row}");
        }
        assert!(
            row.contains(" value ") || row.contains(" shape ") || row.contains(" none "),
            "{row}"
        );
    }
    assert!(lines.iter().any(|row| row.contains('z')), "{table}");
    assert!(
        summary.contains(" judged by value (estimated loss ") && summary.contains(" by shape ("),
        "{summary}"
    );
    let json = tiles(
        &["mahjong", "review", &record, "--seat", "1", "--json"],
        b"",
    );
    assert_eq!(json.status.code(), Some(0));
    let objects: Vec<serde_json::Value> = text(&json.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let decisions: Vec<&serde_json::Value> =
        objects.iter().filter(|o| o["type"] == "decision").collect();
    let summaries: Vec<&serde_json::Value> =
        objects.iter().filter(|o| o["type"] == "summary").collect();
    // One table row a decision, the header and the summary line aside.
    assert_eq!(decisions.len(), lines.len() - 2);
    assert_eq!(summaries.len(), 1);
    assert_eq!(
        summaries[0]["decisions"].as_u64().unwrap() as usize,
        decisions.len()
    );
    let flagged = decisions.iter().filter(|d| d["flagged"] == true).count();
    assert_eq!(summaries[0]["flagged"].as_u64().unwrap() as usize, flagged);
    assert_eq!(table.matches("flagged\n").count(), flagged);
    assert!(summary.contains(&format!("{flagged} flagged")), "{summary}");
    for decision in &decisions {
        for key in [
            "round",
            "turn",
            "action",
            "bot_action",
            "shape",
            "bot_shape",
            "value",
            "bot_value",
            "flagged",
        ] {
            assert!(decision.get(key).is_some(), "{key}: {decision}");
        }
    }

    // Three players, every seat; the same record gzipped reads the same.
    let sanma = logs("tenhou-sanma").join("sanma2.mjlog");
    let plain = tiles(&["mahjong", "review", &path_text(&sanma), "--json"], b"");
    assert_eq!(plain.status.code(), Some(0));
    let dir = std::env::temp_dir().join(format!("tiles-review-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let zipped = dir.join("sanma2.mjlog.gz");
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    std::io::Write::write_all(&mut encoder, &std::fs::read(&sanma).unwrap()).unwrap();
    std::fs::write(&zipped, encoder.finish().unwrap()).unwrap();
    let gz = tiles(&["mahjong", "review", &path_text(&zipped), "--json"], b"");
    assert_eq!(text(&gz.stdout), text(&plain.stdout));
    let seats: Vec<u64> = text(&plain.stdout)
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap())
        .filter(|o| o["type"] == "summary")
        .map(|o| o["seat"].as_u64().unwrap())
        .collect();
    assert_eq!(seats, [0, 1, 2]);

    let bad_seat = tiles(
        &["mahjong", "review", &path_text(&sanma), "--seat", "3"],
        b"",
    );
    assert_eq!(bad_seat.status.code(), Some(2));
    assert!(
        text(&bad_seat.stderr).contains("seat: 3 is not at a table of 3 players"),
        "{}",
        text(&bad_seat.stderr)
    );
    let bad_bot = tiles(&["mahjong", "review", &record, "--bot", "naga"], b"");
    assert!(text(&bad_bot.stderr).contains("\"naga\" is not one of ours"));
    let not_record = dir.join("notes.txt");
    std::fs::write(&not_record, "hello").unwrap();
    let out = tiles(&["mahjong", "review", &path_text(&not_record)], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("not a game record"),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `tiles mahjong watch`: a line per hand with its verdict, and `--hand N` the hand's events
/// with every seat's tiles after each; a hand past the last is named.
#[test]
fn watch_lists_the_hands_and_shows_one() {
    let record = path_text(&logs("tenhou-sanma").join("sanma2.mjlog"));
    let out = tiles(&["mahjong", "watch", &record], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let list = text(&out.stdout);
    let replay = tiles(&["mahjong", "replay", &record], b"");
    let hands = text(&replay.stdout)
        .lines()
        .filter(|line| line.contains(" agrees"))
        .count();
    assert_eq!(list.lines().count(), hands);
    assert!(list.lines().all(|line| line.ends_with("agrees")), "{list}");
    assert!(
        list.lines().next().unwrap().starts_with("  1 E1-0"),
        "{list}"
    );
    let one = tiles(&["mahjong", "watch", &record, "--hand", "2"], b"");
    let shown = text(&one.stdout);
    let first: Vec<&str> = shown.lines().take(4).collect();
    assert!(first[0].starts_with("   1 E2-0: dealer"), "{shown}");
    // Three players: three seats' tiles under each event.
    assert!(
        first[1..].iter().all(|line| line.starts_with("       ")),
        "{shown}"
    );
    let past = tiles(&["mahjong", "watch", &record, "--hand", "99"], b"");
    assert_eq!(past.status.code(), Some(2));
    // Counted from 1, as `--hand` counts.
    let said = text(&past.stderr);
    assert!(said.contains("--hand 99: "), "{said}");
    let count = list.lines().filter(|line| line.starts_with("  ")).count();
    assert!(
        said.contains(&format!(" has {count} hands (1 to {count})")),
        "{said}"
    );
}

/// A hand the engine cannot follow (a discard taken out of the record) is named with the error
/// `tiles mahjong replay` gives for it, its decisions reviewed up to there, and the review
/// exits 1 (it said nothing and exited 0).
#[test]
fn review_names_each_hand_it_could_not_follow() {
    let dir = std::env::temp_dir().join(format!("tiles-unfollowed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("cut.mjson");
    std::fs::write(&path, support::mjai_without_a_discard()).unwrap();
    let path = path_text(&path);

    let replay = tiles(&["mahjong", "replay", "--json", &path], b"");
    let verdicts: Vec<serde_json::Value> = text(&replay.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let broken = verdicts
        .iter()
        .find(|verdict| verdict["agree"] == false)
        .expect("the cut hand disagrees");
    let round = broken["round"].as_str().unwrap();
    let error = broken["error"].as_str().unwrap();

    let out = tiles(&["mahjong", "review", &path, "--seat", "0"], b"");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(&format!("{path} {round}: {error}")),
        "{stderr}\nexpected the replay's error: {round}: {error}"
    );
    let json = tiles(&["mahjong", "review", &path, "--json"], b"");
    assert_eq!(json.status.code(), Some(1));
    let unfollowed: Vec<serde_json::Value> = text(&json.stdout)
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap())
        .filter(|line| line["type"] == "unfollowed")
        .collect();
    assert_eq!(unfollowed.len(), 1, "{unfollowed:?}");
    assert_eq!(unfollowed[0]["round"], round);
    assert_eq!(unfollowed[0]["hand"], 1);
    assert_eq!(unfollowed[0]["error"], error);
    // The whole record untouched is followed: exit 0, no such line.
    let whole = path_text(&logs("mjai").join("126_204_0_mjai.jsonl"));
    let out = tiles(&["mahjong", "review", &whole, "--seat", "0", "--json"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(!text(&out.stdout).contains("\"unfollowed\""));
}
