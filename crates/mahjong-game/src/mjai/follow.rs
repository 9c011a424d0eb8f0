//! A game followed from one seat's mjai events: what an mjai bot sees of a game hosted
//! elsewhere (its own tiles, the table, others' tiles as `?`), kept in the engine's own state
//! so the seat's legal actions and its [`View`] are the engine's, furiten, kuikae, riichi and
//! the wall's end included.
//!
//! Only the seat's own hand is known: others' hands stay empty, and their moves are taken as
//! the host tells them (the host judged them). Every move of the seat itself is checked as the
//! engine would.

use serde_json::Value;

use crate::engine::GameRules;
use crate::engine::HandId;
use crate::engine::View;
use crate::engine::Wall;
use crate::engine::legal::kuikae;
use crate::engine::state::{Claimed, Game, Phase, Riichi, RiverTile, bit};
use crate::engine::{Action, Meld};
use crate::mjai::wire::{field, four, round_of, seat as seat_field, start_game_rules, tile, tiles};
use mahjong::{MeldKind, Piece, Wind};
use tiles_core::SplitMix;

/// A game seen by one seat, event by event.
#[derive(Debug, Clone)]
pub struct Follower {
    game: Game,
    seat: Option<usize>,
    rules: GameRules,
    /// The rules until `start_game` says otherwise (its switches apply over them).
    default: GameRules,
    /// Each seat's next draw is a kan's replacement tile.
    replacement: [bool; 4],
    /// A seat declared riichi: its next discard declares it.
    declaring: [bool; 4],
}

impl Follower {
    /// A follower for `seat` (or the seat `start_game` names, if `None`), under Tenhou's rules
    /// until `start_game` says otherwise.
    pub fn new(seat: Option<usize>) -> Follower {
        Follower::with_rules(seat, GameRules::TENHOU)
    }

    /// A follower under `rules` until `start_game` says otherwise (Tenhou's three-player
    /// rules for a host that does not say the number of players, say).
    pub fn with_rules(seat: Option<usize>, rules: GameRules) -> Follower {
        Follower {
            game: empty(rules),
            seat,
            rules,
            default: rules,
            replacement: [false; 4],
            declaring: [false; 4],
        }
    }

    /// The seat followed, once known.
    pub fn seat(&self) -> Option<usize> {
        self.seat
    }

    /// The rules the game is played under (as `start_game` gave them).
    pub fn rules(&self) -> GameRules {
        self.rules
    }

    /// The game as the seat knows it (others' hands empty).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whether `seat` has declared riichi (`reach`) and its declaring discard is next.
    pub fn declaring(&self, seat: usize) -> bool {
        self.declaring[seat]
    }

    /// The seat's view, when it has a decision to make (its legal actions not empty).
    pub fn decision(&self) -> Option<View> {
        let seat = self.seat?;
        // The view (every river and meld copied) only when the seat decides.
        self.game
            .deciding()
            .contains(&seat)
            .then(|| self.game.view(seat))
    }

