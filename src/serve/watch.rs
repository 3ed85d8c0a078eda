//! What `serve` watches, and when it rebuilds: file events only say that a
//! chart or the config may have changed; the files' content decides. Reads
//! (`cat`, an editor opening a chart, the build's own reads) send no event
//! that counts, and a save of the same bytes rebuilds nothing.

use std::hash::{DefaultHasher, Hasher};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::Duration;

use anyhow::Context as _;
use notify::event::{AccessKind, AccessMode, MetadataKind, ModifyKind};
use notify::{Event, EventKind, RecursiveMode, Watcher};

use crate::check;
use crate::load::MAX_FILE_BYTES;

/// How long the files must be quiet before they are compared: an editor's
/// save is often several events (write a temporary file, rename it).
const QUIET: Duration = Duration::from_millis(150);

/// The files a build reads: the charts folder and the config file.
#[derive(Clone, Debug)]
pub struct Watched {
    /// The charts folder (its `.yaml` files, one level, as `check` reads it).
    pub trees: PathBuf,
    /// The config file, which may not exist.
    pub config: PathBuf,
}

/// Each file a build reads and a digest of its bytes (`None` when it is
/// missing or not a regular file): equal snapshots mean an equal build.
#[derive(Debug, PartialEq, Eq)]
pub struct Snapshot(Vec<(PathBuf, Option<(u64, u64)>)>);

impl Snapshot {
    /// The files as they are now.
    pub fn take(watched: &Watched) -> Snapshot {
        let mut files =
            check::chart_files(std::slice::from_ref(&watched.trees)).unwrap_or_default();
        files.push(watched.config.clone());
        let digests = files.into_iter().map(|path| {
            let digest = digest(&path);
            (path, digest)
        });
        Snapshot(digests.collect())
    }
}

/// The length and hash of a regular file's bytes (as many as a build would
/// read); a FIFO or a folder is never opened, as it could block.
fn digest(path: &Path) -> Option<(u64, u64)> {
    if !std::fs::metadata(path).ok()?.is_file() {
        return None;
    }
    let limit = u64::try_from(MAX_FILE_BYTES).expect("the limit fits in u64") + 1;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .ok()?
        .take(limit)
        .read_to_end(&mut bytes)
        .ok()?;
    let mut hasher = DefaultHasher::new();
    hasher.write(&bytes);
    Some((bytes.len() as u64, hasher.finish()))
}

/// Starts watching; the receiver gets a unit for every event that may be a
/// change of a chart or of the config. Keep the watcher alive.
pub fn start(watched: &Watched) -> anyhow::Result<(notify::RecommendedWatcher, Receiver<()>)> {
    let (tx, rx) = channel();
    let config_name = watched.config.file_name().map(|n| n.to_os_string());
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<Event>| {
        forward(event, config_name.as_deref(), &tx);
    })
    .context("cannot watch for changes")?;
    watcher
        .watch(&watched.trees, RecursiveMode::NonRecursive)
        .with_context(|| format!("cannot watch `{}`", watched.trees.display()))?;
    let config_dir = match watched.config.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    // The config's folder may not exist; then only the charts are watched.
    let _ = watcher.watch(&config_dir, RecursiveMode::NonRecursive);
    Ok((watcher, rx))
}

fn forward(event: notify::Result<Event>, config_name: Option<&std::ffi::OsStr>, tx: &Sender<()>) {
    let Ok(event) = event else { return };
    let about_input = event.paths.iter().any(|p| {
        let name = p.file_name();
        let hidden = name.is_some_and(|n| n.to_string_lossy().starts_with('.'));
        let yaml = matches!(p.extension().and_then(|e| e.to_str()), Some("yaml" | "yml"));
        (yaml && !hidden) || (name.is_some() && name == config_name)
    });
    if about_input && may_change_content(&event.kind) {
        let _ = tx.send(());
    }
}

/// Whether an event can mean new content: not a read (opening, reading,
/// closing a file read only) and not a new access time.
fn may_change_content(kind: &EventKind) -> bool {
    match kind {
        EventKind::Access(AccessKind::Close(AccessMode::Write)) => true,
        EventKind::Access(_) => false,
        EventKind::Modify(ModifyKind::Metadata(MetadataKind::AccessTime)) => false,
        _ => true,
    }
}

