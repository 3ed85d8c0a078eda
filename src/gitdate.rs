//! The footer's date from git: the day of the newest commit touching the
//! charts' folder, as `git log -1 --format=%cs -- .` prints it there.
//!
//! Finding that commit means walking back through history, which costs a
//! build a few milliseconds of a core, a good part of a whole build. The
//! answer depends only on the commit checked out and on where the folder
//! lies in the repository, so `build` writes it into its output's marker
//! file with both, and the next build at the same commit reads it back
//! instead of asking git again. Only what is sure to give git's answer is
//! reused: the commit is read from the repository's own files the way git
//! reads it, and anything unusual (git's environment variables, a shallow
//! clone, grafts or replaced objects, a ref format not read here) asks git.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Git's environment variables that can change which repository, which
/// history or which paths `git log` looks at; with any of them set, git
/// is asked every time.
const STEERING: [&str; 19] = [
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_COMMON_DIR",
    "GIT_CEILING_DIRECTORIES",
    "GIT_DISCOVERY_ACROSS_FILESYSTEM",
    "GIT_OBJECT_DIRECTORY",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES",
    "GIT_REPLACE_REF_BASE",
    "GIT_NO_REPLACE_OBJECTS",
    "GIT_GRAFT_FILE",
    "GIT_SHALLOW_FILE",
    "GIT_NAMESPACE",
    "GIT_CONFIG",
    "GIT_CONFIG_PARAMETERS",
    "GIT_CONFIG_COUNT",
    "GIT_LITERAL_PATHSPECS",
    "GIT_GLOB_PATHSPECS",
    "GIT_NOGLOB_PATHSPECS",
    "GIT_ICASE_PATHSPECS",
];

/// The largest `packed-refs` read; a larger one is left to git.
const PACKED_MOST: u64 = 64 << 20;

/// What a marker line remembering a date starts with.
const LINE: &str = "git-date ";

/// The day of the newest commit touching `trees` (or the folder holding
/// it), and the marker line that lets the next build reuse it; `earlier`
/// is the earlier build's marker file, if any. `None` when git has no
/// answer (not a repository, no commit, no git).
pub fn date(trees: &Path, earlier: &str) -> (Option<String>, Option<String>) {
    let dir = folder_of(trees);
    // Git's own variables can point it at another repository or history.
    let steered = STEERING.iter().any(|name| std::env::var_os(name).is_some());
    let Some(at) = Checkout::find(&dir).filter(|_| !steered) else {
        return (ask_git(&dir, None), None);
    };
    if let Some(date) = recalled(earlier, &at) {
        return (Some(date.to_string()), Some(at.line(date)));
    }
    // About the very commit read, so that a commit made meanwhile cannot
    // pair its date with the commit before it.
    let date = ask_git(&dir, Some(&at.commit));
    let line = date.as_deref().map(|d| at.line(d));
    (date, line)
}

/// The day of the newest commit touching `trees`, from git alone.
pub fn date_from_git(trees: &Path) -> Option<String> {
    ask_git(&folder_of(trees), None)
}

/// The folder git is asked about: `trees` itself, or the folder of a file.
fn folder_of(trees: &Path) -> PathBuf {
    let dir = if trees.is_dir() {
        trees
    } else {
        trees.parent().unwrap_or(Path::new(""))
    };
    if dir.as_os_str().is_empty() {
        PathBuf::from(".")
    } else {
        dir.to_path_buf()
    }
}

/// `git log -1 --format=%cs [commit] -- .` in `dir`: from `HEAD`, or from
/// `commit`. A signature check a user's config asks for would print
/// before the date: it is turned off.
fn ask_git(dir: &Path, commit: Option<&str>) -> Option<String> {
    let out = Command::new("git")
        .args(["-c", "log.showSignature=false", "log", "-1", "--format=%cs"])
        .args(commit)
        .args(["--", "."])
        .current_dir(dir)
        .output()
        .ok()?;
    let date = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (out.status.success() && crate::config::is_iso_date(&date)).then_some(date)
}

/// The date an earlier marker remembers for this checkout, if it does.
fn recalled<'a>(earlier: &'a str, at: &Checkout) -> Option<&'a str> {
    earlier.lines().find_map(|line| {
        let mut parts = line.strip_prefix(LINE)?.splitn(3, ' ');
        let (commit, date, folder) = (parts.next()?, parts.next()?, parts.next()?);
        (commit == at.commit && folder == at.folder && crate::config::is_iso_date(date))
            .then_some(date)
    })
}

/// The commit checked out where the charts are, and the charts' folder
/// within the repository (`/`-separated, empty at its top).
#[derive(Debug, PartialEq, Eq)]
struct Checkout {
    commit: String,
    folder: String,
}

