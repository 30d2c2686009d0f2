"""The Python binding covers the whole C ABI: every `dg_` function of include/dangian.h, every
status code, game kind, reason, level, macro and struct has an explicit Python counterpart
that exists (and, for values, is equal). A header item with no mapping, or a mapping whose
Python counterpart is missing, fails the test with the item named."""

from __future__ import annotations

import os
import re
import weakref
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import dangian

from conftest import HEADER

# Each `dg_` function: the Python counterpart, as a dotted path under `dangian`, or None for a
# function of the C ABI only, with the reason.
FUNCTIONS: Dict[str, Optional[str]] = {
    "dg_abi_version": "abi_version",
    "dg_version": "version",
    "dg_last_error": "DangianError.message",
    "dg_last_reason": "DangianError.code",
    "dg_o_an_quan_board": "Game.o_an_quan_board",
    "dg_domino_board": "Game.domino_board",
    "dg_ca_ngua_board": "Game.ca_ngua_board",
    "dg_bot_choose": "Game.bot_choose",
    "dg_bot_hints": "Game.bot_hints",
    "dg_bot_choose_budget": "Game.bot_choose_budget",
    "dg_game_kind_name": "kind_name",
    "dg_game_presets_json": "presets",
    "dg_game_table_presets_json": "table_presets",
    "dg_preset_name": "preset_name",
    "dg_preset_summary": "preset_summary",
    "dg_game_new": "Game.__init__",
    "dg_game_new_preset": "Game.preset",
    "dg_game_from_state_json": "Game.from_state",
    "dg_game_load": "Game.load",
    # Python frees a game with its last reference (test_a_game_is_freed_with_its_last_reference).
    "dg_game_free": "Game",
    "dg_game_clone": "Game.copy",
    "dg_game_kind": "Game.kind",
    "dg_game_seats": "Game.seats",
    "dg_game_to_move": "Game.to_move",
    "dg_game_move_number": "Game.move_number",
    "dg_game_max_moves": "Game.max_moves",
    "dg_game_state_hash": "Game.state_hash",
    "dg_game_view_hash": "Game.view_hash",
    "dg_game_legal_actions": "Game.legal_actions",
    "dg_game_legal_actions_for": "Game.legal_actions_for",
    "dg_game_chance_outcomes": "Game.chance_outcomes",
    "dg_game_check": "Game.check",
    "dg_game_apply": "Game.apply",
    "dg_game_apply_at": "Game.apply_at",
    "dg_game_apply_chance": "Game.apply_chance",
    "dg_game_play_chance": "Game.play_chance",
    "dg_game_set_events": "Game.set_events",
    "dg_game_outcome": "Game.outcome",
    "dg_game_end_reason": "Game.end_reason",
    "dg_game_state_json": "Game.state_json",
    "dg_game_config_json": "Game.config_json",
    "dg_game_view_json": "Game.view_json",
    "dg_game_events_json": "Game.events_json",
    "dg_game_action_text": "Game.action_text",
    "dg_game_action_id": "Game.action_id",
    "dg_game_board_text": "Game.board_text",
    "dg_game_save": "Game.save",
    "dg_game_describe_action": "Game.describe_action",
    "dg_game_describe_events": "Game.describe_events",
    "dg_game_seat_name": "Game.seat_name",
    "dg_game_outcome_lines_json": "Game.outcome_lines",
    "dg_game_set_fair_chance": "Game.set_fair_chance",
    "dg_game_fairness_json": "Game.fairness",
    "dg_fair_commitment": "fair_commitment",
    "dg_record_verify": "verify_record",
    "dg_hint_proven_words": "proven_words",
    "dg_o_an_quan_install_certificate": "install_o_an_quan_certificate",
    "dg_o_an_quan_uninstall_certificates": "uninstall_o_an_quan_certificates",
    # The batch of games is the same capability as `VecEnv` (both step `AnyBatch`).
    "dg_batch_new": "VecEnv.__init__",
    "dg_batch_free": "VecEnv",
    "dg_batch_shape": "VecEnv.observation_size",
    "dg_batch_episodes": "VecEnv.episodes",
    "dg_batch_reset": "VecEnv.reset",
    "dg_batch_observe": "VecEnv.observe",
    "dg_batch_step": "VecEnv.step",
    "dg_batch_random_actions": "VecEnv.random_actions",
    # C only: whole random playouts inside the library, for a host's search (Python's own
    # random play is `rust_random_play`, which times playouts rather than counting outcomes).
    "dg_game_playouts": None,
}

