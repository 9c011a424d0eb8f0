//! A decision's bytes: the record layout of a shard (version 1), and packing an observation
//! into it and back.
//!
//! A record is [`RECORD_SIZE`] bytes, little-endian, fields at fixed offsets:
//!
//! | offset | bytes | field | what |
//! |---:|---:|---|---|
//! | 0 | 396 | `bits` | the observation's flag and count planes as bit planes (below) |
//! | 396 | 17 | `scalars` | the observation's whole planes, one byte each (below) |
//! | 413 | 49 | `mask` | the legal action ids, bit `id` (byte `id / 8`, bit `id % 8`, least significant first) |
//! | 462 | 2 | `action` | u16: the id the record shows was chosen |
//! | 464 | 4 | `game` | u32: the game's number in the manifest's `games` |
//! | 468 | 4 | `hand_delta` | i32: the seat's change of points in the hand |
//! | 472 | 4 | `final_points` | i32: the seat's points at the end of the game |
//! | 476 | 1 | `hand` | u8: the hand's place in its game (0 the first) |
//! | 477 | 1 | `seat` | u8: the deciding seat (0 the first dealer) |
//! | 478 | 1 | `turn` | u8: the seat's draws so far in the hand, replacement tiles not counted |
//! | 479 | 1 | `rank` | u8: the seat's final place, 1 the first (ties to the earlier seat) |
//!
//! The observation's planes are of three sorts ([`PlaneSort`]). *Flag* planes hold 0 or 1:
//! each is one bit plane of 34 bits. *Count* planes hold 0 to 4 (any value up to 7 fits):
//! each is three bit planes, its value's bits 1, 2 and 4. *Whole* planes hold one value in
//! all 34 columns: each is one byte of `scalars`, in channel order. `bits` holds the bit
//! planes one after another, bit `34 × plane + column` of the bit string (least significant
//! bit of each byte first): first every flag plane in channel order, then bit 1 of every count
//! plane in channel order, then their bit 2, then their bit 4. The last 6 bits are 0.

use mahjong::Players;

use crate::encoding::{self, COLUMNS, plane};

/// Bytes of a record.
pub const RECORD_SIZE: usize = 480;
/// Offset of the bit planes.
pub const BITS: usize = 0;
/// Bytes of the bit planes.
pub const BITS_SIZE: usize = 396;
/// Offset of the whole planes' values.
pub const SCALARS: usize = 396;
/// Bytes of the whole planes' values (17: the three-player encoding's; four players leave
/// the last 3 at 0).
pub const SCALARS_SIZE: usize = 17;
/// Offset of the legal-action mask.
pub const MASK: usize = 413;
/// Bytes of the mask (388 bits, the three-player action count).
pub const MASK_SIZE: usize = 49;
/// Offset of the action id.
pub const ACTION: usize = 462;
/// Offset of the game's number.
pub const GAME: usize = 464;
/// Offset of the hand's change of points.
pub const HAND_DELTA: usize = 468;
/// Offset of the final points.
pub const FINAL_POINTS: usize = 472;
/// Offset of the hand's place in the game.
pub const HAND: usize = 476;
/// Offset of the seat.
pub const SEAT: usize = 477;
/// Offset of the turn.
pub const TURN: usize = 478;
/// Offset of the final place.
pub const RANK: usize = 479;

/// Bit planes of a count plane.
pub const COUNT_BITS: usize = 3;

/// The fields of a record as numpy's `descr` names them, in order: name, type, and shape.
pub const FIELDS: [(&str, &str, usize); 11] = [
    ("bits", "|u1", BITS_SIZE),
    ("scalars", "|u1", SCALARS_SIZE),
    ("mask", "|u1", MASK_SIZE),
    ("action", "<u2", 0),
    ("game", "<u4", 0),
    ("hand_delta", "<i4", 0),
    ("final_points", "<i4", 0),
    ("hand", "|u1", 0),
    ("seat", "|u1", 0),
    ("turn", "|u1", 0),
    ("rank", "|u1", 0),
];

/// How a plane is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlaneSort {
    /// 0 or 1 in each column: one bit plane.
    Flags,
    /// 0 to 7 in each column: three bit planes.
    Counts,
    /// One value in every column: one byte.
    Whole,
}

impl PlaneSort {
    /// `flags`, `counts`, `whole`.
    pub fn name(self) -> &'static str {
        match self {
            PlaneSort::Flags => "flags",
            PlaneSort::Counts => "counts",
            PlaneSort::Whole => "whole",
        }
    }
}

