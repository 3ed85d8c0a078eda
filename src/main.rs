//! The `lawcharts` binary: parse the command line, run, print errors, exit.

use std::process::ExitCode;

fn main() -> ExitCode {
    match lawcharts::run(std::env::args_os()) {
        Ok(code) => code.into(),
        Err(err) => {
            eprintln!("error: {err:#}");
            lawcharts::Exit::Trouble.into()
        }
    }
}
