"""One vocabulary for every game (../shared/API.md, "The family"; docs/architecture.md).

Each game (every Poker Bull preset on both engines, Cheat, Poker roulette) is played
at random, and at each state every name of the vocabulary is checked against its
contract: what it answers, how it agrees with the OpenSpiel-shaped names, what the
observation's shared fields say, that saves and logs replay, and that every verb
follows verify/can/do (a refusal says why and changes nothing).
"""

from __future__ import annotations

import random
import warnings

import pytest

import pokerbull as pb
import pokerbull.cheat as cheat
import pokerbull.roulette as roulette
from pokerbull.bull import game as bull_game
from pokerbull.cards import Card
from pokerbull.protocol import (CHANCE_PLAYER, TERMINAL_PLAYER, GameState, IllegalAction,
                                Observation, wing, wing_of)

VOCABULARY = ("players", "to_play", "current_player", "is_over", "is_terminal", "winner",
              "places", "hand_sizes", "hand", "history", "describe", "log_for", "to_json",
              "from_json", "to_log", "from_log", "observation", "min_utility", "max_utility",
              "rules", "verify_action", "can_apply_action", "apply_action")

ENGINES = {"compiled": bull_game._CompiledGame, "pure": bull_game._PythonGame}


def _bull(preset, engine="compiled", **options):
    def make(seed):
        cls = ENGINES[engine]
        if cls is None:
            pytest.skip("compiled core not built")
        return cls(preset, seed=seed, **options)
    return make


GAMES = {
    "pagat": _bull("pagat", players=4),
    "pagat-pure": _bull("pagat", "pure", players=4),
    "pagat-wild": _bull("pagat-wild", players=3),
    "pagat-five": _bull("pagat-five", players=3),
    "pagat-five-pure": _bull("pagat-five", "pure", players=3),
    "holdem": _bull("holdem", players=3),
    "cheung": _bull("cheung", players=3),
    "cheung-pure": _bull("cheung", "pure", players=3),
    "cheat": lambda seed: cheat.Game(players=3, seed=seed),
    "cheat-JT": lambda seed: cheat.Game(players=3, seed=seed, check=True, chinese=True),
    "cheat-V": lambda seed: cheat.Game(players=4, seed=seed, places=True),
    "roulette": lambda seed: roulette.Game(players=3, seed=seed),
    "roulette-two-decks": lambda seed: roulette.Game(players=6, seed=seed, max_raises=1),
}


def _states(make, seed, limit=40):
    """States of one random game (chance outcomes drawn too), at most `limit` steps."""
    rng = random.Random(seed)
    g = make(seed)
    yield g
    for _ in range(limit):
        if g.is_terminal():
            return
        if g.current_player == CHANCE_PLAYER:
            actions, weights = zip(*g.chance_outcomes())
            g.apply_action(rng.choices(actions, weights)[0])
        else:
            g.apply_action(rng.choice(list(g.legal_actions())))
        yield g


def _finish(g, seed):
    rng = random.Random(seed)
    while not g.is_terminal():
        if g.current_player == CHANCE_PLAYER:
            actions, weights = zip(*g.chance_outcomes())
            g.apply_action(rng.choices(actions, weights)[0])
        else:
            g.apply_action(rng.choice(list(g.legal_actions())))
    return g


@pytest.fixture(params=list(GAMES), ids=list(GAMES))
def make(request):
    return GAMES[request.param]


def test_every_game_has_the_whole_vocabulary(make):
    g = make(1)
    assert isinstance(g, GameState)
    missing = [name for name in VOCABULARY if not hasattr(g, name)]
    assert not missing


def test_turn_and_end_names_agree_with_the_protocol(make):
    for g in _states(make, 2):
        p = g.current_player
        assert g.players == g.num_players
        assert g.to_play == (p if p >= 0 else None)
        assert g.is_over is g.is_terminal() is (p == TERMINAL_PLAYER)
        if not g.is_over:
            assert g.winner is None


def test_a_finished_game_names_its_winner_places_and_bounds(make):
    for seed in (3, 4):
        g = _finish(make(seed), seed)
        returns = g.returns()
        assert g.min_utility < 0 < g.max_utility
        assert all(g.min_utility - 1e-9 <= r <= g.max_utility + 1e-9 for r in returns)
        places = g.places
        assert len(set(places)) == len(places) and set(places) <= set(range(g.players))
        if g.winner is not None:
            assert places[0] == g.winner
            assert returns[g.winner] == max(returns) and returns.count(max(returns)) == 1
        else:                        # no single winner: the best return is shared
            assert returns.count(max(returns)) > 1
        if not isinstance(g, cheat.Game) or g.rules.keeps_places:
            assert len(places) == g.players       # these games rank every seat at the end
            assert [returns[s] for s in places] == sorted(returns, reverse=True)