/// How channel `channel` of the encoding is stored.
pub fn plane_sort(channel: usize) -> PlaneSort {
    match channel {
        plane::SEATS..plane::INDICATORS => match (channel - plane::SEATS) % plane::PER_SEAT {
            0 | 2..=4 => PlaneSort::Counts,
            _ => PlaneSort::Flags,
        },
        plane::INDICATORS..=plane::VISIBLE => PlaneSort::Counts,
        plane::HONBA..=plane::SHANTEN | plane::HAND_NUMBER.. => PlaneSort::Whole,
        _ => PlaneSort::Flags,
    }
}

/// The channels of a game of `players` stored as `sort`, in channel order.
pub fn channels_of(players: Players, sort: PlaneSort) -> Vec<usize> {
    (0..encoding::channels_for(players))
        .filter(|&channel| plane_sort(channel) == sort)
        .collect()
}

/// The layout of one encoding, worked out once.
#[derive(Debug, Clone)]
pub struct Layout {
    players: Players,
    flags: Vec<usize>,
    counts: Vec<usize>,
    wholes: Vec<usize>,
}

/// A plane's values that do not fit how it is stored (a flag above 1, a count above 7, a whole
/// plane with two values): never for the engine's own encoding, and a record is refused rather
/// than stored wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DoesNotFit {
    /// The channel.
    pub channel: usize,
    /// The column.
    pub column: usize,
    /// The value found.
    pub value: u8,
}

impl std::fmt::Display for DoesNotFit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "plane {} column {} holds {}, which its {} storage cannot",
            self.channel,
            self.column,
            self.value,
            plane_sort(self.channel).name()
        )
    }
}

/// Bit planes of 34 bits laid end to end, least significant bit first.
struct BitWriter {
    words: [u64; BITS_SIZE.div_ceil(8)],
    at: usize,
}

impl BitWriter {
    /// Puts a row at `at` (the words there still 0).
    fn put(&mut self, row: u64) {
        let (word, offset) = (self.at / 64, self.at % 64);
        self.words[word] |= row << offset;
        if offset + COLUMNS > 64 {
            self.words[word + 1] |= row >> (64 - offset);
        }
    }

    fn finish(self, out: &mut [u8]) {
        for (bytes, word) in out.chunks_mut(8).zip(self.words) {
            bytes.copy_from_slice(&word.to_le_bytes()[..bytes.len()]);
        }
    }
}

/// A row's 34 values as five words of 8 (the last holds 2).
fn row_words(values: &[u8; COLUMNS]) -> [u64; 5] {
    let word = |at: usize| u64::from_le_bytes(values[at..at + 8].try_into().expect("8 bytes"));
    [
        word(0),
        word(8),
        word(16),
        word(24),
        u64::from(values[32]) | u64::from(values[33]) << 8,
    ]
}

/// Bit `shift` of each value of a row (as [`row_words`]), as the row's bits, column 0 the
/// lowest.
fn gather(words: &[u64; 5], shift: u32) -> u64 {
    const LOW: u64 = 0x0101_0101_0101_0101;
    // Byte i's lowest bit to bit 56 + i.
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let mut bits = 0u64;
    for (chunk, word) in words.iter().enumerate() {
        bits |= (((word >> shift) & LOW).wrapping_mul(GATHER) >> 56) << (8 * chunk);
    }
    bits
}

/// Every value's bits of a row together.
fn any(words: &[u64; 5]) -> u64 {
    words.iter().fold(0, |any, word| any | word)
}

impl Layout {
    /// The layout of the encoding of a game of `players`.
    pub fn new(players: Players) -> Layout {
        Layout {
            players,
            flags: channels_of(players, PlaneSort::Flags),
            counts: channels_of(players, PlaneSort::Counts),
            wholes: channels_of(players, PlaneSort::Whole),
        }
    }

    /// The player count.
    pub fn players(&self) -> Players {
        self.players
    }

    /// The flag planes' channels, in order.
    pub fn flags(&self) -> &[usize] {
        &self.flags
    }

    /// The count planes' channels, in order.
    pub fn counts(&self) -> &[usize] {
        &self.counts
    }

    /// The whole planes' channels, in order.
    pub fn wholes(&self) -> &[usize] {
        &self.wholes
    }

    /// Bit planes in `bits`.
    pub fn bit_planes(&self) -> usize {
        self.flags.len() + COUNT_BITS * self.counts.len()
    }

