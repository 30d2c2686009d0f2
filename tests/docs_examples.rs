//! The examples of the documentation that are data rather than code hold: the README's table
//! of the games lists each game's presets, `docs/hosting.md`'s record example loads (replayed,
//! final hash checked), and the transcript of `cargo run --example verify -- --demo` it shows
//! is what that demo computes (the commitment, the counts and the hashes).

use dangian::any::AnyGame;
use dangian::fair::{self, FairChance};
use dangian::{
    ca_ngua, domino, o_an_quan, Action, ActionList, Game, GameConfig, GameKind, GameRng, NoEvents,
    Recorded, ToMove,
};

fn hosting() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/hosting.md"))
        .expect("docs/hosting.md")
}

/// The code blocks of `text` in language `lang`.
fn blocks(text: &str, lang: &str) -> Vec<String> {
    text.split(&format!("```{lang}\n"))
        .skip(1)
        .filter_map(|s| s.split("```").next())
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_readme_lists_every_preset() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md");
    for (game, presets) in [
        ("Ô ăn quan", o_an_quan::Config::PRESETS),
        ("Cờ cá ngựa", ca_ngua::Config::PRESETS),
        ("Domino", domino::Config::PRESETS),
    ] {
        let row = readme
            .lines()
            .find(|l| l.starts_with(&format!("| {game} |")))
            .unwrap_or_else(|| panic!("the README's table of the games has no row for {game}"));
        let listed = presets
            .iter()
            .map(|p| format!("`{p}`"))
            .collect::<Vec<_>>()
            .join(", ");
        assert!(
            row.contains(&format!("| {listed} |")),
            "the README's row for {game} should list the presets {listed}:\n{row}"
        );
    }
}

#[test]
fn the_record_example_loads() {
    let records = blocks(&hosting(), "json");
    assert!(!records.is_empty(), "docs/hosting.md has no ```json block");
    for record in records {
        let game = AnyGame::from_record_json(&record)
            .unwrap_or_else(|e| panic!("docs/hosting.md's record does not load: {e}\n{record}"));
        assert!(game.move_number() > 0, "the record plays no action");
    }
}

#[test]
fn the_fair_chance_transcript_is_what_the_demo_computes() {
    // As examples/verify.rs's demo: a fixed server seed, two player seeds, seeded choices.
    let server_seed = [7u8; 32];
    let players = vec!["an: 1234".to_owned(), "bình: hôm nay".to_owned()];
    let commitment = fair::commitment(&server_seed);
    let fair_chance = FairChance::new(GameKind::CaNgua, server_seed, players).expect("seeds");
    let mut game = Recorded::<ca_ngua::State>::new(ca_ngua::Config::default())
        .expect("the seed rules")
        .with_fair_chance(fair_chance)
        .expect("before the first action");
    let mut choose = GameRng::new(1);
    let mut legal = ActionList::new();
    loop {
        let action = match game.game().to_move() {
            ToMove::Over => break,
            ToMove::Chance => game.fair_outcome().expect("chance is to move"),
            ToMove::Seat(_) => {
                game.game().legal_actions(&mut legal);
                let id = legal[choose.below(legal.len() as u32) as usize];
                ca_ngua::Action::from_id(id).expect("a legal id")
            }
        };
        game.apply(action, &mut NoEvents).expect("legal");
    }
    let verified = fair::verify(&game.record()).expect("the honest record verifies");
    let transcript = blocks(&hosting(), "text")
        .into_iter()
        .find(|b| b.contains("--example verify -- --demo"))
        .expect("docs/hosting.md shows the demo's transcript");
    for (what, value) in [
        ("the commitment", commitment),
        ("the start hash", format!("(hash {})", verified.start_hash)),
        (
            "the counts",
            format!(
                "all {} chance outcomes in {} actions",
                verified.chance_outcomes, verified.actions
            ),
        ),
        (
            "the final hash",
            format!("final hash {}", verified.final_hash),
        ),
    ] {
        assert!(
            transcript.contains(&value),
            "docs/hosting.md's transcript does not show {what} `{value}`:\n{transcript}"
        );
    }
}
