//! A `tiles serve` child for the loopback tests: started on a free port, asked over HTTP,
//! signalled, its memory and CPU read from `/proc`, killed when dropped.

// Each test file uses what it needs of this module.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};

use tiles_testkit::http::{Reply, request, start_server};

/// A `tiles serve` child process, stopped (killed) when dropped.
pub struct Server {
    pub child: Child,
    pub addr: SocketAddr,
}

impl Server {
    /// Starts `tiles serve --addr 127.0.0.1:0` with `args` and reads the address it prints.
    pub fn start(args: &[&str]) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_tiles"));
        command
            .args(["serve", "--addr", "127.0.0.1:0"])
            .args(args)
            .stderr(Stdio::inherit());
        let (child, addr) = start_server(command).expect("tiles serve starts");
        Server { child, addr }
    }

    pub fn post(&self, operation: &str, body: &str) -> Reply {
        request(
            self.addr,
            "POST",
            &format!("/api/{operation}"),
            body.as_bytes(),
        )
        .unwrap()
    }

    pub fn get(&self, path: &str) -> Reply {
        request(self.addr, "GET", path, b"").unwrap()
    }

    /// Sends `signal` (`-INT`, as Ctrl-C does; `-TERM`).
    pub fn signal(&self, signal: &str) {
        let status = Command::new("kill")
            .args([signal, &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
    }

    /// A line of `/proc/PID/status` in MiB (`VmRSS`: resident now; `VmHWM`: the most so far).
    fn status_mib(&self, key: &str) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        let line = status.lines().find(|line| line.starts_with(key)).unwrap();
        line.split_whitespace()
            .nth(1)
            .unwrap()
            .parse::<u64>()
            .unwrap()
            / 1024
    }

    /// Resident memory now, in MiB.
    pub fn resident_mib(&self) -> u64 {
        self.status_mib("VmRSS:")
    }

    /// The largest resident memory the server has had so far (the kernel's high-water mark),
    /// in MiB.
    pub fn peak_mib(&self) -> u64 {
        self.status_mib("VmHWM:")
    }

    /// CPU time the server has used so far (user and system), in seconds.
    pub fn cpu_seconds(&self) -> f64 {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).unwrap();
        // The fields after the command name (in parentheses) start with the state, field 3;
        // utime and stime are fields 14 and 15, in the kernel's USER_HZ ticks (100 a second).
        let rest = stat.rsplit_once(") ").unwrap().1;
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
        ticks as f64 / 100.0
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
