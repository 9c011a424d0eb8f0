//! Records as training data: every decision of every seat of a real game, as the learning
//! environment poses it ([`crate::encoding`]'s planes and mask), labelled with what the record
//! shows was done, with the targets a value model needs; stored as fixed-size records in
//! numpy `.npy` shards with a manifest ([`write`]).
//!
//! **Which decisions.** A record's hand is replayed through the engine once
//! ([`crate::records::replay::replay_hand_observed`], the samples written as the decisions are
//! made); every decision the engine poses is a
//! sample: each turn (a discard, riichi, tsumo, a concealed or added kan, kita, nine
//! terminals; a turn with one legal action, such as a riichi hand's draw it cannot win on,
//! included), and each seat's answer to a tile it may claim (ron, chi, pon, open kan, or a
//! pass). A pass is a sample only where the record shows the seat declined: where another
//! seat's claim took the tile and would have taken it from this seat's every option too (a ron
//! is taken before a pon or kan, which is taken before a chi; two rons both stand), the seat
//! might have wanted its own call, so its choice is unknown and it is left out. A hand the
//! engine cannot follow to its end as the record has it (a record cut short, an edited file)
//! gives no samples, and is named in the game's summary.
//!
//! [`write`] writes a dataset one file after another; `tiles-api`'s `mahjong::dataset` reads
//! and samples the files on every core and writes the same bytes.

mod layout;
mod write;

pub use layout::{
    ACTION, BITS, BITS_SIZE, COUNT_BITS, DoesNotFit, FIELDS, FINAL_POINTS, GAME, HAND, HAND_DELTA,
    Layout, MASK, MASK_SIZE, PlaneSort, RANK, RECORD_SIZE, SCALARS, SCALARS_SIZE, SEAT, TURN,
    channels_of, pack_mask, plane_sort, set_legal, unpack_mask,
};
pub use write::{
    FileResult, Options, Split, Writer, Written, game_key, prepare, read_file, split_of, write,
    write_until,
};

use mahjong::Players;

use crate::encoding::{self, action_id};
use crate::engine::{Action, Event, Game};
use crate::records::GameLog;
use crate::records::replay::{Observer, replay_hand_observed};

/// The version of the record layout and the selection of decisions.
pub const FORMAT_VERSION: u32 = 1;
/// The version of the observation encodings the shards hold (`tiles-v1`, `tiles-sanma-v1`).
pub const ENCODING_VERSION: u32 = 1;

/// What a decision was, by its action id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// A discard without riichi.
    Discard,
    /// A riichi discard.
    Riichi,
    /// A win on the seat's own draw.
    Tsumo,
    /// A win on another seat's tile.
    Ron,
    /// A chi.
    Chi,
    /// A pon.
    Pon,
    /// An open kan of a discard.
    Daiminkan,
    /// A concealed kan.
    Ankan,
    /// An added kan.
    Kakan,
    /// A North set aside (three players).
    Kita,
    /// Nine terminals: an abortive draw.
    NineTerminals,
    /// A tile the seat could claim, let pass.
    Pass,
}

impl Kind {
    /// Every kind, in order.
    pub const ALL: [Kind; 12] = [
        Kind::Discard,
        Kind::Riichi,
        Kind::Tsumo,
        Kind::Ron,
        Kind::Chi,
        Kind::Pon,
        Kind::Daiminkan,
        Kind::Ankan,
        Kind::Kakan,
        Kind::Kita,
        Kind::NineTerminals,
        Kind::Pass,
    ];

    /// The kind of action id `id`.
    pub fn of_id(id: usize) -> Kind {
        match id {
            0..74 => Kind::Discard,
            74..148 => Kind::Riichi,
            148..274 => Kind::Chi,
            274..311 => Kind::Pon,
            311 => Kind::Daiminkan,
            312..346 => Kind::Ankan,
            346..383 => Kind::Kakan,
            383 => Kind::Tsumo,
            384 => Kind::Ron,
            385 => Kind::NineTerminals,
            386 => Kind::Pass,
            _ => Kind::Kita,
        }
    }

