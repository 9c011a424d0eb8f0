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
use mahjong_game::records::convert::{Target, convert};
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
    /// It could not be read, or disagrees: reported.
    Why(String),
}

/// Runs `tiles mahjong convert`: exit 0 when every game was converted, 1 when any was
/// skipped (each reported on stderr with why), 2 for bad arguments or an output directory
/// that cannot be made, 130 if Ctrl-C stopped it.
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
    let jobs: Vec<Job> = found
        .into_iter()
        .map(|found| Job {
            output: args.out.join(records::stem_path(&found.relative)),
            input: found.path,
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
            Some(Err(Skip::NotARecord)) => {
                not_records += 1;
                left_out.push(job.input.clone());
            }
            None => {}
        }
    }
    let done = converted + skipped + not_records;
    eprintln!(
        "{converted} games converted ({hands} hands) into {}, {skipped} skipped{}{}",
        args.out.display(),
        records::left_out_note(&left_out),
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
fn one(job: &Job, target: Target, extension: &str) -> Result<usize, Skip> {
    let text = match records::read(&job.input).map_err(Skip::Why)? {
        Content::Record(text) => text,
        Content::NotARecord => return Err(Skip::NotARecord),
    };
    let converted = convert(&text, target).map_err(Skip::Why)?;
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
