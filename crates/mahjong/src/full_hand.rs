//! A player's whole hand: the concealed tiles, with their red fives, and the called melds
//! (their text is read in [`crate::score::text`]).

use std::fmt;
use std::str::FromStr;

use crate::tile::{COPIES, Hand, KINDS, MAX_TILES, Suit, Text, Tile};

/// One physical tile: its kind, and whether it is a red five.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The kind (a red five is a five).
    pub tile: Tile,
    /// Whether it is a red five (`0m`, `0p`, `0s`).
    pub red: bool,
}

impl Piece {
    /// A plain (not red) copy of `tile`.
    pub fn plain(tile: Tile) -> Piece {
        Piece { tile, red: false }
    }
}

impl From<Tile> for Piece {
    fn from(tile: Tile) -> Piece {
        Piece::plain(tile)
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.red {
            write!(f, "0{}", self.tile.suit().letter())
        } else {
            self.tile.fmt(f)
        }
    }
}

/// What kind of called meld.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MeldKind {
    /// Three in a row, called from the player on the left.
    Chi,
    /// Three alike, called from any player.
    Pon,
    /// Four alike, open: called from a discard, or a pon with the fourth tile added.
    Kan,
    /// Four alike, declared from the player's own concealed tiles; the hand stays closed.
    Ankan,
}

impl MeldKind {
    /// Every kind, by name order.
    pub const ALL: [MeldKind; 4] = [MeldKind::Chi, MeldKind::Pon, MeldKind::Kan, MeldKind::Ankan];

    /// The name used in the API: `chi`, `pon`, `kan`, `ankan`.
    pub fn name(self) -> &'static str {
        match self {
            MeldKind::Chi => "chi",
            MeldKind::Pon => "pon",
            MeldKind::Kan => "kan",
            MeldKind::Ankan => "ankan",
        }
    }

    /// Its name in words: `chi`, `pon`, `kan` (open), `concealed kan`.
    pub fn describe(self) -> &'static str {
        match self {
            MeldKind::Ankan => "concealed kan",
            kind => kind.name(),
        }
    }

    /// Whether the meld opens the hand (every kind but the concealed kan).
    pub fn is_open(self) -> bool {
        self != MeldKind::Ankan
    }

    /// Whether it is a kan, open or concealed.
    pub fn is_kan(self) -> bool {
        matches!(self, MeldKind::Kan | MeldKind::Ankan)
    }

    /// How many tiles it holds: 3, or 4 for a kan.
    pub fn size(self) -> usize {
        if self.is_kan() { 4 } else { 3 }
    }
}

impl fmt::Display for MeldKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A meld kind name that is not one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown meld type {0:?}: expected chi, pon, kan or ankan")]
pub struct UnknownMeldKind(pub String);

impl FromStr for MeldKind {
    type Err = UnknownMeldKind;

    fn from_str(text: &str) -> Result<MeldKind, UnknownMeldKind> {
        // The names as written, at once; any other case the long way.
        match text {
            "chi" => return Ok(MeldKind::Chi),
            "pon" => return Ok(MeldKind::Pon),
            "kan" => return Ok(MeldKind::Kan),
            "ankan" => return Ok(MeldKind::Ankan),
            _ => {}
        }
        MeldKind::ALL
            .into_iter()
            .find(|kind| kind.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| UnknownMeldKind(text.to_owned()))
    }
}

/// Why tiles are not the meld they were said to be.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MeldError {
    /// Tiles that are no meld at all.
    #[error(
        "{tiles} is not a meld: expected three in a row of one suit (chi), three alike (pon) or four alike (kan)"
    )]
    NotAMeld {
        /// The tiles, as written.
        tiles: String,
    },
    /// A meld of another kind than the one named.
    #[error("{tiles} is not a {}: {expected}", kind.describe())]
    WrongKind {
        /// The tiles, as written.
        tiles: String,
        /// The kind named.
        kind: MeldKind,
        /// What that kind holds.
        expected: &'static str,
    },
}

/// A called meld: a chi, pon, open kan or concealed kan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CalledMeld {
    /// Its kind.
    pub kind: MeldKind,
    /// Its lowest tile (every tile, for a pon or a kan).
    pub first: Tile,
    /// How many of its tiles are red fives.
    pub red: u8,
}

