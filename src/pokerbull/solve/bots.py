"""How exploitable a bot is in one two-player hand, and a bot that plays a solution.

:func:`exploitability` takes a built-in bot (by name, as :func:`pokerbull.make_bot`)
or any :class:`pokerbull.Bot` whose play depends only on its observation, lets it
play both seats of the small game, and computes exactly what a best response
gains against it over the public tree (pruned where the bot never goes).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import _names as pb

from .game import SmallGame, build_game, canonical_mask, compiled


@dataclass(frozen=True)
class BotExploitability:
    """What a best response wins against `bot` in each seat, and NashConv / 2."""

    bot: str
    best_responses: tuple[float, float]   # seat 0's best response vs the bot in seat 1, then seat 1's
    nodes: int                            # public states the best response visited

    @property
    def exploitability(self) -> float:
        return (self.best_responses[0] + self.best_responses[1]) / 2

    def __float__(self) -> float:
        return self.exploitability


def _rules_for(g: SmallGame) -> pb.Rules:
    """Two-player rules of a preset of the game's family (the one named like it first)."""
    names = sorted(pb.preset_names(), key=lambda n: n != g.family)
    for name in names:
        base = pb.Rules.preset(name, players=2)
        if base.family != g.family or base.growth != "grow":
            continue
        rules = pb.Rules.preset(name, players=2, start_cards=min(g.hands),
                                card_limit=max(base.card_limit, max(g.hands)))
        if rules.ladder is g.ladder:
            return rules
    raise ValueError(f"no preset plays {g.family} with options {dict(g.options)}: "
                     "the built-in bots need one")


class _BotPolicy:
    """The bot's {action: probability} per (seat, class, calls), asked once each."""

    def __init__(self, bot: pb.Bot, g: SmallGame) -> None:
        self.bot = bot
        self.g = g
        self.rules = _rules_for(g)
        self.cards = [[pb.Pool(canonical_mask(c)) for c in g.classes[s]] for s in (0, 1)]
        self.memo: dict[tuple[Any, ...], dict[int, float]] = {}

    def __call__(self, seat: int, h: int, calls: tuple[int, ...]) -> dict[int, float]:
        key = (seat, h, calls)
        out = self.memo.get(key)
        if out is not None:
            return out
        lad = self.g.ladder
        if isinstance(self.bot, pb.RandomBot):
            out = _random_policy(self.bot, lad, calls[-1] if calls else None)
        else:
            obs = pb.Observation(seat=seat, hand_number=1, cards=self.cards[seat][h],
                                 hand_sizes=self.g.hands, to_play=seat, starter=0,
                                 calls=tuple((i % 2, lad[c]) for i, c in enumerate(calls)),
                                 last_result=None, winner=None, rules=self.rules)
            self.bot.reset(seat)
            out = {int(self.bot.act(obs)): 1.0}
        self.memo[key] = out
        return out


def _random_policy(bot: pb.RandomBot, lad: pb.Ladder, last: int | None) -> dict[int, float]:
    n = len(lad)
    start = lad.first_raise_index(last)
    if last is not None and start == n:
        return {n: 1.0}
    out: dict[int, float] = {}
    stay = 1.0
    if last is not None:
        out[n] = bot.challenge
        stay = 1.0 - bot.challenge
    reach = min(bot.reach, n - start)
    for i in range(start, start + reach):
        out[i] = stay / reach
    return out


def exploitability(bot: Any, family: str = "pagat", hands: Any = (1, 1),
                   calls: int | None = None, **family_options: Any) -> BotExploitability:
    """Exactly how much a best response wins against `bot` playing both seats of one hand.

    `bot` is a built-in name (``"random"``, ``"probability"``, ``"evidence"``) or
    a :class:`pokerbull.Bot`. The game is that of :func:`pokerbull.solve`: the
    lowest `calls` calls a pool of ``sum(hands)`` cards can satisfy (all by
    default). A bot's call that no such pool satisfies is challenged and lost
    (the best answer to it); a bot's call that some pool satisfies but that is
    not kept is an error (measure bots with every call: ``calls=None``). The
    result's ``exploitability`` is NashConv / 2, as for a
    :class:`~pokerbull.solve.Solution`.
    """
    the_bot = pb.make_bot(bot)
    g = build_game(family, hands, calls, family_options)
    policy = _BotPolicy(the_bot, g)
    sat_all = set(build_game(family, hands, None, family_options).kept)
    br = []
    visited = [0]
    if isinstance(the_bot, pb.RandomBot):
        # its play depends on the last call only: stream the whole tree in the core
        for seat in (0, 1):
            table = last_call_table(g, lambda h, calls: policy(1 - seat, h, calls), 1 - seat,
                                    sat_all)
            values, nodes = compiled().stream_best_response(g.first, g.payoff, g.chance, table, 1, seat)
            br.append(float(values.sum()))
            visited[0] += nodes
        name = bot if isinstance(bot, str) else repr(the_bot)
        return BotExploitability(name, (br[0], br[1]), visited[0])
    for seat in (0, 1):
        walker = _BestResponse(g, policy, seat, sat_all, visited)
        ropp = np.ones(len(g.classes[1 - seat]))
        br.append(float(walker.best((), ropp).sum()))
    name = bot if isinstance(bot, str) else repr(the_bot)
    return BotExploitability(name, (br[0], br[1]), visited[0])


