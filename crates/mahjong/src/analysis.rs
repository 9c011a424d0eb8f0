//! One hand's whole analysis: the readable report and the tab-separated batch row.
//!
//! The batch row has exactly the columns of [`TSV_HEADER`]:
//!
//! - `hand`: canonical mpsz; `n`: the tile count;
//! - `agari`: `1` or `0` for 14 tiles (complete in any form), `-` otherwise;
//! - `shanten_std`, `shanten_chiitoi`, `shanten_kokushi`: each form's shanten, the last two `-`
//!   below 13 tiles; `shanten`: the least of those that apply;
//! - `waits`: for 13 tiles, canonical mpsz of every kind that completes the hand, or `-`;
//! - `decomps`: for 14 tiles, the number of distinct standard readings, else `-`;
//! - `discards`: for `3k + 2` tiles not complete, the best discards, each with the unseen
//!   copies of the tiles that then lower the shanten (`3z:4 1z:4`), else `-`;
//! - `effective`: canonical mpsz of the effective tiles (drawn into a `3k + 1` hand, or
//!   exchanged for a best discard of a `3k + 2` hand), or `-`.

use itertools::Itertools;
use std::fmt;

use crate::agari::{Readings, readings};
use crate::full_hand::{CalledMeld, FullHand};
use crate::open::{capped_shanten, caps_of, open_discards, open_effective, open_waits};
use crate::players::Players;
use crate::shanten::{Shanten, TileCountError, shanten};
use crate::tile::{Hand, MAX_TILES, Tile, show_tiles};
use crate::waits::{Discard, Effective, discards, effective_tiles, exchanges, waits};

/// The column names of [`Analysis::tsv_row`], tab-separated.
pub const TSV_HEADER: &str = "hand\tn\tagari\tshanten_std\tshanten_chiitoi\tshanten_kokushi\tshanten\twaits\tdecomps\tdiscards\teffective";

/// Everything this crate says about one hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// The hand (its concealed tiles, when it has called melds).
    pub hand: Hand,
    /// The called melds (see [`analyze_full`]); none for a concealed hand.
    pub melds: Vec<CalledMeld>,
    /// Its readings, if it is complete.
    pub readings: Readings,
    /// Its shanten in each form.
    pub shanten: Shanten,
    /// For a `3k + 1` hand, its waits.
    pub waits: Option<Vec<Tile>>,
    /// The players at the table: 4, or 3 ([`Analysis::for_players`]: 2m-8m are not in the
    /// set, so they are no wait and no effective tile).
    pub players: Players,
}

/// A hand holding a kind the three-player set does not have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{0}: the three-player set has no 2m-8m")]
pub struct NotInSet(pub Tile);

/// Analyses a hand: its readings, shanten and waits. The effective tiles and the discards are
/// worked out when asked for ([`Analysis::effective`], [`Analysis::discards`]).
///
/// # Errors
///
/// [`TileCountError`] for a multiple of three tiles, which has no shanten.
pub fn analyze(hand: &Hand) -> Result<Analysis, TileCountError> {
    let shanten = shanten(hand)?;
    let drawn = hand.len() % 3 == 2;
    Ok(Analysis {
        hand: *hand,
        melds: Vec::new(),
        readings: readings(hand),
        shanten,
        waits: (!drawn).then(|| waits(hand)).transpose()?,
        players: Players::Four,
    })
}

/// Analyses a hand with called melds: its concealed part is read for the sets the melds leave
/// to make, the copies the melds hold counted as seen (a kind whose every copy is in sight is
/// no wait and no effective tile, and strict shanten uses no target that would need one).
/// Seven pairs and thirteen orphans need a concealed hand: with a meld they have no shanten.
/// A hand without melds is analysed as by [`analyze`].
///
/// # Errors
///
/// [`TileCountError`] when the concealed tiles plus three per meld are a multiple of three.
pub fn analyze_full(hand: &FullHand) -> Result<Analysis, TileCountError> {
    let concealed = hand.concealed();
    if hand.melds().is_empty() {
        return analyze(concealed);
    }
    if hand.size().is_multiple_of(3) {
        return Err(TileCountError::MultipleOfThree { count: hand.size() });
    }
    let caps = caps_of(hand.melds());
    let standard = capped_shanten(concealed, &caps);
    let drawn = concealed.len() % 3 == 2;
    Ok(Analysis {
        hand: *concealed,
        melds: hand.melds().to_vec(),
        readings: readings(concealed),
        shanten: Shanten {
            standard,
            seven_pairs: None,
            thirteen_orphans: None,
        },
        waits: (!drawn).then(|| open_waits(concealed, &caps)),
        players: Players::Four,
    })
}

