//! Outside bots at our table: a seat played by a process that speaks mjai, as mjai.app runs
//! its submissions (`COMMAND SEAT`, the batch form on stdin and stdout), or in the
//! one-event-per-line form Mortal's own script speaks.
//!
//! The host sends a seat the events since its last answer, others' draws and dealt tiles as
//! `?`, when the seat has a decision to make, and reads one answer. Riichi is two answers:
//! `reach`, which the host echoes to that seat alone, then the declaring `dahai`. An answer
//! that comes late, is not JSON, is not an action of the seat's or is not legal forfeits the
//! game for that seat (it ranks last whatever its points; the game stops there, as a chombo
//! would not stop it, but without guessing at the hand it spoiled), and the failure is told.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
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
    /// A command run as `COMMAND SEAT` (through `sh -c`), speaking mjai in `form`.
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
        error: std::io::Error,
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

/// Plays the game dealt from `rules` and `seed` with `seats` (one a player), until it ends or
/// `max_moves` moves have been made. Our bots choose from their views; an outside seat is
/// sent its events and answers in mjai within `limits`.
///
/// # Errors
///
/// [`HostError::Spawn`] if a command cannot be started; [`HostError::Stopped`] if the stop
/// signal was raised (the processes are ended either way).
pub fn play_hosted(
    rules: GameRules,
    seed: u64,
    seats: &[Seat<'_>],
    names: &[String],
    limits: Limits,
    max_moves: usize,
    stop: &Stop,
) -> Result<Hosted, HostError> {
    let mut game = Game::new(rules, seed);
    if seats.len() != game.players() {
        return Err(HostError::Seats {
            seats: seats.len(),
            players: game.players(),
        });
    }
    let mut outside: Vec<Option<Outside>> = Vec::with_capacity(4);
    let mut game_rules = json!({"length": rules.length.name(), "red_fives": rules.red_fives,
                                "open_tanyao": rules.open_tanyao});
    if rules.three_player() {
        game_rules["players"] = json!(3);
    }
    for (seat, entry) in seats.iter().enumerate() {
        outside.push(match entry {
            Seat::Ours(_) => None,
            Seat::Outside { command, form } => {
                let mut process =
                    Outside::spawn(command, *form, seat).map_err(|error| HostError::Spawn {
                        seat,
                        command: (*command).to_owned(),
                        error,
                    })?;
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
            (_, Some(process)) => match process.decide(&view, limits) {
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
        process.finish(limits.answer);
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

/// A running outside bot.
struct Outside {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<std::io::Result<String>>,
    form: Form,
    seat: usize,
    pending: Vec<Value>,
    /// Its `reach` was echoed to it: the engine's own riichi event is not sent again.
    reach_echoed: bool,
    /// Its answer forfeited the game: it is ended at once, told nothing more.
    failed: bool,
}

impl Outside {
    fn spawn(command: &str, form: Form, seat: usize) -> std::io::Result<Outside> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("{command} {seat}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let end = line.is_err();
                if send.send(line).is_err() || end {
                    break;
                }
            }
        });
        Ok(Outside {
            stdin: child.stdin.take(),
            child,
            lines,
            form,
            seat,
            pending: Vec::new(),
            reach_echoed: false,
            failed: false,
        })
    }

    /// Sends the pending events and reads one answer (the line form: after the last event).
    fn exchange(&mut self, limits: Limits) -> Result<Value, String> {
        let starts = self.send()?;
        let limit = if starts { limits.start } else { limits.answer };
        let line = match self.lines.recv_timeout(limit) {
            Ok(Ok(line)) => line,
            Ok(Err(error)) => return Err(format!("its output cannot be read ({error})")),
            Err(RecvTimeoutError::Timeout) => {
                return Err(format!("no answer within {:.1} s", limit.as_secs_f64()));
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err("it ended without answering".to_owned());
            }
        };
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
        let stdin = self.stdin.as_mut().ok_or("its input is closed")?;
        stdin
            .write_all(text.as_bytes())
            .and_then(|()| stdin.flush())
            .map_err(|error| format!("it stopped reading ({error})"))?;
        Ok(starts)
    }

    /// The seat's decision, asked of the process.
    fn decide(&mut self, view: &View, limits: Limits) -> Result<Action, String> {
        let mut reach = false;
        loop {
            let answer = self.exchange(limits)?;
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

    /// The game is over: the last events are sent (their answer not awaited long), the input
    /// closed, and the process ended if it has not ended by itself.
    fn finish(&mut self, wait: Duration) {
        if self.failed {
            return; // Dropped: ended at once.
        }
        if !self.pending.is_empty() && self.stdin.is_some() {
            // The batch form answers every batch (`none` here); the line form answers none of
            // these events, so nothing is awaited.
            match self.form {
                Form::Batch => {
                    let short = wait.min(Duration::from_secs(1));
                    let _ = self.exchange(Limits {
                        answer: short,
                        start: short,
                    });
                }
                Form::Line => {
                    let _ = self.send();
                }
            }
        }
        self.stdin = None;
        let deadline = std::time::Instant::now() + Duration::from_secs(1);
        while std::time::Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Outside {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
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
