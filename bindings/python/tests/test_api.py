"""The host API: configs and presets, chance, check and apply with reasons, events, views,
records, bots and hints, boards — and a clear exception on every error path."""

from __future__ import annotations

import copy
import json
import pickle
from typing import Callable, List, Tuple, Type, cast

import pytest

import dangian
from dangian import Game, Kind, Level, Reason, Status

from conftest import KINDS, ROOT


def test_import_and_constants() -> None:
    assert dangian.__version__ == dangian.version()
    assert dangian.ABI_VERSION == 3
    assert dangian.MAX_ACTIONS == 64 and dangian.MAX_SEATS == 4
    assert dangian.rules_version() >= 2
    assert [dangian.kind_name(k) for k in Kind] == KINDS


@pytest.mark.parametrize("kind", KINDS)
def test_presets_and_configs(kind: str) -> None:
    names = dangian.presets(kind)
    assert names[0] == "seed_rules"
    for name in names:
        cfg = dangian.preset_config(kind, name)
        g = Game.preset(kind, name, seed=3)
        assert g.config() == cfg
        # The same config given as a dict and as JSON text.
        assert Game(kind, cfg).config() == cfg
        assert Game(kind, json.dumps(cfg)).config_json() == g.config_json()
    assert Game(kind, {}).config() == dangian.preset_config(kind)
    assert dangian.validate_config(kind, "{}") == dangian.preset_config(kind)


@pytest.mark.parametrize("kind", KINDS)
def test_table_presets_are_presets_with_the_default_first(kind: str) -> None:
    table = dangian.table_presets(kind)
    assert table and all(name in dangian.presets(kind) for name in table)
    assert len(set(table)) == len(table)
    if kind == "o_an_quan":
        assert table[0] == "pay_to_refill" and "seed_rules" in table
    with pytest.raises(dangian.DangianError):
        dangian.table_presets("chess")


def test_config_options_change_the_game() -> None:
    g = Game("o_an_quan", {"dan_per_square": 3, "quan_setup": {"kind": "small_stones", "count": 10}})
    assert g.o_an_quan_board()["dan"][1] == 3
    assert g.config()["quan_setup"] == {"kind": "small_stones", "count": 10}
    d = Game("domino", {"players": 4})
    assert d.seats == 4
    assert Game("domino", b'{"players": 3}').seats == 3
    c = Game(Kind.CA_NGUA, {"track_len": 48})
    assert c.ca_ngua_board()["track_len"] == 48


def test_play_a_game_of_each_kind() -> None:
    for kind in Kind:
        g = dangian.random_game(kind, seed=5)
        assert g.is_over and g.to_move == dangian.TO_MOVE_OVER
        o = g.outcome()
        assert o is not None and len(o["scores"]) == g.seats
        assert g.end_reason() == o["reason"]
        assert abs(sum(g.returns())) < 1e-6


def test_chance_sample_or_supply() -> None:
    g = Game("ca_ngua", seed=9)
    assert g.is_chance and g.to_move == dangian.TO_MOVE_CHANCE
    outcomes = dangian.chance_outcomes(g)
    assert sum(o.weight for o in outcomes) == 36 and len(outcomes) == 21
    probs = dict(dangian.chance_probabilities(g))
    assert probs[g.action_id("r6-6")] == pytest.approx(1 / 36)
    assert probs[g.action_id("r1-6")] == pytest.approx(2 / 36)
    # Supplied by the host (physical dice) ...
    events = g.apply_chance("r6-6")
    assert events is not None and events[0]["kind"] in ("rolled", "turn_started")
    # ... or sampled from the game's seeded RNG, reproducibly.
    a, b = Game("domino", seed=4), Game("domino", seed=4)
    assert a.play_chance_until_decision() == b.play_chance_until_decision()
    assert a.state_hash() == b.state_hash()
    assert Game("domino", seed=5).play_chance_until_decision() != a.save()["actions"]


