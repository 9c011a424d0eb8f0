//! What a seat can do, and the melds a hand shows.

use std::fmt;

use mahjong::Tile;
use mahjong::{MeldKind, Piece};

/// One decision of one seat.
///
/// On its turn a seat discards (declaring riichi with it or not), wins by tsumo, declares a
/// kan of its own tiles, or (on its first draw) declares nine terminals. When a tile is
/// discarded, or added to a pon, each other seat that can claim it decides: ron, pon, an open
/// kan, chi (the next seat only), or pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Discard `tile`; `tsumogiri`: the tile just drawn (rather than an equal one from the
    /// hand); `riichi`: declaring riichi with this discard.
    Discard {
        /// The tile.
        tile: Piece,
        /// Whether it is the tile just drawn.
        tsumogiri: bool,
        /// Whether riichi is declared with it.
        riichi: bool,
    },
    /// Win on the tile drawn.
    Tsumo,
    /// A concealed kan of four `tile`.
    Ankan {
        /// The kind.
        tile: Tile,
    },
    /// Add `tile` to a pon of its kind (an added kan).
    Kakan {
        /// The tile added.
        tile: Piece,
    },
    /// Nine different terminals and honours on the first draw, before any call: an abortive
    /// draw.
    NineTerminals,
    /// Win on the tile discarded (or added to a kan, or, for thirteen orphans, concealed-kanned).
    Ron,
    /// Chi the discard with these two tiles of the hand.
    Chi {
        /// The tiles from the hand.
        tiles: [Piece; 2],
    },
    /// Pon the discard with these two tiles of the hand.
    Pon {
        /// The tiles from the hand.
        tiles: [Piece; 2],
    },
    /// An open kan of the discard with the three alike in the hand.
    Daiminkan,
    /// Let the tile go.
    Pass,
    /// Set aside a North (three players only; kita): it is a dora, and a replacement tile is
    /// drawn once nobody rons it.
    Kita,
}

impl Action {
    /// A short name: `discard`, `riichi`, `tsumo`, `ankan`, `kakan`, `nine terminals`, `ron`,
    /// `chi`, `pon`, `daiminkan`, `pass`, `kita`.
    pub fn name(&self) -> &'static str {
        match self {
            Action::Discard { riichi: true, .. } => "riichi",
            Action::Discard { .. } => "discard",
            Action::Tsumo => "tsumo",
            Action::Ankan { .. } => "ankan",
            Action::Kakan { .. } => "kakan",
            Action::NineTerminals => "nine terminals",
            Action::Ron => "ron",
            Action::Chi { .. } => "chi",
            Action::Pon { .. } => "pon",
            Action::Daiminkan => "daiminkan",
            Action::Pass => "pass",
            Action::Kita => "kita",
        }
    }
}

impl fmt::Display for Action {
    /// `discard 5m`, `discard 0p (tsumogiri)`, `riichi 3s`, `ankan 1z`, `chi 46m`, `pass`…
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Discard {
                tile, tsumogiri, ..
            } => {
                write!(f, "{} {tile}", self.name())?;
                if *tsumogiri {
                    f.write_str(" (tsumogiri)")?;
                }
                Ok(())
            }
            Action::Ankan { tile } => write!(f, "ankan {tile}"),
            Action::Kakan { tile } => write!(f, "kakan {tile}"),
            Action::Chi { tiles } | Action::Pon { tiles } => {
                write!(f, "{} {}{}", self.name(), tiles[0], tiles[1])
            }
            _ => f.write_str(self.name()),
        }
    }
}

/// A meld shown on the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Meld {
    /// Chi, pon, kan (open or added) or ankan.
    pub kind: MeldKind,
    /// Its tiles, the called one among them.
    pub tiles: Vec<Piece>,
    /// The tile claimed and the seat it came from (none for a concealed kan).
    pub called: Option<(Piece, usize)>,
    /// For a kan: whether it was added to a pon.
    pub added: bool,
}

impl Meld {
    /// Its kind of tile (the lowest, for a chi).
    pub fn first(&self) -> Tile {
        self.tiles
            .iter()
            .map(|piece| piece.tile)
            .min()
            .unwrap_or(self.tiles[0].tile)
    }
}
