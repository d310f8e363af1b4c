"""N games of Poker Bull stepped at once, for reinforcement learning at scale.

``VectorGame(preset, num_games, seed=...)`` keeps N games of the same rules in one
C array (the same struct and rules code as :class:`~pokerbull.bull.game.Game`'s
compiled state). Each :meth:`~VectorGame.step` takes one action per game (a NumPy
array), applies them in C, scores the games that ended and starts them again, and
leaves every game's compact state in arrays that are rewritten in place:

>>> import numpy as np
>>> vec = VectorGame("pagat", num_games=3, players=4, seed=10)
>>> vec.legal_start.tolist(), vec.legal_stop.tolist()     # openings: every call
([0, 0, 0], [326, 326, 326])
>>> rewards, dones = vec.step(np.array([5, 40, 300]))
>>> vec.legal_stop.tolist() == [vec.num_actions] * 3      # a call made: raises and the challenge
True
>>> vec.observations().shape, vec.action_masks().shape
((3, 398), (3, 327))

Game i plays the games ``Game(preset, seed=seed + i)``, then ``seed + i + N``,
``seed + i + 2N``, ... (one after another, mod 2**64), so any episode can be
replayed alone with :class:`~pokerbull.bull.game.Game`.
"""

from __future__ import annotations

import reprlib
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core import backend
from ..options import whole
from ..protocol import IllegalAction
from .game import _CompiledGame, _PythonGame, _table_for, rules_of
from .rules import Rules

try:
    from ._engine import VectorCore
except ImportError:     # no compiled engine: the Python engine plays the same games
    VectorCore = None  # type: ignore[misc, assignment]

_WORD = 1 << 64
MAX_GAMES = 1 << 22     # 4,194,304 games: about 1.4 KB each, some 6 GiB in all


class _PythonVectorCore:
    """The batched games on the Python engine (the pure backend's, and the reference):
    the same arrays and the same games as the compiled VectorCore, one game at a time."""

    def __init__(self, rules: Rules, seeds: np.ndarray, engine: type = _PythonGame) -> None:
        n, p = len(seeds), rules.players
        self.rules, self.num_games, self.players, self._engine = rules, n, p, engine
        self.seeds = np.array(seeds, dtype=np.uint64)
        self.to_play = np.zeros(n, np.int32)
        self.legal_start = np.zeros(n, np.int32)
        self.legal_stop = np.zeros(n, np.int32)
        self.cards = np.zeros(n, np.uint64)
        self.hand_sizes = np.zeros((n, p), np.int32)
        self.last_call = np.zeros(n, np.int32)
        self.last_caller = np.zeros(n, np.int32)
        self.starter = np.zeros(n, np.int32)
        self.rewards = np.zeros((n, p), np.float32)
        self.dones = np.zeros(n, np.bool_)
        self.winners = np.full(n, -1, np.int32)
        self.episodes = np.zeros(n, np.int64)
        self.reset()

    def reset(self, seeds: Any = None) -> None:
        if seeds is not None:
            self.seeds[:] = np.asarray(seeds, dtype=np.uint64)
        self.games = [self._engine(self.rules, seed=int(s)) for s in self.seeds]
        for i in range(self.num_games):
            self._publish(i)
        self.rewards[:] = 0
        self.dones[:] = False
        self.winners[:] = -1

    def _publish(self, i: int) -> None:
        g = self.games[i]
        legal = g.legal_actions()
        self.to_play[i] = g.current_player
        self.legal_start[i], self.legal_stop[i] = legal[0], legal[-1] + 1
        self.cards[i] = g.hand(g.current_player).mask
        self.hand_sizes[i] = g.hand_sizes
        self.last_call[i] = g._last
        self.last_caller[i] = g._last_caller
        self.starter[i] = g._starter

    def step(self, actions: Any) -> int:
        actions = np.ascontiguousarray(actions, dtype=np.int64)
        if actions.shape != (self.num_games,):
            raise ValueError(f"step needs one action per game ({self.num_games}), "
                             f"not {actions.shape[0]}")
        for i, a in enumerate(actions.tolist()):
            if not self.games[i].can_apply_action(a):
                return i
        for i, a in enumerate(actions.tolist()):
            g = self.games[i]
            g.apply_action(a)
            self.rewards[i] = g.returns()
            self.dones[i] = g.is_terminal()
            self.winners[i] = -1 if g.winner is None else g.winner
            if g.is_terminal():
                self.episodes[i] += 1
                self.seeds[i] = (int(self.seeds[i]) + self.num_games) % _WORD
                self.games[i] = self._engine(self.rules, seed=int(self.seeds[i]))
            self._publish(i)
        return -1

    def observations(self, out: np.ndarray | None = None) -> np.ndarray:
        rows = [g.observation_array(g.current_player) for g in self.games]
        if out is None:
            return np.stack(rows)
        out[:] = rows
        return out

    def action_masks(self, out: np.ndarray | None = None) -> np.ndarray:
        rows = [g.action_mask() for g in self.games]
        if out is None:
            return np.stack(rows)
        out[:] = rows
        return out

    def pick_actions(self, uniforms: np.ndarray) -> np.ndarray:
        picked = []
        for g, u in zip(self.games, np.asarray(uniforms, np.float64).tolist()):
            legal = g.legal_actions()
            picked.append(legal[int(u * len(legal))])
        return np.array(picked, np.int64)


