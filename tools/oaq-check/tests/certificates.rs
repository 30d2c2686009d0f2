//! Certificates written by a small solver for rule sets that are decided quickly, then
//! checked as they are and after one corruption each.

mod common;

use std::io::Write;

use common::{rules_json, solve};
use oaq_check::cert::{
    decode_record, encode_record, read_certificate, write_certificate, CheckError, FailureKind,
    KEY_LEN, RECORD_LEN,
};
use oaq_check::rules::{play, play_detailed, EndReason, Outcome, Rules};

/// dân 2, one dân in each quan square, counter-clockwise only, cap 12: seat 0 wins with
/// about 100 positions, some repetition keys occur twice, and some moves lose at once.
fn small_rules() -> String {
    rules_json(&[
        ("dan_per_square", "2"),
        ("quan_setup", r#"{"kind":"small_stones","count":1}"#),
        ("direction", "\"fixed_ccw\""),
        ("max_plies", "12"),
    ])
}

/// dân 1, big stones, quan non below 2, counter-clockwise only, cap 12: the second player
/// (seat 1) wins; a repetition key occurs four times.
fn second_player_rules() -> String {
    rules_json(&[
        ("dan_per_square", "1"),
        ("quan_non_threshold", "2"),
        ("direction", "\"fixed_ccw\""),
        ("max_plies", "12"),
    ])
}

fn certificate(json: &str) -> (u8, Vec<u8>, usize) {
    solve(json, 1_000_000).expect("decided within the budget")
}

/// Splits a certificate into its header and its records.
fn split(bytes: &[u8]) -> (String, Vec<[u8; RECORD_LEN]>) {
    let mut newlines = 0;
    let mut at = 0;
    while newlines < 5 {
        if bytes[at] == b'\n' {
            newlines += 1;
        }
        at += 1;
    }
    let header = String::from_utf8(bytes[..at].to_vec()).unwrap();
    let records = bytes[at..]
        .chunks(RECORD_LEN)
        .map(|c| c.try_into().unwrap())
        .collect();
    (header, records)
}

/// Joins a header and records as they are (no sorting), with the count given.
fn join(header: &str, count: usize, records: &[[u8; RECORD_LEN]]) -> Vec<u8> {
    let mut lines: Vec<&str> = header.split('\n').collect();
    let positions = format!("positions {count}");
    lines[3] = &positions;
    let mut out = lines.join("\n").into_bytes();
    for r in records {
        out.extend_from_slice(r);
    }
    out
}

fn check(bytes: &[u8]) -> Result<oaq_check::Report, CheckError> {
    read_certificate(bytes)?.verify(2)
}

fn failure_kind(bytes: &[u8]) -> FailureKind {
    match check(bytes) {
        Err(CheckError::Invalid(f)) => f.kind,
        other => panic!("expected an invalid certificate, got {other:?}"),
    }
}

#[test]
fn valid_certificates_pass() {
    let cases = [
        (small_rules(), 0),
        (second_player_rules(), 1),
        // Either direction, big stones, quan non below 2.
        (
            rules_json(&[
                ("dan_per_square", "1"),
                ("quan_non_threshold", "2"),
                ("max_plies", "10"),
            ]),
            0,
        ),
        // Won on the first move: a certificate of one record.
        (
            rules_json(&[
                ("dan_per_square", "1"),
                ("quan_setup", r#"{"kind":"small_stones","count":1}"#),
                ("max_plies", "null"),
            ]),
            0,
        ),
    ];
    for (json, expected_winner) in cases {
        let (winner, bytes, n) = certificate(&json);
        assert_eq!(winner, expected_winner, "{json}");
        for threads in [1, 3] {
            let report = read_certificate(&bytes[..])
                .unwrap()
                .verify(threads)
                .unwrap_or_else(|e| panic!("{json}: {e}"));
            assert_eq!(report.positions, n as u64);
            assert_eq!(report.checked, n as u64);
        }
    }
}

#[test]
fn the_claim_names_the_winner_the_rules_and_the_first_move() {
    let json = small_rules();
    let (_, bytes, _) = certificate(&json);
    let report = check(&bytes).unwrap();
    assert!(
        report.claim.starts_with(
            "seat 0 (first player) wins under 2 dân a square, 1 dân in each quan square"
        ),
        "{}",
        report.claim
    );
    assert!(
        report.claim.contains("counter-clockwise only"),
        "{}",
        report.claim
    );
    assert!(report.claim.contains("cap 12 plies"), "{}", report.claim);
    let first = report.claim.rsplit("first move ").next().unwrap();
    assert!(
        first.len() == 3 && first.starts_with('a') && first.ends_with('+'),
        "{}",
        report.claim
    );
}

#[test]
fn gzip_compressed_certificates_are_read() {
    let (_, bytes, n) = certificate(&small_rules());
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(&bytes).unwrap();
    let gz = gz.finish().unwrap();
    assert_eq!(check(&gz).unwrap().positions, n as u64);
    // Cut short, the compressed stream cannot be read.
    match check(&gz[..gz.len() / 2]) {
        Err(e @ CheckError::Unreadable(_)) => assert_eq!(e.exit_code(), 2),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_removed_record_fails() {
    let (_, bytes, n) = certificate(&small_rules());
    let (header, records) = split(&bytes);
    let rules = Rules::from_json(&small_rules()).unwrap();
    let start = encode_record(&rules.start(), None).unwrap();
    // Every record is reached by the strategy: removing any one but the start leaves a
    // move whose position is missing.
    for drop in [1, n / 2, n - 1] {
        let mut rs = records.clone();
        let removed = rs.remove(drop);
        if removed[..KEY_LEN] == start[..KEY_LEN] {
            continue;
        }
        assert_eq!(
            failure_kind(&join(&header, n - 1, &rs)),
            FailureKind::MissingSuccessor
        );
    }
    let rs: Vec<_> = records
        .iter()
        .filter(|r| r[..KEY_LEN] != start[..KEY_LEN])
        .copied()
        .collect();
    assert_eq!(
        failure_kind(&join(&header, rs.len(), &rs)),
        FailureKind::StartMissing
    );
}

#[test]
fn a_changed_move_fails() {
    let json = small_rules();
    let (winner, bytes, n) = certificate(&json);
    let rules = Rules::from_json(&json).unwrap();
    let (header, records) = split(&bytes);
    let winner_records: Vec<usize> = (0..n).filter(|&i| records[i][18] == winner).collect();
    assert!(!winner_records.is_empty());

    // An illegal move: a square of the other seat, then an empty own square.
    let mut rs = records.clone();
    rs[winner_records[0]][21] = if winner == 0 { 8 } else { 2 };
    assert_eq!(
        failure_kind(&join(&header, n, &rs)),
        FailureKind::IllegalMove
    );
    let i = *winner_records
        .iter()
        .find(|&&i| (1..=5).any(|c| records[i][c] == 0))
        .expect("a position with an empty square");
    let empty = (1..=5).find(|&c| records[i][c] == 0).unwrap() as u8;
    let mut rs = records.clone();
    rs[i][21] = empty;
    assert_eq!(
        failure_kind(&join(&header, n, &rs)),
        FailureKind::IllegalMove
    );

    // A legal move that does not win: one that loses or draws the game at once, and one
    // that leads where the certificate has no record.
    let mut found_loss = false;
    let mut found_missing = false;
    for &i in &winner_records {
        let (pos, chosen) = decode_record(&records[i]).unwrap();
        for m in rules.legal_moves(&pos) {
            if Some(m) == chosen {
                continue;
            }
            let mut rs = records.clone();
            rs[i] = encode_record(&pos, Some(m)).unwrap();
            match play(&rules, &pos, m).unwrap() {
                Outcome::Ended(e) if e.winner != Some(winner) && !found_loss => {
                    assert_eq!(failure_kind(&join(&header, n, &rs)), FailureKind::NotWon);
                    found_loss = true;
                }
                Outcome::Continues(next)
                    if !found_missing
                        && !records.iter().any(|r| {
                            r[..KEY_LEN] == encode_record(&next, None).unwrap()[..KEY_LEN]
                        }) =>
                {
                    assert_eq!(
                        failure_kind(&join(&header, n, &rs)),
                        FailureKind::MissingSuccessor
                    );
                    found_missing = true;
                }
                _ => {}
            }
        }
    }
    assert!(found_loss, "no legal move that loses at once was tried");
    assert!(found_missing, "no legal move off the certificate was tried");
}

#[test]
fn a_wrong_winner_line_fails() {
    let (winner, bytes, n) = certificate(&small_rules());
    let (header, records) = split(&bytes);
    let flipped = header.replace(
        &format!("winner {winner}"),
        &format!("winner {}", 1 - winner),
    );
    // The move bytes now sit on the other seat's positions.
    assert_eq!(
        failure_kind(&join(&flipped, n, &records)),
        FailureKind::BadRecord
    );
    // Even with the moves rewritten for the other seat, it does not win.
    let rules = Rules::from_json(&small_rules()).unwrap();
    let rs: Vec<_> = records
        .iter()
        .map(|r| {
            let (pos, _) = decode_record(r).unwrap();
            let mv = (pos.to_move != winner).then(|| rules.legal_moves(&pos)[0]);
            encode_record(&pos, mv).unwrap()
        })
        .collect();
    let kind = failure_kind(&join(&flipped, n, &rs));
    assert!(
        matches!(kind, FailureKind::NotWon | FailureKind::MissingSuccessor),
        "{kind:?}"
    );
    let bad = flipped
        .replace("winner 1", "winner 2")
        .replace("winner 0", "winner 2");
    assert_eq!(failure_kind(&join(&bad, n, &records)), FailureKind::Header);
}

#[test]
fn unsorted_or_repeated_records_fail() {
    let (_, bytes, n) = certificate(&small_rules());
    let (header, records) = split(&bytes);
    let mut rs = records.clone();
    rs.swap(3, 4);
    assert_eq!(failure_kind(&join(&header, n, &rs)), FailureKind::Order);
    let mut rs = records.clone();
    rs.insert(5, records[5]);
    assert_eq!(failure_kind(&join(&header, n + 1, &rs)), FailureKind::Order);
}

#[test]
fn a_wrong_count_or_truncated_bytes_fail() {
    let (_, bytes, n) = certificate(&small_rules());
    let (header, records) = split(&bytes);
    assert_eq!(
        failure_kind(&join(&header, n + 1, &records)),
        FailureKind::Length
    );
    assert_eq!(
        failure_kind(&join(&header, n - 1, &records)),
        FailureKind::Length
    );
    assert_eq!(failure_kind(&bytes[..bytes.len() - 5]), FailureKind::Length);
    // An absurd count is a short file, not a failure to read.
    assert_eq!(
        failure_kind(&join(&header, 1 << 50, &records)),
        FailureKind::Length
    );
    assert_eq!(
        failure_kind(&bytes[..header.len() - 3]),
        FailureKind::Header
    );
    let mut wrong_magic = bytes.clone();
    wrong_magic[0] = b'D';
    assert_eq!(failure_kind(&wrong_magic), FailureKind::Header);
}

#[test]
fn unsupported_rules_cannot_be_checked() {
    let json = rules_json(&[("relay_at_quan", "\"take_all\"")]);
    let bytes = write_certificate(&json, 0, &[]);
    match check(&bytes) {
        Err(e @ CheckError::Unsupported(_)) => {
            assert!(e.to_string().contains("relay_at_quan"), "{e}");
            assert_eq!(e.exit_code(), 2);
        }
        other => panic!("{other:?}"),
    }
}

/// Every line of play from the start, the winner following the records' moves, under the
/// repetition rule exactly as OAQ-C12 states it (the position a move reaches, before any
/// refill, counted among itself and the 16 before it, the start included): whether each
/// line ends in a win for `winner`. A plain enumeration, for small certificates only.
fn every_line_wins(json: &str, winner: u8, records: &[[u8; RECORD_LEN]], k: usize) -> bool {
    let rules = Rules::from_json(json).unwrap();
    let find = |p: &oaq_check::rules::Position| {
        let key = oaq_check::cert::encode_key(p).unwrap();
        records.iter().find(|r| r[..KEY_LEN] == key[..]).copied()
    };
    let key = |p: &oaq_check::rules::Position| (p.dan, p.big.map(|b| b == ON), p.to_move);
    fn walk(
        rules: &Rules,
        winner: u8,
        k: usize,
        record: [u8; RECORD_LEN],
        history: &mut Vec<KeyOf>,
        find: &dyn Fn(&oaq_check::rules::Position) -> Option<[u8; RECORD_LEN]>,
        key: &dyn Fn(&oaq_check::rules::Position) -> KeyOf,
    ) -> bool {
        let (pos, mv) = decode_record(&record).unwrap();
        let moves = match mv {
            Some(m) if pos.to_move == winner => vec![m],
            _ => rules.legal_moves(&pos),
        };
        moves.into_iter().all(|m| {
            let played = play_detailed(rules, &pos, m).unwrap();
            let reached = key(&played.reached);
            let window = &history[history.len().saturating_sub(16)..];
            let repeated = played.counts_for_repetition()
                && window.iter().filter(|&&h| h == reached).count() + 1 >= k;
            if repeated {
                let b = &played.reached;
                let t = [0, 1].map(|s| b.final_total(rules, s, EndReason::Repetition));
                return t[usize::from(winner)] > t[usize::from(1 - winner)];
            }
            match played.outcome {
                Outcome::Ended(e) => e.winner == Some(winner),
                Outcome::Continues(q) => {
                    history.push(reached);
                    let won = walk(rules, winner, k, find(&q).unwrap(), history, find, key);
                    history.pop();
                    won
                }
            }
        })
    }
    let start = rules.start();
    let mut history = vec![key(&start)];
    walk(
        &rules,
        winner,
        k,
        find(&start).unwrap(),
        &mut history,
        &find,
        &key,
    )
}

type KeyOf = ([u32; 12], [bool; 2], u8);
const ON: oaq_check::rules::BigStone = oaq_check::rules::BigStone::OnBoard;

#[test]
fn repetition_limit_follows_the_lines() {
    // The solver ignores repetition. Where no key occurs k times among the records, the
    // records settle point 4; elsewhere the checker follows the lines, and accepts exactly
    // when every line of play wins under the repetition rule (the enumeration above).
    let mut refused = 0;
    let mut accepted_by_lines = 0;
    for json in [small_rules(), second_player_rules()] {
        let (winner, bytes, n) = certificate(&json);
        let (_, records) = split(&bytes);
        let mut counts = std::collections::HashMap::new();
        for r in &records {
            let key = (r[..12].to_vec(), r[12] == 1, r[13] == 1, r[18]);
            *counts.entry(key).or_insert(0u32) += 1;
        }
        let most = *counts.values().max().unwrap();
        assert!(most >= 2, "the test needs a key that repeats");
        for k in 2..=most + 1 {
            let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
            v["repetition_limit"] = k.into();
            let limited = v.to_string();
            let cert = write_certificate(&limited, winner, &records);
            let wins = every_line_wins(&limited, winner, &records, k as usize);
            match check(&cert) {
                Ok(report) => {
                    assert!(wins, "accepted, but a line loses: {limited}");
                    assert_eq!(report.positions, n as u64);
                    accepted_by_lines += u32::from(k <= most);
                }
                Err(CheckError::Invalid(f)) => {
                    assert!(!wins, "refused, but every line wins: {limited}: {f:?}");
                    assert_eq!(f.kind, FailureKind::Repetition);
                    refused += 1;
                }
                Err(e) => panic!("{e:?}"),
            }
        }
    }
    // Every line of these wins (the refusal of a lost repetition is tested on a position of
    // the seed rules' cycle, in `engine_agreement.rs`); the lines were followed.
    assert_eq!(refused, 0);
    assert!(accepted_by_lines > 0);
}

#[test]
fn no_refill_wins_are_checked() {
    // Refills paid from captured dân, or from the score: strategies that win some lines by
    // leaving the other seat unable to refill (OAQ-C5, OAQ-C6).
    for json in [
        rules_json(&[
            ("dan_per_square", "2"),
            ("quan_setup", r#"{"kind":"small_stones","count":1}"#),
            ("direction", "\"fixed_ccw\""),
            ("max_plies", "16"),
            ("refill", "\"end_game_opponent_wins\""),
        ]),
        rules_json(&[
            ("dan_per_square", "2"),
            ("quan_non_threshold", "2"),
            ("direction", "\"fixed_ccw\""),
            ("max_plies", "16"),
            ("refill", "\"pay_from_score\""),
            ("quan_square_as_gap", "true"),
        ]),
    ] {
        let (winner, bytes, n) = certificate(&json);
        let rules = Rules::from_json(&json).unwrap();
        let (header, records) = split(&bytes);
        let rules = &rules;
        let no_refill_ends = records
            .iter()
            .flat_map(|r| {
                let (pos, mv) = decode_record(r).unwrap();
                let moves = mv.map_or_else(|| rules.legal_moves(&pos), |m| vec![m]);
                moves
                    .into_iter()
                    .map(move |m| play(rules, &pos, m).unwrap())
            })
            .filter(|o| matches!(o, Outcome::Ended(e) if e.reason == EndReason::NoRefill))
            .count();
        assert!(no_refill_ends > 0, "{json}");
        assert_eq!(check(&bytes).unwrap().positions, n as u64, "{json}");
        // Under borrowing those lines do not end: the same records do not prove the win.
        let borrowed = header
            .replace("\"end_game_opponent_wins\"", "\"borrow_as_debt\"")
            .replace("\"pay_from_score\"", "\"borrow_as_debt\"");
        let kind = failure_kind(&join(&borrowed, n, &records));
        assert!(
            matches!(kind, FailureKind::MissingSuccessor | FailureKind::NotWon),
            "{kind:?}"
        );
        // With a repetition limit the records allow, the NoRefill ends still count.
        let mut counts = std::collections::HashMap::new();
        for r in &records {
            *counts
                .entry((r[..12].to_vec(), r[12] == 1, r[13] == 1, r[18]))
                .or_insert(0u32) += 1;
        }
        let k = (*counts.values().max().unwrap() + 2).max(2);
        if k <= 8 {
            let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
            v["repetition_limit"] = k.into();
            let limited = write_certificate(&v.to_string(), winner, &records);
            assert_eq!(check(&limited).unwrap().positions, n as u64);
        }
    }
}

#[test]
fn the_command_line_reports_and_sets_the_exit_code() {
    let dir = std::env::temp_dir().join(format!("oaq-check-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (_, bytes, n) = certificate(&small_rules());
    let good = dir.join("good.cert");
    std::fs::write(&good, &bytes).unwrap();
    let bad = dir.join("bad.cert");
    std::fs::write(&bad, &bytes[..bytes.len() - 1]).unwrap();
    let missing = dir.join("missing.cert");
    let run = |files: &[&std::path::Path]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_oaq-check"))
            .args(files)
            .output()
            .unwrap()
    };
    let out = run(&[&good]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("valid: seat 0 (first player) wins"), "{text}");
    assert!(
        text.contains(&format!("{n} positions, {n} checked")),
        "{text}"
    );
    let out = run(&[&good, &bad]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("truncated"));
    assert_eq!(run(&[&good, &missing]).status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn no_refill_ends_under_a_tight_repetition_limit() {
    // Here every repetition key occurs once, and some boards the other seat cannot refill
    // have one record of their refilled form: with k = 2 such a board might be a second
    // occurrence, so the check accepts the NoRefill end only because the game scored as a
    // repetition end is a win for the winner too.
    let json = rules_json(&[
        ("dan_per_square", "2"),
        ("quan_setup", r#"{"kind":"small_stones","count":2}"#),
        ("direction", "\"fixed_ccw\""),
        ("max_plies", "16"),
        ("refill", "\"end_game_opponent_wins\""),
        ("repetition_limit", "2"),
    ]);
    let (_, bytes, n) = certificate(&json);
    assert_eq!(check(&bytes).unwrap().positions, n as u64);
}
