//! Outside bots at our table: a seat played by a program that speaks mjai, as mjai.app runs
//! its submissions (`COMMAND SEAT`, the batch form on stdin and stdout), or in the
//! one-event-per-line form Mortal's own script speaks.
//!
//! The host sends a seat the events since its last answer, others' draws and dealt tiles as
//! `?`, when the seat has a decision to make, and reads one answer. Riichi is two answers:
//! `reach`, which the host echoes to that seat alone, then the declaring `dahai`. An answer
//! that comes late, is not JSON, is not an action of the seat's or is not legal forfeits the
//! game for that seat (it ranks last whatever its points; the game stops there, as a chombo
//! would not stop it, but without guessing at the hand it spoiled), and the failure is told.
//!
//! The protocol is here; the line to the bot is the caller's: a [`Connect`] opens a [`Wire`]
//! for each outside seat, and the wire runs the program, writes and reads its lines, keeps
//! its time limits and ends it. A game crate runs no process, thread or clock, so the
//! program behind a wire is run by the layer that owns processes (the `tiles-host` crate, for
//! the `tiles` command and the Python package).

use std::time::Duration;

use serde_json::{Value, json};
use tiles_core::{Bot, Stop};

use crate::engine::Action;
use crate::engine::Event;
use crate::engine::GameRules;
use crate::engine::View;
use crate::engine::state::{Game, IllegalAction};
use crate::mjai::wire::{event_json, for_players, mjai_order, tile_from};

/// How an outside bot reads events.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// mjai.app's: a JSON array of the events since the last answer, one answer a line.
    Batch,
    /// One event a line; an answer only to an event the seat may act on.
    Line,
}

/// How long an outside bot may take to answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// An answer (mjai.app: 3 s).
    pub answer: Duration,
    /// An answer to events that start a game or a hand (mjai.app: 20 s, for loading models).
    pub start: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            answer: Duration::from_secs(3),
            start: Duration::from_secs(20),
        }
    }
}

/// A seat: one of our bots, or an outside bot's command.
#[derive(Clone, Copy)]
pub enum Seat<'a> {
    /// A bot of ours.
    Ours(&'a dyn Bot<Game>),
    /// A command run as `COMMAND SEAT`, speaking mjai in `form`.
    Outside {
        /// The command.
        command: &'a str,
        /// Batch or line form.
        form: Form,
    },
}

impl std::fmt::Debug for Seat<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Seat::Ours(bot) => write!(f, "{}", bot.name()),
            Seat::Outside { command, form } => write!(f, "{}:{command}", form_prefix(*form)),
        }
    }
}

/// `mjai` or `mjai-line`: how a seat of `form` is written in a line-up.
pub fn form_prefix(form: Form) -> &'static str {
    match form {
        Form::Batch => "mjai",
        Form::Line => "mjai-line",
    }
}

/// The outside seat a line-up entry names (`mjai:COMMAND`, `mjai-line:COMMAND`), if it is one.
pub fn outside_seat(entry: &str) -> Option<Seat<'_>> {
    if let Some(command) = entry.strip_prefix("mjai-line:") {
        return Some(Seat::Outside {
            command,
            form: Form::Line,
        });
    }
    entry.strip_prefix("mjai:").map(|command| Seat::Outside {
        command,
        form: Form::Batch,
    })
}

/// A game played with outside seats: the game (over, or stopped by the cap on moves), every
/// move, and the failure that forfeited it, if one did.
#[derive(Debug, Clone)]
pub struct Hosted {
    /// The game.
    pub game: Game,
    /// Every move made, in order.
    pub moves: Vec<Action>,
    /// The seat whose answer forfeited the game, and what was wrong with it.
    pub failure: Option<(usize, String)>,
}

/// Why a hosted game could not be played.
#[derive(Debug, thiserror::Error)]
pub enum HostError {
    /// A command could not be started.
    #[error("seat {seat}: cannot run {command:?}: {error}")]
    Spawn {
        /// The seat.
        seat: usize,
        /// The command.
        command: String,
        /// Why.
        error: String,
    },
    /// An outside seat where nothing can run it (no [`Connect`] given).
    #[error("seat {seat}: {command:?} is an outside bot, and nothing here runs commands")]
    NoCommands {
        /// The seat.
        seat: usize,
        /// The command.
        command: String,
    },
    /// The stop signal was raised.
    #[error(transparent)]
    Stopped(#[from] tiles_core::Stopped),
    /// Not one seat per player.
    #[error("{seats} seats for a game of {players} players")]
    Seats {
        /// Seats given.
        seats: usize,
        /// Players of the game.
        players: usize,
    },
}

/// How long a hosted game waits for an outside bot's line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wait {
    /// An answer ([`Limits::answer`]).
    Answer,
    /// An answer to events that start the game or a hand ([`Limits::start`]).
    Start,
    /// The answer to the game's last events, which nothing waits on: at most a second, and
    /// at most [`Limits::answer`].
    Last,
}

