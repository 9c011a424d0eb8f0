//! `tiles mahjong convert`: records from Tenhou (mjlog, tenhou.net/6) and mjai, gzipped or not,
//! files or directories walked, written one file a game in mjai (`.json.gz`, one event a line)
//! or tenhou.net/6 (`.json`), each game replayed through the engine on the way and written only
//! if every hand agrees.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use flate2::Compression;
use flate2::read::MultiGzDecoder;
use flate2::write::GzEncoder;
use mahjong::log::convert::{Target, convert};
use rayon::prelude::*;

/// The endings of record files: a directory's files with one are read, and they are taken off
/// a record's name for its game's (`.gz` first, as in `x.json.gz`).
const RECORD_EXTENSIONS: [&str; 6] = [".gz", ".mjlog", ".xml", ".json", ".jsonl", ".log"];

/// The most a record may take once unzipped (a game is well under a megabyte).
const MAX_RECORD: u64 = 64 << 20;

/// `tiles mahjong convert`.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The format to write: `mjai` (a `.json.gz` a game, one event a line, the layout Mortal's
    /// training reads) or `tenhou6` (a `.json` a game, which Tenhou's viewer opens).
    #[arg(long, value_name = "FORMAT")]
    to: String,
    /// Records (Tenhou mjlog XML, tenhou.net/6 JSON, mjai events; gzipped or not) and
    /// directories, walked for files named `*.mjlog`, `*.xml`, `*.json`, `*.jsonl`, `*.log`
    /// or `*.gz`.
    #[arg(required = true, value_name = "FILES_OR_DIRS")]
    inputs: Vec<PathBuf>,
    /// The directory to write into (made if missing); a directory's records keep their place
    /// under it.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
}

/// One record to convert: where it is and where its game goes (without the extension).
struct Job {
    input: PathBuf,
    output: PathBuf,
}

/// Runs `tiles mahjong convert`: exit 0 when every game was converted, 1 when any was
/// skipped (each reported on stderr with why), 2 for bad arguments or an output directory
/// that cannot be made, 130 if Ctrl-C stopped it.
pub fn run(args: &ConvertArgs) -> ExitCode {
    let Some(target) = Target::named(&args.to) else {
        eprintln!("tiles: --to: expected mjai or tenhou6, found {:?}", args.to);
        return ExitCode::from(2);
    };
    if let Err(error) = std::fs::create_dir_all(&args.out) {
        eprintln!("tiles: --out {}: {error}", args.out.display());
        return ExitCode::from(2);
    }
    let mut jobs = Vec::new();
    for input in &args.inputs {
        if input.is_dir() {
            let mut found = Vec::new();
            walk(input, &mut found);
            found.sort();
            for path in found {
                let relative = path.strip_prefix(input).unwrap_or(&path);
                jobs.push(Job {
                    output: args.out.join(stem_path(relative)),
                    input: path,
                });
            }
        } else {
            jobs.push(Job {
                output: args.out.join(stem_path(Path::new(
                    input.file_name().unwrap_or(input.as_os_str()),
                ))),
                input: input.clone(),
            });
        }
    }
    let extension = match target {
        Target::Mjai => "json.gz",
        Target::Tenhou6 => "json",
    };
    // Two records that would write one file: the later is skipped.
    let mut first: HashMap<PathBuf, PathBuf> = HashMap::new();
    let mut clashes: HashMap<usize, String> = HashMap::new();
    for (index, job) in jobs.iter().enumerate() {
        let output = job.output.with_extension(extension);
        if let Some(earlier) = first.get(&output) {
            clashes.insert(
                index,
                format!(
                    "its game would overwrite {} (from {})",
                    output.display(),
                    earlier.display()
                ),
            );
        } else {
            first.insert(output, job.input.clone());
        }
    }
    let watch = crate::progress::Watch::start("files");
    let stop = watch.stop();
    stop.add_total(jobs.len() as u64);
    let results: Vec<Option<Result<usize, String>>> = jobs
        .par_iter()
        .enumerate()
        .map(|(index, job)| {
            if stop.is_stopped() {
                return None;
            }
            let result = match clashes.get(&index) {
                Some(clash) => Err(clash.clone()),
                None => one(job, target, extension),
            };
            stop.advance(1);
            Some(result)
        })
        .collect();
    let (mut converted, mut skipped, mut hands) = (0usize, 0usize, 0usize);
    for (job, result) in jobs.iter().zip(&results) {
        match result {
            Some(Ok(count)) => {
                converted += 1;
                hands += count;
            }
            Some(Err(why)) => {
                skipped += 1;
                eprintln!("{}: skipped: {why}", job.input.display());
            }
            None => {}
        }
    }
    let done = converted + skipped;
    eprintln!(
        "{converted} games converted ({hands} hands) into {}, {skipped} skipped{}",
        args.out.display(),
        if done < jobs.len() {
            format!("; stopped after {done} of {} files", jobs.len())
        } else {
            String::new()
        }
    );
    if watch.interrupted() {
        ExitCode::from(130)
    } else if skipped > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Converts one record and writes its game: the number of hands, or why it was skipped.
fn one(job: &Job, target: Target, extension: &str) -> Result<usize, String> {
    let text = read_record(&job.input)?;
    let converted = convert(&text, target)?;
    let output = job.output.with_extension(extension);
    if let Some(parent) = output.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|error| format!("cannot make {}: {error}", parent.display()))?;
    }
    let written = match target {
        Target::Mjai => std::fs::File::create(&output).and_then(|file| {
            let mut zipped = GzEncoder::new(std::io::BufWriter::new(file), Compression::fast());
            zipped.write_all(converted.text.as_bytes())?;
            zipped.finish()?.flush()
        }),
        Target::Tenhou6 => {
            let mut text = converted.text;
            if !text.ends_with('\n') {
                text.push('\n');
            }
            std::fs::write(&output, text)
        }
    };
    written.map_err(|error| format!("cannot write {}: {error}", output.display()))?;
    Ok(converted.hands)
}

