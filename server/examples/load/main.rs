//! A load test of the server: many tables at once, each seat a WebSocket connection playing
//! random legal actions as fast as the server answers; a table whose game ends is replaced
//! by a new one, so the load is steady.
//!
//! ```sh
//! cargo run --release -p dangian-server --example load -- --tables 100 --seconds 20 --game ca_ngua
//! ```
//!
//! Options: `--tables N` (10), `--seconds S` (10), `--game o_an_quan|ca_ngua|domino`
//! (`o_an_quan`), `--bot easy|medium|hard` (seat 1 played by a server bot), `--seed N`,
//! `--data DIR` (the database folder of the server started in process; a temporary folder
//! by default), `--url http://HOST:PORT` (load a running server instead: start it with
//! `--flood-rate` and `--flood-burst` high enough), `--server-pid PID` (with `--url`: read
//! that process's memory and CPU time, on the same machine).
//!
//! It prints the tables and connections, the actions acknowledged per second, the
//! percentiles of an action's round trip (`act` sent, its `update` received), the process's
//! memory per table (resident set before and after creating the tables, and after connecting
//! their seats), and the CPU time per action applied (chance and bots included). With the
//! server in process the memory and the CPU time include the clients' side.

mod tool;

use std::process::ExitCode;

fn parse(args: impl IntoIterator<Item = String>) -> Result<tool::Options, String> {
    let mut o = tool::Options::default();
    let mut args = args.into_iter();
    while let Some(a) = args.next() {
        let mut value = || args.next().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--tables" => o.tables = value()?.parse().map_err(|e| format!("--tables: {e}"))?,
            "--seconds" => o.seconds = value()?.parse().map_err(|e| format!("--seconds: {e}"))?,
            "--game" => o.game = value()?,
            "--bot" => o.bot = Some(value()?),
            "--seed" => o.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--data" => o.data = Some(value()?.into()),
            "--server-pid" => {
                o.server_pid = Some(value()?.parse().map_err(|e| format!("--server-pid: {e}"))?)
            }
            "--url" => {
                let url = value()?;
                let host = url
                    .trim_start_matches("http://")
                    .trim_start_matches("ws://")
                    .trim_end_matches('/');
                o.addr = Some(host.parse().map_err(|e| format!("--url {url}: {e}"))?);
            }
            "-h" | "--help" => {
                return Err("usage: load [--tables 10] [--seconds 10] [--game o_an_quan] \
                     [--bot LEVEL] [--seed 1] [--data DIR] [--url http://HOST:PORT [--server-pid PID]]"
                    .into())
            }
            other => return Err(format!("unknown argument {other:?} (see --help)")),
        }
    }
    if o.tables == 0 || o.seconds.is_nan() || o.seconds <= 0.0 {
        return Err("--tables and --seconds must be positive".into());
    }
    Ok(o)
}

#[tokio::main]
async fn main() -> ExitCode {
    let options = match parse(std::env::args().skip(1)) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    match tool::run(&options).await {
        Ok(report) => {
            print!("{}", report.text(&options.game, options.bot.as_deref()));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("load: {e}");
            ExitCode::FAILURE
        }
    }
}