# Each enum of the header: the Python enum its values must be members of (same name less
# the prefix, same value).
ENUMS: Dict[str, Tuple[str, str]] = {
    "DgStatus": ("DG_STATUS_", "Status"),
    "DgGameKind": ("DG_GAME_KIND_", "Kind"),
    "DgReason": ("DG_REASON_", "Reason"),
    "DgLevel": ("DG_LEVEL_", "Level"),
    "DgLang": ("DG_LANG_", "Lang"),
    "DgProven": ("DG_PROVEN_", "Proven"),
}

# Each macro: its Python counterpart (compared by value), or None with the reason.
MACROS: Dict[str, Optional[str]] = {
    "DANGIAN_H": None,  # the include guard, not an API item
    "DANGIAN_VERSION": "__version__",
    "DANGIAN_ABI_VERSION": "ABI_VERSION",
    "DG_TO_MOVE_CHANCE": "TO_MOVE_CHANCE",
    "DG_TO_MOVE_OVER": "TO_MOVE_OVER",
    "DG_ALL_SEATS": "ALL_SEATS",
    "DG_MAX_ACTIONS": "MAX_ACTIONS",
    "DG_MAX_SEATS": "MAX_SEATS",
    "DG_MAX_CONFIG_JSON": "MAX_CONFIG_JSON",
    "DG_MAX_STATE_JSON": "MAX_STATE_JSON",
    "DG_MAX_RECORD_JSON": "MAX_RECORD_JSON",
    "DG_MAX_RECORD_ACTIONS": "MAX_RECORD_ACTIONS",
    "DG_MAX_ACTION_TEXT": "MAX_ACTION_TEXT",
    "DG_MAX_DESCRIBED_EVENTS": "MAX_DESCRIBED_EVENTS",
    "DG_MAX_PLAYER_SEEDS": "MAX_PLAYER_SEEDS",
    "DG_MAX_PLAYER_SEED_BYTES": "MAX_PLAYER_SEED_BYTES",
    # Python passes the player seeds as a list, not as JSON text: no JSON to bound.
    "DG_MAX_PLAYER_SEEDS_JSON": None,
    "DG_MAX_BATCH_GAMES": "MAX_ENVS",
}

# Each struct: how to get its Python counterpart from a sample game (None for a struct of the
# C ABI only, with the reason), and the fields that the counterpart names differently.
STRUCTS: Dict[str, Optional[str]] = {
    "DgGame": "Game",
    "DgOAnQuanBoard": "Game.o_an_quan_board",
    "DgDominoPlaced": "Game.domino_board",
    "DgDominoBoard": "Game.domino_board",
    "DgCaNguaBoard": "Game.ca_ngua_board",
    "DgHint": "Hint",
    "DgChanceOutcome": "ChanceOutcome",
    "DgOutcome": "Game.outcome",
    "DgBatch": "VecEnv",
    "DgBatchShape": "VecEnv",
    # C only: the counts of `dg_game_playouts` (see FUNCTIONS).
    "DgPlayouts": None,
}
FIELD_ALIASES: Dict[Tuple[str, str], str] = {
    ("DgOutcome", "seats"): "len(scores) == Game.seats",
    ("DgDominoPlaced", "left"): "line[i][0]",
    ("DgDominoPlaced", "right"): "line[i][1]",
    ("DgBatchShape", "num_games"): "VecEnv.num_envs",
    ("DgBatchShape", "seats"): "VecEnv.num_seats",
    ("DgBatchShape", "observation_len"): "VecEnv.observation_size",
    ("DgBatchShape", "action_ids"): "VecEnv.num_actions",
}


def header() -> str:
    return Path(os.environ.get("DANGIAN_HEADER", HEADER)).read_text()


def resolve(path: str) -> Tuple[bool, Any]:
    obj: Any = dangian
    for part in path.split("."):
        if not hasattr(obj, part):
            return False, None
        obj = getattr(obj, part)
    return True, obj


def parse() -> Tuple[List[str], Dict[str, List[Tuple[str, int]]], Dict[str, str], Dict[str, List[str]]]:
    text = header()
    functions = re.findall(r"^[A-Za-z_][\w ]*?\b(dg_\w+)\(", text, re.M)
    enums = {
        name: [(m, int(v)) for m, v in re.findall(r"^\s*(\w+) = (-?\d+),?$", body, re.M)]
        for body, name in re.findall(r"typedef enum \w+ \{(.*?)\} (\w+);", text, re.S)
    }
    macros = dict(re.findall(r"^#define (\w+)(?:[ \t]+(.*))?$", text, re.M))
    structs = {
        name: re.findall(r"^\s*[\w ]+?\b(\w+)(?:\[[^\]]*\])*;", body, re.M)
        for body, name in re.findall(r"typedef struct \w+ \{(.*?)\} (\w+);", text, re.S)
    }
    for opaque in re.findall(r"typedef struct (\w+) \1;", text):
        structs[opaque] = []
    return functions, enums, macros, structs