/// Writes `tiles` as one mpsz group with `red` of its fives written `0`, the red ones first.
fn write_group(f: &mut impl fmt::Write, tiles: &[Tile], red: u8) -> fmt::Result {
    let mut text = Text::new();
    push_group(&mut text, tiles.iter().copied(), red);
    f.write_str(text.as_str())
}

/// Appends `tiles` (of one suit) as one mpsz group with `red` of its fives written `0`.
fn push_group(text: &mut Text, tiles: impl Iterator<Item = Tile>, mut red: u8) {
    let mut letter = None;
    for tile in tiles {
        if tile.rank() == 5 && tile.suit() != Suit::Honor && red > 0 {
            red -= 1;
            text.push(b'0');
        } else {
            text.digit(tile.rank());
        }
        letter = Some(tile.suit().letter());
    }
    if let Some(letter) = letter {
        text.push(letter as u8);
    }
}

impl CalledMeld {
    /// The meld these pieces make, of the kind their shape says: three in a row a chi, three
    /// alike a pon, four alike an open kan (`concealed`: a concealed kan).
    ///
    /// # Errors
    ///
    /// [`MeldError::NotAMeld`] for tiles of no meld shape, or a concealed kan of other than
    /// four alike.
    pub fn from_pieces(pieces: &[Piece], concealed: bool) -> Result<CalledMeld, MeldError> {
        let kind = match shape(pieces) {
            Some(Shape::Run) if !concealed => MeldKind::Chi,
            Some(Shape::Three) if !concealed => MeldKind::Pon,
            Some(Shape::Four) if concealed => MeldKind::Ankan,
            Some(Shape::Four) => MeldKind::Kan,
            _ if concealed => {
                return Err(MeldError::WrongKind {
                    tiles: show_pieces(pieces),
                    kind: MeldKind::Ankan,
                    expected: "a concealed kan is four alike",
                });
            }
            _ => {
                return Err(MeldError::NotAMeld {
                    tiles: show_pieces(pieces),
                });
            }
        };
        CalledMeld::new(kind, pieces)
    }

    /// The meld of this kind made of these pieces.
    ///
    /// # Errors
    ///
    /// [`MeldError::WrongKind`] when the pieces are not of that kind's shape.
    pub fn new(kind: MeldKind, pieces: &[Piece]) -> Result<CalledMeld, MeldError> {
        let (wanted, expected) = match kind {
            MeldKind::Chi => (Shape::Run, "a chi is three in a row of one suit"),
            MeldKind::Pon => (Shape::Three, "a pon is three alike"),
            MeldKind::Kan => (Shape::Four, "a kan is four alike"),
            MeldKind::Ankan => (Shape::Four, "a concealed kan is four alike"),
        };
        if shape(pieces) != Some(wanted) {
            return Err(MeldError::WrongKind {
                tiles: show_pieces(pieces),
                kind,
                expected,
            });
        }
        let first = pieces
            .iter()
            .map(|piece| piece.tile)
            .min()
            .unwrap_or(pieces[0].tile);
        Ok(CalledMeld {
            kind,
            first,
            red: pieces.iter().filter(|piece| piece.red).count() as u8,
        })
    }

    /// Appends `[789s]` or `{1111z}`.
    fn push_text(&self, text: &mut Text) {
        let (open, close) = if self.kind.is_open() {
            (b'[', b']')
        } else {
            (b'{', b'}')
        };
        text.push(open);
        push_group(text, self.tiles(), self.red);
        text.push(close);
    }

    /// Its tiles, lowest first (three, or four for a kan).
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        let step = usize::from(self.kind == MeldKind::Chi);
        (0..self.kind.size()).map(move |i| Tile::kind(self.first.index() + i * step))
    }

    /// Whether it is three in a row.
    pub fn is_run(&self) -> bool {
        self.kind == MeldKind::Chi
    }
}

impl fmt::Display for CalledMeld {
    /// `[789s]` for an open meld, `{1111z}` for a concealed kan; red fives as `0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = Text::new();
        self.push_text(&mut text);
        f.write_str(text.as_str())
    }
}