    /// Its name in the manifest: `discard`, `riichi`, `tsumo`, `ron`, `chi`, `pon`,
    /// `daiminkan`, `ankan`, `kakan`, `kita`, `nine_terminals`, `pass`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Discard => "discard",
            Kind::Riichi => "riichi",
            Kind::Tsumo => "tsumo",
            Kind::Ron => "ron",
            Kind::Chi => "chi",
            Kind::Pon => "pon",
            Kind::Daiminkan => "daiminkan",
            Kind::Ankan => "ankan",
            Kind::Kakan => "kakan",
            Kind::Kita => "kita",
            Kind::NineTerminals => "nine_terminals",
            Kind::Pass => "pass",
        }
    }
}

/// A hand of a record that gave no samples.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkippedHand {
    /// Its place in the record (0 the first).
    pub hand: usize,
    /// Why, as the replay says it.
    pub error: String,
}

/// One game's samples, summed up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSamples {
    /// The player count.
    pub players: Players,
    /// Hands in the record.
    pub hands: usize,
    /// The hands that gave no samples.
    pub skipped: Vec<SkippedHand>,
    /// Samples written.
    pub decisions: u64,
    /// Samples by kind, in [`Kind::ALL`]'s order.
    pub kinds: [u64; Kind::ALL.len()],
    /// Each seat's points at the end of the game (the record's final points; if it has none,
    /// the engine's at the end of its last hand, the sticks left to the first).
    pub final_points: [i32; 4],
    /// Each seat's final place, 1 the first (ties to the earlier seat; 0 for the empty seat of
    /// three).
    pub ranks: [u8; 4],
    /// Whether the record has the game's end (its final points, or a last hand after which
    /// the engine ends the game).
    pub complete: bool,
}

/// Why a game gave no samples at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The record has no hand.
    #[error("the record has no hand")]
    NoHands,
    /// More hands than a record's one-byte hand number holds.
    #[error("the record has {0} hands; a game of more than 256 is not stored")]
    TooManyHands(usize),
    /// An observation that does not fit the layout (a defect of the encoding, never the
    /// record's).
    #[error("{0}")]
    DoesNotFit(String),
}

/// A claim decision waiting for its window to close: whether it stands as a sample depends on
/// what the other seats did.
#[derive(Clone)]
struct Pending {
    /// Where its record starts in the output.
    at: usize,
    /// The seat's action.
    action: Action,
    /// The lowest precedence of the seat's options other than passing.
    lowest: u8,
}

/// A claim's precedence: ron 3, pon and open kan 2, chi 1, pass 0.
fn precedence(action: &Action) -> u8 {
    match action {
        Action::Ron => 3,
        Action::Pon { .. } | Action::Daiminkan => 2,
        Action::Chi { .. } => 1,
        _ => 0,
    }
}

/// Writes a hand's samples as its decisions are made.
struct HandWriter<'a> {
    out: &'a mut Vec<u8>,
    layout: &'a Layout,
    game: u32,
    hand: u8,
    /// Where the hand's samples start in `out`.
    start: usize,
    pending: Vec<Pending>,
    draws: [u32; 4],
    seen_events: usize,
    planes: [u8; encoding::OBSERVATION_SIZE_THREE],
    decisions: u64,
    kinds: [u64; Kind::ALL.len()],
    failure: Option<String>,
    /// What [`Observer::mark`] kept, innermost last.
    marks: Vec<Mark>,
}

/// A [`HandWriter`] as it was: enough to go back.
struct Mark {
    /// Where the records a claim window may still move start, and those records.
    from: usize,
    tail: Vec<u8>,
    pending: Vec<Pending>,
    draws: [u32; 4],
    seen_events: usize,
    decisions: u64,
    kinds: [u64; Kind::ALL.len()],
}

