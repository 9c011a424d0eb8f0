//! A record converted to another format: read, replayed through the engine, and written from
//! the engine's own events only if every hand agrees (so a converted record is one the rules
//! allow, in the form the target's readers expect).

use super::replay::replay_with_events;
use super::{mjai, mjlog, read, tenhou6};
use crate::engine::{Event, GameRules};

/// The format to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// mjai events, one JSON object a line (the layout Mortal's training reads).
    Mjai,
    /// tenhou.net/6 JSON (what Tenhou's viewer and the review tools open).
    Tenhou6,
    /// Tenhou's mjlog XML (what Tenhou's downloads hold, and mjx, mahjax and mjlog2json read).
    Mjlog,
}

impl Target {
    /// Every format, in the order [`Target::NAMES`] names them.
    pub const ALL: [Target; 3] = [Target::Mjai, Target::Tenhou6, Target::Mjlog];

    /// The formats' names: `mjai`, `tenhou6` (also taken as `tenhou`), `mjlog`.
    pub const NAMES: [&str; 3] = ["mjai", "tenhou6", "mjlog"];

    /// The format of this name (`tenhou` is `tenhou6`, as [`super::format_of`] names it).
    pub fn named(name: &str) -> Option<Target> {
        match name {
            "tenhou" => Some(Target::Tenhou6),
            _ => Target::NAMES
                .iter()
                .position(|one| *one == name)
                .map(|at| Target::ALL[at]),
        }
    }

    /// Its name: `mjai`, `tenhou6` or `mjlog`.
    pub fn name(self) -> &'static str {
        Target::NAMES[Target::ALL.iter().position(|one| *one == self).unwrap_or(0)]
    }

    /// A game's events written in this format.
    ///
    /// # Errors
    ///
    /// What the format cannot hold (an mjlog: red fives in some suits only).
    pub fn write(
        self,
        rules: GameRules,
        events: &[Event],
        names: &[String],
    ) -> Result<String, String> {
        self.write_with(rules, events, names, None)
    }

    /// [`Target::write`], the record stating how the walls were made.
    ///
    /// # Errors
    ///
    /// As [`Target::write`].
    pub fn write_with(
        self,
        rules: GameRules,
        events: &[Event],
        names: &[String],
        shuffle: Option<&super::Shuffle>,
    ) -> Result<String, String> {
        match self {
            Target::Mjai => Ok(mjai::write_with(rules, events, names, shuffle)),
            Target::Tenhou6 => Ok(tenhou6::write_with(rules, events, names, shuffle)),
            Target::Mjlog => mjlog::write_with(rules, events, names, shuffle),
        }
    }
}

/// A converted game: the record's text in the target format and how many hands it has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Converted {
    /// The record written.
    pub text: String,
    /// Its hands.
    pub hands: usize,
}

/// Why a record was not converted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConvertError {
    /// What kind of reason.
    pub kind: ConvertErrorKind,
    /// The reason, in words (`E2-0 disagrees: …`).
    pub message: String,
}

/// The kinds of [`ConvertError`]: a record at fault, or one the target cannot hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ConvertErrorKind {
    /// It cannot be read, or has no hand.
    Unreadable,
    /// A hand, or the final points, disagree with the engine.
    Disagrees,
    /// A good record the target format cannot hold: a game's part to mjai or mjlog (their
    /// records end with the game), rules mjlog cannot state. Expected, not a fault.
    NotInFormat,
}

impl std::fmt::Display for ConvertError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.message.fmt(f)
    }
}

impl std::error::Error for ConvertError {}

impl ConvertError {
    fn new(kind: ConvertErrorKind, message: String) -> ConvertError {
        ConvertError { kind, message }
    }

    /// Whether the reason is in `text`'s words.
    pub fn contains(&self, text: &str) -> bool {
        self.message.contains(text)
    }
}

/// `text` (Tenhou mjlog XML, tenhou.net/6 JSON or mjai events) as a record in `to`.
///
/// # Errors
///
/// Why it is not converted: it cannot be read (where reading stopped), it has no hand, a hand
/// disagrees with the engine (the hand and the first disagreement), or the final points do;
/// to mjai or mjlog, a record that stops before the game's end (tenhou.net/6 writes such
/// parts); to mjlog, rules it cannot state (red fives in some suits only).
pub fn convert(text: &str, to: Target) -> Result<Converted, ConvertError> {
    use ConvertErrorKind::{Disagrees, NotInFormat, Unreadable};
    let (log, error) = read(text);
    if let Some(error) = error {
        return Err(ConvertError::new(
            Unreadable,
            format!("cannot be read: {error}"),
        ));
    }
    if log.hands.is_empty() {
        return Err(ConvertError::new(Unreadable, "has no hand".to_owned()));
    }
    let (verdict, mut events) = replay_with_events(&log);
    if let Some(hand) = verdict.hands.iter().find(|hand| !hand.agree) {
        return Err(ConvertError::new(
            Disagrees,
            format!(
                "{} disagrees: {}",
                hand.id,
                hand.error
                    .as_deref()
                    .unwrap_or("its result is not the record's")
            ),
        ));
    }
    if verdict.final_agree == Some(false) {
        return Err(ConvertError::new(
            Disagrees,
            format!(
                "the final points disagree: the record's {:?}, the engine's {:?}",
                log.final_scores, verdict.final_scores
            ),
        ));
    }
    if !matches!(events.last(), Some(Event::EndGame { .. })) {
        match verdict.final_scores.or(log.final_scores) {
            Some(scores) => events.push(Event::EndGame { scores }),
            // A game's part: tenhou.net/6 can say so (no final points); an mjai record ends
            // with end_game and an mjlog with owari (without them they read as cut short).
            None if to != Target::Tenhou6 => {
                let end = if to == Target::Mjai {
                    "an mjai record ends with end_game"
                } else {
                    "an mjlog record ends with owari"
                };
                return Err(ConvertError::new(
                    NotInFormat,
                    format!(
                        "does not reach the game's end (no final points), and {end}: --to tenhou6 keeps a game's part"
                    ),
                ));
            }
            None => {}
        }
    }
    let names: Vec<String> = (0..usize::from(log.rules.players))
        .map(|seat| {
            log.names
                .get(seat)
                .filter(|name| !name.is_empty())
                .cloned()
                .unwrap_or_else(|| format!("seat {seat}"))
        })
        .collect();
    let text = to
        .write(log.rules, &events, &names)
        .map_err(|message| ConvertError::new(NotInFormat, message))?;
    Ok(Converted {
        text,
        hands: log.hands.len(),
    })
}