def test_poker_bull_returns_reach_its_bounds():
    g = _finish(pb.Game("pagat", players=3, seed=5), 5)
    assert min(g.returns()) == g.min_utility and max(g.returns()) == g.max_utility


def test_hand_gives_the_seats_cards_in_every_game(make):
    for g in _states(make, 6):
        for seat in range(g.players):
            hand = g.hand(seat)
            cards = list(hand)
            assert all(isinstance(c, Card) for c in cards)
            assert str(hand) == " ".join(map(str, cards))
            if g.to_play is not None:
                assert len(hand) == g.hand_sizes[seat]
        with pytest.raises(ValueError, match="seat"):
            g.hand(g.players)


def test_observation_is_one_class_with_the_same_fields(make):
    for g in _states(make, 7, limit=25):
        for seat in range(g.players):
            o = g.observation(seat)
            assert isinstance(o, Observation)
            assert (o.seat, o.players, o.to_play, o.hand_sizes, o.is_over, o.winner) == \
                (seat, g.players, g.to_play, g.hand_sizes, g.is_over, g.winner)
            assert list(o.cards) == list(g.hand(seat))
            assert (o.to_array() == g.observation_array(seat)).all()


def test_history_describe_and_logs(make):
    states = list(_states(make, 8, limit=30))
    g = states[-1]
    assert isinstance(g.history, tuple) and g.history
    text = g.describe()
    assert len(text.splitlines()) > g.players
    for seat in range(g.players):
        assert f"seat {seat}" in text
        assert all(isinstance(line, str) for line in g.log_for(seat))
    rules = str(g.rules)
    lines = rules.splitlines()              # a title, then an indented line per option
    assert rules == g.rules.describe() and len(lines) >= 3 and str(g.players) in rules
    assert lines[0].startswith(("Poker Bull (", "Cheat: ", "Poker roulette: "))
    assert all(line.startswith("  ") for line in lines[1:])


def test_saves_and_logs_replay(make):
    for seed in (9, 10):
        for k, g in enumerate(_states(make, seed, limit=30)):
            if k % 7:
                continue
            cls = type(g)
            copy = cls.from_json(g.to_json())
            assert copy.to_json() == g.to_json()
            log = g.to_log()
            replayed = cls.from_log(log)
            assert replayed.to_log() == log
            assert [r for r in replayed.history] == [r for r in g.history] or \
                [r.to_dict() for r in replayed.history] == [r.to_dict() for r in g.history]
            assert replayed.current_player == g.current_player
            assert list(replayed.legal_actions()) == list(g.legal_actions())
            for seat in range(g.players):
                assert list(replayed.hand(seat)) == list(g.hand(seat))
        with pytest.raises(ValueError, match="log"):
            cls.from_log("not a log")


def test_verify_can_apply_action(make):
    for g in _states(make, 11, limit=25):
        if g.is_over:
            break
        legal = list(g.legal_actions())
        a = legal[0]
        assert g.verify_action(a) == a and g.can_apply_action(a)
        shut = set(legal)
        illegal = [x for x in (0, 1, 2, legal[-1] + 1) if x not in shut][:2] + [g.num_actions, -1]
        before = g.to_json()
        for bad in illegal:
            assert not g.can_apply_action(bad)
            with pytest.raises(IllegalAction) as why:
                g.verify_action(bad)
            assert str(why.value)
            with pytest.raises(IllegalAction):
                g.apply_action(bad)
            assert g.to_json() == before


# ---- the verbs: verify_x raises saying why, can_x answers, x verifies then applies

def _verbs(g):
    """(name, args, kwargs, the action id it stands for or None when it must be refused)."""
    if isinstance(g, roulette.Game):
        betting = g.to_play is not None
        owe = g.to_call if betting else 0
        bet_made = betting and any(type(r) is roulette.BetMade and r.round == g.round
                                   and r.action in ("bet", "raise") for r in g.history)
        return [("check", (), {}, roulette.CHECK if betting and not owe else None),
                ("bet", (), {}, roulette.BET if betting and not bet_made else None),
                ("call", (), {}, roulette.CALL if owe else None),
                ("raise", (), {}, roulette.RAISE if bet_made and g.raises_left else None),
                ("fold", (), {}, roulette.FOLD if owe else None)]
    legal = set(g.legal_actions()) if g.to_play is not None else set()
    if isinstance(g, cheat.Game):
        out = [(name, (), {}, a if a in legal else None)
               for name, a in (("challenge", cheat.game.CHALLENGE), ("accept", cheat.game.ACCEPT),
                               ("pick_up", cheat.game.PICK_UP), ("pass", cheat.game.PASS),
                               ("check", cheat.game.CHECK), ("believe", cheat.game.BELIEVE))]
        for a in range(cheat.game.PICK_UP):
            words = g.action_to_string(a).split(" ", 1)
            if a in legal and a % 3 == 0 or a % 41 == 0:
                out.append((words[0], (words[1],), {}, a if a in legal else None))
        return out
    lad = g.ladder
    calls = {0, len(lad) - 1, *(list(legal)[:2])} - {len(lad)}
    return [("challenge", (), {}, g.challenge_action if g.challenge_action in legal else None)] \
        + [("call", (str(lad[i]),), {}, i if i in legal else None) for i in sorted(calls)]