def last_call_table(g: SmallGame, policy: Any, seat: int, satisfiable: set[int]) -> np.ndarray:
    """table[key, action, class] of a strategy that sees only the last call (key 0: none,
    else 1 + kept index); actions: K raises, the challenge, a call no pool satisfies."""
    k = g.calls
    pos = {c: i for i, c in enumerate(g.kept)}
    n_classes = len(g.classes[seat])
    table = np.zeros((k + 1, k + 2, n_classes))
    for key in range(k + 1):
        calls = () if key == 0 else (g.kept[key - 1],)
        for h in range(n_classes):
            for action, p in policy(h, calls).items():
                if action == len(g.ladder):
                    table[key, k, h] += p
                elif action in pos:
                    table[key, pos[action], h] += p
                elif action not in satisfiable:
                    table[key, k + 1, h] += p
                else:
                    raise ValueError(f"{g.ladder[action]} is not among the {k} kept calls")
    return table


class _BestResponse:
    """Seat's best response (or, given `mine`, seat's result playing `mine`) per hand class
    against the bot's `policy` in the other seat, by a walk pruned where the bot never goes."""

    def __init__(self, g: SmallGame, policy: _BotPolicy, seat: int, satisfiable: set[int],
                 visited: list[int], mine: Any = None) -> None:
        self.g = g
        self.policy = policy
        self.mine = mine
        self.seat = seat
        self.sat = satisfiable
        self.visited = visited
        pay = g.payoff
        # payoff to the best responder's seat when it is the caller, oriented [c, mine, theirs]
        self.pay = pay if seat == 0 else pay.transpose(0, 2, 1)
        self.chance = g.chance if seat == 0 else g.chance.T
        self.kept_pos = {c: i for i, c in enumerate(g.kept)}
        self.challenge = len(g.ladder)

    def terminal(self, call: int, caller_is_me: bool, ropp: np.ndarray) -> np.ndarray:
        v: np.ndarray = self.pay[self.kept_pos[call]] @ ropp
        return v if caller_is_me else -v

    def best(self, calls: tuple[int, ...], ropp: np.ndarray) -> np.ndarray:
        self.visited[0] += 1
        g = self.g
        actor = len(calls) % 2
        if actor == self.seat and self.mine is not None:
            return self.play(calls, ropp)
        if actor == self.seat:
            first = int(g.first[self.kept_pos[calls[-1]] + 1]) if calls else 0
            out = np.full(len(g.classes[self.seat]), -np.inf)
            for c in g.kept[first:]:
                np.maximum(out, self.best(calls + (c,), ropp), out=out)
            if calls:
                np.maximum(out, self.terminal(calls[-1], False, ropp), out=out)
            return out
        branches: dict[int, np.ndarray] = {}
        for h in np.nonzero(ropp > 0)[0]:
            for action, p in self.policy(actor, int(h), calls).items():
                if p > 0:
                    r = branches.setdefault(action, np.zeros_like(ropp))
                    r[h] += ropp[h] * p
        out = np.zeros(len(g.classes[self.seat]))
        for action, r in branches.items():
            if action == self.challenge:
                out += self.terminal(calls[-1], True, r)
            elif action in self.kept_pos:
                out += self.best(calls + (action,), r)
            elif action not in self.sat:
                out += self.chance @ r        # an impossible call: challenged, the bot loses
            else:
                raise ValueError(f"the bot called {g.ladder[action]}, which is not among the "
                                 f"{g.calls} kept calls; measure it with more calls")
        return out


    def play(self, calls: tuple[int, ...], ropp: np.ndarray) -> np.ndarray:
        n = len(self.g.classes[self.seat])
        out = np.zeros(n)
        for a in self._actions(calls):
            p = np.array([self.mine(h, calls).get(a, 0.0) for h in range(n)])
            if not p.any():
                continue
            v = self.terminal(calls[-1], False, ropp) if a == self.challenge \
                else self.best(calls + (a,), ropp)
            out += p * v
        return out

    def _actions(self, calls: tuple[int, ...]) -> list[int]:
        g = self.g
        first = int(g.first[self.kept_pos[calls[-1]] + 1]) if calls else 0
        return list(g.kept[first:]) + ([self.challenge] if calls else [])


