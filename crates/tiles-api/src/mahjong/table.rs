//! `mahjong/game` with people at the table: `human` seats, whose decisions the request gives
//! (`moves`), and the game replayed from the seed up to the next decision a person must make.
//! The answer is what the `viewer` seat may see (its own tiles, every river, meld and
//! indicator, the scores), its legal decisions, the events since its previous decision (so a
//! page can show the bots' turns), each finished hand's result (the hands Tenhou shows: the
//! winners', the tenpai seats' at a draw, and the viewer's own) and, at the game's end, the
//! standings and the record in every format. The server keeps no game: the same request
//! always gives the same answer, so a reload resumes the game. Each answer's `checkpoint`
//! (see `seal::Checkpoint`) carries every decision so far, sealed; sent back, it spares the
//! next answer asking the bots again for the game so far.
//!
//! Unless the request chooses the seed (a practice game), the game is sealed (see `seal`):
//! the server makes the seed and reveals it only at the end, each person holds a token for
//! their own seat, a viewer is always a person's own seat, and with two or more people every
//! person is asked at every tile another seat lets go of, whether or not they may claim it, so
//! being asked tells nobody what another may do.

use mahjong::{MeldKind, Piece, Players};
use mahjong_game::mjai::wire::{event_json, for_players, mjai_order};
use mahjong_game::mjai::{decision_json, decision_of};
use mahjong_game::records::Shuffle;
use mahjong_game::records::convert::Target;
use mahjong_game::{Game, GameRules, MAX_MOVES, Meld, RiverTile, bot_named, encoding};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;
use tiles_core::{Bot, Stop};

use super::game::{GameRequest, GameResponse, describe};
pub(super) use super::hand_end::results;
pub use super::hand_end::{HandEndJson, ShownHandJson, WinJson};
use super::seal::{self, Checkpoint, Seal};
use crate::ApiError;

/// The seat name for a person, whose decisions a `mahjong/game` request gives.
pub const HUMAN: &str = "human";

/// One tile of a river.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct RiverTileJson {
    /// The tile, mpsz (`0p` a red five).
    pub tile: String,
    /// Discarded as it was drawn.
    pub tsumogiri: bool,
    /// The riichi declaration (shown sideways).
    pub riichi: bool,
    /// Taken by another seat's call (it shows in that seat's meld).
    pub called: bool,
}

/// One called meld.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct MeldJson {
    /// `chi`, `pon`, `daiminkan` (an open kan of a discard), `kakan` (a pon with its fourth
    /// tile added) or `ankan` (a concealed kan).
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// Its tiles, mpsz, in tile order (the called one among them).
    pub tiles: Vec<String>,
    /// The tile taken from a discard (null for a concealed kan).
    pub called: Option<String>,
    /// The seat it was taken from (null for a concealed kan).
    pub from: Option<usize>,
}

/// One tile the viewer waits on.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct WaitJson {
    /// The tile, mpsz.
    pub tile: String,
    /// Copies the viewer cannot see.
    pub unseen: u8,
    /// Why a ron on it would be refused now (`furiten`, `no yaku`), or null.
    pub ron: Option<&'static str>,
    /// Why a tsumo of it would be refused now (`no yaku`), or null.
    pub tsumo: Option<&'static str>,
}

/// A discard that leaves the viewer's hand ready (the table's hints).
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ReadyDiscardJson {
    /// The tile let go of, mpsz (a red five as its plain kind: `5m`).
    pub tile: String,
    /// What the hand would then wait on, each with the copies the viewer cannot see.
    pub waits: Vec<ReadyWaitJson>,
    /// Whether the hand would then be furiten (a wait among the viewer's discards, this one
    /// included, or a passed win that binds a riichi hand).
    pub furiten: bool,
}

/// One tile a ready hand would wait on.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ReadyWaitJson {
    /// The tile, mpsz.
    pub tile: String,
    /// Copies the viewer cannot see.
    pub unseen: u8,
}

/// One seat as the viewer sees it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SeatJson {
    /// The seat.
    pub seat: usize,
    /// Who plays it: a bot's name, or `human`.
    pub name: String,
    /// Its wind this hand: `E`, `S`, `W` or `N`.
    pub wind: char,
    /// Its points.
    pub score: i32,
    /// Whether it has declared riichi.
    pub riichi: bool,
    /// Its discards, in order.
    pub river: Vec<RiverTileJson>,
    /// Its called melds, in the order called.
    pub melds: Vec<MeldJson>,
    /// How many concealed tiles it holds.
    pub concealed: usize,
    /// Norths it has set aside (three players).
    pub north: u8,
}

