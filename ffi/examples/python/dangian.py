"""dangian: a ctypes binding of the dangian C API (include/dangian.h).

    from dangian import Game, Kind
    with Game(Kind.O_AN_QUAN, seed=7) as game:
        print([game.action_text(a) for a in game.legal_actions()])
        game.apply(game.action_id("a1+"))

The shared library is found through the DANGIAN_LIB environment variable (a path), else next
to this file, else by the system's loader (libdangian.so, libdangian.dylib or dangian.dll);
or call load(path) before the first Game.

Every failure raises DangianError with the status and the library's message; the game is
then unchanged. A Game owns its handle: it is freed by close(), by leaving a `with` block, or
when the object is collected. A Game may move between threads but must not be used from two
at once (the C handle's rule); clone() gives each thread its own.
"""

import ctypes
import enum
import os
import sys
from ctypes import POINTER, Structure, byref, c_char, c_char_p, c_int, c_int32, c_size_t
from ctypes import c_uint8, c_uint32, c_uint64

__all__ = [
    "Status", "Kind", "DangianError", "Game", "load", "version", "kind_name", "last_error",
    "ChanceOutcome", "Outcome", "OAnQuanBoard", "CaNguaBoard", "DominoBoard", "DominoPlaced",
    "TO_MOVE_CHANCE", "TO_MOVE_OVER", "ALL_SEATS", "MAX_ACTIONS", "ABI_VERSION",
]

TO_MOVE_CHANCE = -1
TO_MOVE_OVER = -2
ALL_SEATS = -1
MAX_ACTIONS = 64
ABI_VERSION = 2


class Status(enum.IntEnum):
    """DgStatus: the result of every call. Values are fixed and never reused."""

    OK = 0
    NULL_POINTER = 1
    INVALID_ARGUMENT = 2
    BUFFER_TOO_SMALL = 3
    INVALID_UTF8 = 4
    INVALID_JSON = 5
    INVALID_CONFIG = 6
    UNKNOWN_ACTION = 7
    ILLEGAL_ACTION = 8
    STALE_ACTION = 9
    NOT_CHANCE = 10
    NOT_OVER = 11
    INVALID_RECORD = 12
    WRONG_GAME = 13
    PANIC = 14
    POISONED = 15


class Kind(enum.IntEnum):
    """DgGameKind: the three games."""

    O_AN_QUAN = 0
    CA_NGUA = 1
    DOMINO = 2


class DangianError(Exception):
    """A failed call: `status` (a Status) and the library's message."""

    def __init__(self, status, message):
        try:
            status = Status(status)
        except ValueError:
            pass
        super().__init__("%s: %s" % (getattr(status, "name", status), message))
        self.status = status
        self.message = message


class ChanceOutcome(Structure):
    _fields_ = [("action", c_uint32), ("weight", c_uint32)]


class Outcome(Structure):
    _fields_ = [("seats", c_uint32), ("scores", c_int32 * 4), ("places", c_uint32 * 4)]


class OAnQuanBoard(Structure):
    _fields_ = [
        ("dan", c_uint32 * 12),
        ("big_on_board", c_uint32 * 2),
        ("big_captured_by", c_int32 * 2),
        ("captured_dan", c_int32 * 2),
        ("captured_quan", c_uint32 * 2),
        ("scores", c_int32 * 2),
        ("to_move", c_int32),
        ("ply", c_uint32),
    ]


class DominoPlaced(Structure):
    _fields_ = [("left", c_uint8), ("right", c_uint8)]


class DominoBoard(Structure):
    _fields_ = [
        ("seat", c_uint32),
        ("players", c_uint32),
        ("round", c_uint32),
        ("phase", c_uint32),
        ("to_move", c_int32),
        ("hand_mask", c_uint32),
        ("hand_counts", c_uint32 * 4),
        ("boneyard", c_uint32),
        ("drawable", c_uint32),
        ("ends", c_int32 * 2),
        ("line_len", c_uint32),
        ("line", DominoPlaced * 28),
        ("scores", c_uint32 * 4),
    ]


