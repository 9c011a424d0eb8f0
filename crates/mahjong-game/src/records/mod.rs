//! Game records: Tenhou's tenhou.net/6 JSON (and mjlog XML, and mjai events) read into one
//! form, hand by hand, that [`replay`] feeds through the engine.
//!
//! A hand's record keeps each seat's decisions in order, as the formats give them: its turn
//! actions (discards, riichi, kans), its claims (chi, pon, open kan, each naming the seat
//! and tile it took), and the hand's result (the wins with their score, or the draw, and
//! every seat's change of points).

pub mod convert;
pub mod files;
pub mod mjai;
pub mod mjlog;
mod names;
pub mod replay;
pub mod review;
pub mod tenhou6;

use std::collections::VecDeque;
use tiles_core::{Stop, Stopped};

use crate::engine::{DrawKind, GameRules, HandId};
use mahjong::Tile;
use mahjong::{MeldKind, Piece, Yaku};

/// Where an item is in its record, and the record's own text for it, so a disagreement can
/// point at it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Source {
    /// `line 12`; `line 1, column 3456` (an mjlog on one line: the tag's offset); `line 1,
    /// hand 3 (E3-0), seat 1's discards, item 4` (tenhou.net/6).
    pub place: String,
    /// The item as the record writes it: an mjai event line, an mjlog tag, a tenhou.net/6
    /// list item.
    pub text: String,
}

impl Source {
    /// The most characters of an item's text a [`Source`] keeps: enough to find it in the
    /// record, and no more, so a verdict quoting items never outgrows the record.
    pub const MAX_TEXT: usize = 200;

    /// `text` at `place`, cut to [`Source::MAX_TEXT`] characters (an ellipsis ends a cut one).
    pub fn new(place: impl Into<String>, text: &str) -> Source {
        let text = match text.char_indices().nth(Source::MAX_TEXT) {
            Some((end, _)) => format!("{}…", &text[..end]),
            None => text.to_owned(),
        };
        Source {
            place: place.into(),
            text,
        }
    }
}

impl std::fmt::Display for Source {
    /// `line 12 ({"type":"dahai",…})`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.place, self.text)
    }
}

/// A record's item with its [`Source`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Logged<T> {
    /// The item.
    pub item: T,
    /// Where it is and how the record writes it.
    pub source: Source,
}

impl<T> Logged<T> {
    /// `item` at `source`.
    pub fn new(item: T, source: Source) -> Logged<T> {
        Logged { item, source }
    }
}

/// How a record writes a tile: mjai's `5mr` and `N`, tenhou.net/6's codes (`53`, `44`), or
/// this crate's mpsz (`0s`, `4z`; mjlog's tile numbers name copies, not kinds).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Notation {
    /// mpsz, as the crate writes tiles.
    #[default]
    Mpsz,
    /// mjai.
    Mjai,
    /// tenhou.net/6 codes.
    Tenhou,
}

impl Notation {
    /// A tile in this notation.
    pub fn tile(self, piece: Piece) -> String {
        match self {
            Notation::Mpsz => piece.to_string(),
            Notation::Mjai => crate::mjai::wire::tile_name(piece),
            Notation::Tenhou => tenhou6::code(piece).to_string(),
        }
    }

    /// An action with its tiles in this notation: `discard N (tsumogiri)`, `chi 23 24`.
    pub fn action(self, action: &crate::engine::Action) -> String {
        use crate::engine::Action;
        match action {
            Action::Discard {
                tile, tsumogiri, ..
            } => format!(
                "{} {}{}",
                action.name(),
                self.tile(*tile),
                if *tsumogiri { " (tsumogiri)" } else { "" }
            ),
            Action::Ankan { tile } => format!("ankan {}", self.tile(Piece::plain(*tile))),
            Action::Kakan { tile } => format!("kakan {}", self.tile(*tile)),
            Action::Chi { tiles } | Action::Pon { tiles } => format!(
                "{} {} {}",
                action.name(),
                self.tile(tiles[0]),
                self.tile(tiles[1])
            ),
            other => other.name().to_owned(),
        }
    }
}

/// A decision a seat made on its turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnLog {
    /// A discard (the tile just drawn when `tsumogiri`), declaring riichi when `riichi`.
    Discard {
        /// The tile (for a tsumogiri, the record may not say: `None`).
        tile: Option<Piece>,
        /// Discarded as drawn.
        tsumogiri: bool,
        /// The riichi declaration.
        riichi: bool,
    },
    /// A concealed kan.
    Ankan(Tile),
    /// A tile added to a pon.
    Kakan(Piece),
    /// A North set aside (three players).
    Kita,
}

