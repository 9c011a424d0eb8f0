//! Outside bots as processes: [`PROCESSES`] runs each outside seat's command and gives the
//! hosted game its [`Wire`]: the program's input and output over pipes, its answers read within
//! the seat's time limits.
#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use mahjong_game::{Connect, Limits, Wait, Wire};

/// Runs outside seats as processes: `sh -c "COMMAND SEAT"`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Processes;

/// The process runner the `tiles` command and the Python package hand to the API.
pub static PROCESSES: Processes = Processes;

impl Connect for Processes {
    fn connect(&self, command: &str, seat: usize, limits: Limits) -> Result<Box<dyn Wire>, String> {
        Process::spawn(command, seat, limits)
            .map(|process| Box::new(process) as Box<dyn Wire>)
            .map_err(|error| error.to_string())
    }
}

/// A running outside bot: its input, a thread reading its output into a channel, its limits.
struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<std::io::Result<String>>,
    limits: Limits,
}

impl Process {
    fn spawn(command: &str, seat: usize, limits: Limits) -> std::io::Result<Process> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("{command} {seat}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let end = line.is_err();
                if send.send(line).is_err() || end {
                    break;
                }
            }
        });
        Ok(Process {
            stdin: child.stdin.take(),
            child,
            lines,
            limits,
        })
    }
}

impl Wire for Process {
    fn write(&mut self, text: &str) -> Result<(), String> {
        let stdin = self.stdin.as_mut().ok_or("its input is closed")?;
        stdin
            .write_all(text.as_bytes())
            .and_then(|()| stdin.flush())
            .map_err(|error| format!("it stopped reading ({error})"))
    }

    fn read(&mut self, wait: Wait) -> Result<String, String> {
        let limit = match wait {
            Wait::Answer => self.limits.answer,
            Wait::Start => self.limits.start,
            Wait::Last => self.limits.answer.min(Duration::from_secs(1)),
        };
        match self.lines.recv_timeout(limit) {
            Ok(Ok(line)) => Ok(line),
            Ok(Err(error)) => Err(format!("its output cannot be read ({error})")),
            Err(RecvTimeoutError::Timeout) => {
                Err(format!("no answer within {:.1} s", limit.as_secs_f64()))
            }
            Err(RecvTimeoutError::Disconnected) => Err("it ended without answering".to_owned()),
        }
    }

    fn close(&mut self) {
        self.stdin = None;
        let deadline = Instant::now() + Duration::from_secs(1);
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
