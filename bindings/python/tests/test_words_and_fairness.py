"""Moves in words and provably fair chance from Python: descriptions in both languages for the
host and every seat (a seat's never name a hidden Domino tile); a game played with fair chance
verifies, and a tampered record raises `UnfairError` naming the first wrong outcome."""

from __future__ import annotations

import json
import re

import pytest

import dangian

SEED = "00" * 31 + "2a"


def test_descriptions_in_both_languages() -> None:
    game = dangian.Game("o_an_quan")
    vi = game.describe_action("a1+", "vi")
    en = game.describe_action("a1+", dangian.Lang.EN)
    assert vi == "A rải ô a1 sang phải"
    assert en == "A sows a1 to the right"
    game.apply("a1+")
    lines = game.describe_events("en")
    assert lines and all(line.strip() for line in lines)
    assert game.describe_events("vi") != lines
    with pytest.raises(dangian.InvalidArgumentError):
        game.describe_action("a1+", "fr")
    with pytest.raises(dangian.InvalidArgumentError):
        game.describe_events("vi", seat=5)


def test_presets_seats_and_the_end_in_words() -> None:
    for kind in ("o_an_quan", "ca_ngua", "domino"):
        for preset in dangian.presets(kind):
            vi, en = dangian.preset_name(kind, preset), dangian.preset_name(kind, preset, "en")
            assert vi and en and vi != en and "_" not in en
            assert dangian.preset_summary(kind, preset, "en") != dangian.preset_summary(kind, preset)
        game = dangian.random_game(kind, seed=4)
        assert [game.seat_name(s, "en") for s in range(game.seats)][0].startswith("Player 1")
        lines = game.outcome_lines("vi")
        assert lines and lines != game.outcome_lines("en")
    assert dangian.preset_name("o_an_quan", "threefold", "en") == "Threefold repetition"
    assert dangian.Game("ca_ngua").seat_name(0) == "Người 1 (đỏ)"
    assert dangian.Game("domino").outcome_lines() == []
    with pytest.raises(dangian.InvalidConfigError):
        dangian.preset_name("domino", "nope")
    with pytest.raises(dangian.InvalidArgumentError):
        dangian.Game("domino").seat_name(2)


def test_a_seat_never_reads_a_hidden_tile() -> None:
    game = dangian.Game("domino", seed=3)
    checked = 0
    while game.is_chance:
        tile_id = game.legal_actions()[0]
        tile = game.action_text(tile_id).split()[-1]
        host = game.describe_action(tile_id, "en")
        # "deals 0-1 to player 1", "player 2 draws 2-3 from the market": seats from 1
        found = re.search(r"player (\d+)", host)
        assert found is not None, host
        receiver = int(found.group(1)) - 1
        assert tile in host
        for seat in range(game.seats):
            for lang in ("vi", "en"):
                text = game.describe_action(tile_id, lang, seat)
                if seat != receiver:
                    assert tile not in text, text
                    checked += 1
        game.apply(tile_id)
        for seat in range(game.seats):
            if seat != receiver:
                assert all(tile not in line for line in game.describe_events("en", seat))
    assert checked >= 14


def play_fair(kind: str, config: dict[str, object] | None = None) -> dangian.Game:
    game = dangian.Game(kind, config, seed=1)
    game.set_fair_chance(SEED, ["an", "bình"])
    fairness = game.fairness()
    assert fairness is not None
    assert fairness["commitment"] == dangian.fair_commitment(SEED)
    assert "server_seed" not in fairness
    move = 0
    while not game.is_over:
        if game.is_chance:
            game.play_chance()
        else:
            legal = game.legal_actions()
            game.apply(legal[(move * 7 + 3) % len(legal)])
        move += 1
    return game


def test_a_fair_game_verifies_and_a_tampered_one_does_not() -> None:
    game = play_fair("domino", {"max_rounds": 1})
    record = game.save()
    assert record["fairness"]["server_seed"] == SEED
    report = dangian.verify_record(record)
    assert report["commitment"] == dangian.fair_commitment(SEED)
    assert report["chance_outcomes"] >= 14
    tampered = json.loads(json.dumps(record))
    first = tampered["actions"][0]
    tampered["actions"][0] = "deal 1-1" if first != "deal 1-1" else "deal 2-2"
    with pytest.raises(dangian.UnfairError, match="chance outcome 0"):
        dangian.verify_record(tampered)
    wrong = json.loads(json.dumps(record))
    wrong["fairness"]["server_seed"] = "11" * 32
    with pytest.raises(dangian.UnfairError, match="commitment"):
        dangian.verify_record(wrong)


