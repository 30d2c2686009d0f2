//! Shared by the tests: the default rules as JSON and a small solver that writes
//! certificates.
#![allow(dead_code)]

use std::collections::HashMap;

use oaq_check::cert::{encode_key, encode_record, write_certificate, KEY_LEN, RECORD_LEN};
use oaq_check::rules::{play, Move, Outcome, Position, Rules};

/// The default rules of the rules contract (§3) in their JSON form.
pub const DEFAULT_JSON: &str = r#"{"dan_per_square":5,"quan_setup":{"kind":"big_stone"},"quan_value":10,"direction":"player_choice","skip_origin_on_lap":false,"skip_quan_squares":false,"relay_at_quan":"stop","quan_square_as_gap":false,"chain_capture":"automatic","quan_non_threshold":null,"quan_non_requires_big_stone":true,"forbid_quan_capture_on_first_move":false,"stop_after_sowing_at_least":null,"refill":"borrow_as_debt","refill_amount_per_square":1,"end_condition":"both_quan_squares_empty","leftover_in_quan_squares":"to_quan_captor","match_mode":{"kind":"single_game"},"max_plies":400,"repetition_limit":null,"on_cap":"collect_sides_quan_unawarded","relay_loop":{"kind":"impossible"},"first_player":0}"#;

/// The default rules JSON with some fields replaced (`"field": value` pairs as JSON text).
pub fn rules_json(changes: &[(&str, &str)]) -> String {
    let mut v: serde_json::Value = serde_json::from_str(DEFAULT_JSON).unwrap();
    for (field, value) in changes {
        v[*field] = serde_json::from_str(value).unwrap();
    }
    serde_json::to_string(&v).unwrap()
}

/// A plain AND/OR search: does `winner` win from `pos`? Remembers, per position, the
/// winning move (winner to move) or that every move wins (other seat to move).
pub struct Solver {
    pub rules: Rules,
    pub winner: u8,
    memo: HashMap<[u8; KEY_LEN], Option<Option<Move>>>,
    pub nodes: u64,
    pub budget: u64,
}

impl Solver {
    pub fn new(rules: Rules, winner: u8, budget: u64) -> Self {
        Solver {
            rules,
            winner,
            memo: HashMap::new(),
            nodes: 0,
            budget,
        }
    }

    fn wins_outcome(&mut self, o: &Outcome) -> Option<bool> {
        match o {
            Outcome::Ended(e) => Some(e.winner == Some(self.winner)),
            Outcome::Continues(p) => self.wins(p),
        }
    }

    /// `Some(true)` when `winner` wins from `pos`, `None` when the budget ran out.
    pub fn wins(&mut self, pos: &Position) -> Option<bool> {
        let key = encode_key(pos)?;
        if let Some(r) = self.memo.get(&key) {
            return Some(r.is_some());
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        let moves = self.rules.legal_moves(pos);
        let result = if pos.to_move == self.winner {
            let mut found = None;
            for m in moves {
                let o = play(&self.rules, pos, m).unwrap();
                if self.wins_outcome(&o)? {
                    found = Some(Some(m));
                    break;
                }
            }
            found
        } else {
            let mut all = Some(None);
            for m in moves {
                let o = play(&self.rules, pos, m).unwrap();
                if !self.wins_outcome(&o)? {
                    all = None;
                    break;
                }
            }
            all
        };
        self.memo.insert(key, result);
        Some(result.is_some())
    }

    /// The records of the strategy found from `start` (which must be a win).
    pub fn records(&self, start: &Position) -> Vec<[u8; RECORD_LEN]> {
        let mut out = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![start.clone()];
        while let Some(p) = stack.pop() {
            let key = encode_key(&p).unwrap();
            if !seen.insert(key) {
                continue;
            }
            let mv = self.memo[&key].expect("a won position");
            out.push(encode_record(&p, mv).unwrap());
            let moves = match mv {
                Some(m) => vec![m],
                None => self.rules.legal_moves(&p),
            };
            for m in moves {
                if let Outcome::Continues(next) = play(&self.rules, &p, m).unwrap() {
                    stack.push(next);
                }
            }
        }
        out
    }
}

/// Solves the start position of the rules for either seat; returns the winner and the
/// certificate bytes, or `None` when neither wins within the budget.
pub fn solve(json: &str, budget: u64) -> Option<(u8, Vec<u8>, usize)> {
    let rules = Rules::from_json(json).unwrap();
    let start = rules.start();
    for winner in [0, 1] {
        let mut s = Solver::new(rules.clone(), winner, budget);
        if s.wins(&start)? {
            let records = s.records(&start);
            let n = records.len();
            return Some((winner, write_certificate(json, winner, &records), n));
        }
    }
    None
}