    /// Takes in one event.
    ///
    /// # Errors
    ///
    /// What is wrong with it: a field missing or of the wrong kind, a tile the seat does not
    /// hold, a call on no discard, an event out of place.
    pub fn apply(&mut self, event: &Value) -> Result<(), String> {
        let kind = field(event, "type")?
            .as_str()
            .ok_or("\"type\": expected text")?;
        // A claim window closes with the next event that is not its kan's indicator or a win.
        if !matches!(kind, "dora" | "hora" | "none") {
            self.settle();
        }
        match kind {
            "start_game" => {
                if self.seat.is_none() {
                    self.seat = Some(seat_field(event, "id")?);
                }
                let mut rules = self.default;
                start_game_rules(event, &mut rules)?;
                if let Some(players) = event.get("num_players") {
                    let players = players
                        .as_u64()
                        .ok_or_else(|| format!("num_players is {players}: not a count"))
                        .and_then(|count| {
                            mahjong::Players::try_from(count)
                                .map_err(|error| format!("num_players: {error}"))
                        })?;
                    rules = rules.with_players(players);
                }
                self.rules = rules;
                self.game = empty(rules);
            }
            "start_kyoku" => self.start_hand(event)?,
            "tsumo" => self.draw(event)?,
            "dahai" => self.discard(event)?,
            "reach" => self.declaring[seat_field(event, "actor")?] = true,
            "reach_accepted" => {
                let actor = seat_field(event, "actor")?;
                let riichi = &mut self.game.riichi[actor];
                riichi.accepted = true;
                riichi.ippatsu = true;
                self.game.sticks += 1;
                match event.get("scores") {
                    Some(scores) => self.game.scores = four(scores, "scores")?,
                    None => self.game.scores[actor] -= 1000,
                }
            }
            "chi" | "pon" | "daiminkan" => self.call(kind, event)?,
            "ankan" => self.ankan(event)?,
            "kakan" => self.kakan(event)?,
            "kita" | "nukidora" => self.kita(event)?,
            "dora" => {
                let indicator = tile(field(event, "dora_marker")?, "dora_marker")?;
                self.game.indicators.push(indicator);
            }
            "hora" | "ryukyoku" | "end_kyoku" | "end_game" => {
                self.game.phase = Phase::Over;
                if let Some(scores) = event.get("scores") {
                    self.game.scores = four(scores, "scores")?;
                }
            }
            // A pass echoed, or an event of a host's own (it changes nothing here).
            _ => {}
        }
        Ok(())
    }

    /// The claim window on the table closes: a winning tile let go makes the seat furiten
    /// (for good in riichi), and a kan nobody robbed ends every seat's ippatsu.
    fn settle(&mut self) {
        let Phase::Claims {
            from, tile, what, ..
        } = self.game.phase
        else {
            return;
        };
        self.game.phase = Phase::Over;
        if let Some(seat) = self.seat
            && seat != from
            && self.game.waits[seat] & bit(tile.tile) != 0
            && (what != Claimed::Ankan || self.game.thirteen_orphans_with(seat, tile.tile))
        {
            self.game.furiten_pass[seat] = true;
            if self.game.riichi[seat].accepted {
                self.game.furiten_riichi[seat] = true;
            }
        }
        if what != Claimed::Discard {
            for riichi in &mut self.game.riichi {
                riichi.ippatsu = false;
            }
        }
    }

    fn start_hand(&mut self, event: &Value) -> Result<(), String> {
        let (wind, number) = round_of(event)?;
        let count = |key: &str| -> Result<u32, String> {
            event
                .get(key)
                .map_or(Some(0), Value::as_u64)
                .map(|count| count as u32)
                .ok_or_else(|| format!("\"{key}\": expected a number"))
        };
        let scores = four(field(event, "scores")?, "scores")?;
        let tehais = field(event, "tehais")?
            .as_array()
            .filter(|all| all.len() == 4 || all.len() == 3)
            .ok_or("\"tehais\": expected four hands (three with three players)")?;
        // Three players: three hands dealt, or (four slots) a first hand at 35,000 with the
        // fourth seat empty, as hosts that do not say the number of players deal it.
        let three_slots = tehais.len() == 3
            || self.game.events.is_empty() && scores == [35_000, 35_000, 35_000, 0] && number <= 3;
        if three_slots && !self.rules.three_player() {
            self.rules = self.rules.with_three_players();
        }
        let mut game = empty(self.rules);
        game.id = HandId {
            wind: [Wind::East, Wind::South, Wind::West, Wind::North][wind],
            number: number as u8,
            honba: count("honba")?,
        };
        game.dealer = seat_field(event, "oya")?;
        game.sticks = count("kyotaku")?;
        game.scores = scores;
        let indicator = tile(field(event, "dora_marker")?, "dora_marker")?;
        let mut hands: [Vec<Piece>; 4] = Default::default();
        if let Some(seat) = self.seat {
            let own = tiles(
                tehais
                    .get(seat)
                    .ok_or_else(|| format!("\"tehais\": no hand for seat {seat}"))?,
                "tehais",
            )?;
            if own.len() != 13 {
                return Err(format!(
                    "\"tehais\": seat {seat} is dealt {} tiles, not 13",
                    own.len()
                ));
            }
            hands[seat] = own;
        }
        game.begin(hands, indicator);
        game.phase = Phase::Over;
        self.game = game;
        self.replacement = [false; 4];
        self.declaring = [false; 4];
        Ok(())
    }