/// The line to one outside bot: a running program's input and output, with its time limits.
pub trait Wire: Send {
    /// Writes `text` (whole lines) to the bot.
    ///
    /// # Errors
    ///
    /// Why it cannot be written (the bot stopped reading).
    fn write(&mut self, text: &str) -> Result<(), String>;

    /// The bot's next line (without its end), waited for as `wait` says.
    ///
    /// # Errors
    ///
    /// Why there is none: no line within the limit (`no answer within 3.0 s`), the bot ended,
    /// its output cannot be read.
    fn read(&mut self, wait: Wait) -> Result<String, String>;

    /// The game is over: the bot's input is closed, and it is ended if it does not end by
    /// itself within a second. (Dropped without `close`, a wire ends its bot at once.)
    fn close(&mut self);
}

/// What runs outside bots: a [`Wire`] to `COMMAND SEAT` for a seat, with the time limits.
pub trait Connect: Sync {
    /// Runs `command` for `seat`.
    ///
    /// # Errors
    ///
    /// Why it cannot be run.
    fn connect(&self, command: &str, seat: usize, limits: Limits) -> Result<Box<dyn Wire>, String>;
}

/// Plays the game dealt from `rules` and `seed` with `seats` (one a player), until it ends or
/// `max_moves` moves have been made. Our bots choose from their views; an outside seat is
/// sent its events and answers in mjai within `limits`, over the wire `connect` gives it.
///
/// # Errors
///
/// [`HostError::Spawn`] if a command cannot be started, [`HostError::NoCommands`] if a seat
/// is outside and `connect` is `None`; [`HostError::Stopped`] if the stop signal was raised
/// (the bots are ended either way).
#[allow(clippy::too_many_arguments)]
pub fn play_hosted(
    rules: GameRules,
    seed: u64,
    seats: &[Seat<'_>],
    names: &[String],
    limits: Limits,
    max_moves: usize,
    connect: Option<&dyn Connect>,
    stop: &Stop,
) -> Result<Hosted, HostError> {
    let mut game = Game::new(rules, seed);
    if seats.len() != game.players().count() {
        return Err(HostError::Seats {
            seats: seats.len(),
            players: game.players().count(),
        });
    }
    let mut outside: Vec<Option<Outside>> = Vec::with_capacity(4);
    let game_rules = crate::mjai::rules_json(&rules);
    for (seat, entry) in seats.iter().enumerate() {
        outside.push(match entry {
            Seat::Ours(_) => None,
            Seat::Outside { command, form } => {
                let connect = connect.ok_or_else(|| HostError::NoCommands {
                    seat,
                    command: (*command).to_owned(),
                })?;
                let wire =
                    connect
                        .connect(command, seat, limits)
                        .map_err(|error| HostError::Spawn {
                            seat,
                            command: (*command).to_owned(),
                            error,
                        })?;
                let mut process = Outside::new(wire, *form, seat);
                process.pending.push(
                    json!({"type": "start_game", "id": seat, "names": names, "rules": game_rules}),
                );
                Some(process)
            }
        });
    }
    let mut moves = Vec::new();
    let mut sent = 0;
    let mut failure = None;
    while moves.len() < max_moves {
        forward(&game, &mut sent, &mut outside);
        let Some(seat) = game.to_move() else {
            break;
        };
        stop.check()?;
        let view = game.view(seat);
        let action = match (&seats[seat], &mut outside[seat]) {
            (Seat::Ours(bot), _) => bot.choose(&view),
            (_, Some(process)) => match process.decide(&view) {
                Ok(action) => action,
                Err(why) => {
                    process.failed = true;
                    let error = IllegalAction::NotLegal {
                        seat,
                        action: "its answer".to_owned(),
                        why: why.clone(),
                    };
                    tiles_core::Game::forfeit(&mut game, error);
                    failure = Some((seat, why));
                    break;
                }
            },
            (Seat::Outside { .. }, None) => unreachable!("an outside seat has its process"),
        };
        if let Err(error) = game.act(seat, action) {
            // Our own bots choose among the legal actions: this is a bug, told as a failure.
            failure = Some((seat, error.to_string()));
            tiles_core::Game::forfeit(&mut game, error);
            break;
        }
        moves.push(action);
    }
    // The last events (the end of the game), then the processes end.
    forward(&game, &mut sent, &mut outside);
    for process in outside.iter_mut().flatten() {
        process.finish();
    }
    Ok(Hosted {
        game,
        moves,
        failure,
    })
}

/// Queues the game's new events for each outside seat, as that seat sees them.
fn forward(game: &Game, sent: &mut usize, outside: &mut [Option<Outside>]) {
    for event in mjai_order(&game.events()[*sent..]) {
        for (seat, process) in outside.iter_mut().enumerate() {
            let Some(process) = process else { continue };
            if let Event::Riichi { seat: actor } = event
                && *actor == seat
                && std::mem::take(&mut process.reach_echoed)
            {
                // It was echoed when the seat declared.
                continue;
            }
            if let Some(value) = event_json(event, Some(seat)) {
                process.pending.push(for_players(value, game.players()));
            }
        }
    }
    *sent = game.events().len();
}

/// An outside bot at its seat: its wire, and what it has yet to be sent.
struct Outside {
    wire: Box<dyn Wire>,
    form: Form,
    seat: usize,
    pending: Vec<Value>,
    /// Its `reach` was echoed to it: the engine's own riichi event is not sent again.
    reach_echoed: bool,
    /// Its answer forfeited the game: it is ended at once, told nothing more.
    failed: bool,
}

impl Outside {
    fn new(wire: Box<dyn Wire>, form: Form, seat: usize) -> Outside {
        Outside {
            wire,
            form,
            seat,
            pending: Vec::new(),
            reach_echoed: false,
            failed: false,
        }
    }

    /// Sends the pending events and reads one answer (the line form: after the last event).
    fn exchange(&mut self, last: bool) -> Result<Value, String> {
        let starts = self.send()?;
        let wait = match (last, starts) {
            (true, _) => Wait::Last,
            (false, true) => Wait::Start,
            (false, false) => Wait::Answer,
        };
        let line = self.wire.read(wait)?;
        serde_json::from_str(line.trim())
            .map_err(|error| format!("its answer {:?} is not JSON ({error})", clip(&line)))
    }

    /// Sends the pending events: whether they start the game or a hand (the longer limit).
    fn send(&mut self) -> Result<bool, String> {
        let starts = self
            .pending
            .iter()
            .any(|event| matches!(event["type"].as_str(), Some("start_game" | "start_kyoku")));
        let events = std::mem::take(&mut self.pending);
        let mut text = String::new();
        match self.form {
            Form::Batch => {
                text.push_str(&Value::Array(events).to_string());
                text.push('\n');
            }
            Form::Line => {
                for event in events {
                    text.push_str(&event.to_string());
                    text.push('\n');
                }
            }
        }
        self.wire.write(&text)?;
        Ok(starts)
    }

    /// The seat's decision, asked of the bot.
    fn decide(&mut self, view: &View) -> Result<Action, String> {
        let mut reach = false;
        loop {
            let answer = self.exchange(false)?;
            match action_of(&answer, view, reach)? {
                Answer::Action(action) => return Ok(action),
                Answer::Reach if !reach => {
                    reach = true;
                    self.reach_echoed = true;
                    self.pending
                        .push(json!({"type": "reach", "actor": self.seat}));
                }
                Answer::Reach => return Err(format!("it answered {answer} twice")),
            }
        }
    }

    /// The game is over: the last events are sent (their answer not awaited long), and the
    /// wire closed (a bot that failed is dropped: ended at once, told nothing more).
    fn finish(&mut self) {
        if self.failed {
            return;
        }
        if !self.pending.is_empty() {
            // The batch form answers every batch (`none` here); the line form answers none of
            // these events, so nothing is awaited.
            match self.form {
                Form::Batch => {
                    let _ = self.exchange(true);
                }
                Form::Line => {
                    let _ = self.send();
                }
            }
        }
        self.wire.close();
    }
}

/// At most 200 characters of a line, for a message.
fn clip(line: &str) -> String {
    line.chars().take(200).collect()
}

/// An answer read: an action, or the first step of riichi.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// An action of the seat's.
    Action(Action),
    /// `reach`: the declaring discard comes next.
    Reach,
}

