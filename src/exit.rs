//! How a command ends and how it prints: below every command module, so that
//! they all share one exit code and one way to write to standard output.

use std::io::Write;

/// How the process ends: 0 ok, 1 charts invalid (or a walk failed), 2 usage or I/O.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Success.
    Ok,
    /// Invalid charts, or differences/failures the command was asked to find.
    Invalid,
    /// Usage or I/O error.
    Trouble,
}

impl From<Exit> for std::process::ExitCode {
    fn from(exit: Exit) -> Self {
        match exit {
            Exit::Ok => 0.into(),
            Exit::Invalid => 1.into(),
            Exit::Trouble => 2.into(),
        }
    }
}

/// Writes a command's output to standard output. Unlike `print!`, which
/// panics when the reader has gone (`lawcharts paths … | head`), a closed
/// pipe comes back as an error that [`is_broken_pipe`] recognises.
pub fn emit(text: &str) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// Whether `err` is standard output's reader going away: the output was
/// cut short on purpose, so the command ends quietly, as `cat` does.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broken_pipe_is_recognised_through_context() {
        let pipe = std::io::Error::from(std::io::ErrorKind::BrokenPipe);
        let err = anyhow::Error::from(pipe).context("cannot write the routes");
        assert!(is_broken_pipe(&err));
        let other = anyhow::Error::from(std::io::Error::from(std::io::ErrorKind::NotFound));
        assert!(!is_broken_pipe(&other));
    }
}