class CaNguaBoard(Structure):
    _fields_ = [
        ("track_len", c_uint32),
        ("owner", c_int32 * 4),
        ("progress", (c_int32 * 4) * 4),
        ("colour_to_move", c_int32),
        ("to_move", c_int32),
        ("dice", c_uint32 * 2),
        ("tries_left", c_uint32),
        ("kicks", (c_uint32 * 4) * 4),
    ]


class _DgGame(Structure):
    """The opaque DgGame."""


_GAME = POINTER(_DgGame)
_BUF = POINTER(c_char)  # uint8_t *: a ctypes.create_string_buffer, or None
_TEXT = [_GAME, _BUF, c_size_t, POINTER(c_size_t)]

# Every function of the C API: (result type, argument types).
_SIGNATURES = {
    "dg_abi_version": (c_uint32, []),
    "dg_version": (c_int, [_BUF, c_size_t, POINTER(c_size_t)]),
    "dg_last_error": (c_int, [_BUF, c_size_t, POINTER(c_size_t)]),
    "dg_game_kind_name": (c_int, [c_uint32, _BUF, c_size_t, POINTER(c_size_t)]),
    "dg_game_new": (c_int, [c_uint32, c_char_p, c_size_t, c_uint64, POINTER(_GAME)]),
    "dg_game_free": (None, [_GAME]),
    "dg_game_clone": (c_int, [_GAME, POINTER(_GAME)]),
    "dg_game_kind": (c_int, [_GAME, POINTER(c_uint32)]),
    "dg_game_seats": (c_int, [_GAME, POINTER(c_uint32)]),
    "dg_game_to_move": (c_int, [_GAME, POINTER(c_int32)]),
    "dg_game_move_number": (c_int, [_GAME, POINTER(c_uint32)]),
    "dg_game_state_hash": (c_int, [_GAME, POINTER(c_uint64)]),
    "dg_game_legal_actions": (c_int, [_GAME, POINTER(c_uint32), c_size_t, POINTER(c_size_t)]),
    "dg_game_chance_outcomes": (
        c_int, [_GAME, POINTER(ChanceOutcome), c_size_t, POINTER(c_size_t)]),
    "dg_game_check": (c_int, [_GAME, c_uint32]),
    "dg_game_apply": (c_int, [_GAME, c_uint32]),
    "dg_game_apply_at": (c_int, [_GAME, c_uint32, c_uint32]),
    "dg_game_apply_chance": (c_int, [_GAME, c_uint32]),
    "dg_game_play_chance": (c_int, [_GAME, POINTER(c_uint32)]),
    "dg_game_outcome": (c_int, [_GAME, POINTER(Outcome)]),
    "dg_game_end_reason": (c_int, _TEXT),
    "dg_game_state_json": (c_int, _TEXT),
    "dg_game_config_json": (c_int, _TEXT),
    "dg_game_view_json": (c_int, [_GAME, c_uint32, _BUF, c_size_t, POINTER(c_size_t)]),
    "dg_game_events_json": (c_int, [_GAME, c_int32, _BUF, c_size_t, POINTER(c_size_t)]),
    "dg_game_action_text": (c_int, [_GAME, c_uint32, _BUF, c_size_t, POINTER(c_size_t)]),
    "dg_game_action_id": (c_int, [_GAME, c_char_p, c_size_t, POINTER(c_uint32)]),
    "dg_game_board_text": (c_int, _TEXT),
    "dg_game_save": (c_int, _TEXT),
    "dg_game_load": (c_int, [c_char_p, c_size_t, c_uint64, POINTER(_GAME)]),
    "dg_o_an_quan_board": (c_int, [_GAME, POINTER(OAnQuanBoard)]),
    "dg_ca_ngua_board": (c_int, [_GAME, POINTER(CaNguaBoard)]),
    "dg_domino_board": (c_int, [_GAME, c_uint32, POINTER(DominoBoard)]),
}

