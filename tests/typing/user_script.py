"""A user's script over the documented API, checked by ``mypy --strict`` and run.

tests/test_typing.py type-checks this file together with the package (one mypy
run) and runs :func:`main`, so every line here is both accepted by the checker
and true at run time. It uses only public names, as a user would.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

import pokerbull as pb


def play_out(game: pb.GameState, rng: np.random.Generator) -> list[float]:
    """Play random legal actions (chance outcomes by their odds) to the end."""
    steps = 0
    while not game.is_terminal():
        if game.current_player == pb.protocol.CHANCE_PLAYER:
            outcomes = game.chance_outcomes()
            actions = [a for a, _ in outcomes]
            odds = np.array([p for _, p in outcomes])
            action = int(rng.choice(actions, p=odds / odds.sum()))
        else:
            seat: int = game.current_player
            observed: pb.protocol.Observation = game.observation(seat)
            mask: npt.NDArray[np.int8] = game.action_mask()
            assert observed.seat == seat and int(mask.sum()) == len(game.legal_actions())
            legal = list(game.legal_actions())
            action = legal[int(rng.integers(len(legal)))]
        game.apply_action(action)
        steps += 1
        if steps % 25 == 0:                 # a copy goes on exactly as the game would
            twin: pb.GameState = game.clone()
            assert twin.to_json() == game.to_json()
    returns = game.returns()
    assert abs(sum(returns)) < 1e-9
    return returns


def games() -> list[pb.GameState]:
    """Every game of the family, each through the one protocol."""
    return [pb.Game("pagat", players=3, seed=1),
            pb.Game("cheung", players=3, seed=2),
            pb.cheat.Game(players=3, seed=3),
            pb.roulette.Game(players=3, seed=4)]


def ladders_and_evaluator() -> None:
    lad: pb.Ladder = pb.ladder("pagat")
    call: pb.Call = lad.parse("three Tens")
    index: int = call.index
    pool = pb.Pool.parse("Tc Td Th 2s")
    assert lad.holds(call, pool) and lad[index] == call
    best = lad.best(pool)
    assert best is not None and not lad.is_raise(call, best)
    masks: npt.NDArray[np.uint64] = np.array([pool.mask, pb.Pool.parse("2s 3s").mask], np.uint64)
    held: npt.NDArray[np.bool_] = lad.holds_many(masks, call)
    truth: npt.NDArray[np.bool_] = lad.truth(pool)
    assert held.tolist() == [True, False] and bool(truth[index])
    rank: pb.HandRank = pb.evaluate(pb.Pool.parse("As Ks Qs Js Ts"))
    values: npt.NDArray[np.int64] = pb.evaluate_many(masks)
    assert rank > pb.evaluate(pool) and pb.HandRank(int(values[0])) == pb.evaluate(pool)
    odds: pb.Odds = pb.odds("pagat", known="Tc Td", unseen=3)
    chances: npt.NDArray[np.float64] = odds.probability
    assert 0.0 <= float(chances[index]) <= 1.0


def best_bot(result: pb.BaseSimulationResult) -> str:
    """Any game's result has the same typed rows."""
    rows: list[pb.sim.BotRate] = result.bot_rates()
    return rows[0]["bot"] if result.games else ""


def simulations() -> None:
    result = pb.simulate("pagat", bots=["probability", "random"], games=50, seed=1)
    assert result.games == 50 and len(result.seat_rates()) == 2
    other = pb.simulate("cheat", games=20, players=3, seed=1)
    assert other.games == 20
    for any_game in (result, other):
        assert best_bot(any_game) in any_game.bots and any_game.game in ("pagat", "cheat")
    returns = other.mean_returns
    assert result.mean_returns is None and returns is not None and returns.shape == (3,)
    if isinstance(result, pb.SimulationResult):      # Poker Bull's own statistics
        mean_hands: float = result.hands_per_game[0]
        assert mean_hands > 0
    tour: pb.TournamentResult = pb.tournament("roulette", ["reader", "timid"], games=4,
                                                players=3, seed=1)
    top: pb.sim.RankingRow = tour.ranking()[0]
    assert top["games"] > 0 and tour.in_chips and "mean_return" in top


def vector_games() -> None:
    vec = pb.VectorGame("pagat", num_games=8, players=3, seed=7)
    starts: npt.NDArray[np.int32] = vec.legal_start
    assert starts.shape == (8,)


def main() -> None:
    rng = np.random.default_rng(0)
    for game in games():
        play_out(game, rng)
    ladders_and_evaluator()
    simulations()
    vector_games()


if __name__ == "__main__":
    main()
