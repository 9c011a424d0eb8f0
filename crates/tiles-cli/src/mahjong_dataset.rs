//! `tiles mahjong dataset`: record archives as training data (see `mahjong_game::dataset`).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use mahjong_game::dataset::{Kind, Options};
use tiles_api::mahjong::dataset::write_until;

/// `tiles mahjong dataset`.
#[derive(Debug, Args)]
pub struct DatasetArgs {
    /// Records (Tenhou mjlog XML, tenhou.net/6 JSON, mjai events; gzipped or not; four players
    /// or three) and directories, walked for files named `*.mjlog`, `*.xml`, `*.json`,
    /// `*.jsonl`, `*.log` or `*.gz`.
    #[arg(required = true, value_name = "RECORDS")]
    inputs: Vec<PathBuf>,
    /// The directory to write the shards and `manifest.json` into (made if missing; shards
    /// and a manifest already there are replaced).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// The most a shard holds: bytes, or with a suffix `K`, `M`, `G` (powers of 1,024).
    /// A game is never split between shards.
    #[arg(long, value_name = "SIZE", default_value = "256M")]
    shard_size: String,
    /// The shares of games to train on, validate and test by, as three numbers
    /// (`0.9,0.05,0.05`, or `90,5,5`). Each game's split follows from its deals alone, whatever
    /// its format or the other records written with it.
    #[arg(
        long,
        value_name = "TRAIN,VALIDATION,TEST",
        default_value = "0.9,0.05,0.05"
    )]
    split: String,
    /// The sources' terms (a licence, a citation), stated in the manifest.
    #[arg(long, value_name = "TEXT")]
    terms: Option<String>,
    /// Threads (default: one a core).
    #[arg(long, value_name = "N", default_value_t = 0)]
    jobs: usize,
}

/// `256M` → 268,435,456.
fn size_of(text: &str) -> Result<u64, String> {
    let trimmed = text.trim();
    let (number, scale) = match trimmed.char_indices().last() {
        Some((at, 'K' | 'k')) => (&trimmed[..at], 1u64 << 10),
        Some((at, 'M' | 'm')) => (&trimmed[..at], 1 << 20),
        Some((at, 'G' | 'g')) => (&trimmed[..at], 1 << 30),
        _ => (trimmed, 1),
    };
    number
        .trim()
        .parse::<u64>()
        .ok()
        .and_then(|number| number.checked_mul(scale))
        .filter(|&size| size > 0)
        .ok_or_else(|| {
            format!("--shard-size: expected bytes such as 268435456 or 256M, found {text:?}")
        })
}

/// `0.9,0.05,0.05` → the three shares.
fn split_of(text: &str) -> Result<[f64; 3], String> {
    let shares: Vec<Option<f64>> = text
        .split(',')
        .map(|part| {
            part.trim()
                .parse::<f64>()
                .ok()
                .filter(|share| share.is_finite() && *share >= 0.0)
        })
        .collect();
    match shares.as_slice() {
        [Some(train), Some(validation), Some(test)] if train + validation + test > 0.0 => {
            Ok([*train, *validation, *test])
        }
        _ => Err(format!(
            "--split: expected three non-negative shares TRAIN,VALIDATION,TEST with a positive sum, such as 0.9,0.05,0.05, found {text:?}"
        )),
    }
}

/// Runs `tiles mahjong dataset`: exit 0 when every record file gave a game, 1 when any gave
/// none (each named on stderr), 2 for bad arguments or an output that cannot be written, 130
/// if Ctrl-C stopped it.
pub fn run(args: &DatasetArgs) -> ExitCode {
    let options = match (size_of(&args.shard_size), split_of(&args.split)) {
        (Ok(shard_size), Ok(split)) => {
            let mut options = Options::new(&args.out);
            options.shard_size = shard_size;
            options.split = split;
            options.terms = args.terms.clone();
            options
        }
        (Err(error), _) | (_, Err(error)) => {
            eprintln!("tiles: {error}");
            return ExitCode::from(2);
        }
    };
    let mut watch = crate::progress::Watch::start("files");
    let result = write_until(&args.inputs, &options, args.jobs, watch.stop());
    watch.end();
    let written = match result {
        Err(_) => {
            eprintln!(
                "tiles: stopped; the shards written so far are in {}, with no manifest",
                args.out.display()
            );
            return ExitCode::from(130);
        }
        Ok(Err(error)) => {
            eprintln!("tiles: {error}");
            return ExitCode::from(2);
        }
        Ok(Ok(written)) => written,
    };
    for problem in &written.problems {
        eprintln!("{problem}");
    }
    let kinds: Vec<String> = Kind::ALL
        .iter()
        .zip(written.kinds)
        .filter(|(_, count)| *count > 0)
        .map(|(kind, count)| format!("{} {count}", kind.name()))
        .collect();
    eprintln!(
        "{} decisions of {} games from {} files in {} shards and {} ({}){}{}{}",
        written.decisions,
        written.games,
        written.files,
        written.shards.len(),
        written.manifest.display(),
        kinds.join(", "),
        if written.hands_skipped > 0 {
            format!(
                "; {} hands the engine could not follow left out (named in the manifest)",
                written.hands_skipped
            )
        } else {
            String::new()
        },
        if written.duplicates > 0 {
            format!(
                "; {} files held a game already written (written once)",
                written.duplicates
            )
        } else {
            String::new()
        },
        if written.problems.is_empty() {
            String::new()
        } else {
            format!("; {} files gave no game", written.problems.len())
        }
    );
    if written.problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