_lib = None


def _default_paths():
    env = os.environ.get("DANGIAN_LIB")
    if env:
        return [env]
    if sys.platform == "win32":
        name = "dangian.dll"
    elif sys.platform == "darwin":
        name = "libdangian.dylib"
    else:
        name = "libdangian.so"
    return [os.path.join(os.path.dirname(os.path.abspath(__file__)), name), name]


def load(path=None):
    """Load the shared library (from `path`, or see the module docs) and declare every function."""
    global _lib
    errors = []
    for candidate in [path] if path else _default_paths():
        try:
            lib = ctypes.CDLL(candidate)
            break
        except OSError as e:
            errors.append(str(e))
    else:
        raise OSError("cannot load the dangian library: " + "; ".join(errors))
    for name, (restype, argtypes) in _SIGNATURES.items():
        f = getattr(lib, name)
        f.restype = restype
        f.argtypes = argtypes
    if lib.dg_abi_version() != ABI_VERSION:
        raise OSError("the dangian library has ABI version %d; this binding needs %d"
                      % (lib.dg_abi_version(), ABI_VERSION))
    _lib = lib
    return lib


def _L():
    return _lib if _lib is not None else load()


def last_error():
    """The message of the last failure on this thread."""
    n = c_size_t()
    if _L().dg_last_error(None, 0, byref(n)) == Status.OK:
        return ""
    buf = ctypes.create_string_buffer(n.value)
    if _L().dg_last_error(buf, n.value, byref(n)) != Status.OK:
        return "(the message cannot be read)"
    return buf.raw[:n.value].decode("utf-8")


def _check(status):
    if status != Status.OK:
        raise DangianError(status, last_error())


def _text(call):
    """Ask for the size, then read the text into a buffer of that size."""
    n = c_size_t()
    status = call(None, 0, byref(n))
    if status == Status.OK:
        return ""
    if status != Status.BUFFER_TOO_SMALL:
        _check(status)
    buf = ctypes.create_string_buffer(n.value)
    _check(call(buf, n.value, byref(n)))
    return buf.raw[:n.value].decode("utf-8")


def version():
    """The library's version text."""
    return _text(_L().dg_version)


def kind_name(kind):
    """The name records use for a kind: 'o_an_quan', 'ca_ngua' or 'domino'."""
    return _text(lambda b, c, n: _L().dg_game_kind_name(int(kind), b, c, n))