/// A file's bytes, unzipped if they are gzip's (by the first bytes, whatever the name: Tenhou's
/// `.mjlog` downloads are gzipped XML).
///
/// # Errors
///
/// A broken gzip stream, or one that unzips to more than 64 MB (no record is that long).
pub fn unzipped(bytes: Vec<u8>) -> Result<Vec<u8>, String> {
    if !bytes.starts_with(&[0x1f, 0x8b]) {
        return Ok(bytes);
    }
    let mut unzipped = Vec::new();
    MultiGzDecoder::new(bytes.as_slice())
        .take(MAX_RECORD + 1)
        .read_to_end(&mut unzipped)
        .map_err(|error| format!("cannot be unzipped: {error}"))?;
    if unzipped.len() as u64 > MAX_RECORD {
        return Err(format!("unzips to more than {} MB", MAX_RECORD >> 20));
    }
    Ok(unzipped)
}

/// A record's text, unzipped if it is gzipped.
fn read_record(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|error| format!("cannot be read: {error}"))?;
    let bytes = unzipped(bytes)?;
    String::from_utf8(bytes).map_err(|error| {
        format!(
            "is not UTF-8 text (byte {})",
            error.utf8_error().valid_up_to()
        )
    })
}

/// The files under `dir` whose names look like records, any depth (hidden ones left out).
fn walk(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        if path.is_dir() {
            walk(&path, found);
        } else if RECORD_EXTENSIONS
            .iter()
            .any(|extension| name.ends_with(extension))
        {
            found.push(path);
        }
    }
}

/// `a/b/2021.mjlog` → `a/b/2021`; `x.json.gz` → `x` (the record extensions taken off).
fn stem_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut stem = name.as_str();
    for extension in RECORD_EXTENSIONS {
        stem = stem.strip_suffix(extension).unwrap_or(stem);
    }
    path.with_file_name(if stem.is_empty() { name.as_str() } else { stem })
}
