//! Proof certificates of Ô ăn quan: the file format, the engine's own verification, the
//! prover on small late-game positions, and the committed certificates.

use std::io::Read;

use dangian::o_an_quan::{
    Action, BigStone, Certificate, CertificateError, CertificateRecord as Record, Config, Dir,
    ProveOptions, Refill, Setup, State,
};
use dangian::{Action as _, ActionList, Game, NoEvents, Seat};

/// A position of the default rules that A, to move, wins (found by random play; the prover
/// settles it in a few hundred positions).
fn late_position() -> State {
    let mut setup = Setup::new(Config::default());
    setup.dan = [10, 0, 0, 0, 0, 2, 3, 0, 0, 0, 0, 1];
    setup.big = [BigStone::OnBoard, BigStone::CapturedBy { seat: Seat(0) }];
    setup.cap_dan = [13, 21];
    setup.turn = Seat(0);
    setup.ply = 16;
    State::from_setup(setup).unwrap()
}

/// Another, where the certificate has several of A's positions.
fn late_position_2() -> State {
    let mut setup = Setup::new(Config::default());
    setup.dan = [5, 0, 2, 0, 0, 0, 0, 1, 1, 0, 2, 0];
    setup.big = [
        BigStone::CapturedBy { seat: Seat(1) },
        BigStone::CapturedBy { seat: Seat(0) },
    ];
    setup.cap_dan = [25, 14];
    setup.turn = Seat(0);
    setup.ply = 32;
    State::from_setup(setup).unwrap()
}

fn options() -> ProveOptions {
    ProveOptions {
        max_depth: 12,
        table_bits: 14,
        ..ProveOptions::default()
    }
}

fn proven(root: &State) -> Certificate {
    let proof = Certificate::prove_from(root, Seat(0), &options()).unwrap();
    let c = proof.certificate.expect("the position is won for A");
    c.verify_from(root).unwrap();
    c
}

fn without(c: &Certificate, keep: impl Fn(usize, &Record) -> bool) -> Certificate {
    let records = c
        .records()
        .iter()
        .enumerate()
        .filter(|(i, r)| keep(*i, r))
        .map(|(_, r)| *r)
        .collect();
    Certificate::new(*c.config(), c.winner(), records).unwrap()
}

fn with_move(c: &Certificate, position: &[u8; 21], action: Action) -> Certificate {
    let records = c
        .records()
        .iter()
        .map(|r| {
            let mut r = *r;
            if &r.position == position {
                r.action = Record::encode_action(action);
            }
            r
        })
        .collect();
    Certificate::new(*c.config(), c.winner(), records).unwrap()
}

#[test]
fn a_small_position_proves_and_verifies() {
    for root in [late_position(), late_position_2()] {
        let c = proven(&root);
        assert!(c.len() > 1);
        assert_eq!(c.winner(), Seat(0));
        assert!(c.covers(&root));
        let m = c.move_for(&root).expect("A's move at the root");
        assert!(root.check(m).is_ok());
        // Following the certificate's moves against any replies wins: play them all out.
        let mut stack = vec![root];
        let mut games = 0;
        while let Some(s) = stack.pop() {
            if s.turn().is_none() {
                assert_eq!(s.winner(), Some(Seat(0)), "a line of the certificate lost");
                games += 1;
                continue;
            }
            assert!(c.covers(&s));
            if s.turn() == Some(Seat(0)) {
                let mut t = s;
                t.apply(c.move_for(&s).unwrap(), &mut NoEvents).unwrap();
                stack.push(t);
            } else {
                assert!(c.move_for(&s).is_none());
                let mut list = ActionList::new();
                s.legal_actions(&mut list);
                for &id in &list {
                    let mut t = s;
                    t.apply(Action::from_id(id).unwrap(), &mut NoEvents)
                        .unwrap();
                    stack.push(t);
                }
            }
        }
        assert!(games > 0);
        // The certificate is for this root, not for the start of the game.
        assert!(c.verify().is_err());
    }
}

#[test]
fn a_lost_position_has_no_proof() {
    // B cannot win the first late position with A to move (A wins it).
    let proof = Certificate::prove_from(&late_position(), Seat(1), &options()).unwrap();
    assert!(proof.certificate.is_none());
}

