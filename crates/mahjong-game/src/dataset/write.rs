//! Writing a dataset: record files read, each game's samples written in the files' order into
//! `.npy` shards by split and player count, and `manifest.json`.

use std::collections::{BTreeMap, HashMap};
use std::fs::File;
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use tiles_core::{Stop, Stopped};

use super::layout::{FIELDS, Layout, RECORD_SIZE};
use super::{ENCODING_VERSION, FORMAT_VERSION, GAME, GameSamples, Kind, game_samples};
use crate::encoding;
use crate::records::files::{self, Content};
use crate::records::{format_of, read};
use mahjong::Players;

/// A split of the games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Split {
    /// Games to learn from.
    Train,
    /// Games to choose a model by.
    Validation,
    /// Games to report on.
    Test,
}

impl Split {
    /// The three, in order.
    pub const ALL: [Split; 3] = [Split::Train, Split::Validation, Split::Test];

    /// `train`, `validation`, `test`.
    pub fn name(self) -> &'static str {
        match self {
            Split::Train => "train",
            Split::Validation => "validation",
            Split::Test => "test",
        }
    }
}

/// How to write a dataset.
#[derive(Debug, Clone)]
pub struct Options {
    /// The directory written (made if missing; shards and a manifest already there are
    /// replaced).
    pub out: PathBuf,
    /// The most bytes of records a shard holds (a game is never split across shards: a shard
    /// is closed before the game that would pass this, unless the game is its first).
    pub shard_size: u64,
    /// The share of games in each split, train, validation, test (any non-negative weights
    /// with a positive sum).
    pub split: [f64; 3],
    /// The sources' terms (a licence, a citation), stated in the manifest as given.
    pub terms: Option<String>,
}

impl Options {
    /// Shards of 256 MiB, 90% of games to train on, 5% to validate, 5% to test.
    pub fn new(out: impl Into<PathBuf>) -> Options {
        Options {
            out: out.into(),
            shard_size: 256 << 20,
            split: [0.90, 0.05, 0.05],
            terms: None,
        }
    }

    /// The split weights checked: non-negative, finite, a positive sum.
    fn check(&self) -> Result<(), String> {
        if self
            .split
            .iter()
            .any(|weight| !weight.is_finite() || *weight < 0.0)
            || self.split.iter().sum::<f64>() <= 0.0
        {
            return Err(format!(
                "split: expected three non-negative shares with a positive sum, found {:?}",
                self.split
            ));
        }
        if self.shard_size < RECORD_SIZE as u64 {
            return Err(format!(
                "shard size: expected at least one record ({RECORD_SIZE} bytes), found {}",
                self.shard_size
            ));
        }
        Ok(())
    }
}

/// What [`write`] wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// Record files read.
    pub files: usize,
    /// Games whose decisions were written.
    pub games: usize,
    /// Decisions written.
    pub decisions: u64,
    /// Decisions by kind, in [`Kind::ALL`]'s order.
    pub kinds: [u64; Kind::ALL.len()],
    /// Hands that gave no samples.
    pub hands_skipped: usize,
    /// Files whose game an earlier file already gave (the same game in another format, or
    /// the same file twice): written once.
    pub duplicates: usize,
    /// Each file that gave no game, and why (`path: why`).
    pub problems: Vec<String>,
    /// The shards written, in order.
    pub shards: Vec<PathBuf>,
    /// The manifest.
    pub manifest: PathBuf,
}

/// A record file read, and its game's samples ([`read_file`]), for a [`Writer`].
#[derive(Debug)]
pub struct FileResult {
    sha256: String,
    /// The game's own hash: its deals, whatever the format (the split follows from it).
    game_key: [u8; 32],
    bytes: u64,
    format: Option<&'static str>,
    error: Option<String>,
    /// The record's rules and its samples (their game numbers still 0).
    game: Option<(crate::engine::GameRules, GameSamples, Vec<u8>)>,
}