/// Waits for events; once they are quiet, compares the files with the last
/// snapshot and calls `rebuild` only if they differ, then `scanned`. Ends
/// when the watcher is dropped.
pub fn on_change(
    watched: &Watched,
    mut last: Snapshot,
    events: &Receiver<()>,
    mut rebuild: impl FnMut(),
    mut scanned: impl FnMut(),
) {
    while events.recv().is_ok() {
        while events.recv_timeout(QUIET).is_ok() {}
        let now = Snapshot::take(watched);
        if now != last {
            last = now;
            rebuild();
        }
        scanned();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use notify::event::{CreateKind, DataChange, RenameMode};

    #[test]
    fn reads_are_not_changes_and_writes_are() {
        for read in [
            EventKind::Access(AccessKind::Open(AccessMode::Any)),
            EventKind::Access(AccessKind::Read),
            EventKind::Access(AccessKind::Close(AccessMode::Read)),
            EventKind::Modify(ModifyKind::Metadata(MetadataKind::AccessTime)),
        ] {
            assert!(!may_change_content(&read), "{read:?}");
        }
        for write in [
            EventKind::Access(AccessKind::Close(AccessMode::Write)),
            EventKind::Modify(ModifyKind::Data(DataChange::Any)),
            EventKind::Modify(ModifyKind::Name(RenameMode::To)),
            EventKind::Create(CreateKind::File),
            EventKind::Remove(notify::event::RemoveKind::File),
        ] {
            assert!(may_change_content(&write), "{write:?}");
        }
    }

    fn sent(path: &str, kind: EventKind) -> bool {
        let (tx, rx) = channel();
        let event = Event::new(kind).add_path(PathBuf::from(path));
        forward(Ok(event), Some(std::ffi::OsStr::new("lawcharts.toml")), &tx);
        rx.try_recv().is_ok()
    }

    #[test]
    fn only_charts_and_the_config_are_watched() {
        let write = EventKind::Modify(ModifyKind::Data(DataChange::Content));
        assert!(sent("trees/a.yaml", write));
        assert!(sent("trees/a.yml", write));
        assert!(sent("./lawcharts.toml", write));
        assert!(!sent("trees/.a.yaml", write), "an editor's hidden file");
        assert!(!sent("trees/a.yaml.swp", write));
        assert!(!sent("./output", write), "the output folder");
        assert!(!sent("trees/a.yaml", EventKind::Access(AccessKind::Read)));
    }

    #[test]
    fn a_snapshot_changes_with_content_only() {
        let dir = tempfile::tempdir().expect("temp dir");
        let watched = Watched {
            trees: dir.path().to_path_buf(),
            config: dir.path().join("lawcharts.toml"),
        };
        let chart = dir.path().join("a.yaml");
        std::fs::write(&chart, "id: a\n").expect("write");
        let before = Snapshot::take(&watched);
        std::fs::write(&chart, "id: a\n").expect("same bytes again");
        std::fs::read(&chart).expect("read");
        assert_eq!(Snapshot::take(&watched), before);
        std::fs::write(&chart, "id: b\n").expect("write");
        assert_ne!(Snapshot::take(&watched), before);
        std::fs::write(&chart, "id: a\n").expect("write");
        std::fs::write(dir.path().join("lawcharts.toml"), "").expect("config");
        assert_ne!(Snapshot::take(&watched), before, "a new config");
    }

    #[test]
    fn quiet_events_that_change_nothing_start_no_build() {
        let dir = tempfile::tempdir().expect("temp dir");
        let watched = Watched {
            trees: dir.path().to_path_buf(),
            config: dir.path().join("lawcharts.toml"),
        };
        std::fs::write(dir.path().join("a.yaml"), "id: a\n").expect("write");
        let (tx, rx) = channel();
        tx.send(()).expect("send");
        tx.send(()).expect("send");
        drop(tx);
        let (mut builds, mut scans) = (0, 0);
        on_change(
            &watched,
            Snapshot::take(&watched),
            &rx,
            || builds += 1,
            || scans += 1,
        );
        assert_eq!((builds, scans), (0, 1));

        let (tx, rx) = channel();
        tx.send(()).expect("send");
        drop(tx);
        let before = Snapshot::take(&watched);
        std::fs::write(dir.path().join("a.yaml"), "id: b\n").expect("write");
        on_change(&watched, before, &rx, || builds += 1, || scans += 1);
        assert_eq!((builds, scans), (1, 2));
    }
}
