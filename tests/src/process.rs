//! An engine as a child process that speaks a line protocol: send a line, wait for a line with a
//! deadline, measure how long the answer took and how much memory the process used.

use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// What waiting for a line ended with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// A line, without its line ending.
    Line(String),
    /// The deadline passed first.
    Timeout,
    /// The engine closed its output (it exited or crashed).
    Closed,
}

/// A running engine.
pub struct EngineProcess {
    child: Child,
    /// `None` once [`EngineProcess::close_input`] has closed it.
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// The command line, for reports.
    pub label: String,
    peak_memory_kib: u64,
}

impl EngineProcess {
    /// Starts `command` (a program and its arguments, split on white space) with piped
    /// stdin/stdout; stderr goes to the parent's stderr.
    pub fn spawn(command: &str) -> io::Result<Self> {
        let mut words = command.split_whitespace();
        let program = words
            .next()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "empty engine command"))?;
        let mut cmd = Command::new(program);
        cmd.args(words);
        Self::spawn_command(cmd, command)
    }

    /// Starts a prepared command (environment variables, working folder already set).
    pub fn spawn_command(mut cmd: Command, label: &str) -> io::Result<Self> {
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            // Bytes, decoded leniently: an engine's line that is not UTF-8 is still a line.
            let mut reader = BufReader::new(stdout);
            let mut bytes = Vec::new();
            while matches!(reader.read_until(b'\n', &mut bytes), Ok(n) if n > 0) {
                let text = String::from_utf8_lossy(&bytes);
                let line = text.trim_end_matches(['\n', '\r']).to_string();
                bytes.clear();
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Self {
            child,
            stdin: Some(stdin),
            lines,
            label: label.to_string(),
            peak_memory_kib: 0,
        })
    }

    /// Sends one line (a newline is added) and flushes.
    pub fn send(&mut self, line: &str) -> io::Result<()> {
        self.send_bytes(format!("{line}\n").as_bytes())
    }

    /// Sends raw bytes (no newline added: the caller's bytes may be anything) and flushes.
    pub fn send_bytes(&mut self, bytes: &[u8]) -> io::Result<()> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| io::Error::new(io::ErrorKind::BrokenPipe, "input closed"))?;
        stdin.write_all(bytes)?;
        stdin.flush()
    }

    /// Closes the engine's input: it sees the end of its input.
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// Waits up to `timeout` for the next line.
    pub fn recv(&mut self, timeout: Duration) -> Reply {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => Reply::Line(line),
            Err(RecvTimeoutError::Timeout) => Reply::Timeout,
            Err(RecvTimeoutError::Disconnected) => Reply::Closed,
        }
    }

    /// Waits up to `timeout` for the next line that `skip` does not reject (for example DEBUG or
    /// MESSAGE lines), passing every skipped line to `on_skipped`. Returns the line and the time
    /// the wait took.
    pub fn recv_filtered(
        &mut self,
        timeout: Duration,
        mut skip: impl FnMut(&str) -> bool,
        mut on_skipped: impl FnMut(&str),
    ) -> (Reply, Duration) {
        let start = Instant::now();
        loop {
            let left = timeout.saturating_sub(start.elapsed());
            match self.recv(left) {
                Reply::Line(line) if skip(&line) => on_skipped(&line),
                other => return (other, start.elapsed()),
            }
        }
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Samples the peak resident memory (Linux `VmHWM`) and remembers the largest value seen.
    /// Call it before the process exits: once it is gone there is nothing left to read.
    pub fn sample_peak_memory(&mut self) -> u64 {
        if let Some(kib) = read_vm_hwm_kib(self.child.id()) {
            self.peak_memory_kib = self.peak_memory_kib.max(kib);
        }
        self.peak_memory_kib
    }

    /// The largest peak resident memory sampled so far, in KiB (0 where unknown).
    pub fn peak_memory_kib(&self) -> u64 {
        self.peak_memory_kib
    }

    /// Whether the process is still running.
    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Waits up to `grace` for the process to exit by itself, then kills it. Returns whether it
    /// exited by itself.
    pub fn finish(&mut self, grace: Duration) -> bool {
        self.sample_peak_memory();
        let start = Instant::now();
        while start.elapsed() < grace {
            if let Ok(Some(_)) = self.child.try_wait() {
                return true;
            }
            thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        false
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

fn read_vm_hwm_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|kib| kib.parse().ok())
}