impl Checkout {
    /// The checkout holding `dir`, found as git finds it; `None` for
    /// anything this does not read exactly as git would, or that git might
    /// refuse (another file system above, another owner) or read otherwise
    /// (a bare or moved work tree, included config).
    fn find(dir: &Path) -> Option<Checkout> {
        let dir = std::fs::canonicalize(dir).ok()?;
        let ours = device(&dir)?;
        for top in dir.ancestors() {
            // Git stops looking at the edge of the file system.
            if device(top)? != ours {
                return None;
            }
            let dotgit = top.join(".git");
            let meta = match std::fs::metadata(&dotgit) {
                Ok(meta) => meta,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                Err(_) => return None,
            };
            let git = if meta.is_dir() {
                dotgit
            } else if meta.is_file() {
                // A worktree or submodule: `gitdir: <path>`.
                let text = read_small(&dotgit, 4096)?;
                top.join(
                    text.strip_prefix("gitdir: ")?
                        .trim_end_matches(['\n', '\r']),
                )
            } else {
                return None;
            };
            let common = match read_small(&git.join("commondir"), 4096) {
                Some(text) => git.join(text.trim_end_matches(['\n', '\r'])),
                None if git.join("commondir").exists() => return None,
                None => git.clone(),
            };
            // What git takes for a repository (else it looks further up).
            let is_dir = |p: PathBuf| std::fs::metadata(p).is_ok_and(|m| m.is_dir());
            if !is_dir(common.join("objects")) || !is_dir(common.join("refs")) {
                return None;
            }
            let folder = dir.strip_prefix(top).ok()?.to_str()?;
            let folder = folder.replace(std::path::MAIN_SEPARATOR, "/");
            if folder.contains(['\n', '\r'])
                || !owned_by_us(top, &git)
                || history_is_rewritten(&git, &common)
                || config_moves_work_tree(&git, &common)
            {
                return None;
            }
            let commit = head(&git, &common)?;
            return Some(Checkout { commit, folder });
        }
        None
    }

    fn line(&self, date: &str) -> String {
        format!("{LINE}{} {date} {}\n", self.commit, self.folder)
    }
}

/// Whether git may see a history other than the commits' own: a shallow
/// clone (deepened without a new commit), grafts, or replaced objects.
fn history_is_rewritten(git: &Path, common: &Path) -> bool {
    let exists = |p: PathBuf| std::fs::symlink_metadata(p).is_ok();
    let replaced = std::fs::read_dir(common.join("refs/replace"))
        .is_ok_and(|mut entries| entries.next().is_some());
    // A `packed-refs` that cannot be read as a plain file is left to git.
    let packed = common.join("packed-refs");
    let packed_replaced = exists(packed.clone())
        && read_small(&packed, PACKED_MOST).is_none_or(|text| text.contains(" refs/replace/"));
    exists(git.join("shallow"))
        || exists(common.join("shallow"))
        || exists(common.join("info/grafts"))
        || replaced
        || packed_replaced
}

/// Whether the work tree and the git folder belong to the user running the
/// build: git refuses a repository someone else owns unless its config
/// says otherwise, which is left to git. (The process's own user is the
/// owner of `/proc/self`; where there is none, git is asked.)
#[cfg(unix)]
fn owned_by_us(top: &Path, git: &Path) -> bool {
    use std::os::unix::fs::MetadataExt as _;
    let owner = |p: &Path| std::fs::metadata(p).map(|m| m.uid()).ok();
    let us = owner(Path::new("/proc/self"));
    us.is_some() && owner(top) == us && owner(git) == us
}

/// Elsewhere than Unix, git is asked every time.
#[cfg(not(unix))]
fn owned_by_us(_top: &Path, _git: &Path) -> bool {
    false
}

/// The file system (device) `path` is on.
#[cfg(unix)]
fn device(path: &Path) -> Option<u64> {
    use std::os::unix::fs::MetadataExt as _;
    std::fs::metadata(path).ok().map(|m| m.dev())
}

/// Elsewhere than Unix, git is asked every time.
#[cfg(not(unix))]
fn device(_path: &Path) -> Option<u64> {
    None
}

/// Whether the repository's config makes it bare or puts its work tree
/// elsewhere, or includes other config files (which might): git then sees
/// another folder than the one read here.
fn config_moves_work_tree(git: &Path, common: &Path) -> bool {
    [common.join("config"), git.join("config.worktree")]
        .iter()
        .any(|path| {
            if !path.exists() {
                return false;
            }
            let Some(text) = read_small(path, 1 << 20) else {
                return true;
            };
            text.lines().any(|line| {
                let line: String = (line.chars())
                    .take_while(|&c| c != '#' && c != ';')
                    .filter(|c| !c.is_whitespace())
                    .collect::<String>()
                    .to_ascii_lowercase();
                line.starts_with("worktree")
                    || line.starts_with("[include")
                    || (line.starts_with("bare")
                        && !line.ends_with("=false")
                        && line != "bare=no"
                        && line != "bare=off"
                        && line != "bare=0")
            })
        })
}

