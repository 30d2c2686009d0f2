//! `legal_actions`, `legal_set`, `chance_outcomes`, `sample_chance`, `apply` and
//! `apply_legal` (without events) never allocate: a counting global allocator proves it over
//! random games of every game.

use dangian::GameConfig;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use dangian::{Action as _, ActionList, ChanceList, Game, GameRng, NoEvents, ToMove};

struct Counting;

thread_local! {
    // Per thread, so tests running in parallel do not count each other's allocations.
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

/// Play `games` random games under `config`; fail if any hot-path call allocates.
fn assert_hot_path_does_not_allocate<G: Game>(config: G::Config, games: u32) {
    let mut rng = GameRng::new(2024);
    let mut legal = ActionList::new();
    let mut chance = ChanceList::new();
    let mut steps = 0u64;
    for _ in 0..games {
        let mut game = G::new(config.clone()).expect("valid config");
        loop {
            let before = allocations();
            game.legal_actions(&mut legal);
            game.chance_outcomes(&mut chance);
            let to_move = game.to_move();
            let action = match to_move {
                ToMove::Over => None,
                ToMove::Chance => game.sample_chance(&mut rng),
                ToMove::Seat(_) => {
                    let id = legal[rng.below(legal.len() as u32) as usize];
                    <G::Action as dangian::Action>::from_id(id)
                }
            };
            let Some(action) = action else { break };
            // Every other decision through the fast path: the legal set and its token.
            let set = game.legal_set();
            match set.get(action.id()) {
                Some(token) if steps % 2 == 1 && matches!(to_move, ToMove::Seat(_)) => game
                    .apply_legal(token, &mut NoEvents)
                    .expect("legal action"),
                _ => game.apply(action, &mut NoEvents).expect("legal action"),
            }
            let after = allocations();
            assert_eq!(
                after,
                before,
                "{:?}: allocation in the hot path at move {}",
                G::KIND,
                game.move_number()
            );
            steps += 1;
        }
    }
    assert!(steps > u64::from(games), "the games were played");
}

#[test]
fn o_an_quan_hot_path_does_not_allocate() {
    use dangian::o_an_quan::{Config, State};
    assert_hot_path_does_not_allocate::<State>(Config::default(), 200);
    for (_, config) in Config::presets() {
        assert_hot_path_does_not_allocate::<State>(config, 40);
    }
}

#[test]
fn domino_hot_path_does_not_allocate() {
    use dangian::domino::{Config, DrawPolicy, State};
    assert_hot_path_does_not_allocate::<State>(Config::default(), 20);
    for players in 3..=4 {
        assert_hot_path_does_not_allocate::<State>(Config::with_players(players), 5);
    }
    for (_, config) in Config::presets() {
        assert_hot_path_does_not_allocate::<State>(config, 5);
    }
    let voluntary = Config {
        draw_policy: DrawPolicy::Voluntary,
        ..Config::default()
    };
    assert_hot_path_does_not_allocate::<State>(voluntary, 5);
}

#[test]
fn ca_ngua_hot_path_does_not_allocate() {
    use dangian::ca_ngua::{Capture, Config, DiceUsage, DoorRule, HomeEntry, State};
    let variant = Config {
        capture: Capture::Mandatory,
        dice_usage: DiceUsage::EachDieSeparately,
        door_rule: DoorRule::CountIntoHome,
        home_entry: HomeEntry::CountSteps,
        ..Config::default()
    };
    for config in [
        Config::default(),
        Config::one_die(),
        Config::two_players(),
        Config::three_players(),
        Config::two_players_two_colours(),
        variant,
    ] {
        assert_hot_path_does_not_allocate::<State>(config, 5);
    }
}

#[test]
fn bot_search_allocates_nothing_per_simulation() {
    use dangian::bot::{Bot, Evaluate, MctsBot, MctsSettings};
    /// The allocations of one decision do not grow with the number of simulations: the tree
    /// is kept between decisions and the simulations allocate nothing.
    fn check<G: Evaluate>(config: G::Config) {
        let mut game = G::new(config).expect("valid config");
        let mut rng = GameRng::new(9);
        let mut legal = ActionList::new();
        let mut decisions = 0;
        while !game.is_over() {
            let action = match game.to_move() {
                ToMove::Seat(_) => {
                    game.legal_actions(&mut legal);
                    decisions += 1;
                    if legal.len() > 2 && decisions > 6 {
                        break;
                    }
                    <G::Action as dangian::Action>::from_id(legal[0])
                }
                _ => game.sample_chance(&mut rng),
            };
            game.apply(action.expect("an action"), &mut NoEvents)
                .expect("legal");
        }
        let count = |iterations: u32, learned: bool| {
            // Playouts at random by the standard evaluation, or greedy by the learned one.
            let settings = MctsSettings {
                greedy_rollouts: if learned { 1.0 } else { 0.0 },
                learned,
                ..MctsSettings::with(iterations, 20)
            };
            let mut bot = MctsBot::new(settings, 1);
            // The first decision grows the tree; the same decision again reuses it.
            let first = bot.choose(&game);
            let before = allocations();
            let again = bot.choose(&game);
            let used = allocations() - before;
            assert_eq!(first, again);
            used
        };
        assert_eq!(count(40, false), count(400, false), "{:?}", G::KIND);
        assert_eq!(count(40, true), count(400, true), "{:?} learned", G::KIND);
    }
    check::<dangian::o_an_quan::State>(Default::default());
    check::<dangian::domino::State>(Default::default());
    check::<dangian::ca_ngua::State>(Default::default());
}
