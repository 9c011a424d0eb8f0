//! The rules of a game from Python: a rule set, fields set otherwise, and the lobby options.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use mahjong_game::GameRules;

use crate::BadRequest;

/// The rules options of a game from Python: the rule set (`rules`, `m-league kiriage=false`)
/// and fields set (`rule`, `["kiriage=false"]`), and over the rule set's own values where
/// given `length`, `red_fives` (True, False or each suit's count), `open_tanyao`, `players`
/// (3 or 4).
#[derive(Debug, Default)]
pub(crate) struct RulesOptions<'a, 'py> {
    pub rules: Option<&'a str>,
    pub rule: Vec<String>,
    pub length: Option<&'a str>,
    pub red_fives: Option<&'a Bound<'py, PyAny>>,
    pub open_tanyao: Option<bool>,
    pub players: Option<i64>,
}

/// The rules Python's options name ([`RulesOptions`]).
pub(crate) fn rules_of(options: &RulesOptions<'_, '_>) -> PyResult<GameRules> {
    let players = options
        .players
        .map(tiles_api::fields::players)
        .transpose()
        .map_err(BadRequest::new_err)?;
    use tiles_api::mahjong::game::RedFives;
    let red = match options.red_fives {
        None => None,
        Some(value) if value.is_none() => None,
        Some(value) => Some(match value.extract::<bool>() {
            Ok(red) => RedFives::All(red),
            Err(_) => RedFives::PerSuit(value.extract::<[u8; 3]>().map_err(|_| {
                PyTypeError::new_err(
                    "red_fives: expected True, False or [man, pin, sou] counts such as [0, 1, 1]",
                )
            })?),
        }),
    };
    let asked = tiles_api::mahjong::game::RulesAsked {
        rules: options.rules,
        rule: &options.rule,
        length: options.length,
        red_fives: red,
        open_tanyao: options.open_tanyao,
        players,
    };
    tiles_api::mahjong::game::rules(&asked).map_err(BadRequest::new_err)
}
