use dangian::ca_ngua::{Config, State};
use dangian::testing::check_random_play;

#[test]
fn timing_probe() {
    let t = std::time::Instant::now();
    let stats = check_random_play::<State>(&Config::default(), 1, 2).unwrap();
    eprintln!("{stats:?} in {:?}", t.elapsed());
    let t = std::time::Instant::now();
    let stats = check_random_play::<State>(&Config::two_players(), 1, 2).unwrap();
    eprintln!("{stats:?} in {:?}", t.elapsed());
}
