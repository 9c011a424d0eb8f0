//! Tenhou's mjlog XML: `<mjloggm ver="2.3">` and a flat list of tags.
//!
//! `GO type` holds the room's rules (0x02: no red fives, 0x04: no open tanyao, 0x08: hanchan,
//! 0x10: three players, 0x40: fast; 0x01 and the level bits 0x20 and 0x80 change no rule);
//! `INIT seed="hand,honba,
//! sticks,dice,dice,indicator" ten="…" oya="…" hai0..3="…"` deals (tiles as 0-135: kind =
//! tile / 4; 16, 52 and 88 are the red fives); `T U V W` + tile are draws by seats 0-3, `D E F
//! G` + tile their discards; `N who m` a call (`m` packs the meld); `REACH who step` riichi
//! (step 2 when the stick is paid); `DORA hai` a new indicator; `AGARI` a win (`ten="fu,
//! points,limit"`, `yaku="id,han,…"` or `yakuman="id,…"`, `doraHaiUra`, `who`, `fromWho`,
//! `paoWho`, `sc` = each seat's points and change in hundreds); `RYUUKYOKU` a draw (`type`
//! for an abortive one); `owari` on the last result gives the final points.
//!
//! The file is flat tags with attributes and no text, so it is read by a small scanner rather
//! than a general XML parser.

mod lobby;
mod write;
mod yaku;

pub use lobby::{lobby_rules, lobby_type};
pub use write::{can_write, write, write_with};

use lobby::custom_lobby;
use tiles_core::{Stop, Stopped};
use yaku::{tenhou_id, yaku_of};

use super::{
    CallLog, GameLog, HandLog, LogError, Logged, LoggedEnd, LoggedWin, Notation, Source, TurnLog,
};
use crate::engine::{DrawKind, GameRules, HandId};
use mahjong::Tile;
use mahjong::{MeldKind, Piece, Wind};

/// One tag: its name, its attributes, the byte offset it starts at and its text.
struct Tag<'a> {
    name: &'a str,
    attributes: Vec<(&'a str, &'a str)>,
    offset: usize,
    raw: &'a str,
}

impl Tag<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(name, _)| *name == key)
            .map(|(_, value)| *value)
    }
}

/// The tags of the text, or the offset of the first that is not well formed.
fn tags(text: &str) -> Result<Vec<Tag<'_>>, usize> {
    let mut found = Vec::new();
    let mut rest = text;
    let mut offset = 0;
    while let Some(start) = rest.find('<') {
        let at = offset + start;
        let body_start = start + 1;
        let end = rest[body_start..].find('>').ok_or(at)? + body_start;
        let body = rest[body_start..end].trim_end_matches('/').trim();
        if !body.starts_with('/') && !body.starts_with('?') && !body.starts_with('!') {
            let (name, mut attributes_text) =
                body.split_once(char::is_whitespace).unwrap_or((body, ""));
            let mut attributes = Vec::new();
            loop {
                attributes_text = attributes_text.trim_start();
                if attributes_text.is_empty() {
                    break;
                }
                let (key, after) = attributes_text.split_once('=').ok_or(at)?;
                let after = after.trim_start();
                let after = after.strip_prefix('"').ok_or(at)?;
                let close = after.find('"').ok_or(at)?;
                attributes.push((key.trim(), &after[..close]));
                attributes_text = &after[close + 1..];
            }
            found.push(Tag {
                name,
                attributes,
                offset: at,
                raw: &text[at..offset + end + 1],
            });
        }
        offset += end + 1;
        rest = &text[offset..];
    }
    Ok(found)
}

/// The line and column of a byte offset.
fn line_column(text: &str, offset: usize) -> String {
    Lines::default().place(text, offset)
}

/// Line and column of offsets met in increasing order, each found from the last one (so a
/// file's every tag costs one pass over the file, not one each).
#[derive(Default)]
struct Lines {
    /// The offset counted up to, the lines before it, and where its line starts.
    offset: usize,
    newlines: usize,
    line_start: usize,
}

