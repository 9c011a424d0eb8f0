//! The cooperative stop signal: long work (a tournament, a bot game, a search) checks it between
//! its steps and gives up with [`Stopped`] once it is raised. It may also carry a [`Progress`]
//! count the work adds to as its steps finish (games played, files read), for a caller that
//! shows how far along it is.
//!
//! A signal is raised by a deadline passing, by a flag being set from another thread, or by
//! either. This is the one place in the game crates' world where a clock is read: the games
//! themselves only ask [`Stop::is_stopped`].

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Long work was stopped before it finished: its deadline passed or its flag was set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("stopped before the work was done (its time ran out or it was cancelled)")]
pub struct Stopped;

/// A stop signal: a deadline, a flag, both, or neither ([`Stop::never`]). Cheap to clone and to
/// check; clones share the flag.
///
/// ```
/// use std::time::Duration;
/// use tiles_core::Stop;
///
/// let stop = Stop::never();
/// assert!(stop.check().is_ok());
///
/// let (stop, flag) = Stop::flag();
/// flag.raise();
/// assert!(stop.is_stopped());
///
/// let stop = Stop::after(Duration::ZERO);
/// assert!(stop.check().is_err());
/// ```
#[derive(Debug, Clone, Default)]
pub struct Stop {
    deadline: Option<Instant>,
    flag: Option<Arc<AtomicBool>>,
    progress: Option<Arc<Progress>>,
}

/// How far long work has got: steps done of steps to do, read from another thread while the
/// work runs.
///
/// ```
/// use std::sync::Arc;
/// use tiles_core::{Progress, Stop};
///
/// let progress = Arc::new(Progress::default());
/// let stop = Stop::never().with_progress(Arc::clone(&progress));
/// stop.add_total(10);
/// stop.advance(3);
/// assert_eq!(progress.done(), 3);
/// assert_eq!(progress.total(), 10);
/// ```
#[derive(Debug, Default)]
pub struct Progress {
    done: AtomicU64,
    total: AtomicU64,
}

impl Progress {
    /// Steps done.
    pub fn done(&self) -> u64 {
        self.done.load(Ordering::Relaxed)
    }

    /// Steps to do, as the work has counted them so far.
    pub fn total(&self) -> u64 {
        self.total.load(Ordering::Relaxed)
    }
}

/// The handle that raises a [`Stop`] made by [`Stop::flag`] (from any thread).
#[derive(Debug, Clone)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// Raises the signal: every check from now on says stop.
    pub fn raise(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the signal has been raised.
    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

impl Stop {
    /// A signal that is never raised: the work runs to its end.
    pub fn never() -> Stop {
        Stop::default()
    }

    /// A signal raised at `deadline`.
    pub fn at(deadline: Instant) -> Stop {
        Stop {
            deadline: Some(deadline),
            ..Stop::default()
        }
    }

    /// A signal raised `limit` from now. A limit too far away to represent never stops.
    pub fn after(limit: Duration) -> Stop {
        Stop {
            deadline: Instant::now().checked_add(limit),
            ..Stop::default()
        }
    }

    /// A signal raised by its [`StopFlag`].
    pub fn flag() -> (Stop, StopFlag) {
        let flag = Arc::new(AtomicBool::new(false));
        (
            Stop {
                flag: Some(Arc::clone(&flag)),
                ..Stop::default()
            },
            StopFlag(flag),
        )
    }

    /// This signal, also raised at `deadline` (the earlier of two deadlines binds).
    #[must_use]
    pub fn with_deadline(mut self, deadline: Instant) -> Stop {
        self.deadline = Some(self.deadline.map_or(deadline, |d| d.min(deadline)));
        self
    }

    /// This signal, carrying `progress` for the work to count its steps in.
    #[must_use]
    pub fn with_progress(mut self, progress: Arc<Progress>) -> Stop {
        self.progress = Some(progress);
        self
    }

    /// Counts `steps` more to do (for the progress shown, if any).
    pub fn add_total(&self, steps: u64) {
        if let Some(progress) = &self.progress {
            progress.total.fetch_add(steps, Ordering::Relaxed);
        }
    }

    /// Counts `steps` done (for the progress shown, if any).
    pub fn advance(&self, steps: u64) {
        if let Some(progress) = &self.progress {
            progress.done.fetch_add(steps, Ordering::Relaxed);
        }
    }

    /// Whether the work should stop now.
    pub fn is_stopped(&self) -> bool {
        self.flag
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
            || self
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline)
    }

    /// `Err(Stopped)` if the work should stop now.
    ///
    /// # Errors
    ///
    /// [`Stopped`] once the deadline has passed or the flag is raised.
    pub fn check(&self) -> Result<(), Stopped> {
        if self.is_stopped() {
            Err(Stopped)
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flag_raised_on_another_thread_stops_every_clone() {
        let (stop, flag) = Stop::flag();
        let copy = stop.clone();
        assert!(!copy.is_stopped());
        std::thread::spawn(move || flag.raise()).join().unwrap();
        assert!(stop.is_stopped() && copy.is_stopped());
    }

    #[test]
    fn the_earlier_deadline_binds() {
        let far = Instant::now() + Duration::from_secs(3600);
        assert!(!Stop::at(far).is_stopped());
        assert!(Stop::at(far).with_deadline(Instant::now()).is_stopped());
        assert!(Stop::at(Instant::now()).with_deadline(far).is_stopped());
        assert!(!Stop::after(Duration::MAX).is_stopped());
    }
}