/// Reads one record file and makes its samples into `out` (emptied first; a buffer a
/// [`Writer`] gave back saves allocating one).
pub fn read_file(path: &Path, mut out: Vec<u8>) -> FileResult {
    let mut result = FileResult {
        sha256: String::new(),
        game_key: [0; 32],
        bytes: 0,
        format: None,
        error: None,
        game: None,
    };
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(error) => {
            result.error = Some(format!("cannot be read: {error}"));
            return result;
        }
    };
    result.bytes = bytes.len() as u64;
    result.sha256 = hex(&Sha256::digest(&bytes));
    let text = match files::content_of(bytes) {
        Ok(Content::Record(text)) => text,
        Ok(Content::NotARecord) => {
            result.error = Some(format!("is {}", super::super::records::NOT_A_RECORD));
            return result;
        }
        Err(error) => {
            result.error = Some(error);
            return result;
        }
    };
    result.format = Some(format_of(&text));
    let (log, error) = read(&text);
    if let Some(error) = error {
        result.error = Some(error.to_string());
    }
    result.game_key = game_key(&log);
    out.clear();
    match game_samples(&log, 0, &mut out) {
        Ok(samples) => result.game = Some((log.rules, samples, out)),
        Err(error) => {
            result.error.get_or_insert_with(|| error.to_string());
        }
    }
    result
}

