//! Real game records replayed through the engine: every decision legal at its moment, every
//! win's han, fu, yaku and points and every hand's score changes the record's.

use std::path::PathBuf;

use mahjong::log::{read, replay::replay};

fn records(folder: &str) -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/mahjong/logs")
        .join(folder);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|error| panic!("{}: {error}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| {
            !path
                .file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("LICENSE")
        })
        .collect();
    files.sort();
    files
}

/// Two of mjai-reviewer's edge-case records are not games the rules allow, and disagree:
/// `confusing_nakis_1` pays the ron 1,600 (1,000 and two honba) although the loser's riichi,
/// declared three discards before, passed (every Phoenix game pays such a stick to the
/// winner); `confusing_nakis_2`'s calls fit no order of play (a seat calls a second time
/// before its turn comes round) and its result pays a seat that did not win.
const NOT_GAMES: [&str; 2] = ["confusing_nakis_1.json", "confusing_nakis_2.json"];

#[test]
fn every_tenhou_json_record_agrees() {
    let mut hands = 0;
    for path in records("tenhou-json") {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let (log, error) = read(&text);
        assert_eq!(error, None, "{name}");
        let verdict = replay(&log);
        assert_eq!(verdict.hands.len(), log.hands.len());
        for hand in &verdict.hands {
            if NOT_GAMES.contains(&name.as_str()) {
                assert!(!hand.agree, "{name} {} now agrees: {hand:?}", hand.id);
            } else {
                assert!(hand.agree, "{name} {}: {:?}", hand.id, hand.error);
                hands += 1;
            }
        }
        if let Some(agree) = verdict.final_agree {
            assert!(agree, "{name}: final points {:?}", verdict.final_scores);
        }
    }
    assert!(hands >= 60, "{hands} hands");
}

#[test]
fn every_mjlog_record_agrees_and_cut_ones_say_where() {
    let mut hands = 0;
    for path in records("tenhou-mjlog") {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let (log, error) = read(&text);
        let verdict = replay(&log);
        if name.contains("-no-game-end") {
            let error = error.expect("a cut record is an error");
            assert!(error.message.contains("before the game's end"), "{error}");
            assert!(verdict.hands.iter().all(|hand| hand.agree));
        } else if name.contains("-no-round-end") {
            let error = error.expect("a cut record is an error");
            assert!(error.message.contains("stops in hand S4-0"), "{error}");
            let (last, before) = verdict.hands.split_last().unwrap();
            assert!(before.iter().all(|hand| hand.agree));
            assert!(!last.agree && last.expected.is_none());
        } else {
            assert_eq!(error, None, "{name}");
            for hand in &verdict.hands {
                assert!(hand.agree, "{name} {}: {:?}", hand.id, hand.error);
                hands += 1;
            }
            assert_eq!(
                verdict.final_agree,
                Some(true),
                "{name}: {:?}",
                verdict.final_scores
            );
        }
    }
    assert_eq!(hands, 55, "the five games have 55 hands");
}

/// The mjai game was simulated by RiichiEnv under its Tenhou-like rules: it agrees hand by
/// hand (the record gives each hand's score changes, not its han and fu).
#[test]
fn the_mjai_record_agrees() {
    let path = records("mjai")
        .into_iter()
        .find(|path| path.extension().is_some_and(|ext| ext == "jsonl"))
        .unwrap();
    let (log, error) = read(&std::fs::read_to_string(path).unwrap());
    assert_eq!(error, None);
    let verdict = replay(&log);
    assert_eq!(verdict.hands.len(), 12);
    for hand in &verdict.hands {
        assert!(hand.agree, "{}: {:?}", hand.id, hand.error);
    }
}

/// Records damaged at random (a character changed, a stretch cut out or repeated) are read or
/// refused, and replayed or disagreed with, but never make the reader or the engine panic or
/// hang.
#[test]
fn damaged_records_never_panic() {
    let mut random = tiles_core::SplitMix::new(17);
    let mut files = records("tenhou-json");
    files.extend(records("tenhou-mjlog"));
    files.extend(
        records("mjai")
            .into_iter()
            .filter(|path| path.extension().is_some_and(|ext| ext == "jsonl")),
    );
    let alphabet = b"0123456789,\"[]{}<>aprkcm\n";
    let mut replayed = 0;
    for path in files {
        let bytes = std::fs::read(&path).unwrap();
        for _ in 0..60 {
            let mut damaged = bytes.clone();
            for _ in 0..1 + random.below(3) {
                let at = random.below(damaged.len());
                let end = (at + random.below(40)).min(damaged.len());
                match random.below(3) {
                    0 => damaged[at] = alphabet[random.below(alphabet.len())],
                    1 => {
                        damaged.drain(at..end);
                    }
                    _ => {
                        let copy = damaged[at..end].to_vec();
                        damaged.splice(at..at, copy);
                    }
                }
                if damaged.is_empty() {
                    damaged.push(b'{');
                }
            }
            let damaged = String::from_utf8_lossy(&damaged).into_owned();
            let (log, _) = read(&damaged);
            replayed += replay(&log).hands.len();
        }
    }
    assert!(replayed > 1000, "{replayed} hands replayed");
}
