//! Every edition a run knows: the built-in 2017 index, and each
//! `EDITION.txt` in the project's laws folder (`laws/` unless `--laws`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, bail};

use super::{EDITION, Lawbook, edition_2017};

/// The folder looked in when `--laws` is not given.
pub const DEFAULT_FOLDER: &str = "laws";

/// An index file is small (the 2017 index is 6 KiB); more is refused.
const MAX_INDEX_BYTES: u64 = 1024 * 1024;

/// Where an edition's index came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Compiled into lawcharts.
    BuiltIn,
    /// Read from this file.
    File(PathBuf),
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Origin::BuiltIn => f.write_str("built in"),
            Origin::File(path) => write!(f, "{}", path.display()),
        }
    }
}

/// The editions known to this run, by year.
#[derive(Clone, Debug)]
pub struct Editions {
    folder: PathBuf,
    books: BTreeMap<u32, (Arc<Lawbook>, Origin)>,
}

impl Default for Editions {
    /// Only the built-in 2017 index (`laws/` named as the place to look).
    fn default() -> Self {
        let mut books = BTreeMap::new();
        books.insert(EDITION, (Arc::clone(edition_2017()), Origin::BuiltIn));
        Editions {
            folder: PathBuf::from(DEFAULT_FOLDER),
            books,
        }
    }
}

impl Editions {
    /// The built-in index and those in `folder` (`laws/` when `None`, where
    /// a missing folder only means no other edition). A project's
    /// `2017.txt` takes the place of the built-in index.
    pub fn load(folder: Option<&Path>) -> anyhow::Result<Editions> {
        let mut editions = Editions::default();
        let named = folder.is_some();
        editions.folder = folder.map_or_else(|| PathBuf::from(DEFAULT_FOLDER), Path::to_path_buf);
        let dir = editions.folder.clone();
        if !named && !dir.exists() {
            return Ok(editions);
        }
        for path in index_files(&dir)? {
            let (year, book) = read_index(&path)?;
            editions
                .books
                .insert(year, (Arc::new(book), Origin::File(path)));
        }
        Ok(editions)
    }

    /// The index of `year`, if known.
    pub fn get(&self, year: u32) -> Option<&Arc<Lawbook>> {
        self.books.get(&year).map(|(book, _)| book)
    }

    /// Where the index of `year` came from, if known.
    pub fn origin(&self, year: u32) -> Option<&Origin> {
        self.books.get(&year).map(|(_, origin)| origin)
    }

    /// Every known edition, oldest first.
    pub fn years(&self) -> Vec<u32> {
        self.books.keys().copied().collect()
    }

    /// The folder other editions are read from.
    pub fn folder(&self) -> &Path {
        &self.folder
    }

    /// What to say about an edition that is not known: where indexes are
    /// looked for, and which there are.
    pub fn where_to_look(&self, year: u32) -> String {
        let known: Vec<String> = self.years().iter().map(u32::to_string).collect();
        let file = self.folder.join(format!("{year}.txt"));
        format!(
            "lawcharts has the {EDITION} index built in and reads others from `{}`; there is no `{}` (known editions: {}; `--laws DIR` reads another folder)",
            self.folder.join("EDITION.txt").display(),
            file.display(),
            known.join(", ")
        )
    }
}

/// The `*.txt` files of `dir`, sorted; hidden files are left out.
fn index_files(dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let entries = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read the laws folder `{}`", dir.display()))?;
    let mut files = Vec::new();
    for entry in entries {
        let path = entry
            .with_context(|| format!("cannot read the laws folder `{}`", dir.display()))?
            .path();
        let hidden = path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with('.'));
        if !hidden && path.extension().is_some_and(|e| e == "txt") {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

/// Reads `path`, named after its edition (`2007.txt`).
fn read_index(path: &Path) -> anyhow::Result<(u32, Lawbook)> {
    let name = path.display();
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let year = Some(stem)
        .filter(|s| s.len() == 4 && s.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|s| s.parse::<u32>().ok());
    let Some(year) = year else {
        bail!(
            "`{name}` is not named after an edition: an index is EDITION.txt, such as `2027.txt`"
        );
    };
    let meta = std::fs::metadata(path).with_context(|| format!("cannot read `{name}`"))?;
    if !meta.is_file() || meta.len() > MAX_INDEX_BYTES {
        bail!("cannot read `{name}`: an index is a text file of at most {MAX_INDEX_BYTES} bytes");
    }
    let bytes = std::fs::read(path).with_context(|| format!("cannot read `{name}`"))?;
    let text =
        String::from_utf8(bytes).map_err(|_| anyhow::anyhow!("`{name}` is not UTF-8 text"))?;
    let book = Lawbook::parse(year, &text).map_err(|e| anyhow::anyhow!("{name}:{e}"))?;
    Ok((year, book))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_default_folder_means_only_the_built_in_edition() {
        let dir = tempfile::tempdir().unwrap();
        let editions = Editions::load(Some(&dir.path().join("laws"))).unwrap_err();
        assert!(
            editions
                .to_string()
                .starts_with("cannot read the laws folder")
        );
        assert_eq!(Editions::default().years(), [2017]);
    }

    #[test]
    fn an_index_file_is_read_under_its_year() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("2027.txt"), "1\tThe Pack\tA B\n").unwrap();
        std::fs::write(dir.path().join("map.yaml"), "not an index").unwrap();
        let editions = Editions::load(Some(dir.path())).unwrap();
        assert_eq!(editions.years(), [2017, 2027]);
        assert!(editions.get(2027).unwrap().lookup("1B").is_ok());
        assert_eq!(
            editions.origin(2027),
            Some(&Origin::File(dir.path().join("2027.txt")))
        );
    }

    #[test]
    fn a_bad_index_is_refused_with_its_file_line_and_column() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("2027.txt");
        std::fs::write(&file, "# x\n1\tThe Pack\tA B1\n").unwrap();
        let err = Editions::load(Some(dir.path())).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("{}:2:14: law 1: `B1` listed without `B`", file.display())
        );
    }

    #[test]
    fn an_index_not_named_after_a_year_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("draft.txt");
        std::fs::write(&file, "1\tThe Pack\n").unwrap();
        let err = Editions::load(Some(dir.path())).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "`{}` is not named after an edition: an index is EDITION.txt, such as `2027.txt`",
                file.display()
            )
        );
    }
}
