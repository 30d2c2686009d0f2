"""The enumerations of the engine, mirroring the C header's (the values never change)."""

from __future__ import annotations

from enum import IntEnum
from typing import Union

__all__ = ["Kind", "Level", "Lang", "Status", "Reason"]


class Kind(IntEnum):
    """The game kinds (`DgGameKind`)."""

    O_AN_QUAN = 0
    CA_NGUA = 1
    DOMINO = 2

    @property
    def game_name(self) -> str:
        """The name records write: ``o_an_quan``, ``ca_ngua`` or ``domino``."""
        return ("o_an_quan", "ca_ngua", "domino")[self.value]

    @classmethod
    def parse(cls, value: "KindLike") -> "Kind":
        """A `Kind` from itself, its value or its name (``"domino"`` or ``"DOMINO"``)."""
        if isinstance(value, str):
            for k in cls:
                if value in (k.game_name, k.name):
                    return k
            raise ValueError(f"no game is called {value!r} (o_an_quan, ca_ngua, domino)")
        return cls(int(value))


class Level(IntEnum):
    """Bot levels (`DgLevel`): easy is one ply, medium a short search, hard a long one."""

    EASY = 0
    MEDIUM = 1
    HARD = 2


class Lang(IntEnum):
    """The languages of descriptions (`DgLang`); the methods also take ``"vi"`` and ``"en"``."""

    VI = 0
    EN = 1


class Proven(IntEnum):
    """Whether a hint's action wins, draws or loses by force (`DgProven`): known in Ô ăn quan
    where an endgame table or an installed proof certificate covers the position."""

    UNKNOWN = 0
    WIN = 1
    DRAW = 2
    LOSS = 3


class Status(IntEnum):
    """The status codes of the C ABI (`DgStatus`); each has an exception class
    (`dangian.STATUS_ERRORS`)."""

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
    NO_DECISION = 16
    INVALID_STATE = 17
    UNFAIR = 18
    INVALID_CERTIFICATE = 19


class Reason(IntEnum):
    """Why an action is illegal (`DgReason`): the stable code `IllegalActionError.code`
    carries. Ô ăn quan 100–199, Cờ cá ngựa 200–299, Domino 300–399."""

    NONE = 0
    O_AN_QUAN_GAME_OVER = 100
    O_AN_QUAN_NOT_OWN_SQUARE = 101
    O_AN_QUAN_EMPTY_SQUARE = 102
    O_AN_QUAN_DIRECTION_NOT_ALLOWED = 103
    O_AN_QUAN_QUAN_CAPTURE_ON_FIRST_MOVE = 104
    CA_NGUA_GAME_OVER = 200
    CA_NGUA_MALFORMED = 201
    CA_NGUA_ROLL_DUE = 202
    CA_NGUA_MOVE_DUE = 203
    CA_NGUA_WRONG_DICE = 204
    CA_NGUA_NOT_IN_YARD = 205
    CA_NGUA_NOT_LOWEST_IN_YARD = 206
    CA_NGUA_NOT_AN_EXIT_ROLL = 207
    CA_NGUA_EXIT_ALREADY_TAKEN = 208
    CA_NGUA_ROLL_PARTLY_USED = 209
    CA_NGUA_START_OCCUPIED = 210
    CA_NGUA_IN_YARD = 211
    CA_NGUA_NOT_ON_TRACK = 212
    CA_NGUA_DISTANCE_NOT_ROLLED = 213
    CA_NGUA_PAST_DOOR = 214
    CA_NGUA_BLOCKED = 215
    CA_NGUA_LANDS_ON_OWN = 216
    CA_NGUA_SAFE_SQUARE = 217
    CA_NGUA_NO_MOVEMENT = 218
    CA_NGUA_NOT_ON_DOOR = 219
    CA_NGUA_NOT_IN_HOME = 220
    CA_NGUA_LOCKED = 221
    CA_NGUA_HOME_ACTIONS_USED = 222
    CA_NGUA_STEP_NOT_ROLLED = 223
    CA_NGUA_STEP_OUT_OF_RANGE = 224
    CA_NGUA_HOME_BLOCKED = 225
    CA_NGUA_MUST_KICK = 226
    DOMINO_GAME_OVER = 300
    DOMINO_CHANCE_TO_ACT = 301
    DOMINO_PLAYER_TO_ACT = 302
    DOMINO_NOT_IN_STOCK = 303
    DOMINO_NOT_IN_HAND = 304
    DOMINO_NO_MATCH = 305
    DOMINO_LEAD_IS_LEFT = 306
    DOMINO_MARKET_NOT_ALLOWED = 307
    DOMINO_MARKET_EMPTY = 308
    DOMINO_MARKET_ON_LEAD = 309


KindLike = Union[Kind, int, str]
