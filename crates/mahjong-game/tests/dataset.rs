//! Records as training data: the record layout against a slow reference, and what a dataset
//! holds (duplicates, splits, shards, skipped hands, bad input).

use std::path::PathBuf;

use mahjong_game::dataset::{
    self, Layout, Options, PlaneSort, RECORD_SIZE, game_samples, plane_sort, unpack_mask,
};
use mahjong_game::encoding::{self, COLUMNS};
use mahjong_game::records::convert::{Target, convert};
use mahjong_game::records::read;
use mahjong_game::{GameRules, Players};
use proptest::prelude::*;

fn logs() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/mahjong-game/logs")
}

/// A scratch directory of its own for a test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tiles-dataset-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// The slow reference: the observation as the layout's table says, bit by bit.
fn reference_pack(planes: &[u8], players: Players) -> Vec<u8> {
    let channels = encoding::channels_for(players);
    let mut bits = Vec::new();
    let of = |sort| (0..channels).filter(move |&c| plane_sort(c) == sort);
    for channel in of(PlaneSort::Flags) {
        bits.extend((0..COLUMNS).map(|column| planes[channel * COLUMNS + column]));
    }
    for weight in 0..3 {
        for channel in of(PlaneSort::Counts) {
            bits.extend(
                (0..COLUMNS).map(|column| (planes[channel * COLUMNS + column] >> weight) & 1),
            );
        }
    }
    let mut record = vec![0u8; RECORD_SIZE];
    for (index, bit) in bits.iter().enumerate() {
        record[index / 8] |= bit << (index % 8);
    }
    for (slot, channel) in of(PlaneSort::Whole).enumerate() {
        record[dataset::SCALARS + slot] = planes[channel * COLUMNS];
    }
    record
}

/// Planes that fit the layout: flags 0-1, counts 0-7, whole planes one value.
fn planes_strategy(players: Players) -> impl Strategy<Value = Vec<u8>> {
    let channels = encoding::channels_for(players);
    proptest::collection::vec(any::<u8>(), channels * COLUMNS + channels).prop_map(move |raw| {
        let mut planes = vec![0u8; channels * COLUMNS];
        for channel in 0..channels {
            let whole = raw[channels * COLUMNS + channel];
            for column in 0..COLUMNS {
                let value = raw[channel * COLUMNS + column];
                planes[channel * COLUMNS + column] = match plane_sort(channel) {
                    // Mostly empty, as real planes are.
                    PlaneSort::Flags => u8::from(value > 200),
                    PlaneSort::Counts => {
                        if value > 128 {
                            value % 8
                        } else {
                            0
                        }
                    }
                    PlaneSort::Whole => whole,
                };
            }
        }
        planes
    })
}

proptest! {
    #[test]
    fn packing_is_the_reference_and_unpacks_to_the_planes(
        planes in planes_strategy(Players::Four),
        three in planes_strategy(Players::Three),
    ) {
        for (planes, players) in [(planes, Players::Four), (three, Players::Three)] {
            let layout = Layout::new(players);
            let mut record = vec![0u8; RECORD_SIZE];
            layout.pack(&planes, &mut record).expect("fits");
            let reference = reference_pack(&planes, players);
            prop_assert_eq!(&record[..dataset::MASK], &reference[..dataset::MASK]);
            prop_assert_eq!(layout.unpack(&record), planes);
        }
    }

    #[test]
    fn a_mask_packs_bit_by_bit(bits in proptest::collection::vec(any::<bool>(), 388)) {
        let mask: Vec<u8> = bits.iter().map(|&bit| u8::from(bit)).collect();
        let mut record = vec![0u8; RECORD_SIZE];
        dataset::pack_mask(&mask, &mut record);
        prop_assert_eq!(unpack_mask(&record, 388), mask);
    }
}

#[test]
fn a_value_its_plane_cannot_hold_is_refused_by_name() {
    let layout = Layout::new(Players::Four);
    let mut record = vec![0u8; RECORD_SIZE];
    let mut planes = vec![0u8; encoding::OBSERVATION_SIZE];
    planes[5 * COLUMNS + 7] = 2; // the drawn tile's plane holds flags
    let error = layout.pack(&planes, &mut record).expect_err("a flag of 2");
    assert_eq!((error.channel, error.column, error.value), (5, 7, 2));
    planes[5 * COLUMNS + 7] = 0;
    planes[48 * COLUMNS + 3] = 8; // counts go to 7
    assert_eq!(
        layout.pack(&planes, &mut record).expect_err("8").channel,
        48
    );
    planes[48 * COLUMNS + 3] = 0;
    planes[53 * COLUMNS + 33] = 1; // the honba plane is one value
    let error = layout.pack(&planes, &mut record).expect_err("two values");
    assert_eq!((error.channel, error.column), (53, 33));
    assert!(error.to_string().contains("whole"), "{error}");
}