/// What the viewer sees of the table now.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct TableJson {
    /// The viewer's seat.
    pub seat: usize,
    /// `E1-0`: the round's wind, the hand's number and the honba.
    pub round: String,
    /// The riichi sticks on the table.
    pub sticks: u32,
    /// The dealer's seat.
    pub dealer: usize,
    /// Live tiles left to draw.
    pub wall: u32,
    /// The dora indicators shown, mpsz.
    pub dora_indicators: Vec<String>,
    /// The viewer's concealed tiles, mpsz, in tile order, without the tile just drawn.
    pub hand: Vec<String>,
    /// The tile the viewer just drew, on its turn (null otherwise).
    pub drawn: Option<String>,
    /// The discard (or added kan's tile, or North) the viewer may claim now, and whose it is.
    pub claim: Option<ClaimJson>,
    /// Every seat, one per player.
    pub seats: Vec<SeatJson>,
    /// What the viewer waits on, when its hand is ready (on its turn, as it was before the
    /// tile it drew).
    pub waits: Vec<WaitJson>,
    /// On the viewer's turn to discard: each tile whose discard leaves its hand ready, with
    /// what it would then wait on (empty at any other moment).
    pub ready_discards: Vec<ReadyDiscardJson>,
}

/// A tile on the table that may be claimed.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ClaimJson {
    /// The tile, mpsz.
    pub tile: String,
    /// The seat it came from.
    pub from: usize,
}

/// The game's record in every format written.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct RecordsJson {
    /// mjai events, one JSON object per line.
    pub mjai: String,
    /// tenhou.net/6 JSON.
    pub tenhou6: String,
    /// Tenhou's mjlog XML (null for rules its `GO type` cannot state: red fives in some
    /// suits only).
    pub mjlog: Option<String>,
}

/// A sealed game's seal, revealed at its end.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SealJson {
    /// The seed every wall of the game followed from.
    pub seed: u64,
    /// The salt of the commitment, in hex.
    pub salt: String,
    /// The commitment shown from the first answer: the SHA-256 (hex) of
    /// `tiles mahjong seal v1\n<salt>\n<seed>`.
    pub commitment: String,
}

/// The final standings of a game with people.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct StandingsJson {
    /// The final result of each seat under the game's rules, in thousands (one decimal: 100
    /// points): its points less the returned points, with the uma and oka of its place (as
    /// Tenhou's records' `owari` writes it under Tenhou's rules), one per player.
    pub final_score: Vec<f64>,
    /// The Phoenix room's rank points of each seat's place, one per player.
    pub rank_points: Vec<f64>,
}

/// Whether a request plays at a table with people: a `human` seat, decisions given or a
/// viewer named.
pub(super) fn has_people(request: &GameRequest) -> bool {
    request
        .bots
        .names()
        .iter()
        .any(|name| name.eq_ignore_ascii_case(HUMAN))
        || !request.moves.is_empty()
        || request.viewer.is_some()
}

/// Who plays each seat: one of our bots, or a person (`None`).
type Seats = Vec<Option<&'static (dyn Bot<Game> + Sync)>>;

/// The seats a request names (one name fills every seat).
fn seats_of(request: &GameRequest, players: Players) -> Result<(Seats, Vec<String>), String> {
    let mut names: Vec<String> = request
        .bots
        .names()
        .iter()
        .map(|name| name.to_ascii_lowercase())
        .collect();
    if names.len() == 1 {
        names = vec![names[0].clone(); players.count()];
    }
    if names.len() != players.count() {
        return Err(format!(
            "bots: one name or {} are needed, got {}",
            players.in_words(),
            names.len()
        ));
    }
    let seats = names
        .iter()
        .map(|name| match name.as_str() {
            HUMAN => Ok(None),
            name => bot_named(name).map(Some).ok_or_else(|| {
                format!(
                    "bots: {name:?} cannot sit at a table with people: expected {} or {HUMAN}",
                    mahjong_game::BOT_NAMES.join(", ")
                )
            }),
        })
        .collect::<Result<_, _>>()?;
    Ok((seats, names))
}

/// How a table's walls are made.
enum Walls {
    /// The request chose the seed: a practice game, not sealed.
    Chosen(u64),
    /// Sealed: the server's seed.
    Sealed(Seal),
}

impl Walls {
    fn seed(&self) -> u64 {
        match self {
            Walls::Chosen(seed) => *seed,
            Walls::Sealed(seal) => seal.seed(),
        }
    }

