//! The `lawcharts` binary: parse the command line, run, print errors, exit.

use std::process::ExitCode;

fn main() -> ExitCode {
    match lawcharts::run(std::env::args_os()) {
        Ok(code) => code.into(),
        Err(err) => {
            let message = format!("{err:#}");
            eprintln!("error: {}", lawcharts::diagnostic::printable(&message));
            lawcharts::Exit::Trouble.into()
        }
    }
}
