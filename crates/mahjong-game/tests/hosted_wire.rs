//! The hosting protocol alone, over a wire in memory (no process: that is `tiles-host`'s):
//! one of our bots behind mjai, in the batch form and the line form, plays exactly the game it
//! plays at the table; a wire that answers wrong forfeits its seat, saying why.

use mahjong_game::tiles_core::Stop;
use mahjong_game::{
    Connect, Form, Game, GameRules, HostError, Limits, MjaiBot, Seat, Wait, Wire, bot_named,
    play_hosted,
};
use serde_json::Value;

/// A wire to one of our bots speaking mjai: each line written is a batch (an array of
/// events) or one event, and each answer is queued to be read.
struct BotWire {
    bot: MjaiBot<'static>,
    form: Form,
    answers: std::collections::VecDeque<String>,
}

impl Wire for BotWire {
    fn write(&mut self, text: &str) -> Result<(), String> {
        for line in text.lines() {
            let value: Value = serde_json::from_str(line).map_err(|error| error.to_string())?;
            match self.form {
                Form::Batch => {
                    let events = value.as_array().ok_or("a batch is an array")?;
                    let answer = self.bot.react_all(events)?;
                    self.answers.push_back(answer.to_string());
                }
                Form::Line => {
                    if let Some(answer) = self.bot.react(&value)? {
                        self.answers.push_back(answer.to_string());
                    }
                }
            }
        }
        Ok(())
    }

    fn read(&mut self, _: Wait) -> Result<String, String> {
        self.answers
            .pop_front()
            .ok_or_else(|| "no answer within 3.0 s".to_owned())
    }

    fn close(&mut self) {}
}

/// Connects each outside seat to our `efficiency` bot over a wire in memory.
struct Ours;

impl Connect for Ours {
    fn connect(&self, command: &str, seat: usize, _: Limits) -> Result<Box<dyn Wire>, String> {
        let form = if command == "line" {
            Form::Line
        } else {
            Form::Batch
        };
        Ok(Box::new(BotWire {
            bot: MjaiBot::new(bot_named("efficiency").unwrap(), Some(seat)),
            form,
            answers: Default::default(),
        }))
    }
}

fn names(players: usize) -> Vec<String> {
    (0..players).map(|seat| seat.to_string()).collect()
}

/// The game of `seed` with `outside` seats played over the wire, and the same game with our
/// bot at every seat.
fn both(rules: GameRules, seed: u64, outside: &[(usize, Form)]) -> (Game, Game) {
    let ours = bot_named("efficiency").unwrap();
    let players = usize::from(rules.players);
    let seats: Vec<Seat<'_>> = (0..players)
        .map(|seat| match outside.iter().find(|(at, _)| *at == seat) {
            Some((_, form)) => Seat::Outside {
                command: if *form == Form::Line { "line" } else { "batch" },
                form: *form,
            },
            None => Seat::Ours(ours),
        })
        .collect();
    let hosted = play_hosted(
        rules,
        seed,
        &seats,
        &names(players),
        Limits::default(),
        1_000_000,
        Some(&Ours),
        &Stop::never(),
    )
    .unwrap();
    assert_eq!(hosted.failure, None);
    let mut alone = Game::new(rules, seed);
    while let Some(seat) = alone.to_move() {
        let action = ours.choose(&alone.view(seat));
        alone.act(seat, action).unwrap();
    }
    (hosted.game, alone)
}

#[test]
fn a_bot_behind_mjai_plays_the_game_it_plays_at_the_table() {
    let east = GameRules {
        length: mahjong_game::Length::East,
        ..GameRules::TENHOU
    };
    for (seed, outside) in [
        (1, vec![(0, Form::Batch)]),
        (2, vec![(1, Form::Line), (3, Form::Batch)]),
        (
            3,
            vec![
                (0, Form::Line),
                (1, Form::Line),
                (2, Form::Batch),
                (3, Form::Batch),
            ],
        ),
    ] {
        let (hosted, alone) = both(east, seed, &outside);
        assert_eq!(hosted.events(), alone.events(), "seed {seed}");
    }
    let sanma = GameRules {
        length: mahjong_game::Length::East,
        ..GameRules::TENHOU_SANMA
    };
    let (hosted, alone) = both(sanma, 4, &[(2, Form::Batch)]);
    assert_eq!(hosted.events(), alone.events());
}

/// Nothing to run an outside seat with: the game is not played, and the error says so.
#[test]
fn an_outside_seat_with_nothing_to_run_it_is_refused() {
    let ours = bot_named("efficiency").unwrap();
    let seats = [
        Seat::Outside {
            command: "python3 bot.py",
            form: Form::Batch,
        },
        Seat::Ours(ours),
        Seat::Ours(ours),
        Seat::Ours(ours),
    ];
    let error = play_hosted(
        GameRules::TENHOU,
        1,
        &seats,
        &names(4),
        Limits::default(),
        1_000,
        None,
        &Stop::never(),
    )
    .unwrap_err();
    assert!(
        matches!(error, HostError::NoCommands { seat: 0, .. }),
        "{error}"
    );
    assert!(
        error.to_string().contains("nothing here runs commands"),
        "{error}"
    );
}
