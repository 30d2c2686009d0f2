//! A fixed amount of work for instruction counts (`valgrind --tool=callgrind`, `perf stat`):
//! `count GAME PATH N` plays N seeded random playouts of GAME (`o_an_quan`, `ca_ngua`,
//! `ca_ngua_one_die`, `domino_one_round`, `domino_match`) through PATH (`typed`: listed ids
//! and `apply`; `fast`: `legal_set` and `apply_legal`; `any`: `AnyGame` with listed ids;
//! `any_fast`: `AnyGame::legal_set` and `AnyGame::apply_legal`; `ffi`; `playouts`: each
//! playout by one `dg_game_playouts` call inside the library; `tight`: the tight reference
//! implementation, Ô ăn quan only) and prints the actions applied, so that two versions can
//! be compared by instructions per action, free of the noise of a shared machine. PATH
//! `batch` steps a batch of 64 games (`dg_batch_random_actions` and `dg_batch_step`,
//! observations and masks written every step) until N games have ended, and prints the
//! decisions stepped instead: chance is sampled inside the step, uncounted (the `playouts`
//! path prints both, to convert); PATH `batch_bare` is the same with observations and masks
//! left out.

use dangian::any::AnyGame;
use dangian::{Action, ActionList, Game, GameRng, NoEvents, ToMove};
use dangian_ffi::{
    dg_batch_episodes, dg_batch_free, dg_batch_new, dg_batch_random_actions, dg_batch_shape,
    dg_batch_step, dg_game_playouts, DgBatch, DgBatchShape, DgPlayouts,
};
use dangian_ffi::{
    dg_game_apply, dg_game_clone, dg_game_free, dg_game_legal_actions, dg_game_new,
    dg_game_play_chance, dg_game_set_events, dg_game_to_move, DgGame, DG_MAX_ACTIONS,
    DG_TO_MOVE_CHANCE, DG_TO_MOVE_OVER,
};

/// The `batch` path: 64 games stepped together until `n` have ended; returns the decisions.
/// `bare`: observations and masks left out.
fn run_batch(kind: u32, json: &str, n: u64, bare: bool) -> u64 {
    const GAMES: usize = 64;
    let mut b: *mut DgBatch = std::ptr::null_mut();
    let mut s = DgBatchShape::default();
    // SAFETY: valid pointers; `b` is a live handle from here on, used by this thread only,
    // and every array is as long as its length says.
    unsafe {
        dg_batch_new(kind, json.as_ptr(), json.len(), GAMES, 1, &mut b);
        dg_batch_shape(b, &mut s);
        let mut actions = vec![0u32; GAMES];
        let widths = if bare {
            (0, 0)
        } else {
            (s.observation_len, s.action_ids)
        };
        let mut obs = vec![0f32; GAMES * widths.0 as usize];
        let mut masks = vec![0u8; GAMES * widths.1 as usize];
        let mut rewards = vec![0f32; GAMES * s.seats as usize];
        let (mut dones, mut to_play) = (vec![0u8; GAMES], vec![0i32; GAMES]);
        let (mut decisions, mut ended) = (0u64, 0u64);
        while ended < n {
            dg_batch_random_actions(b, actions.as_mut_ptr(), GAMES);
            dg_batch_step(
                b,
                actions.as_ptr(),
                GAMES,
                obs.as_mut_ptr(),
                obs.len(),
                masks.as_mut_ptr(),
                masks.len(),
                rewards.as_mut_ptr(),
                rewards.len(),
                dones.as_mut_ptr(),
                GAMES,
                to_play.as_mut_ptr(),
                GAMES,
            );
            decisions += GAMES as u64;
            dg_batch_episodes(b, &mut ended);
        }
        dg_batch_free(b);
        decisions
    }
}