/// A plain file's text if it is at most `most` bytes; `None` for anything
/// else (a pipe would never end, a device might never end).
fn read_small(path: &Path, most: u64) -> Option<String> {
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() || meta.len() > most {
        return None;
    }
    std::fs::read_to_string(path).ok()
}

/// The commit `HEAD` names: itself, or the branch it points to, read from
/// a loose ref file first and then from `packed-refs`, as git does.
fn head(git: &Path, common: &Path) -> Option<String> {
    let text = read_small(&git.join("HEAD"), 4096)?;
    let text = text.trim_end_matches(['\n', '\r']);
    let id = match text.strip_prefix("ref: ") {
        None => text.to_string(),
        Some(name) => branch(git, common, name)?,
    };
    is_object_id(&id).then_some(id)
}

fn branch(git: &Path, common: &Path, name: &str) -> Option<String> {
    let plain = name
        .split('/')
        .all(|part| !part.is_empty() && part != "." && part != "..");
    if !name.starts_with("refs/") || !plain || name.contains('\\') {
        return None;
    }
    // A worktree keeps only these refs of its own; the rest are shared.
    let own = ["refs/worktree/", "refs/bisect/", "refs/rewritten/"];
    let base = if own.iter().any(|p| name.starts_with(p)) {
        git
    } else {
        common
    };
    let loose = base.join(name);
    match std::fs::symlink_metadata(&loose) {
        Ok(_) => {
            return Some(
                read_small(&loose, 4096)?
                    .trim_end_matches(['\n', '\r'])
                    .to_string(),
            );
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(_) => return None,
    }
    let packed = read_small(&common.join("packed-refs"), PACKED_MOST)?;
    packed.lines().find_map(|line| {
        let (id, rest) = line.split_once(' ')?;
        (rest == name).then(|| id.to_string())
    })
}

/// A full object id: 40 (SHA-1) or 64 (SHA-256) lowercase hex digits.
fn is_object_id(id: &str) -> bool {
    matches!(id.len(), 40 | 64) && id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    const A: &str = "0123456789abcdef0123456789abcdef01234567";
    const B: &str = "89abcdef0123456789abcdef0123456789abcdef";

    /// A fake repository's git folder with `HEAD` holding `head`.
    fn repo(head: &str) -> tempfile::TempDir {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir_all(dir.path().join(".git/refs/heads")).unwrap();
        std::fs::create_dir_all(dir.path().join(".git/objects")).unwrap();
        let config = "[core]\n\trepositoryformatversion = 0\n\tbare = false\n";
        std::fs::write(dir.path().join(".git/config"), config).unwrap();
        std::fs::create_dir_all(dir.path().join("charts/trees")).unwrap();
        std::fs::write(dir.path().join(".git/HEAD"), head).unwrap();
        dir
    }

    fn checkout(dir: &Path) -> Option<Checkout> {
        Checkout::find(&dir.join("charts/trees"))
    }

    #[test]
    fn the_commit_is_read_through_a_branch_loose_or_packed_or_detached() {
        let dir = repo("ref: refs/heads/main\n");
        assert_eq!(checkout(dir.path()), None, "no such branch yet");
        let packed = format!("# pack-refs with: peeled fully-peeled sorted\n{B} refs/heads/main\n");
        std::fs::write(dir.path().join(".git/packed-refs"), packed).unwrap();
        let at = checkout(dir.path()).expect("packed branch");
        assert_eq!(
            (at.commit.as_str(), at.folder.as_str()),
            (B, "charts/trees")
        );
        std::fs::write(dir.path().join(".git/refs/heads/main"), format!("{A}\n")).unwrap();
        assert_eq!(
            checkout(dir.path()).expect("loose").commit,
            A,
            "a loose ref wins"
        );
        std::fs::write(dir.path().join(".git/HEAD"), format!("{B}\n")).unwrap();
        assert_eq!(checkout(dir.path()).expect("detached").commit, B);
    }

    #[test]
    fn anything_not_read_exactly_as_git_reads_it_is_left_to_git() {
        let dir = repo("ref: refs/heads/.invalid\n");
        assert_eq!(checkout(dir.path()), None, "a reftable repository");
        std::fs::write(dir.path().join(".git/HEAD"), "ref: refs/heads/../../x\n").unwrap();
        assert_eq!(checkout(dir.path()), None);
        std::fs::write(dir.path().join(".git/HEAD"), format!("{A}\n")).unwrap();
        assert!(checkout(dir.path()).is_some());
        std::fs::write(dir.path().join(".git/shallow"), format!("{B}\n")).unwrap();
        assert_eq!(checkout(dir.path()), None, "a shallow clone can deepen");
        std::fs::remove_file(dir.path().join(".git/shallow")).unwrap();
        std::fs::create_dir_all(dir.path().join(".git/refs/replace")).unwrap();
        std::fs::write(dir.path().join(".git/refs/replace").join(B), A).unwrap();
        assert_eq!(checkout(dir.path()), None, "replaced objects");
        std::fs::remove_file(dir.path().join(".git/refs/replace").join(B)).unwrap();
        assert!(checkout(dir.path()).is_some());
        std::fs::write(dir.path().join(".git/HEAD"), "not a commit\n").unwrap();
        assert_eq!(checkout(dir.path()), None);
        assert!(!is_object_id("not a commit") && !is_object_id(&A.to_uppercase()));
    }

    #[test]
    fn what_git_would_not_take_for_a_repository_or_reads_otherwise_is_left_to_git() {
        let dir = repo(&format!("{A}\n"));
        assert!(checkout(dir.path()).is_some());
        let config = dir.path().join(".git/config");
        for odd in [
            "\tbare = true",
            "\tbare",
            "\tworktree = ../elsewhere",
            "[include]",
        ] {
            std::fs::write(&config, format!("[core]\n{odd}\n")).unwrap();
            assert_eq!(checkout(dir.path()), None, "{odd}");
        }
        std::fs::write(&config, "[core]\n\tBare = False ; as git init writes it\n").unwrap();
        assert!(checkout(dir.path()).is_some());
        std::fs::remove_dir(dir.path().join(".git/objects")).unwrap();
        assert_eq!(
            checkout(dir.path()),
            None,
            "no objects: not a repository to git"
        );
        // A `.git` that is neither a folder nor a plain file (a pipe here)
        // is not read, and not waited on.
        let other = tempfile::tempdir().unwrap();
        let made = std::process::Command::new("mkfifo")
            .arg(other.path().join(".git"))
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        assert_eq!(Checkout::find(other.path()), None);
        // Nor a pipe in the place of `packed-refs`.
        let dir = repo(&format!("{A}\n"));
        let made = std::process::Command::new("mkfifo")
            .arg(dir.path().join(".git/packed-refs"))
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        assert_eq!(checkout(dir.path()), None);
    }

    #[test]
    fn a_branch_file_that_cannot_be_read_is_not_passed_over_for_a_packed_one() {
        let dir = repo("ref: refs/heads/main\n");
        let packed = format!("{B} refs/heads/main\n");
        std::fs::write(dir.path().join(".git/packed-refs"), packed).unwrap();
        std::fs::write(dir.path().join(".git/refs/heads/main"), [0xff, 0xfe]).unwrap();
        assert_eq!(checkout(dir.path()), None);
    }

    #[test]
    fn a_worktree_finds_its_head_and_the_shared_branches() {
        let main = repo("ref: refs/heads/main\n");
        std::fs::write(main.path().join(".git/refs/heads/main"), A).unwrap();
        let worktrees = main.path().join(".git/worktrees/other");
        std::fs::create_dir_all(&worktrees).unwrap();
        std::fs::write(worktrees.join("HEAD"), "ref: refs/heads/main\n").unwrap();
        std::fs::write(worktrees.join("commondir"), "../..\n").unwrap();
        let other = tempfile::tempdir().unwrap();
        let gitdir = format!("gitdir: {}\n", worktrees.display());
        std::fs::write(other.path().join(".git"), gitdir).unwrap();
        let at = Checkout::find(other.path()).expect("worktree");
        assert_eq!((at.commit.as_str(), at.folder.as_str()), (A, ""));
        // A branch is shared: a stray copy in the worktree's folder is not
        // the one git reads.
        std::fs::create_dir_all(worktrees.join("refs/heads")).unwrap();
        std::fs::write(worktrees.join("refs/heads/main"), B).unwrap();
        assert_eq!(Checkout::find(other.path()).expect("worktree").commit, A);
    }

    #[test]
    fn a_date_is_recalled_only_for_the_same_commit_and_folder() {
        let at = Checkout {
            commit: A.into(),
            folder: "my charts".into(),
        };
        let marker = format!(
            "This folder is written by lawcharts.\n{}",
            at.line("2026-11-20")
        );
        assert_eq!(
            marker.lines().last(),
            Some(&*format!("git-date {A} 2026-11-20 my charts"))
        );
        assert_eq!(recalled(&marker, &at), Some("2026-11-20"));
        let moved = Checkout {
            commit: B.into(),
            folder: "my charts".into(),
        };
        assert_eq!(recalled(&marker, &moved), None);
        let elsewhere = Checkout {
            commit: A.into(),
            folder: "trees".into(),
        };
        assert_eq!(recalled(&marker, &elsewhere), None);
        assert_eq!(
            recalled(&format!("git-date {A} soon my charts\n"), &at),
            None
        );
    }
}