    fn seal(&self) -> Option<&Seal> {
        match self {
            Walls::Chosen(_) => None,
            Walls::Sealed(seal) => Some(seal),
        }
    }

    /// What a checkpoint is bound to: a sealed game's nonce, a practice game's seed.
    fn id(&self) -> Vec<u8> {
        match self {
            Walls::Chosen(seed) => seed.to_le_bytes().to_vec(),
            Walls::Sealed(seal) => seal.id().to_vec(),
        }
    }
}

/// The seats in words: `0, 2`.
fn seat_list(seats: &[usize]) -> String {
    seats
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The walls a request's table is dealt from, and the seat its token opens.
fn walls_of(
    request: &GameRequest,
    people: &[usize],
    settings: &str,
) -> Result<(Walls, Option<usize>), ApiError> {
    let bad = |message: &str| Err(ApiError::BadRequest(message.to_owned()));
    let walls = match (request.seed, request.token.as_deref()) {
        (Some(_), Some(_)) => {
            return bad(
                "seed: a sealed game's seed is the server's: give its token, or a seed for a practice game, not both",
            );
        }
        (Some(seed), None) => (Walls::Chosen(seed), None),
        (None, Some(_)) if people.is_empty() => {
            return bad("token: only a table with people is sealed (a human seat)");
        }
        (None, None) if people.is_empty() => (Walls::Chosen(0), None),
        (None, Some(token)) => {
            let (seal, seat) = Seal::open(token, settings)?;
            (Walls::Sealed(seal), Some(seat))
        }
        (None, None) if !request.moves.is_empty() => {
            return bad(
                "moves: a sealed game's decisions go with its token (start a game with none, then send each answer's token back)",
            );
        }
        (None, None) => (Walls::Sealed(Seal::new()?), None),
    };
    if request.proof.is_some() && matches!(walls.0, Walls::Chosen(_)) {
        return bad("proof: only a sealed game's decisions have a proof");
    }
    Ok(walls)
}

/// The viewer: a sealed game's token's seat, else the one asked for or the one person.
fn viewer_of(
    request: &GameRequest,
    seats: &Seats,
    names: &[String],
    people: &[usize],
    opened: Option<usize>,
    players: Players,
) -> Result<usize, ApiError> {
    if let Some(seat) = opened {
        return match request.viewer {
            Some(viewer) if viewer != seat => Err(ApiError::BadRequest(format!(
                "viewer: this token opens seat {seat}'s view, not seat {viewer}'s"
            ))),
            _ => Ok(seat),
        };
    }
    match request.viewer {
        Some(viewer) if viewer >= players.count() => Err(ApiError::BadRequest(format!(
            "viewer: seat {viewer} is not at a table of {} players",
            players.count()
        ))),
        Some(viewer) if !people.is_empty() && seats[viewer].is_some() => {
            Err(ApiError::BadRequest(format!(
                "viewer: seat {viewer} is a bot's ({}): while people play, a viewer is one of their seats ({})",
                names[viewer],
                seat_list(people)
            )))
        }
        Some(viewer) => Ok(viewer),
        None => match people {
            [one] => Ok(*one),
            [] => Ok(0),
            _ => Err(ApiError::BadRequest(format!(
                "viewer: people play seats {}: say whose view the answer is (viewer), so that none sees another's tiles",
                seat_list(people)
            ))),
        },
    }
}

/// Answers a `mahjong/game` request with people at the table.
///
/// # Errors
///
/// Bad seats, viewer, token or proof; a decision that is not one, or not legal at its moment
/// (the legal ones listed), or another person's without a proof, or given after the game's
/// end; [`ApiError::Stopped`].
pub(super) fn play(
    request: &GameRequest,
    rules: GameRules,
    stop: &Stop,
) -> Result<GameResponse, ApiError> {
    let players = rules.players;
    let (seats, names) = seats_of(request, players)?;
    let people: Vec<usize> = players
        .seats()
        .filter(|&seat| seats[seat].is_none())
        .collect();
    let settings = seal::settings(&rules, &names);
    let (walls, opened) = walls_of(request, &people, &settings)?;
    let viewer = viewer_of(request, &seats, &names, &people, opened, players)?;
    if request.moves.len() > MAX_MOVES {
        return Err(ApiError::BadRequest(format!(
            "moves: at most {MAX_MOVES}, found {}",
            request.moves.len()
        )));
    }
    // A sealed game's decisions: those an answer's proof vouches for, then the viewer's own.
    let vouched = match (walls.seal(), &request.proof) {
        (Some(seal), Some(proof)) => seal.vouched(proof, &request.moves)?,
        _ => 0,
    };
    let seed = walls.seed();
    let mut game = Game::new(rules, seed);
    if people.len() >= 2 {
        game.ask_always(std::array::from_fn(|seat| people.contains(&seat)));
    }
    let mut since = 0;
    let mut awaited = None;
    let mut made = 0;
    // Every decision made, for the next checkpoint: those of the request's checkpoint played
    // again as they were (no bot asked), then the rest.
    let mut decisions: Vec<(u8, u16)> = Vec::new();
    let mut covered = 0;
    if let Some(text) = &request.checkpoint {
        let checkpoint = Checkpoint::open(text, &walls.id(), &settings, &request.moves)?;
        for (at, &(seat, id)) in checkpoint.decisions.iter().enumerate() {
            if at % 64 == 0 {
                stop.check()?;
            }
            let seat = usize::from(seat);
            let action = (game.to_move() == Some(seat))
                .then(|| encoding::action_of(&game, seat, usize::from(id)))
                .flatten()
                .ok_or("checkpoint: its decisions do not fit this game")?;
            if seat == viewer && seats[seat].is_none() {
                since = game.events().len();
            }
            game.act(seat, action)
                .map_err(|error| format!("checkpoint: seat {seat}: {error}"))?;
            decisions.push((seat as u8, id));
        }
        made = decisions.len();
        covered = checkpoint.covered;
    }
    let mut moves = request.moves.iter().enumerate().skip(covered);
    while let Some(seat) = game.to_move() {
        if made >= MAX_MOVES {
            break;
        }
        made += 1;
        stop.check()?;
        let view = game.view(seat);
        let action = match seats[seat] {
            Some(bot) => bot.choose(&view),
            None => {
                let Some((index, decision)) = moves.next() else {
                    awaited = Some(seat);
                    break;
                };
                if walls.seal().is_some() && index >= vouched && seat != viewer {
                    return Err(ApiError::BadRequest(format!(
                        "moves[{index}]: seat {seat} decides here, and a request adds only its viewer's decisions (seat {viewer}): another person's come with the proof of the answer that took them"
                    )));
                }
                if seat == viewer {
                    since = game.events().len();
                }
                decision_of(decision, &view)
                    .map_err(|error| format!("moves[{index}] (seat {seat}): {error}"))?
            }
        };
        decisions.push((seat as u8, encoding::action_id(&game, &action) as u16));
        game.act(seat, action)
            .map_err(|error| format!("seat {seat}: {error}"))?;
    }
    if let Some((index, _)) = moves.next() {
        return Err(ApiError::BadRequest(format!(
            "moves[{index}]: the game is over"
        )));
    }
    let over = game.is_over();
    let legal = match awaited {
        Some(seat) if seat == viewer => {
            let view = game.view(seat);
            view.legal
                .iter()
                .map(|&action| decision_json(action, &view))
                .collect()
        }
        _ => Vec::new(),
    };
    let events: Vec<Value> = mjai_order(&game.events()[since..])
        .into_iter()
        .filter_map(|event| event_json(event, Some(viewer)))
        .map(|value| for_players(value, players))
        .collect();
    let seal = walls.seal();
    let shuffle = Shuffle {
        seed,
        salt: seal.map(Seal::salt),
        commitment: seal.map(Seal::commitment),
    };
    let records = over
        .then(|| records(rules, &game, &names, &shuffle))
        .transpose()?;
    let record = match (&records, request.record.as_str()) {
        (Some(records), "mjai") => Some(records.mjai.clone()),
        (Some(records), "tenhou6" | "tenhou") => Some(records.tenhou6.clone()),
        (Some(records), "mjlog") => records.mjlog.clone(),
        _ => None,
    };
    Ok(GameResponse {
        seed: (seal.is_none() || over).then_some(seed),
        bots: names.clone(),
        hands: describe(game.events(), players),
        final_scores: over.then(|| players.of(&game.scores()).to_vec()),
        ranks: over.then(|| game.places()),
        record,
        failure: None,
        to_move: Some(awaited),
        view: Some(table(&game, viewer, &names)),
        legal: Some(legal),
        events: Some(events),
        results: Some(results(game.events(), players, Some(viewer))),
        records,
        standings: over.then(|| {
            let points = mahjong_game::default_rank_points(players.count());
            StandingsJson {
                final_score: players
                    .of(&game.final_score())
                    .iter()
                    .map(|&hundreds| f64::from(hundreds) / 10.0)
                    .collect(),
                rank_points: game
                    .places()
                    .iter()
                    .map(|&place| points[place - 1])
                    .collect(),
            }
        }),
        sealed: Some(seal.is_some()),
        token: seal.map(|seal| seal.token(viewer, &settings)),
        // A sealed game no token opened starts with this answer: each person's token.
        tokens: seal.filter(|_| opened.is_none()).map(|seal| {
            players
                .seats()
                .map(|seat| seats[seat].is_none().then(|| seal.token(seat, &settings)))
                .collect()
        }),
        proof: seal.map(|seal| seal.proof(&request.moves)),
        checkpoint: (!over)
            .then(|| {
                Checkpoint {
                    covered: request.moves.len(),
                    decisions,
                }
                .seal(&walls.id(), &settings, &request.moves)
            })
            .transpose()?,
        commitment: seal.map(Seal::commitment),
        seal: seal.filter(|_| over).map(|seal| SealJson {
            seed,
            salt: seal.salt(),
            commitment: seal.commitment(),
        }),
    })
}

/// The record in every format, stating how its walls were made.
fn records(
    rules: GameRules,
    game: &Game,
    names: &[String],
    shuffle: &Shuffle,
) -> Result<RecordsJson, ApiError> {
    let write = |target: Target| {
        target
            .write_with(rules, game.events(), names, Some(shuffle))
            .map_err(|error| ApiError::BadRequest(format!("record: {error}")))
    };
    Ok(RecordsJson {
        mjai: write(Target::Mjai)?,
        tenhou6: write(Target::Tenhou6)?,
        mjlog: mahjong_game::records::mjlog::can_write(&rules)
            .is_ok()
            .then(|| write(Target::Mjlog))
            .transpose()?,
    })
}

/// Tiles in mpsz, one name each.
pub(super) fn names_of(pieces: &[Piece]) -> Vec<String> {
    pieces.iter().map(ToString::to_string).collect()
}

pub(super) fn meld_json(meld: &Meld) -> MeldJson {
    MeldJson {
        kind: match meld.kind {
            MeldKind::Chi => "chi",
            MeldKind::Pon => "pon",
            MeldKind::Kan if meld.added => "kakan",
            MeldKind::Kan => "daiminkan",
            MeldKind::Ankan => "ankan",
        },
        tiles: names_of(&meld.tiles),
        called: meld.called.map(|(tile, _)| tile.to_string()),
        from: meld.called.map(|(_, from)| from),
    }
}

pub(super) fn river_json(tile: &RiverTile) -> RiverTileJson {
    RiverTileJson {
        tile: tile.tile.to_string(),
        tsumogiri: tile.tsumogiri,
        riichi: tile.riichi,
        called: tile.called,
    }
}

/// The table as `viewer` sees it.
fn table(game: &Game, viewer: usize, names: &[String]) -> TableJson {
    let view = game.view(viewer);
    let mut hand = view.hand.clone();
    if let Some(drawn) = view.drawn
        && let Some(at) = hand.iter().position(|piece| *piece == drawn)
    {
        hand.remove(at);
    }
    TableJson {
        seat: viewer,
        round: view.hand_id.to_string(),
        sticks: view.sticks,
        dealer: view.dealer,
        wall: view.live_left,
        dora_indicators: names_of(&view.indicators),
        hand: names_of(&hand),
        drawn: view.drawn.map(|piece| piece.to_string()),
        claim: view.claimable.map(|(tile, from)| ClaimJson {
            tile: tile.to_string(),
            from,
        }),
        seats: game
            .players()
            .seats()
            .map(|seat| SeatJson {
                seat,
                name: names[seat].clone(),
                wind: game.seat_wind(seat).letter(),
                score: view.scores[seat],
                riichi: view.riichi[seat],
                river: view.rivers[seat].iter().map(river_json).collect(),
                melds: view.melds[seat].iter().map(meld_json).collect(),
                concealed: game.hand(seat).len(),
                north: view.kita[seat],
            })
            .collect(),
        waits: game
            .waits(viewer)
            .iter()
            .map(|wait| WaitJson {
                tile: wait.tile.to_string(),
                unseen: wait.unseen,
                ron: wait.ron,
                tsumo: wait.tsumo,
            })
            .collect(),
        ready_discards: game
            .ready_discards(viewer)
            .into_iter()
            .map(|ready| ReadyDiscardJson {
                tile: ready.tile.to_string(),
                waits: ready
                    .waits
                    .iter()
                    .map(|&(tile, unseen)| ReadyWaitJson {
                        tile: tile.to_string(),
                        unseen,
                    })
                    .collect(),
                furiten: ready.furiten,
            })
            .collect(),
    }
}
