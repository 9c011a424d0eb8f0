//! The batch pattern every subcommand follows: one query per stdin line, one answer line per
//! query, in order, whatever goes wrong with a line.

use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Read, Write};
use std::process::ExitCode;

/// An answer line could not be written: stdout is closed (`tiles … | head -1`) or broken. The
/// caller stops quietly.
#[derive(Debug)]
pub struct OutputClosed;

/// Writes one line to `out`, mapping any failure to [`OutputClosed`].
pub fn write_line(out: &mut impl Write, line: &str) -> Result<(), OutputClosed> {
    out.write_all(line.as_bytes())
        .and_then(|()| out.write_all(b"\n"))
        .map_err(|_| OutputClosed)
}

/// The longest batch line read, in bytes (4 MiB): a Five Up game of 100,000 tiles (about
/// 1.3 MB written out) or a huxxy history of 200,000 plays fits. A longer line is answered
/// with an error without being held in memory, and the batch goes on.
pub const MAX_LINE: usize = 4 << 20;

/// Reads one line of at most `limit` bytes (without its `\n`) into `line`, reading past the
/// rest of a longer one. `None` at the end of the input; otherwise whether the line was too
/// long.
fn read_line(
    input: &mut impl BufRead,
    line: &mut Vec<u8>,
    limit: usize,
) -> io::Result<Option<bool>> {
    line.clear();
    let mut too_long = false;
    let mut read_any = false;
    loop {
        let available = match input.fill_buf() {
            Ok(available) => available,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if available.is_empty() {
            return Ok(read_any.then_some(too_long));
        }
        read_any = true;
        let (chunk, used, ended) = match memchr::memchr(b'\n', available) {
            Some(at) => (&available[..at], at + 1, true),
            None => (available, available.len(), false),
        };
        if !too_long && line.len() + chunk.len() <= limit {
            line.extend_from_slice(chunk);
        } else {
            too_long = true;
            line.clear();
        }
        input.consume(used);
        if ended {
            return Ok(Some(too_long));
        }
    }
}

/// A batch's input: buffered lines, and whether another whole line is already waiting in the
/// buffer (then the answers so far need not be flushed yet: the next one follows at once).
pub trait Lines: BufRead {
    /// Whether a whole line is buffered, so reading it will not wait for input.
    fn line_waiting(&self) -> bool;
}

impl<R: Read> Lines for BufReader<R> {
    fn line_waiting(&self) -> bool {
        memchr::memchr(b'\n', self.buffer()).is_some()
    }
}

impl Lines for &[u8] {
    fn line_waiting(&self) -> bool {
        self.contains(&b'\n')
    }
}

/// How a batch went: how many lines were answered with an error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Outcome {
    /// Lines answered with an error: unreadable queries, lines that are not UTF-8 or too long.
    pub errors: usize,
}

impl Outcome {
    /// The batch's exit code: 0 when every line was answered, 1 when any line was an error.
    pub fn exit_code(self) -> ExitCode {
        if self.errors == 0 {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        }
    }
}

/// The exit code of a batch that ran to the end (its [`Outcome`]) or stopped because stdout
/// closed (0: nobody reads the rest).
pub fn exit_code(result: Result<Outcome, OutputClosed>) -> ExitCode {
    result.map_or(ExitCode::SUCCESS, Outcome::exit_code)
}

/// Reads `input` line by line and writes `answer(line, line_number)` for each query line: a
/// line that is not blank and does not start with `#` (after leading spaces). The answer is
/// `Ok(text)`, or `Err(text)` for a line that is an error (counted in the [`Outcome`]). A UTF-8
/// byte order mark, `\r\n` line ends, trailing spaces and a missing final newline are all
/// fine; a line that is not UTF-8 or longer than [`MAX_LINE`] gets an `error: …` answer, and
/// so does a line whose answer panics (a bug), so no other line's answer is lost. Lines
/// already buffered are answered together (up to [`CHUNK`]) and their answers flushed
/// together, so a pipeline or a terminal sees each answer as soon as the batch would wait for
/// input, and a large batch is not slowed by a write per line.
///
/// # Errors
///
/// [`OutputClosed`] if stdout went away; the remaining input is not read.
pub fn run_lines(
    input: impl Lines + Send,
    out: &mut (impl Write + Send),
    answer: impl Fn(&str, usize) -> Result<String, String> + Sync,
) -> Result<Outcome, OutputClosed> {
    run_lines_up_to(input, out, MAX_LINE, &plain_error, answer)
}

