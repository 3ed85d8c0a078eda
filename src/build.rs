//! `lawcharts build`: render every output of checked charts (in parallel),
//! write them into a fresh folder beside `--out`, and swap that in only
//! when everything was written. Checking comes first, in the caller, so an
//! invalid chart never touches the earlier output.

use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};

use anyhow::{Context as _, bail};
use rayon::prelude::*;

use crate::chart::Chart;
use crate::check::{self, Report};
use crate::config::Config;
use crate::diagnostic::{Diagnostic, Severity};
use crate::lawbook::Editions;
use crate::render::{self, Context, OutFile, html};

/// The file that marks a folder as lawcharts output, so `build` never
/// replaces a folder it did not make.
pub const MARKER: &str = ".lawcharts-output";

const MARKER_TEXT: &str =
    "This folder is written by `lawcharts build`; it is replaced on every build.\n";

const FONT_LICENCE: &str = include_str!("../assets/fonts/LICENSE-DejaVu.txt");

/// What a build did: the check report, and whether the output was written
/// (not when a chart had errors).
pub struct Outcome {
    /// The check of every chart in `--trees`.
    pub report: Report,
    /// How many files were written; `None` if the charts were invalid.
    pub written: Option<usize>,
    /// Cards that print some text below the least size (a box too large
    /// for a page even alone), one line each.
    pub warnings: Vec<String>,
}

/// Checks the charts in `trees` and, if none has an error, renders every
/// output and swaps it in at `out`.
pub fn build(
    trees: &Path,
    out: &Path,
    config: &Config,
    editions: &Editions,
) -> anyhow::Result<Outcome> {
    refuse_overlap(trees, out)?;
    let mut report = check::check_paths_with(&[trees.to_path_buf()], editions)?;
    check::require_charts(&report)?;
    report.diagnostics.extend(too_large_to_draw(&report));
    if report.count(Severity::Error) > 0 {
        return Ok(Outcome {
            report,
            written: None,
            warnings: Vec::new(),
        });
    }
    let cx = Context {
        config,
        charts: &report.charts,
        date: config.footer_date(trees),
    };
    let written =
        |err: anyhow::Error| err.context(format!("cannot write the output to `{}`", out.display()));
    // Each chart's pages are written into the new folder as soon as they
    // are drawn, and let go: the build does not hold the whole site.
    let output = Output::start(out).map_err(written)?;
    let (site, cards) = rayon::join(
        || render_into(&cx, &output),
        || crate::card::build_files(&cx),
    );
    let (site, (cards, warnings)) = (site?, cards?);
    let count = site + cards.len();
    let put: Vec<anyhow::Result<()>> = cards.into_par_iter().map(|f| output.put(&f)).collect();
    put.into_iter()
        .collect::<anyhow::Result<()>>()
        .map_err(written)?;
    output.finish().map_err(written)?;
    Ok(Outcome {
        written: Some(count),
        report,
        warnings,
    })
}

/// Renders every chart's site page, SVG, Markdown and DOT and the shared
/// files (as [`render_all`]) straight into `output`; the number of files.
fn render_into(cx: &Context, output: &Output) -> anyhow::Result<usize> {
    let per_chart: Vec<anyhow::Result<(usize, BTreeSet<char>)>> = cx
        .charts
        .charts
        .par_iter()
        .map(|chart| {
            let files = chart_files(chart, cx)?;
            for f in &files {
                output.put(f)?;
            }
            Ok((files.len(), drawn_chars(&files)))
        })
        .collect();
    let mut count = 0;
    let mut drawn = BTreeSet::new();
    for n in per_chart {
        let (n, chars) = n?;
        count += n;
        drawn.extend(chars);
    }
    for f in shared_files(cx, &drawn)? {
        output.put(&f)?;
        count += 1;
    }
    Ok(count)
}

/// The most nodes of a chart `build` draws. The layout grows faster than
/// the chart (1,000 nodes take about a second, 5,000 twenty, 20,000 over
/// three minutes, and each is drawn three times: SVG, page, card), so a
/// chart that `check` accepts could otherwise hold up a club's build for
/// an hour. Real charts have tens of nodes.
pub const MAX_DRAWN_NODES: usize = 1_000;

/// An error for every chart too large to draw in reasonable time.
fn too_large_to_draw(report: &Report) -> Vec<Diagnostic> {
    report
        .charts
        .charts
        .iter()
        .filter_map(|c| too_large_for(c, "build"))
        .collect()
}