def sample_struct(path: str) -> Any:
    game = dangian.Game("domino", seed=1)
    game.play_chance_until_decision()
    samples: Dict[str, Any] = {
        "Game": None,
        "VecEnv": None,
        "Game.o_an_quan_board": dangian.Game("o_an_quan").o_an_quan_board(),
        "Game.domino_board": game.domino_board(0),
        "Game.ca_ngua_board": dangian.Game("ca_ngua").ca_ngua_board(),
        "Game.outcome": dangian.random_game("o_an_quan", seed=1).outcome(),
        "Hint": dangian.Hint._fields,
        "ChanceOutcome": dangian.ChanceOutcome._fields,
    }
    return samples[path]


def problems() -> List[str]:
    functions, enums, macros, structs = parse()
    out: List[str] = []
    assert len(functions) >= 40, "the header parser found too few functions"
    for f in functions:
        if f not in FUNCTIONS:
            out.append(f"function {f}: no mapping to the Python API")
            continue
        target = FUNCTIONS[f]
        if target is None:
            continue
        ok, _ = resolve(target)
        if not ok:
            out.append(f"function {f} -> dangian.{FUNCTIONS[f]}: no such Python attribute")
    for f in FUNCTIONS:
        if f not in functions:
            out.append(f"mapping of {f}: no such function in the header (stale mapping)")
    for enum, members in enums.items():
        if enum not in ENUMS:
            out.append(f"enum {enum}: no mapping to a Python enum")
            continue
        prefix, pyname = ENUMS[enum]
        ok, pyenum = resolve(pyname)
        if not ok:
            out.append(f"enum {enum} -> dangian.{pyname}: no such Python enum")
            continue
        for member, value in members:
            name = member[len(prefix):] if member.startswith(prefix) else member
            if name not in pyenum.__members__:
                out.append(f"{member} = {value}: no member dangian.{pyname}.{name}")
            elif int(pyenum[name]) != value:
                out.append(f"{member} = {value}: dangian.{pyname}.{name} is {int(pyenum[name])}")
        if enum == "DgStatus":
            for member, value in members:
                if value in dangian.Status._value2member_map_ and dangian.Status(value) not in dangian.STATUS_ERRORS:
                    out.append(f"{member}: no exception class in dangian.STATUS_ERRORS")
    for macro, text in macros.items():
        if macro not in MACROS:
            out.append(f"macro {macro}: no mapping to the Python API")
            continue
        target = MACROS[macro]
        if target is None:
            continue
        ok, pyvalue = resolve(target)
        if not ok:
            out.append(f"macro {macro} -> dangian.{target}: no such Python attribute")
            continue
        expected = text.strip()
        literal = expected.strip('"()')
        if str(pyvalue) != literal:
            out.append(f"macro {macro} = {expected}: dangian.{target} is {pyvalue!r}")
    for struct, fields in structs.items():
        if struct not in STRUCTS:
            out.append(f"struct {struct}: no mapping to the Python API")
            continue
        path = STRUCTS[struct]
        if path is None:
            continue
        ok, _ = resolve(path)
        if not ok:
            out.append(f"struct {struct} -> dangian.{path}: no such Python attribute")
            continue
        sample = sample_struct(path)
        for field in fields:
            if (struct, field) in FIELD_ALIASES:
                continue
            if sample is None or field not in sample:
                out.append(f"struct {struct}.{field}: not in dangian.{STRUCTS[struct]}")
    return out


def test_every_header_item_has_a_python_counterpart() -> None:
    found = problems()
    assert not found, "the Python binding lacks C ABI items:\n  " + "\n  ".join(found)


def test_field_aliases_name_python_attributes() -> None:
    for (struct, field), alias in FIELD_ALIASES.items():
        if alias.startswith("VecEnv."):
            ok, _ = resolve(alias)
            assert ok, f"{struct}.{field} -> dangian.{alias}: no such Python attribute"


def test_aliases_hold() -> None:
    game = dangian.random_game("domino", seed=2)
    outcome = game.outcome()
    assert outcome is not None and len(outcome["scores"]) == game.seats
    board = dangian.Game("domino", seed=1)
    board.play_chance_until_decision()
    board.apply(board.legal_actions()[0])
    line = board.domino_board(0)["line"]
    assert len(line[0]) == 2


def test_a_game_is_freed_with_its_last_reference() -> None:
    game = dangian.Game("o_an_quan")
    ref = weakref.ref(game)
    del game
    assert ref() is None


def test_values_of_the_macros() -> None:
    assert dangian.TO_MOVE_CHANCE == dangian.Game("ca_ngua").to_move
    assert dangian.TO_MOVE_OVER == dangian.random_game("o_an_quan", seed=1).to_move
