//! Tenhou's mjlog XML written from a game's events: the tags Tenhou writes, in its order, with
//! its attributes (Tenhou's own records, rewritten from their replay, come out tag for tag;
//! `tests/convert.rs` checks it), for the readers of Tenhou's XML.
//!
//! mjlog names each of the 136 tiles (kind × 4 + copy; 16, 52 and 88 are the red fives), where
//! the engine knows kinds: the writer gives each tile a copy as it first appears (dealt,
//! drawn or shown), the red five copy 0 and a plain five another, and follows each copy from
//! hand to river and meld, so a discard of the tile just drawn has the drawn copy's number
//! (mjlog's only sign of tsumogiri) and any other discard another copy's.
//!
//! What the events do not hold is written as for a Phoenix room with nothing else known:
//! `SHUFFLE` without a seed, dice of 0, the `GO type` of a Phoenix room with the game's rules,
//! the ranks and rates of new players in `UN`, and a yakuman's `ten` with 0 fu. A new dora
//! indicator shown with a discard (an open or added kan's) is written before that discard, as
//! Tenhou does.

use std::fmt::Write as _;

use super::{lobby_type, tenhou_id};
use crate::engine::{DrawKind, Event, GameRules, HandId, Win};
use mahjong::KINDS;
use mahjong::{Limit, MeldKind, Piece, Yaku};

/// Which copies of each kind are still unnamed, and the red fives of the rules.
struct Copies {
    /// A bit per copy (0-3) not yet given.
    free: [u8; KINDS],
    rules: GameRules,
}

impl Copies {
    fn new(rules: GameRules) -> Copies {
        Copies {
            free: [0b1111; KINDS],
            rules,
        }
    }

    /// A copy for this tile: copy 0 for the red five, another for a plain five of a suit
    /// that has one, the lowest free copy otherwise.
    fn take(&mut self, piece: Piece) -> Result<u32, String> {
        let kind = piece.tile.index();
        let red_suit = kind < 27 && piece.tile.rank() == 5 && self.rules.red_in_suit(kind / 9);
        let allowed = match (piece.red, red_suit) {
            (true, true) => 0b0001,
            (true, false) => {
                return Err(format!("a red {piece} where the rules have none"));
            }
            (false, true) => 0b1110,
            (false, false) => 0b1111,
        };
        let free = self.free[kind] & allowed;
        if free == 0 {
            return Err(format!("a fifth {piece}"));
        }
        let copy = free.trailing_zeros();
        self.free[kind] &= !(1 << copy);
        Ok(kind as u32 * 4 + copy)
    }
}

/// Whether copy `id` is this tile (its kind, and red or not).
fn is(id: u32, piece: Piece, rules: &GameRules) -> bool {
    super::piece(id, rules) == Some(piece)
}

/// A seat's meld as mjlog packs it, and what a kan added to a pon needs.
#[derive(Clone)]
struct Packed {
    m: u32,
    /// A pon's kind and the bits a kan added to it keeps (the called tile's place and the
    /// seat it came from).
    pon: Option<(usize, u32)>,
}

/// One hand being written.
struct HandWriter<'a> {
    rules: &'a GameRules,
    copies: Copies,
    id: HandId,
    dealer: usize,
    /// The copies each seat holds.
    held: [Vec<u32>; 4],
    /// Each seat's melds in the order made (a kan added to a pon in the pon's place), and its
    /// Norths set aside.
    melds: [Vec<Packed>; 4],
    last_draw: [Option<u32>; 4],
    /// The tile last put out (a discard, an added kan's tile, a North) and by whom.
    last_out: Option<(usize, u32)>,
    /// The seat that drew last (nine terminals is declared on its draw).
    drawer: usize,
    indicators: Vec<u32>,
    ura: Vec<u32>,
    /// Each seat's points as they stand (riichi sticks paid, wins settled).
    points: [i32; 4],
    /// The sticks on the table, until a win takes them.
    sticks: u32,
}

