//! `dangian-server [--addr 127.0.0.1:8080] [--data ./data | --database postgres://…]
//! [--web DIR]`: the reference game server, and the web demo's files when the web package is
//! built.
#![forbid(unsafe_code)]

use std::io::Write;
use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    let (addr, settings) = match dangian_server::parse_args(std::env::args().skip(1)) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let listener = match tokio::net::TcpListener::bind(addr).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("cannot listen on {addr}: {e}");
            return ExitCode::FAILURE;
        }
    };
    match listener.local_addr() {
        Ok(a) => {
            println!("listening on {a}");
            // A reader of the first line only (a test, a script) may have gone: no panic.
            let _ = writeln!(
                std::io::stdout(),
                "{}",
                dangian_server::web_line(&settings, a)
            );
        }
        Err(e) => eprintln!("listening (address unknown: {e})"),
    }
    match dangian_server::serve(listener, settings).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dangian-server: {e}");
            ExitCode::FAILURE
        }
    }
}
