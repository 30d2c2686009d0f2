//! Scenario tests, one or more per rule ID of the Domino rules contract (DM-S*, DM-A*, DM-C*),
//! including the worked examples of its §5: a position, an action, the exact resulting
//! position and events.

use dangian::domino::{
    Action, Config, DrawPolicy, End, EndReason, Event, FishDetection, FishScoring, Illegal,
    LaterLead, Opening, Phase, Placed, Placement, Ranking, RoundEnd, RoundResult, SeatOrder, Setup,
    State, TieBreak, Tile, TileSet, MAX_REDEALS,
};
use dangian::{ActionList, ChanceList, Game, NoEvents, Outcome, Seat, ToMove};

// ---- helpers ------------------------------------------------------------------------------

fn t(s: &str) -> Tile {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn tiles(s: &str) -> Vec<Tile> {
    s.split_whitespace().map(t).collect()
}

fn play(tile: &str, end: End) -> Action {
    Action::Play { tile: t(tile), end }
}

fn placed(left: u8, right: u8) -> Placed {
    Placed { left, right }
}

fn line(s: &State) -> Vec<(u8, u8)> {
    s.line()
        .as_slice()
        .iter()
        .map(|p| (p.left, p.right))
        .collect()
}

fn legal(s: &State) -> Vec<String> {
    let mut ids = ActionList::new();
    s.legal_actions(&mut ids);
    ids.iter()
        .map(|&id| {
            <Action as dangian::Action>::from_id(id)
                .unwrap()
                .to_string()
        })
        .collect()
}

fn apply(s: &mut State, a: Action) -> Vec<Event> {
    let mut events = Vec::new();
    s.apply(a, &mut events)
        .unwrap_or_else(|e| panic!("{a} refused: {e}\n{s}"));
    events
}

fn seat(n: u8) -> Seat {
    Seat(n)
}

fn hand(s: &State, n: u8) -> Vec<Tile> {
    s.hand(Seat(n)).iter().collect()
}

/// The event that ends a match: its reason, the totals of the seats playing, and the places.
fn game_over(reason: EndReason, scores: &[u32], places: [u8; 4]) -> Event {
    let mut outcome = Outcome {
        reason,
        seats: scores.len() as u8,
        scores: [0; 4],
        places,
    };
    for (dst, &s) in outcome.scores.iter_mut().zip(scores) {
        *dst = s as i32;
    }
    Event::GameOver { outcome }
}

fn points(p: &[u32]) -> [u32; 4] {
    let mut out = [0; 4];
    out[..p.len()].copy_from_slice(p);
    out
}

/// A position in the middle of round 1: `hands` (one string per seat), `plays` (seat, tile,
/// end) in order, every other tile in the chợ, `to_move` in `phase`.
struct Pos<'a> {
    config: Config,
    hands: &'a [&'a str],
    plays: &'a [(u8, &'a str, End)],
    to_move: u8,
    phase: Phase,
    scores: &'a [u32],
    round: u32,
    last_round: Option<RoundResult>,
}

impl<'a> Pos<'a> {
    fn new(
        config: Config,
        hands: &'a [&'a str],
        plays: &'a [(u8, &'a str, End)],
        to_move: u8,
    ) -> Self {
        Pos {
            config,
            hands,
            plays,
            to_move,
            phase: Phase::Play,
            scores: &[],
            round: 1,
            last_round: None,
        }
    }

    fn setup(&self) -> Setup {
        let n = usize::from(self.config.players);
        let hands: Vec<Vec<Tile>> = self.hands.iter().map(|h| tiles(h)).collect();
        let plays: Vec<Placement> = self
            .plays
            .iter()
            .map(|&(s, tile, end)| Placement {
                seat: Seat(s),
                tile: t(tile),
                end,
            })
            .collect();
        let used: TileSet = hands
            .iter()
            .flatten()
            .copied()
            .chain(plays.iter().map(|p| p.tile))
            .collect();
        let boneyard = Tile::all().filter(|x| !used.contains(*x)).collect();
        let mut scores = self.scores.to_vec();
        scores.resize(n, 0);
        Setup {
            config: self.config,
            round: self.round,
            phase: self.phase,
            turn: Some(Seat(self.to_move)),
            hands,
            boneyard,
            leader: plays.first().map_or(Seat(0), |p| p.seat),
            plays,
            scores,
            last_round: self.last_round,
            drew: false,
            redeals: 0,
            move_number: 0,
            end_reason: None,
            lacks: vec![],
        }
    }

    fn state(&self) -> State {
        State::from_setup(self.setup()).unwrap_or_else(|e| panic!("bad test position: {e}"))
    }
}

/// Deal `hands` (seat 0's whole hand first, DM-C1) and return every event.
fn deal(state: &mut State, hands: &[&str]) -> Vec<Event> {
    let mut events = Vec::new();
    for h in hands {
        for tile in tiles(h) {
            events.extend(apply(state, Action::Deal(tile)));
        }
    }
    events
}

fn dealt_events(hands: &[&str]) -> Vec<Event> {
    let mut out = Vec::new();
    for (s, h) in hands.iter().enumerate() {
        for tile in tiles(h) {
            out.push(Event::Dealt {
                seat: seat(s as u8),
                tile: Some(tile),
            });
        }
    }
    out
}

/// Nine placements whose line is [0|1][1|2][2|0][0|0][0|3][3|4][4|0][0|5][5|6], ends (0, 6);
/// placement `i` by seat `seat_of(i)`. Playing 0-6 at R then closes the layout on 0.
fn closing_plays(seat_of: impl Fn(u8) -> u8) -> Vec<(u8, &'static str, End)> {
    use End::{Left as L, Right as R};
    let tiles = [
        ("0-0", L),
        ("0-3", R),
        ("3-4", R),
        ("0-4", R),
        ("0-5", R),
        ("5-6", R),
        ("0-2", L),
        ("1-2", L),
        ("0-1", L),
    ];
    tiles
        .iter()
        .enumerate()
        .map(|(i, &(tile, end))| (seat_of(i as u8), tile, end))
        .collect()
}

// ---- seed rules ---------------------------------------------------------------------------

#[test]
fn dm_s1_two_three_or_four_players() {
    // DM-S1: 2, 3 or 4 players; anything else is refused.
    for n in 2..=4 {
        let s = State::new(Config::with_players(n)).unwrap();
        assert_eq!(s.seats(), n);
        assert_eq!(s.scores().len(), usize::from(n));
    }
    for n in [0, 1, 5] {
        let e = State::new(Config::with_players(n)).unwrap_err();
        assert_eq!(e.option, "players");
    }
}

#[test]
fn dm_s2_the_match_runs_rounds_until_the_first_loser() {
    // DM-S2: many rounds; a round that leaves everyone under the limit starts the next one.
    let c = Config::default();
    let mut s = Pos::new(c, &["3-5", "4-6 0-1"], &[(1, "3-3", End::Left)], 0).state();
    let ev = apply(&mut s, play("3-5", End::Right));
    assert_eq!(
        ev,
        vec![
            Event::Played {
                seat: seat(0),
                tile: t("3-5"),
                end: End::Right,
                placed: placed(3, 5)
            },
            Event::WentOut { seat: seat(0) },
            Event::RoundScored {
                result: RoundResult {
                    round: 1,
                    end: RoundEnd::Out,
                    seat: seat(0),
                    points: points(&[0, 11])
                },
                scores: points(&[0, 11]),
            },
            Event::RoundStarted { round: 2 },
        ]
    );
    assert_eq!(s.phase(), Phase::Deal);
    assert_eq!(s.round(), 2);
    assert_eq!(s.boneyard().len(), 28);
    assert_eq!(s.to_move(), ToMove::Chance);
    assert!(s.outcome().is_none());
}