/// [`run_lines`] with `bad(line_number, message)` answering a line that cannot be read, so
/// that a batch whose rows have a shape of their own keeps it for those lines too.
///
/// # Errors
///
/// [`OutputClosed`] if stdout went away; the remaining input is not read.
pub fn run_lines_with(
    input: impl Lines + Send,
    out: &mut (impl Write + Send),
    bad: &(dyn Fn(usize, &str) -> String + Sync),
    answer: impl Fn(&str, usize) -> Result<String, String> + Sync,
) -> Result<Outcome, OutputClosed> {
    run_lines_up_to(input, out, MAX_LINE, bad, answer)
}

/// [`run_lines`] for JSON batches: each line is a request to `operation` of the API, whose
/// missing fields take `defaults` (the command's options); the answer is its response, or
/// `{"error":"line N: …"}` for a line that is not a good request or cannot be read at all.
///
/// # Errors
///
/// [`OutputClosed`] if stdout went away; the remaining input is not read.
pub fn run_json_lines(
    input: impl Lines + Send,
    out: &mut (impl Write + Send),
    operation: &(dyn Fn(&str) -> &'static str + Sync),
    defaults: &serde_json::Map<String, serde_json::Value>,
) -> Result<Outcome, OutputClosed> {
    run_lines_up_to(input, out, MAX_LINE, &json_error, |line, line_number| {
        tiles_api::respond(operation(line), line, defaults)
            .map_err(|error| json_error(line_number, &error.to_string()))
    })
}

/// Reads JSON requests to `operation` from stdin, one per line (see [`run_json_lines`]).
pub fn json_batch(
    operation: &'static str,
    defaults: serde_json::Map<String, serde_json::Value>,
) -> ExitCode {
    let mut out = stdout();
    exit_code(run_json_lines(
        stdin_for("JSON requests"),
        &mut out,
        &|_| operation,
        &defaults,
    ))
}

/// The answer to a line that cannot be read, in a plain batch.
pub fn plain_error(line_number: usize, message: &str) -> String {
    format!("error: line {line_number}: {message}")
}

/// The answer to a line that cannot be read, in a JSON batch.
pub fn json_error(line_number: usize, message: &str) -> String {
    tiles_api::error_json(&format_args!("line {line_number}: {message}"))
}

/// The most lines answered together: read while more are already buffered, answered on every
/// core, written in order.
const CHUNK: usize = 512;

/// About how long one chunk's answers may take: chunks grow while their lines are answered
/// faster (up to [`CHUNK`]) and shrink when slower, so a reader that went away is noticed
/// after about two chunks' work, however slow each answer is.
const CHUNK_TIME: std::time::Duration = std::time::Duration::from_millis(50);

/// One line read: a query to answer, a line answered without asking (unreadable), or nothing
/// (blank or a comment).
enum LineRead {
    Query(String),
    Bad(String),
}

/// Lines read together: each with its number, and how the reading stopped.
struct Chunk {
    lines: Vec<(usize, LineRead)>,
    /// Another whole line was already waiting (the chunk was full).
    more_waiting: bool,
    /// The input ended (or failed).
    ended: bool,
}

/// Where a batch's reading stands.
struct Reader<I> {
    input: I,
    bytes: Vec<u8>,
    line_number: usize,
    limit: usize,
    /// The most lines the next chunk holds (see [`CHUNK_TIME`]).
    chunk_lines: usize,
}

impl<I: Lines> Reader<I> {
    /// Reads the next lines: at least one (waiting for it if need be), then those already
    /// buffered, up to the chunk's size.
    fn chunk(&mut self, bad: &(dyn Fn(usize, &str) -> String + Sync)) -> Chunk {
        let mut lines: Vec<(usize, LineRead)> = Vec::new();
        let mut ended = false;
        let most = self.chunk_lines;
        while lines.len() < most && (lines.is_empty() || self.input.line_waiting()) {
            self.line_number += 1;
            let line_number = self.line_number;
            let read = match read_line(&mut self.input, &mut self.bytes, self.limit) {
                Ok(None) => {
                    ended = true;
                    break;
                }
                Ok(Some(false)) => {
                    let bytes = if line_number == 1 {
                        self.bytes
                            .strip_prefix(b"\xEF\xBB\xBF")
                            .unwrap_or(&self.bytes)
                    } else {
                        &self.bytes
                    };
                    match std::str::from_utf8(bytes) {
                        Ok(line) => {
                            let line = line.trim();
                            if line.is_empty() || line.starts_with('#') {
                                continue;
                            }
                            LineRead::Query(line.to_owned())
                        }
                        Err(_) => LineRead::Bad(bad(line_number, "not valid UTF-8")),
                    }
                }
                Ok(Some(true)) => LineRead::Bad(bad(
                    line_number,
                    &format!(
                        "longer than {} bytes, the most a batch line may hold",
                        self.limit
                    ),
                )),
                Err(error) => {
                    ended = true;
                    LineRead::Bad(bad(line_number, &format!("cannot read input: {error}")))
                }
            };
            lines.push((line_number, read));
        }
        let more_waiting = !ended && self.input.line_waiting();
        Chunk {
            lines,
            more_waiting,
            ended,
        }
    }
}

/// [`run_lines`] with lines of at most `limit` bytes, answering a line that cannot be read
/// with `bad(line_number, message)`.
///
/// Lines already waiting in the input are read together (up to [`CHUNK`]) and answered in
/// parallel, then written in their order; while one chunk is answered the next is read, if
/// its lines are already waiting. A batch fed line by line is answered line by line.
fn run_lines_up_to(
    input: impl Lines + Send,
    out: &mut (impl Write + Send),
    limit: usize,
    bad: &(dyn Fn(usize, &str) -> String + Sync),
    answer: impl Fn(&str, usize) -> Result<String, String> + Sync,
) -> Result<Outcome, OutputClosed> {
    use rayon::prelude::*;
    let mut outcome = Outcome::default();
    let mut reader = Reader {
        input,
        bytes: Vec::new(),
        line_number: 0,
        limit,
        chunk_lines: rayon::current_num_threads().max(1),
    };
    // A bug that panics on one line must not lose the answers to the others: the line gets
    // an error (the panic message goes to stderr, for the bug report) and the batch goes on.
    let one = |(line_number, read): &(usize, LineRead)| match read {
        LineRead::Bad(text) => Err(text.clone()),
        LineRead::Query(line) => {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| answer(line, *line_number)))
                .unwrap_or_else(|_| {
                    Err(bad(
                        *line_number,
                        "internal error (a bug: please report this line)",
                    ))
                })
        }
    };
    let answer_all = |chunk: &Chunk| -> (Vec<Result<String, String>>, std::time::Duration) {
        let started = std::time::Instant::now();
        let answers = if chunk.lines.len() > 1 {
            chunk.lines.par_iter().map(one).collect()
        } else {
            chunk.lines.iter().map(one).collect()
        };
        (answers, started.elapsed())
    };
    // Answers are written while the next chunk is answered, when it is already waiting; and
    // before any reading that could wait, so a batch fed line by line is answered line by
    // line.
    let mut pending: Option<Chunk> = None;
    let mut unwritten: Vec<Result<String, String>> = Vec::new();
    loop {
        let chunk = match pending.take() {
            Some(chunk) => chunk,
            None => reader.chunk(bad),
        };
        let (answers, took) = if chunk.more_waiting {
            let (answers, (written, next)) = rayon::join(
                || answer_all(&chunk),
                || {
                    let written = write_answers(out, std::mem::take(&mut unwritten), &mut outcome);
                    (written, reader.chunk(bad))
                },
            );
            written?;
            pending = Some(next);
            answers
        } else {
            let answers = answer_all(&chunk);
            write_answers(out, std::mem::take(&mut unwritten), &mut outcome)?;
            answers
        };
        // The next chunks are sized from how long this one took.
        let full = chunk.lines.len() >= reader.chunk_lines;
        reader.chunk_lines = if took > CHUNK_TIME {
            (reader.chunk_lines / 2).max(1)
        } else if full && took < CHUNK_TIME / 2 {
            (reader.chunk_lines * 2).min(CHUNK)
        } else {
            reader.chunk_lines
        };
        if pending.is_some() {
            unwritten = answers;
        } else {
            write_answers(out, answers, &mut outcome)?;
        }
        if chunk.ended {
            break;
        }
    }
    write_answers(out, unwritten, &mut outcome)?;
    out.flush().map_err(|_| OutputClosed)?;
    Ok(outcome)
}

