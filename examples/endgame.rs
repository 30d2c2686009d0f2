//! Builds an Ô ăn quan endgame table and prints its figures; writes it to a file if asked.
//!
//! ```text
//! cargo run --release --example endgame -- [CONFIG] N [OUT]
//! cargo run --release --example endgame -- 10
//! cargo run --release --example endgame -- quan_worth_five 8 table.bin
//! ```
//!
//! - `CONFIG`: a preset name (`quan_worth_five`, …) or a JSON config; the default rules if
//!   left out (an argument that is a number is `N`). The rules must refill by borrowing, with
//!   no repetition limit, a single game and quan captures allowed on the first move.
//! - `N`: the most dân on the board a covered position may have.
//! - `OUT`: a file to write the table to (read back with `EndgameTable::load`).

use dangian::o_an_quan::{Config, EndgameTable};
use dangian::GameConfig;
use std::time::Instant;

fn main() {
    if let Err(message) = run(std::env::args().skip(1).collect()) {
        eprintln!("{message}");
        eprintln!("usage: endgame [CONFIG] N [OUT]");
        std::process::exit(2);
    }
}

fn run(mut args: Vec<String>) -> Result<(), String> {
    let config: Config = match args.first() {
        Some(first) if first.parse::<u8>().is_err() => {
            let text = args.remove(0);
            if text.starts_with('{') {
                Config::from_json(&text).map_err(|e| format!("bad config: {e}"))?
            } else {
                Config::preset(&text).ok_or_else(|| format!("no preset {text:?}"))?
            }
        }
        _ => Config::default(),
    };
    let n: u8 = args
        .first()
        .ok_or("missing N")?
        .parse()
        .map_err(|_| "N is a number of stones".to_owned())?;
    let start = Instant::now();
    let table = EndgameTable::build(&config, n).map_err(|e| e.to_string())?;
    let seconds = start.elapsed().as_secs_f64();
    let s = table.stats();
    println!("stones        {n}");
    println!("entries       {}", s.entries);
    println!("positions     {}", s.positions);
    println!(
        "solved        {} ({:.2}% of positions)",
        s.solved,
        100.0 * s.solved as f64 / s.positions.max(1) as f64
    );
    println!("max depth     {}", s.max_depth);
    println!("passes        {}", s.passes);
    println!("links         {}", s.links);
    println!("build time    {seconds:.2} s");
    println!("bytes         {}", s.bytes);
    println!("margins (future margin of the player to move: positions)");
    for (v, count) in &s.values {
        println!("  {v:>4}: {count}");
    }
    if let Some(path) = args.get(1) {
        let bytes = table.to_bytes();
        std::fs::write(path, &bytes).map_err(|e| format!("{path}: {e}"))?;
        println!("wrote {} bytes to {path}", bytes.len());
    }
    Ok(())
}
