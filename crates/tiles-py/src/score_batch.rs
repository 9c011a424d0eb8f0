//! `tiles.mahjong.score_many`: many requests scored in one call, on every core, answered as a
//! `ScoreBatch`: the engine's results kept in Rust, each made a `Score` (or a refused
//! request's `{"error": message}`) when it is asked for, and whole columns (`han`, `total`…)
//! read at once.
//!
//! The requests are read on the calling thread with the GIL held, their values borrowed
//! (`score_fields`), in chunks; a chunk read is queued for the pool's threads, which score
//! while the next are read. When the reading is done the calling thread scores the chunks
//! still queued beside them (newest first: their objects are the likeliest still in its
//! caches), so neither side waits while the other has work.

use std::collections::VecDeque;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

use mahjong::{FullHand, Score};
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::ffi;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList, PySlice, PyTuple};
use tiles_api::mahjong::{ScoreInput, ScoreRequest, TilesRef};

use crate::convert;
use crate::score::PyScore;
use crate::score_fields;

/// One request's answer: the hand and its score, or the message refusing it.
type Answer = Result<(FullHand, Score), String>;

/// How many requests are read before their scoring is queued.
const CHUNK: usize = 256;

/// Asks the processor for the lines of a request's text (a hint: it never faults).
fn prefetch(input: &ScoreInput<'_>) {
    let fetch = |text: &str| {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch reads nothing the program sees and never faults.
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>(text.as_ptr().cast());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = text;
    };
    fetch(input.hand);
    fetch(input.win);
    for (kind, tiles) in &input.melds {
        fetch(kind);
        fetch(tiles);
    }
    for indicators in [&input.dora_indicators, &input.ura_indicators] {
        match indicators {
            TilesRef::Text(text) => fetch(text),
            TilesRef::List(names) => names.iter().for_each(|name| fetch(name)),
        }
    }
}

/// A chunk of requests read (by their offset in the chunk), and where its answers go.
struct Job<'a, 'o> {
    out: &'o mut Vec<Option<Answer>>,
    len: usize,
    read: Vec<(usize, ScoreInput<'a>)>,
}

impl Job<'_, '_> {
    fn run(self) {
        // The chunk's text was read a while ago (on another core, for a pool thread): asked
        // for all at once, its lines come together rather than one miss at a time.
        self.read.iter().for_each(|(_, input)| prefetch(input));
        // Made here, not by the reading thread: the memory of a chunk's answers is first
        // touched on the core that scores it.
        let mut out: Vec<Option<Answer>> = (0..self.len).map(|_| None).collect();
        for (offset, input) in &self.read {
            out[*offset] = Some(tiles_api::mahjong::scored_input(input));
        }
        *self.out = out;
    }
}

/// The chunks read and not yet taken, and whether more are coming.
struct Queue<'a, 'o> {
    state: Mutex<(VecDeque<Job<'a, 'o>>, bool)>,
    ready: Condvar,
}

impl<'a, 'o> Queue<'a, 'o> {
    fn new() -> Self {
        Queue {
            state: Mutex::new((VecDeque::new(), true)),
            ready: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, (VecDeque<Job<'a, 'o>>, bool)> {
        // A panic while scoring poisons nothing the queue relies on.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn push(&self, job: Job<'a, 'o>) {
        self.lock().0.push_back(job);
        self.ready.notify_one();
    }

    /// A pool thread's part: the oldest chunk waiting, until the reading is done and none is.
    fn work(&self) {
        loop {
            let mut state = self.lock();
            let job = loop {
                if let Some(job) = state.0.pop_front() {
                    break job;
                }
                if !state.1 {
                    return;
                }
                state = self
                    .ready
                    .wait(state)
                    .unwrap_or_else(PoisonError::into_inner);
            };
            drop(state);
            job.run();
        }
    }
}

/// Tells the pool the reading is done when dropped (also when the reading panics, so no
/// thread waits for chunks that will not come).
struct ReadingDone<'q, 'a, 'o>(&'q Queue<'a, 'o>);

impl Drop for ReadingDone<'_, '_, '_> {
    fn drop(&mut self) {
        self.0.lock().1 = false;
        self.0.ready.notify_all();
    }
}

/// The requests of a call: a list's items borrowed from it, another sequence's collected.
enum Requests<'r, 'py> {
    List(&'r Bound<'py, PyList>, usize),
    Items(Vec<Bound<'py, PyAny>>),
}

impl<'py> Requests<'_, 'py> {
    fn len(&self) -> usize {
        match self {
            Requests::List(_, len) => *len,
            Requests::Items(items) => items.len(),
        }
    }

