//! `mahjong/watch` and `mahjong/review`: a record shown event by event with every seat's tiles
//! (the board the engine's events make, the engine's own state after each decision), a hand
//! list with the engine's verdict on each hand (each decision of a seat against a bot's is
//! `review`'s).

use mahjong::{Piece, Players};
use mahjong_game::mjai::wire::event_json;
use mahjong_game::records::replay::{
    HandVerdict, play_again, replay_hand_moves, replay_with_events_until,
};
use mahjong_game::records::{self as log, GameLog, LoggedEnd};
use mahjong_game::{Board, Event, hands};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tiles_core::Stop;

use super::game::{HandVerdictJson, describe};
use super::table::{
    HandEndJson, MeldJson, RiverTileJson, meld_json, names_of, results, river_json,
};
use crate::ApiError;

/// A `mahjong/watch` request.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WatchRequest {
    /// A game record: Tenhou mjlog XML, tenhou.net/6 JSON (one object, or a hand per line) or
    /// mjai events (one per line).
    pub record: String,
    /// The hand whose events are shown, by its place in the record (0 the first).
    #[serde(default)]
    pub hand: usize,
    /// The rule set of a record that states none (an mjai record of another tool), as for
    /// `mahjong/game` (`mahjong-soul`); a record that states its rules keeps them. Default:
    /// Tenhou's.
    #[serde(default)]
    pub rules: Option<String>,
    /// Fields of those rules set otherwise, `NAME=VALUE`.
    #[serde(default)]
    pub rule: Vec<String>,
    /// Every hand's positions too (`every_hand`), so that a viewer sends the record once.
    #[serde(default)]
    pub every_hand: bool,
}

/// One hand in the hand list.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct HandRowJson {
    /// The engine's verdict (round, agreement, both sides' score changes, the first
    /// disagreement).
    #[serde(flatten)]
    pub verdict: HandVerdictJson,
    /// How the hand ended, in words (the engine's; the record's where the engine did not
    /// reach the end).
    pub result: String,
    /// How many events the engine made of the hand (its positions).
    pub events: usize,
    /// For a hand that disagrees: the position (events shown) where it goes wrong.
    pub wrong_at: Option<usize>,
}

/// One seat on the board.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct BoardSeatJson {
    /// The seat (its player's name is the response's `names[seat]`).
    pub seat: usize,
    /// Its wind this hand: `E`, `S`, `W` or `N`.
    pub wind: char,
    /// Its points.
    pub score: i32,
    /// Whether it has declared riichi.
    pub riichi: bool,
    /// Its concealed tiles, mpsz, in tile order, without the tile just drawn.
    pub hand: Vec<String>,
    /// The tile it just drew (null unless it is the seat that drew last and has not let go
    /// of a tile since).
    pub drawn: Option<String>,
    /// Its discards, in order.
    pub river: Vec<RiverTileJson>,
    /// Its melds, in the order made.
    pub melds: Vec<MeldJson>,
    /// Norths set aside (three players).
    pub north: u8,
}

/// The board at one position.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct BoardJson {
    /// `E1-0`.
    pub round: String,
    /// The dealer's seat.
    pub dealer: usize,
    /// Riichi sticks on the table.
    pub sticks: u32,
    /// Live tiles left to draw.
    pub wall: u32,
    /// The dora indicators shown, mpsz.
    pub dora_indicators: Vec<String>,
    /// The ura dora indicators a riichi winner turned over, mpsz.
    pub ura_indicators: Vec<String>,
    /// Whether the hand is over.
    pub over: bool,
    /// Every seat, one per player.
    pub seats: Vec<BoardSeatJson>,
}

/// One position of a hand: the board after its first `event` events.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PositionJson {
    /// Events shown (1: the deal).
    pub event: usize,
    /// The last of them, as mjai's JSON (every tile shown).
    pub mjai: Option<Value>,
    /// The last of them in words (seats by number).
    pub text: String,
    /// The seats with a decision to make here.
    pub deciding: Vec<usize>,
    /// The board.
    pub board: BoardJson,
}

/// The hand a `mahjong/watch` request asked for.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct WatchedHandJson {
    /// Its place in the record.
    pub index: usize,
    /// `E1-0`.
    pub round: String,
    /// Every position, the deal first.
    pub positions: Vec<PositionJson>,
    /// How it ended (null if the engine did not reach its end).
    pub result: Option<HandEndJson>,
}