def test_check_with_reason_and_apply_with_events() -> None:
    g = Game("o_an_quan")
    assert g.legal_actions() == g.legal_actions_for(0)
    assert g.legal_actions_for(1) == []
    g.check("a1+")
    events = g.apply("a1+")
    assert events is not None
    assert [e["kind"] for e in events][:2] == ["pick_up", "sow"]
    assert g.events() == events and json.loads(g.events_json()) == events
    assert g.events(0) == events and g.events(dangian.ALL_SEATS) == events
    # Seat 1 is to move: a1+ is not its square.
    with pytest.raises(dangian.IllegalActionError) as e:
        g.check("a1+")
    assert e.value.code == Reason.O_AN_QUAN_NOT_OWN_SQUARE
    assert e.value.reason == "not_own_square"
    assert e.value.status == Status.ILLEGAL_ACTION
    assert "square" in e.value.message
    before = g.state_hash()
    with pytest.raises(dangian.IllegalActionError):
        g.apply("a1+")
    assert g.state_hash() == before
    assert not g.is_legal("a1+") and g.is_legal(g.legal_actions()[0])
    g.set_events(False)
    assert g.apply(g.legal_actions()[0]) is None and not g.keeps_events


def test_action_text_and_ids() -> None:
    for kind in Kind:
        g = Game(kind)
        for i in range(dangian.num_actions(kind)):
            assert g.action_id(g.action_text(i)) == i
        assert g.num_actions == dangian.num_actions(kind)


def test_apply_at_refuses_stale_actions() -> None:
    g = Game("o_an_quan")
    g.apply_at(0, "a2+")
    with pytest.raises(dangian.StaleActionError, match="stale"):
        g.apply_at(0, "b2+")
    g.apply_at(1, g.legal_actions()[0])


def test_views_per_seat_hide_hands() -> None:
    g = Game("domino", {"players": 3}, seed=1)
    g.play_chance_until_decision()
    state = g.state()
    for seat in range(3):
        view = g.view(seat)
        assert view["hand"] == state["hands"][seat]
        text = g.view_json(seat)
        for other in range(3):
            if other != seat:
                # No tile of another hand appears in this seat's view.
                assert "hands" not in view
        assert isinstance(g.view_hash(seat), int)
        board = g.domino_board(seat)
        assert board["seat"] == seat and sum(board["hand_counts"]) + board["line_len"] == 21
        assert bin(board["hand_mask"]).count("1") == board["hand_counts"][seat]
        assert json.loads(text) == view
    # Events are redacted per seat: a tile dealt to seat 0 is not named to seat 1.
    g2 = Game("domino", seed=2)
    g2.play_chance()
    assert g2.events(0) != g2.events(1)


def test_records_save_load_verify() -> None:
    for kind in Kind:
        g = dangian.random_game(kind, seed=11)
        record = g.save()
        assert record["format"] == "dangian-record/2" and record["game"] == kind.game_name
        back = Game.load(record)
        assert back.state_hash() == g.state_hash()
        assert Game.load(g.save_json()).state_json() == g.state_json()
        forged = dict(record, final_hash="0000000000000000")
        with pytest.raises(dangian.InvalidRecordError, match="hash"):
            Game.load(forged)
        bad = dict(record, actions=record["actions"][:-1] + ["nonsense"])
        with pytest.raises(dangian.InvalidRecordError):
            Game.load(bad)
    with pytest.raises(dangian.InvalidRecordError):
        Game.load("{}")


def test_positions_in_and_out() -> None:
    g = Game("o_an_quan")
    g.apply("a3+")
    state = g.state()
    back = Game.from_state("o_an_quan", state)
    assert back.state_hash() == g.state_hash()
    assert back.save()["start"] == state
    broken = dict(state, dan=[99] * 12)
    with pytest.raises(dangian.InvalidStateError):
        Game.from_state("o_an_quan", broken)
    with pytest.raises(dangian.InvalidJsonError):
        Game.from_state("o_an_quan", "{not json")


@pytest.mark.parametrize("level", ["easy", Level.MEDIUM, 2])
def test_bots_and_hints_for_a_seat(level: object) -> None:
    for kind in Kind:
        g = Game(kind, seed=3)
        g.play_chance_until_decision()
        seat = g.current_seat
        assert seat is not None
        action = g.bot_choose(seat, level, 42)  # type: ignore[arg-type]
        assert action in g.legal_actions()
        assert g.bot_choose(seat, level, 42) == action  # type: ignore[arg-type]
        hints = dangian.hints(g, seat, level, 42)  # type: ignore[arg-type]
        assert sorted(h.action for h in hints) == g.legal_actions()
        assert hints[0].action == action
        assert all(0.0 <= h.score <= 1.0 + 1e-6 for h in hints)
        other = (seat + 1) % g.seats
        with pytest.raises(dangian.NoDecisionError):
            g.bot_choose(other, level, 42)  # type: ignore[arg-type]
        if kind == Kind.O_AN_QUAN:
            break  # the hard search on every game is slow; one game shows the levels