#[test]
fn the_format_round_trips() {
    let c = proven(&late_position_2());
    let bytes = c.to_bytes();
    let header = format!(
        "dangian-oaq-certificate 1\nrules {}\nwinner 0\npositions {}\n\n",
        serde_json::to_string(c.config()).unwrap(),
        c.len()
    );
    assert!(bytes.starts_with(header.as_bytes()));
    assert_eq!(
        bytes.len(),
        header.len() + Certificate::RECORD_LEN * c.len()
    );
    let back = Certificate::from_bytes(&bytes).unwrap();
    assert_eq!(back, c);
    assert_eq!(back.to_bytes(), bytes);
    back.verify_from(&late_position_2()).unwrap();
    // Sorted, no two equal.
    assert!(c
        .records()
        .windows(2)
        .all(|w| w[0].position < w[1].position));
    // The root's record holds the position's fields.
    let p = Certificate::position_of(&late_position_2()).unwrap();
    assert_eq!(&p[..12], &[5, 0, 2, 0, 0, 0, 0, 1, 1, 0, 2, 0]);
    assert_eq!(&p[12..14], &[3, 2]);
    assert_eq!(i16::from_le_bytes([p[14], p[15]]), 25);
    assert_eq!(i16::from_le_bytes([p[16], p[17]]), 14);
    assert_eq!(p[18], 0);
    assert_eq!(u16::from_le_bytes([p[19], p[20]]), 32);
    // Move bytes.
    for id in 0..20 {
        let a = Action::from_id(id).unwrap();
        assert_eq!(Record::decode_action(Record::encode_action(a)), Some(a));
    }
    assert_eq!(Record::encode_action(Action::new(4, Dir::Ccw).unwrap()), 4);
    assert_eq!(
        Record::encode_action(Action::new(9, Dir::Cw).unwrap()),
        0x89
    );
    assert_eq!(Record::decode_action(Record::NO_MOVE), None);
}

fn malformed(bytes: &[u8]) -> String {
    match Certificate::from_bytes(bytes) {
        Err(CertificateError::Malformed(m)) => m,
        other => panic!("accepted or wrong error: {other:?}"),
    }
}

#[test]
fn malformed_bytes_are_refused() {
    let c = proven(&late_position_2());
    let bytes = c.to_bytes();
    let body = bytes.len() - Certificate::RECORD_LEN * c.len();
    // Truncated anywhere: in the header or in the records.
    for cut in [0, 5, 30, body - 1, body + 3, bytes.len() - 1] {
        malformed(&bytes[..cut]);
    }
    // One byte too many.
    let mut longer = bytes.clone();
    longer.push(0);
    malformed(&longer);
    // A bad header.
    let mut bad = bytes.clone();
    bad[0] = b'D';
    malformed(&bad);
    let text = String::from_utf8_lossy(&bytes[..body]).into_owned();
    let records = &bytes[body..];
    let rebuilt = |header: String| [header.as_bytes(), records].concat();
    malformed(&rebuilt(text.replace("winner 0", "winner 2")));
    malformed(&rebuilt(
        text.replace("\"quan_value\":10", "\"quan_value\": 10"),
    ));
    malformed(&rebuilt(
        text.replace("\"quan_value\":10", "\"quan_value\":0"),
    ));
    malformed(&rebuilt(text.replace("\n\n", "\n")));
    // A wrong count.
    let n = c.len();
    for wrong in [n - 1, n + 1, 0] {
        malformed(&rebuilt(text.replace(
            &format!("positions {n}"),
            &format!("positions {wrong}"),
        )));
    }
    malformed(&rebuilt(
        text.replace(&format!("positions {n}"), &format!("positions 0{n}")),
    ));
    // Unsorted: two records swapped, or one twice.
    let mut swapped = bytes.clone();
    let (a, b) = (body, body + Certificate::RECORD_LEN);
    let first: Vec<u8> = swapped[a..b].to_vec();
    let second: Vec<u8> = swapped[b..b + Certificate::RECORD_LEN].to_vec();
    swapped[a..b].copy_from_slice(&second);
    swapped[b..b + Certificate::RECORD_LEN].copy_from_slice(&first);
    assert!(malformed(&swapped).contains("sorted"));
    let mut twice = bytes.clone();
    twice[b..b + Certificate::RECORD_LEN].copy_from_slice(&first);
    malformed(&twice);
    // A move byte where the loser moves, none where the winner moves.
    let loser = c
        .records()
        .iter()
        .position(|r| r.position[18] == 1)
        .unwrap();
    let mut bad_move = bytes.clone();
    bad_move[body + Certificate::RECORD_LEN * loser + 21] = 3;
    malformed(&bad_move);
    let winner = c
        .records()
        .iter()
        .position(|r| r.position[18] == 0)
        .unwrap();
    let mut no_move = bytes.clone();
    no_move[body + Certificate::RECORD_LEN * winner + 21] = Record::NO_MOVE;
    malformed(&no_move);
    // Gzip is not read here.
    assert!(malformed(&[0x1f, 0x8b, 8, 0]).contains("gzip"));
    // Garbage never panics.
    let mut x = 0x2545_f491_4f6c_dd1du64;
    for len in 0..200 {
        let mut junk = bytes[..body.min(len)].to_vec();
        for _ in 0..len {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            junk.push(x as u8);
        }
        let _ = Certificate::from_bytes(&junk);
    }
}

