"""Bots at two levels play Ô ăn quan, with a hint for the first move."""

from __future__ import annotations

import dangian


def main() -> None:
    game = dangian.Game("o_an_quan", seed=3)
    for hint in dangian.hints(game, 0, "medium", seed=1)[:3]:
        print(f"hint for seat 0: {game.action_text(hint.action)} score {hint.score:.2f} ({hint.visits} simulations)")
    levels = {0: dangian.Level.MEDIUM, 1: dangian.Level.EASY}
    while not game.is_over:
        seat = game.to_move
        action = game.bot_choose(seat, levels[seat], seed=game.move_number)
        game.apply(action)
    print(game.board_text())
    print("outcome:", game.outcome(), "returns:", game.returns())


if __name__ == "__main__":
    main()