def test_hints_say_a_proven_endgame_in_words() -> None:
    state = {
        "config": {},
        "dan": [0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 1, 1],
        "big": [{"kind": "captured_by", "seat": 1}, {"kind": "captured_by", "seat": 0}],
        "cap_dan": [22, 22],
        "turn": 0,
        "ply": 40,
        "end": None,
    }
    g = Game.from_state("o_an_quan", state)
    best = dangian.hints(g, 0, "hard", 1)[0]
    assert (best.proven, best.margin, best.plies) == (dangian.Proven.LOSS, -2, 11)
    assert dangian.proven_words(best, "vi") == "thua chắc, kém 2 điểm"
    assert dangian.proven_words(best, dangian.Lang.EN) == "loses by force, by 2 points"
    for h in dangian.hints(g, 0, "easy", 1):
        assert h.proven == dangian.Proven.UNKNOWN and dangian.proven_words(h) == ""
    with pytest.raises(dangian.InvalidArgumentError):
        dangian.proven_words(best._replace(proven=cast(dangian.Proven, 7)))
    with pytest.raises(dangian.InvalidArgumentError):
        dangian.proven_words(best._replace(proven=dangian.Proven.WIN))


def test_an_installed_certificate_reaches_the_levels() -> None:
    # The committed proof for the no_borrowing rules (a4+ wins for the first player).
    data = (ROOT / "certificates" / "o_an_quan" / "no_borrowing.dgstrat.gz").read_bytes()
    for bad in (b"", b"dangian-oaq-strategy 1\n", b"\x1f\x8b\x08\x00", data[:-40]):
        with pytest.raises(dangian.InvalidCertificateError):
            dangian.install_o_an_quan_certificate(bad)
    g = Game.preset("o_an_quan", "no_borrowing", seed=1)
    assert dangian.hints(g, 0, "medium", 1)[0].proven == dangian.Proven.UNKNOWN
    dangian.install_o_an_quan_certificate(data)
    try:
        for level in ("medium", "hard"):
            best = dangian.hints(g, 0, level, 1)[0]
            assert (g.action_text(best.action), best.proven) == ("a4+", dangian.Proven.WIN)
            assert dangian.proven_words(best, "en") == "wins by force"
        assert dangian.hints(g, 0, "easy", 1)[0].proven == dangian.Proven.UNKNOWN
        g.apply("a4+")
        replies = dangian.hints(g, 1, "medium", 1)
        assert {h.proven for h in replies} == {dangian.Proven.LOSS}
        assert dangian.proven_words(replies[0], "vi") == "thua chắc"
    finally:
        dangian.uninstall_o_an_quan_certificates()
    assert dangian.hints(g, 1, "medium", 1)[0].proven == dangian.Proven.UNKNOWN


def test_the_expert_searches_for_the_time_it_is_given() -> None:
    for kind in Kind:
        g = Game(kind, seed=3)
        g.play_chance_until_decision()
        seat = g.current_seat
        assert seat is not None
        assert g.bot_choose_budget(seat, 5, 1) in g.legal_actions()
        with pytest.raises(dangian.NoDecisionError):
            g.bot_choose_budget((seat + 1) % g.seats, 5, 1)
        with pytest.raises(dangian.InvalidArgumentError, match="millisecond"):
            g.bot_choose_budget(seat, 0, 1)


def test_boards() -> None:
    g = Game("o_an_quan")
    b = g.o_an_quan_board()
    assert b["dan"] == [0, 5, 5, 5, 5, 5, 0, 5, 5, 5, 5, 5] and b["big_on_board"] == [1, 1]
    assert b["to_move"] == 0 and b["ply"] == 0
    c = Game("ca_ngua").ca_ngua_board()
    assert c["progress"][0] == [-1, -1, -1, -1] and c["to_move"] == dangian.TO_MOVE_CHANCE
    with pytest.raises(dangian.WrongGameError):
        g.ca_ngua_board()
    with pytest.raises(dangian.WrongGameError):
        g.domino_board(0)
    with pytest.raises(dangian.WrongGameError):
        Game("domino").o_an_quan_board()
    assert "quan" in str(g).lower() or len(g.board_text()) > 0