#[test]
fn dm_s3_double_six_set_of_28_with_7_doubles() {
    // DM-S3: 28 tiles, 7 doubles; the deal draws from all 28.
    assert_eq!(Tile::all().count(), 28);
    assert_eq!(Tile::all().filter(|x| x.is_double()).count(), 7);
    let s = State::new(Config::default()).unwrap();
    assert_eq!(s.boneyard(), TileSet::ALL);
    let mut chance = ChanceList::new();
    s.chance_outcomes(&mut chance);
    assert_eq!(chance.len(), 28);
}

#[test]
fn dm_s4_seven_tiles_each_and_the_cho() {
    // DM-S4 and §5 "Deal": boneyard 14 / 7 / 0 for 2 / 3 / 4 players.
    for (n, rest) in [(2u8, 14usize), (3, 7), (4, 0)] {
        let mut s = State::new(Config::with_players(n)).unwrap();
        let mut rng = dangian::GameRng::new(u64::from(n));
        let mut deals = 0;
        while s.phase() == Phase::Deal {
            let a = s.sample_chance(&mut rng).unwrap();
            assert!(matches!(a, Action::Deal(_)));
            s.apply(a, &mut NoEvents).unwrap();
            deals += 1;
        }
        assert_eq!(deals, 7 * usize::from(n), "{n} players");
        // Right after the deal (the forced lead put one tile on the line).
        assert_eq!(s.boneyard().len(), rest, "{n} players");
        let held: usize = (0..n).map(|i| s.hand(seat(i)).len()).sum();
        assert_eq!(held + s.line().len(), 7 * usize::from(n), "{n} players");
        assert!((0..n).all(|i| s.hand(seat(i)).len() >= 6));
    }
}

#[test]
fn dm_s5_zero_zero_leads_else_high_doubles_else_highest_total() {
    // DM-S5 and §5 "Opening priority".
    let c = Config::default();
    let cases: [(&[&str], u8, &str); 5] = [
        // 0-0 first, even against 6-6.
        (
            &["6-6 1-2 1-3 1-4 1-5 1-6 2-3", "0-0 2-4 2-5 2-6 3-4 3-5 3-6"],
            1,
            "0-0",
        ),
        // No 0-0 dealt: 6-6 beats 5-5.
        (
            &["5-5 1-2 1-3 1-4 1-5 1-6 2-3", "6-6 2-4 2-5 2-6 3-4 3-5 3-6"],
            1,
            "6-6",
        ),
        (
            &["5-5 1-2 1-3 1-4 1-5 1-6 2-3", "1-1 2-4 2-5 2-6 3-4 3-5 3-6"],
            0,
            "5-5",
        ),
        // No double dealt: 3-6 before 4-5 (sum 9, higher end first).
        (
            &["0-1 0-2 0-3 0-4 0-5 0-6 4-5", "1-2 1-3 1-4 1-5 1-6 2-3 3-6"],
            1,
            "3-6",
        ),
        // 2-6 before 3-5 (sum 8).
        (
            &["0-1 0-2 0-3 0-4 0-5 0-6 3-5", "1-2 1-3 1-4 1-5 1-6 2-3 2-6"],
            1,
            "2-6",
        ),
    ];
    for (hands, leader, tile) in cases {
        let mut s = State::new(c).unwrap();
        let ev = deal(&mut s, hands);
        let led = Event::Led {
            seat: seat(leader),
            tile: t(tile),
            forced: true,
        };
        assert_eq!(ev[..14], dealt_events(hands)[..], "{tile}");
        assert_eq!(ev[14], led, "{tile}");
        let tl = t(tile);
        assert_eq!(line(&s), vec![(tl.low(), tl.high())]);
        assert_eq!(s.last_placer(), Some(seat(leader)));
        assert!(!s.hand(seat(leader)).contains(tl));
    }
}

#[test]
fn dm_s6_chain_worked_example() {
    // DM-S6 and §5 "Chain": 1-1, then 1-5 → ends (1,5), 5-3 → (1,3), 3-2 → (1,2).
    let c = Config::default();
    let mut s = Pos::new(
        c,
        &["3-5 1-2 6-6", "1-5 2-3 4-4 0-0"],
        &[(0, "1-1", End::Left)],
        1,
    )
    .state();
    assert_eq!(s.ends(), Some((1, 1)));
    apply(&mut s, play("1-5", End::Right));
    assert_eq!(s.ends(), Some((1, 5)));
    apply(&mut s, play("3-5", End::Right));
    assert_eq!(s.ends(), Some((1, 3)));
    let ev = apply(&mut s, play("2-3", End::Right));
    assert_eq!(
        ev,
        vec![Event::Played {
            seat: seat(1),
            tile: t("2-3"),
            end: End::Right,
            placed: placed(3, 2)
        }]
    );
    assert_eq!(s.ends(), Some((1, 2)));
    assert_eq!(line(&s), vec![(1, 1), (1, 5), (5, 3), (3, 2)]);
    // A tile must match the end it goes on.
    assert_eq!(
        s.check(play("6-6", End::Left)),
        Err(Illegal::NoMatch {
            tile: t("6-6"),
            end: End::Left,
            shows: 1
        })
    );
    assert_eq!(
        s.check(play("6-6", End::Left)).unwrap_err().to_string(),
        "6-6 does not match the L end, which shows 1"
    );
    assert_eq!(
        s.check(play("4-4", End::Left)),
        Err(Illegal::NotInHand {
            seat: seat(0),
            tile: t("4-4")
        })
    );
    // A refused action leaves the state unchanged.
    let before = s;
    assert!(s.apply(play("6-6", End::Left), &mut NoEvents).is_err());
    assert_eq!(s, before);
}

#[test]
fn dm_s7_a_tile_fitting_both_ends_goes_where_its_holder_chooses() {
    // DM-S7 and §5: with ends (1, 2), 1-2 fits either end.
    let c = Config::default();
    let pos = Pos::new(
        c,
        &["1-2 6-6", "4-4 0-0"],
        &[
            (0, "1-1", End::Left),
            (1, "1-5", End::Right),
            (0, "3-5", End::Right),
            (1, "2-3", End::Right),
        ],
        0,
    );
    let s = pos.state();
    assert_eq!(legal(&s), vec!["play 1-2 L", "play 1-2 R"]);
    let mut left = s;
    apply(&mut left, play("1-2", End::Left));
    assert_eq!(line(&left)[0], (2, 1));
    assert_eq!(left.ends(), Some((2, 2)));
    let mut right = s;
    apply(&mut right, play("1-2", End::Right));
    assert_eq!(*line(&right).last().unwrap(), (2, 1));
    assert_eq!(right.ends(), Some((1, 1)));
}

