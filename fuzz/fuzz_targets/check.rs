//! Load and check: any bytes, as one or more chart files, must give
//! diagnostics (rendered with their carets) or charts, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    lawcharts_fuzz::check(data);
});
