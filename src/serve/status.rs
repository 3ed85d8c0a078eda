//! What `serve` tells open pages: the number of the last build (pages
//! reload when it changes), how often the charts were looked at for a
//! change, and the diagnostics if the last build failed. Requests may wait
//! for the next change instead of polling.

use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// The state after the last build.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Status {
    /// Builds run so far, the first one included. Every build is one real
    /// change of the charts (or the start), so pages reload once per change.
    pub build: u64,
    /// Times the charts were read and compared after file events; most
    /// events (a save with the same bytes, an editor's temporary file)
    /// change nothing and start no build.
    pub scans: u64,
    /// The diagnostics of the last build, if it failed.
    pub error: Option<String>,
}

/// What a status request waits for, from its query string.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wait {
    /// Answer once the build number is no longer this.
    pub build: Option<u64>,
    /// Answer once the scan count is no longer this.
    pub scans: Option<u64>,
}

impl Wait {
    /// Reads `build=N` and `scans=N` from a URL's query; anything else is
    /// ignored, so a plain request answers at once.
    pub fn from_query(query: &str) -> Wait {
        let mut wait = Wait::default();
        for pair in query.split('&') {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let value = value.parse().ok();
            match key {
                "build" => wait.build = value,
                "scans" => wait.scans = value,
                _ => {}
            }
        }
        wait
    }

    fn satisfied_by(self, status: &Status) -> bool {
        let moved = |seen: Option<u64>, now: u64| seen.is_some_and(|seen| seen != now);
        (self.build.is_none() && self.scans.is_none())
            || moved(self.build, status.build)
            || moved(self.scans, status.scans)
    }
}

/// The status shared by the watcher (which changes it) and the requests
/// (which read it, or wait for it to change).
#[derive(Debug, Default)]
pub struct Shared {
    status: Mutex<Status>,
    changed: Condvar,
}

impl Shared {
    /// The status now.
    pub fn now(&self) -> Status {
        self.lock().clone()
    }

    /// Records a finished build and wakes the waiting requests.
    pub fn built(&self, error: Option<String>) {
        let mut status = self.lock();
        status.build += 1;
        status.error = error;
        self.changed.notify_all();
    }

    /// Records a look at the charts and wakes the waiting requests.
    pub fn scanned(&self) {
        self.lock().scans += 1;
        self.changed.notify_all();
    }

    /// The status once `wait` is satisfied, or after `at_most`, whichever
    /// comes first.
    pub fn when(&self, wait: Wait, at_most: Duration) -> Status {
        let (status, _) = self
            .changed
            .wait_timeout_while(self.lock(), at_most, |s| !wait.satisfied_by(s))
            .expect("the status lock is never poisoned");
        status.clone()
    }

    fn lock(&self) -> MutexGuard<'_, Status> {
        self.status
            .lock()
            .expect("the status lock is never poisoned")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn the_query_names_what_to_wait_for() {
        assert_eq!(Wait::from_query(""), Wait::default());
        assert_eq!(
            Wait::from_query("build=3&x=1&scans=7"),
            Wait {
                build: Some(3),
                scans: Some(7)
            }
        );
        assert_eq!(Wait::from_query("build=x"), Wait::default());
    }

    #[test]
    fn a_request_without_a_wait_answers_at_once() {
        let shared = Shared::default();
        let status = shared.when(Wait::default(), Duration::from_secs(600));
        assert_eq!(status, Status::default());
    }

    #[test]
    fn a_waiting_request_answers_when_the_build_changes() {
        let shared = Arc::new(Shared::default());
        shared.built(None);
        let waiter = {
            let shared = Arc::clone(&shared);
            std::thread::spawn(move || {
                let wait = Wait {
                    build: Some(1),
                    scans: None,
                };
                shared.when(wait, Duration::from_secs(600))
            })
        };
        shared.scanned();
        shared.built(Some("error: x".into()));
        let status = waiter.join().expect("the waiter finishes");
        assert_eq!(status.build, 2);
        assert_eq!(status.error.as_deref(), Some("error: x"));
    }

    #[test]
    fn a_build_that_succeeds_clears_the_error() {
        let shared = Shared::default();
        shared.built(Some("error: x".into()));
        shared.built(None);
        assert_eq!(
            shared.now(),
            Status {
                build: 2,
                scans: 0,
                error: None
            }
        );
    }
}
