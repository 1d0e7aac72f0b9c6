//! Running rustc with a cap on its memory, so that one runaway compile of a shrink round cannot
//! take the user's machine down with it.
//!
//! The cap is on the child's resident memory, read from `/proc/PID/status` while it runs (Linux;
//! elsewhere there is no cap). It is half the machine's memory, or `BUNDLER_RUSTC_MAX_MB`
//! megabytes when that is set to a number (0: no cap).

use std::io::{self, Read};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread;
use std::time::Duration;

/// What a capped run gave back.
pub struct Finished {
    pub status: ExitStatus,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    /// The cap in bytes when the child passed it and was stopped.
    pub stopped_at: Option<u64>,
}

/// The cap for rustc's resident memory in bytes, if any.
pub fn memory_cap() -> Option<u64> {
    cap_from(std::env::var("BUNDLER_RUSTC_MAX_MB").ok().as_deref())
}

/// The cap that the variable's `setting` asks for; a value that is not a number keeps the
/// default, so that a typo never lifts the cap.
fn cap_from(setting: Option<&str>) -> Option<u64> {
    match setting.map(|text| text.trim().parse::<u64>()) {
        Some(Ok(0)) => None,
        Some(Ok(megabytes)) => Some(megabytes << 20),
        None | Some(Err(_)) => machine_memory().map(|bytes| bytes / 2),
    }
}

/// Runs `command` to its end, its output collected, stopping it once its resident memory passes
/// `cap` bytes.
pub fn run(command: &mut Command, cap: Option<u64>) -> io::Result<Finished> {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    // Both pipes are drained while the child runs, or a full pipe would stall it.
    let stdout = drain(child.stdout.take());
    let stderr = drain(child.stderr.take());
    let (status, stopped_at) = watch(&mut child, cap)?;
    Ok(Finished {
        status,
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
        stopped_at,
    })
}

fn drain(pipe: Option<impl Read + Send + 'static>) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut pipe) = pipe {
            let _ = pipe.read_to_end(&mut bytes);
        }
        bytes
    })
}

/// Waits for `child`, reading its memory at growing intervals (a short compile pays a few
/// milliseconds at most); kills it once it holds more than `cap` bytes.
fn watch(child: &mut Child, cap: Option<u64>) -> io::Result<(ExitStatus, Option<u64>)> {
    let mut pause = Duration::from_millis(2);
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok((status, None));
        }
        if let Some(cap) = cap {
            if resident_memory(child.id()).is_some_and(|bytes| bytes > cap) {
                let _ = child.kill();
                return Ok((child.wait()?, Some(cap)));
            }
        }
        thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(100));
    }
}

/// A process's resident memory in bytes (Linux only).
fn resident_memory(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    kilobytes_of(&status, "VmRSS:")
}

/// The machine's memory in bytes (Linux only).
fn machine_memory() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    kilobytes_of(&meminfo, "MemTotal:")
}

/// The value of a `Key:   1234 kB` line of a `/proc` file, in bytes.
fn kilobytes_of(text: &str, key: &str) -> Option<u64> {
    let line = text.lines().find(|line| line.starts_with(key))?;
    let kilobytes: u64 = line[key.len()..].split_whitespace().next()?.parse().ok()?;
    Some(kilobytes << 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proc_lines_are_read_in_bytes() {
        let status = "Name:\trustc\nVmPeak:\t  900 kB\nVmRSS:\t  1234 kB\n";
        assert_eq!(kilobytes_of(status, "VmRSS:"), Some(1234 * 1024));
        assert_eq!(kilobytes_of(status, "VmSwap:"), None);
    }

    #[test]
    fn the_variable_sets_the_cap_and_a_typo_keeps_the_default() {
        assert_eq!(cap_from(Some("0")), None);
        assert_eq!(cap_from(Some(" 512 ")), Some(512 << 20));
        assert_eq!(cap_from(Some("8G")), cap_from(None));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_child_over_the_cap_is_stopped_and_one_under_it_is_not() {
        // `sleep` holds more than a kilobyte: the cap stops it at once.
        let mut sleeper = Command::new("sh");
        sleeper.args(["-c", "exec sleep 5"]);
        let stopped = run(&mut sleeper, Some(1024)).unwrap();
        assert_eq!(stopped.stopped_at, Some(1024));
        assert!(!stopped.status.success());
        let mut echo = Command::new("sh");
        echo.args(["-c", "echo out; echo err >&2"]);
        let done = run(&mut echo, Some(1 << 30)).unwrap();
        assert_eq!(done.stopped_at, None);
        assert!(done.status.success());
        assert_eq!(done.stdout, b"out\n");
        assert_eq!(done.stderr, b"err\n");
    }
}