impl Lines {
    /// `line 3, column 7` of `offset` (at least the last offset asked for).
    fn place(&mut self, text: &str, offset: usize) -> String {
        let offset = offset.min(text.len()).max(self.offset);
        for (at, _) in text[self.offset..offset].match_indices('\n') {
            self.newlines += 1;
            self.line_start = self.offset + at + 1;
        }
        self.offset = offset;
        format!(
            "line {}, column {}",
            self.newlines + 1,
            offset - self.line_start + 1
        )
    }
}

/// A tile 0-135 as a piece (16, 52 and 88 red when the rules have a red five of the suit).
fn piece(id: u32, rules: &GameRules) -> Option<Piece> {
    let tile = Tile::from_index((id / 4) as usize)?;
    Some(Piece {
        tile,
        red: matches!(id, 16 | 52 | 88) && rules.red_in_suit((id / 36) as usize),
    })
}

fn numbers(text: &str) -> Result<Vec<i64>, String> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    text.split(',')
        .map(|part| {
            part.trim()
                .parse::<f64>()
                .map(|value| value as i64)
                .map_err(|_| format!("{part:?} is not a number"))
        })
        .collect()
}

/// A decoded call.
enum Call {
    Chi {
        tiles: [u32; 3],
        called: u32,
    },
    Pon {
        tiles: [u32; 3],
        called: u32,
    },
    Kakan {
        added: u32,
    },
    Kan {
        tiles: [u32; 4],
        called: u32,
    },
    /// A North set aside (three players): the tile id.
    Kita {
        tile: u32,
    },
}

/// Decodes `m`, as Tenhou packs it: bit 2 a chi, bits 3/4 a pon or an added kan, bit 5 a
/// North set aside (three players; the tile id above the low byte), else a kan (from the
/// seat itself when the low bits are 0: concealed).
fn decode(m: u32) -> (Call, u32) {
    let from = m & 3;
    if m & 0x4 != 0 {
        let t = m >> 10;
        let called_at = (t % 3) as usize;
        let t = t / 3;
        let base = (t / 7) * 9 + t % 7;
        let tiles = [
            base * 4 + ((m >> 3) & 3),
            (base + 1) * 4 + ((m >> 5) & 3),
            (base + 2) * 4 + ((m >> 7) & 3),
        ];
        return (
            Call::Chi {
                tiles,
                called: tiles[called_at],
            },
            from,
        );
    }
    if m & 0x18 != 0 {
        let t = m >> 9;
        let called_at = (t % 3) as usize;
        let kind = t / 3;
        let unused = (m >> 5) & 3;
        let copies: Vec<u32> = (0..4)
            .filter(|&copy| copy != unused)
            .map(|copy| kind * 4 + copy)
            .collect();
        let tiles = [copies[0], copies[1], copies[2]];
        if m & 0x8 != 0 {
            return (
                Call::Pon {
                    tiles,
                    called: tiles[called_at],
                },
                from,
            );
        }
        return (
            Call::Kakan {
                added: kind * 4 + unused,
            },
            from,
        );
    }
    if m & 0x20 != 0 {
        return (Call::Kita { tile: m >> 8 }, from);
    }
    let called = m >> 8;
    let kind = called / 4;
    let tiles = [kind * 4, kind * 4 + 1, kind * 4 + 2, kind * 4 + 3];
    (Call::Kan { tiles, called }, from)
}

/// A hand being read.
struct Reading {
    hand: HandLog,
    last_draw: [Option<u32>; 4],
    riichi_next: [bool; 4],
    /// Discards each seat has made (a call names the discard it took by this count).
    discards: [usize; 4],
}

/// Reads an mjlog: the hands read, and the error where reading stopped, if it did.
pub fn read(text: &str) -> (GameLog, Option<LogError>) {
    read_until(text, &Stop::never()).expect("never stopped")
}