#[test]
fn dm_s8_draw_one_at_a_time_until_playable_then_play_it() {
    // DM-S8 and §5 "Drawing": ends (1, 2); a hand with no 1 and no 2 draws.
    let c = Config::default();
    let mut pos = Pos::new(c, &["3-3 4-5", "6-6 0-0"], &[(1, "1-2", End::Left)], 0);
    pos.phase = Phase::Draw;
    let mut s = pos.state();
    assert_eq!(s.to_move(), ToMove::Chance);
    // The player may not play; drawing is chance (DM-C2).
    assert!(matches!(
        s.check(play("3-3", End::Left)),
        Err(Illegal::ChanceToAct { .. })
    ));
    let ev = apply(&mut s, Action::Draw(t("5-6")));
    assert_eq!(
        ev,
        vec![Event::Drew {
            seat: seat(0),
            tile: Some(t("5-6"))
        }]
    );
    assert_eq!(s.phase(), Phase::Draw);
    let ev = apply(&mut s, Action::Draw(t("0-2")));
    assert_eq!(
        ev,
        vec![Event::Drew {
            seat: seat(0),
            tile: Some(t("0-2"))
        }]
    );
    // The drawn 0-2 fits the right end: it is the only legal play.
    assert_eq!(s.to_move(), ToMove::Seat(seat(0)));
    assert_eq!(legal(&s), vec!["play 0-2 R"]);
    apply(&mut s, play("0-2", End::Right));
    // The other drawn tiles stay in the hand.
    assert_eq!(hand(&s, 0), tiles("3-3 4-5 5-6"));
    assert_eq!(line(&s), vec![(1, 2), (2, 0)]);
}

#[test]
fn dm_s8_no_drawing_while_holding_a_playable_tile() {
    // DM-S8 / DM-A3: drawing is not a choice under the seed rules.
    let c = Config::default();
    let s = Pos::new(c, &["1-3 4-5", "6-6 0-0"], &[(1, "1-2", End::Left)], 0).state();
    assert_eq!(legal(&s), vec!["play 1-3 L"]);
    assert_eq!(
        s.check(Action::Market),
        Err(Illegal::MarketNotAllowed {
            seat: seat(0),
            policy: DrawPolicy::UntilPlayable
        })
    );
    assert_eq!(
        s.check(Action::Draw(t("0-1"))),
        Err(Illegal::PlayerToAct {
            seat: seat(0),
            action: Action::Draw(t("0-1"))
        })
    );
}

/// Seat 0 to move with 0-* and 1-* tiles; seat 1 holds only tiles of 2..6; the chợ is empty.
fn empty_cho_position(config: Config) -> State {
    Pos::new(
        config,
        &[
            "0-1 0-2 0-3 0-4 0-5 0-6 1-1 1-2 1-3 1-4 1-5 1-6 6-6",
            "2-2 2-3 2-4 2-5 2-6 3-3 3-4 3-5 3-6 4-4 4-5 4-6 5-5 5-6",
        ],
        &[(1, "0-0", End::Left)],
        0,
    )
    .state()
}

#[test]
fn dm_s9_pass_when_the_cho_is_empty() {
    // DM-S9: seat 1 cannot play and the chợ is empty: it passes (automatically, DM-C2).
    let mut s = empty_cho_position(Config::default());
    assert!(s.boneyard().is_empty());
    let ev = apply(&mut s, play("0-1", End::Right));
    assert_eq!(
        ev,
        vec![
            Event::Played {
                seat: seat(0),
                tile: t("0-1"),
                end: End::Right,
                placed: placed(0, 1)
            },
            Event::Passed { seat: seat(1) },
        ]
    );
    assert_eq!(s.to_move(), ToMove::Seat(seat(0)));
    assert_eq!(s.ends(), Some((0, 1)));
}

/// The closing position: seat 0 to play 0-6 at R, closing the layout on 0 (DM-A5 example).
fn closing_position(config: Config, hands: &[&str], seat_of: impl Fn(u8) -> u8) -> State {
    let plays = closing_plays(seat_of);
    Pos::new(config, hands, &plays, 0).state()
}

const SEAT0_AFTER: &str = "1-1 6-6 5-5 4-6 4-5 3-6 3-5 2-6"; // 68 pips
const SEAT1_ALL: &str = "1-3 1-4 1-5 1-6 2-2 2-3 2-4 2-5 3-3 4-4"; // 58 pips

#[test]
fn dm_s10_fish_when_nobody_can_play() {
    // DM-S10: the chợ is empty and after 0-6 nobody holds a 0: cá; seat 0 set it.
    let hands = [&format!("0-6 {SEAT0_AFTER}")[..], SEAT1_ALL];
    let mut s = closing_position(Config::default(), &hands, |i| (i + 1) % 2);
    let ev = apply(&mut s, play("0-6", End::Right));
    assert_eq!(
        ev,
        vec![
            Event::Played {
                seat: seat(0),
                tile: t("0-6"),
                end: End::Right,
                placed: placed(6, 0)
            },
            Event::Fish {
                setter: seat(0),
                closed: false
            },
            Event::RoundScored {
                result: RoundResult {
                    round: 1,
                    end: RoundEnd::Fish,
                    seat: seat(0),
                    points: points(&[0, 58])
                },
                scores: points(&[0, 58]),
            },
            Event::RoundStarted { round: 2 },
        ]
    );
    assert_eq!(s.scores(), &[0, 58]);
    assert_eq!(s.last_round().map(|r| r.end), Some(RoundEnd::Fish));
}

#[test]
fn dm_s11_round_score_worked_example() {
    // DM-S11 and §5 "Round score": seat 0 goes out; seat 1 holds 6-4 and 0-0: adds 10.
    let c = Config::default();
    let mut s = Pos::new(c, &["3-5", "4-6 0-0"], &[(1, "3-3", End::Left)], 0).state();
    let ev = apply(&mut s, play("3-5", End::Left));
    assert_eq!(ev[1], Event::WentOut { seat: seat(0) });
    assert_eq!(
        ev[2],
        Event::RoundScored {
            result: RoundResult {
                round: 1,
                end: RoundEnd::Out,
                seat: seat(0),
                points: points(&[0, 10])
            },
            scores: points(&[0, 10]),
        }
    );
}

fn three_player_end(
    scores: &[u32],
    hands: &[&str; 3],
    goes_out: &str,
    config: Config,
) -> (State, Vec<Event>) {
    let mut pos = Pos::new(config, hands, &[(1, "3-3", End::Left)], 2);
    pos.scores = scores;
    pos.round = 2;
    pos.last_round = Some(RoundResult {
        round: 1,
        end: RoundEnd::Out,
        seat: seat(1),
        points: points(scores),
    });
    let mut s = pos.state();
    let ev = apply(&mut s, play(goes_out, End::Left));
    (s, ev)
}

