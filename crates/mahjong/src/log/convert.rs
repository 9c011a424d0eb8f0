//! A record converted to another format: read, replayed through the engine, and written from
//! the engine's own events only if every hand agrees (so a converted record is one the rules
//! allow, in the form the target's readers expect).

use super::replay::replay_with_events;
use super::{mjai, read, tenhou6};
use crate::game::Event;

/// The format to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// mjai events, one JSON object a line (the layout Mortal's training reads).
    Mjai,
    /// tenhou.net/6 JSON (what Tenhou's viewer and the review tools open).
    Tenhou6,
}

impl Target {
    /// `mjai` or `tenhou6`.
    pub fn named(name: &str) -> Option<Target> {
        match name {
            "mjai" => Some(Target::Mjai),
            "tenhou6" | "tenhou" => Some(Target::Tenhou6),
            _ => None,
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

/// `text` (Tenhou mjlog XML, tenhou.net/6 JSON or mjai events) as a record in `to`.
///
/// # Errors
///
/// Why it is not converted: it cannot be read (where reading stopped), it has no hand, a hand
/// disagrees with the engine (the hand and the first disagreement), or the final points do;
/// to mjai, a record that stops before the game's end (tenhou.net/6 writes such parts).
pub fn convert(text: &str, to: Target) -> Result<Converted, String> {
    let (log, error) = read(text);
    if let Some(error) = error {
        return Err(format!("cannot be read: {error}"));
    }
    if log.hands.is_empty() {
        return Err("has no hand".to_owned());
    }
    let (verdict, mut events) = replay_with_events(&log);
    if let Some(hand) = verdict.hands.iter().find(|hand| !hand.agree) {
        return Err(format!(
            "{} disagrees: {}",
            hand.id,
            hand.error
                .as_deref()
                .unwrap_or("its result is not the record's")
        ));
    }
    if verdict.final_agree == Some(false) {
        return Err(format!(
            "the final points disagree: the record's {:?}, the engine's {:?}",
            log.final_scores, verdict.final_scores
        ));
    }
    if !matches!(events.last(), Some(Event::EndGame { .. })) {
        match verdict.final_scores.or(log.final_scores) {
            Some(scores) => events.push(Event::EndGame { scores }),
            // A game's part: tenhou.net/6 can say so (no final points), mjai cannot.
            None if to == Target::Mjai => {
                return Err(
                    "does not reach the game's end (no final points), and an mjai record ends with end_game"
                        .to_owned(),
                );
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
    let text = match to {
        Target::Mjai => mjai::write(log.rules, &events, &names),
        Target::Tenhou6 => tenhou6::write(log.rules, &events, &names),
    };
    Ok(Converted {
        text,
        hands: log.hands.len(),
    })
}
