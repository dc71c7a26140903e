//! The server's engine shared fairly: at most so many searches at once (the operator's CPU
//! budget), and when more tables wait for it, they take turns by who made them — one search
//! for each address waiting, round after round — so one address's many tables never go ahead
//! of everyone else's. (A table the operator made waits in a line of its own.)

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use tokio::sync::oneshot;

/// Whose line a search waits in: the address that made its table, or the table itself.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Line {
    Address(std::net::IpAddr),
    Table(String),
}

/// The searches running and the ones waiting, a line each.
#[derive(Debug)]
struct Waiting {
    running: usize,
    most: usize,
    lines: HashMap<Line, VecDeque<oneshot::Sender<()>>>,
    /// The lines with someone waiting, in the order they take their turns.
    turns: VecDeque<Line>,
}

impl Waiting {
    /// The next one waiting, taking the lines in turn (one whose wait was given up is
    /// skipped).
    fn next(&mut self) -> Option<oneshot::Sender<()>> {
        while let Some(line) = self.turns.pop_front() {
            let Some(queue) = self.lines.get_mut(&line) else {
                continue;
            };
            let first = queue.pop_front();
            if queue.is_empty() {
                self.lines.remove(&line);
            } else {
                self.turns.push_back(line);
            }
            if let Some(first) = first {
                return Some(first);
            }
        }
        None
    }
}

/// The engine's searches, shared fairly within a budget.
#[derive(Debug, Clone)]
pub struct EngineQueue {
    waiting: Arc<Mutex<Waiting>>,
}

/// A search's turn: the next one waiting gets it when this is dropped.
#[derive(Debug)]
pub struct Turn {
    waiting: Arc<Mutex<Waiting>>,
}

impl EngineQueue {
    /// At most `most` searches at once (at least one).
    pub fn new(most: usize) -> EngineQueue {
        EngineQueue {
            waiting: Arc::new(Mutex::new(Waiting {
                running: 0,
                most: most.max(1),
                lines: HashMap::new(),
                turns: VecDeque::new(),
            })),
        }
    }

    /// Waits for a search's turn in `line`.
    pub async fn turn(&self, line: Line) -> Turn {
        let wait = {
            let mut waiting = lock(&self.waiting);
            if waiting.running < waiting.most {
                waiting.running += 1;
                None
            } else {
                let (tell, told) = oneshot::channel();
                if !waiting.lines.contains_key(&line) {
                    waiting.turns.push_back(line.clone());
                }
                waiting.lines.entry(line).or_default().push_back(tell);
                Some(told)
            }
        };
        if let Some(told) = wait {
            // The sender is only dropped unsent when the queue itself is gone.
            let _ = told.await;
        }
        Turn {
            waiting: self.waiting.clone(),
        }
    }
}

impl Drop for Turn {
    fn drop(&mut self) {
        let mut waiting = lock(&self.waiting);
        // Handed on to the next one waiting (its place among those running), else freed.
        while let Some(next) = waiting.next() {
            if next.send(()).is_ok() {
                return;
            }
        }
        waiting.running -= 1;
    }
}

fn lock(waiting: &Mutex<Waiting>) -> std::sync::MutexGuard<'_, Waiting> {
    waiting.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn address(last: u8) -> Line {
        Line::Address(std::net::IpAddr::from([10, 0, 0, last]))
    }

    /// With one search at a time, three of one address's tables and one of another's waiting
    /// behind a running search: the other address's goes second, not last.
    #[tokio::test(flavor = "current_thread")]
    async fn addresses_take_turns_whatever_each_asks() {
        let queue = EngineQueue::new(1);
        let first = queue.turn(address(1)).await;
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut tasks = Vec::new();
        for (i, line) in [address(1), address(1), address(1), address(2)]
            .into_iter()
            .enumerate()
        {
            let (queue, order) = (queue.clone(), order.clone());
            tasks.push(tokio::spawn(async move {
                let _turn = queue.turn(line).await;
                order.lock().unwrap().push(i);
                tokio::task::yield_now().await;
            }));
            // Each is waiting before the next asks.
            tokio::task::yield_now().await;
        }
        drop(first);
        for task in tasks {
            task.await.unwrap();
        }
        assert_eq!(*order.lock().unwrap(), [0, 3, 1, 2]);
    }

    /// A wait given up (its task gone) does not keep the turn: the next one gets it.
    #[tokio::test(flavor = "current_thread")]
    async fn a_wait_given_up_passes_the_turn_on() {
        let queue = EngineQueue::new(1);
        let first = queue.turn(address(1)).await;
        let gone = {
            let queue = queue.clone();
            tokio::spawn(async move {
                let _turn = queue.turn(address(2)).await;
            })
        };
        tokio::task::yield_now().await;
        gone.abort();
        let _ = gone.await;
        let later = {
            let queue = queue.clone();
            tokio::spawn(async move {
                let _turn = queue.turn(address(3)).await;
            })
        };
        tokio::task::yield_now().await;
        drop(first);
        later.await.unwrap();
        // And every turn is free again.
        assert_eq!(lock(&queue.waiting).running, 0);
    }
}
