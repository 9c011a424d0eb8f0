//! What happens in a game, event by event: the record a seat's view, the logs and the replay
//! are made from (mjai's events, in the engine's terms).

use mahjong::{MeldKind, Piece, Score, Wind};

use super::action::Meld;

/// Why a hand ended without a win.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawKind {
    /// The live wall ran out (ryuukyoku); tenpai players are paid by the others.
    Exhaustive,
    /// Nagashi mangan at the exhaustive draw: one or more players' discards were all
    /// terminals and honours, none called.
    NagashiMangan,
    /// Nine different terminals and honours on a first draw (kyuushu kyuuhai).
    NineTerminals,
    /// The four first discards were the same wind (suufon renda).
    FourWinds,
    /// All four players declared riichi (suucha riichi).
    FourRiichi,
    /// Four kans by more than one player (suukaikan).
    FourKans,
    /// Three players won on one discard (sanchahou).
    TripleRon,
}

impl DrawKind {
    /// The name: `exhaustive draw`, `nagashi mangan`, `nine terminals`, `four winds`,
    /// `four riichi`, `four kans`, `triple ron`.
    pub fn name(self) -> &'static str {
        match self {
            DrawKind::Exhaustive => "exhaustive draw",
            DrawKind::NagashiMangan => "nagashi mangan",
            DrawKind::NineTerminals => "nine terminals",
            DrawKind::FourWinds => "four winds",
            DrawKind::FourRiichi => "four riichi",
            DrawKind::FourKans => "four kans",
            DrawKind::TripleRon => "triple ron",
        }
    }

    /// Whether it is an abortive draw (the dealer stays whatever the hands).
    pub fn is_abortive(self) -> bool {
        !matches!(self, DrawKind::Exhaustive | DrawKind::NagashiMangan)
    }

    /// The seats whose hands Tenhou shows when a hand is drawn this way: the tenpai seats at
    /// an exhaustive draw or nagashi mangan, the declarer's (`declarer`: the seat that drew
    /// last) for nine terminals, every seat's for four riichi, the three that would have won
    /// for a triple ron (all but `discarder`), none for four winds or four kans.
    pub fn hands_shown(
        self,
        tenpai: [bool; 4],
        players: usize,
        declarer: usize,
        discarder: Option<usize>,
    ) -> Vec<usize> {
        match self {
            DrawKind::Exhaustive | DrawKind::NagashiMangan => {
                (0..players).filter(|&seat| tenpai[seat]).collect()
            }
            DrawKind::NineTerminals => vec![declarer],
            DrawKind::FourRiichi => (0..players).collect(),
            DrawKind::TripleRon => (0..players)
                .filter(|&seat| Some(seat) != discarder)
                .collect(),
            DrawKind::FourWinds | DrawKind::FourKans => Vec::new(),
        }
    }
}

/// Which hand of the game: the round's wind, the hand's number in it (1 to 4) and the honba.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HandId {
    /// East, South, West (or North).
    pub wind: Wind,
    /// 1 to 4: the dealer's seat counted from the first dealer, plus one.
    pub number: u8,
    /// The honba (repeat counters).
    pub honba: u32,
}

impl std::fmt::Display for HandId {
    /// `E1-0`, `S4-2`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}-{}", self.wind.letter(), self.number, self.honba)
    }
}

/// A win: who, from whom, on what, for what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Win {
    /// The winner.
    pub seat: usize,
    /// The seat that discarded the tile (or whose kan was robbed); the winner on a tsumo.
    pub from: usize,
    /// The winning tile.
    pub tile: Piece,
    /// The scorer's result (with the honba and sticks this winner collects).
    pub score: Score,
    /// The ura indicators turned over (a riichi winner only).
    pub ura: Vec<Piece>,
    /// The player liable for daisangen or daisuushii (pao), if any.
    pub pao: Option<usize>,
    /// Each seat's change of points from this win.
    pub deltas: [i32; 4],
}