/// The seat's answer `answer` as one of its legal actions now (`reach`: it has declared, so
/// only a riichi discard will do).
///
/// # Errors
///
/// What is wrong: not an action of mjai's, another seat's, a tile that is none, not legal now
/// (the legal actions listed).
pub fn action_of(answer: &Value, view: &View, reach: bool) -> Result<Answer, String> {
    let seat = view.seat;
    let kind = answer
        .get("type")
        .and_then(Value::as_str)
        .ok_or_else(|| format!("its answer {answer} has no \"type\""))?;
    if let Some(actor) = answer.get("actor")
        && actor.as_u64() != Some(seat as u64)
    {
        return Err(format!(
            "its answer {answer} is for another seat (it plays seat {seat})"
        ));
    }
    let tile = |key: &str| -> Result<mahjong::Piece, String> {
        let text = answer
            .get(key)
            .and_then(Value::as_str)
            .ok_or_else(|| format!("its answer {answer} has no \"{key}\""))?;
        tile_from(text).ok_or_else(|| format!("its answer {answer}: {text:?} is no tile"))
    };
    let consumed = || -> Result<Vec<mahjong::Piece>, String> {
        answer
            .get("consumed")
            .and_then(Value::as_array)
            .ok_or_else(|| format!("its answer {answer} has no \"consumed\""))?
            .iter()
            .map(|item| {
                item.as_str()
                    .and_then(tile_from)
                    .ok_or_else(|| format!("its answer {answer}: {item} is no tile"))
            })
            .collect()
    };
    let same = |a: &[mahjong::Piece], b: &[mahjong::Piece]| {
        let mut a = a.to_vec();
        let mut b = b.to_vec();
        a.sort_by_key(|piece| (piece.tile, piece.red));
        b.sort_by_key(|piece| (piece.tile, piece.red));
        a == b
    };
    let legal = &view.legal;
    let found: Option<Action> = match kind {
        "none" => legal.contains(&Action::Pass).then_some(Action::Pass),
        "kita" | "nukidora" => legal.contains(&Action::Kita).then_some(Action::Kita),
        "reach" => {
            return if !reach
                && legal
                    .iter()
                    .any(|action| matches!(action, Action::Discard { riichi: true, .. }))
            {
                Ok(Answer::Reach)
            } else {
                Err(format!("{answer} is not legal now ({})", listed(legal)))
            };
        }
        "dahai" => {
            let piece = tile("pai")?;
            let tsumogiri = answer
                .get("tsumogiri")
                .and_then(Value::as_bool)
                .unwrap_or(view.drawn == Some(piece));
            legal.iter().copied().find(|action| {
                *action
                    == Action::Discard {
                        tile: piece,
                        tsumogiri,
                        riichi: reach,
                    }
            })
        }
        "hora" => [Action::Tsumo, Action::Ron]
            .into_iter()
            .find(|action| legal.contains(action)),
        "chi" | "pon" => {
            let used = consumed()?;
            legal.iter().copied().find(|action| match (kind, action) {
                ("chi", Action::Chi { tiles }) | ("pon", Action::Pon { tiles }) => {
                    same(tiles, &used)
                }
                _ => false,
            })
        }
        "daiminkan" => legal
            .contains(&Action::Daiminkan)
            .then_some(Action::Daiminkan),
        "ankan" => {
            let used = consumed()?;
            let first = used.first().map(|piece| piece.tile);
            legal
                .iter()
                .copied()
                .find(|action| matches!(action, Action::Ankan { tile } if Some(*tile) == first))
        }
        "kakan" => {
            let piece = tile("pai")?;
            legal
                .contains(&Action::Kakan { tile: piece })
                .then_some(Action::Kakan { tile: piece })
        }
        "ryukyoku" => legal
            .contains(&Action::NineTerminals)
            .then_some(Action::NineTerminals),
        other => {
            return Err(format!(
                "its answer {answer}: {other:?} is no action of mjai's"
            ));
        }
    };
    found
        .map(Answer::Action)
        .ok_or_else(|| format!("{answer} is not legal now ({})", listed(legal)))
}

/// The legal actions, for a message.
fn listed(legal: &[Action]) -> String {
    if legal.is_empty() {
        return "it has no action".to_owned();
    }
    let names: Vec<String> = legal.iter().map(ToString::to_string).collect();
    format!("legal: {}", names.join(", "))
}