#[test]
fn the_layout_fits_512_bytes_with_every_plane_stored() {
    for players in [Players::Four, Players::Three] {
        let layout = Layout::new(players);
        let stored = layout.flags().len() + layout.counts().len() + layout.wholes().len();
        assert_eq!(stored, encoding::channels_for(players));
        assert!(layout.bit_planes() * COLUMNS <= dataset::BITS_SIZE * 8);
        assert!(layout.wholes().len() <= dataset::SCALARS_SIZE);
    }
    const { assert!(RECORD_SIZE <= 512) };
}

#[test]
fn one_game_in_three_formats_is_one_game_in_one_split() {
    let dir = scratch("formats");
    let source = logs().join("tenhou-mjlog-phoenix-2021");
    let first = std::fs::read_dir(&source)
        .expect("records")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "mjlog"))
        .min()
        .expect("a record");
    let text = std::fs::read_to_string(&first).expect("a record");
    let input = dir.join("in");
    std::fs::create_dir_all(&input).expect("a directory");
    std::fs::write(input.join("a.mjlog"), &text).expect("written");
    for (target, name) in [(Target::Tenhou6, "b.json"), (Target::Mjai, "c.jsonl")] {
        let converted = convert(&text, target).expect("converts").text;
        std::fs::write(input.join(name), converted).expect("written");
    }
    let written = dataset::write(&[input], &Options::new(dir.join("out"))).expect("written");
    assert_eq!(
        (written.files, written.games, written.duplicates),
        (3, 1, 2)
    );
    let (log, _) = read(&text);
    let mut out = Vec::new();
    let alone = game_samples(&log, 0, &mut out).expect("samples");
    assert_eq!(written.decisions, alone.decisions);
    // The three formats give the same samples, byte for byte.
    for format in [Target::Tenhou6, Target::Mjai] {
        let (other, _) = read(&convert(&text, format).expect("converts").text);
        let mut again = Vec::new();
        game_samples(&other, 0, &mut again).expect("samples");
        assert!(again == out, "{} gives other samples", format.name());
    }
    let manifest = std::fs::read_to_string(dir.join("out/manifest.json")).expect("a manifest");
    assert!(manifest.contains("\"duplicate_of\":0"), "{manifest}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn shards_hold_whole_games_up_to_their_size() {
    let dir = scratch("shards");
    let mut options = Options::new(dir.join("out"));
    options.shard_size = 1 << 20; // about three hanchan
    options.split = [1.0, 0.0, 0.0];
    let input = logs().join("tenhou-mjlog-phoenix-2021");
    let written = dataset::write(&[input], &options).expect("written");
    assert_eq!(written.games, 300);
    assert!(written.shards.len() > 50, "{} shards", written.shards.len());
    let mut rows = 0;
    for shard in &written.shards {
        let name = shard
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        assert!(name.starts_with("train-4p-"), "{name}");
        let data = std::fs::read(shard).expect("a shard");
        let bytes = data.len() as u64;
        // numpy's header: magic, version 1.0, its length.
        assert_eq!(&data[..8], b"\x93NUMPY\x01\x00");
        let header = 10 + u64::from(u16::from_le_bytes([data[8], data[9]]));
        assert_eq!(header % 64, 0);
        let body = bytes - header;
        assert_eq!(body % RECORD_SIZE as u64, 0);
        rows += body / RECORD_SIZE as u64;
        assert!(body <= options.shard_size, "{name}: {bytes} bytes");
    }
    assert_eq!(rows, written.decisions);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_hand_the_engine_cannot_follow_gives_no_samples_and_is_named() {
    // A record cut in its eighth hand: the seven before give their samples.
    let cut = logs().join("tenhou-mjlog");
    let dir = scratch("cut");
    let written = dataset::write(&[cut], &Options::new(dir.join("out"))).expect("written");
    assert!(written.hands_skipped >= 1);
    let manifest = std::fs::read_to_string(dir.join("out/manifest.json")).expect("a manifest");
    assert!(
        manifest.contains("the record stops part-way through the hand"),
        "{manifest}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_is_named_and_the_rest_is_written() {
    let dir = scratch("bad");
    let input = dir.join("in");
    std::fs::create_dir_all(&input).expect("a directory");
    std::fs::write(
        input.join("broken.mjlog"),
        "<mjloggm ver=\"2.3\"><INIT seed=\"x\"",
    )
    .expect("written");
    std::fs::write(input.join("notes.json"), "not a record at all").expect("written");
    let good = logs().join("tenhou-sanma/sanma2.mjlog");
    std::fs::copy(&good, input.join("sanma2.mjlog")).expect("copied");
    let written = dataset::write(std::slice::from_ref(&input), &Options::new(dir.join("out")))
        .expect("written");
    assert_eq!((written.files, written.games), (3, 1));
    assert_eq!(written.problems.len(), 2, "{:?}", written.problems);
    assert!(
        written
            .problems
            .iter()
            .any(|problem| problem.contains("broken.mjlog"))
    );
    assert!(
        written
            .problems
            .iter()
            .any(|problem| problem.contains("notes.json: is not a game record"))
    );
    assert!(
        written
            .shards
            .iter()
            .all(|shard| shard.to_string_lossy().contains("-3p-"))
    );
    let mut options = Options::new(dir.join("out"));
    options.split = [0.0, 0.0, 0.0];
    assert!(
        dataset::write(std::slice::from_ref(&input), &options)
            .expect_err("no share")
            .contains("split")
    );
    let missing = dataset::write(&[dir.join("nowhere")], &Options::new(dir.join("out")));
    assert!(
        missing
            .expect_err("missing")
            .contains("nowhere: no such file")
    );
    let stdin = dataset::write(&[PathBuf::from("-")], &Options::new(dir.join("out")));
    assert!(stdin.expect_err("stdin").contains("not standard input"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_seeded_games_samples_are_its_decisions() {
    // A game of bots, written as a record and read back: a sample for each decision its seats
    // made, passes where a seat let a tile go with nobody else claiming it.
    use mahjong_game::{Action, Game};
    let rules = GameRules::default();
    let mut game = Game::new(rules, 11);
    let mut bot = mahjong_game::EfficiencyBot;
    let mut made = 0u64;
    while !game.is_over() {
        let deciding = game.deciding();
        let claim = game.claim_on_table().is_some();
        let mut chosen: Vec<(usize, Action)> = deciding
            .iter()
            .map(|&seat| (seat, tiles_core_choose(&mut bot, &game, seat)))
            .collect();
        if claim && chosen.iter().any(|(_, action)| *action != Action::Pass) {
            // Keep the samples' rule out of it: let every claim window pass.
            for choice in &mut chosen {
                choice.1 = Action::Pass;
            }
        }
        for (seat, action) in chosen {
            if game.deciding().contains(&seat) {
                game.act(seat, action).expect("legal");
                made += 1;
            }
        }
    }
    let record = Target::Mjlog
        .write(
            rules,
            game.events(),
            &["a".into(), "b".into(), "c".into(), "d".into()],
        )
        .expect("written");
    let (log, _) = read(&record);
    let mut out = Vec::new();
    let samples = game_samples(&log, 0, &mut out).expect("samples");
    assert_eq!(samples.decisions, made);
    assert_eq!(out.len() as u64, made * RECORD_SIZE as u64);
}

fn tiles_core_choose(
    bot: &mut mahjong_game::EfficiencyBot,
    game: &mahjong_game::Game,
    seat: usize,
) -> mahjong_game::Action {
    use mahjong_game::tiles_core::Bot;
    bot.choose(&game.view(seat))
}

#[test]
fn a_dataset_inside_its_records_directory_is_not_read_as_records() {
    let dir = scratch("inside");
    std::fs::copy(
        logs().join("tenhou-sanma/sanma2.mjlog"),
        dir.join("sanma2.mjlog"),
    )
    .expect("copied");
    let options = Options::new(dir.join("data"));
    let first = dataset::write(std::slice::from_ref(&dir), &options).expect("written");
    let again = dataset::write(std::slice::from_ref(&dir), &options).expect("written again");
    assert_eq!((first.files, again.files), (1, 1));
    assert!(again.problems.is_empty(), "{:?}", again.problems);
    let _ = std::fs::remove_dir_all(&dir);
}