/// One event of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// A hand is dealt.
    StartHand {
        /// Which hand.
        id: HandId,
        /// The seat dealing (East for the hand).
        dealer: usize,
        /// Riichi sticks on the table.
        sticks: u32,
        /// Each seat's points.
        scores: [i32; 4],
        /// The first dora indicator.
        indicator: Piece,
        /// Each seat's 13 tiles.
        hands: [Vec<Piece>; 4],
    },
    /// A seat draws (a replacement tile after a kan when `replacement`).
    Draw {
        /// Who.
        seat: usize,
        /// The tile.
        tile: Piece,
        /// Whether it is a kan's replacement tile.
        replacement: bool,
    },
    /// A false declaration by `seat` (chombo), as a referee rules it: the hand ends with
    /// the points and sticks as it began, these changes made, and is dealt again.
    Chombo {
        /// Who.
        seat: usize,
        /// Each seat's change of points (none under rules that take chombo after the uma).
        deltas: [i32; 4],
    },
    /// A seat declares riichi (its discard follows).
    Riichi {
        /// Who.
        seat: usize,
    },
    /// A seat discards.
    Discard {
        /// Who.
        seat: usize,
        /// The tile.
        tile: Piece,
        /// Whether it is the tile just drawn.
        tsumogiri: bool,
    },
    /// A riichi discard passed without ron: the stick is on the table.
    RiichiAccepted {
        /// Who.
        seat: usize,
    },
    /// A chi, pon or open kan of a discard.
    Call {
        /// Who called.
        seat: usize,
        /// Chi, pon or kan.
        kind: MeldKind,
        /// Who discarded it.
        from: usize,
        /// The tile called.
        tile: Piece,
        /// The tiles from the caller's hand.
        consumed: Vec<Piece>,
    },
    /// A concealed kan.
    Ankan {
        /// Who.
        seat: usize,
        /// The four tiles.
        consumed: [Piece; 4],
    },
    /// An added kan: a tile added to a pon.
    Kakan {
        /// Who.
        seat: usize,
        /// The tile added.
        tile: Piece,
        /// The pon's three tiles.
        consumed: [Piece; 3],
    },
    /// A North set aside (three players; kita): the seat's replacement draw follows unless
    /// it is ronned.
    Kita {
        /// Who.
        seat: usize,
    },
    /// A new dora indicator is shown.
    Dora {
        /// The indicator.
        indicator: Piece,
    },
    /// A win (two on one discard are two events, the first in turn order from the discarder
    /// first).
    Win(Box<Win>),
    /// A hand ends without a win.
    Drawn {
        /// Why.
        kind: DrawKind,
        /// Who was tenpai (at an exhaustive draw; all false otherwise).
        tenpai: [bool; 4],
        /// Each seat's change of points.
        deltas: [i32; 4],
    },
    /// The hand is over; the scores after it.
    EndHand {
        /// Each seat's points.
        scores: [i32; 4],
    },
    /// The game is over: the final points (riichi sticks left over gone to the first).
    EndGame {
        /// Each seat's points.
        scores: [i32; 4],
    },
}

/// The score changes at the end of the hand these events hold, as records write them: the
/// payments of its wins or its draw (sticks collected included; sticks put on the table during
/// the hand are not).
pub fn hand_changes(events: &[Event]) -> [i32; 4] {
    let mut total = [0; 4];
    for event in events {
        let changes = match event {
            Event::Win(win) => win.deltas,
            Event::Drawn { deltas, .. } => *deltas,
            _ => continue,
        };
        for (sum, change) in total.iter_mut().zip(changes) {
            *sum += change;
        }
    }
    total
}

/// The seats whose flag is set, `separator` between them (`0 2`), or `none`.
pub fn seat_list(flags: [bool; 4], separator: &str) -> String {
    let seats: Vec<String> = (0..4)
        .filter(|&seat| flags[seat])
        .map(|seat| seat.to_string())
        .collect();
    if seats.is_empty() {
        "none".to_owned()
    } else {
        seats.join(separator)
    }
}

/// Each hand of a game's events: its id and its events, from its deal to the next deal (or
/// the end).
pub fn hands(events: &[Event]) -> impl Iterator<Item = (HandId, &[Event])> {
    let starts: Vec<(usize, HandId)> = events
        .iter()
        .enumerate()
        .filter_map(|(at, event)| match event {
            Event::StartHand { id, .. } => Some((at, *id)),
            _ => None,
        })
        .collect();
    (0..starts.len()).map(move |index| {
        let (start, id) = starts[index];
        let end = starts
            .get(index + 1)
            .map_or(events.len(), |(next, _)| *next);
        (id, &events[start..end])
    })
}