#[test]
fn dm_s12_the_match_ends_at_101_lowest_first() {
    // DM-S12 and §5 "End of game": totals 95, 60, 70; seat 2 goes out; the others add 12
    // and 30 → 107, 90, 70: places 3, 2, 1.
    let c = Config::with_players(3);
    let (s, ev) = three_player_end(&[95, 60, 70], &["6-6", "5-5 4-6 4-5 0-1", "2-3"], "2-3", c);
    assert_eq!(
        ev.last(),
        Some(&game_over(
            EndReason::LossThreshold,
            &[107, 90, 70],
            [3, 2, 1, 0]
        ))
    );
    assert_eq!(s.phase(), Phase::Over);
    assert_eq!(s.to_move(), ToMove::Over);
    let o = s.outcome().unwrap();
    assert_eq!(o.places, [3, 2, 1, 0]);
    assert_eq!(o.scores[..3], [107, 90, 70]);
    assert_eq!(o.winner(), Some(seat(2)));
    // The final board stays.
    assert_eq!(hand(&s, 0), tiles("6-6"));
    assert_eq!(s.check(play("6-6", End::Left)), Err(Illegal::GameOver));
}

// ---- variants -----------------------------------------------------------------------------

#[test]
fn dm_a1_opening_tile_not_forced_means_any_tile() {
    // DM-A1 `opening_tile_forced: false`: the 0-0 holder leads with a tile of its choice.
    let c = Config {
        opening_tile_forced: false,
        ..Config::default()
    };
    let mut s = State::new(c).unwrap();
    let hands = ["1-2 1-3 1-4 1-5 1-6 2-3 2-4", "0-0 2-5 2-6 3-4 3-5 3-6 4-4"];
    let ev = deal(&mut s, &hands);
    assert_eq!(ev, dealt_events(&hands));
    assert_eq!(s.phase(), Phase::Lead);
    assert_eq!(s.to_move(), ToMove::Seat(seat(1)));
    assert_eq!(legal(&s).len(), 7);
    assert_eq!(
        s.check(play("2-5", End::Right)),
        Err(Illegal::LeadIsLeft { tile: t("2-5") })
    );
    assert_eq!(
        s.check(Action::Market),
        Err(Illegal::MarketOnLead { seat: seat(1) })
    );
    let ev = apply(&mut s, play("2-5", End::Left));
    assert_eq!(
        ev,
        vec![Event::Led {
            seat: seat(1),
            tile: t("2-5"),
            forced: false
        }]
    );
    // DM-C4: laid as written.
    assert_eq!(line(&s), vec![(2, 5)]);
}

#[test]
fn dm_a1_tiebreak_lower_end() {
    // DM-A1 `opening_tiebreak`: HigherEnd leads 3-6 before 4-5; LowerEnd the reverse.
    let hands = ["0-1 0-2 0-3 0-4 0-5 0-6 4-5", "1-2 1-3 1-4 1-5 1-6 2-3 3-6"];
    for (tiebreak, leader, tile) in [
        (TieBreak::HigherEnd, 1, "3-6"),
        (TieBreak::LowerEnd, 0, "4-5"),
    ] {
        let c = Config {
            opening_tiebreak: tiebreak,
            ..Config::default()
        };
        let mut s = State::new(c).unwrap();
        let ev = deal(&mut s, &hands);
        assert_eq!(
            ev[14],
            Event::Led {
                seat: seat(leader),
                tile: t(tile),
                forced: true
            }
        );
    }
}

#[test]
fn dm_a1_other_opening_rules() {
    // DM-A1 `opening`: Kozel's 1-1 first, the highest double, and seat 0 leading any tile.
    let hands = ["0-0 6-6 1-2 1-3 1-4 1-5 1-6", "1-1 2-2 2-3 2-4 2-5 2-6 3-4"];
    let cases = [
        (Opening::ZeroZeroThenHighDoubles, Some((0, "0-0"))),
        (Opening::OneOneThenUp, Some((1, "1-1"))),
        (Opening::HighestDouble, Some((0, "6-6"))),
        (Opening::AnyTileBySeat, None),
    ];
    for (opening, lead) in cases {
        let c = Config {
            opening,
            ..Config::default()
        };
        let mut s = State::new(c).unwrap();
        let ev = deal(&mut s, &hands);
        match lead {
            Some((leader, tile)) => assert_eq!(
                ev[14],
                Event::Led {
                    seat: seat(leader),
                    tile: t(tile),
                    forced: true
                },
                "{opening:?}"
            ),
            None => {
                assert_eq!(ev.len(), 14);
                assert_eq!(s.phase(), Phase::Lead);
                assert_eq!(s.to_move(), ToMove::Seat(seat(0)));
            }
        }
    }
    // Kozel: after 1-1 … 6-6 comes 0-0 before any non-double.
    let c = Config {
        opening: Opening::OneOneThenUp,
        ..Config::default()
    };
    let mut s = State::new(c).unwrap();
    let ev = deal(
        &mut s,
        &["5-6 1-2 1-3 1-4 1-5 1-6 2-3", "0-0 2-4 2-5 2-6 3-4 3-5 3-6"],
    );
    assert_eq!(
        ev[14],
        Event::Led {
            seat: seat(1),
            tile: t("0-0"),
            forced: true
        }
    );
}

/// Round 2 about to be dealt, after `last` (round 1), led by `prev_leader`.
fn round_two(config: Config, last: RoundResult, prev_leader: u8) -> State {
    let n = usize::from(config.players);
    let setup = Setup {
        config,
        round: 2,
        phase: Phase::Deal,
        turn: Some(seat(0)),
        hands: vec![vec![]; n],
        boneyard: Tile::all().collect(),
        plays: vec![],
        scores: last.points[..n].to_vec(),
        last_round: Some(last),
        leader: seat(prev_leader),
        drew: false,
        redeals: 0,
        move_number: 0,
        end_reason: None,
        lacks: vec![],
    };
    State::from_setup(setup).unwrap()
}

fn result(end: RoundEnd, who: u8, pts: &[u32]) -> RoundResult {
    RoundResult {
        round: 1,
        end,
        seat: seat(who),
        points: points(pts),
    }
}

#[test]
fn dm_a2_later_round_lead() {
    // DM-A2: who leads round 2. Seat 0 holds 0-0 in every case.
    let hands = [
        "0-0 1-2 1-3 1-4 1-5 1-6 2-3",
        "2-4 2-5 2-6 3-4 3-5 3-6 4-5",
        "4-6 5-6 0-1 0-2 0-3 0-4 0-5",
    ];
    let out1 = result(RoundEnd::Out, 1, &[5, 0, 7]);
    let fish2 = result(RoundEnd::Fish, 2, &[5, 9, 0]);
    // (rule, last round, previous leader, expected: Some(seat) for an any-tile lead by that
    // seat, None for the opening rule).
    let cases = [
        (LaterLead::SameAsFirst, out1, 2, None),
        (LaterLead::PreviousWinnerAnyTile, out1, 2, Some(1)),
        (LaterLead::PreviousWinnerAnyTile, fish2, 2, None),
        (LaterLead::FishSetterAnyTile, fish2, 0, Some(2)),
        (LaterLead::FishSetterAnyTile, out1, 0, Some(1)),
        (LaterLead::Rotate, out1, 2, Some(0)),
        (LaterLead::Rotate, out1, 0, Some(1)),
    ];
    for (rule, last, prev, expected) in cases {
        let c = Config {
            players: 3,
            later_round_lead: rule,
            ..Config::default()
        };
        let mut s = round_two(c, last, prev);
        let ev = deal(&mut s, &hands);
        match expected {
            Some(leader) => {
                assert_eq!(s.phase(), Phase::Lead, "{rule:?}");
                assert_eq!(s.to_move(), ToMove::Seat(seat(leader)), "{rule:?}");
                assert_eq!(s.leader(), seat(leader));
                assert_eq!(legal(&s).len(), 7);
            }
            None => assert_eq!(
                ev[21],
                Event::Led {
                    seat: seat(0),
                    tile: t("0-0"),
                    forced: true
                },
                "{rule:?}"
            ),
        }
    }
    // Rotate with the descending order: the seat before the previous leader.
    let c = Config {
        players: 3,
        later_round_lead: LaterLead::Rotate,
        turn_order: SeatOrder::Descending,
        ..Config::default()
    };
    let mut s = round_two(c, out1, 0);
    deal(&mut s, &hands);
    assert_eq!(s.to_move(), ToMove::Seat(seat(2)));
}

