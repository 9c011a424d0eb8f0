//! A hand's end as the table and the viewer show it (`mahjong/game`'s `results`,
//! `mahjong/watch`'s hand `result`): its wins with who paid what and the fu's parts, or its
//! draw, the hands shown as Tenhou shows them, the changes and the scores.

use mahjong::{Piece, Players};
use mahjong_game::{Event, hand_changes, hand_tiles, hands};
use schemars::JsonSchema;
use serde::Serialize;

use super::response::{FuPartJson, PointsJson, YakuJson, fu_parts_json, points_json};
use super::table::{MeldJson, meld_json, names_of};

/// A hand at the end.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ShownHandJson {
    /// Whether its concealed tiles are shown: at a table, as Tenhou shows them (a winner's,
    /// a tenpai seat's at a draw, the declarer's of nine terminals; the viewer's own always);
    /// in a record watched, every hand.
    pub shown: bool,
    /// The concealed tiles, mpsz, in tile order (a winner's winning tile among them); empty
    /// when not shown.
    pub concealed: Vec<String>,
    /// The called melds.
    pub melds: Vec<MeldJson>,
    /// Norths it set aside (three players).
    pub north: u8,
}

/// One win of a hand.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct WinJson {
    /// The winner.
    pub seat: usize,
    /// The seat that dealt in (the winner itself on a tsumo).
    pub from: usize,
    /// `tsumo` or `ron`.
    pub how: &'static str,
    /// The winning tile, mpsz.
    pub tile: String,
    /// The yaku with their han (the dora counted as yaku are).
    pub yaku: Vec<YakuJson>,
    /// The han.
    pub han: u32,
    /// The fu.
    pub fu: u32,
    /// `mangan` … `yakuman`, or null.
    pub limit: Option<&'static str>,
    /// The hand's value (the ron payment, or the tsumo payments together).
    pub points: u32,
    /// The ura dora indicators turned over (a riichi winner's), mpsz.
    pub ura_indicators: Vec<String>,
    /// The seat liable for a daisangen or daisuushii (pao), or null.
    pub pao: Option<usize>,
    /// Who paid what (`mahjong/score`'s `points`): a ron's payment, or a tsumo's from the
    /// dealer and from each other seat, with the honba and the riichi sticks this winner
    /// collects.
    pub payment: PointsJson,
    /// The fu's parts before rounding (`mahjong/score`'s `fu_parts`; none for a yakuman).
    pub fu_parts: Vec<FuPartJson>,
}

/// How a hand ended.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct HandEndJson {
    /// `E1-0`.
    pub round: String,
    /// Its wins (two or more on one discard: each), in turn order from the discarder.
    pub wins: Vec<WinJson>,
    /// How it was drawn, if it was: `exhaustive draw`, `nagashi mangan`, `nine terminals`,
    /// `four winds`, `four riichi`, `four kans`, `triple ron`.
    pub draw: Option<&'static str>,
    /// The seats that were ready at an exhaustive draw.
    pub tenpai: Vec<usize>,
    /// Each seat's hand at the end, one per player.
    pub hands: Vec<ShownHandJson>,
    /// The dora indicators shown at the end, mpsz.
    pub dora_indicators: Vec<String>,
    /// Each seat's change of points, one per player (sticks collected included).
    pub deltas: Vec<i32>,
    /// Each seat's points after the hand, one per player.
    pub scores: Vec<i32>,
}

