"""Both backends give identical games: a Hypothesis state machine (the pyroaring shape).

Two games with the same rules and seed, one on each kernel module (chosen with
the internal ``_core=`` keyword), get the same actions, legal or not; after
every step their histories, states and answers must agree.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import pokerbull as pb
from conftest import BACKENDS

PRESETS = ("pagat", "pagat-wild", "pagat-five", "holdem")
TEXTS = ("one Ace", "two Eights", "three Tens", "pair:8", "trips:T", "quads:Q",
         "Pair of Tens", "Straight, 5 to 9", "Flush, Hearts, High Queen", "five Eights",
         "straight flush to the King of clubs", "royal_flush::s", "three Elevens", "",
         "challenge")

pytestmark = pytest.mark.skipif(BACKENDS["cython"] is None, reason="compiled core not built")


def outcome(game: pb.Game, act) -> str:
    """Apply `act` to `game`; 'ok' or the IllegalAction message."""
    try:
        act(game)
    except pb.IllegalAction as exc:
        return f"illegal: {exc}"
    return "ok"


class SameGameOnBothBackends(RuleBasedStateMachine):
    @initialize(preset=st.sampled_from(PRESETS), players=st.integers(2, 10),
                seed=st.integers(0, 2**63), start=st.sampled_from([None, 2, 4]),
                direction=st.sampled_from(["clockwise", "counter-clockwise"]))
    def start(self, preset, players, seed, start, direction):
        options = {"players": players, "direction": direction, "first_starter": "random"}
        if start is not None:
            options["start_cards"] = 1 if preset == "pagat-five" and start == 2 else start
        self.games = [pb.Game(preset, seed=seed, _core=BACKENDS[name], **options)
                      for name in ("python", "cython")]

    def both(self, act) -> None:
        results = [outcome(g, act) for g in self.games]
        assert results[0] == results[1]

    @precondition(lambda self: not self.games[0].is_terminal())
    @rule(data=st.data())
    def legal_action(self, data):
        legal = self.games[0].legal_actions()
        assert legal == self.games[1].legal_actions()
        action = data.draw(st.sampled_from(legal))
        self.both(lambda g: g.apply_action(action))

    @rule(action=st.integers(-2, 430))
    def any_action(self, action):
        self.both(lambda g: g.apply_action(action))

    @rule(text=st.sampled_from(TEXTS), seat=st.one_of(st.none(), st.integers(0, 10)))
    def call_by_text(self, text, seat):
        self.both(lambda g: g.call(text, seat=seat))

    @rule(seat=st.one_of(st.none(), st.integers(0, 10)))
    def challenge(self, seat):
        self.both(lambda g: g.challenge(seat=seat))

    @precondition(lambda self: not self.games[0].is_terminal())
    @rule(seed=st.integers(0, 2**32), steps=st.integers(1, 150))
    def play_on(self, seed, steps):
        """Many random legal actions at once, to reach late hands and the end."""
        for g in self.games:
            choose = random.Random(seed)
            for _ in range(steps):
                if g.is_terminal():
                    break
                g.apply_action(choose.choice(g.legal_actions()))

    @rule()
    def save_and_restore(self):
        self.games = [pb.Game.from_json(g.to_json(), _core=g._core) for g in self.games]

    @rule()
    def clone(self):
        self.games = [g.clone() for g in self.games]

    @invariant()
    def same_game(self):
        py, cy = self.games
        assert [r.to_dict() for r in py.history] == [r.to_dict() for r in cy.history]
        assert (py.current_player, py.hand_sizes, py.winner, py.returns()) == \
            (cy.current_player, cy.hand_sizes, cy.winner, cy.returns())
        assert py._rng_json() == cy._rng_json()
        if not py.is_terminal():
            seat = py.to_play
            assert (py.observation_array(seat) == cy.observation_array(seat)).all()


SameGameOnBothBackends.TestCase.settings = settings(
    max_examples=60, stateful_step_count=30, deadline=None,
    suppress_health_check=[HealthCheck.too_slow])
test_same_game_on_both_backends = SameGameOnBothBackends.TestCase


def test_backend_choice_is_real():
    """The `_core=` keyword really swaps the kernel module under the game."""
    py = pb.Game("pagat", players=3, seed=1, _core=BACKENDS["python"])
    cy = pb.Game("pagat", players=3, seed=1, _core=BACKENDS["cython"])
    assert type(py.ladder._kernel).__module__ == "pokerbull.core._pure"
    assert type(cy.ladder._kernel).__module__ == "pokerbull.core._core"
    assert py.history[0].to_dict() == cy.history[0].to_dict()
