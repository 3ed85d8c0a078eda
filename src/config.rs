//! The optional `lawcharts.toml` read by `build`, `render` and `serve`: the
//! site's title, club, base URL, law-text URL template, edition and date,
//! each with a default, so a fresh checkout builds with no config at all.

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use serde::Deserialize;

use crate::lawbook::{self, Clause};

/// The file looked for in the current folder when no `--config` is given.
pub const DEFAULT_FILE: &str = "lawcharts.toml";

/// Where clause links go unless the config says otherwise: the 2017 Laws in
/// English, one page per law.
pub const DEFAULT_LAW_URL: &str = "https://www.pzbs.pl/sedziowie/mpb/2017/en/l{law}.html";

/// The file as written; every key optional, unknown keys refused.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    title: Option<String>,
    club: Option<String>,
    base_url: Option<String>,
    law_url: Option<String>,
    edition: Option<u32>,
    date: Option<String>,
}

/// The site settings, defaults filled in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The site's name, on every page.
    pub title: String,
    /// The club or body publishing the charts.
    pub club: Option<String>,
    /// Where the site will live (`https://club.example/charts/`), for
    /// canonical links; every link inside the site stays relative.
    pub base_url: Option<String>,
    /// The law-text link: `{law}` becomes the law number, `{clause}` the clause.
    pub law_url: String,
    /// The Laws edition charts default to.
    pub edition: u32,
    /// The date in the footer (`YYYY-MM-DD`), if set.
    pub date: Option<String>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            title: "Laws of Duplicate Bridge: decision charts".into(),
            club: None,
            base_url: None,
            law_url: DEFAULT_LAW_URL.into(),
            edition: lawbook::EDITION,
            date: None,
        }
    }
}

impl Config {
    /// Reads `path` if given (it must exist), else `lawcharts.toml` in the
    /// current folder if there is one, else the defaults.
    pub fn load(path: Option<&Path>) -> anyhow::Result<Config> {
        let path = match path {
            Some(p) => p.to_path_buf(),
            None if Path::new(DEFAULT_FILE).is_file() => PathBuf::from(DEFAULT_FILE),
            None => return Ok(Config::default()),
        };
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read `{}`", path.display()))?;
        Config::parse(&text).with_context(|| format!("in `{}`", path.display()))
    }

    /// Parses and checks the text of a config file.
    pub fn parse(text: &str) -> anyhow::Result<Config> {
        let raw: RawConfig =
            toml::from_str(text).map_err(|e| anyhow::anyhow!("{}", e.message()))?;
        let default = Config::default();
        let config = Config {
            title: raw.title.unwrap_or(default.title),
            club: raw.club.filter(|c| !c.trim().is_empty()),
            base_url: raw.base_url.map(with_slash),
            law_url: raw.law_url.unwrap_or(default.law_url),
            edition: raw.edition.unwrap_or(default.edition),
            date: raw.date,
        };
        config.validate()?;
        Ok(config)
    }

    fn validate(&self) -> anyhow::Result<()> {
        if let Some(url) = self.base_url.as_ref().filter(|u| !is_web_url(u)) {
            bail!("`base_url` must start with http:// or https://, not `{url}`");
        }
        if !is_web_url(&self.law_url) {
            bail!("`law_url` must start with http:// or https://");
        }
        if !self.law_url.contains("{law}") && !self.law_url.contains("{clause}") {
            bail!("`law_url` must contain `{{law}}` or `{{clause}}`");
        }
        if self.edition != lawbook::EDITION {
            bail!(
                "`edition` {} is not one lawcharts has an index for (only {})",
                self.edition,
                lawbook::EDITION
            );
        }
        if let Some(date) = self.date.as_ref().filter(|d| !is_iso_date(d)) {
            bail!("`date` must be written YYYY-MM-DD, not `{date}`");
        }
        Ok(())
    }