def test_copies_are_independent() -> None:
    g = Game("domino", seed=1)
    g.play_chance_until_decision()
    for h in (g.copy(), copy.copy(g), copy.deepcopy(g), pickle.loads(pickle.dumps(g))):
        assert h.state_hash() == g.state_hash()
        h.apply(h.legal_actions()[0])
        assert h.state_hash() != g.state_hash()
    # The RNG travels with a pickled game.
    p = pickle.loads(pickle.dumps(g))
    g2 = g.copy()
    while not g2.is_chance and not g2.is_over:
        g2.apply(g2.legal_actions()[0])
        p.apply(p.legal_actions()[0])
    if g2.is_chance:
        assert g2.play_chance() == p.play_chance()


def test_every_error_path_raises_a_clear_exception() -> None:
    cases: List[Tuple[Callable[[], object], Type[dangian.DangianError], str]] = [
        (lambda: Game("chess"), dangian.InvalidArgumentError, "no game"),
        (lambda: Game(7), dangian.InvalidArgumentError, "no game kind"),
        (lambda: Game("domino", {"players": 9}), dangian.InvalidConfigError, "players"),
        (lambda: Game("domino", {"no_such_option": 1}), dangian.InvalidConfigError, "no_such_option"),
        (lambda: Game("domino", "[1]"), dangian.InvalidConfigError, "object"),
        (lambda: Game("domino", b"\xff\xfe"), dangian.InvalidUtf8Error, "UTF-8"),
        (lambda: Game.preset("domino", "nope"), dangian.InvalidConfigError, "preset"),
        (lambda: Game("domino").apply(999), dangian.UnknownActionError, "999"),
        (lambda: Game("domino").apply(-1), dangian.UnknownActionError, "-1"),
        (lambda: Game("domino").apply("fly away"), dangian.UnknownActionError, "fly away"),
        (lambda: Game("domino").view(5), dangian.InvalidArgumentError, "seat 5"),
        (lambda: Game("domino").events(9), dangian.InvalidArgumentError, "seat 9"),
        (lambda: Game("domino").observation(-3), dangian.InvalidArgumentError, "seat -3"),
        (lambda: Game("o_an_quan").play_chance(), dangian.NotChanceError, "chance"),
        (lambda: Game("o_an_quan").apply_chance(0), dangian.NotChanceError, "chance"),
        (lambda: Game("o_an_quan").sample_chance(1), dangian.NotChanceError, "chance"),
        (lambda: Game("ca_ngua").bot_choose(0, "easy"), dangian.NoDecisionError, "not to move"),
        (lambda: Game("o_an_quan").bot_choose(0, "expert"), dangian.InvalidArgumentError, "level"),
        (lambda: Game("o_an_quan").bot_choose(0, 5), dangian.InvalidArgumentError, "level"),
        (lambda: Game("o_an_quan").action_text(-2), dangian.UnknownActionError, "-2"),
        (lambda: Game("o_an_quan").action_id("z9+"), dangian.UnknownActionError, "z9+"),
        (lambda: Game("o_an_quan", {"direction": "fixed_ccw"}).check("a1-"), dangian.IllegalActionError, "clockwise"),
        (lambda: Game("ca_ngua").apply("x0"), dangian.IllegalActionError, "roll"),
        (lambda: Game.load("not json"), dangian.InvalidRecordError, "record"),
        (lambda: dangian.VecEnv("o_an_quan", 0), dangian.InvalidArgumentError, "num_envs"),
    ]
    for call, exc, words in cases:
        with pytest.raises(exc) as info:
            call()
        assert isinstance(info.value, dangian.DangianError)
        assert info.value.status == exc.status
        assert words.lower() in str(info.value).lower(), (words, str(info.value))
    # The exceptions are also the usual built-in kinds.
    assert issubclass(dangian.IllegalActionError, ValueError)
    assert issubclass(dangian.WrongGameError, TypeError)
    with pytest.raises(TypeError):
        Game("o_an_quan").apply(1.5)  # type: ignore[arg-type]


def test_reasons_match_the_engine() -> None:
    for kind in Kind:
        for code, name in dangian.illegal_reasons(kind):
            member = Reason(code)
            assert member.name == f"{kind.name}_{name.upper()}"


def test_status_errors_cover_every_status() -> None:
    for status in Status:
        cls = dangian.STATUS_ERRORS[status]
        assert issubclass(cls, dangian.DangianError)
        if status != Status.OK:
            assert cls.status == status