impl Analysis {
    /// The batch row: the columns of [`TSV_HEADER`], tab-separated.
    pub fn tsv_row(&self) -> String {
        let n = self.hand.len() + 3 * self.melds.len();
        let special = |form: Option<i8>| form.map_or("-".to_owned(), |s| s.to_string());
        let waits = match &self.waits {
            Some(waits) if n == 13 && !waits.is_empty() => show_tiles(waits),
            _ => "-".to_owned(),
        };
        let (agari, decomps) = if n == MAX_TILES {
            (
                u8::from(self.readings.is_complete()).to_string(),
                self.readings.standard.len().to_string(),
            )
        } else {
            ("-".to_owned(), "-".to_owned())
        };
        let (effective, discards) = self.advice();
        let best = best_of(&discards);
        let discards = if best.is_empty() {
            "-".to_owned()
        } else {
            best.iter()
                .map(|discard| format!("{}:{}", discard.tile, discard.unseen()))
                .join(" ")
        };
        let effective: Vec<Tile> = effective.iter().map(|e| e.tile).collect();
        let effective = if effective.is_empty() {
            "-".to_owned()
        } else {
            show_tiles(&effective)
        };
        let mut hand = self.hand.to_string();
        for meld in &self.melds {
            hand.push(' ');
            hand.push_str(&meld.to_string());
        }
        [
            hand,
            n.to_string(),
            agari,
            self.shanten.standard.to_string(),
            special(self.shanten.seven_pairs),
            special(self.shanten.thirteen_orphans),
            self.shanten.overall().to_string(),
            waits,
            decomps,
            discards,
            effective,
        ]
        .join("\t")
    }

    /// The tiles that lower the shanten, with their unseen copies, in tile order: drawn into a
    /// `3k + 1` hand, or, for a `3k + 2` hand, drawn after one of its best discards. None for a
    /// complete hand.
    pub fn effective(&self) -> Vec<Effective> {
        self.advice().0
    }

    /// For a `3k + 2` hand that is not complete: every discard, best first (lowest shanten,
    /// then most unseen effective tiles, then tile order); empty otherwise.
    pub fn discards(&self) -> Vec<Discard> {
        self.advice().1
    }

    /// The analysis with `players` at the table. With three the set has no 2m-8m:
    /// the hand may hold none, and they are dropped from the waits, the effective tiles and
    /// each discard's draws (the shanten, which counts only the tiles held, is the same).
    ///
    /// # Errors
    ///
    /// [`NotInSet`] for three players and a hand (or meld) holding 2m-8m.
    pub fn for_players(mut self, players: Players) -> Result<Analysis, NotInSet> {
        self.players = players;
        if self.players.is_three() {
            let melded = self.melds.iter().flat_map(|meld| meld.tiles());
            if let Some(tile) = self
                .hand
                .tiles()
                .chain(melded)
                .find(|&tile| !in_three_player_set(tile))
            {
                return Err(NotInSet(tile));
            }
            if let Some(waits) = &mut self.waits {
                waits.retain(|&tile| in_three_player_set(tile));
            }
        }
        Ok(self)
    }

    /// [`Analysis::effective`] and [`Analysis::discards`], worked out together.
    fn advice(&self) -> (Vec<Effective>, Vec<Discard>) {
        let (mut effective, mut discards) = self.advice_of_all();
        if self.players.is_three() {
            let kept = |one: &Effective| in_three_player_set(one.tile);
            effective.retain(kept);
            for discard in &mut discards {
                discard.effective.retain(kept);
            }
            discards.sort_by_key(|d| (d.shanten, std::cmp::Reverse(d.unseen()), d.tile));
        }
        (effective, discards)
    }

    /// The advice with every kind of the four-player set drawable.
    fn advice_of_all(&self) -> (Vec<Effective>, Vec<Discard>) {
        if self.shanten.overall() < 0 {
            return (Vec::new(), Vec::new());
        }
        // An analysis exists only for sizes that have a shanten, so these cannot fail.
        if !self.melds.is_empty() {
            let caps = caps_of(&self.melds);
            let discards = open_discards(&self.hand, &caps);
            return (open_effective(&self.hand, &caps, &discards), discards);
        }
        if self.hand.len() % 3 == 2 {
            let discards = discards(&self.hand).unwrap_or_default();
            (exchanges(&self.hand, &discards), discards)
        } else {
            (effective_tiles(&self.hand).unwrap_or_default(), Vec::new())
        }
    }
}

/// Whether the three-player set has this kind (all but 2m-8m).
fn in_three_player_set(tile: Tile) -> bool {
    !(1..8).contains(&tile.index())
}

