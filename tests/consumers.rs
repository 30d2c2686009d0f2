//! The C API's consumers, built and run: each plays a seeded game of every kind and replays
//! the golden vectors in `tests/vectors`, and must print exactly what the Rust engine computes.
//!
//! A consumer needs its tool (gcc, g++, mcs and mono, python3, valgrind); a missing tool is a
//! test failure that names the package to install, never a silent skip.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use dangian::any::AnyGame;
use dangian::{ActionList, GameKind, GameRng, ToMove};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The directory holding the libraries built alongside this test binary.
fn library_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    exe.parent()
        .and_then(Path::parent)
        .expect("target dir")
        .to_path_buf()
}

/// A scratch directory for one consumer's build products.
fn scratch(name: &str) -> PathBuf {
    let dir = library_dir().join("consumers").join(name);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// Run a command; fail the test with its output if it cannot start or fails.
pub fn run(cmd: &mut Command, what: &str, install_hint: &str) -> Output {
    let out = cmd.output().unwrap_or_else(|e| {
        panic!("{what}: cannot run {cmd:?}: {e}. Install it first ({install_hint}).")
    });
    assert!(
        out.status.success(),
        "{what} failed ({}):\n--- stdout\n{}\n--- stderr\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// What every consumer prints for its seeded games: the Rust engine's own results, with the
/// same choice rule (`legal[(move * 7 + 3) % n]`) and chance sampled by `GameRng::new(seed)`.
pub fn expected_game_lines(seed: u64) -> Vec<String> {
    GameKind::ALL
        .iter()
        .map(|&kind| {
            let mut game = AnyGame::new(kind, None, Some(seed)).expect("default config");
            let mut rng = GameRng::new(seed);
            let mut legal = ActionList::new();
            loop {
                let id = match game.to_move() {
                    ToMove::Over => break,
                    ToMove::Chance => game.sample_chance(&mut rng).expect("chance"),
                    ToMove::Seat(_) => {
                        game.legal_actions(&mut legal);
                        let m = game.move_number();
                        legal[((m * 7 + 3) % legal.len() as u32) as usize]
                    }
                };
                game.apply(id, None, None).expect("legal");
            }
            let o = game.outcome().expect("over");
            let join = |v: Vec<String>| v.join(",");
            format!(
                "game {} moves {} hash {:016x} outcome {} scores {} places {}",
                kind.name(),
                game.move_number(),
                game.state_hash(),
                o.reason,
                join(o.scores.iter().map(i32::to_string).collect()),
                join(o.places.iter().map(u8::to_string).collect()),
            )
        })
        .collect()
}

/// The golden vectors as plain record files (what a consumer loads), with the expected final
/// state JSON and hash of each.
pub fn vector_records(dir: &Path) -> Vec<(PathBuf, serde_json::Value, String)> {
    let mut out = Vec::new();
    let mut paths: Vec<_> = std::fs::read_dir(root().join("tests/vectors"))
        .expect("tests/vectors")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 9, "the golden vectors are missing");
    for path in paths {
        let doc: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).expect("read")).expect("JSON");
        let record = doc["record"].to_string();
        let file = dir.join(path.file_name().expect("name"));
        std::fs::write(&file, &record).expect("write record");
        let game = AnyGame::from_record_json(&record).expect("the vector loads in Rust");
        let state: serde_json::Value =
            serde_json::from_str(&game.state_json()).expect("state JSON");
        assert_eq!(
            state,
            doc["final_state"],
            "{}: Rust itself disagrees",
            path.display()
        );
        out.push((
            file,
            doc["final_state"].clone(),
            format!("{:016x}", game.state_hash()),
        ));
    }
    out
}

/// Check a consumer's output: the seeded game lines, then one `vector` line per record.
pub fn check_output(stdout: &str, seed: u64, vectors: &[(PathBuf, serde_json::Value, String)]) {
    let lines: Vec<&str> = stdout.lines().collect();
    let games: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.starts_with("game "))
        .collect();
    assert_eq!(
        games,
        expected_game_lines(seed),
        "seeded games differ from Rust"
    );
    let vector_lines: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.starts_with("vector "))
        .collect();
    assert_eq!(
        vector_lines.len(),
        vectors.len(),
        "one line per vector:\n{stdout}"
    );
    for (line, (file, state, hash)) in vector_lines.iter().zip(vectors) {
        let mut parts = line.splitn(6, ' ');
        let (_, name, _, got_hash, _, json) = (
            parts.next(),
            parts.next().unwrap_or(""),
            parts.next(),
            parts.next().unwrap_or(""),
            parts.next(),
            parts.next().unwrap_or(""),
        );
        assert!(
            file.to_string_lossy()
                .ends_with(name.rsplit('/').next().unwrap_or(name)),
            "vector order: {name} vs {}",
            file.display()
        );
        assert_eq!(got_hash, hash, "{name}: final hash differs");
        let got: serde_json::Value = serde_json::from_str(json).expect("state JSON");
        assert_eq!(&got, state, "{name}: final state differs");
    }
}

#[test]
fn c99_consumer_matches_rust_under_valgrind() {
    let dir = scratch("c");
    let exe = dir.join("dangian_c");
    let lib = library_dir();
    run(
        Command::new("gcc")
            .args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-g"])
            .arg("-I")
            .arg(root().join("include"))
            .arg(root().join("examples/c/main.c"))
            .arg("-L")
            .arg(&lib)
            .arg(format!("-Wl,-rpath,{}", lib.display()))
            .arg("-ldangian")
            .arg("-o")
            .arg(&exe),
        "compiling the C consumer",
        "apt-get install gcc",
    );
    let vectors = vector_records(&dir);
    let valgrind = |args: &[&Path]| {
        let mut cmd = Command::new("valgrind");
        cmd.args([
            "--quiet",
            "--error-exitcode=99",
            "--leak-check=full",
            "--errors-for-leak-kinds=definite,indirect",
        ])
        .arg(&exe)
        .args(args);
        run(
            &mut cmd,
            "the C consumer under valgrind",
            "apt-get install valgrind",
        )
    };
    let out = valgrind(&[]);
    let files: Vec<&Path> = vectors.iter().map(|(p, _, _)| p.as_path()).collect();
    let out2 = valgrind(&files);
    let stdout =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out2.stdout);
    check_output(&stdout, 7, &vectors);
}

#[test]
fn c_consumer_links_statically() {
    let dir = scratch("c_static");
    let exe = dir.join("dangian_c_static");
    let lib = library_dir();
    // The system libraries a static Rust library needs on Linux (`--print native-static-libs`).
    run(
        Command::new("gcc")
            .args(["-std=c99", "-Wall", "-Wextra", "-Werror"])
            .arg("-I")
            .arg(root().join("include"))
            .arg(root().join("examples/c/main.c"))
            .arg(lib.join("libdangian.a"))
            .args([
                "-lgcc_s",
                "-lutil",
                "-lrt",
                "-lpthread",
                "-lm",
                "-ldl",
                "-lc",
            ])
            .arg("-o")
            .arg(&exe),
        "linking the C consumer statically",
        "apt-get install gcc",
    );
    let out = run(&mut Command::new(&exe), "the static C consumer", "");
    check_output(&String::from_utf8_lossy(&out.stdout), 7, &[]);
}