fn run<G: Game>(config: G::Config, path: &str, n: u64) -> u64 {
    let json = serde_json::to_string(&config).expect("config");
    if path == "batch" || path == "batch_bare" {
        return run_batch(G::KIND as u32, &json, n, path == "batch_bare");
    }
    let mut rng = GameRng::new(1);
    let mut legal = ActionList::new();
    let mut actions = 0u64;
    let mut decisions = 0u64;
    // Every playout starts from a clone of one prototype, as in the benchmark.
    let start = G::new(config.clone()).expect("config");
    let mut any = AnyGame::new(G::KIND, &json).expect("config");
    any.keep_events(false);
    let mut game_any = any.clone();
    let mut ffi: *mut DgGame = std::ptr::null_mut();
    // SAFETY: valid pointers; `ffi` is a live handle from here on.
    unsafe {
        dg_game_new(G::KIND as u32, json.as_ptr(), json.len(), 7, &mut ffi);
        dg_game_set_events(ffi, 0);
    }
    for _ in 0..n {
        match path {
            "typed" => {
                let mut game = start.clone();
                loop {
                    let a = match game.to_move() {
                        ToMove::Over => break,
                        ToMove::Chance => game.sample_chance(&mut rng),
                        ToMove::Seat(_) => {
                            game.legal_actions(&mut legal);
                            G::Action::from_id(legal[rng.below(legal.len() as u32) as usize])
                        }
                    };
                    game.apply(a.expect("action"), &mut NoEvents)
                        .expect("legal");
                    actions += 1;
                }
                std::hint::black_box(&game);
            }
            "fast" => {
                let mut game = start.clone();
                loop {
                    match game.to_move() {
                        ToMove::Over => break,
                        ToMove::Chance => {
                            let a = game.sample_chance(&mut rng).expect("chance");
                            game.apply(a, &mut NoEvents).expect("legal");
                        }
                        ToMove::Seat(_) => {
                            let set = game.legal_set();
                            let legal = set.nth(rng.below(set.len())).expect("in the set");
                            game.apply_legal(legal, &mut NoEvents).expect("legal");
                        }
                    }
                    actions += 1;
                }
                std::hint::black_box(&game);
            }
            "tight" if G::KIND == dangian::GameKind::OAnQuan => {
                actions += dangian_bench::playout_tight_o_an_quan(&mut rng);
            }
            "tight" => panic!("no tight reference for this game"),
            "any_fast" => {
                game_any.clone_from(&any);
                let game = &mut game_any;
                loop {
                    match game.to_move() {
                        ToMove::Over => break,
                        ToMove::Chance => {
                            game.play_chance(&mut rng).expect("chance");
                        }
                        ToMove::Seat(_) => {
                            let set = game.legal_set();
                            let legal = set.nth(rng.below(set.len())).expect("in the set");
                            game.apply_legal(legal).expect("legal");
                        }
                    }
                    actions += 1;
                }
                std::hint::black_box(&game);
            }
            "any" => {
                game_any.clone_from(&any);
                let game = &mut game_any;
                loop {
                    let id = match game.to_move() {
                        ToMove::Over => break,
                        ToMove::Chance => {
                            game.play_chance(&mut rng).expect("chance");
                            actions += 1;
                            continue;
                        }
                        ToMove::Seat(_) => {
                            game.legal_actions(&mut legal);
                            legal[rng.below(legal.len() as u32) as usize]
                        }
                    };
                    game.apply(id).expect("legal");
                    actions += 1;
                }
                std::hint::black_box(&game);
            }
            "playouts" => {
                let mut p = DgPlayouts::default();
                // SAFETY: a live handle and a writable out-parameter.
                unsafe { dg_game_playouts(ffi, rng.below(u32::MAX).into(), 1, &mut p) };
                actions += p.actions;
                decisions += p.decisions;
            }
            _ => {
                let mut game: *mut DgGame = std::ptr::null_mut();
                let mut buf = [0u32; DG_MAX_ACTIONS];
                // SAFETY: valid pointers and a live handle used by this thread only.
                unsafe {
                    dg_game_clone(ffi, &mut game);
                    loop {
                        let mut t = 0i32;
                        dg_game_to_move(game, &mut t);
                        if t == DG_TO_MOVE_OVER {
                            break;
                        }
                        if t == DG_TO_MOVE_CHANCE {
                            let mut id = 0;
                            dg_game_play_chance(game, &mut id);
                        } else {
                            let mut len = 0;
                            dg_game_legal_actions(game, buf.as_mut_ptr(), buf.len(), &mut len);
                            dg_game_apply(game, buf[rng.below(len as u32) as usize]);
                        }
                        actions += 1;
                    }
                    dg_game_free(game);
                }
            }
        }
    }
    if path == "playouts" {
        println!("{decisions} decisions");
    }
    actions
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let game = args.get(1).map_or("o_an_quan", String::as_str);
    let path = args.get(2).map_or("typed", String::as_str);
    let n: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(100);
    let actions = match game {
        "o_an_quan" => run::<dangian::o_an_quan::State>(Default::default(), path, n),
        "ca_ngua" => run::<dangian::ca_ngua::State>(Default::default(), path, n),
        "ca_ngua_one_die" => {
            run::<dangian::ca_ngua::State>(dangian::ca_ngua::Config::one_die(), path, n)
        }
        "domino_one_round" => run::<dangian::domino::State>(
            dangian::domino::Config {
                max_rounds: Some(1),
                ..Default::default()
            },
            path,
            n,
        ),
        _ => run::<dangian::domino::State>(Default::default(), path, n),
    };
    println!("{game} {path} {n} playouts {actions} actions");
}