#[test]
fn dm_a3_one_then_pass() {
    // DM-A3 `OneThenPass`: a stuck seat draws one tile; it does not fit: pass.
    let c = Config {
        draw_policy: DrawPolicy::OneThenPass,
        ..Config::default()
    };
    let mut pos = Pos::new(c, &["3-3 4-5", "6-1 0-0"], &[(1, "1-2", End::Left)], 0);
    pos.phase = Phase::Draw;
    let mut s = pos.state();
    let ev = apply(&mut s, Action::Draw(t("5-6")));
    assert_eq!(
        ev,
        vec![
            Event::Drew {
                seat: seat(0),
                tile: Some(t("5-6"))
            },
            Event::Passed { seat: seat(0) },
        ]
    );
    assert_eq!(s.to_move(), ToMove::Seat(seat(1)));
    // Under UntilPlayable the same draw keeps seat 0 drawing.
    let mut pos = Pos::new(
        Config::default(),
        &["3-3 4-5", "6-1 0-0"],
        &[(1, "1-2", End::Left)],
        0,
    );
    pos.phase = Phase::Draw;
    let mut s = pos.state();
    apply(&mut s, Action::Draw(t("5-6")));
    assert_eq!(s.phase(), Phase::Draw);
    assert_eq!(s.turn(), Some(seat(0)));
}

#[test]
fn dm_a3_voluntary_market() {
    // DM-A3 `Voluntary`: a seat able to play may choose to draw, then choose again.
    let c = Config {
        draw_policy: DrawPolicy::Voluntary,
        ..Config::default()
    };
    let mut s = Pos::new(c, &["1-3 4-5", "6-6 0-0"], &[(1, "1-2", End::Left)], 0).state();
    assert_eq!(legal(&s), vec!["play 1-3 L", "market"]);
    let ev = apply(&mut s, Action::Market);
    assert_eq!(ev, vec![Event::WentToMarket { seat: seat(0) }]);
    assert_eq!(s.to_move(), ToMove::Chance);
    apply(&mut s, Action::Draw(t("2-6")));
    assert_eq!(legal(&s), vec!["play 1-3 L", "play 2-6 R", "market"]);
    apply(&mut s, play("2-6", End::Right));
    assert_eq!(s.ends(), Some((1, 6)));
}

#[test]
fn dm_a3_no_draw_block_game() {
    // DM-A3 `NoDraw`: a stuck seat passes although the chợ has tiles.
    let c = Config {
        draw_policy: DrawPolicy::NoDraw,
        ..Config::default()
    };
    let mut s = Pos::new(c, &["1-3 4-5 2-4", "6-6 0-0"], &[(1, "1-2", End::Left)], 0).state();
    assert_eq!(s.drawable(), 0);
    let ev = apply(&mut s, play("1-3", End::Left));
    assert_eq!(ev[1], Event::Passed { seat: seat(1) });
    assert_eq!(s.to_move(), ToMove::Seat(seat(0)));
    assert_eq!(s.boneyard().len(), 22);
}

/// Seat 1 to move (holding every 0 and 6 left); seat 0 holds none; `cho` is the chợ.
fn reserve_position(config: Config, cho: &str) -> State {
    let all0 = "1-1 1-3 1-4 1-5 2-2 2-3 2-4 2-5 3-3 3-5 4-4 4-5 5-5";
    let cho: Vec<Tile> = tiles(cho);
    let seat0: Vec<String> = tiles(all0)
        .into_iter()
        .filter(|x| !cho.contains(x))
        .map(|x| x.to_string())
        .collect();
    let seat0 = seat0.join(" ");
    let hands = [&seat0[..], "0-6 1-6 2-6 3-6 4-6 6-6"];
    let plays = closing_plays(|i| i % 2);
    Pos::new(config, &hands, &plays, 1).state()
}

#[test]
fn dm_a4_boneyard_reserve() {
    // DM-A4: with a reserve of 2 the last two tiles of the chợ are never drawn.
    let c = Config {
        boneyard_reserve: 2,
        ..Config::default()
    };
    let mut s = reserve_position(c, "4-5 5-5");
    assert_eq!(s.drawable(), 0);
    let ev = apply(&mut s, play("6-6", End::Right));
    assert_eq!(ev[1], Event::Passed { seat: seat(0) });
    assert_eq!(s.to_move(), ToMove::Seat(seat(1)));
    // Without the reserve, seat 0 draws.
    let mut s = reserve_position(Config::default(), "4-5 5-5");
    apply(&mut s, play("6-6", End::Right));
    assert_eq!(s.phase(), Phase::Draw);
    // Three tiles and a reserve of two: one draw, uniform over all three (DM-C1), then a pass.
    let mut s = reserve_position(c, "4-4 4-5 5-5");
    apply(&mut s, play("6-6", End::Right));
    assert_eq!(s.phase(), Phase::Draw);
    let mut chance = ChanceList::new();
    s.chance_outcomes(&mut chance);
    assert_eq!(chance.len(), 3);
    assert!(chance.iter().all(|o| o.weight == 1));
    let ev = apply(&mut s, Action::Draw(t("5-5")));
    assert_eq!(ev[1], Event::Passed { seat: seat(0) });
    assert_eq!(s.boneyard().len(), 2);
}

#[test]
fn dm_a5_closed_layout_literal_draws_the_whole_cho() {
    // DM-A5 / §5 "Closed layout", default `AllStuck`: after 0-6 closes the layout on 0 the
    // next seat draws the whole chợ, passes, and the round is cá; seat 0 set it.
    let hands = [
        &format!("0-6 {SEAT0_AFTER}")[..],
        "1-3 1-4 1-5 1-6 2-3 2-4 2-5",
    ];
    let mut s = closing_position(Config::default(), &hands, |i| (i + 1) % 2);
    assert_eq!(
        s.boneyard().iter().collect::<Vec<_>>(),
        tiles("2-2 3-3 4-4")
    );
    let ev = apply(&mut s, play("0-6", End::Right));
    assert_eq!(ev.len(), 1);
    assert_eq!(s.phase(), Phase::Draw);
    apply(&mut s, Action::Draw(t("3-3")));
    apply(&mut s, Action::Draw(t("2-2")));
    let ev = apply(&mut s, Action::Draw(t("4-4")));
    assert_eq!(
        ev[..3],
        [
            Event::Drew {
                seat: seat(1),
                tile: Some(t("4-4"))
            },
            Event::Passed { seat: seat(1) },
            Event::Fish {
                setter: seat(0),
                closed: false
            },
        ]
    );
    // Seat 1 is charged the drawn tiles too: 40 + 18.
    assert_eq!(s.scores(), &[0, 58]);
}

