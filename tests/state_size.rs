//! The size of each game's `State`, pinned: a state is copied on every clone (a playout, a
//! bot's search, `AnyGame::clone`), so it must not grow unnoticed. None is within 128 bytes;
//! `docs/benchmarks.md` ("State sizes") says why, with measurements.

use std::mem::size_of;

#[test]
fn state_sizes_are_pinned() {
    let sizes = [
        ("o_an_quan", size_of::<dangian::o_an_quan::State>(), 224),
        ("ca_ngua", size_of::<dangian::ca_ngua::State>(), 240),
        ("domino", size_of::<dangian::domino::State>(), 140),
    ];
    for (game, size, pinned) in sizes {
        eprintln!("{game}: State is {size} bytes");
        assert!(
            size <= pinned,
            "{game}: State is {size} bytes, pinned at {pinned}"
        );
    }
    // What the largest parts weigh (see docs/benchmarks.md): the configs kept inline.
    assert_eq!(size_of::<dangian::ca_ngua::Config>(), 80);
    assert!(size_of::<dangian::o_an_quan::Config>() <= 64);
    assert!(size_of::<dangian::domino::Config>() <= 40);
}

#[test]
fn config_sizes() {
    eprintln!(
        "configs: o_an_quan {}, ca_ngua {}, domino {}",
        size_of::<dangian::o_an_quan::Config>(),
        size_of::<dangian::ca_ngua::Config>(),
        size_of::<dangian::domino::Config>()
    );
}

#[test]
fn action_sizes() {
    // The record keeps actions as these values (see `record::RECORD_RESERVE`).
    let sizes = [
        size_of::<dangian::o_an_quan::Action>(),
        size_of::<dangian::ca_ngua::Action>(),
        size_of::<dangian::domino::Action>(),
    ];
    eprintln!(
        "actions: o_an_quan {}, ca_ngua {}, domino {}",
        sizes[0], sizes[1], sizes[2]
    );
    assert!(sizes.iter().all(|&s| s <= 3));
}