def test_fair_chance_arguments_are_checked() -> None:
    game = dangian.Game("ca_ngua")
    with pytest.raises(dangian.InvalidArgumentError, match="64 hex digits"):
        game.set_fair_chance("abc")
    assert game.fairness() is None
    with pytest.raises(dangian.InvalidArgumentError):
        dangian.fair_commitment("zz" * 32)
    unfair = dangian.random_game("ca_ngua", seed=2)
    with pytest.raises(dangian.UnfairError, match="no commitment"):
        dangian.verify_record(unfair.save())
    with pytest.raises(dangian.InvalidRecordError):
        dangian.verify_record({})


def test_the_report_says_what_was_proven_and_a_chosen_start_is_unfair() -> None:
    game = play_fair("ca_ngua")
    report = dangian.verify_record(game.save())
    fairness = game.fairness()
    assert fairness is not None
    assert report["scheme"] == fairness["scheme"]
    assert report["game"] == "ca_ngua"
    assert report["start"] == "config"
    assert report["player_seeds"] == 2
    assert report["over"] is True
    assert len(report["chance_indices"]) == report["chance_outcomes"]
    assert report["chance_indices"][0] == 0
    # The host rolls a double six for seat 0 before the game, saves that as the start and
    # plays with the seeds from there: never reported fair.
    chosen = dangian.Game("ca_ngua")
    chosen.apply_chance("r6-6")
    with pytest.raises(dangian.UnfairError, match="before the first action"):
        chosen.set_fair_chance(SEED, ["an", "bình"])
    forged = json.loads(json.dumps(game.save()))
    forged["start"] = json.loads(json.dumps(chosen.state()))
    forged["actions"] = []
    forged["final_hash"] = f"{chosen.state_hash():016x}"
    with pytest.raises(dangian.UnfairError, match="chosen position"):
        dangian.verify_record(forged)


def test_fair_chance_is_set_up_once_and_a_loaded_record_keeps_its_commitment() -> None:
    game = dangian.Game("ca_ngua", seed=1)
    game.set_fair_chance(SEED, ["an"])
    game.set_fair_chance(SEED, ["an"])  # the same seeds again
    with pytest.raises(dangian.UnfairError, match="committed"):
        game.set_fair_chance("11" * 32, ["an"])
    while len(game.save()["actions"]) < 20 or not game.is_chance:
        if game.is_chance:
            game.play_chance()
        else:
            game.apply(game.legal_actions()[0])
    loaded = dangian.Game.load(game.save(), seed=5)
    assert loaded.fairness() == game.fairness()
    moves = loaded.move_number
    with pytest.raises(dangian.UnfairError, match="committed"):
        loaded.play_chance()
    with pytest.raises(dangian.UnfairError, match="committed"):
        loaded.set_fair_chance("11" * 32, ["an"])
    assert loaded.move_number == moves
    loaded.set_fair_chance(SEED, ["an"])
    assert loaded.play_chance() == game.play_chance()


def test_player_seeds_are_bounded() -> None:
    assert dangian.MAX_PLAYER_SEEDS == 16
    assert dangian.MAX_PLAYER_SEED_BYTES == 256
    game = dangian.Game("ca_ngua")
    with pytest.raises(dangian.InvalidArgumentError, match="player seeds"):
        game.set_fair_chance(SEED, ["s"] * (dangian.MAX_PLAYER_SEEDS + 1))
    with pytest.raises(dangian.InvalidArgumentError, match="player seeds"):
        game.set_fair_chance(SEED, ["x" * (1 << 20)])
    assert game.fairness() is None
    game.set_fair_chance(SEED, ["é" * (dangian.MAX_PLAYER_SEED_BYTES // 2)] * dangian.MAX_PLAYER_SEEDS)