/// The best of `discards` (best first): those that keep the lowest shanten.
pub fn best_of(discards: &[Discard]) -> &[Discard] {
    let best = discards.first().map(|d| d.shanten);
    let count = discards
        .iter()
        .take_while(|d| Some(d.shanten) == best)
        .count();
    &discards[..count]
}

/// Writes effective tiles: their kinds and unseen copies in all, then (if `each`) the unseen
/// copies of each.
fn write_effective(f: &mut fmt::Formatter<'_>, effective: &[Effective], each: bool) -> fmt::Result {
    if effective.is_empty() {
        return write!(f, "none");
    }
    let kinds: Vec<Tile> = effective.iter().map(|e| e.tile).collect();
    let unseen: u32 = effective.iter().map(|e| u32::from(e.unseen)).sum();
    write!(f, "{} ({unseen} unseen", show_tiles(&kinds))?;
    if each {
        let copies = effective
            .iter()
            .map(|e| format!("{}:{}", e.tile, e.unseen))
            .join(" ");
        write!(f, ": {copies}")?;
    }
    write!(f, ")")
}

/// A shanten in words: `complete`, `ready` or `N-shanten`.
fn shanten_words(shanten: i8) -> String {
    match shanten {
        -1 => "complete".to_owned(),
        0 => "ready".to_owned(),
        n => format!("{n}-shanten"),
    }
}

impl fmt::Display for Analysis {
    /// The readable report: the hand, its readings, its shanten per form, then its waits, its
    /// effective tiles or its best discards.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.hand.len();
        if self.melds.is_empty() {
            let tiles = if n == 1 { "tile" } else { "tiles" };
            writeln!(f, "hand        {} ({n} {tiles})", self.hand)?;
        } else {
            write!(f, "hand        {}", self.hand)?;
            for meld in &self.melds {
                write!(f, " {meld}")?;
            }
            let melds = self.melds.len();
            let called = if melds == 1 { "meld" } else { "melds" };
            let concealed = if n == 1 { "tile" } else { "tiles" };
            writeln!(f, " ({n} concealed {concealed} and {melds} {called})")?;
        }
        if n % 3 == 2 {
            let forms: Vec<String> = [
                (!self.readings.standard.is_empty()).then(|| match self.readings.standard.len() {
                    1 => "1 standard reading".to_owned(),
                    count => format!("{count} standard readings"),
                }),
                self.readings.seven_pairs.then(|| "seven pairs".to_owned()),
                self.readings
                    .thirteen_orphans
                    .then(|| "thirteen orphans".to_owned()),
            ]
            .into_iter()
            .flatten()
            .collect();
            if forms.is_empty() {
                writeln!(f, "complete    no")?;
            } else {
                writeln!(f, "complete    yes: {}", forms.join(", "))?;
            }
            for reading in &self.readings.standard {
                writeln!(f, "reading     {reading}")?;
            }
        }
        let shanten = &self.shanten;
        let (effective, discards) = self.advice();
        let best = best_of(&discards);
        let words = if best.is_empty() {
            shanten_words(shanten.overall())
        } else {
            // A 3k + 2 hand's shanten is what its best discards leave.
            let mut tiles: Vec<Tile> = best.iter().map(|d| d.tile).collect();
            tiles.sort_unstable();
            let which = match tiles.as_slice() {
                [one] => format!("discarding {one}"),
                [a, b] => format!("discarding {a} or {b}"),
                [a, b, c] => format!("discarding {a}, {b} or {c}"),
                many => format!("any of {} best discards", many.len()),
            };
            format!("{} after {which}", shanten_words(shanten.overall()))
        };
        write!(
            f,
            "shanten     {} ({words}: standard {}",
            shanten.overall(),
            shanten.standard
        )?;
        if let (Some(pairs), Some(orphans)) = (shanten.seven_pairs, shanten.thirteen_orphans) {
            write!(f, ", seven pairs {pairs}, thirteen orphans {orphans}")?;
        }
        writeln!(f, ")")?;
        if let Some(waits) = self.waits.as_ref().filter(|waits| !waits.is_empty()) {
            let unseen: u32 = waits
                .iter()
                .map(|&tile| u32::from(caps_of(&self.melds)[tile.index()] - self.hand.count(tile)))
                .sum();
            writeln!(f, "waits       {} ({unseen} unseen)", show_tiles(waits))?;
            return Ok(());
        }
        if shanten.overall() < 0 {
            return Ok(());
        }
        write!(f, "effective   ")?;
        write_effective(f, &effective, true)?;
        writeln!(f)?;
        for discard in best {
            write!(
                f,
                "discard     {} -> {}, ",
                discard.tile,
                shanten_words(discard.shanten)
            )?;
            write_effective(f, &discard.effective, false)?;
            writeln!(f)?;
        }
        Ok(())
    }
}
