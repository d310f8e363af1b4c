"""The bot interface and the random bot."""

import pytest

import pokerbull as pb
from pokerbull.bull.bots import legal_actions


@pytest.mark.parametrize("preset", ["pagat", "pagat-wild", "pagat-five", "holdem"])
def test_random_bots_finish_games_with_legal_actions(preset):
    g = pb.Game(preset, players=4, seed=3)
    bots = [pb.RandomBot(seed=s) for s in range(4)]
    for seat, bot in enumerate(bots):
        bot.reset(seat)
    steps = 0
    while not g.is_over:
        obs = g.observation(g.to_play)
        assert legal_actions(obs) == g.legal_actions()
        action = bots[g.to_play].act(obs)
        assert action in g.legal_actions()
        g.apply_action(action)
        steps += 1
        assert steps < 20_000
    assert g.winner is not None


def test_random_bot_options_are_checked():
    with pytest.raises(ValueError, match="probability"):
        pb.RandomBot(challenge=1.5)
    with pytest.raises(ValueError, match="reach"):
        pb.RandomBot(reach=0)


def test_bot_is_abstract():
    with pytest.raises(TypeError):
        pb.Bot()


def test_an_unknown_bot_parameter_is_named_with_the_valid_ones():
    with pytest.raises(ValueError, match="bot 'evidence' has no parameter 'foo': its parameters "
                                         "are challenge_below, raise_at_least, credit, "
                                         "doubt_caller"):
        pb.make_bot("evidence", foo=1)


def test_a_list_of_too_few_bots_says_how_to_fill_the_table():
    with pytest.raises(ValueError, match=r"bots=\['evidence'\] seats 1 bot at a table of "
                                         r"players=2: give a list of 2 bots .* \(bots='evidence'\)"):
        pb.simulate("pagat", bots=["evidence"], players=2, games=10)