class Game:
    """One game of any kind, owning its DgGame handle."""

    def __init__(self, kind, seed=0, config=None):
        """A new game of `kind` under the config JSON text `config` (None = the seed rules)."""
        self._h = None
        data = None if config is None else config.encode("utf-8")
        handle = _GAME()
        _check(_L().dg_game_new(int(kind), data, len(data) if data else 0, seed, byref(handle)))
        self._h = handle

    @classmethod
    def _adopt(cls, handle):
        game = cls.__new__(cls)
        game._h = handle
        return game

    @classmethod
    def load(cls, record_json):
        """Load a saved game (a record JSON from save()), verifying every action."""
        data = record_json.encode("utf-8")
        handle = _GAME()
        _check(_L().dg_game_load(data, len(data), 0, byref(handle)))
        return cls._adopt(handle)

    def close(self):
        """Free the handle (again is harmless)."""
        handle, self._h = getattr(self, "_h", None), None
        if handle and _lib is not None:
            _lib.dg_game_free(handle)

    def __del__(self):
        self.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def _get(self, fn, ctype):
        value = ctype()
        _check(fn(self._h, byref(value)))
        return value.value

    def _handle_text(self, fn, *args):
        return _text(lambda b, c, n: fn(self._h, *args, b, c, n))

    def clone(self):
        """An independent copy (RNG, record and last events included)."""
        handle = _GAME()
        _check(_L().dg_game_clone(self._h, byref(handle)))
        return Game._adopt(handle)

    @property
    def kind(self):
        return Kind(self._get(_L().dg_game_kind, c_uint32))

    @property
    def seats(self):
        return self._get(_L().dg_game_seats, c_uint32)

    @property
    def to_move(self):
        """A seat, TO_MOVE_CHANCE or TO_MOVE_OVER."""
        return self._get(_L().dg_game_to_move, c_int32)

    @property
    def over(self):
        return self.to_move == TO_MOVE_OVER

    @property
    def chance_to_move(self):
        return self.to_move == TO_MOVE_CHANCE

    @property
    def move_number(self):
        return self._get(_L().dg_game_move_number, c_uint32)

    @property
    def state_hash(self):
        return self._get(_L().dg_game_state_hash, c_uint64)

    def legal_actions(self):
        ids = (c_uint32 * MAX_ACTIONS)()
        n = c_size_t()
        _check(_L().dg_game_legal_actions(self._h, ids, MAX_ACTIONS, byref(n)))
        return list(ids[:n.value])

    def chance_outcomes(self):
        """[(action, weight)]: the probability of each is weight / sum of the weights."""
        out = (ChanceOutcome * MAX_ACTIONS)()
        n = c_size_t()
        _check(_L().dg_game_chance_outcomes(self._h, out, MAX_ACTIONS, byref(n)))
        return [(o.action, o.weight) for o in out[:n.value]]

    def check(self, action):
        """Raise (ILLEGAL_ACTION with the reason, or UNKNOWN_ACTION) unless legal now."""
        _check(_L().dg_game_check(self._h, action))

    def apply(self, action):
        _check(_L().dg_game_apply(self._h, action))

    def apply_at(self, expected_move, action):
        """Apply only if the game is still at move `expected_move` (else STALE_ACTION)."""
        _check(_L().dg_game_apply_at(self._h, expected_move, action))

    def apply_chance(self, outcome):
        """A chance outcome chosen by the host (NOT_CHANCE when a player is to move)."""
        _check(_L().dg_game_apply_chance(self._h, outcome))

    def play_chance(self):
        """Sample a chance outcome from the game's own RNG, apply it, return its id."""
        return self._get(_L().dg_game_play_chance, c_uint32)

    def outcome(self):
        o = Outcome()
        _check(_L().dg_game_outcome(self._h, byref(o)))
        return o

    def end_reason(self):
        return self._handle_text(_L().dg_game_end_reason)

    def state_json(self):
        return self._handle_text(_L().dg_game_state_json)

    def config_json(self):
        return self._handle_text(_L().dg_game_config_json)

    def board_text(self):
        return self._handle_text(_L().dg_game_board_text)

    def save(self):
        return self._handle_text(_L().dg_game_save)

    def view_json(self, seat):
        return self._handle_text(_L().dg_game_view_json, seat)

    def events_json(self, seat=ALL_SEATS):
        """The events of the last apply, for a seat or ALL_SEATS."""
        return self._handle_text(_L().dg_game_events_json, seat)

    def action_text(self, action):
        return self._handle_text(_L().dg_game_action_text, action)

    def action_id(self, text):
        data = text.encode("utf-8")
        value = c_uint32()
        _check(_L().dg_game_action_id(self._h, data, len(data), byref(value)))
        return value.value

    def o_an_quan_board(self):
        b = OAnQuanBoard()
        _check(_L().dg_o_an_quan_board(self._h, byref(b)))
        return b

    def ca_ngua_board(self):
        b = CaNguaBoard()
        _check(_L().dg_ca_ngua_board(self._h, byref(b)))
        return b

    def domino_board(self, seat):
        """What `seat` sees of a Domino match."""
        b = DominoBoard()
        _check(_L().dg_domino_board(self._h, seat, byref(b)))
        return b
