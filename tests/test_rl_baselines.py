"""Baselines: a `uniform` bot in every game, and `pokerbull bots` saying what each does."""

from __future__ import annotations

import numpy as np
import pytest

from pokerbull import protocol
from pokerbull.cli.main import bot_descriptions, main

GAMES = protocol.wing_names()


def _state_with_choices(game: str):
    """A state of `game` whose seat to play has several legal actions."""
    w = protocol.wing(game)
    rng = np.random.default_rng(0)
    state = w.new_game(players=max(3, w.min_players), seed=1)
    while len(state.legal_actions()) < 2 or state.current_player < 0:
        if state.current_player == protocol.CHANCE_PLAYER:
            actions, p = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=p)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_uniform_bot_that_plays_every_legal_action_alike(game):
    state = _state_with_choices(game)
    legal = list(state.legal_actions())
    bot = protocol.wing(game).bots["uniform"](seed=7)
    bot.reset(state.current_player)
    observation = state.observation(state.current_player)
    draws = 300 * len(legal)
    counts = np.bincount([legal.index(bot.act(observation)) for _ in range(draws)],
                         minlength=len(legal))
    expected = draws / len(legal)
    chi2 = float(((counts - expected) ** 2 / expected).sum())
    # 99.9% quantile of chi-square with k - 1 degrees of freedom, roughly k + 4 sqrt(2k) + 10
    assert chi2 < len(legal) + 4 * np.sqrt(2 * len(legal)) + 10
    assert counts.min() > 0


@pytest.mark.parametrize("game", GAMES)
def test_bots_command_says_what_every_bot_does(game, capsys):
    assert main(["bots", "--game", game]) == 0
    out = capsys.readouterr().out
    for name, doc in bot_descriptions(game):
        assert doc and f"{name} " in out and doc in out
    assert "uniform" in out and "uniformly at random" in out


def test_bots_command_refuses_an_unknown_game(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["bots", "--game", "chess"])
    assert exc.value.code == 2
    assert "unknown game 'chess'" in capsys.readouterr().err
