//! The rules of a game from Python: a rule set, fields set otherwise, and the lobby options;
//! `mahjong_rules` shows them.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

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

/// The rules these options name, as a dict: `rules` (the rule set and the fields set
/// otherwise, as records write it), `preset`, `players`, and `fields` (every field's value as
/// text, by name).
#[pyfunction]
#[pyo3(signature = (rules = None, rule = Vec::new(), length = None, red_fives = None, open_tanyao = None, players = None))]
pub(crate) fn mahjong_rules<'py>(
    py: Python<'py>,
    rules: Option<&str>,
    rule: Vec<String>,
    length: Option<&str>,
    red_fives: Option<&Bound<'py, PyAny>>,
    open_tanyao: Option<bool>,
    players: Option<i64>,
) -> PyResult<Bound<'py, PyDict>> {
    let game_rules = rules_of(&RulesOptions {
        rules,
        rule,
        length,
        red_fives,
        open_tanyao,
        players,
    })?;
    let dict = PyDict::new(py);
    dict.set_item("rules", game_rules.describe())?;
    dict.set_item("preset", game_rules.preset.name())?;
    dict.set_item("players", game_rules.players.count())?;
    let fields = PyDict::new(py);
    for (name, _) in GameRules::FIELDS {
        fields.set_item(*name, game_rules.field(name))?;
    }
    dict.set_item("fields", fields)?;
    Ok(dict)
}