impl Observer for HandWriter<'_> {
    fn observe(&mut self, game: &Game, seat: usize, action: Action) {
        HandWriter::observe(self, game, seat, action);
    }

    fn mark(&mut self) {
        let from = self
            .pending
            .first()
            .map_or(self.out.len(), |sample| sample.at);
        self.marks.push(Mark {
            from,
            tail: self.out[from..].to_vec(),
            pending: self.pending.clone(),
            draws: self.draws,
            seen_events: self.seen_events,
            decisions: self.decisions,
            kinds: self.kinds,
        });
    }

    fn rollback(&mut self) {
        let mark = self.marks.pop().expect("a mark");
        self.out.truncate(mark.from);
        self.out.extend_from_slice(&mark.tail);
        self.pending = mark.pending;
        self.draws = mark.draws;
        self.seen_events = mark.seen_events;
        self.decisions = mark.decisions;
        self.kinds = mark.kinds;
    }

    fn commit(&mut self) {
        self.marks.pop();
    }
}

impl<'a> HandWriter<'a> {
    fn new(out: &'a mut Vec<u8>, layout: &'a Layout, game: u32, hand: u8) -> HandWriter<'a> {
        let start = out.len();
        HandWriter {
            out,
            layout,
            game,
            hand,
            start,
            pending: Vec::new(),
            draws: [0; 4],
            seen_events: 0,
            planes: [0; encoding::OBSERVATION_SIZE_THREE],
            decisions: 0,
            kinds: [0; Kind::ALL.len()],
            failure: None,
            marks: Vec::new(),
        }
    }

    /// Back to the hand's start.
    fn reset(&mut self) {
        self.out.truncate(self.start);
        self.pending.clear();
        self.draws = [0; 4];
        self.seen_events = 0;
        self.decisions = 0;
        self.kinds = [0; Kind::ALL.len()];
        self.marks.clear();
    }

    fn count(&mut self, id: u16) {
        self.decisions += 1;
        self.kinds[Kind::of_id(usize::from(id)) as usize] += 1;
    }

    /// A decision about to be made.
    fn observe(&mut self, now: &Game, seat: usize, action: Action) {
        if self.failure.is_some() {
            return;
        }
        for event in &now.hand_events()[self.seen_events..] {
            if let Event::Draw {
                seat,
                replacement: false,
                ..
            } = event
            {
                self.draws[*seat] += 1;
            }
        }
        self.seen_events = now.hand_events().len();
        let claim = now.claim_on_table().is_some();
        if !claim {
            self.settle();
        }
        let legal = now.legal_actions(seat);
        encoding::encode(now, seat, &mut self.planes);
        let at = self.out.len();
        self.out.resize(at + RECORD_SIZE, 0);
        let record = &mut self.out[at..];
        if let Err(error) = self.layout.pack(&self.planes, record) {
            self.failure = Some(error.to_string());
            return;
        }
        // The mask's bits straight from the legal actions (what `encoding::mask_of` gives).
        for option in &legal {
            set_legal(record, action_id(now, option));
        }
        let id = action_id(now, &action) as u16;
        record[ACTION..ACTION + 2].copy_from_slice(&id.to_le_bytes());
        record[GAME..GAME + 4].copy_from_slice(&self.game.to_le_bytes());
        record[HAND] = self.hand;
        record[SEAT] = seat as u8;
        record[TURN] = self.draws[seat].min(255) as u8;
        if claim {
            let lowest = legal
                .iter()
                .map(precedence)
                .filter(|&rank| rank > 0)
                .min()
                .unwrap_or(0);
            self.pending.push(Pending { at, action, lowest });
        } else {
            self.count(id);
        }
    }

    /// Closes a claim window: its samples are the last of `out`; the passes whose choice is
    /// unknown are taken out.
    fn settle(&mut self) {
        let Some(first) = self.pending.first().map(|sample| sample.at) else {
            return;
        };
        let taken = self
            .pending
            .iter()
            .map(|sample| precedence(&sample.action))
            .max()
            .unwrap_or(0);
        let mut to = first;
        let pending = std::mem::take(&mut self.pending);
        for sample in &pending {
            let known = !matches!(sample.action, Action::Pass)
                || sample.lowest > taken
                || sample.lowest == precedence(&Action::Ron);
            if !known {
                continue;
            }
            if to != sample.at {
                self.out.copy_within(sample.at..sample.at + RECORD_SIZE, to);
            }
            let id = u16::from_le_bytes([self.out[to + ACTION], self.out[to + ACTION + 1]]);
            self.count(id);
            to += RECORD_SIZE;
        }
        self.out.truncate(to);
        self.pending = pending;
        self.pending.clear();
    }

    /// The hand is over: its windows closed, each sample given the seat's change of points.
    fn finish(&mut self, deltas: [i32; 4]) {
        self.settle();
        for record in self.out[self.start..].chunks_exact_mut(RECORD_SIZE) {
            let seat = usize::from(record[SEAT]);
            record[HAND_DELTA..HAND_DELTA + 4].copy_from_slice(&deltas[seat].to_le_bytes());
        }
    }
}