#[test]
fn dm_a5_closed_layout_immediate() {
    // DM-A5 `ClosedLayoutImmediate`: cá at once, the chợ untouched.
    let c = Config {
        fish_detection: FishDetection::ClosedLayoutImmediate,
        ..Config::default()
    };
    let hands = [
        &format!("0-6 {SEAT0_AFTER}")[..],
        "1-3 1-4 1-5 1-6 2-3 2-4 2-5",
    ];
    let mut s = closing_position(c, &hands, |i| (i + 1) % 2);
    let ev = apply(&mut s, play("0-6", End::Right));
    assert_eq!(
        ev[1],
        Event::Fish {
            setter: seat(0),
            closed: true
        }
    );
    assert_eq!(s.scores(), &[0, 40]);
}

#[test]
fn dm_a5_four_players_closed_layout_is_fish_at_once() {
    // DM-A5: with 4 players (no chợ) a closed layout is cá at once; the setter is the seat
    // that placed the last tile.
    let hands = [
        "0-6 1-1 6-6 5-5 4-6",
        "4-5 3-6 3-5 2-6 1-3",
        "1-4 1-5 1-6 2-2 2-3",
        "2-4 2-5 3-3 4-4",
    ];
    let mut s = closing_position(Config::with_players(4), &hands, |i| (i + 3) % 4);
    assert!(s.boneyard().is_empty());
    let ev = apply(&mut s, play("0-6", End::Right));
    assert_eq!(
        ev[1],
        Event::Fish {
            setter: seat(0),
            closed: false
        }
    );
    // Seat 0 (setter) adds 0, the others their pips.
    assert_eq!(s.scores(), &[0, 38, 27, 27]);
}

#[test]
fn dm_a6_fish_scoring_variants() {
    // DM-A6: seat 0 sets the fish holding 68 pips; seat 1 holds 58.
    let hands = [&format!("0-6 {SEAT0_AFTER}")[..], SEAT1_ALL];
    for (scoring, expected) in [
        (FishScoring::SetterZeroOthersOwnPips, [0, 58]),
        (FishScoring::LowestHandZeroOthersOwnPips, [68, 0]),
        (FishScoring::BlockerCollects, [126, 0]),
    ] {
        let c = Config {
            fish_scoring: scoring,
            ..Config::default()
        };
        let mut s = closing_position(c, &hands, |i| (i + 1) % 2);
        apply(&mut s, play("0-6", End::Right));
        assert_eq!(s.scores(), &expected, "{scoring:?}");
        assert_eq!(s.last_round().unwrap().seat, seat(0));
    }
}

#[test]
fn dm_a7_double_blank_value() {
    // DM-A7: 0-0 counts 10: the §5 hand 6-4 + 0-0 adds 20.
    let c = Config {
        double_blank_value: 10,
        ..Config::default()
    };
    let mut s = Pos::new(c, &["3-5", "4-6 0-0"], &[(1, "3-3", End::Left)], 0).state();
    assert_eq!(s.hand_points(seat(1)), 20);
    apply(&mut s, play("3-5", End::Left));
    assert_eq!(s.scores(), &[0, 20]);
}

#[test]
fn dm_a8_ties_share_a_place_or_break_on_the_last_round() {
    // DM-A8 / §5 "End of game and ties": 40, 40, 105 → places 1, 1, 3 (SharedPlaces).
    // Seat 2 goes out: seat 0 adds 10 (95 → 105), seat 1 adds 10 (30 → 40), seat 2 stays 40.
    let hands = ["4-6", "0-1 0-4 0-5", "2-3"];
    let (s, ev) = three_player_end(&[95, 30, 40], &hands, "2-3", Config::with_players(3));
    assert_eq!(s.scores(), &[105, 40, 40]);
    assert_eq!(
        ev.last(),
        Some(&game_over(
            EndReason::LossThreshold,
            &[105, 40, 40],
            [3, 1, 1, 0]
        ))
    );
    assert_eq!(s.outcome().unwrap().winner(), None);
    // TieBreakLastRound: seat 2 added 0 in the last round, seat 1 added 10.
    let c = Config {
        ranking: Ranking::TieBreakLastRound,
        ..Config::with_players(3)
    };
    let (s, _) = three_player_end(&[95, 30, 40], &hands, "2-3", c);
    assert_eq!(s.outcome().unwrap().places, [3, 2, 1, 0]);
}

#[test]
fn dm_a8_several_seats_over_the_limit_in_one_round() {
    // DM-A8: two seats pass 101 in the same round; the check is after the round.
    let hands = ["6-6 5-5", "4-6 4-5", "2-3"];
    let (s, ev) = three_player_end(&[95, 100, 10], &hands, "2-3", Config::with_players(3));
    assert_eq!(s.scores(), &[117, 119, 10]);
    assert_eq!(s.outcome().unwrap().places, [2, 3, 1, 0]);
    assert!(matches!(ev.last(), Some(Event::GameOver { .. })));
}

#[test]
fn dm_a8_max_rounds_and_the_round_cap_guard() {
    // DM-A8 `max_rounds`: the match ends after that many rounds.
    let c = Config {
        max_rounds: Some(1),
        ..Config::default()
    };
    let mut s = Pos::new(c, &["3-5", "4-6 0-0"], &[(1, "3-3", End::Left)], 0).state();
    let ev = apply(&mut s, play("3-5", End::Left));
    assert_eq!(
        ev.last(),
        Some(&game_over(EndReason::MaxRounds, &[0, 10], [1, 2, 0, 0]))
    );
    // The engine guard: 4 × players × loss_threshold rounds when max_rounds is unset. A
    // round can add nothing (the loser holds only 0-0); at the cap the match ends.
    let c = Config {
        loss_threshold: 3,
        ..Config::default()
    };
    assert_eq!(c.round_cap(), 24);
    let mut pos = Pos::new(c, &["3-5", "0-0"], &[(1, "3-3", End::Left)], 0);
    pos.round = 24;
    pos.last_round = Some(RoundResult {
        round: 23,
        end: RoundEnd::Out,
        seat: seat(0),
        points: [0; 4],
    });
    let mut s = pos.state();
    let ev = apply(&mut s, play("3-5", End::Left));
    assert_eq!(
        ev.last(),
        Some(&game_over(EndReason::RoundCap, &[0, 0], [1, 1, 0, 0]))
    );
    assert_eq!(s.max_moves(), 24 * c.round_move_bound());
}