    /// The request at `index` (below `len`).
    ///
    /// # Safety
    ///
    /// For a list, no Python code may have run since the list was taken (it is unchanged).
    unsafe fn get(&self, index: usize) -> Borrowed<'_, 'py, PyAny> {
        match self {
            Requests::List(list, _) => {
                let index = ffi::Py_ssize_t::try_from(index).expect("a list's index");
                // SAFETY: the GIL is held and `index` is below the list's length, which has
                // not changed (the caller's contract); the item is borrowed from the list.
                unsafe { Borrowed::from_ptr(list.py(), ffi::PyList_GetItem(list.as_ptr(), index)) }
            }
            Requests::Items(items) => items[index].as_borrowed(),
        }
    }
}

/// `score` for each request dict, on every core: a `ScoreBatch`, each request's answer in
/// its place (a refused request's message among them). The GIL is kept and Python's cyclic
/// collector held off until the last request is scored, so no Python code runs while a
/// borrowed value is in use; requests the quick reading does not take are read the general
/// way (which can run Python code: a list's own `__iter__`) after the others are scored, and
/// a request that is not a dict stops the reading there.
pub fn score_many<'py>(
    py: Python<'py>,
    requests: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyScoreBatch>> {
    let requests = match requests.cast_exact::<PyList>() {
        Ok(list) => Requests::List(list, list.len()),
        Err(_) => Requests::Items(crate::items(
            requests,
            "requests",
            r#"[{"hand": "123m456p789s11122z", "win": "2z"}]"#,
        )?),
    };
    let _paused = convert::GcPaused::new(py)?;
    let len = requests.len();
    // The answers by chunk, each made by the thread that scores it.
    let mut chunks: Vec<Vec<Option<Answer>>> =
        (0..len.div_ceil(CHUNK)).map(|_| Vec::new()).collect();
    // Requests for the general reading, and the first that is not a dict (held: the general
    // reading may change the list).
    let mut general = Vec::new();
    let mut not_dict = None;
    let queue = Queue::new();
    // One chunk is scored where it is read: waking a pool thread would cost more.
    let workers = if len > CHUNK {
        rayon::current_num_threads().saturating_sub(1)
    } else {
        0
    };
    rayon::in_place_scope(|scope| {
        for _ in 0..workers {
            let queue = &queue;
            scope.spawn(move |_| queue.work());
        }
        let done = ReadingDone(&queue);
        for (number, out) in chunks.iter_mut().enumerate() {
            let chunk = CHUNK.min(len - number * CHUNK);
            let mut read = Vec::with_capacity(chunk);
            for offset in 0..chunk {
                let index = number * CHUNK + offset;
                // SAFETY: no Python code runs until the scope ends: the collector is held
                // off, the GIL kept, and the general reading comes after.
                let request = unsafe { requests.get(index) };
                let Some(fields) = score_fields::cast::<PyDict>(request) else {
                    not_dict = Some((index, request.to_owned()));
                    break;
                };
                // SAFETY: as above; the requests live for the call.
                match unsafe { score_fields::read(fields) } {
                    Some(input) => read.push((offset, input)),
                    None => general.push((index, request.to_owned())),
                }
            }
            let job = Job {
                out,
                len: chunk,
                read,
            };
            if workers == 0 {
                job.run();
            } else {
                queue.push(job);
            }
            if not_dict.is_some() {
                break;
            }
        }
        drop(done);
        // The newest chunks first: the likeliest still in this core's caches.
        while let Some(job) = queue.lock().0.pop_back() {
            job.run();
        }
    });
    for (index, request) in general {
        // The general reading names the field at fault (an unknown one among them).
        let value = convert::to_value(&request, &format!("requests[{index}]"))?;
        chunks[index / CHUNK][index % CHUNK] = Some(
            tiles_api::read_value::<ScoreRequest>(value)
                .map_err(|error| error.to_string())
                .and_then(tiles_api::mahjong::scored),
        );
    }
    if let Some((index, request)) = not_dict {
        return Err(PyTypeError::new_err(format!(
            "requests[{index}]: expected a dict of score fields, found {}",
            convert::kind(&request)
        )));
    }
    Bound::new(py, PyScoreBatch { chunks, len })
}

/// `score_many`'s answer: a sequence with each request's answer in its place, a `Score`, or
/// ``{"error": message}`` for a request the engine refused, made when it is asked for
/// (``batch[i]``, iterating, ``to_list()``); the columns ``han``, ``fu``, ``yakuman``,
/// ``total`` and ``base`` (0 for a refused request), ``scored`` (bools) and ``errors``
/// (``(index, message)`` pairs) read every answer at once. The results stay in Rust until then.
#[pyclass(frozen, sequence, module = "tiles._tiles", name = "MahjongScoreBatch")]
pub struct PyScoreBatch {
    /// Every request's answer, by chunks of [`CHUNK`] (`None` for none: `score_many`
    /// answers each).
    chunks: Vec<Vec<Option<Answer>>>,
    len: usize,
}

impl Drop for PyScoreBatch {
    /// A batch of more than a chunk is freed on the pool, whose threads made most of its
    /// results, not on the thread that lets it go: 10,000 answers are some 40,000 small
    /// frees.
    fn drop(&mut self) {
        if self.chunks.len() > 1 {
            let chunks = std::mem::take(&mut self.chunks);
            rayon::spawn(move || drop(chunks));
        }
    }
}

impl std::fmt::Debug for PyScoreBatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.__repr__())
    }
}