#[test]
fn tampered_certificates_fail_verification() {
    let root = late_position_2();
    let c = proven(&root);
    let root_position = Certificate::position_of(&root).unwrap();
    // Any record removed: the root, or a position some line reaches.
    for i in 0..c.len() {
        let cut = without(&c, |j, _| j != i);
        assert!(
            matches!(cut.verify_from(&root), Err(CertificateError::Invalid(_))),
            "record {i} removed and still valid"
        );
    }
    // The root's move changed to an illegal one (a square with no stones).
    let empty = [1u8, 2, 3, 4, 5]
        .into_iter()
        .find(|&cell| root.dan(cell) == 0)
        .unwrap();
    let illegal = with_move(&c, &root_position, Action::new(empty, Dir::Ccw).unwrap());
    assert!(illegal.verify_from(&root).is_err());
    // Changed to a move that loses or leaves the certificate.
    let mut list = ActionList::new();
    root.legal_actions(&mut list);
    let mut leaving = 0;
    for &id in &list {
        let a = Action::from_id(id).unwrap();
        let mut next = root;
        next.apply(a, &mut NoEvents).unwrap();
        let stays = if next.turn().is_none() {
            next.winner() == Some(Seat(0))
        } else {
            c.covers(&next)
        };
        let changed = with_move(&c, &root_position, a);
        assert_eq!(changed.verify_from(&root).is_ok(), stays, "{a}");
        leaving += usize::from(!stays);
    }
    assert!(leaving > 0);
    // The same records claimed for the other seat.
    let records: Vec<Record> = c
        .records()
        .iter()
        .map(|r| Record {
            position: r.position,
            action: Record::NO_MOVE,
        })
        .collect();
    let relabelled = Certificate::new(*c.config(), Seat(1), records);
    assert!(relabelled.is_err() || relabelled.unwrap().verify_from(&root).is_err());
}

/// Rules where a side that cannot pay for its refill from its captured dân loses, and a big
/// stone is worth 50.
fn no_credit(repetition_limit: Option<u8>) -> Config {
    Config {
        quan_value: 50,
        refill: Refill::EndGameOpponentWins,
        repetition_limit,
        ..Config::default()
    }
}

/// A position the first player wins, though behind (48 to 51 as the board stands: B holds
/// the right quan's big stone): B has no captured dân to refill with. The four plies a2−,
/// b5−, a1+, b4+ bring the board back as it was (OAQ-A13's cycle).
fn cycle_root(config: Config) -> State {
    let mut setup = Setup::new(config);
    setup.dan = [0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 1];
    setup.big = [BigStone::OnBoard, BigStone::CapturedBy { seat: Seat(1) }];
    setup.cap_dan = [47, 0];
    setup.turn = Seat(0);
    setup.ply = 40;
    State::from_setup(setup).unwrap()
}