/// A `mahjong/watch` response.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct WatchResponse {
    /// `mjlog`, `tenhou` or `mjai`.
    pub format: String,
    /// The players: 4, or 3.
    pub players: u8,
    /// The players' names, one per player (`seat N` where the record has none; a record's
    /// names are at most 1,024 characters), given once for every board.
    pub names: Vec<String>,
    /// One row per hand.
    pub hands: Vec<HandRowJson>,
    /// The record's final points, one per player, if it has them.
    pub final_expected: Option<Vec<i32>>,
    /// The engine's, if it ended the game after the last hand.
    pub final_got: Option<Vec<i32>>,
    /// Every hand agrees, and the final points too when the record has them.
    pub agree: bool,
    /// Where reading stopped, for a record cut short or broken part-way (the hands before it
    /// open).
    pub read_error: Option<String>,
    /// The hand asked for (null if the record has no hand the engine could deal there).
    pub hand: Option<WatchedHandJson>,
    /// With `every_hand`: every hand as `hand` gives one, in the record's order (null where
    /// the engine could not deal it); else null.
    pub every_hand: Option<Vec<Option<WatchedHandJson>>>,
}

/// Reads a record (stopping when `stop` is raised) under the rules asked for where it states
/// none, refusing one with no hand at all.
pub(super) fn read_record(
    record: &str,
    rules: Option<&str>,
    rule: &[String],
    stop: &Stop,
) -> Result<(GameLog, Option<String>), ApiError> {
    let assumed = super::game::assumed_rules(rules, rule)?;
    let (mut log, error) = log::read_until(record, stop)?;
    if let Some(rules) = assumed {
        log.assume_rules(rules);
    }
    let error = error.map(|error| error.to_string());
    if log.hands.is_empty() {
        // Text that starts as no record format does is no record; one that starts as one
        // but breaks before its first hand says where.
        let starts_as_one = record.trim_start().starts_with(['<', '{']);
        return Err(ApiError::BadRequest(match error {
            Some(error) if starts_as_one => format!("record: no hand could be read: {error}"),
            _ => format!("record: {}", log::NOT_A_RECORD),
        }));
    }
    Ok((log, error))
}

/// The players' names, one per player.
pub(super) fn names(log: &GameLog) -> Vec<String> {
    log.rules
        .seats()
        .map(|seat| {
            log.names
                .get(seat)
                .filter(|name| !name.is_empty())
                .cloned()
                .unwrap_or_else(|| format!("seat {seat}"))
        })
        .collect()
}

/// A hand's end in words: as `mahjong/game` says it (the engine's), or the record's where the
/// engine did not reach it.
fn result_words(events: &[Event], end: Option<&LoggedEnd>, players: Players) -> String {
    if let Some(hand) = describe(events, players).pop()
        && !hand.result.is_empty()
    {
        return hand.result;
    }
    match end {
        Some(LoggedEnd::Wins(wins)) => format!(
            "the record: {}",
            wins.iter()
                .map(|win| if win.seat == win.from {
                    format!("seat {} tsumo", win.seat)
                } else {
                    format!("seat {} ron from seat {}", win.seat, win.from)
                })
                .collect::<Vec<_>>()
                .join("; ")
        ),
        Some(LoggedEnd::Drawn { kind, .. }) => {
            format!("the record: {}", kind.map_or("a draw", |kind| kind.name()))
        }
        None => "cut short".to_owned(),
    }
}

/// Each hand's events as the engine made them, matched to the record's hands in order.
fn events_per_hand<'a>(log: &GameLog, events: &'a [Event]) -> Vec<&'a [Event]> {
    let mut split = hands(events).peekable();
    log.hands
        .iter()
        .map(|hand| match split.peek() {
            Some((id, _)) if *id == hand.id => split.next().map_or(&[][..], |(_, events)| events),
            _ => &[][..],
        })
        .collect()
}

/// Where a hand that disagrees goes wrong: its result, if the engine reached it; else the
/// last event it made before the record's next decision was refused.
fn wrong_at(verdict: &HandVerdict, events: &[Event]) -> Option<usize> {
    if verdict.agree || events.is_empty() {
        return None;
    }
    let end = events
        .iter()
        .position(|event| matches!(event, Event::Win(_) | Event::Drawn { .. }));
    Some(end.map_or(events.len(), |at| at + 1))
}