/// Writes every sample of game `game` of `log` into `out` ([`RECORD_SIZE`] bytes each, in
/// the order made), and sums them up.
///
/// # Errors
///
/// [`GameError`]: no sample is written then.
pub fn game_samples(log: &GameLog, game: u32, out: &mut Vec<u8>) -> Result<GameSamples, GameError> {
    if log.hands.is_empty() {
        return Err(GameError::NoHands);
    }
    if log.hands.len() > 256 {
        return Err(GameError::TooManyHands(log.hands.len()));
    }
    let players = log.rules.players;
    let layout = Layout::new(players);
    let start = out.len();
    let mut summary = GameSamples {
        players,
        hands: log.hands.len(),
        skipped: Vec::new(),
        decisions: 0,
        kinds: [0; Kind::ALL.len()],
        final_points: [0; 4],
        ranks: [0; 4],
        complete: false,
    };
    let mut last = None;
    for (index, hand) in log.hands.iter().enumerate() {
        let mut writer = HandWriter::new(out, &layout, game, index as u8);
        let (verdict, played, _) = replay_hand_observed(log.rules, log.notation, hand, &mut writer);
        if !verdict.agree {
            writer.reset();
            summary.skipped.push(SkippedHand {
                hand: index,
                error: verdict.error.unwrap_or_default(),
            });
            continue;
        }
        writer.finish(verdict.expected.unwrap_or_default());
        if let Some(error) = writer.failure.take() {
            out.truncate(start);
            return Err(GameError::DoesNotFit(error));
        }
        summary.decisions += writer.decisions;
        for (total, count) in summary.kinds.iter_mut().zip(writer.kinds) {
            *total += count;
        }
        if let Some(played) = played {
            last = Some((index, played));
        }
    }
    // The game's end: the record's final points, or the engine's.
    let ended = last.as_ref().and_then(|(index, played)| {
        let ends = *index + 1 == log.hands.len()
            && matches!(played.events().last(), Some(Event::EndGame { .. }));
        ends.then(|| played.scores())
    });
    summary.complete = log.final_scores.is_some() || ended.is_some();
    summary.final_points = log
        .final_scores
        .or(ended)
        .or_else(|| last.as_ref().map(|(_, played)| played.scores_if_ended()))
        .unwrap_or_else(|| log.hands[0].scores);
    summary.ranks = ranks(&summary.final_points, players);
    for record in out[start..].chunks_exact_mut(RECORD_SIZE) {
        let seat = usize::from(record[SEAT]);
        record[FINAL_POINTS..FINAL_POINTS + 4]
            .copy_from_slice(&summary.final_points[seat].to_le_bytes());
        record[RANK] = summary.ranks[seat];
    }
    Ok(summary)
}

/// Each seat's place, 1 the first, ties to the earlier seat (0 for the empty seat of three).
pub fn ranks(points: &[i32; 4], players: Players) -> [u8; 4] {
    let mut seats: Vec<usize> = players.seats().collect();
    seats.sort_by_key(|&seat| (std::cmp::Reverse(points[seat]), seat));
    let mut ranks = [0; 4];
    for (place, seat) in seats.into_iter().enumerate() {
        ranks[seat] = place as u8 + 1;
    }
    ranks
}