/// A certificate for [`cycle_root`] whose first player goes round the cycle once before
/// winning: the cycle's records by hand, the prover's for every other reply of B and for
/// the board come back.
fn cycle_certificate(config: Config) -> Certificate {
    let mut state = cycle_root(config);
    let board = state.board();
    let cycle = [
        Action::new(2, Dir::Cw).unwrap(),
        Action::new(11, Dir::Cw).unwrap(),
        Action::new(1, Dir::Ccw).unwrap(),
        Action::new(10, Dir::Ccw).unwrap(),
    ];
    let fresh = |s: &State| {
        // A record carries no history: prove from the position alone.
        let setup = Setup {
            history: Vec::new(),
            ..s.to_setup()
        };
        State::from_setup(setup).unwrap()
    };
    let prove = |s: &State| {
        let options = ProveOptions {
            max_depth: 16,
            table_bits: 16,
            ..ProveOptions::default()
        };
        let proof = Certificate::prove_from(&fresh(s), Seat(0), &options).unwrap();
        proof.certificate.expect("won for A").records().to_vec()
    };
    let mut records = Vec::new();
    for (i, &a) in cycle.iter().enumerate() {
        let packed = Certificate::position_of(&state).unwrap();
        if i % 2 == 0 {
            records.push(Record {
                position: packed,
                action: Record::encode_action(a),
            });
        } else {
            records.push(Record {
                position: packed,
                action: Record::NO_MOVE,
            });
            let mut legal = ActionList::new();
            state.legal_actions(&mut legal);
            for &id in legal.iter() {
                let b = Action::from_id(id).unwrap();
                let mut next = state;
                next.apply(b, &mut NoEvents).unwrap();
                if b != a && next.end_reason().is_none() {
                    records.extend(prove(&next));
                }
            }
        }
        state.apply(a, &mut NoEvents).unwrap();
        state = fresh(&state);
    }
    assert_eq!(state.board(), board, "the cycle brings the board back");
    records.extend(prove(&state));
    records.sort_by_key(|r| r.position);
    records.dedup_by_key(|r| r.position);
    Certificate::new(config, Seat(0), records).unwrap()
}

#[test]
fn a_repetition_on_a_line_must_be_won_too() {
    // Without a repetition rule, and with one that needs three occurrences, going round once
    // is harmless: the certificate holds.
    for limit in [None, Some(3)] {
        let config = no_credit(limit);
        let c = cycle_certificate(config);
        c.verify_from(&cycle_root(config)).unwrap();
        // The records alone do not settle it under a limit: the key of the root's board
        // has two records (at plies 40 and 44).
        assert!(c.records().len() > 10);
    }
    // With two, the board come back at ply 44 ends the game by repetition, scored as the
    // board stands (48 to 51): not a win, so the certificate is refused.
    let config = no_credit(Some(2));
    let err = cycle_certificate(config)
        .verify_from(&cycle_root(config))
        .unwrap_err()
        .to_string();
    assert!(err.contains("repetition end, 48 to 51"), "{err}");
}

/// Under a repetition limit a certificate covers a game only where the positions the game
/// remembers cannot add to a repetition on the certificate's lines.
#[test]
fn a_certificate_covers_a_game_whose_past_cannot_repeat() {
    let config = no_credit(Some(3));
    let c = cycle_certificate(config);
    let root = cycle_root(config);
    // At the root with no past the certificate holds.
    assert!(c.covers(&root));
    assert_eq!(c.move_for(&root), Some(Action::new(2, Dir::Cw).unwrap()));
    // One ply on, the game remembers the root's board, which the cycle's lines reach again
    // within the window: a record, but not covered (the check is the same for a past that
    // came from elsewhere), so the bot searches there.
    let mut game = root;
    game.apply(Action::new(2, Dir::Cw).unwrap(), &mut NoEvents)
        .unwrap();
    let alone = Setup {
        history: Vec::new(),
        ..game.to_setup()
    };
    assert!(c.covers(&State::from_setup(alone).unwrap()));
    assert!(!c.covers(&game));
    // A game that came to the root's board by another way and remembers it twice (once
    // before the root, once as the root) could see it a third time on the certificate's
    // cycle: not covered, though the position is a record.
    let mut setup = root.to_setup();
    let remembered = root.to_setup().history;
    assert_eq!(remembered.len(), 1, "a position alone remembers itself");
    setup.history = vec![remembered[0], 0x0123_4567, remembered[0]];
    let twice = State::from_setup(setup).unwrap();
    assert!(!c.covers(&twice));
    assert_eq!(c.move_for(&twice), None);
    // Without a limit the past does not matter.
    let free = cycle_certificate(no_credit(None));
    let mut setup = cycle_root(no_credit(None)).to_setup();
    setup.history = Vec::new();
    assert!(free.covers(&State::from_setup(setup).unwrap()));
}

