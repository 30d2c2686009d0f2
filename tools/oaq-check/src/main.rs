//! `oaq-check FILE [FILE…]`: checks Ô ăn quan proof certificates, one line per file.
//!
//! Exit code: 0 when every file is a valid certificate, 1 when one is invalid, 2 when one
//! could not be read or uses rules the checker does not support (the highest code wins).
#![forbid(unsafe_code)]

use std::fs::File;
use std::process::ExitCode;
use std::time::Instant;

use oaq_check::{read_certificate, CheckError};

/// Checks one file and returns its line and its exit code.
fn check_file(path: &str, threads: usize) -> (String, i32) {
    let started = Instant::now();
    let secs = || started.elapsed().as_secs_f64();
    let cert = match File::open(path)
        .map_err(|e| CheckError::Unreadable(e.to_string()))
        .and_then(read_certificate)
    {
        Ok(cert) => cert,
        Err(e) => return (format!("{path}: {e} ({:.2} s)", secs()), e.exit_code()),
    };
    match cert.verify(threads) {
        Ok(report) => (
            format!(
                "{path}: valid: {}; {} positions, {} checked, {:.2} s",
                report.claim,
                report.positions,
                report.checked,
                secs()
            ),
            0,
        ),
        Err(e) => {
            let checked = match &e {
                CheckError::Invalid(f) => f.checked,
                _ => 0,
            };
            (
                format!(
                    "{path}: {e}; the certificate claims: {}; {} positions, {checked} checked, {:.2} s",
                    cert.claim(),
                    cert.len(),
                    secs()
                ),
                e.exit_code(),
            )
        }
    }
}

fn main() -> ExitCode {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() || files.iter().any(|f| f == "-h" || f == "--help") {
        eprintln!("usage: oaq-check FILE [FILE...]");
        eprintln!("Checks Ô ăn quan proof certificates (format 1, gzip-compressed or not).");
        eprintln!(
            "Exit code: 0 all valid, 1 a certificate is invalid, 2 unreadable or unsupported."
        );
        return ExitCode::from(2);
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut code = 0;
    for path in &files {
        let (line, c) = check_file(path, threads);
        println!("{line}");
        code = code.max(c);
    }
    ExitCode::from(code as u8)
}