/// The error for `chart` if it is over [`MAX_DRAWN_NODES`], saying that
/// `command` draws charts of at most that many.
pub fn too_large_for(chart: &Chart, command: &str) -> Option<Diagnostic> {
    let count = chart.graph.node_count();
    if count <= MAX_DRAWN_NODES {
        return None;
    }
    let message =
        format!("chart has {count} nodes; `{command}` draws charts of at most {MAX_DRAWN_NODES}");
    let error = Diagnostic::error("too-large-to-draw", &chart.file, None, message);
    Some(error.with_help("split the situation into several charts joined by `then`"))
}

/// Refuses an `--out` inside the charts folder (a rebuild would find its
/// own output, and `serve` would rebuild forever) or one that holds it (the
/// swap would remove the charts).
fn refuse_overlap(trees: &Path, out: &Path) -> anyhow::Result<()> {
    let folder = if trees.is_file() {
        trees.parent().unwrap_or(Path::new("."))
    } else {
        trees
    };
    let (folder_abs, out_abs) = (resolved(folder)?, resolved(out)?);
    if out_abs.starts_with(&folder_abs) {
        bail!(
            "`--out {}` is inside the charts folder `{}`; choose an output folder outside it",
            out.display(),
            folder.display()
        );
    }
    if folder_abs.starts_with(&out_abs) {
        bail!(
            "the charts folder `{}` is inside `--out {}`, which build replaces whole; choose another --out",
            folder.display(),
            out.display()
        );
    }
    Ok(())
}

/// `path` made absolute with links resolved, as far as it exists; the
/// rest (a folder not made yet) is appended as written, `.` and `..` applied.
fn resolved(path: &Path) -> anyhow::Result<PathBuf> {
    let cwd = std::env::current_dir().context("cannot read the current folder")?;
    let mut base = cwd.join(path);
    let mut rest = Vec::new();
    let mut real = loop {
        if let Ok(real) = base.canonicalize() {
            break real;
        }
        match (base.file_name(), base.parent()) {
            (Some(name), Some(parent)) => {
                rest.push(name.to_os_string());
                base = parent.to_path_buf();
            }
            // `..` or the root itself: nothing left to resolve.
            _ => break base,
        }
    };
    for part in rest.iter().rev() {
        match part.to_str() {
            Some("..") => {
                real.pop();
            }
            Some(".") => {}
            _ => real.push(part),
        }
    }
    Ok(real)
}

/// Every output of the charts in `cx`, charts rendered in parallel, sorted
/// by path.
pub fn render_all(cx: &Context) -> anyhow::Result<Vec<OutFile>> {
    let per_chart: Vec<Vec<OutFile>> = cx
        .charts
        .charts
        .par_iter()
        .map(|chart| chart_files(chart, cx))
        .collect::<anyhow::Result<_>>()?;
    let mut files: Vec<OutFile> = per_chart.into_iter().flatten().collect();
    let drawn = drawn_chars(&files);
    files.extend(shared_files(cx, &drawn)?);
    files.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(files)
}

fn chart_files(chart: &Chart, cx: &Context) -> anyhow::Result<Vec<OutFile>> {
    let id = &chart.id;
    let drawing = html::Drawing::of(chart, cx);
    let (page, cases) = html::chart_pages(chart, cx, html::Assets::Linked, &drawing)
        .with_context(|| format!("cannot render the page of `{id}`"))?;
    let mut files = vec![
        OutFile::text(format!("site/{id}.html"), page),
        OutFile::text(format!("svg/{id}.svg"), drawing.svg),
        OutFile::text(format!("md/{id}.md"), render::markdown::chart(chart, cx)?),
        OutFile::text(format!("dot/{id}.dot"), render::dot::render(chart, cx)?),
    ];
    if let Some((name, page)) = cases {
        files.push(OutFile::text(format!("site/{name}"), page));
    }
    Ok(files)
}

/// Every character of the drawings among `files` (markup included, so a
/// few more than drawn), and printable ASCII: what the site's font keeps.
fn drawn_chars(files: &[OutFile]) -> BTreeSet<char> {
    let mut chars: BTreeSet<char> = (' '..='~').collect();
    for f in files.iter().filter(|f| f.path.starts_with("svg/")) {
        chars.extend(String::from_utf8_lossy(&f.bytes).chars());
    }
    chars
}

