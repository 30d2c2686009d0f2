"""dangian: the rules engine of three Vietnamese folk games — Ô ăn quan, Cờ cá ngựa and
Domino — for play and AI research.

The engine is Rust; this package is its Python binding (PyO3). A `Game` is one game of any
kind with its own seeded RNG; `VecEnv` steps N games in one call, `BotVecEnv` the same with
the package's bots in some seats (`bot_actions`: a bot's choice in many positions at once);
the adapters live in `dangian.spiel` (OpenSpiel), `dangian.vector_env` (Gymnasium vector
environments against the bots), `dangian.pettingzoo_env` (PettingZoo), `dangian.gym_env`
(Gymnasium) and `dangian.arena` (paired-seed matches, on Ray or in one process).

>>> import dangian
>>> game = dangian.Game("o_an_quan", seed=7)
>>> game.apply("a1+")[0]["kind"]
'pick_up'
"""

from __future__ import annotations

from typing import Dict, List, NamedTuple, Optional, Tuple

from ._enums import Kind, KindLike, Lang, Level, Proven, Reason, Status
from ._errors import (
    STATUS_ERRORS,
    BufferTooSmallError,
    DangianError,
    EpisodeOverError,
    IllegalActionError,
    InvalidArgumentError,
    InvalidCertificateError,
    InvalidConfigError,
    InvalidJsonError,
    InvalidRecordError,
    InvalidStateError,
    InvalidUtf8Error,
    NoDecisionError,
    NotChanceError,
    NotOverError,
    NullPointerError,
    PanicError,
    PoisonedError,
    StaleActionError,
    UnfairError,
    UnknownActionError,
    WrongGameError,
)
from ._dangian import (
    BotVecEnv,
    Game,
    VecEnv,
    abi_version,
    bot_actions,
    fair_commitment,
    illegal_reasons,
    kind_name,
    num_actions,
    observation_size,
    preset_config,
    preset_name,
    preset_summary,
    presets,
    rules_version,
    uninstall_o_an_quan_certificates,
    rust_random_play,
    table_presets,
    validate_config,
    verify_record,
    version,
)
from . import _dangian

__version__: str = version()

#: The ABI version of the C header this package mirrors (`DANGIAN_ABI_VERSION`).
ABI_VERSION: int = abi_version()
#: `Game.to_move` when chance (a roll, a deal, a draw) is to move (`DG_TO_MOVE_CHANCE`).
TO_MOVE_CHANCE: int = -1
#: `Game.to_move` when the game is over (`DG_TO_MOVE_OVER`).
TO_MOVE_OVER: int = -2
#: `Game.events(ALL_SEATS)`: every event, unredacted, for the host (`DG_ALL_SEATS`).
ALL_SEATS: int = -1
#: The most actions (or chance outcomes) ever legal at once (`DG_MAX_ACTIONS`).
MAX_ACTIONS: int = _dangian.MAX_ACTIONS
#: The most seats any game has (`DG_MAX_SEATS`).
MAX_SEATS: int = _dangian.MAX_SEATS
#: The longest config JSON read, in bytes: a longer one is refused before it is parsed
#: (`InvalidConfigError`, `DG_MAX_CONFIG_JSON`).
MAX_CONFIG_JSON: int = _dangian.MAX_CONFIG_JSON
#: The longest position JSON read, in bytes (`Game.from_state`: `InvalidStateError`,
#: `DG_MAX_STATE_JSON`).
MAX_STATE_JSON: int = _dangian.MAX_STATE_JSON
#: The longest record JSON read, in bytes (`Game.load`, `verify_record`:
#: `InvalidRecordError`, `DG_MAX_RECORD_JSON`).
MAX_RECORD_JSON: int = _dangian.MAX_RECORD_JSON
#: The most actions a record may list; fewer when its config bounds the game's length, and
#: they are counted while read (`DG_MAX_RECORD_ACTIONS`).
MAX_RECORD_ACTIONS: int = _dangian.MAX_RECORD_ACTIONS
#: The longest action text read, in bytes (`DG_MAX_ACTION_TEXT`).
MAX_ACTION_TEXT: int = _dangian.MAX_ACTION_TEXT
#: The most events `Game.describe_events` describes; one last line sums up the rest
#: (`DG_MAX_DESCRIBED_EVENTS`).
MAX_DESCRIBED_EVENTS: int = _dangian.MAX_DESCRIBED_EVENTS
#: The most player seeds `Game.set_fair_chance` takes (`DG_MAX_PLAYER_SEEDS`).
MAX_PLAYER_SEEDS: int = _dangian.MAX_PLAYER_SEEDS
#: The longest player seed, in bytes of UTF-8 (`DG_MAX_PLAYER_SEED_BYTES`).
MAX_PLAYER_SEED_BYTES: int = _dangian.MAX_PLAYER_SEED_BYTES
#: The most games a `VecEnv` (or `rust_random_play`) steps together.
MAX_ENVS: int = _dangian.MAX_ENVS
#: The most decisions `rust_random_play` times.
MAX_STEPS: int = _dangian.MAX_STEPS
#: The most threads a `BotVecEnv` (or `bot_actions`) splits its games over.
MAX_THREADS: int = _dangian.MAX_THREADS


