//! Proves that the first player wins an Ô ăn quan game and writes the proof certificate
//! (see `dangian::o_an_quan::Certificate`), then reads it back and verifies it.
//!
//! ```text
//! cargo run --release --example prove -- [CONFIG] [--first-move MOVE] [--minutes M] OUT
//! cargo run --release --example prove -- --first-move a4+ seed_rules.dgcert.gz
//! ```
//!
//! - `CONFIG`: a preset name (`vi_wikipedia`, …) or a JSON config; the default rules if left
//!   out.
//! - `--first-move`: the first player's first move (`a4+`); any winning move if left out.
//! - `--minutes`: give up after this long (default 10).
//! - `--table-bits`: log2 of the prover's table slots, 28 bytes each (default 26).
//! - `OUT`: the certificate's file; gzip-compressed when the name ends in `.gz`.
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
                "usage: prove [CONFIG] [--first-move MOVE] [--minutes M] [--table-bits B] OUT"
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
    let mut out: Option<String> = None;
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
                serde_json::from_str(&text).map_err(|e| format!("bad config: {e}"))?
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
    let gz = {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        e.write_all(&raw).map_err(|e| e.to_string())?;
        e.finish().map_err(|e| e.to_string())?
    };
    println!(
        "certificate: {} positions, {} bytes raw, {} bytes gzipped",
        certificate.len(),
        raw.len(),
        gz.len()
    );
    let bytes = if out.ends_with(".gz") { &gz } else { &raw };
    std::fs::write(&out, bytes).map_err(|e| format!("{out}: {e}"))?;
    // Read the file back as a checker would, then verify.
    let started = Instant::now();
    let file = std::fs::read(&out).map_err(|e| format!("{out}: {e}"))?;
    let plain = if file.starts_with(&[0x1f, 0x8b]) {
        let mut v = Vec::new();
        flate2::read::GzDecoder::new(&file[..])
            .read_to_end(&mut v)
            .map_err(|e| e.to_string())?;
        v
    } else {
        file
    };
    let read = Certificate::from_bytes(&plain).map_err(|e| e.to_string())?;
    let verdict = read.verify();
    println!(
        "verify: {} in {:.1} s",
        match &verdict {
            Ok(()) => "valid".to_owned(),
            Err(e) => format!("FAILED: {e}"),
        },
        started.elapsed().as_secs_f64()
    );
    println!("written: {out}");
    Ok(verdict.is_ok())
}
