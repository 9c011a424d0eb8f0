//! `tiles.mahjong.dataset.write` (records as training data, `mahjong_game::dataset`) and
//! `tiles.mahjong.record_hands` (each hand of a record dealt as recorded, with the decisions
//! the record makes, for checking what a shard holds against the live game).

use std::path::PathBuf;
use std::time::Duration;

use mahjong_game::dataset::{Kind, Options};
use mahjong_game::encoding::action_id;
use mahjong_game::records::read;
use mahjong_game::records::replay::{play_again, replay_hand_moves};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use tiles_api::mahjong::dataset::write_until;
use tiles_core::Stop;

use crate::BadRequest;
use crate::game::PyGame;

/// Writes the decisions of every record `records` names (files and directories) as shards and
/// a manifest in `out`; the summary as a dict. Ctrl-C stops it (the shards written so far
/// stay, with no manifest) and raises `KeyboardInterrupt`.
#[pyfunction]
#[pyo3(signature = (records, out, shard_size, split, terms = None, jobs = 0))]
pub fn mahjong_dataset_write<'py>(
    py: Python<'py>,
    records: Vec<PathBuf>,
    out: PathBuf,
    shard_size: u64,
    split: [f64; 3],
    terms: Option<String>,
    jobs: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let mut options = Options::new(out);
    options.shard_size = shard_size;
    options.split = split;
    options.terms = terms;
    let (stop, flag) = Stop::flag();
    let worker = std::thread::spawn(move || write_until(&records, &options, jobs, &stop));
    // The writer runs on its own thread; this one listens for Ctrl-C.
    while !worker.is_finished() {
        py.detach(|| std::thread::sleep(Duration::from_millis(20)));
        if let Err(error) = py.check_signals() {
            flag.raise();
            let _ = py.detach(|| worker.join());
            return Err(error);
        }
    }
    let written = match worker.join() {
        Ok(Ok(Ok(written))) => written,
        Ok(Ok(Err(error))) => return Err(BadRequest::new_err(error)),
        Ok(Err(_)) => {
            return Err(pyo3::exceptions::PyKeyboardInterrupt::new_err(
                "stopped; the shards written so far stay, with no manifest",
            ));
        }
        Err(_) => {
            return Err(pyo3::exceptions::PyRuntimeError::new_err(
                "the dataset writer failed (a bug)",
            ));
        }
    };
    let summary = PyDict::new(py);
    summary.set_item("files", written.files)?;
    summary.set_item("games", written.games)?;
    summary.set_item("decisions", written.decisions)?;
    let kinds = PyDict::new(py);
    for (kind, count) in Kind::ALL.iter().zip(written.kinds) {
        kinds.set_item(kind.name(), count)?;
    }
    summary.set_item("kinds", kinds)?;
    summary.set_item("hands_skipped", written.hands_skipped)?;
    summary.set_item("duplicates", written.duplicates)?;
    summary.set_item("problems", written.problems)?;
    summary.set_item(
        "shards",
        written
            .shards
            .iter()
            .map(|path| path.display().to_string())
            .collect::<Vec<_>>(),
    )?;
    summary.set_item("manifest", written.manifest.display().to_string())?;
    Ok(summary)
}

/// Each hand of a record (its text: Tenhou mjlog, tenhou.net/6 or mjai): a dict with `hand`
/// (its place), `agree` (whether the engine follows it to its end as recorded), `error`,
/// `game` (a `Game` dealt as the record deals the hand, before its first decision) and
/// `moves` (every decision the record makes, passes on tiles a seat could claim among them,
/// as `(seat, action id)`, in order: made one by one with `game.act`, they play the hand).
#[pyfunction]
pub fn mahjong_record_hands<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyList>> {
    let (log, error) = read(text);
    if log.hands.is_empty() {
        return Err(BadRequest::new_err(match error {
            Some(error) => format!("record: {error}"),
            None => "record: no hand".to_owned(),
        }));
    }
    let hands = PyList::empty(py);
    for (index, hand) in log.hands.iter().enumerate() {
        let (verdict, _, moves) = replay_hand_moves(log.rules, log.notation, hand);
        let mut ids = Vec::with_capacity(moves.len());
        let dealt = play_again(log.rules, hand, &[], |_, _, _| {});
        play_again(log.rules, hand, &moves, |game, seat, action| {
            ids.push((seat, action_id(game, &action)));
        });
        let item = PyDict::new(py);
        item.set_item("hand", index)?;
        item.set_item("agree", verdict.agree)?;
        item.set_item("error", verdict.error)?;
        match dealt {
            Some((game, _)) => item.set_item(
                "game",
                Py::new(py, PyGame::from_record_hand(log.rules, game))?,
            )?,
            None => item.set_item("game", py.None())?,
        }
        item.set_item("moves", ids)?;
        hands.append(item)?;
    }
    Ok(hands)
}
