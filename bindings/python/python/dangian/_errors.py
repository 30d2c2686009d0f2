"""The exceptions of the package: one class per status code of the C ABI (`DgStatus`), all
subclasses of `DangianError`, which carries the status, the message and, for an illegal
action, the stable reason code (`Reason`) and its name."""

from __future__ import annotations

from typing import Dict, Type

from ._enums import Reason, Status

__all__ = [
    "DangianError",
    "NullPointerError",
    "InvalidArgumentError",
    "BufferTooSmallError",
    "InvalidUtf8Error",
    "InvalidJsonError",
    "InvalidConfigError",
    "UnknownActionError",
    "IllegalActionError",
    "StaleActionError",
    "NotChanceError",
    "NotOverError",
    "InvalidRecordError",
    "WrongGameError",
    "PanicError",
    "PoisonedError",
    "NoDecisionError",
    "InvalidStateError",
    "UnfairError",
    "InvalidCertificateError",
    "EpisodeOverError",
    "STATUS_ERRORS",
]


class DangianError(Exception):
    """Any failure of the engine. `status` is the C ABI's status code, `message` the reason
    in words (what `dg_last_error` gives), `code` the `Reason` of an illegal action (what
    `dg_last_reason` gives; `Reason.NONE` otherwise)."""

    status: Status = Status.OK
    message: str = ""
    code: Reason = Reason.NONE

    def __init__(self, message: str, code: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.code = Reason(code) if code in Reason._value2member_map_ else Reason.NONE

    @property
    def reason(self) -> str:
        """The snake_case name of the reason (``"empty_square"``), or ``""``."""
        if self.code == Reason.NONE:
            return ""
        name = self.code.name.lower()
        for prefix in ("o_an_quan_", "ca_ngua_", "domino_"):
            if name.startswith(prefix):
                return name[len(prefix):]
        return name


class NullPointerError(DangianError, TypeError):
    """A required argument was missing (`None`)."""

    status = Status.NULL_POINTER


class InvalidArgumentError(DangianError, ValueError):
    """An argument is out of range: a game kind, a seat, a level, a count."""

    status = Status.INVALID_ARGUMENT


class BufferTooSmallError(DangianError):
    """The C ABI's size queries; Python never sees it (results are Python objects)."""

    status = Status.BUFFER_TOO_SMALL


class InvalidUtf8Error(DangianError, ValueError):
    """Text given as bytes is not UTF-8."""

    status = Status.INVALID_UTF8


class InvalidJsonError(DangianError, ValueError):
    """The text is not JSON."""

    status = Status.INVALID_JSON


class InvalidConfigError(DangianError, ValueError):
    """The config is not a config of the game, fails validation, or no preset has the name."""

    status = Status.INVALID_CONFIG


class UnknownActionError(DangianError, ValueError):
    """The id or text is not an action of the game."""

    status = Status.UNKNOWN_ACTION


class IllegalActionError(DangianError, ValueError):
    """The action is illegal now; `code` is its `Reason`. The game is unchanged."""

    status = Status.ILLEGAL_ACTION


class StaleActionError(DangianError, ValueError):
    """The action was chosen for another move number. The game is unchanged."""

    status = Status.STALE_ACTION


class NotChanceError(DangianError, ValueError):
    """The operation needs chance to be to move."""

    status = Status.NOT_CHANCE


class NotOverError(DangianError, ValueError):
    """The operation needs the game to be over."""

    status = Status.NOT_OVER


class InvalidRecordError(DangianError, ValueError):
    """A saved game cannot be loaded (format, rules version, config, an action, the hash)."""

    status = Status.INVALID_RECORD


class WrongGameError(DangianError, TypeError):
    """The game is of another kind than the operation needs."""

    status = Status.WRONG_GAME


class PanicError(DangianError, RuntimeError):
    """An internal error (a bug) of the engine, caught at the boundary of the call that met
    it: an ordinary `Exception` (never PyO3's `PanicException`). The object whose method
    failed is then poisoned (`PoisonedError`)."""

    status = Status.PANIC


class PoisonedError(DangianError, RuntimeError):
    """The object met a `PanicError` earlier and may be half-changed: every call on it is
    refused (make a new one). The C ABI's poisoned handles likewise."""

    status = Status.POISONED


class NoDecisionError(DangianError, ValueError):
    """The operation needs the given seat to be the one to decide."""

    status = Status.NO_DECISION


class InvalidStateError(DangianError, ValueError):
    """The position is not a possible position of the game."""

    status = Status.INVALID_STATE


class UnfairError(DangianError, ValueError):
    """A record's chance cannot be proven fair: no commitment, no reveal, a reveal that does
    not match, or a chance action the committed seeds do not give (the message names it)."""

    status = Status.UNFAIR


class InvalidCertificateError(DangianError, ValueError):
    """The bytes are not an Ô ăn quan proof certificate or strategy, or the certificate does
    not prove its claim (the message says where)."""

    status = Status.INVALID_CERTIFICATE


class EpisodeOverError(DangianError, RuntimeError):
    """An environment's episode ended (the game is over, or an illegal action ended it):
    `step` is refused until `reset`."""

    status = Status.NO_DECISION


STATUS_ERRORS: Dict[Status, Type[DangianError]] = {
    cls.status: cls
    for cls in (
        NullPointerError,
        InvalidArgumentError,
        BufferTooSmallError,
        InvalidUtf8Error,
        InvalidJsonError,
        InvalidConfigError,
        UnknownActionError,
        IllegalActionError,
        StaleActionError,
        NotChanceError,
        NotOverError,
        InvalidRecordError,
        WrongGameError,
        PanicError,
        PoisonedError,
        NoDecisionError,
        InvalidStateError,
        UnfairError,
        InvalidCertificateError,
    )
}
STATUS_ERRORS[Status.OK] = DangianError


def _make(status: int, message: str, code: int) -> DangianError:
    """The exception for a failure of the extension module (called from Rust)."""
    cls = STATUS_ERRORS.get(Status(status), DangianError)
    return cls(message, code)