class VectorGame:
    """N Poker Bull games of one preset stepped at once (see the module's text).

    ``VectorGame(preset="pagat", num_games=1024, seed=0, **options)``: options as for
    :class:`~pokerbull.bull.game.Game` (``players=``, ``start_cards=``...); every
    preset (pagat, pagat-wild, pagat-five, holdem, cheung). ``seed`` is a whole number (game i
    starts from ``seed + i``) or a sequence of one seed per game.

    After every :meth:`step` (and :meth:`reset`), for each game ``i``:

    - ``to_play[i]``: the seat to act (games restart at once, so there always is one);
    - ``legal_start[i]``, ``legal_stop[i]``: its legal actions are every action ``a``
      with ``legal_start[i] <= a < legal_stop[i]`` (the raises, then the challenge once
      a call is made: one run), except at an opening of Cheung's family, which skips
      the calls certain for the cards in play: there the two span the allowed calls
      and a few inside may be barred. The exact set is :meth:`action_masks`, and
      :meth:`random_actions` draws from it;
    - ``cards[i]`` (the seat to act's cards as a 64-bit mask), ``hand_sizes[i]``,
      ``last_call[i]`` (-1 at an opening), ``last_caller[i]``, ``starter[i]``: the compact
      observation; :meth:`observations` gives the full float32 observation of the seat
      to act (the layout of ``Game.observation_array``);
    - ``rewards[i]`` (float32 per seat) and ``dones[i]``: the returns of a game that
      ended with this step (zero-sum: +1 for the winner), else zeros and False;
      ``winners[i]`` its winner (-1 if none ended); ``episodes[i]`` counts the ended
      games; ``seeds[i]`` is the seed of the game now in play.

    The arrays are the same objects after every step (rewritten in place, read-only
    to you): copy what you keep. ``num_games`` is at most ``MAX_GAMES``
    (2**22, about 6 GiB).
    """

    rules: Rules
    engine: str
    seeds: npt.NDArray[np.uint64]
    to_play: npt.NDArray[np.int32]
    legal_start: npt.NDArray[np.int32]
    legal_stop: npt.NDArray[np.int32]
    cards: npt.NDArray[np.uint64]
    hand_sizes: npt.NDArray[np.int32]
    last_call: npt.NDArray[np.int32]
    last_caller: npt.NDArray[np.int32]
    starter: npt.NDArray[np.int32]
    rewards: npt.NDArray[np.float32]
    dones: npt.NDArray[np.bool_]
    winners: npt.NDArray[np.int32]
    episodes: npt.NDArray[np.int64]

    def __init__(self, preset: str | Rules = "pagat", num_games: int = 1024, *,
                 seed: Any = 0, _engine: str | None = None, **options: Any) -> None:
        rules = rules_of(preset, options)
        num_games = whole("num_games", num_games, 1, MAX_GAMES)
        self.rules = rules
        seeds = self._seeds(seed, int(num_games))
        if _engine not in (None, "compiled", "python"):
            raise ValueError(f"_engine must be 'compiled' or 'python', not {_engine!r}")
        built = VectorCore is not None and _CompiledGame is not None
        if _engine == "compiled" and not built:
            raise ValueError("the compiled core is not built")
        # the backend's engine unless one is asked for (tests compare the two)
        compiled = built and (_engine == "compiled" or (_engine is None
                                                         and backend.name == "cython"))
        self._core: VectorCore | _PythonVectorCore
        if compiled:
            lad = _CompiledGame.ladder_of(rules)
            self._core = VectorCore(_table_for(rules, lad), seeds)
        else:
            self._core = _PythonVectorCore(rules, seeds)
        self.engine = "compiled" if compiled else "python"
        for name in ("seeds", "to_play", "legal_start", "legal_stop", "cards", "hand_sizes",
                     "last_call", "last_caller", "starter", "rewards", "dones", "winners",
                     "episodes"):
            shown = getattr(self._core, name).view()    # read-only: the games' own state
            shown.flags.writeable = False
            setattr(self, name, shown)

    @staticmethod
    def _seeds(seed: Any, n: int) -> np.ndarray:
        if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
            first = whole("seed", seed, 0, _WORD - 1)
            return ((first + np.arange(n, dtype=np.uint64).astype(object)) % _WORD
                    ).astype(np.uint64)
        try:
            seeds = list(seed)
        except TypeError:
            raise ValueError(f"seed must be a whole number or one whole number per game, "
                             f"not {seed!r}") from None
        if len(seeds) != n:
            raise ValueError(f"seeds must be {n} whole numbers 0 to 2**64 - 1, "
                             f"not {len(seeds)}")
        return np.array([whole(f"seed of game {i}", s, 0, _WORD - 1)
                         for i, s in enumerate(seeds)], dtype=np.uint64)

    @property
    def num_games(self) -> int:
        """How many games are stepped at once (N, the length of every per-game array)."""
        return self._core.num_games

    @property
    def num_players(self) -> int:
        """Seats at each table (every game has the same rules)."""
        return self.rules.players

    @property
    def num_actions(self) -> int:
        """Ladder indices, then the challenge (``num_actions - 1``)."""
        return self.rules.num_actions

    @property
    def challenge_action(self) -> int:
        """The action id of a challenge: ``num_actions - 1``."""
        return self.rules.num_actions - 1

    @property
    def observation_size(self) -> int:
        """Length of each row of :meth:`observations` (as ``Game.observation_array``)."""
        return self.rules.observation_size

    def reset(self, seed: Any = None) -> None:
        """Start every game again: from the seeds in play, or from `seed` (as in the
        constructor). Clears rewards and dones."""
        self._core.reset(None if seed is None else self._seeds(seed, self.num_games))

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray]:
        """Apply one action per game (any integer array of length ``num_games``);
        returns ``(rewards, dones)``. An illegal action raises IllegalAction naming the
        game, and then no game has moved."""
        given = np.asarray(actions)
        if given.shape != (self.num_games,):        # before any copy of a huge view
            raise ValueError(f"step needs one action per game ({self.num_games}), not an "
                             f"array of shape {given.shape}")
        if given.dtype.kind not in "iu":
            raise ValueError(f"actions must be whole numbers (an integer array), not "
                             f"{given.dtype} values")
        if given.dtype.kind == "u":      # past int64: no such action (the core reads int64)
            given64 = np.minimum(given, np.uint64(2**63 - 1)).astype(np.int64)
        else:
            given64 = given.astype(np.int64, copy=False)
        bad = self._core.step(given64)
        if bad >= 0:
            a = given.reshape(-1)[bad]
            raise IllegalAction(f"game {bad}: action {a} is not legal now (legal: "
                                f"{self.legal_start[bad]}..{self.legal_stop[bad] - 1}); "
                                f"no game moved")
        return self.rewards, self.dones

    def observations(self, out: np.ndarray | None = None) -> np.ndarray:
        """float32 ``(num_games, observation_size)``: each game's observation for its
        seat to act, as ``Game.observation_array``; written into `out` when given."""
        return self._core.observations(self._out(out, np.float32, self.observation_size))

    def action_masks(self, out: np.ndarray | None = None) -> np.ndarray:
        """int8 ``(num_games, num_actions)``: 1 for each legal action of each game;
        written into `out` when given."""
        return self._core.action_masks(self._out(out, np.int8, self.num_actions))

    def _out(self, out: Any, dtype: type, width: int) -> np.ndarray | None:
        """`out` if both engines can write the rows into it, else a ValueError saying
        what it must be (the same refusal on both engines, before any game is read)."""
        shape = (self.num_games, width)
        if out is None or (isinstance(out, np.ndarray) and out.dtype == dtype
                           and out.shape == shape and out.flags.c_contiguous
                           and out.flags.writeable):
            return out
        if isinstance(out, np.ndarray):
            shown = f"a {'read-only ' * (not out.flags.writeable)}" \
                    f"{'non-contiguous ' * (not out.flags.c_contiguous)}{out.dtype} array " \
                    f"of shape {out.shape}"
        else:
            shown = reprlib.repr(out)
        raise ValueError(f"out must be a writable C-contiguous {np.dtype(dtype)} array of "
                         f"shape {shape}, not {shown}")

    def random_actions(self, rng: np.random.Generator) -> np.ndarray:
        """One uniformly drawn legal action per game (int64), from `rng` (one
        ``rng.random()`` per game: the legal action at that fraction of the legal
        actions, Cheung's barred openings skipped)."""
        if not isinstance(rng, np.random.Generator):
            raise ValueError(f"random_actions draws from a numpy.random.Generator "
                             f"(np.random.default_rng(seed)), not {rng!r}")
        uniforms = rng.random(self.num_games)
        if self.rules.family == "cheung":
            return self._core.pick_actions(uniforms)
        span = self.legal_stop - self.legal_start
        return self.legal_start + (uniforms * span).astype(np.int64)

    def __repr__(self) -> str:
        return (f"<VectorGame {self.rules.preset_name}, {self.num_games} games of "
                f"{self.num_players} players, {self.engine}>")


__all__ = ["VectorGame"]
