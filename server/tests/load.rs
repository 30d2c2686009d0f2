//! The load tool (`examples/load`) runs: a few tables of each game for a second, every
//! action acknowledged and timed, no error.

#[path = "../examples/load/tool.rs"]
mod tool;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_load_tool_plays_every_game() {
    for game in ["o_an_quan", "ca_ngua", "domino"] {
        let options = tool::Options {
            tables: 3,
            seconds: 1.0,
            game: game.into(),
            ..tool::Options::default()
        };
        let report = tool::run(&options).await.expect("the load runs");
        let text = report.text(game, None);
        assert_eq!(report.connections, 6, "{text}");
        assert!(report.actions > 0, "{text}");
        assert!(report.applied > 0, "{text}");
        assert_eq!(report.errors, 0, "{text}");
        assert_eq!(report.latencies_us.len() as u64, report.actions, "{text}");
        assert!(report.latency_ms(0.5) <= report.latency_ms(0.99), "{text}");
        assert!(text.contains("p99"), "{text}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_load_tool_plays_against_a_bot() {
    let options = tool::Options {
        tables: 2,
        seconds: 1.0,
        game: "ca_ngua".into(),
        bot: Some("easy".into()),
        ..tool::Options::default()
    };
    let report = tool::run(&options).await.expect("the load runs");
    let text = report.text("ca_ngua", Some("easy"));
    assert_eq!(report.connections, 2, "{text}");
    assert!(report.actions > 0, "{text}");
    assert_eq!(report.errors, 0, "{text}");
}