/// [`read`], giving up once `stop` is raised (checked every [`super::STOP_EVERY`] tags).
///
/// # Errors
///
/// [`Stopped`].
pub fn read_until(text: &str, stop: &Stop) -> Result<(GameLog, Option<LogError>), Stopped> {
    let mut log = GameLog::empty(Notation::Mpsz);
    let tags = match tags(text) {
        Ok(tags) => tags,
        Err(offset) => {
            return Ok((
                log,
                Some(LogError::new(
                    line_column(text, offset),
                    "a tag is not closed or not well formed",
                )),
            ));
        }
    };
    let mut current: Option<Reading> = None;
    let mut lines = Lines::default();
    for (index, tag) in tags.iter().enumerate() {
        if index % super::STOP_EVERY == 0 {
            stop.check()?;
        }
        let place = lines.place(text, tag.offset);
        if let Err(mut message) = read_tag(tag, &place, &mut log, &mut current) {
            if let Some(reading) = current.take() {
                log.hands.push(reading.hand);
            }
            if let Some(rule) = tag.get("csrule").filter(|_| tag.name == "GO") {
                message = custom_lobby(rule, &log.rules, &tags);
            }
            return Ok((
                log,
                Some(LogError::new(place, format!("<{}>: {message}", tag.name))),
            ));
        }
    }
    let cut = current
        .as_ref()
        .is_some_and(|reading| reading.hand.end.is_none());
    if let Some(reading) = current.take() {
        log.hands.push(reading.hand);
    }
    let error = if log.hands.is_empty() {
        Some(LogError::new(
            line_column(text, text.len()),
            "no hand in the record (no INIT)",
        ))
    } else if cut {
        let id = log
            .hands
            .last()
            .map(|hand| hand.id.to_string())
            .unwrap_or_default();
        Some(LogError::new(
            line_column(text, text.len()),
            format!("the record stops in hand {id}, before its result"),
        ))
    } else if log.final_scores.is_none() {
        Some(LogError::new(
            line_column(text, text.len()),
            "the record stops before the game's end (no owari)",
        ))
    } else {
        None
    };
    Ok((log, error))
}

fn attribute<'a>(tag: &'a Tag<'_>, key: &str) -> Result<&'a str, String> {
    tag.get(key).ok_or_else(|| format!("no {key}=\"…\""))
}