impl PyScoreBatch {
    fn answer(&self, index: usize) -> &Answer {
        self.chunks[index / CHUNK][index % CHUNK]
            .as_ref()
            .expect("score_many answers every request")
    }

    /// The answer at `index` as Python gives it: a `Score` or `{"error": message}`.
    fn item<'py>(&self, py: Python<'py>, index: usize) -> PyResult<Bound<'py, PyAny>> {
        match self.answer(index) {
            Ok(scored) => Ok(PyScore::new(py, scored.clone())?.into_any()),
            Err(message) => {
                let refused = PyDict::new(py);
                refused.set_item(intern!(py, "error"), message)?;
                Ok(refused.into_any())
            }
        }
    }

    /// Every answer, in order.
    fn answers(&self) -> impl Iterator<Item = &Answer> {
        self.chunks
            .iter()
            .flatten()
            .map(|answer| answer.as_ref().expect("score_many answers every request"))
    }

    /// A number of each score, 0 for a refused request.
    fn column(&self, value: impl Fn(&Score) -> u32) -> Vec<u32> {
        self.answers()
            .map(|answer| answer.as_ref().map_or(0, |(_, score)| value(score)))
            .collect()
    }
}

#[pymethods]
impl PyScoreBatch {
    fn __len__(&self) -> usize {
        self.len
    }