#[test]
fn dm_a9_hand_size_and_redeal() {
    // DM-A9: 5 tiles each for 3 players leaves 13 in the chợ.
    let c = Config {
        players: 3,
        hand_size: 5,
        ..Config::default()
    };
    let mut s = State::new(c).unwrap();
    deal(
        &mut s,
        &[
            "1-2 1-3 1-4 1-5 1-6",
            "2-3 2-4 2-5 2-6 3-4",
            "0-0 3-5 3-6 4-5 4-6",
        ],
    );
    assert_eq!(s.boneyard().len() + 1, 14);
    // Kozel: a hand with 5 doubles is re-dealt.
    let c = Config {
        redeal_if_doubles_at_least: Some(5),
        ..Config::default()
    };
    let mut s = State::new(c).unwrap();
    let hands = ["0-0 1-1 2-2 3-3 4-4 0-1 0-2", "0-3 0-4 0-5 0-6 1-2 1-3 1-4"];
    let ev = deal(&mut s, &hands);
    assert_eq!(
        ev.last(),
        Some(&Event::Redealt {
            seat: seat(0),
            doubles: 5
        })
    );
    assert_eq!(s.phase(), Phase::Deal);
    assert_eq!(s.boneyard().len(), 28);
    assert_eq!(s.redeals(), 1);
    // Four doubles are kept.
    let mut s = State::new(c).unwrap();
    let hands = ["0-0 1-1 2-2 3-3 5-6 0-1 0-2", "0-3 0-4 0-5 0-6 1-2 1-3 1-4"];
    let ev = deal(&mut s, &hands);
    assert!(matches!(ev.last(), Some(Event::Led { .. })));
    // After MAX_REDEALS re-deals the deal stands.
    let mut setup = Setup::new(c);
    setup.redeals = MAX_REDEALS;
    let mut s = State::from_setup(setup).unwrap();
    let hands = ["0-0 1-1 2-2 3-3 4-4 0-1 0-2", "0-3 0-4 0-5 0-6 1-2 1-3 1-4"];
    let ev = deal(&mut s, &hands);
    assert!(matches!(ev.last(), Some(Event::Led { .. })));
}

#[test]
fn dm_a10_turn_order() {
    // DM-A10: after seat 0, seat 1 plays (Ascending) or seat 2 (Descending).
    for (order, next) in [(SeatOrder::Ascending, 1), (SeatOrder::Descending, 2)] {
        let c = Config {
            players: 3,
            turn_order: order,
            ..Config::default()
        };
        let mut s = Pos::new(
            c,
            &["3-5 6-6", "5-1 0-0", "3-2 4-4"],
            &[(2, "3-3", End::Left)],
            0,
        )
        .state();
        apply(&mut s, play("3-5", End::Right));
        assert_eq!(s.to_move(), ToMove::Seat(seat(next)), "{order:?}");
    }
}

// ---- clarifications -----------------------------------------------------------------------

#[test]
fn dm_c1_deal_order_and_uniform_chance() {
    // DM-C1: the deal is a sequence of chance outcomes naming one tile; seat 0 gets its whole
    // hand first; every tile left has weight 1.
    let mut s = State::new(Config::default()).unwrap();
    for k in 0..14u8 {
        assert_eq!(s.to_move(), ToMove::Chance);
        assert_eq!(s.turn(), Some(seat(k / 7)));
        let mut chance = ChanceList::new();
        s.chance_outcomes(&mut chance);
        assert_eq!(chance.len(), 28 - usize::from(k));
        assert!(chance.iter().all(|o| o.weight == 1));
        let tile = s.boneyard().iter().last().unwrap();
        let ev = apply(&mut s, Action::Deal(tile));
        assert_eq!(
            ev[0],
            Event::Dealt {
                seat: seat(k / 7),
                tile: Some(tile)
            }
        );
    }
    // A tile already dealt cannot be dealt again.
    let mut s = State::new(Config::default()).unwrap();
    apply(&mut s, Action::Deal(t("3-4")));
    assert_eq!(
        s.check(Action::Deal(t("3-4"))),
        Err(Illegal::NotInStock { tile: t("3-4") })
    );
    assert!(matches!(
        s.check(Action::Draw(t("0-0"))),
        Err(Illegal::ChanceToAct { .. })
    ));
}

#[test]
fn dm_c2_forced_steps_are_automatic() {
    // DM-C2: the forced opening play and passes happen inside the action before them.
    let mut s = State::new(Config::default()).unwrap();
    let hands = ["0-0 1-2 1-3 1-4 1-5 1-6 2-3", "2-4 2-5 2-6 3-4 3-5 3-6 4-5"];
    let ev = deal(&mut s, &hands);
    assert_eq!(
        ev[14],
        Event::Led {
            seat: seat(0),
            tile: t("0-0"),
            forced: true
        }
    );
    // Seat 1 holds no 0: its turn is a chance draw, not a decision.
    assert_eq!(s.to_move(), ToMove::Chance);
    assert_eq!(s.phase(), Phase::Draw);
    assert_eq!(s.turn(), Some(seat(1)));
}

#[test]
fn dm_c3_equal_ends_give_two_actions() {
    // DM-C3: both ends show 5: 0-5 at L and at R are distinct actions with different lines.
    let c = Config::default();
    let s = Pos::new(c, &["0-5 2-5 6-6", "1-1 0-0"], &[(1, "5-5", End::Left)], 0).state();
    assert_eq!(
        legal(&s),
        vec!["play 0-5 L", "play 0-5 R", "play 2-5 L", "play 2-5 R"]
    );
    let mut l = s;
    apply(&mut l, play("0-5", End::Left));
    let mut r = s;
    apply(&mut r, play("0-5", End::Right));
    assert_eq!(line(&l), vec![(0, 5), (5, 5)]);
    assert_eq!(line(&r), vec![(5, 5), (5, 0)]);
    assert_ne!(l, r);
}

#[test]
fn dm_c4_orientation() {
    // DM-C4: the opening a-b lies as written; a tile at an end turns its matching half in.
    let c = Config::default();
    let mut s = Pos::new(c, &["1-3 2-6 4-4", "6-6 0-0"], &[(1, "3-6", End::Left)], 0).state();
    assert_eq!(line(&s), vec![(3, 6)]);
    let ev = apply(&mut s, play("1-3", End::Left));
    assert_eq!(
        ev[0],
        Event::Played {
            seat: seat(0),
            tile: t("1-3"),
            end: End::Left,
            placed: placed(1, 3)
        }
    );
    apply(&mut s, play("6-6", End::Right));
    apply(&mut s, play("2-6", End::Right));
    assert_eq!(line(&s), vec![(1, 3), (3, 6), (6, 6), (6, 2)]);
    assert_eq!(s.ends(), Some((1, 2)));
}

#[test]
fn dm_c5_going_out_is_checked_before_fish() {
    // DM-C5: the last tile also blocks the round: it is a win by going out, not a cá.
    let hands = ["0-6", SEAT1_ALL];
    let mut s = closing_position(Config::default(), &hands, |i| (i + 1) % 2);
    let ev = apply(&mut s, play("0-6", End::Right));
    assert_eq!(ev[1], Event::WentOut { seat: seat(0) });
    assert!(!ev.iter().any(|e| matches!(e, Event::Fish { .. })));
    assert_eq!(s.last_round().unwrap().end, RoundEnd::Out);
}