/// The files every build writes once; `drawn` is the characters the site's
/// font must have.
fn shared_files(cx: &Context, drawn: &BTreeSet<char>) -> anyhow::Result<Vec<OutFile>> {
    let font = |ttf| crate::webfont::subset(ttf, drawn);
    Ok(vec![
        OutFile::text(MARKER.into(), MARKER_TEXT.into()),
        OutFile::text(
            "site/index.html".into(),
            html::index(cx, html::Assets::Linked)?,
        ),
        OutFile::text("site/assets/style.css".into(), html::STYLE_CSS.into()),
        OutFile::text("site/assets/site.js".into(), html::SITE_JS.into()),
        OutFile::text(
            format!("site/assets/{}", render::search::FILE),
            render::search::data_js(cx),
        ),
        OutFile::text(
            "site/assets/minisearch.js".into(),
            render::search::MINISEARCH_JS.into(),
        ),
        OutFile::text(
            "site/assets/stemmer.js".into(),
            render::search::stemmer_js(),
        ),
        OutFile::text(
            "site/assets/LICENSE-search.txt".into(),
            render::search::LICENCES.into(),
        ),
        // The drawings were measured with DejaVu Sans: ship the glyphs
        // they use, so every device draws the text the width it was laid
        // out for.
        OutFile::bytes(
            "site/assets/DejaVuSans.ttf",
            &font(crate::font::REGULAR_TTF)?,
        ),
        OutFile::bytes(
            "site/assets/DejaVuSans-Bold.ttf",
            &font(crate::font::BOLD_TTF)?,
        ),
        OutFile::text("site/assets/LICENSE-DejaVu.txt".into(), FONT_LICENCE.into()),
        OutFile::text("md/index.md".into(), render::markdown::index(cx)?),
    ])
}

/// Writes `files` into a new folder beside `out`, then swaps it in place of
/// `out`. On any failure the new folder is removed and `out` is as it was.
/// A file that `out` already holds with the same bytes is linked into the
/// new folder rather than written again: a rebuild after a small change
/// rewrites only what changed, and removing the old folder then frees
/// only the blocks of what changed.
pub fn write_swap(out: &Path, files: &[OutFile]) -> anyhow::Result<()> {
    let output = Output::start(out)?;
    // The files are written in parallel; the first that fails, in order,
    // is the one reported.
    let written: Vec<anyhow::Result<()>> = files.par_iter().map(|f| output.put(f)).collect();
    written.into_iter().collect::<anyhow::Result<()>>()?;
    output.finish()
}

/// A new output being written beside `out`: files go into a new folder,
/// which takes `out`'s place when [`Output::finish`] is called, and is
/// removed if it never is (an error, a panic). A file that `out` already
/// holds with the same bytes is linked rather than written again.
pub struct Output {
    out: PathBuf,
    fresh: PathBuf,
    old: PathBuf,
    previous: bool,
    /// Folders made so far in the new folder.
    folders: std::sync::Mutex<std::collections::HashSet<PathBuf>>,
    finished: bool,
}

impl Output {
    /// Starts a new output for `out` (refusing a folder lawcharts did not
    /// write).
    pub fn start(out: &Path) -> anyhow::Result<Output> {
        refuse_foreign(out)?;
        let (fresh, old) = siblings(out)?;
        remove_if_there(&fresh)?;
        std::fs::create_dir(&fresh)
            .with_context(|| format!("cannot create folder `{}`", fresh.display()))?;
        Ok(Output {
            out: out.to_path_buf(),
            previous: std::fs::symlink_metadata(out).is_ok_and(|m| m.is_dir()),
            fresh,
            old,
            folders: std::sync::Mutex::new(std::collections::HashSet::new()),
            finished: false,
        })
    }

    /// Writes one file into the new output (or links the earlier one).
    pub fn put(&self, file: &OutFile) -> anyhow::Result<()> {
        let relative = checked_relative(&file.path)?;
        let path = self.fresh.join(relative);
        if let Some(dir) = path.parent() {
            let mut folders = self
                .folders
                .lock()
                .map_err(|_| anyhow::anyhow!("a thread writing the output failed"))?;
            if !folders.contains(dir) {
                std::fs::create_dir_all(dir)
                    .with_context(|| format!("cannot create folder `{}`", dir.display()))?;
                folders.insert(dir.to_path_buf());
            }
        }
        let earlier = self.previous.then(|| self.out.join(relative));
        if earlier.is_some_and(|e| {
            same_file_bytes(&e, &file.bytes) && std::fs::hard_link(&e, &path).is_ok()
        }) {
            return Ok(());
        }
        std::fs::write(&path, &file.bytes)
            .with_context(|| format!("cannot write `{}`", path.display()))
    }