    /// ``batch[i]`` (from the end for a negative ``i``), or a list for a slice.
    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let len = self.len;
        if let Ok(slice) = index.cast::<PySlice>() {
            let range = slice.indices(isize::try_from(len).unwrap_or(isize::MAX))?;
            let list = PyList::empty(py);
            let mut at = range.start;
            for _ in 0..range.slicelength {
                list.append(self.item(py, at.unsigned_abs())?)?;
                at += range.step;
            }
            return Ok(list.into_any());
        }
        let asked: isize = match index.extract() {
            Ok(asked) => asked,
            Err(_) if index.is_instance_of::<PyInt>() => {
                return Err(PyIndexError::new_err(format!(
                    "ScoreBatch index {index} out of range for {len} answers"
                )));
            }
            Err(_) => {
                return Err(PyTypeError::new_err(format!(
                    "ScoreBatch indices must be integers or slices, not {}",
                    convert::kind(index)
                )));
            }
        };
        let at = if asked < 0 {
            len.checked_sub(asked.unsigned_abs())
        } else {
            Some(asked.unsigned_abs()).filter(|&at| at < len)
        };
        match at {
            Some(at) => self.item(py, at),
            None => Err(PyIndexError::new_err(format!(
                "ScoreBatch index {asked} out of range for {len} answers"
            ))),
        }
    }

    fn __iter__(slf: Bound<'_, Self>) -> ScoreBatchIter {
        ScoreBatchIter {
            batch: slf.unbind(),
            next: 0,
        }
    }

    /// Every answer, in order: ``Score`` objects and ``{"error": message}`` dicts.
    fn to_list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for index in 0..self.len {
            list.append(self.item(py, index)?)?;
        }
        Ok(list)
    }

    /// Equal to a list (or tuple, or batch) of the same answers: `Score`s and dicts.
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let listed = other.is_instance_of::<PyList>()
            || other.is_instance_of::<PyTuple>()
            || other.is_instance_of::<PyScoreBatch>();
        if !listed || other.len()? != self.len {
            return Ok(false);
        }
        for index in 0..self.len {
            if !self.item(py, index)?.eq(other.get_item(index)?)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Each answer's han (0 for a refused request).
    #[getter]
    fn han(&self) -> Vec<u32> {
        self.column(|score| score.han)
    }

    /// Each answer's fu, rounded (0 for a yakuman or a refused request).
    #[getter]
    fn fu(&self) -> Vec<u32> {
        self.column(|score| score.fu)
    }

    /// Each answer's count of yakuman.
    #[getter]
    fn yakuman(&self) -> Vec<u32> {
        self.column(|score| score.yakuman)
    }

    /// Each answer's value: the ron payment, or the tsumo payments together.
    #[getter]
    fn total(&self) -> Vec<u32> {
        self.column(|score| score.points.total)
    }

    /// Each answer's base points.
    #[getter]
    fn base(&self) -> Vec<u32> {
        self.column(|score| score.base)
    }

    /// Whether each request was scored (false where it was refused).
    #[getter]
    fn scored(&self) -> Vec<bool> {
        self.answers().map(Result::is_ok).collect()
    }

    /// The refused requests: ``(index, message)`` pairs, in order.
    #[getter]
    fn errors(&self) -> Vec<(usize, String)> {
        self.answers()
            .enumerate()
            .filter_map(|(index, answer)| {
                answer
                    .as_ref()
                    .err()
                    .map(|message| (index, message.clone()))
            })
            .collect()
    }

    fn __repr__(&self) -> String {
        let refused = self.answers().filter(|answer| answer.is_err()).count();
        format!(
            "ScoreBatch({} answer{}: {} scored, {refused} refused)",
            self.len,
            if self.len == 1 { "" } else { "s" },
            self.len - refused
        )
    }
}

/// Iterates over a `ScoreBatch`'s answers.
#[derive(Debug)]
#[pyclass(module = "tiles._tiles", name = "MahjongScoreBatchIterator")]
pub struct ScoreBatchIter {
    batch: Py<PyScoreBatch>,
    next: usize,
}

#[pymethods]
impl ScoreBatchIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let batch = self.batch.get();
        if self.next >= batch.len {
            return Ok(None);
        }
        self.next += 1;
        batch.item(py, self.next - 1).map(Some)
    }
}
