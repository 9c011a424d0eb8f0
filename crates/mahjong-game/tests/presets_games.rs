//! Whole games under every preset: seeded games of the engine's bots (efficiency against
//! random, which calls, kans and aborts whatever it may) with the invariants held at every
//! step (every tile accounted for, points and sticks conserved, every action taken legal, the
//! game ending, the final result adding up), and a tournament under each.

use mahjong_game::tournament::tournament;
use mahjong_game::{EfficiencyBot, Event, Game, GameRules, Preset, RandomBot};
use tiles_core::{Bot, Stop};

mod support {
    pub mod accounting;
}

use support::accounting::check_tiles;

/// Games per preset (`TILES_PRESET_GAMES` sets another number).
fn games() -> u64 {
    std::env::var("TILES_PRESET_GAMES")
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(1000)
}

/// What a game showed: its hands, wins, calls and abortive draws.
#[derive(Debug, Default)]
struct Seen {
    hands: usize,
    wins: usize,
    calls: usize,
    aborted: usize,
}

/// Plays one seeded game, checking the invariants at each step.
fn play(rules: GameRules, seed: u64, seen: &mut Seen) {
    let mut game = Game::new(rules, seed);
    let random = RandomBot { seed };
    let players = rules.players.count();
    let all = rules.start_points * players as i32;
    let mut steps = 0;
    while let Some(seat) = game.to_move() {
        check_tiles(&game);
        let view = game.view(seat);
        let legal = game.legal_actions(seat);
        assert!(
            !legal.is_empty(),
            "{rules} seed {seed}: seat {seat} has no action"
        );
        assert_eq!(view.legal, legal);
        let action = if seat % 2 == 0 && !seed.is_multiple_of(3) {
            EfficiencyBot.choose(&view)
        } else {
            random.choose(&view)
        };
        assert!(
            legal.contains(&action),
            "{rules} seed {seed}: {action} not legal"
        );
        game.act(seat, action)
            .unwrap_or_else(|error| panic!("{rules} seed {seed}: {action} refused: {error}"));
        if !game.is_over() {
            let total: i32 = game.scores().iter().sum::<i32>() + 1000 * game.sticks() as i32;
            assert_eq!(total, all, "{rules} seed {seed}: points not conserved");
        }
        steps += 1;
        assert!(
            steps < 200_000,
            "{rules} seed {seed}: the game does not end"
        );
    }
    assert!(game.is_over());
    let events = game.events();
    assert!(matches!(events.last(), Some(Event::EndGame { .. })));
    // Sticks left at the end go to the first, or (where the rules say) to nobody.
    let lost = all - game.scores().iter().sum::<i32>();
    assert!(
        lost >= 0 && lost % 1000 == 0,
        "{rules} seed {seed}: {lost} lost"
    );
    if rules.leftover_sticks == mahjong_game::Leftover::First {
        assert_eq!(lost, 0, "{rules} seed {seed}");
    }
    let result: i32 = game.final_score().iter().sum();
    assert_eq!(
        result,
        -lost / 100,
        "{rules} seed {seed}: the final result adds up"
    );
    // No busting: every game plays its planned hands (at least 8 of a hanchan).
    let hands = events
        .iter()
        .filter(|event| matches!(event, Event::StartHand { .. }))
        .count();
    if rules.busting == mahjong_game::Busting::Off {
        assert!(hands >= 2 * players, "{rules} seed {seed}: {hands} hands");
    }
    seen.hands += hands;
    for event in events {
        match event {
            Event::Win(_) => seen.wins += 1,
            Event::Call { .. } => seen.calls += 1,
            Event::Drawn { kind, .. } if kind.is_abortive() => seen.aborted += 1,
            _ => {}
        }
    }
}