    /// Packs `planes` (an observation, channel by channel) into a record's `bits` and
    /// `scalars` (`record` is a whole record; other fields are left as they are).
    ///
    /// # Errors
    ///
    /// A value that does not fit how its plane is stored.
    pub fn pack(&self, planes: &[u8], record: &mut [u8]) -> Result<(), DoesNotFit> {
        const LOW: u64 = 0x0101_0101_0101_0101;
        let row = |channel: usize| -> &[u8; COLUMNS] {
            planes[channel * COLUMNS..(channel + 1) * COLUMNS]
                .try_into()
                .expect("a row")
        };
        let mut writer = BitWriter {
            words: [0; BITS_SIZE.div_ceil(8)],
            at: 0,
        };
        // Every value's bits beyond what its plane holds, together: checked once at the end.
        let mut beyond = 0u64;
        for &channel in &self.flags {
            let words = row_words(row(channel));
            let all = any(&words);
            beyond |= all & !LOW;
            // Most planes are empty.
            if all != 0 {
                writer.put(gather(&words, 0));
            }
            writer.at += COLUMNS;
        }
        let counts = self.counts.len();
        let first = writer.at;
        for (index, &channel) in self.counts.iter().enumerate() {
            let words = row_words(row(channel));
            let all = any(&words);
            beyond |= all & !(7 * LOW);
            for bit in 0..COUNT_BITS {
                if all & (LOW << bit) != 0 {
                    writer.at = first + (bit * counts + index) * COLUMNS;
                    writer.put(gather(&words, bit as u32));
                }
            }
        }
        if beyond != 0 {
            return Err(self.first_misfit(planes));
        }
        writer.finish(&mut record[BITS..BITS + BITS_SIZE]);
        let scalars = &mut record[SCALARS..SCALARS + SCALARS_SIZE];
        scalars.fill(0);
        for (slot, &channel) in scalars.iter_mut().zip(&self.wholes) {
            let values = row(channel);
            if values.iter().any(|&value| value != values[0]) {
                return Err(self.first_misfit(planes));
            }
            *slot = values[0];
        }
        Ok(())
    }

    /// The first value, channel by channel, that its plane cannot hold.
    fn first_misfit(&self, planes: &[u8]) -> DoesNotFit {
        for channel in 0..encoding::channels_for(self.players) {
            let values = &planes[channel * COLUMNS..(channel + 1) * COLUMNS];
            let misfit = match plane_sort(channel) {
                PlaneSort::Flags => values.iter().position(|&value| value > 1),
                PlaneSort::Counts => values.iter().position(|&value| value > 7),
                PlaneSort::Whole => values.iter().position(|&value| value != values[0]),
            };
            if let Some(column) = misfit {
                return DoesNotFit {
                    channel,
                    column,
                    value: values[column],
                };
            }
        }
        unreachable!("a value that does not fit")
    }

    /// The observation a record's `bits` and `scalars` hold, channel by channel (what
    /// [`encoding::encode`] wrote).
    pub fn unpack(&self, record: &[u8]) -> Vec<u8> {
        let mut planes = vec![0u8; encoding::observation_size_for(self.players)];
        let bits = &record[BITS..BITS + BITS_SIZE];
        let bit = |index: usize| (bits[index / 8] >> (index % 8)) & 1;
        let plane_bit = |plane: usize, column: usize| bit(plane * COLUMNS + column);
        for (plane, &channel) in self.flags.iter().enumerate() {
            for column in 0..COLUMNS {
                planes[channel * COLUMNS + column] = plane_bit(plane, column);
            }
        }
        let first = self.flags.len();
        let counts = self.counts.len();
        for (index, &channel) in self.counts.iter().enumerate() {
            for column in 0..COLUMNS {
                planes[channel * COLUMNS + column] = (0..COUNT_BITS)
                    .map(|weight| plane_bit(first + weight * counts + index, column) << weight)
                    .sum();
            }
        }
        for (slot, &channel) in self.wholes.iter().enumerate() {
            planes[channel * COLUMNS..(channel + 1) * COLUMNS].fill(record[SCALARS + slot]);
        }
        planes
    }
}

/// Marks action id `id` legal in a record's mask.
pub fn set_legal(record: &mut [u8], id: usize) {
    record[MASK + id / 8] |= 1 << (id % 8);
}

/// Writes a mask of bytes (1 legal, 0 not) as the record's bits.
pub fn pack_mask(mask: &[u8], record: &mut [u8]) {
    record[MASK..MASK + MASK_SIZE].fill(0);
    for (id, _) in mask.iter().enumerate().filter(|(_, legal)| **legal != 0) {
        set_legal(record, id);
    }
}

/// The mask a record holds, `actions` bytes (1 legal, 0 not).
pub fn unpack_mask(record: &[u8], actions: usize) -> Vec<u8> {
    (0..actions)
        .map(|id| (record[MASK + id / 8] >> (id % 8)) & 1)
        .collect()
}
