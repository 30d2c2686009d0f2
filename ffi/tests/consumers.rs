//! The C API's consumers, built and run: each plays a seeded game of every kind and replays
//! the golden vectors in `tests/vectors`, and must print exactly what the Rust engine computes.
//!
//! Each consumer is built against the library as `ffi/install.sh` installs it (header,
//! `libdangian.so.<ABI>`, `libdangian.a`, `dangian.pc`, the CMake package). A consumer needs its
//! tools (gcc, g++, pkg-config, cmake, binutils, mcs, mono and nunit-console, valgrind, emcc): a
//! missing one skips the test with one line saying how to install it, or fails it under
//! `DANGIAN_REQUIRE_CONSUMERS=1` (CI).

// SAFETY (every `unsafe` block of this file): the block calls the C ABI with pointers that
// are NULL or valid for what the header says (live handles, writable out-parameters, buffers
// of the given capacity), which is the whole of its contract; the tests pass NULLs and bad
// lengths on purpose, which the library checks.
#![allow(clippy::undocumented_unsafe_blocks)]

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{have_tools, installed_prefix, repo_root, run, say_skipped, scratch};
use dangian::any::AnyGame;
use dangian::bot::Level;
use dangian::describe::Lang;
use dangian::{ActionList, GameKind, GameRng, ToMove};
use dangian_ffi::*;

fn root() -> &'static Path {
    common::ffi_dir()
}

/// What every consumer prints for its seeded games: the Rust engine's own results, with the
/// same choice rule (`legal[(move * 7 + 3) % n]`) and chance sampled by `GameRng::new(seed)`.
pub fn expected_game_lines(seed: u64) -> Vec<String> {
    GameKind::ALL
        .iter()
        .map(|&kind| {
            let mut game = AnyGame::new(kind, "").expect("default config");
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
                game.apply(id).expect("legal");
            }
            let o = game.outcome().expect("over");
            let join = |v: Vec<String>| v.join(",");
            format!(
                "game {} moves {} hash {:016x} outcome {} scores {} places {}",
                kind.name(),
                game.move_number(),
                game.state_hash(),
                o.reason,
                join(
                    o.scores[..usize::from(o.seats)]
                        .iter()
                        .map(i32::to_string)
                        .collect()
                ),
                join(
                    o.places[..usize::from(o.seats)]
                        .iter()
                        .map(u8::to_string)
                        .collect()
                ),
            )
        })
        .collect()
}

fn list<T: ToString>(name: &str, v: &[T]) -> String {
    let items: Vec<String> = v.iter().map(T::to_string).collect();
    format!(" {name} {}", items.join(","))
}

/// Every field of a board snapshot, as the consumers print it.
fn board_line(game: *const DgGame, kind: GameKind) -> String {
    match kind {
        GameKind::OAnQuan => {
            let mut b = DgOAnQuanBoard::default();
            assert_eq!(unsafe { dg_o_an_quan_board(game, &mut b) }, DgStatus::Ok);
            format!(
                "board o_an_quan{}{}{}{}{}{} to_move {} ply {}",
                list("dan", &b.dan),
                list("big_on_board", &b.big_on_board),
                list("big_captured_by", &b.big_captured_by),
                list("captured_dan", &b.captured_dan),
                list("captured_quan", &b.captured_quan),
                list("scores", &b.scores),
                b.to_move,
                b.ply
            )
        }
        GameKind::CaNgua => {
            let mut b = DgCaNguaBoard::default();
            assert_eq!(unsafe { dg_ca_ngua_board(game, &mut b) }, DgStatus::Ok);
            format!(
                "board ca_ngua track_len {}{}{} colour_to_move {} to_move {}{} tries_left {}{}",
                b.track_len,
                list("owner", &b.owner),
                list("progress", b.progress.as_flattened()),
                b.colour_to_move,
                b.to_move,
                list("dice", &b.dice),
                b.tries_left,
                list("kicks", b.kicks.as_flattened()),
            )
        }
        GameKind::Domino => {
            let mut b = std::mem::MaybeUninit::<DgDominoBoard>::zeroed();
            assert_eq!(
                unsafe { dg_domino_board(game, 0, b.as_mut_ptr()) },
                DgStatus::Ok
            );
            let b = unsafe { b.assume_init() };
            let line: Vec<String> = b.line[..b.line_len as usize]
                .iter()
                .map(|p| format!("{}:{}", p.left, p.right))
                .collect();
            format!(
                "board domino seat {} players {} round {} phase {} to_move {} hand_mask {}{} \
                 boneyard {} drawable {}{} line_len {} line {}{}",
                b.seat,
                b.players,
                b.round,
                b.phase,
                b.to_move,
                b.hand_mask,
                list("hand_counts", &b.hand_counts),
                b.boneyard,
                b.drawable,
                list("ends", &b.ends),
                b.line_len,
                if line.is_empty() {
                    "-".to_owned()
                } else {
                    line.join(",")
                },
                list("scores", &b.scores),
            )
        }
    }
}

/// The board line of each kind at the end of its seeded game, played through the C ABI from
/// Rust with the consumers' choice rule and the handle's own RNG.
pub fn expected_board_lines(seed: u64) -> Vec<String> {
    GameKind::ALL
        .iter()
        .map(|&kind| {
            let mut game = std::ptr::null_mut();
            let st = unsafe { dg_game_new(kind as u32, std::ptr::null(), 0, seed, &mut game) };
            assert_eq!(st, DgStatus::Ok);
            loop {
                let mut to_move = 0;
                assert_eq!(unsafe { dg_game_to_move(game, &mut to_move) }, DgStatus::Ok);
                if to_move == DG_TO_MOVE_OVER {
                    break;
                }
                if to_move == DG_TO_MOVE_CHANCE {
                    assert_eq!(unsafe { dg_game_play_chance(game, &mut 0) }, DgStatus::Ok);
                    continue;
                }
                let (mut ids, mut n, mut m) = ([0u32; DG_MAX_ACTIONS], 0, 0);
                unsafe {
                    assert_eq!(
                        dg_game_legal_actions(game, ids.as_mut_ptr(), ids.len(), &mut n),
                        DgStatus::Ok
                    );
                    assert_eq!(dg_game_move_number(game, &mut m), DgStatus::Ok);
                    let id = ids[((m * 7 + 3) as usize) % n];
                    assert_eq!(dg_game_apply(game, id), DgStatus::Ok);
                }
            }
            let line = board_line(game, kind);
            unsafe { dg_game_free(game) };
            line
        })
        .collect()
}

/// The golden vector files, in name order.
fn vector_files() -> Vec<PathBuf> {
    let mut paths: Vec<_> = std::fs::read_dir(repo_root().join("tests/vectors"))
        .expect("tests/vectors")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 9, "the golden vectors are missing");
    paths
}