/// A claim a seat made: a chi, pon or open kan of `tile` from `from` with `consumed`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallLog {
    /// Chi, pon or kan.
    pub kind: MeldKind,
    /// The seat that discarded it.
    pub from: usize,
    /// The tile taken, red or plain as the record says.
    pub tile: Piece,
    /// The caller's own tiles in the meld.
    pub consumed: Vec<Piece>,
    /// Which of `from`'s discards it took (1 its first), when the record places the call
    /// (mjlog and mjai write it right after the discard; tenhou.net/6 does not say).
    pub discard: Option<usize>,
    /// How many tiles the caller had drawn in the hand before it (replacement tiles
    /// included), when the record says: every format does (tenhou.net/6 lists a seat's calls
    /// among its draws, in order), and it places a tenhou.net/6 call between two of the
    /// caller's draws.
    pub draws_before: Option<usize>,
}

/// A win as the record scores it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoggedWin {
    /// The winner.
    pub seat: usize,
    /// The discarder (the winner on a tsumo).
    pub from: usize,
    /// The seat liable (pao), if any.
    pub pao: Option<usize>,
    /// The han, if the record says (13 per yakuman).
    pub han: Option<u32>,
    /// The fu, if the record says (it does not for limit hands in some formats).
    pub fu: Option<u32>,
    /// The hand's value in points (without honba and sticks), if the record says.
    pub points: Option<u32>,
    /// The yaku and their han, if the record lists them (dora counts with 0 are left out).
    pub yaku: Option<Vec<(Yaku, u32)>>,
    /// The score changes of this win.
    pub deltas: [i32; 4],
    /// Where the record has it.
    pub source: Source,
}

/// How a hand ended in the record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoggedEnd {
    /// One or more wins.
    Wins(Vec<LoggedWin>),
    /// A draw of this kind (if the record says), with its score changes.
    Drawn {
        /// Which draw.
        kind: Option<DrawKind>,
        /// The changes of points.
        deltas: [i32; 4],
        /// Where the record has it.
        source: Source,
    },
}

impl LoggedEnd {
    /// Every seat's change of points in the hand.
    pub fn deltas(&self) -> [i32; 4] {
        match self {
            LoggedEnd::Wins(wins) => wins.iter().fold([0; 4], |mut sum, win| {
                for (total, delta) in sum.iter_mut().zip(win.deltas) {
                    *total += delta;
                }
                sum
            }),
            LoggedEnd::Drawn { deltas, .. } => *deltas,
        }
    }
}

/// One hand of a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandLog {
    /// Which hand: the round's wind, the dealer's number and the honba.
    pub id: HandId,
    /// The dealer's seat (seats are those of the game's first hand, 0 East).
    pub dealer: usize,
    /// Riichi sticks on the table at the start.
    pub sticks: u32,
    /// Each seat's points at the start.
    pub scores: [i32; 4],
    /// The dora indicators, in the order shown.
    pub indicators: Vec<Piece>,
    /// The ura indicators, if the record shows them.
    pub ura: Vec<Piece>,
    /// Each seat's 13 dealt tiles.
    pub hands: [Vec<Piece>; 4],
    /// Each seat's draws in order (replacement tiles included).
    pub draws: [Vec<Piece>; 4],
    /// Each seat's turn decisions in order.
    pub turns: [VecDeque<Logged<TurnLog>>; 4],
    /// Each seat's claims in order.
    pub calls: [VecDeque<Logged<CallLog>>; 4],
    /// How the hand ended; `None` if the record stops before the end (a cut file).
    pub end: Option<LoggedEnd>,
}

/// A whole record: the rules it was played under, its hands, and the final points if the
/// record has the game's end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameLog {
    /// The rules the record says (a Tenhou lobby's length, red fives and kuitan, or a rule set
    /// named in full), or Tenhou's.
    pub rules: GameRules,
    /// Whether the record states its rules (mjlog's `GO`, tenhou.net/6's `rule`, mjai's
    /// `start_game` `rules` or `aka_flag`); if not, [`GameLog::assume_rules`] may give them.
    pub rules_stated: bool,
    /// Whether the record says its length (mjlog's `GO`, tenhou.net/6's `rule.disp`, our mjai
    /// writer's `rules`); if not, `rules` are Tenhou's assumed, and the replay does not judge
    /// where the game ends.
    pub length_stated: bool,
    /// How the record writes tiles (for naming them in a verdict).
    pub notation: Notation,
    /// The players' names, if given.
    pub names: Vec<String>,
    /// The hands in order.
    pub hands: Vec<HandLog>,
    /// The final points (riichi sticks left over given), if the record has them.
    pub final_scores: Option<[i32; 4]>,
}

impl GameLog {
    /// The rules of a record that states none (an mjai record of another tool: Mahjong Soul's
    /// games converted, say): these, in their three-player form for a three-player record.
    /// A record that states its rules keeps them.
    pub fn assume_rules(&mut self, rules: GameRules) {
        if !self.rules_stated {
            self.rules = rules.with_players(self.rules.players);
        }
    }

