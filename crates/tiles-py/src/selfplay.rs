//! Self-play for training data: seeded games of the engine's bots played in Rust (every core,
//! the GIL released), kept as records or as the encoded decisions (observation, mask, the
//! action taken), and the merge of a tournament's shards (`tiles.ray`).

use mahjong_game::Game;
use mahjong_game::encoding;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use rayon::prelude::*;
use tiles_core::Bot;

use crate::{BadRequest, convert, raised};

/// One game's decisions, encoded.
#[derive(Default)]
struct Encoded {
    observations: Vec<u8>,
    masks: Vec<u8>,
    actions: Vec<u16>,
    seats: Vec<u8>,
    scores: Vec<i32>,
    ranks: Vec<u8>,
    record: String,
}

/// Plays the game of `seed` with `bots` (seat order), keeping its record, or with `encode`
/// every decision encoded.
fn play(
    rules: mahjong_game::GameRules,
    seed: u64,
    bots: &[&'static (dyn Bot<Game> + Sync)],
    encode: bool,
) -> Encoded {
    let mut game = Game::new(rules, seed);
    let players = game.players();
    let mut out = Encoded::default();
    let mut planes = vec![0u8; encoding::observation_size_for(players)];
    let mut mask = vec![0u8; encoding::actions_for(players)];
    while let Some(seat) = game.to_move() {
        let view = game.view(seat);
        let action = bots[seat].choose(&view);
        if encode {
            encoding::encode(&game, seat, &mut planes);
            encoding::mask_of(&game, &view.legal, &mut mask);
            out.observations.extend_from_slice(&planes);
            out.masks.extend_from_slice(&mask);
            out.actions.push(encoding::action_id(&game, &action) as u16);
            out.seats.push(seat as u8);
        }
        game.act(seat, action).expect("a bot's action is legal");
    }
    out.scores = players.of(&game.scores()).to_vec();
    out.ranks = game.places().into_iter().map(|place| place as u8).collect();
    if !encode {
        let names: Vec<String> = bots.iter().map(|bot| bot.name().to_owned()).collect();
        out.record = mahjong_game::records::mjai::write(rules, game.events(), &names);
    }
    out
}

/// Seeded games of the engine's bots, on every core: `output` `mjai` gives each game's
/// record; `encoded` every decision as bytes (`observations`, `masks`, `actions` as
/// little-endian `u16`, `seats`, `games`: the index in `seeds` of each decision's game as
/// little-endian `u32`), with each game's `scores` and `ranks`.
#[pyfunction]
#[pyo3(signature = (seeds, bots, length = None, red_fives = None, open_tanyao = None, output = "mjai", players = None, rules = None, rule = Vec::new()))]
#[allow(clippy::too_many_arguments, reason = "Python's keyword arguments")]
pub(crate) fn mahjong_self_play<'py>(
    py: Python<'py>,
    seeds: Vec<u64>,
    bots: Vec<String>,
    length: Option<&str>,
    red_fives: Option<&Bound<'py, PyAny>>,
    open_tanyao: Option<bool>,
    output: &str,
    players: Option<i64>,
    rules: Option<&str>,
    rule: Vec<String>,
) -> PyResult<Bound<'py, PyDict>> {
    let rules = crate::game::rules_of(&crate::game::RulesOptions {
        rules,
        rule,
        length,
        red_fives,
        open_tanyao,
        players,
    })?;
    let players = rules.players;
    let encode = match output {
        "mjai" => false,
        "encoded" => true,
        other => {
            return Err(BadRequest::new_err(format!(
                "output: expected mjai or encoded, found {other:?}"
            )));
        }
    };
    let lineup = tiles_api::mahjong::game::lineup(&tiles_api::fields::Names::List(bots), players)
        .map_err(BadRequest::new_err)?;
    let games: Vec<Encoded> = py.detach(|| {
        seeds
            .par_iter()
            .map(|&seed| play(rules, seed, &lineup, encode))
            .collect()
    });
    let result = PyDict::new(py);
    let scores = PyList::empty(py);
    let ranks = PyList::empty(py);
    for game in &games {
        scores.append(game.scores.clone())?;
        ranks.append(
            game.ranks
                .iter()
                .map(|&rank| usize::from(rank))
                .collect::<Vec<_>>(),
        )?;
    }
    result.set_item("seeds", seeds)?;
    result.set_item("scores", scores)?;
    result.set_item("ranks", ranks)?;
    if encode {
        let decisions: usize = games.iter().map(|game| game.actions.len()).sum();
        let mut observations =
            Vec::with_capacity(decisions * encoding::observation_size_for(players));
        let mut masks = Vec::with_capacity(decisions * encoding::actions_for(players));
        let mut actions = Vec::with_capacity(decisions * 2);
        let mut seats = Vec::with_capacity(decisions);
        let mut owners = Vec::with_capacity(decisions * 4);
        for (index, game) in games.iter().enumerate() {
            observations.extend_from_slice(&game.observations);
            masks.extend_from_slice(&game.masks);
            for action in &game.actions {
                actions.extend_from_slice(&action.to_le_bytes());
            }
            seats.extend_from_slice(&game.seats);
            for _ in 0..game.actions.len() {
                owners.extend_from_slice(&(index as u32).to_le_bytes());
            }
        }
        result.set_item("observations", PyBytes::new(py, &observations))?;
        result.set_item("masks", PyBytes::new(py, &masks))?;
        result.set_item("actions", PyBytes::new(py, &actions))?;
        result.set_item("seats", PyBytes::new(py, &seats))?;
        result.set_item("games", PyBytes::new(py, &owners))?;
    } else {
        let records: Vec<&str> = games.iter().map(|game| game.record.as_str()).collect();
        result.set_item("records", records)?;
    }
    Ok(result)
}

/// The response of the whole tournament `request` names (`operation`: `huxxy/tournament`,
/// `rummikub/tournament` or `mahjong/tournament`), from its shards' responses: equal to the
/// tournament played in one go. From no shards, a response of no games: the request checked,
/// nothing played.
#[pyfunction]
pub(crate) fn merge_tournaments<'py>(
    py: Python<'py>,
    operation: &str,
    request: &Bound<'py, PyAny>,
    shards: &Bound<'py, PyList>,
) -> PyResult<Bound<'py, PyAny>> {
    let request = convert::to_value(request, "")?;
    let shards: Vec<serde_json::Value> = shards
        .iter()
        .map(|shard| convert::to_value(&shard, ""))
        .collect::<PyResult<_>>()?;
    let merged = tiles_api::merge_tournament(operation, request, &shards).map_err(raised)?;
    convert::to_python(py, &merged)
}