/// The golden vector files (a consumer loads them as they are: `dg_game_load` reads the
/// record inside), with the expected final state JSON and hash of each.
pub fn vector_records(_dir: &Path) -> Vec<(PathBuf, serde_json::Value, String)> {
    let mut out = Vec::new();
    for path in vector_files() {
        let text = std::fs::read_to_string(&path).expect("read");
        let doc: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        let file = path.clone();
        let game = AnyGame::from_record_json(&text).expect("the vector loads in Rust");
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

/// Check a consumer's output: the seeded game lines and the board snapshot of each game's end
/// (every field), then one `vector` line per record.
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
    let boards: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.starts_with("board "))
        .collect();
    assert_eq!(
        boards,
        expected_board_lines(seed),
        "board snapshots differ from Rust"
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

/// The system libraries a program linking `libdangian.a` needs on Linux: exactly what
/// `cargo rustc --release --lib --crate-type staticlib -- --print native-static-libs` prints
/// (`docs/c.md` quotes the same line, and a test below holds them together).
const NATIVE_STATIC_LIBS: &str = "-lgcc_s -lutil -lrt -lpthread -lm -ldl -lc";

/// Run a consumer twice, as `command(&[])` (the seeded games and its error paths) and as
/// `command(record files)` (the golden vectors), and check everything it printed.
fn check_consumer(name: &str, dir: &Path, command: impl Fn(&[&Path]) -> Command) {
    check_consumer_with_bots(name, dir, false, command)
}

/// As `check_consumer`; with `bots`, the consumer must also print the bots' first choices
/// (`bot <kind> level <n> action <id>`), equal to the Rust bots'.
fn check_consumer_with_bots(
    name: &str,
    dir: &Path,
    bots: bool,
    command: impl Fn(&[&Path]) -> Command,
) {
    let vectors = vector_records(dir);
    let files: Vec<&Path> = vectors.iter().map(|(p, _, _)| p.as_path()).collect();
    let games = run(&mut command(&[]), name);
    let replays = run(&mut command(&files), name);
    let stdout = String::from_utf8_lossy(&games.stdout).to_string()
        + &String::from_utf8_lossy(&replays.stdout);
    check_output(&stdout, 7, &vectors);
    if bots {
        let got: Vec<&str> = stdout.lines().filter(|l| l.starts_with("bot ")).collect();
        assert_eq!(
            got,
            expected_bot_lines(7),
            "{name}: bot choices differ from Rust"
        );
    }
}

/// The Rust bots' choices at each level for the first decision of each game (chance sampled
/// with `GameRng::new(seed)`, bots seeded with 1).
fn expected_bot_lines(seed: u64) -> Vec<String> {
    let mut lines = Vec::new();
    for kind in GameKind::ALL {
        let mut game = AnyGame::new(kind, "").expect("default config");
        let mut rng = GameRng::new(seed);
        while game.to_move() == ToMove::Chance {
            let id = game.sample_chance(&mut rng).expect("chance");
            game.apply(id).expect("legal");
        }
        let seat = game.seat_to_move().expect("a seat is to move");
        for level in [Level::Easy, Level::Medium, Level::Hard] {
            let best = game
                .bot_choose(u32::from(seat.0), level, 1)
                .expect("a choice");
            lines.push(format!(
                "bot {} level {} action {best}",
                kind.name(),
                level as u32
            ));
        }
    }
    lines
}

/// Memcheck flags: any memory error, or any block still allocated at exit (leaked or still
/// reachable), fails the run.
const VALGRIND: [&str; 5] = [
    "--quiet",
    "--error-exitcode=99",
    "--leak-check=full",
    "--show-leak-kinds=all",
    "--errors-for-leak-kinds=all",
];

/// `pkg-config` output for the installed library (`--static` for a static link).
fn pkg_config(args: &[&str]) -> Vec<String> {
    let out = run(
        Command::new("pkg-config")
            .env("PKG_CONFIG_PATH", installed_prefix().join("lib/pkgconfig"))
            .args(args)
            .arg("dangian"),
        "pkg-config",
    );
    String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .map(str::to_owned)
        .collect()
}

fn lib_dir() -> PathBuf {
    installed_prefix().join("lib")
}

#[test]
fn c99_consumer_matches_rust_under_valgrind() {
    let tools = [
        ("gcc", "apt-get install gcc"),
        ("pkg-config", "apt-get install pkg-config"),
        ("valgrind", "apt-get install valgrind"),
    ];
    if !have_tools("the C consumer", &tools) {
        return;
    }
    let dir = scratch("c");
    let exe = dir.join("dangian_c");
    // Built as docs/c.md says: the flags come from pkg-config.
    run(
        Command::new("gcc")
            .args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-g"])
            .arg(root().join("examples/c/main.c"))
            .args(pkg_config(&["--cflags", "--libs"]))
            .arg(format!("-Wl,-rpath,{}", lib_dir().display()))
            .arg("-o")
            .arg(&exe),
        "compiling the C consumer",
    );
    check_consumer("the C consumer under valgrind", &dir, |files| {
        let mut cmd = Command::new("valgrind");
        cmd.args(VALGRIND).arg(&exe).args(files);
        cmd
    });
}

#[test]
fn c_consumer_links_statically() {
    let tools = [
        ("gcc", "apt-get install gcc"),
        ("pkg-config", "apt-get install pkg-config"),
        ("ldd", "apt-get install libc-bin"),
    ];
    if !have_tools("the static C consumer", &tools) {
        return;
    }
    let dir = scratch("c_static");
    let exe = dir.join("dangian_c_static");
    let mut flags = pkg_config(&["--cflags"]);
    flags.push(lib_dir().join("libdangian.a").display().to_string());
    flags.extend(NATIVE_STATIC_LIBS.split_whitespace().map(str::to_owned));
    run(
        Command::new("gcc")
            .args(["-std=c99", "-Wall", "-Wextra", "-Werror"])
            .arg(root().join("examples/c/main.c"))
            .args(&flags)
            .arg("-o")
            .arg(&exe),
        "linking the C consumer statically",
    );
    // pkg-config --static gives the same system libraries.
    let private = pkg_config(&["--static", "--libs"]);
    for lib in NATIVE_STATIC_LIBS.split_whitespace() {
        assert!(private.iter().any(|f| f == lib), "dangian.pc lacks {lib}");
    }
    // No libdangian.so is needed at run time.
    let ldd = run(Command::new("ldd").arg(&exe), "ldd");
    assert!(
        !String::from_utf8_lossy(&ldd.stdout).contains("libdangian"),
        "the static consumer still needs libdangian.so"
    );
    check_consumer("the static C consumer", &dir, |files| {
        let mut cmd = Command::new(&exe);
        cmd.args(files);
        cmd
    });
}

#[test]
fn shared_library_is_named_by_its_abi_version() {
    if !have_tools(
        "the SONAME check",
        &[("readelf", "apt-get install binutils")],
    ) {
        return;
    }
    let so = format!("libdangian.so.{DANGIAN_ABI_VERSION}");
    assert!(lib_dir().join(&so).is_file(), "{so} is not installed");
    let out = run(
        Command::new("readelf").arg("-d").arg(lib_dir().join(&so)),
        "readelf",
    );
    let dynamic = String::from_utf8_lossy(&out.stdout);
    assert!(
        dynamic.contains(&format!("Library soname: [{so}]")),
        "the SONAME is not {so}:\n{dynamic}"
    );
}

/// A page of the documentation (`README.md`, `docs/c.md`, …).
fn page(name: &str) -> String {
    std::fs::read_to_string(repo_root().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The code blocks of `text` in language `lang` (```` ```lang ```` fences).
fn code_blocks(text: &str, lang: &str) -> Vec<String> {
    let fence = format!("```{lang}\n");
    text.split(&fence)
        .skip(1)
        .filter_map(|s| s.split("```").next())
        .map(str::to_owned)
        .collect()
}

#[test]
fn c_guide_gives_the_static_link_flags() {
    assert!(
        page("docs/c.md").contains(NATIVE_STATIC_LIBS),
        "docs/c.md should give the static link flags `{NATIVE_STATIC_LIBS}`"
    );
}

/// The C programs of `docs/c.md` and of the README, each built against the installed library
/// as the guide says (pkg-config) and run: each must succeed, print, and say nothing on stderr.
#[test]
fn c_guide_programs_run_cleanly() {
    let tools = [
        ("gcc", "apt-get install gcc"),
        ("pkg-config", "apt-get install pkg-config"),
    ];
    if !have_tools("the C programs of docs/c.md and README.md", &tools) {
        return;
    }
    let dir = scratch("guide_c");
    let mut built = 0;
    for name in ["docs/c.md", "README.md"] {
        let programs = code_blocks(&page(name), "c");
        assert!(!programs.is_empty(), "{name} has no ```c block");
        for (i, program) in programs.iter().enumerate() {
            let what = format!("{name}'s C program {}", i + 1);
            let source = dir.join(format!("{}_{i}.c", name.replace(['/', '.'], "_")));
            std::fs::write(&source, program).expect("write the program");
            let exe = source.with_extension("");
            run(
                Command::new("gcc")
                    .args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic"])
                    .arg(&source)
                    .args(pkg_config(&["--cflags", "--libs"]))
                    .arg(format!("-Wl,-rpath,{}", lib_dir().display()))
                    .arg("-o")
                    .arg(&exe),
                &format!("compiling {what}"),
            );
            let out = run(&mut Command::new(&exe), &what);
            assert!(
                out.stderr.is_empty() && !out.stdout.is_empty(),
                "{what} printed {:?} and on stderr {:?}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            built += 1;
        }
    }
    assert!(built >= 2);
}

#[test]
fn cpp_consumer_matches_rust_under_valgrind() {
    let tools = [
        ("g++", "apt-get install g++"),
        ("pkg-config", "apt-get install pkg-config"),
        ("valgrind", "apt-get install valgrind"),
    ];
    if !have_tools("the C++ consumer", &tools) {
        return;
    }
    let dir = scratch("cpp");
    let exe = dir.join("dangian_cpp");
    // Built as docs/c.md says: the flags come from pkg-config, the wrapper from bindings/cpp.
    run(
        Command::new("g++")
            .args([
                "-std=c++17",
                "-Wall",
                "-Wextra",
                "-Werror",
                "-pedantic",
                "-g",
            ])
            .arg(repo_root().join("bindings/cpp/example/main.cpp"))
            .arg("-I")
            .arg(repo_root().join("bindings/cpp"))
            .args(pkg_config(&["--cflags", "--libs"]))
            .arg(format!("-Wl,-rpath,{}", lib_dir().display()))
            .arg("-o")
            .arg(&exe),
        "compiling the C++ consumer",
    );
    check_consumer_with_bots("the C++ consumer under valgrind", &dir, true, |files| {
        let mut cmd = Command::new("valgrind");
        cmd.args(VALGRIND).arg(&exe).args(files);
        cmd
    });
}

/// The installed header compiles as C89 and as C++98, pedantic, every warning an error (its
/// comments are `/* */`, no enum ends with a comma), so a C project of any age can include it.
#[test]
fn header_compiles_as_c89_and_cpp98() {
    let tools = [
        ("gcc", "apt-get install gcc"),
        ("g++", "apt-get install g++"),
    ];
    if !have_tools("the C89 header check", &tools) {
        return;
    }
    let header = installed_prefix().join("include/dangian.h");
    for (compiler, lang, std) in [("gcc", "c", "-std=c89"), ("g++", "c++", "-std=c++98")] {
        run(
            Command::new(compiler)
                .args(["-x", lang, std, "-pedantic-errors", "-Wall", "-Wextra"])
                .args(["-Werror", "-fsyntax-only"])
                .arg(&header),
            &format!("compiling dangian.h with {compiler} {std}"),
        );
    }
}

/// The binutils `ffi/install.sh` strips the libraries with (and `readelf` to check them).
const BINUTILS: [(&str, &str); 3] = [
    ("strip", "apt-get install binutils"),
    ("objcopy", "apt-get install binutils"),
    ("readelf", "apt-get install binutils"),
];

/// A fresh SDK for one test, installed as a user would: `ffi/install.sh` run in
/// `<scratch>/install` with the relative prefix `sdk`, then the tree moved to
/// `<scratch>/moved/sdk` (its pkg-config and CMake files find it from where they are).
/// Returns the prefix and `<scratch>/elsewhere`, an empty folder to build in.
fn fresh_sdk(name: &str) -> (PathBuf, PathBuf) {
    let root = scratch(name);
    std::fs::remove_dir_all(&root).expect("clear the scratch dir");
    for dir in ["install", "moved", "elsewhere"] {
        std::fs::create_dir_all(root.join(dir)).expect("scratch dir");
    }
    run(
        Command::new("sh")
            .current_dir(root.join("install"))
            .arg(root_install_sh())
            .arg("--from")
            .arg(common::build_dir())
            .arg("sdk"),
        "ffi/install.sh with a relative prefix",
    );
    let prefix = root.join("moved/sdk");
    std::fs::rename(root.join("install/sdk"), &prefix).expect("move the SDK");
    std::fs::remove_dir_all(root.join("install")).expect("remove the install folder");
    (prefix, root.join("elsewhere"))
}

fn root_install_sh() -> PathBuf {
    root().join("install.sh")
}

/// The shared libraries an ELF file needs (`readelf -d`).
fn needed(file: &Path) -> Vec<String> {
    let out = run(Command::new("readelf").arg("-d").arg(file), "readelf -d");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.contains("(NEEDED)"))
        .filter_map(|l| l.split('[').nth(1))
        .map(|l| l.trim_end_matches(']').to_owned())
        .collect()
}

/// Check that `exe` needs `libdangian.so.<ABI>` (shared) or no libdangian at all (static),
/// then run it as a consumer from `cwd`.
fn check_linked(what: &str, exe: &Path, cwd: &Path, shared: bool) {
    let so = format!("libdangian.so.{DANGIAN_ABI_VERSION}");
    let libs = needed(exe);
    if shared {
        assert!(libs.contains(&so), "{what} does not need {so}: {libs:?}");
    } else {
        assert!(
            libs.iter().all(|l| !l.contains("dangian")),
            "{what} still needs the shared library: {libs:?}"
        );
    }
    check_consumer(what, cwd, |files| {
        let mut cmd = Command::new(exe);
        cmd.current_dir(cwd).args(files);
        cmd
    });
}

/// The C example built from an installed (and moved) SDK in another folder with the flags of
/// `pkg-config --cflags --libs dangian` (shared) and `pkg-config --static --cflags --libs
/// dangian-static` (the archive and the system libraries: no libdangian.so needed).
#[test]
fn sdk_builds_the_c_example_elsewhere_with_pkg_config() {
    let mut tools = vec![
        ("gcc", "apt-get install gcc"),
        ("pkg-config", "apt-get install pkg-config"),
    ];
    tools.extend(BINUTILS);
    if !have_tools("the SDK with pkg-config", &tools) {
        return;
    }
    let (prefix, elsewhere) = fresh_sdk("sdk_pkg_config");
    let flags = |args: &[&str], package: &str| -> Vec<String> {
        let out = run(
            Command::new("pkg-config")
                .current_dir(&elsewhere)
                .env("PKG_CONFIG_PATH", prefix.join("lib/pkgconfig"))
                .args(args)
                .arg(package),
            "pkg-config",
        );
        String::from_utf8_lossy(&out.stdout)
            .split_whitespace()
            .map(str::to_owned)
            .collect()
    };
    let builds = [
        (
            "the SDK's shared C example",
            "shared",
            true,
            flags(&["--cflags", "--libs"], "dangian"),
        ),
        (
            "the SDK's static C example",
            "static",
            false,
            flags(&["--static", "--cflags", "--libs"], "dangian-static"),
        ),
    ];
    for (what, name, shared, flags) in builds {
        let exe = elsewhere.join(name);
        run(
            Command::new("gcc")
                .current_dir(&elsewhere)
                .args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic"])
                .arg(root().join("examples/c/main.c"))
                .args(&flags)
                .arg(format!("-Wl,-rpath,{}", prefix.join("lib").display()))
                .arg("-o")
                .arg(&exe),
            what,
        );
        check_linked(what, &exe, &elsewhere, shared);
    }
}

/// The C example built from an installed (and moved) SDK by a CMake project in another folder:
/// docs/c.md's `find_package(dangian REQUIRED)` lines, linking `dangian::dangian`, and once
/// more `dangian::dangian_static`; a request for a version the SDK is not finds nothing.
#[test]
fn sdk_builds_the_c_example_elsewhere_with_cmake() {
    let mut tools = vec![
        ("gcc", "apt-get install gcc"),
        ("cmake", "apt-get install cmake"),
    ];
    tools.extend(BINUTILS);
    if !have_tools("the SDK with CMake", &tools) {
        return;
    }
    let (prefix, elsewhere) = fresh_sdk("sdk_cmake");
    let guide_lines = code_blocks(&page("docs/c.md"), "cmake")
        .into_iter()
        .next()
        .expect("docs/c.md has a ```cmake block");
    assert!(guide_lines.contains("find_package(dangian REQUIRED)"));
    let project = elsewhere.join("project");
    std::fs::create_dir_all(&project).expect("project dir");
    std::fs::copy(root().join("examples/c/main.c"), project.join("app.c")).expect("app.c");
    let lists = format!(
        "cmake_minimum_required(VERSION 3.13)\n\
         project(dangian_consumer C)\n\
         find_package(dangian 99 QUIET)\n\
         if(dangian_FOUND)\n  message(FATAL_ERROR \"dangian 99 was found\")\nendif()\n\
         {guide_lines}\
         add_executable(app_static app.c)\n\
         target_link_libraries(app_static PRIVATE dangian::dangian_static)\n"
    );
    std::fs::write(project.join("CMakeLists.txt"), lists).expect("CMakeLists.txt");
    let build = elsewhere.join("build");
    run(
        Command::new("cmake")
            .current_dir(&elsewhere)
            .arg("-S")
            .arg(&project)
            .arg("-B")
            .arg(&build)
            .arg(format!("-DCMAKE_PREFIX_PATH={}", prefix.display()))
            .arg("-DCMAKE_C_FLAGS=-std=c99 -Wall -Wextra -Werror -pedantic"),
        "configuring the CMake project",
    );
    run(
        Command::new("cmake")
            .current_dir(&elsewhere)
            .arg("--build")
            .arg(&build),
        "building the CMake project",
    );
    check_linked(
        "the SDK's C example (CMake, shared)",
        &build.join("app"),
        &elsewhere,
        true,
    );
    check_linked(
        "the SDK's C example (CMake, static)",
        &build.join("app_static"),
        &elsewhere,
        false,
    );
}

/// The section names of an ELF file or of every member of an archive (`readelf -S -W`).
fn sections(file: &Path) -> String {
    let out = run(
        Command::new("readelf").args(["-S", "-W"]).arg(file),
        "readelf -S",
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The installed libraries carry no debug info and the shared one no symbol table (only its
/// exports), and the shared library's debug info is beside it, named by its `.gnu_debuglink`.
#[test]
fn sdk_libraries_are_stripped_with_debug_info_beside() {
    if !have_tools("the stripped SDK check", &BINUTILS) {
        return;
    }
    let so = lib_dir().join(format!("libdangian.so.{DANGIAN_ABI_VERSION}"));
    let so_sections = sections(&so);
    for section in [" .symtab ", " .debug_info "] {
        assert!(
            !so_sections.contains(section),
            "{} keeps {section}",
            so.display()
        );
    }
    let link = run(
        Command::new("readelf")
            .args(["-p", ".gnu_debuglink"])
            .arg(&so),
        "readelf -p .gnu_debuglink",
    );
    let debug_name = format!("libdangian.so.{DANGIAN_ABI_VERSION}.debug");
    assert!(
        String::from_utf8_lossy(&link.stdout).contains(&debug_name),
        "the library does not name {debug_name}"
    );
    let debug = lib_dir().join(&debug_name);
    assert!(
        sections(&debug).contains(" .debug_info "),
        "{} holds no debug info",
        debug.display()
    );
    let exports = run(
        Command::new("readelf").args(["--dyn-syms", "-W"]).arg(&so),
        "readelf",
    );
    assert!(
        String::from_utf8_lossy(&exports.stdout).contains(" dg_game_new"),
        "the stripped library lost its exports"
    );
    let archive = lib_dir().join("libdangian.a");
    assert!(
        !sections(&archive).contains(" .debug_info "),
        "{} keeps debug info",
        archive.display()
    );
}

/// Every file under `dir`, relative to it, sorted (folders end with `/`).
fn tree(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).expect("read_dir") {
            let path = entry.expect("entry").path();
            let rel = path
                .strip_prefix(dir)
                .expect("inside")
                .display()
                .to_string();
            if path.is_dir() && !path.is_symlink() {
                out.push(format!("{rel}/"));
                todo.push(path);
            } else {
                out.push(rel);
            }
        }
    }
    out.sort();
    out
}

/// `ffi/install.sh --uninstall` removes exactly what the install put there: into a prefix that
/// already holds other files, an install, a second install over it, then the uninstall leaves
/// the prefix as it was; a second uninstall finds nothing to remove and fails.
#[test]
fn sdk_uninstall_removes_exactly_what_was_installed() {
    if !have_tools("the SDK uninstall", &BINUTILS) {
        return;
    }
    let prefix = scratch("sdk_uninstall");
    std::fs::remove_dir_all(&prefix).expect("clear the scratch dir");
    for file in [
        "include/other.h",
        "lib/libother.so",
        "lib/pkgconfig/other.pc",
    ] {
        let path = prefix.join(file);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("dir");
        std::fs::write(&path, "not dangian's").expect("write");
    }
    let before = tree(&prefix);
    let install = |args: &[&str]| {
        Command::new("sh")
            .arg(root_install_sh())
            .arg("--from")
            .arg(common::build_dir())
            .args(args)
            .arg(&prefix)
            .output()
            .expect("sh runs")
    };
    for round in 0..2 {
        let out = install(&[]);
        assert!(out.status.success(), "install {round} failed: {out:?}");
    }
    // The manifest lists every file the install added, and nothing else.
    let manifest = std::fs::read_to_string(prefix.join("share/dangian/install-manifest.txt"))
        .expect("the manifest");
    let mut listed: Vec<String> = manifest
        .lines()
        .map(|l| match l.split_once(' ') {
            Some(("d", dir)) => format!("{dir}/"),
            Some(("f", file)) => file.to_owned(),
            _ => panic!("manifest line {l:?}"),
        })
        .collect();
    listed.sort();
    let mut added: Vec<String> = tree(&prefix)
        .into_iter()
        .filter(|p| !before.contains(p))
        .collect();
    added.sort();
    assert_eq!(listed, added, "the manifest is not what was installed");
    for file in [
        "include/dangian.h",
        "lib/libdangian.a",
        "lib/cmake/dangian/dangianConfig.cmake",
    ] {
        assert!(added.iter().any(|p| p == file), "{file} was not installed");
    }
    let out = Command::new("sh")
        .arg(root_install_sh())
        .arg("--uninstall")
        .arg(&prefix)
        .output()
        .expect("sh runs");
    assert!(out.status.success(), "uninstall failed: {out:?}");
    assert_eq!(
        tree(&prefix),
        before,
        "the uninstall did not restore the prefix"
    );
    let again = Command::new("sh")
        .arg(root_install_sh())
        .arg("--uninstall")
        .arg(&prefix)
        .output()
        .expect("sh runs");
    assert!(!again.status.success(), "a second uninstall should fail");
}

/// The C++ snippet of docs/c.md, built against the installed library and run: it must
/// succeed and print nothing on stderr (no exception caught).
#[test]
fn c_guide_cpp_snippet_runs_cleanly() {
    let tools = [
        ("g++", "apt-get install g++"),
        ("pkg-config", "apt-get install pkg-config"),
    ];
    if !have_tools("the C++ snippet of docs/c.md", &tools) {
        return;
    }
    let guide = page("docs/c.md");
    let snippet = guide
        .split("\n## C++\n")
        .nth(1)
        .and_then(|s| s.split("```cpp\n").nth(1))
        .and_then(|s| s.split("```").next())
        .expect("docs/c.md has a ```cpp block under ## C++");
    let dir = scratch("guide_cpp");
    let source = dir.join("snippet.cpp");
    std::fs::write(
        &source,
        format!(
            "#include \"dangian.hpp\"\n#include <iostream>\n\nint main() {{\n{snippet}\
             (void)mine;\n}}\n"
        ),
    )
    .expect("write the snippet");
    let exe = dir.join("snippet");
    run(
        Command::new("g++")
            .args(["-std=c++17", "-Wall", "-Wextra", "-Werror"])
            .arg(&source)
            .arg("-I")
            .arg(repo_root().join("bindings/cpp"))
            .args(pkg_config(&["--cflags", "--libs"]))
            .arg(format!("-Wl,-rpath,{}", lib_dir().display()))
            .arg("-o")
            .arg(&exe),
        "compiling the C++ snippet of docs/c.md",
    );
    let out = run(&mut Command::new(&exe), "the C++ snippet of docs/c.md");
    assert!(
        out.stderr.is_empty(),
        "the C++ snippet of docs/c.md printed an error: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!out.stdout.is_empty(), "the snippet printed no actions");
}

/// The NUnit framework Debian installs with `nunit-console` (libnunit-framework2.6.3-cil).
fn nunit_framework() -> Option<PathBuf> {
    let cli = Path::new("/usr/lib/cli");
    let mut found: Vec<PathBuf> = std::fs::read_dir(cli)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("nunit.framework-"))
        })
        .map(|p| p.join("nunit.framework.dll"))
        .filter(|p| p.is_file())
        .collect();
    found.sort();
    found.pop()
}

/// Every line the package's NUnit tests compare with: the seeded games, their final boards,
/// the bots' first choices and the golden vectors (the files themselves, record inside).
fn expected_lines(dir: &Path) -> PathBuf {
    let mut lines = expected_game_lines(7);
    lines.extend(expected_board_lines(7));
    lines.extend(expected_bot_lines(7));
    for kind in GameKind::ALL {
        let game = AnyGame::new(kind, "").expect("the seed rules");
        let mut legal = ActionList::new();
        game.legal_actions(&mut legal);
        for (code, lang) in [("vi", Lang::Vi), ("en", Lang::En)] {
            let text = game
                .describe_action(legal[0], lang, None)
                .expect("described");
            lines.push(format!(
                "describe {} {code} {} {text}",
                kind.name(),
                legal[0]
            ));
        }
    }
    lines.push(format!(
        "fair commitment {}",
        dangian::fair::commitment(&[7; 32])
    ));
    for path in vector_files() {
        let text = std::fs::read_to_string(&path).expect("vector");
        let game = AnyGame::from_record_json(&text).expect("the vector loads in Rust");
        lines.push(format!(
            "vector {} hash {:016x} state {}",
            path.display(),
            game.state_hash(),
            game.state_json()
        ));
    }
    let file = dir.join("expected.txt");
    std::fs::write(&file, lines.join("\n") + "\n").expect("write the expected lines");
    file
}

/// The Unity package (bindings/unity) compiled as Unity would, against mscorlib only, as
/// C# 7.2 (what mcs offers of the C# that Unity accepts); once more as for iOS and WebGL
/// (`__Internal`); then its NUnit tests run under Mono against this build of the library:
/// every game to the end, the golden vectors and the bots compared with Rust line by line,
/// every error path.
#[test]
fn unity_package_passes_its_tests_under_mono() {
    let tools = [
        ("mcs", "apt-get install mono-mcs"),
        ("mono", "apt-get install mono-runtime"),
        ("nunit-console", "apt-get install nunit-console"),
    ];
    if !have_tools("the Unity package tests", &tools) {
        return;
    }
    let Some(nunit) = nunit_framework() else {
        assert!(
            !common::consumers_required(),
            "nunit.framework.dll is missing (apt-get install libnunit-framework2.6.3-cil)"
        );
        say_skipped("the Unity package tests: nunit.framework.dll not found (apt-get install nunit-console)");
        return;
    };
    let dir = scratch("unity");
    let package = repo_root().join("bindings/unity");
    let sources = |sub: &str| -> Vec<String> {
        let mut files: Vec<String> = std::fs::read_dir(package.join(sub))
            .expect("package folder")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "cs"))
            .map(|p| p.display().to_string())
            .collect();
        files.sort();
        files
    };
    let mcs = |args: &[String], what: &str| {
        run(
            Command::new("mcs")
                .current_dir(&dir)
                .args(["-langversion:7.2", "-warnaserror", "-nologo"])
                .args(args),
            what,
        )
    };
    let mut runtime = sources("Runtime");
    runtime.extend(sources("Runtime/Generated"));
    let mut args: Vec<String> = vec![
        "-target:library".into(),
        "-out:Dangian.Runtime.dll".into(),
        "-doc:Dangian.Runtime.xml".into(),
    ];
    args.extend(runtime.iter().cloned());
    mcs(&args, "compiling the package's runtime");
    for define in ["UNITY_IOS", "UNITY_WEBGL"] {
        let mut args: Vec<String> = vec![
            "-target:library".into(),
            format!("-define:{define}"),
            format!("-out:Dangian.Runtime.{define}.dll"),
        ];
        args.extend(runtime.iter().cloned());
        mcs(&args, "compiling the package's runtime with __Internal");
    }
    unity_web_build_has_no_threads(&dir, &package, &mcs);
    guide_csharp_compiles(&mcs);
    let mut args: Vec<String> = vec![
        "-target:library".into(),
        "-out:Dangian.Tests.dll".into(),
        "-r:Dangian.Runtime.dll".into(),
        format!("-r:{}", nunit.display()),
    ];
    args.extend(sources("Tests/Runtime"));
    mcs(&args, "compiling the package's tests");
    let expected = expected_lines(&dir);
    let out = Command::new("nunit-console")
        .current_dir(&dir)
        .env("LD_LIBRARY_PATH", lib_dir())
        .env("DANGIAN_EXPECTED", &expected)
        .args(["-nologo", "-labels", "Dangian.Tests.dll"])
        .output()
        .expect("nunit-console runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    // Every test the package declares ran and passed (none skipped by a missing attribute).
    let declared: usize = sources("Tests/Runtime")
        .iter()
        .map(|f| {
            std::fs::read_to_string(f)
                .unwrap_or_default()
                .matches("[Test]")
                .count()
        })
        .sum();
    assert!(declared >= 9, "only {declared} [Test] methods found");
    let summary = format!("Tests run: {declared}, Errors: 0, Failures: 0");
    assert!(
        out.status.success() && stdout.contains(&summary),
        "the package's tests failed ({}):\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("Ignored: 0, Skipped: 0"),
        "a test was ignored or skipped:\n{stdout}"
    );
}

/// Unity's Web platform has no threads: the runtime built for it (`UNITY_WEBGL`) must call no
/// `Task.Run`, `ThreadPool` or `new Thread` (checked in its IL by `tests/unity/NoThreads.cs`,
/// which must also find the `Task.Run` of the threaded build), and the sample scene's script
/// must compile against it and against the threaded build (UnityEngine stood in for by
/// `tests/unity/UnityEngine.cs`).
fn unity_web_build_has_no_threads(
    dir: &Path,
    package: &Path,
    mcs: &dyn Fn(&[String], &str) -> std::process::Output,
) {
    let tests = root().join("tests/unity");
    let file = |p: PathBuf| p.display().to_string();
    mcs(
        &[
            "-out:NoThreads.exe".into(),
            file(tests.join("NoThreads.cs")),
        ],
        "compiling NoThreads.cs",
    );
    mcs(
        &[
            "-target:library".into(),
            "-out:UnityEngine.dll".into(),
            file(tests.join("UnityEngine.cs")),
        ],
        "compiling the UnityEngine stand-in",
    );
    let sample = file(package.join("Samples~/PlayAgainstBot/PlayAgainstBot.cs"));
    for (runtime, define, threaded) in [
        ("Dangian.Runtime.dll", "UNITY_STANDALONE", true),
        ("Dangian.Runtime.UNITY_WEBGL.dll", "UNITY_WEBGL", false),
    ] {
        mcs(
            &[
                "-target:library".into(),
                format!("-define:{define}"),
                format!("-r:{runtime}"),
                "-r:UnityEngine.dll".into(),
                format!("-out:PlayAgainstBot.{define}.dll"),
                sample.clone(),
            ],
            "compiling the sample scene's script",
        );
        let out = Command::new("mono")
            .current_dir(dir)
            .args(["NoThreads.exe", runtime])
            .output()
            .expect("mono runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            stdout.contains("checked "),
            "NoThreads.exe did not run:\n{stdout}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        if threaded {
            assert!(
                !out.status.success() && stdout.contains("Task.Run"),
                "the threaded build should call Task.Run (is the check blind?):\n{stdout}"
            );
        } else {
            assert!(
                out.status.success(),
                "the Web build calls what Unity's Web platform does not support:\n{stdout}"
            );
        }
    }
}

/// The C# of `docs/unity.md` and of the README, each block compiled as the body of an async
/// method against the package's runtime and the UnityEngine stand-in (built by
/// `unity_web_build_has_no_threads`), as Unity would compile it in a script.
fn guide_csharp_compiles(mcs: &dyn Fn(&[String], &str) -> std::process::Output) {
    let dir = scratch("unity");
    let mut compiled = 0;
    for name in ["docs/unity.md", "README.md"] {
        let blocks = code_blocks(&page(name), "csharp");
        assert!(!blocks.is_empty(), "{name} has no ```csharp block");
        for (i, block) in blocks.iter().enumerate() {
            // `using X;` lines go first in the file, the rest into the method.
            let (usings, body): (Vec<&str>, Vec<&str>) = block
                .lines()
                .partition(|l| l.starts_with("using ") && l.ends_with(';'));
            let class = format!("Guide_{}_{i}", name.replace(['/', '.'], "_"));
            let source = dir.join(format!("{class}.cs"));
            std::fs::write(
                &source,
                format!(
                    "{}\nusing System.Threading.Tasks;\nusing UnityEngine;\n\n\
                     public static class {class}\n{{\n    public static async Task Run()\n    {{\n{}\n    }}\n}}\n",
                    usings.join("\n"),
                    body.join("\n")
                ),
            )
            .expect("write the C# example");
            mcs(
                &[
                    "-target:library".into(),
                    "-r:Dangian.Runtime.dll".into(),
                    "-r:UnityEngine.dll".into(),
                    format!("-out:{class}.dll"),
                    source.display().to_string(),
                ],
                &format!("compiling {name}'s C# example {}", i + 1),
            );
            compiled += 1;
        }
    }
    assert!(compiled >= 2);
}

/// The names of the functions `include/dangian.h` declares, sorted.
fn header_functions() -> Vec<String> {
    let header = std::fs::read_to_string(repo_root().join("include/dangian.h")).expect("header");
    let mut names = Vec::new();
    for (at, _) in header.match_indices("dg_") {
        let name: String = header[at..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        let before = header[..at].chars().next_back();
        let word_start = !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        if word_start && header[at + name.len()..].starts_with('(') {
            names.push(name);
        }
    }
    names.sort();
    names.dedup();
    names
}

/// The Unity package's WebGL plugin (`build-plugins.sh webgl`), linked by Emscripten (`emcc`)
/// into the C example and run under Node: every game kind played to the end and the golden
/// vectors replayed, compared with Rust line by line. The linked program must validate as
/// WebAssembly MVP (`wasm-opt --mvp-features`): no wasm exception handling, no later feature.
#[test]
fn webgl_plugin_links_with_emscripten_and_plays_under_node() {
    let tools = [
        ("emcc", "apt-get install emscripten"),
        ("wasm-opt", "apt-get install binaryen"),
        ("node", "apt-get install nodejs"),
    ];
    if !have_tools("the WebGL plugin under Emscripten", &tools) {
        return;
    }
    let plugin = repo_root().join("bindings/unity/Plugins/WebGL/libdangian.a");
    if !plugin.is_file() {
        assert!(
            !common::consumers_required(),
            "{} is missing: run bindings/unity/build-plugins.sh webgl first",
            plugin.display()
        );
        say_skipped("the WebGL plugin under Emscripten: no plugin (run bindings/unity/build-plugins.sh webgl)");
        return;
    }
    let dir = scratch("webgl");
    let js = dir.join("dangian_c.js");
    run(
        Command::new("emcc")
            // Debian's emcc finds its JavaScript optimizer's modules (acorn) there.
            .env("NODE_PATH", "/usr/share/nodejs")
            .args(["-O2", "-std=c99", "-Wall", "-Werror"])
            .arg(format!("-I{}", repo_root().join("include").display()))
            .arg(root().join("examples/c/main.c"))
            .arg(&plugin)
            // Node, reading the vector files from the real file system, synchronously.
            .args([
                "-sENVIRONMENT=node",
                "-sNODERAWFS=1",
                "-sWASM_ASYNC_COMPILATION=0",
                "-sALLOW_MEMORY_GROWTH=1",
            ])
            .arg("-o")
            .arg(&js),
        "linking the WebGL plugin with emcc",
    );
    run(
        Command::new("wasm-opt")
            .arg("--mvp-features")
            .arg(dir.join("dangian_c.wasm"))
            .args(["-o", "/dev/null"]),
        "validating the linked program as WebAssembly MVP",
    );
    check_consumer(
        "the C example on the WebGL plugin under Node",
        &dir,
        |files| {
            let mut cmd = Command::new("node");
            cmd.arg(&js).args(files);
            cmd
        },
    );
}

/// A `.meta` file's `guid`.
fn meta_guid(meta: &str) -> Option<&str> {
    meta.lines().find_map(|l| l.strip_prefix("guid: "))
}

/// A plugin `.meta`'s platforms: the `Exclude <platform>: 0` ones, and the enabled
/// `platformData` entries with their settings (`key: value` lines).
fn meta_platforms(meta: &str) -> (Vec<String>, Vec<(String, Vec<String>)>) {
    let included = meta
        .lines()
        .filter_map(|l| l.trim().strip_prefix("Exclude "))
        .filter_map(|l| l.strip_suffix(": 0"))
        .map(str::to_owned)
        .collect();
    let mut enabled = Vec::new();
    let lines: Vec<&str> = meta.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        if line.trim() == "- first:" && lines.get(i + 3).map(|l| l.trim()) == Some("enabled: 1") {
            let settings = lines[i + 4..]
                .iter()
                .skip(1)
                .take_while(|l| l.starts_with("        "))
                .map(|l| l.trim().to_owned())
                .collect();
            enabled.push((lines[i + 1].trim().to_owned(), settings));
        }
    }
    (included, enabled)
}

/// A Unity plugin: its path under `Plugins/`, the platforms its `.meta` includes, and the
/// enabled platform entries with one setting each must have.
type UnityPlugin = (
    &'static str,
    &'static [&'static str],
    &'static [(&'static str, &'static str)],
);

/// Each plugin of the Unity package.
const UNITY_PLUGINS: [UnityPlugin; 7] = [
    (
        "Linux/x86_64/libdangian.so",
        &["Editor", "Linux64"],
        &[
            ("Editor: Editor", "OS: Linux"),
            ("Standalone: Linux64", "CPU: x86_64"),
        ],
    ),
    (
        "Windows/x86_64/dangian.dll",
        &["Editor", "Win64"],
        &[
            ("Editor: Editor", "OS: Windows"),
            ("Standalone: Win64", "CPU: x86_64"),
        ],
    ),
    (
        "macOS/libdangian.dylib",
        &["Editor", "OSXUniversal"],
        &[
            ("Editor: Editor", "OS: OSX"),
            ("Standalone: OSXUniversal", "CPU: AnyCPU"),
        ],
    ),
    ("WebGL/libdangian.a", &["WebGL"], &[("WebGL: WebGL", "")]),
    (
        "iOS/libdangian.a",
        &["iOS"],
        &[("iPhone: iOS", "CPU: AnyCPU")],
    ),
    (
        "Android/arm64-v8a/libdangian.so",
        &["Android"],
        &[("Android: Android", "CPU: ARM64")],
    ),
    (
        "Android/armeabi-v7a/libdangian.so",
        &["Android"],
        &[("Android: Android", "CPU: ARMv7")],
    ),
];

/// Checks a Unity package folder (the source or an unpacked tarball): every file and folder
/// Unity imports (not hidden, not under a `~` folder) has its `.meta`, every `.meta` its asset
/// (`plugins_built`: a plugin's may lack its library in the source tree), all GUIDs differ,
/// and each plugin's `.meta` includes exactly its platform. Returns the plugins present.
fn check_unity_metas(package: &Path, plugins_built: bool) -> Vec<&'static str> {
    fn walk(dir: &Path, rel: &str, out: &mut Vec<String>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .expect("package folder")
            .map(|e| e.expect("entry").path())
            .collect();
        entries.sort();
        for path in entries {
            let name = path.file_name().and_then(|n| n.to_str()).expect("name");
            if name.starts_with('.') || name.ends_with('~') {
                continue;
            }
            let rel = if rel.is_empty() {
                name.to_owned()
            } else {
                format!("{rel}/{name}")
            };
            if path.is_dir() {
                walk(&path, &rel, out);
            }
            out.push(rel);
        }
    }
    let mut all = Vec::new();
    walk(package, "", &mut all);
    let metas: Vec<&String> = all.iter().filter(|p| p.ends_with(".meta")).collect();
    let assets: Vec<&String> = all.iter().filter(|p| !p.ends_with(".meta")).collect();
    for asset in &assets {
        assert!(
            all.contains(&format!("{asset}.meta")),
            "{}: {asset} has no .meta (Unity ignores it in an immutable package)",
            package.display()
        );
    }
    let mut guids = std::collections::BTreeMap::new();
    for meta in &metas {
        let asset = meta.strip_suffix(".meta").expect("suffix");
        let is_plugin = UNITY_PLUGINS
            .iter()
            .any(|(p, _, _)| asset == format!("Plugins/{p}"));
        assert!(
            assets.iter().any(|a| a.as_str() == asset) || (is_plugin && !plugins_built),
            "{}: {meta} has no asset",
            package.display()
        );
        let text = std::fs::read_to_string(package.join(meta)).expect("meta");
        let guid = meta_guid(&text).unwrap_or_else(|| panic!("{meta} has no guid"));
        assert!(
            guid.len() == 32 && guid.bytes().all(|b| b.is_ascii_hexdigit()),
            "{meta}: bad guid {guid}"
        );
        if let Some(other) = guids.insert(guid.to_owned(), meta.to_string()) {
            panic!("{meta} and {other} share the guid {guid}");
        }
    }
    let mut present = Vec::new();
    for (plugin, included, enabled) in UNITY_PLUGINS {
        let meta = package.join(format!("Plugins/{plugin}.meta"));
        let Ok(text) = std::fs::read_to_string(&meta) else {
            assert!(plugins_built, "Plugins/{plugin}.meta is not committed");
            continue;
        };
        if package.join(format!("Plugins/{plugin}")).is_file() {
            present.push(plugin);
        }
        let (got_included, got_enabled) = meta_platforms(&text);
        assert_eq!(got_included, included, "{plugin}: included platforms");
        assert_eq!(
            got_enabled.len(),
            enabled.len(),
            "{plugin}: enabled entries {got_enabled:?}"
        );
        for (key, setting) in enabled {
            let (_, settings) = got_enabled
                .iter()
                .find(|(k, _)| k == key)
                .unwrap_or_else(|| panic!("{plugin}: {key} is not enabled: {got_enabled:?}"));
            assert!(
                setting.is_empty() || settings.iter().any(|s| s == setting),
                "{plugin}: {key} lacks {setting}: {settings:?}"
            );
        }
    }
    present
}