    /// A record with no hand yet, under the default rules (a reader fills it in).
    pub(crate) fn empty(notation: Notation) -> GameLog {
        GameLog {
            rules: GameRules::default(),
            rules_stated: false,
            length_stated: false,
            notation,
            names: Vec::new(),
            hands: Vec::new(),
            final_scores: None,
        }
    }
}

/// How a game's walls were made, for its record to state: the seed they follow from (the
/// engine's fixed shuffle, SplitMix64 and Fisher-Yates), and for a sealed game the salt and
/// the commitment shown before the first deal (see `tiles-api`'s sealed tables). mjai writes
/// them in `start_game` (`seed`, `salt`, `commitment`), tenhou.net/6 at the top, mjlog in
/// `SHUFFLE` (`seed="tiles-splitmix64,SEED,SALT" ref="COMMITMENT"`); the readers pass over them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Shuffle {
    /// The seed.
    pub seed: u64,
    /// The salt of a sealed game's commitment, in hex.
    pub salt: Option<String>,
    /// A sealed game's commitment, in hex.
    pub commitment: Option<String>,
}

impl Shuffle {
    /// Its fields as JSON members: `seed`, and `salt` and `commitment` when sealed.
    pub(crate) fn members(&self) -> Vec<(&'static str, serde_json::Value)> {
        let mut members = vec![("seed", serde_json::Value::from(self.seed))];
        if let Some(salt) = &self.salt {
            members.push(("salt", serde_json::Value::from(salt.as_str())));
        }
        if let Some(commitment) = &self.commitment {
            members.push(("commitment", serde_json::Value::from(commitment.as_str())));
        }
        members
    }
}

/// The most characters a player's name in a record may have (Tenhou's are at most 8,
/// Mahjong Soul's 14; ours name an outside bot by its command, `mjai:python3 /path/bot.py`): a
/// record stating a longer one is refused where it is read.
pub const MAX_NAME: usize = 1024;

/// What every tool says of a file or text that is no record it reads (the command, the API, the
/// page and the dataset writer alike; the command exits 2).
pub const NOT_A_RECORD: &str =
    "not a game record (an mjlog starts with <, tenhou.net/6 and mjai with {)";

/// The players' names a record states, each checked against [`MAX_NAME`] (`None`: not text,
/// read as no name).
pub(crate) fn names_of<'a>(
    names: impl IntoIterator<Item = Option<&'a str>>,
) -> Result<Vec<String>, String> {
    names
        .into_iter()
        .enumerate()
        .map(|(seat, name)| {
            let name = name.unwrap_or_default();
            let length = name.chars().count();
            if length > MAX_NAME {
                Err(format!(
                    "seat {seat}'s name has {length} characters: at most {MAX_NAME}"
                ))
            } else {
                Ok(name.to_owned())
            }
        })
        .collect()
}

/// A record that cannot be read, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{place}: {message}")]
pub struct LogError {
    /// Where: `line 3`, `hand 2 (E3-0), seat 1's draws, item 4`.
    pub place: String,
    /// What is wrong.
    pub message: String,
}

impl LogError {
    pub(crate) fn new(place: impl Into<String>, message: impl Into<String>) -> LogError {
        LogError {
            place: place.into(),
            message: message.into(),
        }
    }
}

/// Reads a record in any of the formats, telling them apart by their first character: `<`
/// mjlog XML, `{` (one object with `log`, or one per line) tenhou.net/6 JSON, mjai events
/// (JSON lines with `type`). Returns what could be read and, for a record cut short or broken
/// part-way, the error where it stops.
pub fn read(text: &str) -> (GameLog, Option<LogError>) {
    read_until(text, &Stop::never()).expect("never stopped")
}

/// How many lines, tags or hands a reader reads between two looks at its stop signal.
const STOP_EVERY: usize = 64;

/// [`read`], giving up once `stop` is raised (a record of megabytes takes a while to read).
///
/// # Errors
///
/// [`Stopped`].
pub fn read_until(text: &str, stop: &Stop) -> Result<(GameLog, Option<LogError>), Stopped> {
    match format_of(text) {
        "mjlog" => mjlog::read_until(text, stop),
        "mjai" => mjai::read_until(text, stop),
        _ => tenhou6::read_until(text, stop),
    }
}

/// The format [`read`] takes a record for, from its first line: `mjlog` (XML), `mjai` (JSON
/// lines with `type`) or `tenhou` (tenhou.net/6 JSON).
pub fn format_of(text: &str) -> &'static str {
    let first_line = text.trim_start().lines().next().unwrap_or_default();
    if first_line.starts_with('<') {
        "mjlog"
    } else if first_line.contains("\"type\"") {
        "mjai"
    } else {
        "tenhou"
    }
}
