//! An engine on a thread of its own that thinks on the opponent's time: the protocol reader
//! hands it commands, and between commands it ponders until the next one arrives.

use super::time::StopFlag;
use std::io;
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::thread::{self, JoinHandle};

/// An engine that can use the time while it waits for the opponent.
pub trait Ponder {
    /// Thinks (filling tables, never answering) until `stop` is raised; returns at once when
    /// there is nothing to think about.
    fn ponder(&mut self, stop: &StopFlag);
}

/// The thread that owns the engine. Dropping it ends the thread, interrupting any search.
pub struct Worker<C> {
    commands: Option<Sender<C>>,
    /// Raised with every command: ends pondering so that the command is handled.
    interrupt: StopFlag,
    /// Raised once, to end the thread: the searches that handle commands watch it.
    quit: StopFlag,
    thread: Option<JoinHandle<()>>,
}

impl<C: Send + 'static> Worker<C> {
    /// Starts the thread. `handle` gets each command with the quit flag, which its searches
    /// should watch.
    pub fn spawn<E, H>(mut engine: E, mut handle: H) -> io::Result<Worker<C>>
    where
        E: Ponder + Send + 'static,
        H: FnMut(&mut E, C, &StopFlag) + Send + 'static,
    {
        let (sender, receiver) = mpsc::channel::<C>();
        let interrupt = StopFlag::new();
        let quit = StopFlag::new();
        let thread = {
            // The searches recurse deeply at most a few hundred levels; a roomy stack costs
            // nothing.
            thread::Builder::new()
                .stack_size(64 << 20)
                .spawn(move || loop {
                    let next = match next_command(&receiver, &interrupt, &mut engine) {
                        Some(command) if !quit.is_raised() => command,
                        _ => return,
                    };
                    handle(&mut engine, next, &quit);
                })?
        };
        Ok(Worker {
            commands: Some(sender),
            interrupt,
            quit,
            thread: Some(thread),
        })
    }

    /// Hands a command to the engine; `false` when its thread has ended.
    pub fn send(&self, command: C) -> bool {
        let sent = match &self.commands {
            Some(commands) => commands.send(command).is_ok(),
            None => false,
        };
        // Raised after the send: the worker lowers the flag before it looks for a command, so a
        // pondering search always sees the command or the flag.
        self.interrupt.raise();
        sent
    }
}

/// The next command, pondering while none is waiting; `None` once the sender is gone.
fn next_command<C, E: Ponder>(
    receiver: &Receiver<C>,
    interrupt: &StopFlag,
    engine: &mut E,
) -> Option<C> {
    interrupt.clear();
    match receiver.try_recv() {
        Ok(command) => Some(command),
        Err(TryRecvError::Disconnected) => None,
        Err(TryRecvError::Empty) => {
            engine.ponder(interrupt);
            receiver.recv().ok()
        }
    }
}

impl<C> Drop for Worker<C> {
    fn drop(&mut self) {
        self.quit.raise();
        self.commands = None;
        self.interrupt.raise();
        if let Some(thread) = self.thread.take() {
            // The searches watch both flags, so the thread ends within a few nodes.
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};
    use std::time::{Duration, Instant};

    /// Records what it was asked to do; pondering spins until interrupted.
    struct Recorder {
        log: Arc<Mutex<Vec<String>>>,
    }

    impl Ponder for Recorder {
        fn ponder(&mut self, stop: &StopFlag) {
            self.log.lock().unwrap().push("ponder".to_string());
            while !stop.is_raised() {
                thread::yield_now();
            }
        }
    }

    #[test]
    fn commands_interrupt_pondering_and_drop_ends_a_long_search() {
        let log = Arc::new(Mutex::new(Vec::new()));
        let recorder = Recorder { log: log.clone() };
        let worker = Worker::spawn(recorder, |engine: &mut Recorder, n: u32, quit| {
            engine.log.lock().unwrap().push(format!("command {n}"));
            if n == 2 {
                // A search that only the quit flag ends.
                while !quit.is_raised() {
                    thread::yield_now();
                }
            }
        })
        .unwrap();
        assert!(worker.send(1));
        assert!(worker.send(2));
        let start = Instant::now();
        while !log.lock().unwrap().contains(&"command 2".to_string()) {
            assert!(start.elapsed() < Duration::from_secs(5));
            thread::yield_now();
        }
        drop(worker);
        assert!(start.elapsed() < Duration::from_secs(5));
        let log = log.lock().unwrap();
        assert_eq!(
            log.iter()
                .filter(|line| line.starts_with("command"))
                .count(),
            2
        );
    }
}
