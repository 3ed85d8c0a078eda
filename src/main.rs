//! The `lawcharts` binary: parse the command line, run, print errors, exit.

use std::process::ExitCode;

/// mimalloc: a build makes and frees millions of small strings and vectors
/// across two threads, and glibc's allocator spent a quarter of its time.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    match lawcharts::run(std::env::args_os()) {
        Ok(code) => code.into(),
        // The reader stopped reading (`lawcharts paths … | head`): not an error.
        Err(err) if lawcharts::exit::is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            let message = format!("{err:#}");
            eprintln!("error: {}", lawcharts::diagnostic::printable(&message));
            lawcharts::Exit::Trouble.into()
        }
    }
}