fn board_json(board: &Board, players: Players) -> BoardJson {
    let count = players.count();
    BoardJson {
        round: board.id.to_string(),
        dealer: board.dealer,
        sticks: board.sticks,
        wall: board.live_left,
        dora_indicators: names_of(&board.indicators),
        ura_indicators: names_of(&board.ura),
        over: board.over,
        seats: players
            .seats()
            .map(|seat| {
                let mut hand: Vec<Piece> = board.hands[seat].clone();
                let drawn = board
                    .drawn
                    .filter(|(by, _)| *by == seat)
                    .map(|(_, tile)| tile);
                if let Some(drawn) = drawn
                    && let Some(at) = hand.iter().position(|piece| *piece == drawn)
                {
                    hand.remove(at);
                }
                BoardSeatJson {
                    seat,
                    wind: mahjong::Wind::ALL[(seat + count - board.dealer) % count].letter(),
                    score: board.scores[seat],
                    riichi: board.riichi[seat],
                    hand: names_of(&hand),
                    drawn: drawn.map(|piece| piece.to_string()),
                    river: board.rivers[seat].iter().map(river_json).collect(),
                    melds: board.melds[seat].iter().map(meld_json).collect(),
                    north: board.kita[seat],
                }
            })
            .collect(),
    }
}

/// The positions of one hand: the board after each of its events, and who decides there.
fn watched_hand(log: &GameLog, index: usize) -> Option<WatchedHandJson> {
    let hand = log.hands.get(index)?;
    let (_, Some(replayed), moves) = replay_hand_moves(log.rules, log.notation, hand) else {
        return None;
    };
    let events = replayed.hand_events();
    let players = log.rules.players;
    // Who decides after how many events: the game dealt again and played from the replay's
    // decisions.
    let mut deciding: Vec<Vec<usize>> = vec![Vec::new(); events.len() + 1];
    play_again(log.rules, hand, &moves, |game, seat, _| {
        let at = game.hand_events().len().min(events.len());
        if !deciding[at].contains(&seat) {
            deciding[at].push(seat);
        }
    });
    let mut board = Board::new(&log.rules);
    let positions = events
        .iter()
        .enumerate()
        .map(|(at, event)| {
            board.apply(event);
            let mut seats = deciding[at + 1].clone();
            seats.sort_unstable();
            PositionJson {
                event: at + 1,
                mjai: event_json(event, None),
                text: event.to_string(),
                deciding: seats,
                board: board_json(&board, players),
            }
        })
        .collect();
    Some(WatchedHandJson {
        index,
        round: hand.id.to_string(),
        positions,
        result: results(events, players, None).into_iter().next(),
    })
}

/// The most hands `every_hand` answers at once (a hand's positions are about 250 KB of JSON):
/// every hand of the longest real game, and a bound on the answer for a record of any size.
pub const MAX_EVERY_HAND: usize = 48;

/// Answers `mahjong/watch`.
///
/// # Errors
///
/// A record with no hand; a hand past the record's last; `every_hand` of a record of more
/// than [`MAX_EVERY_HAND`] hands; [`ApiError::Stopped`].
pub fn watch(request: WatchRequest, stop: &Stop) -> Result<WatchResponse, ApiError> {
    let (log, error) = read_record(
        &request.record,
        request.rules.as_deref(),
        &request.rule,
        stop,
    )?;
    if request.hand >= log.hands.len() {
        let count = log.hands.len();
        return Err(ApiError::BadRequest(format!(
            "hand: the record has {count} hand{} (0 to {}), not {}",
            if count == 1 { "" } else { "s" },
            count - 1,
            request.hand
        )));
    }
    if request.every_hand && log.hands.len() > MAX_EVERY_HAND {
        return Err(ApiError::BadRequest(format!(
            "every_hand: the record has {} hands, and at most {MAX_EVERY_HAND} come at once (a hanchan has about 10 to 25): ask for one hand at a time",
            log.hands.len()
        )));
    }
    let (verdict, events) = replay_with_events_until(&log, stop)?;
    let names = names(&log);
    let response = super::game::verdict_json(
        log::format_of(&request.record),
        &log.rules,
        &verdict,
        log.final_scores,
        error,
    );
    let per_hand = events_per_hand(&log, &events);
    let rows = response
        .hands
        .iter()
        .zip(&verdict.hands)
        .zip(&per_hand)
        .zip(&log.hands)
        .map(|(((row, verdict), events), hand)| HandRowJson {
            verdict: row.clone(),
            result: result_words(events, hand.end.as_ref(), log.rules.players),
            events: events.len(),
            wrong_at: wrong_at(verdict, events),
        })
        .collect();
    stop.check()?;
    let hand = watched_hand(&log, request.hand);
    let every_hand = if request.every_hand {
        let mut every = Vec::with_capacity(log.hands.len());
        for index in 0..log.hands.len() {
            stop.check()?;
            every.push(if index == request.hand {
                hand.clone()
            } else {
                watched_hand(&log, index)
            });
        }
        Some(every)
    } else {
        None
    };
    Ok(WatchResponse {
        format: response.format,
        players: response.players,
        names,
        hands: rows,
        final_expected: response.final_expected,
        final_got: response.final_got,
        agree: response.agree,
        read_error: response.read_error,
        hand,
        every_hand,
    })
}
