"""A Python consumer of the dangian ctypes binding.

    python3 play.py               play a seeded game of each kind, print one summary line each
    python3 play.py FILE...       load each saved game (a record JSON) and print its final state

It prints the same lines as the C consumer (compared with the Rust engine by the tests):
    game <kind> moves <n> hash <16 hex> outcome <reason> scores <s0,..> places <p0,..>
    board <kind> <every field of the game's board snapshot at the end>
    vector <file> hash <16 hex> state <json>
"""

import gc
import sys

import dangian
from dangian import DangianError, Game, Kind, Status


def expect(cond, what):
    if not cond:
        sys.exit("expected " + what)


def join(values):
    return ",".join(str(v) for v in values)


def board_line(game):
    if game.kind == Kind.O_AN_QUAN:
        b = game.o_an_quan_board()
        return ("board o_an_quan dan %s big_on_board %s big_captured_by %s captured_dan %s"
                " captured_quan %s scores %s to_move %d ply %d") % (
            join(b.dan), join(b.big_on_board), join(b.big_captured_by), join(b.captured_dan),
            join(b.captured_quan), join(b.scores), b.to_move, b.ply)
    if game.kind == Kind.CA_NGUA:
        b = game.ca_ngua_board()
        return ("board ca_ngua track_len %d owner %s progress %s colour_to_move %d to_move %d"
                " dice %s tries_left %d kicks %s") % (
            b.track_len, join(b.owner), join(v for row in b.progress for v in row),
            b.colour_to_move, b.to_move, join(b.dice), b.tries_left,
            join(v for row in b.kicks for v in row))
    b = game.domino_board(0)
    line = ",".join("%d:%d" % (p.left, p.right) for p in b.line[:b.line_len]) or "-"
    return ("board domino seat %d players %d round %d phase %d to_move %d hand_mask %d"
            " hand_counts %s boneyard %d drawable %d ends %s line_len %d line %s scores %s") % (
        b.seat, b.players, b.round, b.phase, b.to_move, b.hand_mask, join(b.hand_counts),
        b.boneyard, b.drawable, join(b.ends), b.line_len, line, join(b.scores))


def play(kind, seed):
    """The choice rule shared with the Rust test: legal[(move * 7 + 3) % n]."""
    with Game(kind, seed) as game:
        while not game.over:
            if game.chance_to_move:
                game.play_chance()
                continue
            legal = game.legal_actions()
            move = game.move_number
            game.apply_at(move, legal[(move * 7 + 3) % len(legal)])
        o = game.outcome()
        print("game %s moves %d hash %016x outcome %s scores %s places %s" % (
            dangian.kind_name(kind), game.move_number, game.state_hash, game.end_reason(),
            join(o.scores[:o.seats]), join(o.places[:o.seats])))
        print(board_line(game))
        with Game.load(game.save()) as loaded:
            expect(loaded.state_hash == game.state_hash, "the loaded game to match")


def status_of(call):
    try:
        call()
    except DangianError as e:
        expect(e.message, "a message")
        return e.status
    return Status.OK


def error_paths():
    expect(dangian.version().count(".") == 2, "a version")
    expect(status_of(lambda: Game(9, 1)) == Status.INVALID_ARGUMENT, "a bad kind to raise")
    expect(status_of(lambda: Game(Kind.DOMINO, 1, '{"players":5}')) == Status.INVALID_CONFIG,
           "INVALID_CONFIG")
    expect(status_of(lambda: Game(Kind.O_AN_QUAN, 1, "{oops")) == Status.INVALID_JSON,
           "INVALID_JSON")
    expect(status_of(lambda: Game.load("{}")) == Status.INVALID_RECORD, "INVALID_RECORD")
    game = Game(Kind.O_AN_QUAN, 1)
    hash_before, state_before = game.state_hash, game.state_json()
    try:
        game.apply(game.action_id("b1-"))  # seat 0 cannot sow seat 1's square
        expect(False, "an illegal action to raise")
    except DangianError as e:
        expect(e.status == Status.ILLEGAL_ACTION, "ILLEGAL_ACTION, not %r" % e.status)
    expect(status_of(lambda: game.apply_at(3, 1)) == Status.STALE_ACTION, "STALE_ACTION")
    expect(status_of(game.play_chance) == Status.NOT_CHANCE, "NOT_CHANCE")
    expect(status_of(lambda: game.view_json(2)) == Status.INVALID_ARGUMENT, "a bad seat")
    expect(status_of(game.ca_ngua_board) == Status.WRONG_GAME, "WRONG_GAME")
    expect(status_of(lambda: game.action_id("zz")) == Status.UNKNOWN_ACTION, "UNKNOWN_ACTION")
    expect(game.state_hash == hash_before and game.state_json() == state_before,
           "the game to be unchanged")
    copy = game.clone()
    copy.apply(copy.legal_actions()[0])
    expect(copy.move_number == game.move_number + 1, "the clone to be independent")
    # Freed by the collector; a closed game raises instead of crashing.
    del copy
    gc.collect()
    game.close()
    expect(status_of(lambda: game.seats) == Status.NULL_POINTER, "a closed game to raise")


def main(args):
    expect(dangian.load().dg_abi_version() == dangian.ABI_VERSION, "the ABI version to match")
    if not args:
        error_paths()
        for kind in (Kind.O_AN_QUAN, Kind.CA_NGUA, Kind.DOMINO):
            play(kind, 7)
        return
    for path in args:
        with open(path, encoding="utf-8") as f:
            record = f.read()
        with Game.load(record) as game:
            print("vector %s hash %016x state %s" % (path, game.state_hash, game.state_json()))


if __name__ == "__main__":
    main(sys.argv[1:])