    fn draw(&mut self, event: &Value) -> Result<(), String> {
        let actor = seat_field(event, "actor")?;
        let rinshan = std::mem::take(&mut self.replacement[actor]);
        self.game.wall.count_draw(rinshan);
        let drawn = if Some(actor) == self.seat {
            let piece = tile(field(event, "pai")?, "pai")?;
            self.game.take_in(actor, piece);
            Some(piece)
        } else {
            None
        };
        self.game.phase = Phase::Turn {
            seat: actor,
            drawn,
            rinshan,
            kuikae: 0,
        };
        Ok(())
    }

    fn discard(&mut self, event: &Value) -> Result<(), String> {
        let actor = seat_field(event, "actor")?;
        let piece = tile(field(event, "pai")?, "pai")?;
        let tsumogiri = event
            .get("tsumogiri")
            .and_then(Value::as_bool)
            .unwrap_or(false);
        let game = &mut self.game;
        let own = Some(actor) == self.seat;
        if own && !game.take_out(actor, piece) {
            return Err(format!(
                "seat {actor} discards {piece}, which it does not hold"
            ));
        }
        let declares = std::mem::take(&mut self.declaring[actor]);
        if declares {
            game.riichi[actor] = Riichi {
                declared: true,
                accepted: false,
                double: game.discards_made[actor] == 0 && !game.called_any,
                ippatsu: false,
            };
        } else if game.riichi[actor].accepted {
            game.riichi[actor].ippatsu = false;
        }
        let order = game.discards_made.iter().sum();
        game.rivers[actor].push(RiverTile {
            tile: piece,
            tsumogiri,
            riichi: declares,
            called: false,
            order,
        });
        game.discards_made[actor] += 1;
        if own {
            game.furiten_pass[actor] = false;
            game.waits[actor] = game.compute_waits(actor);
        }
        self.open_claims(actor, piece, Claimed::Discard);
        Ok(())
    }

    /// The window on `tile` from `from`, with the seat's options.
    fn open_claims(&mut self, from: usize, tile: Piece, what: Claimed) {
        let mut options: [Vec<Action>; 4] = Default::default();
        if let Some(seat) = self.seat {
            options[seat] = self.game.claim_options(seat, from, tile, what);
        }
        self.game.phase = Phase::Claims {
            from,
            tile,
            what,
            options,
            chosen: [None; 4],
        };
    }

    fn call(&mut self, kind: &str, event: &Value) -> Result<(), String> {
        let actor = seat_field(event, "actor")?;
        let target = seat_field(event, "target")?;
        let piece = tile(field(event, "pai")?, "pai")?;
        let consumed = tiles(field(event, "consumed")?, "consumed")?;
        let meld_kind = match kind {
            "chi" => MeldKind::Chi,
            "pon" => MeldKind::Pon,
            _ => MeldKind::Kan,
        };
        let needed = if meld_kind == MeldKind::Kan { 3 } else { 2 };
        if consumed.len() != needed {
            return Err(format!(
                "\"consumed\": a {kind} takes {needed} tiles from the hand"
            ));
        }
        let game = &mut self.game;
        let own = Some(actor) == self.seat;
        if own {
            for one in &consumed {
                if !game.take_out(actor, *one) {
                    return Err(format!(
                        "seat {actor} calls with {one}, which it does not hold"
                    ));
                }
            }
        }
        if let Some(river) = game.rivers[target].last_mut() {
            river.called = true;
        }
        let mut all = consumed.clone();
        all.push(piece);
        all.sort_by_key(|one| (one.tile, !one.red));
        let forbidden = kuikae(game.rules.kuikae, meld_kind, piece.tile, &all);
        game.melds[actor].push(Meld {
            kind: meld_kind,
            tiles: all,
            called: Some((piece, target)),
            added: false,
        });
        game.called_any = true;
        for riichi in &mut game.riichi {
            riichi.ippatsu = false;
        }
        if meld_kind == MeldKind::Kan {
            game.kan_seats.push(actor);
            self.replacement[actor] = true;
            if own {
                game.waits[actor] = game.compute_waits(actor);
            }
            game.phase = Phase::Over;
        } else {
            game.phase = Phase::Turn {
                seat: actor,
                drawn: None,
                rinshan: false,
                kuikae: forbidden,
            };
        }
        Ok(())
    }