/// Each finished hand's end: its wins or draw, the hands, the changes and the scores. With a
/// `viewer`, only the hands Tenhou shows (the winners', the tenpai seats' at a draw, the
/// nine-terminals declarer's) and the viewer's own; without, every hand (a record watched).
pub(super) fn results(
    events: &[Event],
    players: Players,
    viewer: Option<usize>,
) -> Vec<HandEndJson> {
    hands(events)
        .filter_map(|(id, events)| {
            let scores = events.iter().find_map(|event| match event {
                Event::EndHand { scores } => Some(*scores),
                _ => None,
            })?;
            let wins = events
                .iter()
                .filter_map(|event| match event {
                    Event::Win(win) => Some(WinJson {
                        seat: win.seat,
                        from: win.from,
                        how: if win.seat == win.from { "tsumo" } else { "ron" },
                        tile: win.tile.to_string(),
                        yaku: win
                            .score
                            .yaku
                            .iter()
                            .map(|one| YakuJson {
                                name: one.yaku.name(),
                                han: one.han,
                            })
                            .collect(),
                        han: win.score.han,
                        fu: win.score.fu,
                        limit: win.score.limit.map(|limit| limit.name()),
                        points: win.score.points.total,
                        ura_indicators: names_of(&win.ura),
                        pao: win.pao,
                        payment: points_json(&win.score.points),
                        fu_parts: fu_parts_json(&win.score.fu_parts),
                    }),
                    _ => None,
                })
                .collect();
            let (draw, tenpai) = events
                .iter()
                .find_map(|event| match event {
                    Event::Drawn { kind, tenpai, .. } => Some((
                        Some(kind.name()),
                        players.seats().filter(|&seat| tenpai[seat]).collect(),
                    )),
                    _ => None,
                })
                .unwrap_or((None, Vec::new()));
            let indicators: Vec<Piece> = events
                .iter()
                .filter_map(|event| match event {
                    Event::StartHand { indicator, .. } | Event::Dora { indicator } => {
                        Some(*indicator)
                    }
                    _ => None,
                })
                .collect();
            let visible = shown_seats(events, players, viewer);
            let mut shown = hand_tiles(events);
            // A ron's winning tile joins the winner's hand (a tsumo's is already in it).
            for event in events {
                if let Event::Win(win) = event
                    && win.seat != win.from
                {
                    let concealed = &mut shown[win.seat].0;
                    concealed.push(win.tile);
                    concealed.sort_by_key(|piece| (piece.tile, piece.red));
                }
            }
            Some(HandEndJson {
                round: id.to_string(),
                wins,
                draw,
                tenpai,
                hands: players
                    .of(&shown)
                    .iter()
                    .enumerate()
                    .map(|(seat, (concealed, melds))| ShownHandJson {
                        shown: visible[seat],
                        concealed: if visible[seat] {
                            names_of(concealed)
                        } else {
                            Vec::new()
                        },
                        melds: melds.iter().map(meld_json).collect(),
                        north: events
                            .iter()
                            .filter(|event| matches!(event, Event::Kita { seat: by, .. } if *by == seat))
                            .count() as u8,
                    })
                    .collect(),
                dora_indicators: names_of(&indicators),
                deltas: players.of(&hand_changes(events)).to_vec(),
                scores: players.of(&scores).to_vec(),
            })
        })
        .collect()
}

/// Whose concealed tiles a hand's end shows: every seat's without a `viewer`; with one, the
/// viewer's own and those Tenhou shows (the winners'; at a draw, per [`DrawKind::hands_shown`]).
///
/// [`DrawKind::hands_shown`]: mahjong_game::DrawKind::hands_shown
fn shown_seats(events: &[Event], players: Players, viewer: Option<usize>) -> [bool; 4] {
    let Some(viewer) = viewer else {
        return [true; 4];
    };
    let mut shown = [false; 4];
    shown[viewer] = true;
    let mut declarer = 0;
    let mut discarder = None;
    for event in events {
        match event {
            Event::Win(win) => shown[win.seat] = true,
            Event::Draw { seat, .. } => declarer = *seat,
            Event::Discard { seat, .. }
            | Event::Kakan { seat, .. }
            | Event::Ankan { seat, .. }
            | Event::Kita { seat } => discarder = Some(*seat),
            Event::Drawn { kind, tenpai, .. } => {
                for seat in kind.hands_shown(*tenpai, players.count(), declarer, discarder) {
                    shown[seat] = true;
                }
            }
            _ => {}
        }
    }
    shown
}
