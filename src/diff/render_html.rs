//! Placeholder.
use super::Diff;
pub fn render(_diff: &Diff) -> anyhow::Result<String> {
    Ok(String::new())
}