/// A game's identity whatever its record's format: the SHA-256 of every hand's dealt tiles,
/// draws and indicators, in order.
pub fn game_key(log: &crate::records::GameLog) -> [u8; 32] {
    let mut hasher = Sha256::new();
    let number = |piece: &mahjong::Piece| encoding::tile_number(*piece) as u8;
    for hand in &log.hands {
        for tiles in hand.hands.iter().chain(&hand.draws) {
            hasher.update(tiles.iter().map(number).collect::<Vec<u8>>());
            hasher.update([255]);
        }
        hasher.update(hand.indicators.iter().map(number).collect::<Vec<u8>>());
        hasher.update([254]);
    }
    hasher.finalize().into()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// The split of a game by its [`game_key`]: from the game alone, so it keeps its split
/// whatever else is written with it, and one game in two formats is one game.
pub fn split_of(game_key: &[u8; 32], weights: &[f64; 3]) -> Split {
    let digest = Sha256::digest(format!("tiles dataset split v1\n{}", hex(game_key)).as_bytes());
    let number = u64::from_le_bytes(digest[..8].try_into().expect("eight bytes"));
    let at = (number >> 11) as f64 / (1u64 << 53) as f64;
    let total: f64 = weights.iter().sum();
    let mut edge = 0.0;
    for (split, weight) in Split::ALL.iter().zip(weights) {
        edge += weight / total;
        if at < edge && *weight > 0.0 {
            return *split;
        }
    }
    // Rounding at the top: the last split with a share.
    *Split::ALL
        .iter()
        .zip(weights)
        .rev()
        .find(|(_, weight)| **weight > 0.0)
        .map(|(split, _)| split)
        .expect("a positive share")
}

/// numpy's `descr` of a record.
fn descr() -> String {
    let fields: Vec<String> = FIELDS
        .iter()
        .map(|(name, kind, shape)| {
            if *shape == 0 {
                format!("('{name}', '{kind}')")
            } else {
                format!("('{name}', '{kind}', ({shape},))")
            }
        })
        .collect();
    format!("[{}]", fields.join(", "))
}

/// An `.npy` header (format 1.0) for `rows` records, padded so that its length never
/// changes with `rows` (it is written again when the shard closes).
fn npy_header(rows: u64) -> Vec<u8> {
    let dict = format!(
        "{{'descr': {}, 'fortran_order': False, 'shape': ({rows:<20},), }}",
        descr()
    );
    let mut header = b"\x93NUMPY\x01\x00".to_vec();
    let unpadded = header.len() + 2 + dict.len() + 1;
    let padding = (64 - unpadded % 64) % 64;
    let length = (dict.len() + padding + 1) as u16;
    header.extend_from_slice(&length.to_le_bytes());
    header.extend_from_slice(dict.as_bytes());
    header.extend(std::iter::repeat_n(b' ', padding));
    header.push(b'\n');
    header
}

/// A shard being written.
#[derive(Debug)]
struct Shard {
    file: File,
    name: String,
    split: Split,
    players: Players,
    rows: u64,
    games: u64,
}

impl Shard {
    fn open(dir: &Path, split: Split, players: Players, number: usize) -> Result<Shard, String> {
        let name = format!(
            "{}-{}-{number:05}.npy",
            split.name(),
            if players.is_three() { "3p" } else { "4p" }
        );
        let path = dir.join(&name);
        let file = File::create(&path)
            .map_err(|error| format!("{}: cannot be written: {error}", path.display()))?;
        let mut file = file;
        file.write_all(&npy_header(0))
            .map_err(|error| format!("{}: cannot be written: {error}", path.display()))?;
        Ok(Shard {
            file,
            name,
            split,
            players,
            rows: 0,
            games: 0,
        })
    }

    fn close(mut self, dir: &Path) -> Result<Value, String> {
        let path = dir.join(&self.name);
        let failed =
            |error: std::io::Error| format!("{}: cannot be written: {error}", path.display());
        self.file.seek(SeekFrom::Start(0)).map_err(failed)?;
        self.file
            .write_all(&npy_header(self.rows))
            .map_err(failed)?;
        self.file.flush().map_err(failed)?;
        Ok(json!({
            "file": self.name,
            "split": self.split.name(),
            "players": self.players.count(),
            "decisions": self.rows,
            "games": self.games,
            "bytes": npy_header(0).len() as u64 + self.rows * RECORD_SIZE as u64,
        }))
    }
}

/// The manifest's account of an encoding.
fn encoding_json(players: Players) -> Value {
    let layout = Layout::new(players);
    json!({
        "name": encoding::encoding_for(players),
        "version": ENCODING_VERSION,
        "channels": encoding::channels_for(players),
        "columns": encoding::COLUMNS,
        "actions": encoding::actions_for(players),
        "flags": layout.flags(),
        "counts": layout.counts(),
        "wholes": layout.wholes(),
        "bit_planes": layout.bit_planes(),
    })
}

/// Writes the decisions of every record `inputs` name (files, and directories walked) as a
/// dataset in `options.out`, one file after another: see [`super`] for what a sample is, and
/// the crate README for the files, byte by byte. (`tiles-api`'s `mahjong::dataset::write_until`
/// reads the files on every core and writes the same dataset.)
///
/// A file that is no record, cannot be read, or gives no game is named in the manifest and in
/// [`Written::problems`], and the rest are written.
///
/// # Errors
///
/// The options are wrong, the output cannot be written, or no input names a file.
pub fn write(inputs: &[PathBuf], options: &Options) -> Result<Written, String> {
    match write_until(inputs, options, &Stop::never()) {
        Ok(written) => written,
        Err(Stopped) => unreachable!("never stopped"),
    }
}

/// [`write`], giving up once `stop` is raised (before each file): the shards written so far
/// stay, with no manifest.
///
/// # Errors
///
/// [`Stopped`], or as [`write`].
pub fn write_until(
    inputs: &[PathBuf],
    options: &Options,
    stop: &Stop,
) -> Result<Result<Written, String>, Stopped> {
    let (found, left_out) = match prepare(inputs, options) {
        Ok(prepared) => prepared,
        Err(error) => return Ok(Err(error)),
    };
    stop.add_total(found.len() as u64);
    let mut writer = Writer::new(options);
    let mut buffer = Vec::new();
    for file in &found {
        stop.check()?;
        let result = read_file(&file.path, std::mem::take(&mut buffer));
        match writer.add(file, result) {
            Ok(back) => buffer = back.unwrap_or_default(),
            Err(error) => return Ok(Err(error)),
        }
        stop.advance(1);
    }
    Ok(writer.finish(&left_out))
}

/// The record files `inputs` name, and the files beside them that are not records, once the
/// options are checked and the output directory is ready (made, and old shards and manifest
/// taken away: they would be mistaken for new ones).
///
/// # Errors
///
/// Bad options, an input that does not exist, no record file, an output that cannot be made.
pub fn prepare(
    inputs: &[PathBuf],
    options: &Options,
) -> Result<(Vec<files::Found>, Vec<PathBuf>), String> {
    options.check()?;
    if inputs.iter().any(|path| path.as_os_str() == "-") {
        return Err(
            "-: a dataset is written from files, not standard input: name the records' files or directories"
                .to_owned(),
        );
    }
    if let Some(missing) = inputs.iter().find(|path| !path.exists()) {
        return Err(format!("{}: no such file or directory", missing.display()));
    }
    let (mut found, left_out) = files::collect(inputs);
    // A dataset written inside a directory of records is not records (its manifest is JSON).
    if let Ok(out) = options.out.canonicalize() {
        found.retain(|file| {
            file.path
                .canonicalize()
                .map_or(true, |path| !path.starts_with(&out))
        });
    }
    if found.is_empty() {
        return Err(format!(
            "no record file found in {}",
            inputs
                .iter()
                .map(|path| path.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    std::fs::create_dir_all(&options.out)
        .map_err(|error| format!("{}: cannot be made: {error}", options.out.display()))?;
    if let Ok(entries) = std::fs::read_dir(&options.out) {
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let ours = Split::ALL
                .iter()
                .any(|split| name.starts_with(&format!("{}-", split.name())))
                && name.ends_with(".npy");
            if ours || name == "manifest.json" {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
    Ok((found, left_out))
}

/// Takes the files' results ([`read_file`]) in the files' order and writes them: the shards
/// as it goes, the manifest at the end.
#[derive(Debug)]
pub struct Writer<'a> {
    options: &'a Options,
    open: HashMap<(Split, Players), Shard>,
    numbers: HashMap<(Split, Players), usize>,
    shards: Vec<Value>,
    shard_paths: Vec<PathBuf>,
    sources: Lines,
    games: Lines,
    /// Each game's key, and the source that gave it.
    seen: HashMap<[u8; 32], usize>,
    written: Written,
    players_seen: Vec<Players>,
    rules_seen: Vec<String>,
    splits: BTreeMap<Split, (u64, u64)>,
}

impl<'a> Writer<'a> {
    /// A writer into `options.out` (made ready by [`prepare`]).
    pub fn new(options: &'a Options) -> Writer<'a> {
        Writer {
            options,
            open: HashMap::new(),
            numbers: HashMap::new(),
            shards: Vec::new(),
            shard_paths: Vec::new(),
            sources: Lines::new(options.out.join(".manifest-sources.tmp")),
            games: Lines::new(options.out.join(".manifest-games.tmp")),
            seen: HashMap::new(),
            written: Written {
                files: 0,
                games: 0,
                decisions: 0,
                kinds: [0; Kind::ALL.len()],
                hands_skipped: 0,
                duplicates: 0,
                problems: Vec::new(),
                shards: Vec::new(),
                manifest: options.out.join("manifest.json"),
            },
            players_seen: Vec::new(),
            rules_seen: Vec::new(),
            splits: BTreeMap::new(),
        }
    }

    /// Writes a file's game; gives back its samples' buffer, to be used again.
    ///
    /// # Errors
    ///
    /// A shard cannot be written.
    pub fn add(
        &mut self,
        found: &files::Found,
        result: FileResult,
    ) -> Result<Option<Vec<u8>>, String> {
        let mut buffer = None;
        let source = self.sources.count;
        self.written.files += 1;
        let path = found.path.display().to_string();
        let mut entry = json!({
            "path": path,
            "sha256": result.sha256,
            "bytes": result.bytes,
            "format": result.format,
            "games": 0,
            "decisions": 0,
        });
        if let Some(error) = &result.error {
            entry["error"] = json!(error);
        }
        let duplicate = self.seen.get(&result.game_key).copied();
        match (result.game, duplicate) {
            (Some(_), Some(first)) => {
                // The same game again (the same file, or the game in another format).
                entry["duplicate_of"] = json!(first);
                self.written.duplicates += 1;
            }
            (Some((rules, samples, mut records)), None) => {
                self.seen.insert(result.game_key, source);
                let game = self.games.count as u32;
                for record in records.chunks_exact_mut(RECORD_SIZE) {
                    record[GAME..GAME + 4].copy_from_slice(&game.to_le_bytes());
                }
                let split = split_of(&result.game_key, &self.options.split);
                let (shard, first) = self.place(split, samples.players, &records)?;
                entry["games"] = json!(1);
                entry["decisions"] = json!(samples.decisions);
                self.written.games += 1;
                self.written.decisions += samples.decisions;
                for (total, count) in self.written.kinds.iter_mut().zip(samples.kinds) {
                    *total += count;
                }
                self.written.hands_skipped += samples.skipped.len();
                let totals = self.splits.entry(split).or_default();
                totals.0 += 1;
                totals.1 += samples.decisions;
                if !self.players_seen.contains(&samples.players) {
                    self.players_seen.push(samples.players);
                }
                let rules_name = rules.tenhou_name();
                if !self.rules_seen.contains(&rules_name) {
                    self.rules_seen.push(rules_name.clone());
                }
                let players = samples.players.count();
                self.games.push(&json!({
                    "id": game,
                    "source": source,
                    "split": split.name(),
                    "players": players,
                    "rules": {
                        "name": rules_name,
                        "length": rules.length.name(),
                        "red_fives": rules.red_fives,
                        "open_tanyao": rules.open_tanyao,
                    },
                    "hands": samples.hands,
                    "hands_skipped": samples.skipped.iter().map(|skipped| json!({
                        "hand": skipped.hand,
                        "error": skipped.error,
                    })).collect::<Vec<_>>(),
                    "decisions": samples.decisions,
                    "kinds": kinds_json(&samples.kinds),
                    "final_points": &samples.final_points[..players],
                    "ranks": &samples.ranks[..players],
                    "complete": samples.complete,
                    "shard": shard,
                    "first": first,
                }));
                buffer = Some(records);
            }
            (None, _) => {
                let why = result.error.unwrap_or_else(|| "gives no game".to_owned());
                self.written.problems.push(format!("{path}: {why}"));
            }
        }
        self.sources.push(&entry);
        Ok(buffer)
    }

    /// Appends a game's records to its split's shard: the shard's name and the game's first
    /// row in it.
    fn place(
        &mut self,
        split: Split,
        players: Players,
        records: &[u8],
    ) -> Result<(String, u64), String> {
        let key = (split, players);
        let full = self.open.get(&key).is_some_and(|shard| {
            shard.rows > 0
                && (shard.rows * RECORD_SIZE as u64 + records.len() as u64)
                    > self.options.shard_size
        });
        if full {
            let shard = self.open.remove(&key).expect("open");
            self.close(shard)?;
        }
        if !self.open.contains_key(&key) {
            let number = self.numbers.entry(key).or_default();
            let shard = Shard::open(&self.options.out, split, players, *number)?;
            *number += 1;
            self.open.insert(key, shard);
        }
        let shard = self.open.get_mut(&key).expect("open");
        let first = shard.rows;
        shard.file.write_all(records).map_err(|error| {
            format!(
                "{}: cannot be written: {error}",
                self.options.out.join(&shard.name).display()
            )
        })?;
        shard.rows += (records.len() / RECORD_SIZE) as u64;
        shard.games += 1;
        Ok((shard.name.clone(), first))
    }

    fn close(&mut self, shard: Shard) -> Result<(), String> {
        self.shard_paths.push(self.options.out.join(&shard.name));
        let entry = shard.close(&self.options.out)?;
        self.shards.push(entry);
        Ok(())
    }

    /// Closes the shards and writes the manifest (`left_out`: the files beside the records
    /// that are not records, where the sources' terms may be).
    ///
    /// # Errors
    ///
    /// A shard or the manifest cannot be written.
    pub fn finish(mut self, left_out: &[PathBuf]) -> Result<Written, String> {
        let mut open: Vec<((Split, Players), Shard)> = self.open.drain().collect();
        open.sort_by_key(|((split, players), _)| (*split, players.count()));
        for (_, shard) in open {
            self.close(shard)?;
        }
        self.shards
            .sort_by(|a, b| a["file"].as_str().cmp(&b["file"].as_str()));
        self.shard_paths.sort();
        let mut encodings = serde_json::Map::new();
        let mut players_seen = self.players_seen.clone();
        players_seen.sort_by_key(|players| players.count());
        for players in &players_seen {
            encodings.insert(players.count().to_string(), encoding_json(*players));
        }
        let terms_files: Vec<String> = left_out
            .iter()
            .filter(|path| {
                let name = path
                    .file_name()
                    .map(|name| name.to_string_lossy().to_ascii_lowercase())
                    .unwrap_or_default();
                ["licen", "copying", "notice", "readme", "terms"]
                    .iter()
                    .any(|word| name.contains(word))
            })
            .map(|path| path.display().to_string())
            .collect();
        let fields: Vec<Value> = {
            let mut offset = 0;
            FIELDS
                .iter()
                .map(|(name, kind, shape)| {
                    let size = kind[2..].parse::<usize>().expect("a size") * (*shape).max(1);
                    let field =
                        json!({"name": name, "type": kind, "shape": shape, "offset": offset});
                    offset += size;
                    field
                })
                .collect()
        };
        let weights = self.options.split;
        let total: f64 = weights.iter().sum();
        let splits: serde_json::Map<String, Value> = Split::ALL
            .iter()
            .zip(weights)
            .map(|(split, weight)| {
                let (games, decisions) = self.splits.get(split).copied().unwrap_or_default();
                (
                    split.name().to_owned(),
                    json!({"share": weight / total, "games": games, "decisions": decisions}),
                )
            })
            .collect();
        let manifest = json!({
            "format": "tiles-mahjong-dataset",
            "version": FORMAT_VERSION,
            "record_size": RECORD_SIZE,
            "fields": fields,
            "encodings": encodings,
            "rule_set": "tenhou",
            "rules": self.rules_seen,
            "terms": {
                "text": self.options.terms,
                "files": terms_files,
            },
            "splits": splits,
            "split_method": "each game by the SHA-256 of its deals (every hand's dealt tiles, draws and indicators), whatever its format: a game keeps its split whatever else is written with it, and a game given twice is written once",
            "shard_size": self.options.shard_size,
            "counts": {
                "files": self.written.files,
                "games": self.written.games,
                "decisions": self.written.decisions,
                "hands_skipped": self.written.hands_skipped,
                "duplicates": self.written.duplicates,
                "kinds": kinds_json(&self.written.kinds),
            },
            "shards": self.shards,
        });
        // The sources and games, one a line, streamed from where they were kept.
        let text = serde_json::to_string_pretty(&manifest).expect("JSON");
        let top = text.strip_suffix("\n}").expect("an object");
        let failed = |error: std::io::Error| {
            format!(
                "{}: cannot be written: {error}",
                self.written.manifest.display()
            )
        };
        let mut file =
            std::io::BufWriter::new(File::create(&self.written.manifest).map_err(failed)?);
        write!(file, "{top},\n  \"sources\": [").map_err(failed)?;
        self.sources.copy_into(&mut file).map_err(failed)?;
        write!(file, "\n  ],\n  \"games\": [").map_err(failed)?;
        self.games.copy_into(&mut file).map_err(failed)?;
        writeln!(file, "\n  ]\n}}").map_err(failed)?;
        file.flush().map_err(failed)?;
        self.written.shards = self.shard_paths;
        Ok(self.written)
    }
}

/// JSON values one a line in a scratch file, for the manifest's long lists: memory stays
/// small however many games are written. A value that cannot be kept is an error at the end.
#[derive(Debug)]
struct Lines {
    path: PathBuf,
    file: Option<std::io::BufWriter<File>>,
    count: usize,
    error: Option<std::io::Error>,
}

impl Lines {
    fn new(path: PathBuf) -> Lines {
        Lines {
            path,
            file: None,
            count: 0,
            error: None,
        }
    }

    fn push(&mut self, value: &Value) {
        if self.error.is_some() {
            return;
        }
        let result = (|| -> std::io::Result<()> {
            if self.file.is_none() {
                self.file = Some(std::io::BufWriter::new(File::create(&self.path)?));
            }
            let file = self.file.as_mut().expect("open");
            let separator = if self.count == 0 { "" } else { "," };
            write!(file, "{separator}\n    ")?;
            serde_json::to_writer(&mut *file, value)?;
            Ok(())
        })();
        match result {
            Ok(()) => self.count += 1,
            Err(error) => self.error = Some(error),
        }
    }

    /// Copies the values into `out`, and removes the scratch file.
    fn copy_into(&mut self, out: &mut impl Write) -> std::io::Result<()> {
        if let Some(error) = self.error.take() {
            return Err(error);
        }
        if let Some(mut file) = self.file.take() {
            file.flush()?;
            drop(file);
            let mut scratch = File::open(&self.path)?;
            std::io::copy(&mut scratch, out)?;
            std::fs::remove_file(&self.path)?;
        }
        Ok(())
    }
}

impl Drop for Lines {
    fn drop(&mut self) {
        self.file = None;
        let _ = std::fs::remove_file(&self.path);
    }
}

/// `{"discard": 123, …}` in [`Kind::ALL`]'s order.
fn kinds_json(kinds: &[u64; Kind::ALL.len()]) -> Value {
    let map: serde_json::Map<String, Value> = Kind::ALL
        .iter()
        .zip(kinds)
        .map(|(kind, count)| (kind.name().to_owned(), json!(count)))
        .collect();
    Value::Object(map)
}