fn read_tag(
    tag: &Tag<'_>,
    place: &str,
    log: &mut GameLog,
    current: &mut Option<Reading>,
) -> Result<(), String> {
    let rules = log.rules;
    let source = || Source::new(place, tag.raw);
    let name = tag.name;
    match name {
        "GO" => {
            let text = attribute(tag, "type")?;
            let kind = text
                .parse::<u32>()
                .map_err(|_| format!("type={text:?}: not a number"))?;
            log.rules = lobby_rules(kind)?;
            log.rules_stated = true;
            log.length_stated = true;
            // Ours: a rule set other than a Tenhou lobby's, named in full.
            if let Some(named) = tag.get("rules") {
                log.rules = named
                    .parse()
                    .map_err(|error| format!("rules={named:?}: {error}"))?;
            }
            if tag.get("csrule").is_some() {
                // Refused in `read`, which sees the rest of the record.
                return Err(String::new());
            }
        }
        "UN" => {
            if tag.get("n0").is_some() {
                let names: Vec<String> = (0..usize::from(log.rules.players))
                    .map(|seat| percent_decode(tag.get(&format!("n{seat}")).unwrap_or_default()))
                    .collect();
                log.names = super::names_of(names.iter().map(|name| Some(name.as_str())))?;
            }
        }
        "INIT" => {
            if let Some(reading) = current.take() {
                let ended = reading.hand.end.is_some();
                log.hands.push(reading.hand);
                if !ended {
                    return Err(format!(
                        "a new hand before the result of hand {}",
                        log.hands
                            .last()
                            .map(|hand| hand.id.to_string())
                            .unwrap_or_default()
                    ));
                }
            }
            let seed = numbers(attribute(tag, "seed")?)?;
            let ten = numbers(attribute(tag, "ten")?)?;
            if seed.len() != 6 || ten.len() != 4 {
                return Err("seed has 6 numbers and ten 4".to_owned());
            }
            let number = seed[0];
            if !(0..16).contains(&number) {
                return Err(format!("no hand {number}"));
            }
            let dealer = attribute(tag, "oya")?
                .parse::<usize>()
                .ok()
                .filter(|&seat| seat < 4)
                .ok_or("oya: not a seat 0-3")?;
            let indicator = piece(seed[5] as u32, &rules).ok_or("the indicator is no tile")?;
            let mut hands: [Vec<Piece>; 4] = Default::default();
            for (seat, hand) in hands.iter_mut().enumerate() {
                for id in numbers(attribute(tag, &format!("hai{seat}"))?)? {
                    hand.push(
                        piece(id as u32, &rules).ok_or(format!("hai{seat}: {id} is no tile"))?,
                    );
                }
            }
            match (rules.three_player(), hands[3].is_empty()) {
                (true, false) => {
                    return Err(format!(
                        "hai3 deals {} tiles, but GO type says three players (0x10): seat 3 is empty",
                        hands[3].len()
                    ));
                }
                (false, true) => {
                    return Err(
                        "hai3 deals no tiles, but GO type says four players (no 0x10)".to_owned(),
                    );
                }
                _ => {}
            }
            *current = Some(Reading {
                hand: HandLog {
                    id: HandId {
                        wind: Wind::ALL[(number / 4) as usize],
                        number: (number % 4) as u8 + 1,
                        honba: seed[1] as u32,
                    },
                    dealer,
                    sticks: seed[2] as u32,
                    scores: std::array::from_fn(|seat| ten[seat] as i32 * 100),
                    indicators: vec![indicator],
                    ura: Vec::new(),
                    hands,
                    draws: Default::default(),
                    turns: Default::default(),
                    calls: Default::default(),
                    end: None,
                },
                last_draw: [None; 4],
                riichi_next: [false; 4],
                discards: [0; 4],
            });
        }
        "DORA" => {
            let reading = current.as_mut().ok_or("a DORA outside a hand")?;
            let id = attribute(tag, "hai")?
                .parse::<u32>()
                .map_err(|_| "hai: not a tile")?;
            reading
                .hand
                .indicators
                .push(piece(id, &rules).ok_or("hai: not a tile")?);
        }
        "REACH" => {
            let reading = current.as_mut().ok_or("a REACH outside a hand")?;
            let seat = attribute(tag, "who")?
                .parse::<usize>()
                .map_err(|_| "who: not a seat")?;
            if seat > 3 {
                return Err("who: not a seat".to_owned());
            }
            if attribute(tag, "step")? == "1" {
                reading.riichi_next[seat] = true;
            }
        }
        "N" => {
            let reading = current.as_mut().ok_or("a call outside a hand")?;
            let seat = attribute(tag, "who")?
                .parse::<usize>()
                .map_err(|_| "who: not a seat")?;
            let m = attribute(tag, "m")?
                .parse::<u32>()
                .map_err(|_| "m: not a number")?;
            if seat > 3 {
                return Err("who: not a seat".to_owned());
            }
            let tile = |id: u32| piece(id, &rules).ok_or(format!("m: {id} is no tile"));
            if seat >= usize::from(rules.players) {
                return Err(format!("who: seat {seat} is empty with three players"));
            }
            let (call, relative) = decode(m);
            let from = (seat + relative as usize) % 4;
            if from >= usize::from(rules.players) {
                return Err(format!(
                    "m: a call from seat {from}, empty with three players"
                ));
            }
            let discard = reading.discards[from];
            let draws_before = reading.hand.draws[seat].len();
            let mut push = |kind, tiles: &[u32], called: u32| -> Result<(), String> {
                let consumed = tiles
                    .iter()
                    .filter(|&&id| id != called)
                    .map(|&id| tile(id))
                    .collect::<Result<Vec<_>, _>>()?;
                let call = CallLog {
                    kind,
                    from,
                    tile: tile(called)?,
                    consumed,
                    discard: Some(discard),
                    draws_before: Some(draws_before),
                };
                reading.hand.calls[seat].push_back(Logged::new(call, source()));
                Ok(())
            };
            match call {
                Call::Chi { tiles, called } => push(MeldKind::Chi, &tiles, called)?,
                Call::Pon { tiles, called } => push(MeldKind::Pon, &tiles, called)?,
                Call::Kan { tiles, called } if relative != 0 => {
                    push(MeldKind::Kan, &tiles, called)?
                }
                Call::Kan { tiles, .. } => {
                    let turn = TurnLog::Ankan(tile(tiles[0])?.tile);
                    reading.hand.turns[seat].push_back(Logged::new(turn, source()));
                }
                Call::Kakan { added } => {
                    let turn = TurnLog::Kakan(tile(added)?);
                    reading.hand.turns[seat].push_back(Logged::new(turn, source()));
                }
                Call::Kita { tile: id } => {
                    if !rules.three_player() {
                        return Err("a North set aside (kita) in a four-player game".to_owned());
                    }
                    if tile(id)?.tile.index() != 30 {
                        return Err(format!("m: kita of tile {id}, not a North"));
                    }
                    reading.hand.turns[seat].push_back(Logged::new(TurnLog::Kita, source()));
                }
            }
        }
        "AGARI" => {
            let reading = current.as_mut().ok_or("a win outside a hand")?;
            let win = read_agari(tag, source())?;
            if let Some(ura) = tag.get("doraHaiUra") {
                reading.hand.ura = numbers(ura)?
                    .into_iter()
                    .map(|id| {
                        piece(id as u32, &rules).ok_or(format!("doraHaiUra: {id} is no tile"))
                    })
                    .collect::<Result<_, _>>()?;
            }
            match &mut reading.hand.end {
                Some(LoggedEnd::Wins(wins)) => wins.push(win),
                _ => reading.hand.end = Some(LoggedEnd::Wins(vec![win])),
            }
            end_of_hand(tag, log, current)?;
        }
        "RYUUKYOKU" => {
            let reading = current.as_mut().ok_or("a draw outside a hand")?;
            let kind = match tag.get("type") {
                None => DrawKind::Exhaustive,
                Some("yao9") => DrawKind::NineTerminals,
                Some("reach4") => DrawKind::FourRiichi,
                Some("ron3") => DrawKind::TripleRon,
                Some("kan4") => DrawKind::FourKans,
                Some("kaze4") => DrawKind::FourWinds,
                Some("nm") => DrawKind::NagashiMangan,
                Some(other) => return Err(format!("unknown draw type {other:?}")),
            };
            let deltas = changes(tag)?;
            reading.hand.end = Some(LoggedEnd::Drawn {
                kind: Some(kind),
                deltas,
                source: source(),
            });
            end_of_hand(tag, log, current)?;
        }
        _ => {
            let mut letters = name.chars();
            let (Some(letter), number) = (letters.next(), letters.as_str()) else {
                return Ok(());
            };
            let Ok(id) = number.parse::<u32>() else {
                return Ok(());
            };
            let reading = current.as_mut().ok_or("a draw or discard outside a hand")?;
            let tile = piece(id, &rules).ok_or(format!("{id} is no tile"))?;
            match letter {
                'T' | 'U' | 'V' | 'W' => {
                    let seat = (letter as u8 - b'T') as usize;
                    reading.hand.draws[seat].push(tile);
                    reading.last_draw[seat] = Some(id);
                }
                'D' | 'E' | 'F' | 'G' => {
                    let seat = (letter as u8 - b'D') as usize;
                    let tsumogiri = reading.last_draw[seat] == Some(id);
                    reading.last_draw[seat] = None;
                    let riichi = std::mem::take(&mut reading.riichi_next[seat]);
                    reading.discards[seat] += 1;
                    let turn = TurnLog::Discard {
                        tile: Some(tile),
                        tsumogiri,
                        riichi,
                    };
                    reading.hand.turns[seat].push_back(Logged::new(turn, source()));
                }
                _ => {}
            }
        }
    }
    Ok(())
}

