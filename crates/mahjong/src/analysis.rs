//! One hand's whole analysis: the readable report and the tab-separated batch row.
//!
//! The batch row has exactly the columns of [`TSV_HEADER`]:
//!
//! - `hand`: canonical mpsz; `n`: the tile count;
//! - `agari`: `1` or `0` for 14 tiles (complete in any form), `-` otherwise;
//! - `shanten_std`, `shanten_chiitoi`, `shanten_kokushi`: each form's shanten, the last two `-`
//!   below 13 tiles; `shanten`: the least of those that apply;
//! - `waits`: for 13 tiles, canonical mpsz of every kind that completes the hand, or `-`;
//! - `decomps`: for 14 tiles, the number of distinct standard readings, else `-`.

use std::fmt;

use crate::agari::{Readings, readings};
use crate::shanten::{Shanten, TileCountError, shanten};
use crate::tile::{Hand, MAX_TILES, Tile, show_tiles};
use crate::waits::{Effective, discards, effective_tiles, exchanges, waits};

/// The column names of [`Analysis::tsv_row`], tab-separated.
pub const TSV_HEADER: &str =
    "hand\tn\tagari\tshanten_std\tshanten_chiitoi\tshanten_kokushi\tshanten\twaits\tdecomps";

/// Everything this crate says about one hand.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Analysis {
    /// The hand.
    pub hand: Hand,
    /// Its readings, if it is complete.
    pub readings: Readings,
    /// Its shanten in each form.
    pub shanten: Shanten,
    /// For a `3k + 1` hand, its waits.
    pub waits: Option<Vec<Tile>>,
}

/// Analyses a hand: what the batch row needs. The readable report adds the effective tiles
/// and the discards, computed as it is written (they cost a few microseconds, which a batch
/// of a million hands should not pay).
///
/// # Errors
///
/// [`TileCountError`] for a multiple of three tiles, which has no shanten.
pub fn analyze(hand: &Hand) -> Result<Analysis, TileCountError> {
    let shanten = shanten(hand)?;
    let drawn = hand.len() % 3 == 2;
    Ok(Analysis {
        hand: *hand,
        readings: readings(hand),
        shanten,
        waits: (!drawn).then(|| waits(hand)).transpose()?,
    })
}

impl Analysis {
    /// The batch row: the columns of [`TSV_HEADER`], tab-separated.
    pub fn tsv_row(&self) -> String {
        let n = self.hand.len();
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
        [
            self.hand.to_string(),
            n.to_string(),
            agari,
            self.shanten.standard.to_string(),
            special(self.shanten.seven_pairs),
            special(self.shanten.thirteen_orphans),
            self.shanten.overall().to_string(),
            waits,
            decomps,
        ]
        .join("\t")
    }
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
        let copies: Vec<String> = effective
            .iter()
            .map(|e| format!("{}:{}", e.tile, e.unseen))
            .collect();
        write!(f, ": {}", copies.join(" "))?;
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
        writeln!(f, "hand        {} ({n} tiles)", self.hand)?;
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
        write!(
            f,
            "shanten     {} ({}: standard {}",
            shanten.overall(),
            shanten_words(shanten.overall()),
            shanten.standard
        )?;
        if let (Some(pairs), Some(orphans)) = (shanten.seven_pairs, shanten.thirteen_orphans) {
            write!(f, ", seven pairs {pairs}, thirteen orphans {orphans}")?;
        }
        writeln!(f, ")")?;
        if let Some(waits) = self.waits.as_ref().filter(|waits| !waits.is_empty()) {
            let unseen: u32 = waits
                .iter()
                .map(|&tile| u32::from(crate::tile::COPIES - self.hand.count(tile)))
                .sum();
            writeln!(f, "waits       {} ({unseen} unseen)", show_tiles(waits))?;
            return Ok(());
        }
        if shanten.overall() < 0 {
            return Ok(());
        }
        // An analysis exists only for sizes that have a shanten, so these cannot fail.
        let (effective, discards) = if n % 3 == 2 {
            let discards = discards(&self.hand).unwrap_or_default();
            (exchanges(&self.hand, &discards), discards)
        } else {
            (effective_tiles(&self.hand).unwrap_or_default(), Vec::new())
        };
        write!(f, "effective   ")?;
        write_effective(f, &effective, true)?;
        writeln!(f)?;
        let best = discards.first().map(|d| d.shanten);
        for discard in discards.iter().filter(|d| Some(d.shanten) == best) {
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