class Hint(NamedTuple):
    """One legal action ranked by a bot (`DgHint`): higher `score` (0 to 1) is better.
    `proven` says whether the action wins, draws or loses by force (`Proven`; known in Ô ăn
    quan where an endgame table or an installed certificate covers the position), `margin`
    the final margin and `plies` the plies to the end with best play when the analysis
    measured them (`plies` 0 otherwise); `proven_words` says it in words."""

    action: int
    visits: int
    score: float
    proven: Proven = Proven.UNKNOWN
    margin: int = 0
    plies: int = 0


def proven_words(hint: Hint, lang: "Lang | int | str" = "en") -> str:
    """A hint's proven result in words: "thắng chắc, hơn 12 điểm" / "wins by force, by 12
    points", "thua chắc" / "loses by force"; "" when it is not proven."""
    return _dangian.proven_words(int(hint.proven), hint.margin, hint.plies, lang)


def install_o_an_quan_certificate(data: bytes) -> None:
    """Install an Ô ăn quan proof certificate for the whole process, from the bytes of a
    certificate or strategy file, gzip-compressed or not (the repository's
    `certificates/o_an_quan/*.dgstrat.gz`): from then on the medium and hard levels play its
    moves wherever it holds and their hints say so (easy stays as it is). Every record is
    checked first: the seed rules' strategy takes about 20 s, peaks at 0.7 GB, keeps 230 MB.
    `InvalidCertificateError` when the bytes prove nothing."""
    import gzip
    import zlib

    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError, zlib.error) as e:
            raise InvalidCertificateError(f"gzip: {e}", 0) from None
    _dangian.install_o_an_quan_certificate(data)


class ChanceOutcome(NamedTuple):
    """A chance outcome and its weight (`DgChanceOutcome`): its probability is `weight`
    over the sum of the weights."""

    action: int
    weight: int


def hints(game: Game, seat: int, level: "Level | int | str", seed: int = 0) -> List[Hint]:
    """`Game.bot_hints` as `Hint` tuples, best first."""
    return [Hint(a, v, s, Proven(p), m, n) for a, v, s, p, m, n in game.bot_hints(seat, level, seed)]


def chance_outcomes(game: Game) -> List[ChanceOutcome]:
    """`Game.chance_outcomes` as `ChanceOutcome` tuples."""
    return [ChanceOutcome(*c) for c in game.chance_outcomes()]


def chance_probabilities(game: Game) -> List[Tuple[int, float]]:
    """The chance outcomes with their exact probabilities (weights over their sum)."""
    outcomes = game.chance_outcomes()
    total = sum(w for _, w in outcomes)
    return [(a, w / total) for a, w in outcomes] if total else []


def random_game(kind: KindLike, config: Optional[Dict[str, object]] = None, seed: int = 0) -> Game:
    """A whole game of uniformly random legal moves, chance sampled from `seed`."""
    import random

    rng = random.Random(seed)
    game = Game(kind, config, seed=seed)
    game.set_events(False)
    while not game.is_over:
        if game.is_chance:
            game.play_chance()
        else:
            game.apply(rng.choice(game.legal_actions()))
    return game


__all__ = [
    "ABI_VERSION",
    "ALL_SEATS",
    "MAX_ACTIONS",
    "MAX_ACTION_TEXT",
    "MAX_CONFIG_JSON",
    "MAX_DESCRIBED_EVENTS",
    "MAX_RECORD_ACTIONS",
    "MAX_RECORD_JSON",
    "MAX_PLAYER_SEEDS",
    "MAX_PLAYER_SEED_BYTES",
    "MAX_ENVS",
    "MAX_STEPS",
    "MAX_THREADS",
    "MAX_SEATS",
    "MAX_STATE_JSON",
    "TO_MOVE_CHANCE",
    "TO_MOVE_OVER",
    "STATUS_ERRORS",
    "BotVecEnv",
    "BufferTooSmallError",
    "ChanceOutcome",
    "DangianError",
    "EpisodeOverError",
    "Game",
    "Hint",
    "IllegalActionError",
    "InvalidArgumentError",
    "InvalidCertificateError",
    "InvalidConfigError",
    "InvalidJsonError",
    "InvalidRecordError",
    "InvalidStateError",
    "InvalidUtf8Error",
    "Kind",
    "KindLike",
    "Lang",
    "Level",
    "NoDecisionError",
    "NotChanceError",
    "NotOverError",
    "NullPointerError",
    "PanicError",
    "PoisonedError",
    "Proven",
    "Reason",
    "StaleActionError",
    "Status",
    "UnfairError",
    "UnknownActionError",
    "VecEnv",
    "WrongGameError",
    "abi_version",
    "bot_actions",
    "chance_outcomes",
    "chance_probabilities",
    "fair_commitment",
    "hints",
    "illegal_reasons",
    "install_o_an_quan_certificate",
    "kind_name",
    "num_actions",
    "observation_size",
    "preset_config",
    "preset_name",
    "preset_summary",
    "presets",
    "proven_words",
    "random_game",
    "rules_version",
    "rust_random_play",
    "table_presets",
    "uninstall_o_an_quan_certificates",
    "validate_config",
    "verify_record",
    "version",
]