#[test]
fn dm_c5_checks_after_the_opening_play() {
    // DM-C5: the checks also run after the forced opening: a one-tile hand goes out at once.
    let c = Config {
        hand_size: 1,
        ..Config::default()
    };
    let mut s = State::new(c).unwrap();
    let ev = deal(&mut s, &["0-0", "5-6"]);
    assert_eq!(
        ev[2..5],
        [
            Event::Led {
                seat: seat(0),
                tile: t("0-0"),
                forced: true
            },
            Event::WentOut { seat: seat(0) },
            Event::RoundScored {
                result: RoundResult {
                    round: 1,
                    end: RoundEnd::Out,
                    seat: seat(0),
                    points: points(&[0, 11])
                },
                scores: points(&[0, 11])
            }
        ]
    );
}

#[test]
fn dm_c5_closed_layout_immediate_also_when_nobody_can_move() {
    // DM-C5: under ClosedLayoutImmediate cá is also declared when nobody can move although
    // the layout is not closed. (With every tile of both end numbers down the layout is
    // always closed, so this needs tiles kept in the chợ: here `NoDraw`.)
    let c = Config {
        fish_detection: FishDetection::ClosedLayoutImmediate,
        draw_policy: DrawPolicy::NoDraw,
        ..Config::default()
    };
    let mut s = Pos::new(c, &["1-3 5-5", "6-6 0-0"], &[(1, "1-2", End::Left)], 0).state();
    let ev = apply(&mut s, play("1-3", End::Left));
    // Checked right after the placement (DM-C5): no pass is needed to see it.
    assert_eq!(
        ev[1],
        Event::Fish {
            setter: seat(0),
            closed: false
        }
    );
    assert_eq!(s.scores(), &[0, 12]);
}

#[test]
fn dm_c6_default_is_two_players() {
    // DM-C6: the default player count is 2.
    assert_eq!(Config::default().players, 2);
    assert_eq!(State::new(Config::default()).unwrap().seats(), 2);
}

#[test]
fn dm_c7_blocker_collects_every_hand_its_own_included() {
    // DM-C7: three players; seat 0 closes the layout on 0 (the chợ is empty): cá. Under
    // BlockerCollects seat 0 is charged every hand: its own 68, seat 1's 26 and seat 2's 32;
    // seats 1 and 2 score 0.
    let c = Config {
        fish_scoring: FishScoring::BlockerCollects,
        ..Config::with_players(3)
    };
    let hands = [
        &format!("0-6 {SEAT0_AFTER}")[..],
        "1-3 1-4 1-5 1-6 2-2",
        "2-3 2-4 2-5 3-3 4-4",
    ];
    let mut s = closing_position(c, &hands, |i| i % 3);
    assert!(s.boneyard().is_empty());
    assert_eq!(
        [0, 1, 2].map(|n| s.hand_points(seat(n))),
        [6 + 68, 26, 32],
        "pips before the closing play"
    );
    let ev = apply(&mut s, play("0-6", End::Right));
    assert!(ev.contains(&Event::Fish {
        setter: seat(0),
        closed: false
    }));
    assert!(ev.contains(&Event::RoundScored {
        result: RoundResult {
            round: 1,
            end: RoundEnd::Fish,
            seat: seat(0),
            points: points(&[126, 0, 0])
        },
        scores: points(&[126, 0, 0]),
    }));
    // 126 ≥ 101: the match is over, seat 0 last.
    assert_eq!(s.outcome().unwrap().places, [3, 1, 1, 0]);
}

#[test]
fn dm_c8_at_most_eight_redeals_per_round_then_the_deal_stands() {
    // DM-C8: a hand with five doubles is dealt again, at most 8 times in a round; the deal
    // after the eighth re-deal stands.
    assert_eq!(MAX_REDEALS, 8);
    let c = Config {
        redeal_if_doubles_at_least: Some(5),
        ..Config::default()
    };
    let hands = ["0-0 1-1 2-2 3-3 4-4 0-1 0-2", "0-3 0-4 0-5 0-6 1-2 1-3 1-4"];
    let mut s = State::new(c).unwrap();
    for n in 1..=8u8 {
        let ev = deal(&mut s, &hands);
        assert_eq!(
            ev.last(),
            Some(&Event::Redealt {
                seat: seat(0),
                doubles: 5
            }),
            "deal {n}"
        );
        assert_eq!(s.redeals(), n);
        assert_eq!(s.phase(), Phase::Deal);
    }
    let ev = deal(&mut s, &hands);
    assert!(
        matches!(ev.last(), Some(Event::Led { tile, .. }) if *tile == t("0-0")),
        "the ninth deal stands: {:?}",
        ev.last()
    );
    assert_eq!(s.redeals(), 8);
    assert_eq!(s.phase(), Phase::Play);
    // The count starts at 0 in every round: a round that used all 8 re-deals ends, and the
    // next round's first deal with five doubles is dealt again.
    let mut setup = Pos::new(c, &["3-5", "4-6 0-0"], &[(1, "3-3", End::Left)], 0).setup();
    setup.redeals = 8;
    let mut s = State::from_setup(setup).unwrap();
    let ev = apply(&mut s, play("3-5", End::Left));
    assert_eq!(ev.last(), Some(&Event::RoundStarted { round: 2 }));
    assert_eq!(s.redeals(), 0);
    let ev = deal(&mut s, &hands);
    assert_eq!(
        ev.last(),
        Some(&Event::Redealt {
            seat: seat(0),
            doubles: 5
        })
    );
    assert_eq!(s.redeals(), 1);
}

#[test]
fn dm_c9_round_cap_is_4_x_players_x_loss_threshold() {
    // DM-C9: with max_rounds = None the match ends after 4 × players × loss_threshold rounds
    // (here 4 × 3 × 2 = 24), places by the totals as usual, end reason RoundCap.
    let c = Config {
        loss_threshold: 2,
        ..Config::with_players(3)
    };
    assert_eq!(c.max_rounds, None);
    assert_eq!(c.round_cap(), 24);
    assert_eq!(
        Config {
            loss_threshold: 101,
            ..Config::with_players(4)
        }
        .round_cap(),
        4 * 4 * 101
    );
    // Seat 2 goes out; seat 0 holds only 0-0 (adds 0), seat 1 holds 0-1 (adds 1).
    let at_round = |round: u32| {
        let hands = ["0-0", "0-1", "2-3"];
        let mut pos = Pos::new(c, &hands, &[(1, "3-3", End::Left)], 2);
        pos.scores = &[1, 0, 0];
        pos.round = round;
        pos.last_round = Some(RoundResult {
            round: round - 1,
            end: RoundEnd::Out,
            seat: seat(1),
            points: points(&[0, 0, 0]),
        });
        let mut s = pos.state();
        let ev = apply(&mut s, play("2-3", End::Left));
        (s, ev)
    };
    let (s, ev) = at_round(23);
    assert_eq!(ev.last(), Some(&Event::RoundStarted { round: 24 }));
    assert!(!s.is_over());
    let (s, ev) = at_round(24);
    assert_eq!(
        ev.last(),
        Some(&game_over(EndReason::RoundCap, &[1, 1, 0], [2, 2, 1, 0]))
    );
    assert_eq!(s.outcome().unwrap().reason, EndReason::RoundCap);
}