/// The shapes a meld can have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    Run,
    Three,
    Four,
}

/// The meld shape of these pieces, if they have one.
fn shape(pieces: &[Piece]) -> Option<Shape> {
    if !(3..=4).contains(&pieces.len()) {
        return None;
    }
    let mut sorted = [pieces[0].tile; 4];
    for (slot, piece) in sorted.iter_mut().zip(pieces) {
        *slot = piece.tile;
    }
    let tiles = &mut sorted[..pieces.len()];
    tiles.sort_unstable();
    let alike = tiles.windows(2).all(|pair| pair[0] == pair[1]);
    match &*tiles {
        [_, _, _] if alike => Some(Shape::Three),
        [_, _, _, _] if alike => Some(Shape::Four),
        [a, b, c]
            if a.suit() != Suit::Honor
                && b.index() == a.index() + 1
                && c.index() == a.index() + 2
                && c.suit() == a.suit() =>
        {
            Some(Shape::Run)
        }
        _ => None,
    }
}

/// Pieces as one mpsz text, in tile order, red fives as `0`.
pub(crate) fn show_pieces(pieces: &[Piece]) -> String {
    let mut sorted = pieces.to_vec();
    sorted.sort_unstable_by_key(|piece| (piece.tile, !piece.red));
    let mut text = String::new();
    let mut i = 0;
    while i < sorted.len() {
        let suit = sorted[i].tile.suit();
        let end = sorted[i..]
            .iter()
            .position(|piece| piece.tile.suit() != suit)
            .map_or(sorted.len(), |n| i + n);
        let tiles: Vec<Tile> = sorted[i..end].iter().map(|piece| piece.tile).collect();
        let red = sorted[i..end].iter().filter(|piece| piece.red).count() as u8;
        let _ = write_group(&mut text, &tiles, red);
        i = end;
    }
    text
}

/// A player's hand: the concealed tiles (including a winning tile, when there is one) and the
/// called melds.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FullHand {
    concealed: Hand,
    red: [u8; 3],
    melds: Vec<CalledMeld>,
}

/// Why pieces and melds are not a hand.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FullHandError {
    /// A fifth copy of a kind, counting the melds.
    #[error("a fifth {tile}: the set has only 4 (counting the melds)")]
    FifthCopy {
        /// The kind.
        tile: Tile,
    },
    /// More tiles than a hand holds.
    #[error("{count} tiles counting each kan as 3: a hand holds at most 14")]
    TooManyTiles {
        /// The size, each kan counted as three.
        count: usize,
    },
    /// More than four melds.
    #[error("{count} melds: a hand has at most 4")]
    TooManyMelds {
        /// How many were given.
        count: usize,
    },
}

impl FullHand {
    /// The hand of these concealed pieces and melds.
    ///
    /// # Errors
    ///
    /// [`FullHandError`] for a fifth copy of a kind (melds included), more than four melds, or
    /// more than fourteen tiles with each kan counted as three.
    pub fn new(concealed: &[Piece], melds: Vec<CalledMeld>) -> Result<FullHand, FullHandError> {
        if melds.len() > 4 {
            return Err(FullHandError::TooManyMelds { count: melds.len() });
        }
        let size = concealed.len() + 3 * melds.len();
        if size > MAX_TILES {
            return Err(FullHandError::TooManyTiles { count: size });
        }
        let mut counts = [0u8; KINDS];
        let mut red = [0u8; 3];
        for piece in concealed {
            counts[piece.tile.index()] += 1;
            if piece.red {
                red[piece.tile.index() / 9] += 1;
            }
        }
        let concealed_counts = counts;
        for meld in &melds {
            for tile in meld.tiles() {
                counts[tile.index()] += 1;
            }
        }
        if let Some(index) = counts.iter().position(|&count| count > COPIES) {
            return Err(FullHandError::FifthCopy {
                tile: Tile::kind(index),
            });
        }
        let concealed = Hand::from_counts(concealed_counts)
            .map_err(|_| FullHandError::TooManyTiles { count: size })?;
        Ok(FullHand {
            concealed,
            red,
            melds,
        })
    }

