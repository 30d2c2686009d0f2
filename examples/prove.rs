//! Proves that the first player wins an Ô ăn quan game and writes the proof certificate
//! (see `dangian::o_an_quan::Certificate`), then reads it back and verifies it.
//!
//! ```text
//! cargo run --release --example prove -- [CONFIG] [--first-move MOVE] [--minutes M] \
//!     [--table-bits B] [--split PLIES] [--strategy STRATEGY] OUT
//! cargo run --release --example prove -- --first-move a4+ seed_rules.dgcert.gz
//! cargo run --release --example prove -- --expand STRATEGY OUT
//! ```
//!
//! - `CONFIG`: a preset name (`vi_wikipedia`, …) or a JSON config; the default rules if left
//!   out.
//! - `--first-move`: the first player's first move (`a4+`); any winning move if left out.
//! - `--minutes`: give up after this long (default 10).
//! - `--table-bits`: log2 of the prover's table slots, 28 bytes each (default 26).
//! - `--split PLIES`: lay out the first PLIES plies (the first player's moves chosen by the
//!   bots' search), then prove each position reached by a search, on every core
//!   (`ProveOptions::split_plies`); `--minutes` is then the limit of each search.
//! - `--strategy`: also write the compact strategy file (the winner's moves alone, see
//!   `Certificate::to_strategy`); gzip-compressed when the name ends in `.gz`.
//! - `OUT`: the certificate's file; gzip-compressed when the name ends in `.gz`.
//! - `--compact CERTIFICATE STRATEGY`: no search; writes a certificate file's strategy.
//! - `--expand STRATEGY OUT`: no search; plays a strategy file out into its certificate,
//!   writes it to `OUT` and verifies it (the repository keeps its certificates as
//!   strategies: `certificates/o_an_quan/`).
//!
//! Prints the claim, the positions in the certificate, its size raw and compressed, the time
//! to prove and the time to verify. Exits with 1 when nothing was proven.

use std::io::{Read, Write};
use std::time::{Duration, Instant};

use dangian::o_an_quan::{Action, Certificate, Config, ProveOptions};
use dangian::GameConfig;

fn main() {
    match run(std::env::args().skip(1).collect()) {
        Ok(true) => {}
        Ok(false) => std::process::exit(1),
        Err(message) => {
            eprintln!("{message}");
            eprintln!(
                "usage: prove [CONFIG] [--first-move MOVE] [--minutes M] [--table-bits B] [--split PLIES] OUT"
            );
            std::process::exit(2);
        }
    }
}