/// Writes a chunk's answers in order, counting the errors, and flushes them: at most one
/// write per [`CHUNK`] lines, and a reader that went away is noticed within two chunks.
fn write_answers(
    out: &mut impl Write,
    answers: Vec<Result<String, String>>,
    outcome: &mut Outcome,
) -> Result<(), OutputClosed> {
    if answers.is_empty() {
        return Ok(());
    }
    for answered in answers {
        let text = answered.unwrap_or_else(|text| {
            outcome.errors += 1;
            text
        });
        write_line(out, &text)?;
    }
    out.flush().map_err(|_| OutputClosed)
}

/// Writes `lines` to stdout and exits with `code`; a closed stdout is not an error.
pub fn answer(lines: &[String], code: u8) -> ExitCode {
    let text: String = lines.iter().map(|line| format!("{line}\n")).collect();
    print(&text);
    ExitCode::from(code)
}

/// Writes `text` to stdout as it is; a closed stdout (`tiles … | head -1`) is not an error.
pub fn print(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}

/// Reports an unreadable query: the message with its caret on stderr, exit 2.
pub fn unreadable(error: &dyn std::fmt::Display) -> ExitCode {
    eprintln!("error: {error}");
    ExitCode::from(2)
}

/// Stdout for a batch, buffered ([`run_lines`] flushes it whenever the batch would wait for
/// input). Not locked: a chunk's answers are written from whichever thread is free.
pub fn stdout() -> BufWriter<io::Stdout> {
    BufWriter::with_capacity(1 << 16, io::stdout())
}