    /// The same concealed tiles with more melds.
    ///
    /// # Errors
    ///
    /// As [`FullHand::new`].
    pub fn with_melds(self, more: Vec<CalledMeld>) -> Result<FullHand, FullHandError> {
        let mut hand = self;
        if hand.melds.is_empty() {
            hand.melds = more;
        } else {
            hand.melds.extend(more);
        }
        if hand.melds.len() > 4 {
            return Err(FullHandError::TooManyMelds {
                count: hand.melds.len(),
            });
        }
        if hand.size() > MAX_TILES {
            return Err(FullHandError::TooManyTiles { count: hand.size() });
        }
        if let Some(index) = hand.counts().iter().position(|&count| count > COPIES) {
            return Err(FullHandError::FifthCopy {
                tile: Tile::kind(index),
            });
        }
        Ok(hand)
    }

    /// The concealed tiles as pieces, in tile order, a red five before the plain fives.
    pub fn concealed_pieces(&self) -> Vec<Piece> {
        let mut red = self.red;
        self.concealed
            .tiles()
            .map(|tile| {
                let suit = tile.index() / 9;
                let is_red = tile.rank() == 5 && suit < 3 && red[suit] > 0;
                if is_red {
                    red[suit] -= 1;
                }
                Piece { tile, red: is_red }
            })
            .collect()
    }

    /// The concealed tiles.
    pub fn concealed(&self) -> &Hand {
        &self.concealed
    }

    /// The called melds, in the order given.
    pub fn melds(&self) -> &[CalledMeld] {
        &self.melds
    }

    /// Red fives among the concealed tiles, per numbered suit (m, p, s).
    pub fn concealed_red(&self) -> [u8; 3] {
        self.red
    }

    /// Red fives in the whole hand, melds included, per numbered suit.
    pub fn red(&self) -> [u8; 3] {
        let mut red = self.red;
        for meld in &self.melds {
            if meld.red > 0 {
                red[meld.first.index() / 9] += meld.red;
            }
        }
        red
    }

    /// How many of each kind the whole hand holds, every kan as four.
    pub fn counts(&self) -> [u8; KINDS] {
        let mut counts = *self.concealed.counts();
        for meld in &self.melds {
            for tile in meld.tiles() {
                counts[tile.index()] += 1;
            }
        }
        counts
    }

    /// The size that decides completeness: the concealed tiles plus three per meld.
    pub fn size(&self) -> usize {
        self.concealed.len() + 3 * self.melds.len()
    }

    /// Whether no meld opens the hand (concealed kans keep it closed).
    pub fn is_closed(&self) -> bool {
        self.melds.iter().all(|meld| !meld.kind.is_open())
    }

    /// How many kans, open or concealed.
    pub fn kans(&self) -> usize {
        self.melds.iter().filter(|meld| meld.kind.is_kan()).count()
    }
}

impl fmt::Display for FullHand {
    /// The concealed tiles in canonical mpsz (red fives as `0`, before the plain fives), then
    /// each meld: `345m40677p [678s] {1111z}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text().as_str())
    }
}

impl FullHand {
    /// Appends the hand's display to `out`, without the formatting machinery (for writers of
    /// large batches).
    pub fn push_to(&self, out: &mut String) {
        out.push_str(self.text().as_str());
    }

    /// The display, built on the stack.
    fn text(&self) -> Text {
        let mut text = Text::new();
        let counts = self.concealed.counts();
        for suit in Suit::ALL {
            let first = suit.first_index();
            let ranks = &counts[first..first + usize::from(suit.ranks())];
            if ranks.iter().all(|&count| count == 0) {
                continue;
            }
            let mut red = if suit == Suit::Honor {
                0
            } else {
                self.red[suit as usize]
            };
            for (rank, &count) in (1u8..).zip(ranks) {
                for _ in 0..count {
                    if rank == 5 && red > 0 {
                        red -= 1;
                        text.push(b'0');
                    } else {
                        text.digit(rank);
                    }
                }
            }
            text.push(suit.letter() as u8);
        }
        for meld in &self.melds {
            text.push(b' ');
            meld.push_text(&mut text);
        }
        text
    }
}