/// The Unity package as committed: every asset has its `.meta`, each plugin's `.meta`
/// (committed though the library is built) imports it for its platform only.
#[test]
fn unity_package_metas_are_committed_for_every_asset_and_plugin() {
    check_unity_metas(&repo_root().join("bindings/unity"), false);
}

/// `bindings/unity/pack.sh` packs the plugins built into a UPM tarball: unpacked, it holds
/// `package/` with every asset's `.meta`, each plugin imported for its platform, a
/// `package.json` naming exactly the plugins it carries, and none of the build tooling.
#[test]
fn unity_tarball_carries_each_built_plugin_with_its_meta() {
    if !have_tools(
        "the Unity tarball",
        &[
            ("tar", "apt-get install tar"),
            ("python3", "apt-get install python3"),
        ],
    ) {
        return;
    }
    let package = repo_root().join("bindings/unity");
    let built: Vec<&str> = UNITY_PLUGINS
        .iter()
        .map(|(p, _, _)| *p)
        .filter(|p| package.join("Plugins").join(p).is_file())
        .collect();
    if built.is_empty() {
        assert!(
            !common::consumers_required(),
            "no Unity plugin is built: run bindings/unity/build-plugins.sh first"
        );
        say_skipped("the Unity tarball: no plugin built (run bindings/unity/build-plugins.sh)");
        return;
    }
    let dir = scratch("unity-tarball");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch");
    run(
        Command::new("sh").arg(package.join("pack.sh")).arg(&dir),
        "pack.sh",
    );
    let manifest: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(package.join("package.json")).expect("package.json"),
    )
    .expect("package.json parses");
    let tgz = dir.join(format!(
        "{}-{}.tgz",
        manifest["name"].as_str().expect("name"),
        manifest["version"].as_str().expect("version")
    ));
    let listing = run(
        Command::new("tar").arg("-tzf").arg(&tgz),
        "listing the tarball",
    );
    for entry in String::from_utf8_lossy(&listing.stdout).lines() {
        assert!(entry.starts_with("package"), "{entry} is outside package/");
        assert!(
            !entry.ends_with(".sh") && !entry.contains("tools~") && !entry.contains(".gitignore"),
            "the tarball carries build tooling: {entry}"
        );
    }
    run(
        Command::new("tar").arg("-xzf").arg(&tgz).current_dir(&dir),
        "unpacking the tarball",
    );
    let unpacked = dir.join("package");
    let present = check_unity_metas(&unpacked, true);
    assert_eq!(present, built, "the tarball's plugins");
    let packed: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(unpacked.join("package.json")).expect("packed package.json"),
    )
    .expect("packed package.json parses");
    let platforms = packed["dangian"]["platforms"]
        .as_array()
        .expect("dangian.platforms");
    assert_eq!(platforms.len(), built.len(), "platforms {platforms:?}");
    assert_eq!(packed["version"], manifest["version"]);
    assert!(unpacked
        .join("Samples~/PlayAgainstBot/PlayAgainstBot.cs")
        .is_file());
    for (sub, exported) in [("Linux/x86_64/libdangian.so", "nm")] {
        if !built.contains(&sub) {
            continue;
        }
        let out = run(
            Command::new(exported)
                .args(["-D", "--defined-only"])
                .arg(unpacked.join("Plugins").join(sub)),
            "nm -D",
        );
        let mut names: Vec<String> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|l| l.split_whitespace().nth(2))
            .filter(|n| n.starts_with("dg_"))
            .map(str::to_owned)
            .collect();
        names.sort();
        assert_eq!(names, header_functions(), "{sub} exports");
    }
}