impl HandWriter<'_> {
    /// Takes a copy of `piece` out of `seat`'s hand: `exact` if given, else one that is not
    /// `avoid` if another will do.
    fn give_up(
        &mut self,
        seat: usize,
        piece: Piece,
        exact: Option<u32>,
        avoid: Option<u32>,
    ) -> Result<u32, String> {
        let rules = self.rules;
        let held = &mut self.held[seat];
        let matching = |id: &u32| is(*id, piece, rules) && exact.is_none_or(|exact| exact == *id);
        let at = held
            .iter()
            .position(|id| matching(id) && Some(*id) != avoid)
            .or_else(|| held.iter().position(matching))
            .ok_or_else(|| format!("seat {seat} lets go of a {piece} it does not hold"))?;
        Ok(held.remove(at))
    }

    /// The points in hundreds, seat by seat, as `sc` and `ten` write them (the fourth 0 with
    /// three players).
    fn hundreds(&self, values: [i32; 4]) -> String {
        values
            .iter()
            .map(|value| (value / 100).to_string())
            .collect::<Vec<_>>()
            .join(",")
    }

    /// `sc`: each seat's points before and its change, in hundreds.
    fn sc(&self, deltas: [i32; 4]) -> String {
        (0..4)
            .map(|seat| format!("{},{}", self.points[seat] / 100, deltas[seat] / 100))
            .collect::<Vec<_>>()
            .join(",")
    }

    fn settle(&mut self, deltas: [i32; 4]) {
        for (points, delta) in self.points.iter_mut().zip(deltas) {
            *points += delta;
        }
    }

    /// A seat's concealed copies, sorted, with `extra` among them.
    fn hand_text(&self, seat: usize, extra: Option<u32>) -> String {
        let mut ids = self.held[seat].clone();
        ids.extend(extra);
        ids.sort_unstable();
        list(&ids)
    }

    /// The `AGARI` tag of a win (without its closing, so `owari` may follow); the first win
    /// of a hand takes the sticks on the table (a second winner's `ba` has 0).
    fn agari(&mut self, win: &Win) -> Result<String, String> {
        let (machi, extra) = if win.seat == win.from {
            let drawn = self.last_draw[win.seat].ok_or("a tsumo without a draw")?;
            (drawn, None)
        } else {
            let (_, id) = self.last_out.ok_or("a ron on no tile")?;
            (id, Some(id))
        };
        if self.ura.is_empty() && !win.ura.is_empty() {
            for piece in &win.ura {
                let id = self.copies.take(*piece)?;
                self.ura.push(id);
            }
        }
        let score = &win.score;
        let sticks = std::mem::take(&mut self.sticks);
        let mut tag = format!(
            "<AGARI ba=\"{},{sticks}\" hai=\"{}\"",
            self.id.honba,
            self.hand_text(win.seat, extra)
        );
        let melds: Vec<u32> = self.melds[win.seat].iter().map(|meld| meld.m).collect();
        if !melds.is_empty() {
            let _ = write!(tag, " m=\"{}\"", list(&melds));
        }
        let limit = match score.limit {
            None => 0,
            Some(Limit::Mangan) => 1,
            Some(Limit::Haneman) => 2,
            Some(Limit::Baiman) => 3,
            Some(Limit::Sanbaiman) => 4,
            Some(Limit::Yakuman) => 5,
        };
        let _ = write!(
            tag,
            " machi=\"{machi}\" ten=\"{},{},{limit}\"",
            score.fu, score.points.total
        );
        let players = usize::from(self.rules.players);
        let seat_wind = mahjong::Wind::ALL[(win.seat + players - self.dealer) % players];
        if score.yakuman > 0 {
            let ids: Vec<u32> = score
                .yaku
                .iter()
                .filter(|one| one.yaku.is_yakuman())
                .filter_map(|one| tenhou_id(one.yaku, seat_wind, self.id.wind))
                .collect();
            let _ = write!(tag, " yakuman=\"{}\"", list(&ids));
        } else {
            let _ = write!(tag, " yaku=\"{}\"", yaku_text(win, seat_wind, self.id.wind));
        }
        let _ = write!(tag, " doraHai=\"{}\"", list(&self.indicators));
        if !win.ura.is_empty() {
            let _ = write!(tag, " doraHaiUra=\"{}\"", list(&self.ura));
        }
        let _ = write!(tag, " who=\"{}\" fromWho=\"{}\"", win.seat, win.from);
        if let Some(liable) = win.pao {
            let _ = write!(tag, " paoWho=\"{liable}\"");
        }
        let _ = write!(tag, " sc=\"{}\"", self.sc(win.deltas));
        self.settle(win.deltas);
        Ok(tag)
    }
}

