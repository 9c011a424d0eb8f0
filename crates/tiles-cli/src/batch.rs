//! The batch pattern every subcommand follows: one query per stdin line, one answer line per
//! query, in order, whatever goes wrong with a line.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

/// An answer line could not be written: stdout is closed (`tiles … | head -1`) or broken. The
/// caller stops quietly.
#[derive(Debug)]
pub struct OutputClosed;

/// Writes one line to `out`, mapping any failure to [`OutputClosed`].
pub fn write_line(out: &mut impl Write, line: &str) -> Result<(), OutputClosed> {
    writeln!(out, "{line}").map_err(|_| OutputClosed)
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
        let (chunk, used, ended) = match available.iter().position(|&byte| byte == b'\n') {
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

/// Reads `input` line by line and writes `answer(line, line_number)` for each query line: a
/// line that is not blank and does not start with `#` (after leading spaces). A UTF-8 byte
/// order mark, `\r\n` line ends, trailing spaces and a missing final newline are all fine; a
/// line that is not UTF-8 or longer than [`MAX_LINE`] gets an `error: …` answer, and so does a
/// line whose answer panics (a bug), so no other line's answer is lost. Output is flushed per
/// line so a pipeline sees answers as they come.
///
/// # Errors
///
/// [`OutputClosed`] if stdout went away; the remaining input is not read.
pub fn run_lines(
    input: impl BufRead,
    out: &mut impl Write,
    answer: impl FnMut(&str, usize) -> String,
) -> Result<(), OutputClosed> {
    run_lines_up_to(input, out, MAX_LINE, &plain_error, answer)
}

/// [`run_lines`] for JSON batches: a line that cannot be read at all is answered with
/// `{"error":"line N: …"}` like any other bad line.
///
/// # Errors
///
/// [`OutputClosed`] if stdout went away; the remaining input is not read.
pub fn run_json_lines(
    input: impl BufRead,
    out: &mut impl Write,
    answer: impl FnMut(&str, usize) -> String,
) -> Result<(), OutputClosed> {
    run_lines_up_to(input, out, MAX_LINE, &json_error, answer)
}

/// The answer to a line that cannot be read, in a plain batch.
fn plain_error(line_number: usize, message: &str) -> String {
    format!("error: line {line_number}: {message}")
}

/// The answer to a line that cannot be read, in a JSON batch.
fn json_error(line_number: usize, message: &str) -> String {
    serde_json::json!({ "error": format!("line {line_number}: {message}") }).to_string()
}

/// [`run_lines`] with lines of at most `limit` bytes, answering a line that cannot be read
/// with `bad(line_number, message)`.
fn run_lines_up_to(
    mut input: impl BufRead,
    out: &mut impl Write,
    limit: usize,
    bad: &dyn Fn(usize, &str) -> String,
    mut answer: impl FnMut(&str, usize) -> String,
) -> Result<(), OutputClosed> {
    let mut bytes = Vec::new();
    for index in 0.. {
        let line_number = index + 1;
        match read_line(&mut input, &mut bytes, limit) {
            Ok(None) => break,
            Ok(Some(false)) => {}
            Ok(Some(true)) => {
                write_line(
                    out,
                    &bad(
                        line_number,
                        &format!("longer than {limit} bytes, the most a batch line may hold"),
                    ),
                )?;
                continue;
            }
            Err(error) => {
                write_line(
                    out,
                    &bad(line_number, &format!("cannot read input: {error}")),
                )?;
                break;
            }
        }
        let bytes = if index == 0 {
            bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes)
        } else {
            &bytes
        };
        let Ok(line) = std::str::from_utf8(bytes) else {
            write_line(out, &bad(line_number, "not valid UTF-8"))?;
            continue;
        };
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        // A bug that panics on one line must not lose the answers to the others: the line gets
        // an error (the panic message goes to stderr, for the bug report) and the batch goes on.
        let answered =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| answer(line, line_number)));
        match answered {
            Ok(text) => write_line(out, &text)?,
            Err(_) => write_line(
                out,
                &bad(
                    line_number,
                    "internal error (a bug: please report this line)",
                ),
            )?,
        }
        out.flush().map_err(|_| OutputClosed)?;
    }
    Ok(())
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

/// Stdin, locked and buffered.
pub fn stdin() -> impl BufRead {
    io::stdin().lock()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &[u8]) -> String {
        let mut out = Vec::new();
        run_lines(input, &mut out, |line, n| format!("{n}:{line}")).unwrap();
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
            format!("{n}:{line}")
        };
        run_lines(&b"a\nboom\nb\n"[..], &mut out, answer).unwrap();
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
        run_lines_up_to(input, &mut out, 8, &plain_error, |line, n| {
            format!("{n}:{line}")
        })
        .unwrap();
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
        assert!(run_lines(&b"a\nb\n"[..], &mut Closed, |l, _| l.to_owned()).is_err());
    }
}