    /// Puts the new output in `out`'s place.
    pub fn finish(mut self) -> anyhow::Result<()> {
        self.finished = true;
        swap(&self.out, &self.fresh, &self.old)
    }
}

impl Drop for Output {
    fn drop(&mut self) {
        if !self.finished {
            let _ = std::fs::remove_dir_all(&self.fresh);
        }
    }
}

/// Refuses an `--out` that exists but is not a folder lawcharts wrote.
fn refuse_foreign(out: &Path) -> anyhow::Result<()> {
    let Ok(meta) = std::fs::symlink_metadata(out) else {
        return Ok(());
    };
    if !meta.is_dir() {
        bail!("`{}` is not a folder; choose another --out", out.display());
    }
    let empty = std::fs::read_dir(out)
        .with_context(|| format!("cannot read folder `{}`", out.display()))?
        .next()
        .is_none();
    if !empty && !out.join(MARKER).is_file() {
        bail!(
            "`{}` is not a lawcharts output folder (it has no `{MARKER}`); refusing to replace it",
            out.display()
        );
    }
    Ok(())
}

/// The temporary folders beside `out`: the new output, and the old one
/// while it is being swapped out.
fn siblings(out: &Path) -> anyhow::Result<(PathBuf, PathBuf)> {
    let name = out
        .file_name()
        .with_context(|| format!("`{}` cannot be an output folder", out.display()))?
        .to_string_lossy()
        .into_owned();
    let parent = out.parent().unwrap_or(Path::new(""));
    std::fs::create_dir_all(if parent.as_os_str().is_empty() {
        Path::new(".")
    } else {
        parent
    })
    .with_context(|| format!("cannot create folder `{}`", parent.display()))?;
    Ok((
        parent.join(format!(".{name}.lawcharts-new")),
        parent.join(format!(".{name}.lawcharts-old")),
    ))
}

fn remove_if_there(dir: &Path) -> anyhow::Result<()> {
    if std::fs::symlink_metadata(dir).is_ok() {
        std::fs::remove_dir_all(dir)
            .with_context(|| format!("cannot remove leftover folder `{}`", dir.display()))?;
    }
    Ok(())
}

/// Whether `path` is a plain file (not a link) holding exactly `bytes`.
/// Read a piece at a time into one small buffer: reading whole files would
/// hold a second copy of the output in memory.
fn same_file_bytes(path: &Path, bytes: &[u8]) -> bool {
    use std::io::Read as _;
    let plain =
        std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file() && m.len() == bytes.len() as u64);
    let Some(mut file) = plain.then(|| std::fs::File::open(path).ok()).flatten() else {
        return false;
    };
    let mut buffer = [0u8; 16 * 1024];
    let mut rest = bytes;
    loop {
        match file.read(&mut buffer) {
            Ok(0) => return rest.is_empty(),
            Ok(n) => match rest.strip_prefix(&buffer[..n]) {
                Some(after) => rest = after,
                None => return false,
            },
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return false,
        }
    }
}

/// An output path, refused unless it stays inside the output folder.
fn checked_relative(path: &str) -> anyhow::Result<&Path> {
    let p = Path::new(path);
    let inside = !path.is_empty() && p.components().all(|c| matches!(c, Component::Normal(_)));
    if !inside {
        bail!("refusing to write `{path}`: outside the output folder");
    }
    Ok(p)
}

