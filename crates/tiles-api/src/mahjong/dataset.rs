//! Records as training data on every core: `mahjong_game::dataset` writes a dataset one file
//! after another (a game crate runs no thread); here the files are read and their samples made
//! on `jobs` threads, and written in the files' order by the calling thread, so the dataset is
//! the same byte for byte whatever the number of threads. The `tiles` command and the Python
//! package write datasets with it.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, mpsc};

use mahjong_game::dataset::{FileResult, Options, Writer, Written, prepare, read_file};
use tiles_core::{Stop, Stopped};

/// `mahjong_game::dataset::write_until` on `jobs` threads (0: one a core): the records
/// `inputs` name written as a dataset in `options.out`. Each thread reads at most a few files
/// ahead of the writing, so memory stays small.
///
/// # Errors
///
/// [`Stopped`] once `stop` is raised (the shards written so far stay, with no manifest), or
/// as `mahjong_game::dataset::write`: bad options, no record file, an output that cannot be
/// written.
pub fn write_until(
    inputs: &[PathBuf],
    options: &Options,
    jobs: usize,
    stop: &Stop,
) -> Result<Result<Written, String>, Stopped> {
    let (found, left_out) = match prepare(inputs, options) {
        Ok(prepared) => prepared,
        Err(error) => return Ok(Err(error)),
    };
    let jobs = if jobs == 0 {
        std::thread::available_parallelism().map_or(1, |count| count.get())
    } else {
        jobs
    };
    let window = 8 * jobs;
    stop.add_total(found.len() as u64);
    let next = AtomicUsize::new(0);
    let written_up_to = (Mutex::new(0usize), Condvar::new());
    let (sender, receiver) = mpsc::channel::<(usize, FileResult)>();
    let mut writer = Writer::new(options);
    // Sample buffers go back to the threads once written: fresh memory costs page faults.
    let pool: Mutex<Vec<Vec<u8>>> = Mutex::new(Vec::new());
    let outcome: Result<Result<(), String>, Stopped> = std::thread::scope(|scope| {
        for _ in 0..jobs {
            let sender = sender.clone();
            let (next, written_up_to, found, pool) = (&next, &written_up_to, &found, &pool);
            scope.spawn(move || {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= found.len() || stop.is_stopped() {
                        break;
                    }
                    {
                        let (lock, wake) = written_up_to;
                        let mut done = lock.lock().expect("not poisoned");
                        while index >= *done + window && !stop.is_stopped() {
                            done = wake.wait(done).expect("not poisoned");
                        }
                    }
                    let buffer = pool.lock().expect("not poisoned").pop().unwrap_or_default();
                    let result = read_file(&found[index].path, buffer);
                    if sender.send((index, result)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut waiting = BTreeMap::new();
        let mut at = 0;
        let mut failed = None;
        for (index, result) in receiver {
            waiting.insert(index, result);
            while let Some(result) = waiting.remove(&at) {
                if failed.is_none() {
                    match writer.add(&found[at], result) {
                        Ok(Some(buffer)) => pool.lock().expect("not poisoned").push(buffer),
                        Ok(None) => {}
                        Err(error) => failed = Some(error),
                    }
                }
                at += 1;
                stop.advance(1);
                let (lock, wake) = &written_up_to;
                *lock.lock().expect("not poisoned") = at;
                wake.notify_all();
            }
        }
        if at < found.len() {
            stop.check()?;
        }
        Ok(failed.map_or(Ok(()), Err))
    });
    if let Err(error) = outcome? {
        return Ok(Err(error));
    }
    Ok(writer.finish(&left_out))
}
