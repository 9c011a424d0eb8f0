//! `tiles mahjong convert`: records from Tenhou (mjlog, tenhou.net/6) and mjai, gzipped or not,
//! files or directories walked, written one file a game in mjai (`.json.gz`, one event a line)
//! or tenhou.net/6 (`.json`), each game replayed through the engine on the way and written only
//! if every hand agrees.

use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use flate2::Compression;
use flate2::write::GzEncoder;
use mahjong_game::records::convert::{ConvertErrorKind, Target, convert};
use rayon::prelude::*;

use crate::records::{self, Content};

/// `tiles mahjong convert`.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The format to write: `mjai` (a `.json.gz` a game, one event a line, the layout Mortal's
    /// training reads), `tenhou6` (or `tenhou`: a `.json` a game, which Tenhou's viewer opens)
    /// or `mjlog` (Tenhou's XML, a `.mjlog` a game, not gzipped, as mjx and mahjax keep them).
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

/// Why a record was not converted.
enum Skip {
    /// It is no record at all: left out, named in the summary.
    NotARecord,
    /// A good record the target format cannot hold (a game's part to mjai or mjlog): reported,
    /// and expected.
    NotInFormat(String),
    /// It could not be read, or disagrees, or could not be written: reported, a fault.
    Why(String),
}

/// Runs `tiles mahjong convert`: exit 0 when every game the format can hold was converted, 1
/// when one was skipped for a fault (each reported on stderr with why) or none was converted,
/// 2 for bad arguments, an output directory that cannot be made or no record at all, 130 if
/// Ctrl-C stopped it.
pub fn run(args: &ConvertArgs) -> ExitCode {
    let Some(target) = Target::named(&args.to) else {
        eprintln!(
            "tiles: --to: expected {}, found {:?}",
            crate::mahjong::format_names(),
            args.to
        );
        return ExitCode::from(2);
    };
    if let Err(error) = std::fs::create_dir_all(&args.out) {
        eprintln!("tiles: --out {}: {error}", args.out.display());
        return ExitCode::from(2);
    }
    let (found, mut left_out) = records::collect(&args.inputs);
    // Two copies of one game in two formats (`game.xml`, `game.json`) share a stem: each then
    // keeps its own extension in its name (`game-xml`, `game-json`).
    let mut stems: HashMap<PathBuf, usize> = HashMap::new();
    for found in &found {
        *stems
            .entry(records::stem_path(&found.relative))
            .or_default() += 1;
    }
    let jobs: Vec<Job> = found
        .into_iter()
        .map(|found| {
            let stem = records::stem_path(&found.relative);
            let output = if stems[&stem] > 1 {
                let name = found
                    .relative
                    .file_name()
                    .unwrap_or_default()
                    .to_string_lossy();
                let stem_name = stem.file_name().unwrap_or_default().to_string_lossy();
                let kept = name
                    .strip_prefix(stem_name.as_ref())
                    .unwrap_or_default()
                    .trim_start_matches('.')
                    .replace('.', "-");
                stem.with_file_name(format!("{stem_name}-{kept}"))
            } else {
                stem
            };
            Job {
                output: args.out.join(output),
                input: found.path,
            }
        })
        .collect();
    let extension = match target {
        Target::Mjai => "json.gz",
        Target::Tenhou6 => "json",
        Target::Mjlog => "mjlog",
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
    let mut watch = crate::progress::Watch::start("files");
    let stop = watch.stop();
    stop.add_total(jobs.len() as u64);
    let results: Vec<Option<Result<usize, Skip>>> = jobs
        .par_iter()
        .enumerate()
        .map(|(index, job)| {
            if stop.is_stopped() {
                return None;
            }
            let result = match clashes.get(&index) {
                Some(clash) => Err(Skip::Why(clash.clone())),
                None => one(job, target, extension),
            };
            stop.advance(1);
            Some(result)
        })
        .collect();
    watch.end();
    let (mut converted, mut skipped, mut hands, mut not_records) = (0usize, 0usize, 0usize, 0usize);
    let mut not_in_format = 0usize;
    for (job, result) in jobs.iter().zip(&results) {
        match result {
            Some(Ok(count)) => {
                converted += 1;
                hands += count;
            }
            Some(Err(Skip::Why(why))) => {
                skipped += 1;
                eprintln!("{}: skipped: {why}", job.input.display());
            }
            Some(Err(Skip::NotInFormat(why))) => {
                not_in_format += 1;
                eprintln!("{}: left as it is: {why}", job.input.display());
            }
            Some(Err(Skip::NotARecord)) => {
                not_records += 1;
                left_out.push(job.input.clone());
            }
            None => {}
        }
    }
    let done = converted + skipped + not_in_format + not_records;
    let games = |count: usize| format!("{count} game{}", if count == 1 { "" } else { "s" });
    eprintln!(
        "{} converted ({hands} hand{}) into {}, {} the format cannot hold, {skipped} skipped for a fault{}{}",
        games(converted),
        if hands == 1 { "" } else { "s" },
        args.out.display(),
        games(not_in_format),
        records::left_out_note(&left_out),
        if done < jobs.len() {
            format!("; stopped after {done} of {} files", jobs.len())
        } else {
            String::new()
        }
    );
    if watch.interrupted() {
        ExitCode::from(130)
    } else if converted + skipped + not_in_format == 0 {
        eprintln!("tiles: nothing converted: {}", records::NOT_A_RECORD);
        ExitCode::from(2)
    } else if skipped > 0 || converted == 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Converts one record and writes its game: the number of hands, or why it was skipped.
fn one(job: &Job, target: Target, extension: &str) -> Result<usize, Skip> {
    let text = match records::read(&job.input).map_err(Skip::Why)? {
        Content::Record(text) => text,
        Content::NotARecord => return Err(Skip::NotARecord),
    };
    let converted = convert(&text, target).map_err(|error| match error.kind {
        ConvertErrorKind::NotInFormat => Skip::NotInFormat(error.message),
        _ => Skip::Why(error.message),
    })?;
    let output = job.output.with_extension(extension);
    if let Some(parent) = output.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|error| Skip::Why(format!("cannot make {}: {error}", parent.display())))?;
    }
    let written = match target {
        Target::Mjai => std::fs::File::create(&output).and_then(|file| {
            let mut zipped = GzEncoder::new(std::io::BufWriter::new(file), Compression::fast());
            zipped.write_all(converted.text.as_bytes())?;
            zipped.finish()?.flush()
        }),
        Target::Tenhou6 | Target::Mjlog => {
            let mut text = converted.text;
            if !text.ends_with('\n') {
                text.push('\n');
            }
            std::fs::write(&output, text)
        }
    };
    written.map_err(|error| Skip::Why(format!("cannot write {}: {error}", output.display())))?;
    Ok(converted.hands)
}