fn swap(out: &Path, fresh: &Path, old: &Path) -> anyhow::Result<()> {
    remove_if_there(old)?;
    let had_old = std::fs::symlink_metadata(out).is_ok();
    if had_old {
        std::fs::rename(out, old)
            .with_context(|| format!("cannot move `{}` aside", out.display()))?;
    }
    if let Err(err) = std::fs::rename(fresh, out) {
        if had_old {
            let _ = std::fs::rename(old, out);
        }
        let _ = std::fs::remove_dir_all(fresh);
        return Err(err)
            .with_context(|| format!("cannot move the new output to `{}`", out.display()));
    }
    if had_old {
        std::fs::remove_dir_all(old)
            .with_context(|| format!("cannot remove the old output `{}`", old.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_output_never_finished_leaves_the_earlier_one_as_it_was() {
        let dir = tempfile::tempdir().expect("temp dir");
        let out = dir.path().join("output");
        let file = |path: &str, text: &str| OutFile {
            path: path.into(),
            bytes: text.as_bytes().to_vec(),
        };
        write_swap(&out, &[file(MARKER, ""), file("site/a.html", "first")]).expect("first");
        {
            let output = Output::start(&out).expect("start");
            output.put(&file("site/a.html", "second")).expect("put");
            assert!(output.put(&file("../escape.html", "x")).is_err());
            // Dropped here, as when rendering fails half-way.
        }
        assert_eq!(
            std::fs::read_to_string(out.join("site/a.html")).expect("read"),
            "first"
        );
        let left: Vec<String> = std::fs::read_dir(dir.path())
            .expect("list")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(left, ["output"], "no new folder left behind");
    }

    #[test]
    fn a_file_is_the_same_only_if_every_byte_is() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("card.pdf");
        let bytes: Vec<u8> = (0..100_000u32).map(|i| (i % 251) as u8).collect();
        std::fs::write(&path, &bytes).expect("write");
        assert!(same_file_bytes(&path, &bytes));
        let mut last = bytes.clone();
        *last.last_mut().expect("bytes") ^= 1;
        assert!(!same_file_bytes(&path, &last), "the last byte differs");
        let mut first = bytes.clone();
        first[0] ^= 1;
        assert!(!same_file_bytes(&path, &first), "the first byte differs");
        assert!(!same_file_bytes(&path, &bytes[..99_999]), "shorter");
        assert!(
            !same_file_bytes(&dir.path().join("none"), &bytes),
            "no file"
        );
        std::fs::write(&path, b"").expect("write");
        assert!(same_file_bytes(&path, b""));
    }

    #[test]
    fn output_paths_that_leave_the_folder_are_refused() {
        for bad in ["../x", "/etc/passwd", "site/../../x", "", "./x"] {
            assert!(checked_relative(bad).is_err(), "{bad}");
        }
        assert!(checked_relative("site/law-54.html").is_ok());
    }

    #[test]
    fn a_folder_lawcharts_did_not_write_is_not_replaced() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("precious.txt"), "keep").unwrap();
        let err = write_swap(dir.path(), &[]).unwrap_err().to_string();
        assert!(err.contains("is not a lawcharts output folder"), "{err}");
        assert!(dir.path().join("precious.txt").is_file());
    }

    #[test]
    fn a_build_replaces_its_own_earlier_output_whole() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("output");
        let file = |path: &str, text: &str| OutFile::text(path.into(), text.into());
        write_swap(&out, &[file(MARKER, ""), file("site/a.html", "a")]).unwrap();
        write_swap(&out, &[file(MARKER, ""), file("site/b.html", "b")]).unwrap();
        assert!(!out.join("site/a.html").exists());
        assert_eq!(
            std::fs::read_to_string(out.join("site/b.html")).unwrap(),
            "b"
        );
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("output")]);
    }

    #[cfg(unix)]
    #[test]
    fn a_rebuild_links_unchanged_files_and_writes_changed_ones() {
        use std::os::unix::fs::MetadataExt;
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("output");
        let file = |path: &str, text: &str| OutFile::text(path.into(), text.into());
        let inode = |path: &str| std::fs::metadata(out.join(path)).unwrap().ino();
        write_swap(
            &out,
            &[file(MARKER, ""), file("a", "same"), file("b", "old")],
        )
        .unwrap();
        let (a, b) = (inode("a"), inode("b"));
        // A link planted in the output is never carried over as a link.
        std::os::unix::fs::symlink("/etc/hostname", out.join("c")).unwrap();
        let next = [
            file(MARKER, ""),
            file("a", "same"),
            file("b", "new"),
            file("c", "c"),
        ];
        write_swap(&out, &next).unwrap();
        assert_eq!(inode("a"), a, "an unchanged file is linked, not rewritten");
        assert_ne!(inode("b"), b);
        assert_eq!(std::fs::read_to_string(out.join("b")).unwrap(), "new");
        assert!(
            !std::fs::symlink_metadata(out.join("c"))
                .unwrap()
                .is_symlink()
        );
        assert_eq!(std::fs::read_to_string(out.join("c")).unwrap(), "c");
    }
}
