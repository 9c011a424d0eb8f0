//! A seat's decision as one JSON object in mjai's vocabulary, the form the table API and the
//! Python game give legal actions in and take decisions back in: `dahai` (a discard, with
//! `pai` and `tsumogiri`), `reach` (a discard declaring riichi, in one object where mjai's
//! protocol takes two), `hora` (tsumo or ron, with `target` and `pai`), `chi`, `pon`,
//! `daiminkan` (with `target`, `pai`, `consumed`), `ankan` (`consumed`), `kakan` (`pai`,
//! `consumed`), `ryukyoku` (nine terminals), `kita` (a North set aside) and `none` (pass).

use serde_json::{Value, json};

use super::bot::to_mjai;
use crate::engine::{Action, View};

/// `action`, one of the viewing seat's legal actions, as a decision object (`actor` the seat).
pub fn decision_json(action: Action, view: &View) -> Value {
    let mut value = to_mjai(action, view);
    match action {
        Action::Discard { riichi: true, .. } => value["type"] = json!("reach"),
        Action::Pass => value["actor"] = json!(view.seat),
        _ => {}
    }
    value
}

/// The legal action of the viewing seat that `decision` names: its `type`, and each of `pai`,
/// `tsumogiri`, `target` and `consumed` (in any order) it gives, must be the action's. A
/// decision that fits several legal actions is refused with them listed (`{"type":"chi"}`
/// with two chi, a `dahai` without `pai`), but for a discard of a tile both held and just
/// drawn: the same tile either way, it is the one from the hand unless `tsumogiri` says
/// otherwise.
///
/// # Errors
///
/// Not an object with a `type`, another seat's `actor`, no legal action that fits (the legal
/// ones listed as decision objects), or several (those listed).
pub fn decision_of(decision: &Value, view: &View) -> Result<Action, String> {
    let Some(kind) = decision.get("type").and_then(Value::as_str) else {
        return Err(format!(
            "{decision} is no decision: expected an object with a \"type\" such as {{\"type\":\"dahai\",\"pai\":\"5m\"}}"
        ));
    };
    if let Some(actor) = decision.get("actor")
        && actor.as_u64() != Some(view.seat as u64)
    {
        return Err(format!(
            "{decision} is for another seat (this is seat {})",
            view.seat
        ));
    }
    let same_tiles = |a: &Value, b: &Value| {
        let sorted = |value: &Value| {
            let mut names: Vec<String> = value
                .as_array()
                .map(|items| items.iter().map(ToString::to_string).collect())
                .unwrap_or_default();
            names.sort();
            names
        };
        a.is_array() && sorted(a) == sorted(b)
    };
    let fits: Vec<Action> = view
        .legal
        .iter()
        .copied()
        .filter(|&action| {
            let candidate = decision_json(action, view);
            candidate["type"] == kind
                && ["pai", "tsumogiri", "target"].iter().all(|key| {
                    decision
                        .get(key)
                        .is_none_or(|given| *given == candidate[key])
                })
                && decision
                    .get("consumed")
                    .is_none_or(|given| same_tiles(given, &candidate["consumed"]))
        })
        .collect();
    let from_hand = fits.iter().copied().find(|action| {
        matches!(
            action,
            Action::Discard {
                tsumogiri: false,
                ..
            }
        )
    });
    let one_tile = |action: &Action| match action {
        Action::Discard { tile, riichi, .. } => Some((*tile, *riichi)),
        _ => None,
    };
    match fits.as_slice() {
        [one] => Ok(*one),
        [first, rest @ ..]
            if one_tile(first).is_some()
                && rest.iter().all(|other| one_tile(other) == one_tile(first)) =>
        {
            Ok(from_hand.unwrap_or(*first))
        }
        [_, _, ..] => {
            let choices: Vec<String> = fits
                .iter()
                .map(|action| decision_json(*action, view).to_string())
                .collect();
            Err(format!(
                "{decision} fits {} legal decisions: {}; give the fields that tell them apart",
                choices.len(),
                choices.join(", ")
            ))
        }
        [] => {
            let legal: Vec<String> = view
                .legal
                .iter()
                .map(|action| decision_json(*action, view).to_string())
                .collect();
            Err(if legal.is_empty() {
                format!(
                    "{decision} is not legal now: seat {} has no decision to make",
                    view.seat
                )
            } else {
                format!("{decision} is not legal now; legal: {}", legal.join(", "))
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, GameRules};

    #[test]
    fn every_legal_action_reads_back_from_its_own_object() {
        for seed in 0..20 {
            let mut game = Game::new(GameRules::TENHOU, seed);
            let mut steps = 0;
            while let Some(seat) = game.to_move() {
                let view = game.view(seat);
                for &action in &view.legal {
                    let json = decision_json(action, &view);
                    assert_eq!(decision_of(&json, &view), Ok(action), "{json}");
                }
                let action = view.legal[steps % view.legal.len()];
                game.act(seat, action).unwrap();
                steps += 1;
                if steps > 400 {
                    break;
                }
            }
        }
    }

    #[test]
    fn a_decision_that_fits_nothing_lists_the_legal_ones() {
        let game = Game::new(GameRules::TENHOU, 1);
        let seat = game.to_move().unwrap();
        let view = game.view(seat);
        let error = decision_of(&json!({"type": "pon"}), &view).unwrap_err();
        assert!(
            error.starts_with(r#"{"type":"pon"} is not legal now; legal: {"#),
            "{error}"
        );
        let error = decision_of(&json!({"pai": "5m"}), &view).unwrap_err();
        assert!(error.contains("is no decision"), "{error}");
        let other = decision_of(&json!({"type": "dahai", "actor": (seat + 1) % 4}), &view);
        assert!(other.unwrap_err().contains("another seat"));
    }

    /// A decision that fits several legal ones is refused with them listed: a discard
    /// without its tile, a chi without the tiles it takes when two chi are legal; a discard
    /// of a tile both held and drawn is the held one.
    #[test]
    fn a_decision_that_fits_several_lists_them() {
        let game = Game::new(GameRules::TENHOU, 1);
        let seat = game.to_move().unwrap();
        let view = game.view(seat);
        let error = decision_of(&json!({"type": "dahai"}), &view).unwrap_err();
        let discards = view
            .legal
            .iter()
            .filter(|action| matches!(action, Action::Discard { riichi: false, .. }))
            .count();
        assert!(
            error.starts_with(&format!(
                r#"{{"type":"dahai"}} fits {discards} legal decisions: {{"#
            )),
            "{error}"
        );
        // Every seeded game's first moment with two chi of one tile: `chi` alone is refused
        // and names both; each with its `consumed` is taken.
        let mut found = false;
        'games: for seed in 0..200 {
            let mut game = Game::new(GameRules::TENHOU, seed);
            while let Some(seat) = game.to_move() {
                let view = game.view(seat);
                let chi: Vec<Action> = view
                    .legal
                    .iter()
                    .copied()
                    .filter(|action| matches!(action, Action::Chi { .. }))
                    .collect();
                if chi.len() >= 2 {
                    let error = decision_of(&json!({"type": "chi"}), &view).unwrap_err();
                    for action in &chi {
                        let json = decision_json(*action, &view);
                        assert!(error.contains(&json.to_string()), "{error}");
                        assert_eq!(decision_of(&json, &view), Ok(*action));
                    }
                    found = true;
                    break 'games;
                }
                let action = *view
                    .legal
                    .iter()
                    .find(|action| !matches!(action, Action::Chi { .. } | Action::Pon { .. }))
                    .unwrap_or(&view.legal[0]);
                game.act(seat, action).unwrap();
            }
        }
        assert!(found, "no seeded game offered two chi");
    }
}
