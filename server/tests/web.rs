//! The server serves the web demo's files (`--web DIR`): the page at `/demo/`, the package it
//! imports at `/dist/`, `/` sends to the page, nothing else of the directory is served, and
//! the API answers beside them.

mod common;

use std::net::SocketAddr;

use dangian_server::Settings;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// One GET: the status, the head (lower case) and the body.
async fn get(addr: SocketAddr, path: &str) -> (u16, String, String) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    tokio::time::timeout(common::PATIENCE, stream.read_to_end(&mut response))
        .await
        .expect("an HTTP answer in time")
        .unwrap();
    let response = String::from_utf8_lossy(&response).into_owned();
    let (head, body) = response.split_once("\r\n\r\n").expect("an HTTP response");
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, head.to_ascii_lowercase(), body.to_owned())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_demo_is_served_beside_the_api() {
    let data = tempfile::tempdir().unwrap();
    let web = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(web.path().join("demo")).unwrap();
    std::fs::create_dir_all(web.path().join("dist/wasm")).unwrap();
    std::fs::write(web.path().join("demo/index.html"), "<!doctype html>demo").unwrap();
    std::fs::write(web.path().join("demo/app.js"), "export {};").unwrap();
    std::fs::write(web.path().join("dist/index.js"), "export const x = 1;").unwrap();
    std::fs::write(web.path().join("dist/wasm/e.wasm"), b"\0asm\x01\0\0\0").unwrap();
    std::fs::write(web.path().join("secret.txt"), "not served").unwrap();
    assert!(dangian_server::web_dir_ready(web.path()));

    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let settings = Settings {
        data_dir: data.path().to_path_buf(),
        web_dir: Some(web.path().to_path_buf()),
        ..Settings::default()
    };
    assert!(dangian_server::web_line(&settings, addr).contains(&format!("http://{addr}/demo/")));
    tokio::spawn(async move { dangian_server::serve(listener, settings).await.unwrap() });

    let (status, head, body) = get(addr, "/demo/").await;
    assert_eq!(status, 200, "{head}");
    assert!(head.contains("content-type: text/html"), "{head}");
    assert_eq!(body, "<!doctype html>demo");
    let (status, head, _) = get(addr, "/demo/app.js").await;
    assert_eq!(status, 200);
    assert!(head.contains("javascript"), "{head}");
    let (status, _, body) = get(addr, "/dist/index.js").await;
    assert_eq!((status, body.as_str()), (200, "export const x = 1;"));
    let (status, head, _) = get(addr, "/dist/wasm/e.wasm").await;
    assert_eq!(status, 200);
    assert!(head.contains("content-type: application/wasm"), "{head}");
    for (path, to) in [
        ("/", "/demo/"),
        ("/demo", "/demo/"),
        ("/?lang=en", "/demo/?lang=en"),
    ] {
        let (status, head, _) = get(addr, path).await;
        assert!((300..400).contains(&status), "{path}: {status}");
        assert!(head.contains(&format!("location: {to}\r\n")), "{head}");
    }
    for path in [
        "/secret.txt",
        "/demo/../secret.txt",
        "/demo/%2e%2e/secret.txt",
        "/dist/..%2fsecret.txt",
        "/demo/missing.js",
    ] {
        let (status, _, body) = get(addr, path).await;
        assert_eq!(status, 404, "{path}");
        assert!(!body.contains("not served"), "{path}");
    }
    // The API beside the files.
    let (status, _, body) = get(addr, "/tables/none").await;
    assert_eq!(status, 404);
    assert!(body.contains("no_table"), "{body}");
}

#[test]
fn without_a_web_dir_the_line_says_so() {
    let settings = Settings {
        web_dir: None,
        ..Settings::default()
    };
    let line = dangian_server::web_line(&settings, "127.0.0.1:1".parse().unwrap());
    assert!(line.starts_with("no web demo"), "{line}");
    let (_, parsed) =
        dangian_server::parse_args(["--web".to_string(), "/nowhere".to_string()]).unwrap();
    assert_eq!(
        parsed.web_dir.as_deref(),
        Some(std::path::Path::new("/nowhere"))
    );
    let line = dangian_server::web_line(&parsed, "127.0.0.1:1".parse().unwrap());
    assert!(line.contains("/nowhere"), "{line}");
    let (_, parsed) = dangian_server::parse_args(["--no-web".to_string()]).unwrap();
    assert!(parsed.web_dir.is_none());
}
