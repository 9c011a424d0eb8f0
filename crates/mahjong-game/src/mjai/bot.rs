//! A bot of ours as an mjai bot: it follows the game from the events its host sends
//! ([`Follower`]) and answers each decision with the action its bot chooses, in mjai's form.
//! Riichi takes two answers, as mjai has it: `reach`, then (when the host echoes it) the
//! `dahai` that declares.

use serde_json::{Value, json};
use tiles_core::Bot;

use super::follow::Follower;
use crate::engine::Action;
use crate::engine::GameRules;
use crate::engine::View;
use crate::engine::state::Game;
use crate::mjai::wire::tile_name;
use mahjong::MeldKind;

/// One of our bots answering mjai events for one seat.
pub struct MjaiBot<'b> {
    follower: Follower,
    bot: &'b (dyn Bot<Game> + Sync),
    /// The discard a `reach` answer declares with, sent once the host echoes the `reach`.
    riichi_discard: Option<Action>,
}

impl std::fmt::Debug for MjaiBot<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MjaiBot")
            .field("bot", &self.bot.name())
            .field("seat", &self.follower.seat())
            .finish()
    }
}

impl<'b> MjaiBot<'b> {
    /// `bot` playing `seat` (or the seat `start_game` names, if `None`).
    pub fn new(bot: &'b (dyn Bot<Game> + Sync), seat: Option<usize>) -> MjaiBot<'b> {
        MjaiBot::with_rules(bot, seat, GameRules::TENHOU)
    }

    /// `bot` playing `seat` under `rules` until `start_game` says otherwise.
    pub fn with_rules(
        bot: &'b (dyn Bot<Game> + Sync),
        seat: Option<usize>,
        rules: GameRules,
    ) -> MjaiBot<'b> {
        MjaiBot {
            follower: Follower::with_rules(seat, rules),
            bot,
            riichi_discard: None,
        }
    }

    /// The game as followed so far.
    pub fn follower(&self) -> &Follower {
        &self.follower
    }

    /// Takes one event (the line form: an answer only where the seat may act).
    ///
    /// # Errors
    ///
    /// What is wrong with the event ([`Follower::apply`]).
    pub fn react(&mut self, event: &Value) -> Result<Option<Value>, String> {
        self.follower.apply(event)?;
        if event.get("type").and_then(Value::as_str) == Some("dora") {
            // An indicator opens no decision: one the event before opened was answered there.
            return Ok(None);
        }
        Ok(self.answer())
    }

    /// Takes the events since the last answer (the batch form): the answer to the last, or
    /// `{"type":"none"}` when the seat has nothing to decide.
    ///
    /// # Errors
    ///
    /// What is wrong with an event, with its place in the list.
    pub fn react_all(&mut self, events: &[Value]) -> Result<Value, String> {
        for (index, event) in events.iter().enumerate() {
            self.follower
                .apply(event)
                .map_err(|error| format!("event {index} ({event}): {error}"))?;
        }
        Ok(self.answer().unwrap_or_else(|| json!({"type": "none"})))
    }

    /// The seat's answer now, if it has a decision.
    fn answer(&mut self) -> Option<Value> {
        let seat = self.follower.seat()?;
        let mut view = self.follower.decision()?;
        if self.follower.declaring(seat) {
            // The host echoed our `reach`: the declaring discard.
            view.legal
                .retain(|action| matches!(action, Action::Discard { riichi: true, .. }));
            let remembered = self
                .riichi_discard
                .take()
                .filter(|action| view.legal.contains(action));
            let action = match remembered {
                Some(action) => action,
                None if view.legal.is_empty() => return None,
                None => self.bot.choose(&view),
            };
            return Some(to_mjai(action, &view));
        }
        let action = self.bot.choose(&view);
        if let Action::Discard { riichi: true, .. } = action {
            self.riichi_discard = Some(action);
            return Some(json!({"type": "reach", "actor": seat}));
        }
        Some(to_mjai(action, &view))
    }
}

/// `action` of the viewing seat as mjai writes it (a riichi discard as its `dahai`).
pub fn to_mjai(action: Action, view: &View) -> Value {
    let seat = view.seat;
    let claimed = view.claimable;
    let of_kind = |tile| {
        view.hand
            .iter()
            .filter(|piece| piece.tile == tile)
            .map(|piece| tile_name(*piece))
            .collect::<Vec<_>>()
    };
    match action {
        Action::Discard {
            tile, tsumogiri, ..
        } => {
            json!({"type": "dahai", "actor": seat, "pai": tile_name(tile), "tsumogiri": tsumogiri})
        }
        Action::Tsumo => {
            let tile = view.drawn.map(tile_name);
            json!({"type": "hora", "actor": seat, "target": seat, "pai": tile})
        }
        Action::Ron => {
            let (tile, from) = claimed.expect("a ron has a tile on the table");
            json!({"type": "hora", "actor": seat, "target": from, "pai": tile_name(tile)})
        }
        Action::Chi { tiles } | Action::Pon { tiles } => {
            let (tile, from) = claimed.expect("a call has a tile on the table");
            let kind = if matches!(action, Action::Chi { .. }) {
                "chi"
            } else {
                "pon"
            };
            json!({"type": kind, "actor": seat, "target": from, "pai": tile_name(tile),
                   "consumed": tiles.iter().map(|piece| tile_name(*piece)).collect::<Vec<_>>()})
        }
        Action::Daiminkan => {
            let (tile, from) = claimed.expect("a kan has a tile on the table");
            json!({"type": "daiminkan", "actor": seat, "target": from, "pai": tile_name(tile),
                   "consumed": of_kind(tile.tile)})
        }
        Action::Ankan { tile } => {
            json!({"type": "ankan", "actor": seat, "consumed": of_kind(tile)})
        }
        Action::Kakan { tile } => {
            let consumed: Vec<String> = view.melds[seat]
                .iter()
                .find(|meld| meld.kind == MeldKind::Pon && meld.tiles[0].tile == tile.tile)
                .map(|meld| meld.tiles.iter().map(|piece| tile_name(*piece)).collect())
                .unwrap_or_default();
            json!({"type": "kakan", "actor": seat, "pai": tile_name(tile), "consumed": consumed})
        }
        Action::NineTerminals => json!({"type": "ryukyoku", "actor": seat}),
        Action::Pass => json!({"type": "none"}),
        Action::Kita => json!({"type": "kita", "actor": seat, "pai": "N"}),
    }
}