/// Each seat's concealed tiles (in tile order) and melds as they stand after the events of
/// one hand (from its deal): at its end, what a result shows.
pub fn hand_tiles(events: &[Event]) -> [(Vec<Piece>, Vec<Meld>); 4] {
    // The live tiles left, which the rules' player count sets, are not read.
    let board = super::board::Board::after(&super::rules::GameRules::default(), events);
    std::array::from_fn(|seat| (board.hands[seat].clone(), board.melds[seat].clone()))
}

/// Tiles written one after another, `123m` style per tile (`1m2m3m`).
fn tiles_text(pieces: &[Piece]) -> String {
    pieces.iter().map(ToString::to_string).collect()
}

impl std::fmt::Display for Event {
    /// One line a person reads: `E1-0: dealer 0, …`, `0 draws 5p`, `2 pons 5z from 1 (5z5z)`,
    /// `3 wins by ron from 2 on 5p: …`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Event::StartHand {
                id,
                dealer,
                sticks,
                scores,
                indicator,
                hands,
            } => {
                write!(
                    f,
                    "{id}: dealer {dealer}, sticks {sticks}, scores {scores:?}, dora indicator {indicator}; dealt"
                )?;
                for (seat, hand) in hands.iter().enumerate() {
                    write!(f, " {seat}: {}", tiles_text(hand))?;
                }
                Ok(())
            }
            Event::Draw {
                seat,
                tile,
                replacement,
            } => {
                let what = if *replacement {
                    "draws the replacement"
                } else {
                    "draws"
                };
                write!(f, "{seat} {what} {tile}")
            }
            Event::Riichi { seat } => write!(f, "{seat} declares riichi"),
            Event::Discard {
                seat,
                tile,
                tsumogiri,
            } => {
                let how = if *tsumogiri { " (as drawn)" } else { "" };
                write!(f, "{seat} discards {tile}{how}")
            }
            Event::RiichiAccepted { seat } => write!(f, "{seat}'s riichi stick is on the table"),
            Event::Call {
                seat,
                kind,
                from,
                tile,
                consumed,
            } => {
                let verb = match kind {
                    MeldKind::Chi => "chis",
                    MeldKind::Pon => "pons",
                    _ => "kans",
                };
                write!(
                    f,
                    "{seat} {verb} {tile} from {from} ({})",
                    tiles_text(consumed)
                )
            }
            Event::Ankan { seat, consumed } => {
                write!(
                    f,
                    "{seat} declares a concealed kan ({})",
                    tiles_text(consumed)
                )
            }
            Event::Kakan { seat, tile, .. } => write!(f, "{seat} adds {tile} to its pon"),
            Event::Kita { seat } => write!(f, "{seat} sets aside a North (kita)"),
            Event::Dora { indicator } => write!(f, "new dora indicator {indicator}"),
            Event::Chombo { seat, deltas } => {
                write!(f, "{seat}'s chombo (false declaration); changes {deltas:?}")
            }
            Event::Win(win) => {
                let how = if win.seat == win.from {
                    "by tsumo".to_owned()
                } else {
                    format!("by ron from {}", win.from)
                };
                let yaku: Vec<String> = win
                    .score
                    .yaku
                    .iter()
                    .map(|one| format!("{} {}", one.yaku.name(), one.han))
                    .collect();
                write!(
                    f,
                    "{} wins {how} on {}: {}; {} han {} fu, {} points; changes {:?}",
                    win.seat,
                    win.tile,
                    yaku.join(", "),
                    win.score.han,
                    win.score.fu,
                    win.score.points.total,
                    win.deltas
                )?;
                if let Some(liable) = win.pao {
                    write!(f, "; {liable} liable (pao)")?;
                }
                Ok(())
            }
            Event::Drawn {
                kind,
                tenpai,
                deltas,
            } => {
                write!(f, "{}", kind.name())?;
                if !kind.is_abortive() {
                    write!(f, ", tenpai: {}", seat_list(*tenpai, " "))?;
                }
                write!(f, "; changes {deltas:?}")
            }
            Event::EndHand { scores } => write!(f, "end of the hand: scores {scores:?}"),
            Event::EndGame { scores } => write!(f, "end of the game: final points {scores:?}"),
        }
    }
}