def head_to_head(solution: Any, bot: Any) -> tuple[float, float]:
    """A solution's exact expected result per hand against `bot`: opening (seat 0), then
    answering (seat 1). `solution` is a Solution or AbstractSolution covering every call
    the bot makes; `bot` a deterministic bot (a name or a :class:`pokerbull.Bot`)."""
    the_bot = pb.make_bot(bot)
    if isinstance(the_bot, pb.RandomBot):
        raise ValueError("the random bot reaches most of the public tree: too big for this "
                         "walk (play it in pokerbull.tournament instead)")
    g = solution.game
    policy = _BotPolicy(the_bot, g)
    sat_all = set(build_game(g.family, g.hands, None, dict(g.options)).kept)
    reps = [[canonical_mask(c) for c in g.classes[s]] for s in (0, 1)]
    out = []
    for seat in (0, 1):
        def mine(h: int, calls: tuple[int, ...], seat: int = seat) -> dict[int, float]:
            strategy: dict[int, float] = solution.strategy(seat, reps[seat][h], calls)
            return strategy
        walker = _BestResponse(g, policy, seat, sat_all, [0], mine=_memo(mine))
        out.append(float(walker.best((), np.ones(len(g.classes[1 - seat]))).sum()))
    return out[0], out[1]


def _memo(fn: Any) -> Any:
    cache: dict[tuple[Any, ...], Any] = {}

    def wrapped(h: int, calls: tuple[int, ...]) -> Any:
        key = (h, calls)
        if key not in cache:
            cache[key] = fn(h, calls)
        return cache[key]
    return wrapped


class EquilibriumBot(pb.Bot):
    """Plays solved strategies when the hand fits one, else the fallback bot.

    By default: the full one-card pagat hand (all 26 calls) solved on the
    last-two-calls abstraction (exploitability below 1e-4), and the evidence bot.

    A hand fits a :class:`~pokerbull.solve.Solution` when two players are in it
    with the solution's hand sizes (the starter first), the family matches and
    every call so far is one of its kept calls. Draws from `seed`.
    """

    name = "equilibrium"

    def __init__(self, solutions: Any = None, fallback: Any = "evidence", seed: Any = None) -> None:
        from .abstract import AbstractSolution, solve_abstract
        from .solver import Solution
        if solutions is None:
            solutions = [solve_abstract("pagat", hands=(1, 1), memory=2, iterations=200)]
        if isinstance(solutions, (Solution, AbstractSolution)):
            solutions = [solutions]
        solutions = list(solutions)
        if not all(isinstance(s, (Solution, AbstractSolution)) for s in solutions):
            raise ValueError("solutions must be pokerbull.solve.Solution or AbstractSolution "
                             "objects")
        self.solutions = solutions
        self.fallback = pb.make_bot(fallback)
        self.rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
        self.solved_decisions = 0
        self.fallback_decisions = 0

    def __deepcopy__(self, memo: dict[int, Any]) -> EquilibriumBot:
        """A copy that shares the (read-only) solutions and copies the rest."""
        other = copy.copy(self)
        other.fallback = copy.deepcopy(self.fallback, memo)
        other.rng = copy.deepcopy(self.rng, memo)
        return other

    def reset(self, seat: int) -> None:
        super().reset(seat)
        self.fallback.reset(seat)

    def params(self) -> dict[str, Any]:
        return {"solutions": [repr(s) for s in self.solutions], "fallback": repr(self.fallback)}

    def act(self, observation: pb.Observation) -> int:
        for sol in self.solutions:
            if not self._fits(sol, observation):
                continue
            probs = sol.policy(observation)
            actions = list(probs)
            p = np.array([probs[a] for a in actions])
            self.solved_decisions += 1
            return int(actions[int(self.rng.choice(len(actions), p=p / p.sum()))])
        self.fallback_decisions += 1
        return self.fallback.act(observation)

    @staticmethod
    def _fits(sol: Any, obs: pb.Observation) -> bool:
        g = sol.game
        if obs.rules.ladder is not g.ladder or obs.starter is None:
            return False
        live = [s for s, n in enumerate(obs.hand_sizes) if n]
        if len(live) != 2 or obs.starter not in live:
            return False
        other = live[0] if live[1] == obs.starter else live[1]
        if (obs.hand_sizes[obs.starter], obs.hand_sizes[other]) != g.hands:
            return False
        kept = set(g.kept)
        return all(c.index in kept for _, c in obs.calls)