/// Each seat's change of points, from `sc` (points and change in hundreds, seat by seat).
fn changes(tag: &Tag<'_>) -> Result<[i32; 4], String> {
    let sc = numbers(attribute(tag, "sc")?)?;
    if sc.len() == 16 {
        return Err(
            "sc has 16 numbers (points and chips): chip lobbies are not supported".to_owned(),
        );
    }
    if sc.len() != 8 {
        return Err(format!(
            "sc has {} numbers: expected 8 (points and change of four seats)",
            sc.len()
        ));
    }
    Ok(std::array::from_fn(|seat| sc[2 * seat + 1] as i32 * 100))
}

fn read_agari(tag: &Tag<'_>, source: Source) -> Result<LoggedWin, String> {
    let seat_of = |key: &str| -> Result<usize, String> {
        attribute(tag, key)?
            .parse::<usize>()
            .ok()
            .filter(|&seat| seat < 4)
            .ok_or_else(|| format!("{key}: not a seat 0-3"))
    };
    let seat = seat_of("who")?;
    let from = seat_of("fromWho")?;
    let pao = tag
        .get("paoWho")
        .map(|who| who.parse::<usize>().map_err(|_| "paoWho: not a seat"))
        .transpose()?;
    let ten = numbers(attribute(tag, "ten")?)?;
    if ten.len() < 2 {
        return Err("ten has fu and points".to_owned());
    }
    let mut yaku = Vec::new();
    let mut han = 0;
    if let Some(list) = tag.get("yaku") {
        let list = numbers(list)?;
        for pair in list.chunks(2) {
            let [id, count] = pair else {
                return Err("yaku has pairs of id and han".to_owned());
            };
            han += *count as u32;
            if *count == 0 {
                continue;
            }
            let known = yaku_of(*id).ok_or(format!("yaku {id} is not one of Tenhou's"))?;
            yaku.push((known, *count as u32));
        }
    }
    if let Some(list) = tag.get("yakuman") {
        for id in numbers(list)? {
            let known = match yaku_of(id) {
                Some(mahjong::Yaku::Renhou) => mahjong::Yaku::RenhouYakuman,
                known => known.ok_or(format!("yakuman {id} is not one of Tenhou's"))?,
            };
            yaku.push((known, 13));
            han += 13;
        }
    }
    let fu = ten[0] as u32;
    Ok(LoggedWin {
        seat,
        from,
        pao: pao.filter(|&liable| liable != seat),
        han: Some(han),
        fu: Some(fu),
        points: Some(ten[1] as u32),
        yaku: Some(yaku),
        deltas: changes(tag)?,
        source,
    })
}

/// After a result: the hand is read once no second win follows; `owari` ends the game.
fn end_of_hand(
    tag: &Tag<'_>,
    log: &mut GameLog,
    current: &mut Option<Reading>,
) -> Result<(), String> {
    if let Some(owari) = tag.get("owari") {
        let values = numbers(owari)?;
        if values.len() == 16 {
            return Err(
                "owari has 16 numbers (points and chips): chip lobbies are not supported"
                    .to_owned(),
            );
        }
        if values.len() < 8 {
            return Err(format!(
                "owari has {} numbers: expected 8 (points and placement points of four seats)",
                values.len()
            ));
        }
        log.final_scores = Some(std::array::from_fn(|seat| values[2 * seat] as i32 * 100));
    }
    // A double ron is two AGARI tags in a row: keep the hand open until the next INIT or the
    // end (it is pushed there).
    let _ = current;
    Ok(())
}

/// Names in `UN` are percent-encoded UTF-8.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] == b'%'
            && let Some(value) = text
                .get(at + 1..at + 3)
                .and_then(|hex| u8::from_str_radix(hex, 16).ok())
        {
            out.push(value);
            at += 3;
            continue;
        }
        out.push(bytes[at]);
        at += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}