/// Dân 2 a square, one dân in each quan square, counter-clockwise only, a cap of 12 plies:
/// the first player wins from the start, with a certificate of about a hundred positions.
fn small_rules() -> Config {
    let mut config = Config {
        dan_per_square: 2,
        quan_setup: dangian::o_an_quan::QuanSetup::SmallStones { count: 1 },
        direction: dangian::o_an_quan::DirectionRule::FixedCcw,
        max_plies: Some(12),
        ..Config::default()
    };
    config.first_player = Seat(0);
    config
}

fn small_certificate() -> Certificate {
    let options = ProveOptions {
        winner: Some(Seat(0)),
        ..options()
    };
    let c = Certificate::prove(small_rules(), &options)
        .unwrap()
        .certificate
        .expect("the first player wins the small rules");
    c.verify().unwrap();
    c
}

#[test]
fn a_strategy_plays_out_into_its_certificate() {
    let c = small_certificate();
    let strategy = c.to_strategy().unwrap();
    assert!(strategy.starts_with(Certificate::STRATEGY_MAGIC.as_bytes()));
    let back = Certificate::from_strategy(&strategy).unwrap();
    assert_eq!(back, c);
    back.verify().unwrap();
    let moves = c
        .records()
        .iter()
        .filter(|r| r.move_action().is_some())
        .count();
    let header = strategy.len() - moves;
    assert!(moves > 10, "{moves} moves");

    // A byte too many or too few, a count that does not match, gzip: refused.
    let mut longer = strategy.clone();
    longer.push(longer[header]);
    assert!(Certificate::from_strategy(&longer).is_err());
    assert!(Certificate::from_strategy(&strategy[..strategy.len() - 1]).is_err());
    let text = String::from_utf8_lossy(&strategy[..header]).into_owned();
    let miscounted = text.replace(
        &format!("positions {}\n", c.len()),
        &format!("positions {}\n", c.len() + 1),
    );
    let mut wrong = miscounted.into_bytes();
    wrong.extend_from_slice(&strategy[header..]);
    assert!(Certificate::from_strategy(&wrong).is_err());
    assert!(Certificate::from_strategy(&[0x1f, 0x8b, 8, 0]).is_err());

    // Every other legal move byte in place of one of the winner's: the strategy is refused,
    // or it plays out into a certificate that fails verification, or (when the move also
    // wins) into one that holds.
    let mut refused = 0;
    for i in header..strategy.len() {
        for cell in 1..=5u8 {
            for dir in [Dir::Ccw, Dir::Cw] {
                let byte = Record::encode_action(Action::new(cell, dir).unwrap());
                if byte == strategy[i] {
                    continue;
                }
                let mut bent = strategy.clone();
                bent[i] = byte;
                match Certificate::from_strategy(&bent) {
                    Err(_) => refused += 1,
                    Ok(other) => {
                        if other.verify().is_err() {
                            refused += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(refused > 0);
}

#[test]
fn random_bytes_are_no_strategy() {
    let c = small_certificate();
    let strategy = c.to_strategy().unwrap();
    let header = strategy.len()
        - c.records()
            .iter()
            .filter(|r| r.move_action().is_some())
            .count();
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    for n in 0..200 {
        let mut bytes = strategy[..header].to_vec();
        for _ in 0..(n % 40) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            bytes.push(x as u8);
        }
        // Refused or played out: never a panic, and what plays out has the header's count.
        if let Ok(other) = Certificate::from_strategy(&bytes) {
            assert_eq!(other.len(), c.len());
        }
    }
}

/// The strategies kept in the repository: their rules, winner and first move. (Playing
/// them out and checking them takes seconds in a release build: the CI does it with the
/// `prove` example and the independent checker.)
#[test]
fn the_committed_strategies_claim_their_first_moves_for_the_first_player() {
    let preset = |name| <Config as dangian::GameConfig>::preset(name).unwrap();
    let gap_pay = Config {
        max_plies: Some(2000),
        ..preset("no_borrowing")
    };
    let a4_plus = Action::new(4, Dir::Ccw).unwrap();
    let a2_minus = Action::new(2, Dir::Cw).unwrap();
    let committed = [
        ("seed_rules", Config::default(), a4_plus),
        ("no_borrowing", preset("no_borrowing"), a4_plus),
        ("gap_pay_from_score", gap_pay, a4_plus),
        ("no_first_quan", preset("no_first_quan"), a2_minus),
        ("quan_worth_five", preset("quan_worth_five"), a4_plus),
        ("ludii", preset("ludii"), a2_minus),
        (
            "tonkin",
            preset("tonkin"),
            Action::new(3, Dir::Ccw).unwrap(),
        ),
        ("threefold", preset("threefold"), a4_plus),
        ("pay_to_refill", preset("pay_to_refill"), a2_minus),
        ("vi_wikipedia", preset("vi_wikipedia"), a4_plus),
    ];
    // Every file of the folder is one of these (the docs list the same).
    let dir = format!("{}/certificates/o_an_quan", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    files.sort();
    let mut listed: Vec<String> = committed
        .iter()
        .map(|(name, _, _)| format!("{name}.dgstrat.gz"))
        .collect();
    listed.sort();
    assert_eq!(files, listed);
    for (name, config, first) in committed {
        let path = format!(
            "{}/certificates/o_an_quan/{name}.dgstrat.gz",
            env!("CARGO_MANIFEST_DIR")
        );
        let file = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let mut bytes = Vec::new();
        flate2::read::GzDecoder::new(&file[..])
            .read_to_end(&mut bytes)
            .unwrap();
        let rules = serde_json::to_string(&config).unwrap();
        let header = format!(
            "{}\nrules {rules}\nwinner 0\npositions ",
            Certificate::STRATEGY_MAGIC
        );
        assert!(bytes.starts_with(header.as_bytes()), "{name}");
        let body = bytes.windows(2).position(|w| w == b"\n\n").unwrap() + 2;
        // The walk starts at the start position, where the winner moves first.
        assert_eq!(Record::decode_action(bytes[body]), Some(first), "{name}");
    }
}

/// A bot given a certificate plays its moves, even at the easy level, and wins every game
/// from the start whatever the other side plays; its hints say so in words.
#[test]
fn a_bot_with_a_certificate_wins_every_game() {
    use dangian::bot::{Bot, ProvenResult, RandomBot};
    use dangian::describe::Lang;
    use dangian::o_an_quan::{AlphaBetaBot, AlphaBetaSettings};
    use std::sync::Arc;
    let c = Arc::new(small_certificate());
    for seed in 0..30 {
        let mut game = State::new(small_rules()).unwrap();
        let mut winner =
            AlphaBetaBot::new(AlphaBetaSettings::EASY, seed).with_certificate(Arc::clone(&c));
        let mut loser_view =
            AlphaBetaBot::new(AlphaBetaSettings::EASY, seed).with_certificate(Arc::clone(&c));
        let mut other = RandomBot::new(seed);
        while game.end_reason().is_none() {
            let action = if game.to_move() == dangian::ToMove::Seat(Seat(0)) {
                let hints = winner.hints(&game);
                let best = &hints[0];
                assert_eq!(Some(best.action), c.move_for(&game));
                assert_eq!(best.proven.map(|p| p.result), Some(ProvenResult::Win));
                assert_eq!(
                    best.proven_words(Lang::En).as_deref(),
                    Some("wins by force")
                );
                assert_eq!(best.proven_words(Lang::Vi).as_deref(), Some("thắng chắc"));
                best.action
            } else {
                let hints = loser_view.hints(&game);
                assert!(hints
                    .iter()
                    .all(|h| h.proven.map(|p| p.result) == Some(ProvenResult::Loss)));
                other.choose(&game).unwrap()
            };
            game.apply(action, &mut NoEvents).unwrap();
        }
        assert_eq!(game.winner(), Some(Seat(0)), "seed {seed}");
    }
}

/// A certificate installed for the process reaches the level bots by name: medium and hard
/// play its moves and their hints say so, easy stays as it is; a certificate that does not
/// hold is refused and installs nothing; a certificate covers only its own rules.
#[test]
fn installed_certificates_reach_the_level_bots() {
    use dangian::bot::{bot_for_level, Bot, Level, ProvenResult, RandomBot, RememberingBot};
    use dangian::o_an_quan::{install_certificate, installed_certificates, uninstall_certificates};
    use std::sync::Arc;
    // Rules of this test alone (a cap of 14 plies), so the installed certificate reaches no
    // other test's games.
    let rules = Config {
        max_plies: Some(14),
        ..small_rules()
    };
    let c = Certificate::prove(
        rules,
        &ProveOptions {
            winner: Some(Seat(0)),
            max_depth: 16,
            ..options()
        },
    )
    .unwrap()
    .certificate
    .expect("the first player wins the small rules with a cap of 14");
    let start = State::new(rules).unwrap();
    let proven_win = |level: Level, game: &State| {
        let hints = bot_for_level::<State>(level, 1).hints(game);
        (hints[0].action, hints[0].proven.map(|p| p.result))
    };
    assert_eq!(proven_win(Level::Medium, &start).1, None);
    // The first player's positions of a game against a random reply, and a remembering
    // medium bot that has decided each of them (then answers them from memory).
    let mut positions = Vec::new();
    let mut game = start;
    let mut reply = RandomBot::new(3);
    while game.end_reason().is_none() {
        let action = if game.to_move() == dangian::ToMove::Seat(Seat(0)) {
            positions.push(game);
            proven_win(Level::Medium, &game).0
        } else {
            reply.choose(&game).unwrap()
        };
        game.apply(action, &mut NoEvents).unwrap();
    }
    let fresh_choices = |positions: &[State]| -> Vec<Option<Action>> {
        let choose = |p: &State| bot_for_level::<State>(Level::Medium, 1).choose(p);
        positions.iter().map(choose).collect()
    };
    let mut remembering = RememberingBot::new(bot_for_level::<State>(Level::Medium, 1));
    let uncertified: Vec<_> = positions.iter().map(|p| remembering.choose(p)).collect();
    assert_eq!(uncertified, fresh_choices(&positions));
    let again: Vec<_> = positions.iter().map(|p| remembering.choose(p)).collect();
    assert_eq!(
        (again, remembering.remembered()),
        (uncertified.clone(), positions.len() as u64)
    );

    // A certificate with one record's move changed to a losing one no longer holds:
    // refused, nothing installed.
    let bad = c
        .records()
        .iter()
        .filter(|r| r.action != Record::NO_MOVE)
        .flat_map(|r| {
            let state = Certificate::state_of(rules, &r.position).unwrap();
            let mut list = ActionList::new();
            state.legal_actions(&mut list);
            let moves: Vec<Action> = list.iter().filter_map(|&id| Action::from_id(id)).collect();
            moves.into_iter().map(move |a| (r.position, a))
        })
        .map(|(position, a)| with_move(&c, &position, a))
        .find(|bad| bad.verify_records().is_err())
        .expect("some changed move breaks the proof");
    let err = install_certificate(Arc::new(bad)).unwrap_err();
    assert!(matches!(err, CertificateError::Invalid(_)), "{err}");
    assert!(installed_certificates().is_empty());
    // A certificate read from its strategy installs (twice is once).
    let read = Certificate::read(&c.to_strategy().unwrap()).unwrap();
    assert_eq!(read, c);
    install_certificate(Arc::new(read)).unwrap();
    install_certificate(Arc::new(c.clone())).unwrap();
    assert_eq!(installed_certificates().len(), 1);
    assert!(!c.covers(&State::new(small_rules()).unwrap()));
    // The remembering bot forgets what it decided without the certificate: it plays the
    // certificate's moves, as a fresh bot does, and some of them are not what it chose before.
    let certified: Vec<_> = positions.iter().map(|p| remembering.choose(p)).collect();
    assert_eq!(remembering.remembered(), positions.len() as u64);
    assert_eq!(certified, fresh_choices(&positions));
    assert_ne!(certified, uncertified);

    for seed in 0..20 {
        let mut game = start;
        let mut other = RandomBot::new(seed);
        while game.end_reason().is_none() {
            let action = if game.to_move() == dangian::ToMove::Seat(Seat(0)) {
                let level = if seed % 2 == 0 {
                    Level::Medium
                } else {
                    Level::Hard
                };
                let (best, result) = proven_win(level, &game);
                assert_eq!(Some(best), c.move_for(&game));
                assert_eq!(result, Some(ProvenResult::Win));
                // Easy stays as it is: no proven results.
                assert_eq!(proven_win(Level::Easy, &game).1, None);
                best
            } else {
                let hints = bot_for_level::<State>(Level::Hard, seed).hints(&game);
                assert!(hints
                    .iter()
                    .all(|h| h.proven.map(|p| p.result) == Some(ProvenResult::Loss)));
                dangian::bot::Bot::choose(&mut other, &game).unwrap()
            };
            game.apply(action, &mut NoEvents).unwrap();
        }
        assert_eq!(game.winner(), Some(Seat(0)), "seed {seed}");
    }
    uninstall_certificates();
    assert_eq!(proven_win(Level::Medium, &start).1, None);
    let after: Vec<_> = positions.iter().map(|p| remembering.choose(p)).collect();
    assert_eq!(after, uncertified);
}

/// The prover gives up when its time is up (the clock is read every 65,536 positions or
/// so), with nothing proven.
#[test]
fn the_prover_keeps_to_its_time_limit() {
    let start = std::time::Instant::now();
    let options = ProveOptions {
        max_depth: 60,
        table_bits: 16,
        time_limit: Some(std::time::Duration::from_millis(200)),
        ..ProveOptions::default()
    };
    let proof = Certificate::prove(Config::default(), &options).unwrap();
    assert!(proof.timed_out && proof.certificate.is_none());
    // Generous: a debug build on a loaded machine reads the clock well within this.
    assert!(start.elapsed() < std::time::Duration::from_secs(30));
}

/// With no time at all every search gives up at once, so a split proof is made of its
/// layout alone: the other seat's replies enumerated, the winner's moves ranked by the bots'
/// search, laid out again deeper until the games end.
#[test]
fn a_split_proof_joins_the_proofs_of_its_frontier() {
    let no_time = ProveOptions {
        time_limit: Some(std::time::Duration::ZERO),
        ranking_positions: 2_000,
        ..options()
    };
    let small_start = State::new(small_rules()).unwrap();
    for root in [late_position(), late_position_2(), small_start] {
        // Unsplit, nothing is proven in no time.
        let plain = Certificate::prove_from(&root, Seat(0), &no_time).unwrap();
        assert!(plain.timed_out && plain.certificate.is_none());
        // Six plies laid out, then three times two more: the small rules' cap is 12 plies.
        let split = ProveOptions {
            split_plies: 6,
            ..no_time
        };
        let proof = Certificate::prove_from(&root, Seat(0), &split).unwrap();
        let c = proof
            .certificate
            .unwrap_or_else(|| panic!("{root:?}: {} {}", proof.timed_out, proof.depth));
        assert!(!proof.timed_out && proof.depth > 0);
        c.verify_from(&root).unwrap();
        if root == small_start {
            // Every record is reached by the joined strategy (or it would not compact).
            c.to_strategy().unwrap();
        }
    }
    // From the start of the default rules, three layouts more are too few for any end.
    let split = ProveOptions {
        split_plies: 1,
        winner: Some(Seat(0)),
        ..no_time
    };
    let proof = Certificate::prove(Config::default(), &split).unwrap();
    assert!(proof.timed_out && proof.certificate.is_none());
    // The other seat has no win to lay out.
    let split = ProveOptions {
        split_plies: 4,
        ..no_time
    };
    let proof = Certificate::prove_from(&late_position(), Seat(1), &split).unwrap();
    assert!(proof.certificate.is_none() && !proof.timed_out);
}

/// A split proof with time to search: the frontier's searches prove it, on two threads.
#[test]
fn a_split_proof_searches_its_frontier_on_every_thread() {
    let small_start = State::new(small_rules()).unwrap();
    let split = ProveOptions {
        split_plies: 2,
        ranking_positions: 2_000,
        threads: 2,
        ..options()
    };
    let proof = Certificate::prove_from(&small_start, Seat(0), &split).unwrap();
    let c = proof
        .certificate
        .expect("the first player wins the small rules");
    c.verify().unwrap();
    c.to_strategy().unwrap();
    assert_eq!(c.winner(), Seat(0));
}