fn run(args: Vec<String>) -> Result<bool, String> {
    let mut config = Config::default();
    let mut first_move: Option<Action> = None;
    let mut minutes = 10.0f64;
    let mut table_bits = 26u8;
    let mut split_plies = 0u32;
    let mut out: Option<String> = None;
    let mut strategy: Option<String> = None;
    let mut positional = Vec::new();
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--first-move" => {
                let m = it.next().ok_or("--first-move needs a move")?;
                first_move = Some(m.parse().map_err(|e| format!("{e}"))?);
            }
            "--minutes" => {
                let m = it.next().ok_or("--minutes needs a number")?;
                minutes = m.parse().map_err(|_| "--minutes needs a number")?;
            }
            "--strategy" => {
                strategy = Some(it.next().ok_or("--strategy needs a file")?);
            }
            "--expand" => {
                let from = it.next().ok_or("--expand needs a strategy file")?;
                let to = it.next().ok_or("--expand needs an OUT file")?;
                return expand(&from, &to);
            }
            "--compact" => {
                let from = it.next().ok_or("--compact needs a certificate file")?;
                let to = it.next().ok_or("--compact needs a STRATEGY file")?;
                let certificate =
                    Certificate::from_bytes(&read(&from)?).map_err(|e| format!("{from}: {e}"))?;
                let bytes = certificate.to_strategy().map_err(|e| e.to_string())?;
                write(&to, &bytes)?;
                println!("{to}: the strategy of {from}, {} bytes raw", bytes.len());
                return Ok(true);
            }
            "--split" => {
                let m = it.next().ok_or("--split needs a number of plies")?;
                split_plies = m.parse().map_err(|_| "--split needs a number of plies")?;
            }
            "--table-bits" => {
                let m = it.next().ok_or("--table-bits needs a number")?;
                table_bits = m.parse().map_err(|_| "--table-bits needs a number")?;
            }
            _ => positional.push(a),
        }
    }
    match positional.len() {
        1 => out = positional.pop(),
        2 => {
            let text = positional.remove(0);
            config = if text.starts_with('{') {
                Config::from_json(&text).map_err(|e| format!("bad config: {e}"))?
            } else {
                Config::preset(&text).ok_or_else(|| format!("no preset {text:?}"))?
            };
            out = positional.pop();
        }
        _ => {}
    }
    let out = out.ok_or("missing OUT")?;
    let rules = serde_json::to_string(&config).map_err(|e| e.to_string())?;
    let winner = config.first_player;
    println!("rules: {rules}");
    println!(
        "claim: seat {} (the first player) wins{}",
        winner.0,
        first_move.map_or(String::new(), |m| format!(" with first move {m}"))
    );
    let options = ProveOptions {
        winner: Some(winner),
        first_move,
        max_depth: 200,
        table_bits,
        time_limit: Some(Duration::from_secs_f64(minutes * 60.0)),
        split_plies,
        ..ProveOptions::default()
    };
    let started = Instant::now();
    let proof = Certificate::prove(config, &options).map_err(|e| e.to_string())?;
    let prove_time = started.elapsed().as_secs_f64();
    let Some(certificate) = proof.certificate else {
        println!(
            "not proven: {} after {:.1} s, {} positions searched, {} plies deep",
            if proof.timed_out {
                "time is up"
            } else {
                "the search found no win within the depth"
            },
            prove_time,
            proof.nodes,
            proof.depth
        );
        return Ok(false);
    };
    println!(
        "proven: {} plies deep, {} positions searched, {:.1} s to prove",
        proof.depth, proof.nodes, prove_time
    );
    let root_move = dangian::o_an_quan::State::new(config)
        .ok()
        .and_then(|s| certificate.move_for(&s));
    if let Some(m) = root_move {
        println!("first move: {m}");
    }
    let raw = certificate.to_bytes();
    let gz = gzip(&raw)?;
    println!(
        "certificate: {} positions, {} bytes raw, {} bytes gzipped",
        certificate.len(),
        raw.len(),
        gz.len()
    );
    write(&out, &raw)?;
    if let Some(path) = strategy {
        let bytes = certificate.to_strategy().map_err(|e| e.to_string())?;
        println!(
            "strategy: {} bytes raw, {} bytes gzipped",
            bytes.len(),
            gzip(&bytes)?.len()
        );
        write(&path, &bytes)?;
        println!("written: {path}");
    }
    // Read the file back as a checker would, then verify.
    let started = Instant::now();
    let read = Certificate::from_bytes(&read(&out)?).map_err(|e| e.to_string())?;
    let valid = verify(&read, started);
    println!("written: {out}");
    Ok(valid)
}

/// `--expand`: a strategy file played out into its certificate, written and verified.
fn expand(from: &str, to: &str) -> Result<bool, String> {
    let started = Instant::now();
    let certificate =
        Certificate::from_strategy(&read(from)?).map_err(|e| format!("{from}: {e}"))?;
    println!(
        "strategy {from}: seat {} wins; {} positions, played out in {:.1} s",
        certificate.winner().0,
        certificate.len(),
        started.elapsed().as_secs_f64()
    );
    write(to, &certificate.to_bytes())?;
    let started = Instant::now();
    let valid = verify(&certificate, started);
    println!("written: {to}");
    Ok(valid)
}

/// Verifies `certificate` with the engine's rules and prints the verdict and the time since
/// `started`.
fn verify(certificate: &Certificate, started: Instant) -> bool {
    let verdict = certificate.verify();
    println!(
        "verify: {} in {:.1} s",
        match &verdict {
            Ok(()) => "valid".to_owned(),
            Err(e) => format!("FAILED: {e}"),
        },
        started.elapsed().as_secs_f64()
    );
    verdict.is_ok()
}

fn gzip(bytes: &[u8]) -> Result<Vec<u8>, String> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    e.write_all(bytes).map_err(|e| e.to_string())?;
    e.finish().map_err(|e| e.to_string())
}

/// Writes `bytes` to `path`, gzip-compressed when the name ends in `.gz`.
fn write(path: &str, bytes: &[u8]) -> Result<(), String> {
    let bytes = if path.ends_with(".gz") {
        gzip(bytes)?
    } else {
        bytes.to_vec()
    };
    std::fs::write(path, bytes).map_err(|e| format!("{path}: {e}"))
}

/// The bytes of `path`, decompressed when they are gzip.
fn read(path: &str) -> Result<Vec<u8>, String> {
    let file = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    if !file.starts_with(&[0x1f, 0x8b]) {
        return Ok(file);
    }
    let mut v = Vec::new();
    flate2::read::GzDecoder::new(&file[..])
        .read_to_end(&mut v)
        .map_err(|e| format!("{path}: {e}"))?;
    Ok(v)
}