def test_every_verb_follows_verify_can_do(make):
    for g in _states(make, 12, limit=20):
        for name, args, kwargs, action in _verbs(g):
            method = "raise_" if name == "raise" else "pass_" if name == "pass" else name
            verify, can_do, do = (getattr(g, f"verify_{name}"), getattr(g, f"can_{name}"),
                                  getattr(g, method))
            before = g.to_json()
            assert can_do(*args, **kwargs) is (action is not None), (name, args)
            if action is None and isinstance(g, roulette.Game) and (
                    name == "call" and g.can_check() or name == "raise" and g.can_bet()):
                with pytest.raises(IllegalAction):      # refused by the verb's verify ...
                    verify()
                mine, theirs = g.clone(), g.clone()
                with pytest.warns(DeprecationWarning):  # ... but the old meaning stays a release
                    getattr(mine, method)()
                theirs.apply_action(roulette.CHECK if name == "call" else roulette.BET)
                assert mine.to_json() == theirs.to_json()
            elif action is None:
                with pytest.raises(IllegalAction) as why:
                    verify(*args, **kwargs)
                assert str(why.value)
                with pytest.raises(IllegalAction), warnings.catch_warnings():
                    warnings.simplefilter("error", DeprecationWarning)
                    do(*args, **kwargs)
                assert g.to_json() == before
            else:
                verify(*args, **kwargs)
                mine, theirs = g.clone(), g.clone()
                getattr(mine, method)(*args, **kwargs)
                theirs.apply_action(action)
                assert mine.to_json() == theirs.to_json()
            assert g.to_json() == before


def test_cheat_play_is_verified_whole_before_any_card_is_laid():
    g = cheat.Game(players=2, hands=["As Ad 7c", "Kh 2d"])
    assert g.can_play("As Ad", claim="two Aces") and not g.can_play("As Ad", claim="two Kings")
    before = g.to_json()
    with pytest.raises(IllegalAction, match="claim"):
        g.play("As Ad", claim="two Kings")
    assert g.to_json() == before
    g.lay("As")
    assert not g.can_claim("two Aces") and g.can_claim("one Ace")
    g.claim("one Ace")
    assert g.hand_sizes == (2, 2) and g.can_challenge() and not g.can_pass()


def test_roulette_check_is_not_a_call():
    g = roulette.Game(players=3, seed=7)
    assert g.can_check() and g.can_bet() and not g.can_call() and not g.can_raise()
    g.bet()
    with pytest.raises(IllegalAction, match="a bet is owed"):
        g.check()
    with pytest.raises(IllegalAction, match="a bet has been made"):
        g.bet()
    g.raise_()
    assert [(r.seat, r.action) for r in g.history if type(r) is roulette.BetMade] == \
        [(0, "bet"), (1, "raise")]


def test_old_meanings_warn_for_one_release():
    g = roulette.Game(players=3, betting=False, deck="2c 3c 4c  5d 6d 7d  8h 9d Kh  Ks")
    with pytest.warns(DeprecationWarning, match="hand_rank"):
        assert g.hand(2).category == g.hand_rank(2).category == "high_card"
    with pytest.warns(DeprecationWarning):
        assert g.hand(2) > g.hand(0)
    assert str(g.hand(2)) == "4c Kh"
    b = roulette.Game(players=3, seed=7)
    with pytest.warns(DeprecationWarning, match="check"):
        b.call()                        # nothing owed: checks, as call() did
    with pytest.warns(DeprecationWarning, match="bet"):
        b.raise_()                      # no bet made: bets, as raise_() did
    assert [r.action for r in b.history if type(r) is roulette.BetMade] == ["check", "bet"]
    c = cheat.Game(players=2, hands=["As Ad 7c", "Kh 2d"])
    with pytest.warns(DeprecationWarning):
        assert c.hand(0).split() == ["As", "Ad", "7c"]
    with pytest.warns(DeprecationWarning):
        assert c.hand(1) == "Kh 2d"


def test_game_and_preset_names_are_case_insensitive():
    assert pb.Game("Pagat", players=3, seed=1).to_json() == \
        pb.Game("pagat", players=3, seed=1).to_json()
    assert pb.ladder("HOLDEM") is pb.ladder("holdem")
    assert wing("Roulette").name == "roulette" and wing_of("PAGAT-Wild") == (wing("bull"),
                                                                             "pagat-wild")
    assert pb.Rules.preset("Cheung", players=3) == pb.Rules.preset("cheung", players=3)
    r = pb.simulate("Cheat", games=2, seed=1, players=3)
    assert r.games == 2
    with pytest.raises(ValueError, match="unknown game"):
        wing("chess")
