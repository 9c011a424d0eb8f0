//! Long commands watched: progress on stderr while it is a terminal (done of total, the rate,
//! the time left), and Ctrl-C stopping the work so the command prints what it has (a second
//! Ctrl-C ends the process at once). When the work ends, finished or stopped, the progress
//! line is redrawn once with the final count and the time taken and ended with a newline,
//! before the command prints its results (`2000 of 2000 games in 1 min 5 s, 30.7/s`).

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use mahjong_game::tiles_core::{Progress, Stop, StopFlag};

/// The flag Ctrl-C raises: the running command's.
static CURRENT: Mutex<Option<StopFlag>> = Mutex::new(None);

/// Whether the Ctrl-C listener has been started.
static LISTENING: AtomicBool = AtomicBool::new(false);

/// A long command's stop signal (raised by Ctrl-C) with its progress shown on stderr.
pub struct Watch {
    stop: Stop,
    flag: StopFlag,
    shown: Option<(Arc<AtomicBool>, JoinHandle<()>)>,
}

impl Watch {
    /// Watches work counted in `unit` (`games`, `files`) whose results are printed when it
    /// ends.
    pub fn start(unit: &'static str) -> Watch {
        Watch::watching(unit, std::io::stderr().is_terminal())
    }

    /// Watches work that prints its results as it goes: its progress is shown only while
    /// stdout is not the terminal too (so a line printed never lands in the progress line).
    pub fn start_beside_output(unit: &'static str) -> Watch {
        let shown = std::io::stderr().is_terminal() && !std::io::stdout().is_terminal();
        Watch::watching(unit, shown)
    }

    fn watching(unit: &'static str, shown: bool) -> Watch {
        let (stop, flag) = Stop::flag();
        let progress = Arc::new(Progress::default());
        let stop = stop.with_progress(Arc::clone(&progress));
        *CURRENT
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(flag.clone());
        listen();
        let shown = shown.then(|| {
            let done = Arc::new(AtomicBool::new(false));
            let finished = Arc::clone(&done);
            let thread = std::thread::spawn(move || show(&progress, &finished, unit));
            (done, thread)
        });
        Watch { stop, flag, shown }
    }

    /// The stop signal to give the work.
    pub fn stop(&self) -> &Stop {
        &self.stop
    }

    /// Whether Ctrl-C stopped the work.
    pub fn interrupted(&self) -> bool {
        self.flag.is_raised()
    }

    /// Ends the progress line (its final count drawn and a newline, if it was shown): call
    /// before printing the results.
    pub fn end(&mut self) {
        if let Some((done, thread)) = self.shown.take() {
            done.store(true, Ordering::Relaxed);
            let _ = thread.join();
        }
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.end();
        *CURRENT
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = None;
    }
}

/// The end of a tournament that may have been stopped: the progress line ended, the
/// `results`, `stopped after N of M games` if it played fewer than asked, and exit 130 if
/// Ctrl-C stopped it (0 otherwise).
pub fn finished(
    mut watch: Watch,
    results: &str,
    played: u64,
    asked: u64,
) -> std::process::ExitCode {
    watch.end();
    crate::batch::print(results);
    if played < asked {
        crate::batch::print(&format!("stopped after {played} of {asked} games\n"));
    }
    if watch.interrupted() {
        std::process::ExitCode::from(130)
    } else {
        std::process::ExitCode::SUCCESS
    }
}

/// Redraws the progress line every half second until `finished`, then, if it drew one, draws
/// the final count with the time taken and ends the line.
fn show(progress: &Progress, finished: &AtomicBool, unit: &str) {
    let started = Instant::now();
    let mut stderr = std::io::stderr();
    let mut drawn = false;
    let mut ticks = 0u32;
    while !finished.load(Ordering::Relaxed) {
        // A tenth of a second between looks at the flag, half a second between redraws.
        std::thread::sleep(Duration::from_millis(100));
        ticks += 1;
        if !ticks.is_multiple_of(5) {
            continue;
        }
        let elapsed = started.elapsed();
        let (done, total) = (progress.done(), progress.total());
        let rate = done as f64 / elapsed.as_secs_f64();
        let left = if rate > 0.0 && total > done {
            format!(", {} left", duration((total - done) as f64 / rate))
        } else {
            String::new()
        };
        let _ = write!(
            stderr,
            "\r\x1b[K{done} of {total} {unit}, {rate:.1}/s{left}"
        );
        let _ = stderr.flush();
        drawn = true;
    }
    if drawn {
        let elapsed = started.elapsed();
        let (done, total) = (progress.done(), progress.total());
        let rate = done as f64 / elapsed.as_secs_f64();
        let _ = writeln!(
            stderr,
            "\r\x1b[K{done} of {total} {unit} in {}, {rate:.1}/s",
            duration(elapsed.as_secs_f64())
        );
        let _ = stderr.flush();
    }
}

/// `42 s`, `3 min 5 s`, `2 h 10 min`.
fn duration(seconds: f64) -> String {
    let seconds = seconds.round() as u64;
    match seconds {
        0..60 => format!("{seconds} s"),
        60..3600 => format!("{} min {} s", seconds / 60, seconds % 60),
        _ => format!("{} h {} min", seconds / 3600, seconds / 60 % 60),
    }
}

/// Starts, once, the thread that turns Ctrl-C into the current command's stop signal.
fn listen() {
    if LISTENING.swap(true, Ordering::Relaxed) {
        return;
    }
    let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    else {
        return;
    };
    // The handler is installed here, before the work starts, not when the listening thread
    // first runs: a Ctrl-C at once (or on a busy machine) stops the work instead of ending
    // the process unprinted.
    #[cfg(unix)]
    let Ok(mut interrupts) = ({
        let _context = runtime.enter();
        tokio::signal::unix::signal(tokio::signal::unix::SignalKind::interrupt())
    }) else {
        return;
    };
    std::thread::spawn(move || {
        runtime.block_on(async {
            loop {
                #[cfg(unix)]
                let interrupted = interrupts.recv().await.is_some();
                #[cfg(not(unix))]
                let interrupted = tokio::signal::ctrl_c().await.is_ok();
                if !interrupted {
                    return;
                }
                let current = CURRENT
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .clone();
                match current {
                    Some(flag) if !flag.is_raised() => flag.raise(),
                    // A second Ctrl-C, or one with no work to stop: end now.
                    _ => std::process::exit(130),
                }
            }
        });
    });
}