    /// The link to the text of `clause` in the Laws of `edition`.
    pub fn law_link(&self, clause: &Clause, edition: u32) -> String {
        self.law_url
            .replace("{law}", &clause.law.to_string())
            .replace("{clause}", &clause.to_string())
            .replace("{edition}", &edition.to_string())
    }

    /// The date for the footer: the config's, else `SOURCE_DATE_EPOCH`'s,
    /// else the date of the newest commit touching `trees` (never the
    /// clock, so the same charts give the same bytes).
    pub fn footer_date(&self, trees: &Path) -> Option<String> {
        self.date
            .clone()
            .or_else(source_date_epoch)
            .or_else(|| crate::gitdate::date(trees).filter(|d| is_iso_date(d)))
    }
}

fn with_slash(url: String) -> String {
    if url.ends_with('/') { url } else { url + "/" }
}

fn is_web_url(url: &str) -> bool {
    let lower = url.to_ascii_lowercase();
    (lower.starts_with("https://") || lower.starts_with("http://"))
        && !url
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || c == '"')
}

pub(crate) fn is_iso_date(date: &str) -> bool {
    let parts: Vec<&str> = date.split('-').collect();
    let ok = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    parts.len() == 3 && ok(parts[0], 4) && ok(parts[1], 2) && ok(parts[2], 2)
}

fn source_date_epoch() -> Option<String> {
    let secs: i64 = std::env::var("SOURCE_DATE_EPOCH")
        .ok()?
        .trim()
        .parse()
        .ok()?;
    Some(date_of_epoch(secs))
}

/// `YYYY-MM-DD` (UTC) of a Unix time.
pub fn date_of_epoch(secs: i64) -> String {
    // Howard Hinnant's civil_from_days.
    let z = secs.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_config_means_the_defaults() {
        assert_eq!(Config::parse("").unwrap(), Config::default());
    }

    #[test]
    fn every_key_is_read() {
        let config = Config::parse(
            "title = \"Charts\"\nclub = \"Ponsonby BC\"\nbase_url = \"https://club.example/charts\"\n\
             law_url = \"https://laws.example/{clause}\"\nedition = 2017\ndate = \"2025-03-01\"\n",
        )
        .unwrap();
        assert_eq!(config.title, "Charts");
        assert_eq!(config.club.as_deref(), Some("Ponsonby BC"));
        assert_eq!(
            config.base_url.as_deref(),
            Some("https://club.example/charts/")
        );
        let clause = lawbook::parse_clause("27B1(a)").unwrap();
        assert_eq!(
            config.law_link(&clause, 2017),
            "https://laws.example/27B1(a)"
        );
        assert_eq!(config.date.as_deref(), Some("2025-03-01"));
    }

    #[test]
    fn an_unknown_key_is_refused_by_name() {
        let err = Config::parse("titel = \"x\"\n").unwrap_err().to_string();
        assert!(err.contains("unknown field `titel`"), "{err}");
    }

    #[test]
    fn a_law_url_that_is_not_a_web_link_is_refused() {
        let err = Config::parse("law_url = \"javascript:alert('{law}')\"\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "`law_url` must start with http:// or https://"
        );
        let err = Config::parse("law_url = \"https://x.example/\"\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "`law_url` must contain `{law}` or `{clause}`"
        );
    }

    #[test]
    fn another_edition_or_a_bad_date_is_refused() {
        let err = Config::parse("edition = 2007\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "`edition` 2007 is not one lawcharts has an index for (only 2017)"
        );
        let err = Config::parse("date = \"1 March\"\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "`date` must be written YYYY-MM-DD, not `1 March`"
        );
    }

    #[test]
    fn epoch_seconds_become_a_utc_date() {
        assert_eq!(date_of_epoch(0), "1970-01-01");
        assert_eq!(date_of_epoch(951_782_400), "2000-02-29");
        assert_eq!(date_of_epoch(1_735_689_599), "2024-12-31");
    }
}