/// Numbers joined by commas.
fn list(values: &[u32]) -> String {
    values
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// Tenhou's order of the yaku in a win's `yaku` list, by their ids, as its records list them
/// (the winds and dragons, 10-20, come together where 10 stands, in the order of their ids).
const ORDER: [u32; 29] = [
    1, 21, 3, 4, 2, 30, 5, 6, 0, 22, 29, 7, 24, 28, 9, 25, 35, 33, 8, 10, 23, 34, 26, 27, 31, 32,
    52, 54, 53,
];

/// `yaku`: id and han pairs in Tenhou's order; the Norths set aside counted among the dora
/// (mjlog has no id for them); the ura dora listed for a riichi winner even at 0.
fn yaku_text(win: &Win, seat_wind: mahjong::Wind, round: mahjong::Wind) -> String {
    let mut pairs: Vec<(u32, u32)> = Vec::new();
    let mut add = |id: u32, han: u32| match pairs.iter_mut().find(|(one, _)| *one == id) {
        Some((_, total)) => *total += han,
        None => pairs.push((id, han)),
    };
    for one in &win.score.yaku {
        let id = if one.yaku == Yaku::Nukidora {
            52
        } else {
            match tenhou_id(one.yaku, seat_wind, round) {
                Some(id) => id,
                None => continue,
            }
        };
        if one.han > 0 {
            add(id, one.han);
        }
    }
    if !win.ura.is_empty() {
        add(53, 0);
    }
    let rank = |id: u32| {
        let class = if (10..=20).contains(&id) { 10 } else { id };
        (
            ORDER
                .iter()
                .position(|&one| one == class)
                .unwrap_or(ORDER.len()),
            id,
        )
    };
    pairs.sort_by_key(|(id, _)| rank(*id));
    pairs
        .iter()
        .map(|(id, han)| format!("{id},{han}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// Names percent-encoded byte by byte, as Tenhou's `UN` has them.
fn percent_encode(text: &str) -> String {
    text.bytes().map(|byte| format!("%{byte:02X}")).collect()
}

/// Whether an mjlog can state these rules: its `GO type` has red fives in every suit or in
/// none (with three players, in pin and sou or in none).
///
/// # Errors
///
/// The red fives it cannot state, named.
pub fn can_write(rules: &GameRules) -> Result<(), String> {
    // Rules other than a Tenhou lobby's are named in full beside the type (`GO rules`).
    if !rules.is_tenhou_lobby() {
        return Ok(());
    }
    let suits = if rules.three_player() { 1..3 } else { 0..3 };
    let reds: Vec<u8> = suits.map(|suit| rules.red_fives[suit]).collect();
    if reds.iter().any(|&count| count != reds[0]) {
        return Err(format!(
            "red fives {:?} (man, pin, sou): an mjlog's GO type has red fives in every suit or none",
            rules.red_fives
        ));
    }
    Ok(())
}

/// A game's events as Tenhou's mjlog XML.
///
/// # Errors
///
/// Rules an mjlog cannot state (red fives in some suits only: its `GO type` says all or none),
/// or events that are no game of these rules (a fifth copy of a tile, a seat letting go of a
/// tile it does not hold).
pub fn write(rules: GameRules, events: &[Event], names: &[String]) -> Result<String, String> {
    write_with(rules, events, names, None)
}

/// [`write`], `SHUFFLE` stating how the walls were made: `seed="tiles-splitmix64,SEED,SALT"`
/// (the salt for a sealed game only) and `ref` the sealed game's commitment.
///
/// # Errors
///
/// As [`write`].
pub fn write_with(
    rules: GameRules,
    events: &[Event],
    names: &[String],
    shuffle: Option<&crate::records::Shuffle>,
) -> Result<String, String> {
    can_write(&rules)?;
    let players = usize::from(rules.players);
    let (seed, reference) = shuffle.map_or_else(Default::default, |shuffle| {
        let mut seed = format!("tiles-splitmix64,{}", shuffle.seed);
        if let Some(salt) = &shuffle.salt {
            seed.push(',');
            seed.push_str(salt);
        }
        (seed, shuffle.commitment.clone().unwrap_or_default())
    });
    let mut out = format!("<mjloggm ver=\"2.3\"><SHUFFLE seed=\"{seed}\" ref=\"{reference}\"/>");
    if rules.is_tenhou_lobby() {
        let _ = write!(out, "<GO type=\"{}\" lobby=\"0\"/>", lobby_type(&rules));
    } else {
        // Ours: the rule set, which a GO type cannot state, beside the nearest lobby's type.
        let _ = write!(
            out,
            "<GO type=\"{}\" lobby=\"0\" rules=\"{}\"/>",
            lobby_type(&rules),
            rules.describe()
        );
    }
    out.push_str("<UN");
    for seat in 0..4 {
        let name = names.get(seat).filter(|_| seat < players);
        let _ = write!(
            out,
            " n{seat}=\"{}\"",
            percent_encode(name.map_or("", String::as_str))
        );
    }
    out.push_str(" dan=\"0,0,0,0\" rate=\"1500.00,1500.00,1500.00,1500.00\" sx=\"C,C,C,C\"/>");
    let first_dealer = events
        .iter()
        .find_map(|event| match event {
            Event::StartHand { dealer, .. } => Some(*dealer),
            _ => None,
        })
        .unwrap_or(0);
    let _ = write!(out, "<TAIKYOKU oya=\"{first_dealer}\"/>");
    let mut hand: Option<HandWriter> = None;
    // The last result tag, left open for `owari`.
    let mut open: Option<String> = None;
    let mut at = 0;
    while at < events.len() {
        let event = &events[at];
        at += 1;
        // The hand's end keeps the result open: the game's end may follow.
        if matches!(event, Event::EndHand { .. }) {
            continue;
        }
        if let Some(tag) = open.take() {
            match event {
                Event::EndGame { scores } => {
                    let final_score = rules.final_score(*scores, crate::engine::chombos(events));
                    let owari: Vec<String> = (0..4)
                        .map(|seat| {
                            let result = crate::engine::thousands_text(final_score[seat]);
                            format!("{},{result}", scores[seat] / 100)
                        })
                        .collect();
                    let _ = write!(out, "{tag} owari=\"{}\" />", owari.join(","));
                    continue;
                }
                _ => {
                    let _ = write!(out, "{tag} />");
                }
            }
        }
        match event {
            Event::StartHand {
                id,
                dealer,
                sticks,
                scores,
                indicator,
                hands,
            } => {
                let mut copies = Copies::new(rules);
                let mut held: [Vec<u32>; 4] = Default::default();
                for (seat, dealt) in hands.iter().enumerate() {
                    for piece in dealt {
                        held[seat].push(copies.take(*piece)?);
                    }
                }
                let shown = copies.take(*indicator)?;
                let writer = HandWriter {
                    rules: &rules,
                    copies,
                    id: *id,
                    dealer: *dealer,
                    held,
                    melds: Default::default(),
                    last_draw: [None; 4],
                    last_out: None,
                    drawer: *dealer,
                    indicators: vec![shown],
                    ura: Vec::new(),
                    points: *scores,
                    sticks: *sticks,
                };
                let _ = write!(
                    out,
                    "<INIT seed=\"{},{},{sticks},0,0,{shown}\" ten=\"{}\" oya=\"{dealer}\"",
                    id.wind as u32 * 4 + u32::from(id.number) - 1,
                    id.honba,
                    writer.hundreds(*scores),
                );
                for (seat, ids) in writer.held.iter().enumerate() {
                    let _ = write!(out, " hai{seat}=\"{}\"", list(ids));
                }
                out.push_str("/>");
                hand = Some(writer);
            }
            Event::EndGame { .. } | Event::EndHand { .. } => {}
            other => {
                let writer = hand.as_mut().ok_or("an event before the first deal")?;
                // The indicators an open or added kan shows before a discard or a North
                // come first, as Tenhou writes them.
                if matches!(other, Event::Discard { .. } | Event::Kita { .. }) {
                    while let Some(Event::Dora { indicator }) = events.get(at) {
                        let id = writer.copies.take(*indicator)?;
                        writer.indicators.push(id);
                        let _ = write!(out, "<DORA hai=\"{id}\" />");
                        at += 1;
                    }
                }
                if let Some(tag) = write_event(writer, other)? {
                    if matches!(other, Event::Win(_) | Event::Drawn { .. }) {
                        open = Some(tag);
                    } else {
                        out.push_str(&tag);
                    }
                }
            }
        }
    }
    if let Some(tag) = open {
        let _ = write!(out, "{tag} />");
    }
    out.push_str("</mjloggm>");
    Ok(out)
}

/// The tag of one event within a hand (a result's left open), if it has one.
fn write_event(writer: &mut HandWriter, event: &Event) -> Result<Option<String>, String> {
    let rules = *writer.rules;
    Ok(Some(match event {
        Event::Draw { seat, tile, .. } => {
            let id = writer.copies.take(*tile)?;
            writer.held[*seat].push(id);
            writer.last_draw[*seat] = Some(id);
            writer.drawer = *seat;
            format!("<{}{id}/>", (b'T' + *seat as u8) as char)
        }
        Event::Discard {
            seat,
            tile,
            tsumogiri,
        } => {
            // As drawn: the drawn copy itself; from the hand: another copy if there is one.
            let drawn = writer.last_draw[*seat].take();
            let id = if *tsumogiri {
                writer.give_up(*seat, *tile, drawn, None)?
            } else {
                writer.give_up(*seat, *tile, None, drawn)?
            };
            writer.last_out = Some((*seat, id));
            format!("<{}{id}/>", (b'D' + *seat as u8) as char)
        }
        Event::Riichi { seat } => format!("<REACH who=\"{seat}\" step=\"1\"/>"),
        Event::RiichiAccepted { seat } => {
            writer.points[*seat] -= 1000;
            writer.sticks += 1;
            format!(
                "<REACH who=\"{seat}\" ten=\"{}\" step=\"2\"/>",
                writer.hundreds(writer.points)
            )
        }
        Event::Call {
            seat,
            kind,
            from,
            tile,
            consumed,
        } => {
            let (_, called) = writer
                .last_out
                .filter(|(by, id)| by == from && is(*id, *tile, &rules))
                .ok_or_else(|| {
                    format!("seat {seat} calls a {tile} that seat {from} did not let go")
                })?;
            let mut ids = vec![called];
            for piece in consumed {
                ids.push(writer.give_up(*seat, *piece, None, None)?);
            }
            ids.sort_unstable();
            let relative = ((from + 4 - seat) % 4) as u32;
            let at = ids.iter().position(|&id| id == called).unwrap_or(0) as u32;
            let packed = match kind {
                MeldKind::Chi => {
                    let base = ids[0] / 4;
                    let t = (base / 9) * 7 + base % 9;
                    let copies = (ids[0] % 4) << 3 | (ids[1] % 4) << 5 | (ids[2] % 4) << 7;
                    Packed {
                        m: (t * 3 + at) << 10 | copies | 0x4 | relative,
                        pon: None,
                    }
                }
                MeldKind::Pon => {
                    let kind = ids[0] / 4;
                    let unused = (0..4)
                        .find(|copy| !ids.contains(&(kind * 4 + copy)))
                        .unwrap_or(0);
                    let keep = (kind * 3 + at) << 9 | relative;
                    Packed {
                        m: keep | unused << 5 | 0x8,
                        pon: Some((kind as usize, keep)),
                    }
                }
                _ => Packed {
                    m: called << 8 | relative,
                    pon: None,
                },
            };
            let m = packed.m;
            writer.melds[*seat].push(packed);
            format!("<N who=\"{seat}\" m=\"{m}\" />")
        }
        Event::Ankan { seat, consumed } => {
            for piece in consumed {
                writer.give_up(*seat, *piece, None, None)?;
            }
            writer.last_draw[*seat] = None;
            let m = (consumed[0].tile.index() as u32 * 4) << 8;
            writer.melds[*seat].push(Packed { m, pon: None });
            writer.last_out = None;
            format!("<N who=\"{seat}\" m=\"{m}\" />")
        }
        Event::Kakan { seat, tile, .. } => {
            let id = writer.give_up(*seat, *tile, None, None)?;
            writer.last_draw[*seat] = None;
            let meld = writer.melds[*seat]
                .iter_mut()
                .find(|meld| meld.pon.is_some_and(|(kind, _)| kind == tile.tile.index()))
                .ok_or_else(|| format!("seat {seat} adds a {tile} to no pon"))?;
            let (_, keep) = meld.pon.take().expect("found by its pon");
            meld.m = keep | (id % 4) << 5 | 0x10;
            let m = meld.m;
            writer.last_out = Some((*seat, id));
            format!("<N who=\"{seat}\" m=\"{m}\" />")
        }
        Event::Kita { seat } => {
            let north = Piece::plain(mahjong::Tile::at(30));
            let id = writer.give_up(*seat, north, None, None)?;
            writer.last_draw[*seat] = None;
            let m = id << 8 | 0x20;
            writer.melds[*seat].push(Packed { m, pon: None });
            writer.last_out = Some((*seat, id));
            format!("<N who=\"{seat}\" m=\"{m}\" />")
        }
        Event::Dora { indicator } => {
            let id = writer.copies.take(*indicator)?;
            writer.indicators.push(id);
            format!("<DORA hai=\"{id}\" />")
        }
        Event::Win(win) => writer.agari(win)?,
        Event::Drawn {
            kind,
            tenpai,
            deltas,
        } => drawn_tag(writer, *kind, *tenpai, *deltas),
        Event::Chombo { seat, .. } => {
            return Err(format!(
                "seat {seat}'s chombo: an mjlog record has no such result (write tenhou.net/6 or mjai)"
            ));
        }
        Event::StartHand { .. } | Event::EndHand { .. } | Event::EndGame { .. } => {
            return Ok(None);
        }
    }))
}

/// The `RYUUKYOKU` tag of a draw (left open for `owari`): its `type` for all but the
/// exhaustive draw, and the hands shown: the tenpai seats' at an exhaustive draw or nagashi
/// mangan, the declarer's for nine terminals, every seat's for four riichi, the three
/// winners' for a triple ron.
fn drawn_tag(
    writer: &mut HandWriter,
    kind: DrawKind,
    tenpai: [bool; 4],
    deltas: [i32; 4],
) -> String {
    let name = match kind {
        DrawKind::Exhaustive => None,
        DrawKind::NagashiMangan => Some("nm"),
        DrawKind::NineTerminals => Some("yao9"),
        DrawKind::FourWinds => Some("kaze4"),
        DrawKind::FourRiichi => Some("reach4"),
        DrawKind::FourKans => Some("kan4"),
        DrawKind::TripleRon => Some("ron3"),
    };
    let players = usize::from(writer.rules.players);
    let shown = kind.hands_shown(
        tenpai,
        players,
        writer.drawer,
        writer.last_out.map(|(seat, _)| seat),
    );
    let ron = writer.last_out.map(|(_, id)| id);
    let mut tag = String::from("<RYUUKYOKU");
    if let Some(name) = name {
        let _ = write!(tag, " type=\"{name}\"");
    }
    let _ = write!(
        tag,
        " ba=\"{},{}\" sc=\"{}\"",
        writer.id.honba,
        writer.sticks,
        writer.sc(deltas)
    );
    for seat in shown {
        let extra = if kind == DrawKind::TripleRon {
            ron
        } else {
            None
        };
        let _ = write!(tag, " hai{seat}=\"{}\"", writer.hand_text(seat, extra));
    }
    writer.settle(deltas);
    tag
}