    fn ankan(&mut self, event: &Value) -> Result<(), String> {
        let actor = seat_field(event, "actor")?;
        let consumed = tiles(field(event, "consumed")?, "consumed")?;
        if consumed.len() != 4 || consumed.iter().any(|one| one.tile != consumed[0].tile) {
            return Err("\"consumed\": an ankan is four tiles of a kind".to_owned());
        }
        let own = Some(actor) == self.seat;
        let game = &mut self.game;
        if own {
            for one in &consumed {
                if !game.take_out(actor, *one) {
                    return Err(format!("seat {actor} kans {one}, which it does not hold"));
                }
            }
        }
        game.melds[actor].push(Meld {
            kind: MeldKind::Ankan,
            tiles: consumed.clone(),
            called: None,
            added: false,
        });
        self.after_kan(actor, own);
        self.open_claims(actor, Piece::plain(consumed[0].tile), Claimed::Ankan);
        Ok(())
    }

    fn kakan(&mut self, event: &Value) -> Result<(), String> {
        let actor = seat_field(event, "actor")?;
        let piece = tile(field(event, "pai")?, "pai")?;
        let own = Some(actor) == self.seat;
        let game = &mut self.game;
        if own && !game.take_out(actor, piece) {
            return Err(format!(
                "seat {actor} adds {piece} to a pon, which it does not hold"
            ));
        }
        let meld = game.melds[actor]
            .iter_mut()
            .find(|meld| meld.kind == MeldKind::Pon && meld.tiles[0].tile == piece.tile)
            .ok_or_else(|| format!("seat {actor} adds {piece} to a pon it has not called"))?;
        meld.kind = MeldKind::Kan;
        meld.tiles.push(piece);
        meld.added = true;
        self.after_kan(actor, own);
        self.open_claims(actor, piece, Claimed::Kakan);
        Ok(())
    }

    /// A North set aside (three players): only a ron may take it, then its seat draws a
    /// replacement tile.
    fn kita(&mut self, event: &Value) -> Result<(), String> {
        let actor = seat_field(event, "actor")?;
        let north = Piece::plain(mahjong::Tile::from_index(30).expect("North"));
        let own = Some(actor) == self.seat;
        let game = &mut self.game;
        if own && !game.take_out(actor, north) {
            return Err(format!(
                "seat {actor} sets aside a North, which it does not hold"
            ));
        }
        game.kita[actor] += 1;
        game.called_any = true;
        if own {
            game.waits[actor] = game.compute_waits(actor);
        }
        self.replacement[actor] = true;
        self.open_claims(actor, north, Claimed::Kita);
        Ok(())
    }

    /// A concealed or added kan declared: its replacement tile comes next.
    fn after_kan(&mut self, actor: usize, own: bool) {
        let game = &mut self.game;
        game.kan_seats.push(actor);
        game.called_any = true;
        if own {
            game.waits[actor] = game.compute_waits(actor);
        }
        self.replacement[actor] = true;
    }
}

/// A game with no hand dealt: a wall that only counts draws.
fn empty(rules: GameRules) -> Game {
    let wall = Wall::given_for(&rules, Default::default(), Vec::new(), Vec::new());
    let mut game = Game::empty(rules, SplitMix::new(0), wall);
    game.phase = Phase::Over;
    game
}