/// Plays the preset's seeded games.
fn seeded_games(preset: Preset) {
    let rules = preset.rules();
    let mut seen = Seen::default();
    for seed in 0..games() {
        play(rules, seed, &mut seen);
    }
    assert!(
        seen.hands > 0 && seen.wins > 0 && seen.calls > 0,
        "{preset}: {seen:?}"
    );
    // Random seats abort on nine terminals where the rules let them.
    let aborts = rules.nine_terminals || rules.four_winds || rules.four_riichi || rules.four_kans;
    assert_eq!(seen.aborted > 0, aborts, "{preset}: {seen:?}");
}

/// One test per preset, so that they run side by side.
macro_rules! seeded {
    ($($name:ident: $preset:ident,)+) => {
        $(
            #[test]
            fn $name() {
                seeded_games(Preset::$preset);
            }
        )+
        /// Every preset has its test.
        #[test]
        fn every_preset_plays_seeded_games() {
            let tested = [$(Preset::$preset),+];
            assert!(Preset::ALL.iter().all(|preset| tested.contains(preset)));
        }
    };
}

seeded! {
    seeded_games_under_tenhou: Tenhou,
    seeded_games_under_tenhou_sanma: TenhouSanma,
    seeded_games_under_mahjong_soul: MahjongSoul,
    seeded_games_under_mahjong_soul_sanma: MahjongSoulSanma,
    seeded_games_under_m_league: MLeague,
    seeded_games_under_wrc: Wrc,
    seeded_games_under_ema_2016: Ema2016,
    seeded_games_under_ema_2025: Ema2025,
    seeded_games_under_jpml_a: JpmlA,
    seeded_games_under_saikouisen: Saikouisen,
    seeded_games_under_saikouisen_classic: SaikouisenClassic,
}

/// A tournament plays under each preset: every game to its end, none forfeited.
#[test]
fn tournaments_play_under_every_preset() {
    let (random, other) = (RandomBot { seed: 3 }, RandomBot { seed: 4 });
    let bots: [&dyn Bot<Game>; 4] = [&EfficiencyBot, &random, &EfficiencyBot, &other];
    for preset in Preset::ALL {
        let rules = preset.rules();
        let lineup = &bots[..rules.players.count()];
        let games = 2 * rules.players.count() as u64;
        let result = tournament(rules, 5, games, lineup, &Stop::never()).unwrap();
        assert_eq!((result.games, result.played), (games, games), "{preset}");
        assert!(
            result.entries.iter().all(|entry| entry.forfeits == 0),
            "{preset}"
        );
    }
}

/// A game under each preset written in each format names its rules and replays to the same
/// game: mjai's `start_game` `rules.preset`, tenhou.net/6's `rule.preset`, mjlog's `GO rules`.
#[test]
fn records_name_their_rule_set_and_replay_under_it() {
    use mahjong_game::records;
    for preset in Preset::ALL {
        let mut rules = preset.rules();
        if preset == Preset::MLeague {
            rules.set("kiriage", "false").unwrap();
        }
        let mut game = Game::new(rules, 21);
        let random = RandomBot { seed: 21 };
        while let Some(seat) = game.to_move() {
            let view = game.view(seat);
            let action = if seat == 0 {
                random.choose(&view)
            } else {
                EfficiencyBot.choose(&view)
            };
            game.act(seat, action).unwrap();
        }
        let names: Vec<String> = (0..rules.players.count())
            .map(|seat| seat.to_string())
            .collect();
        let texts = [
            records::mjai::write(rules, game.events(), &names),
            records::tenhou6::write(rules, game.events(), &names),
            records::mjlog::write(rules, game.events(), &names).unwrap(),
        ];
        for text in texts {
            let named = text.contains(&rules.describe());
            assert_eq!(
                named,
                !rules.is_tenhou_lobby(),
                "{preset}: {}",
                &text[..200]
            );
            let (log, error) = records::read(&text);
            assert_eq!(error, None, "{preset}");
            assert_eq!(log.rules, rules, "{preset}: the record's rules");
            let verdict = records::replay::replay(&log);
            for hand in &verdict.hands {
                assert!(hand.agree, "{preset} {}: {:?}", hand.id, hand.error);
            }
            assert_eq!(verdict.final_agree, Some(true), "{preset}");
        }
    }
}