/// Stdin, locked and buffered, for reading `what` one per line. When stdin is a terminal
/// (no input was piped in), one line on stderr says so and how to end, instead of waiting
/// silently.
pub fn stdin_for(what: &str) -> impl Lines + Send {
    let stdin = io::stdin();
    if stdin.is_terminal() {
        eprintln!("reading {what} from the terminal, one per line; end with Ctrl-D");
    }
    BufReader::with_capacity(1 << 16, stdin)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &[u8]) -> String {
        let mut out = Vec::new();
        run_lines(input, &mut out, |line, n| Ok(format!("{n}:{line}"))).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn one_answer_per_query_line() {
        assert_eq!(
            run(b"\xEF\xBB\xBFa\r\n\n  # c\nb  \r\nc"),
            "1:a\n4:b\n5:c\n"
        );
        assert_eq!(
            run(b"a\n\xFF\nb\n"),
            "1:a\nerror: line 2: not valid UTF-8\n3:b\n"
        );
        assert_eq!(run(b""), "");
    }

    #[test]
    fn a_panicking_answer_loses_no_other_line() {
        let mut out = Vec::new();
        let answer = |line: &str, n: usize| {
            assert_ne!(line, "boom", "a bug");
            Ok(format!("{n}:{line}"))
        };
        let outcome = run_lines(&b"a\nboom\nb\n"[..], &mut out, answer).unwrap();
        assert_eq!(outcome.errors, 1);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "1:a\nerror: line 2: internal error (a bug: please report this line)\n3:b\n"
        );
    }

    #[test]
    fn a_line_too_long_is_an_error_and_the_batch_goes_on() {
        let mut out = Vec::new();
        // A small buffer, so that the long line arrives in many pieces.
        let input = io::BufReader::with_capacity(4, &b"abc\nabcdefghij\nxy\nabcdefgh"[..]);
        let outcome = run_lines_up_to(input, &mut out, 8, &plain_error, |line, n| {
            Ok(format!("{n}:{line}"))
        })
        .unwrap();
        assert_eq!(outcome.errors, 1);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "1:abc\nerror: line 2: longer than 8 bytes, the most a batch line may hold\n3:xy\n4:abcdefgh\n"
        );
    }

    #[test]
    fn closed_output_stops_quietly() {
        struct Closed;
        impl Write for Closed {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::ErrorKind::BrokenPipe.into())
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        assert!(run_lines(&b"a\nb\n"[..], &mut Closed, |l, _| Ok(l.to_owned())).is_err());
        // Slow answers: the batch stops after about two chunks' worth of time, not after
        // hundreds of lines nobody will read.
        let input = "line\n".repeat(2_000);
        let answered = std::sync::atomic::AtomicUsize::new(0);
        let result = run_lines(input.as_bytes(), &mut Closed, |l, _| {
            answered.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            std::thread::sleep(std::time::Duration::from_millis(20));
            Ok(l.to_owned())
        });
        assert!(result.is_err());
        let answered = answered.into_inner();
        assert!(
            answered <= 32,
            "{answered} lines answered for a closed output"
        );
    }
}
