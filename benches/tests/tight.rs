//! The tight reference implementations play exactly the engine's games.

#[test]
fn tight_o_an_quan_plays_the_engines_games() {
    let moves = dangian_bench::verify_o_an_quan(20_000).expect("identical games");
    assert!(moves > 20_000);
}
