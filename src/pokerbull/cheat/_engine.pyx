# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Whole games of Cheat with the built-in bots, no Python per action.

The twin of `game.Game` + `bots.CheatBot` for the variations listed in
`_fast.COMPILED_VARIATIONS`: the same deal gives the same game, move for move
(tests/test_cheat_engine.py compares). Cards are ids 0..53 (4*rank + suit, jokers
52 and 53); hands and the pile are counts per card id.
"""

import numpy as np
cimport numpy as cnp

cdef enum:
    MAXP = 16
    NC = 54
    JOKER_RANK = 13
    HONEST = 0
    LIAR = 1
    COUNTER = 2
    SHARK = 3
    BIG = 1 << 30

cdef double COUNTER_DOUBT = 0.15     # bots.COUNTER_DOUBT
cdef double SHARK_DOUBT = 0.3        # bots.SHARK_DOUBT


cdef struct Table:
    int n
    int places
    int fork
    int free
    int egyptian
    int specificity
    int only_one
    int rounds           # K, L, T: a round's leader names the rank, the others follow it
    int chinese
    int set_size
    int counts_differ
    int wild
    int max_lay
    int hawaiian
    int stall_turns
    int cycle[14]
    int cycle_len
    int pos[14]
    int all_ranks[14]        # the cycle's ranks, sorted
    int deck[NC]
    int deck_total


cdef struct State:
    int hands[MAXP][NC]
    int known[MAXP][NC]
    int sizes[MAXP]
    int active[MAXP]
    int finish_order[MAXP]
    int n_finished
    int pile[NC]
    int pile_size
    int has_play
    int last_cards[108]         # the last play's cards (K, L: a play may be a whole hand)
    int last_laid
    int last_seat
    int last_rank
    int last_count
    int last_suit
    int req_suit
    int allowed[14]
    int n_allowed
    int due
    int to_play
    int open_seat
    int stall
    int record_low
    int over
    int stalled
    long actions
    int out[NC]
    int gone
    int round_rank
    int lead
    int passes
    int last_layer
    int lost_order[MAXP]
    int n_lost
    const double* uniforms      # S: the draws for the card turned, used in turn
    int n_uniforms
    int next_uniform
    double ret[MAXP]
    int penalties[MAXP]         # cards picked up so far, per seat (the observation's)


cdef inline int next_active(State* st, int n, int seat) noexcept nogil:
    cdef int k, s
    for k in range(1, n + 1):
        s = (seat + k) % n
        if st.active[s]:
            return s
    return seat


cdef inline int next_rank(Table* t, int rank) noexcept nogil:
    return t.cycle[(t.pos[rank] + 1) % t.cycle_len]


cdef void allow_one(State* st, int rank) noexcept nogil:
    st.allowed[0] = rank
    st.n_allowed = 1


cdef void allow_all(Table* t, State* st) noexcept nogil:
    cdef int i
    for i in range(t.cycle_len):
        st.allowed[i] = t.all_ranks[i]
    st.n_allowed = t.cycle_len


cdef void allow_fork(Table* t, State* st, int rank) noexcept nogil:
    cdef int m = t.cycle_len
    cdef int i = t.pos[rank]
    cdef int a = t.cycle[(i + m - 1) % m]
    cdef int b = t.cycle[(i + 1) % m]
    cdef int v[3]
    cdef int k = 0, j, x, tmp
    v[0] = a
    k = 1
    if rank != a:
        v[k] = rank
        k += 1
    if b != a and b != rank:
        v[k] = b
        k += 1
    for j in range(k):          # sort (at most three)
        for x in range(j + 1, k):
            if v[x] < v[j]:
                tmp = v[x]; v[x] = v[j]; v[j] = tmp
    for j in range(k):
        st.allowed[j] = v[j]
    st.n_allowed = k


cdef void after_play_allowed(Table* t, State* st, int rank) noexcept nogil:
    if t.rounds:
        allow_one(st, st.round_rank)
    elif t.free:
        allow_all(t, st)
    elif t.fork:
        allow_fork(t, st, rank)
    else:
        allow_one(st, next_rank(t, rank))


cdef int holds_truth(Table* t, State* st, int p) noexcept nogil:
    cdef int* h = st.hands[p]
    cdef int i, r, s
    if t.wild and (h[52] or h[53]):
        return 1
    for i in range(st.n_allowed):
        r = st.allowed[i]
        if r == JOKER_RANK:
            if h[52] or h[53]:
                return 1
            continue
        for s in range(4):
            if h[4 * r + s] and (st.req_suit < 0 or s == st.req_suit):
                return 1
    return 0


cdef int distance(Table* t, int frm, int to) noexcept nogil:
    if t.pos[to] < 0 or t.pos[frm] < 0:
        return t.cycle_len + 1
    return (t.pos[to] - t.pos[frm] + t.cycle_len) % t.cycle_len


cdef int junk_card(Table* t, int* hand, int claim_rank) noexcept nogil:
    cdef int c, d, best = -1, best_d = -1
    for c in range(NC):
        if not hand[c] or (c >= 52 and t.wild):
            continue
        d = distance(t, claim_rank, JOKER_RANK if c >= 52 else c >> 2)
        if d > best_d:
            best = c
            best_d = d
    return best


cdef int plan(Table* t, State* st, int p, int style, int* cards, int* rank_out) noexcept nogil:
    """The bot's play: fills `cards`, returns how many (0: pick up instead)."""
    cdef int* h = st.hands[p]
    cdef int i, r, s, k, best_rank = -1, best_n = 0, n_here, junk
    for i in range(st.n_allowed):
        r = st.allowed[i]
        if r == JOKER_RANK:
            n_here = h[52] + h[53]
        else:
            n_here = 0
            for s in range(4):
                if st.req_suit < 0 or s == st.req_suit:
                    n_here += h[4 * r + s]
        if n_here > best_n:
            best_n = n_here
            best_rank = r
    if best_n > 0:
        k = 0
        if best_rank == JOKER_RANK:
            for s in range(52, 54):
                for i in range(h[s]):
                    if k < t.max_lay:
                        cards[k] = s
                        k += 1
        else:
            for s in range(4):
                if st.req_suit >= 0 and s != st.req_suit:
                    continue
                for i in range(h[4 * best_rank + s]):
                    if k < t.max_lay:
                        cards[k] = 4 * best_rank + s
                        k += 1
        rank_out[0] = best_rank
        return k
    if t.wild and (h[52] or h[53]):
        cards[0] = 52 if h[52] else 53
        rank_out[0] = st.allowed[0]
        return 1
    if style == HONEST:
        return 0
    rank_out[0] = st.allowed[0]
    junk = junk_card(t, h, st.allowed[0])
    if junk < 0:
        junk = 52 if h[52] else 53
    cards[0] = junk
    return 1


cdef double chance_at_least(int unknown, int of_rank, int drawn, int k) noexcept nogil:
    cdef double dp[17]
    cdef int i, j, left, marked, top
    cdef double q, hit
    if k <= 0:
        return 1.0
    if drawn > unknown:
        drawn = unknown
    if k > 16:
        k = 16
    for j in range(17):
        dp[j] = 0.0
    dp[0] = 1.0
    for i in range(drawn):
        left = unknown - i
        top = i if i < k - 1 else k - 1
        j = top
        while j >= 0:
            q = dp[j]
            if q != 0.0:
                marked = of_rank - j
                if marked < 0:
                    marked = 0
                hit = q * marked / left
                dp[j + 1] += hit
                dp[j] = q - hit
            j -= 1
    return dp[k]


cdef inline int of_rank(Table* t, int* counts, int rank, int suit) noexcept nogil:
    if rank == JOKER_RANK:
        return counts[52] + counts[53]
    cdef int k = 0, s
    for s in range(4):
        if suit < 0 or s == suit:
            k += counts[4 * rank + s]
    if t.wild:
        k += counts[52] + counts[53]
    return k


cdef int should_challenge(Table* t, State* st, int p, int style) noexcept nogil:
    cdef int seat = st.last_seat, rank = st.last_rank, count = st.last_count
    cdef int unknown_r, unknown, before, c, hand_total = 0, known_total = 0
    if t.counts_differ and st.last_laid != count:
        return 1
    cdef int suit = st.last_suit
    unknown_r = of_rank(t, t.deck, rank, suit) - of_rank(t, st.hands[p], rank, suit) \
        - of_rank(t, st.known[p], rank, suit) - of_rank(t, st.out, rank, suit)
    if unknown_r < count:
        return 1
    if style <= LIAR:
        return 0
    if style == SHARK and st.sizes[seat] == 0:
        return 1
    for c in range(NC):
        hand_total += st.hands[p][c]
        known_total += st.known[p][c] + st.out[c]
    unknown = t.deck_total - hand_total - known_total - st.gone
    before = st.sizes[seat] + st.last_laid
    if unknown <= 0:
        return 0
    return count == 1 and chance_at_least(unknown, unknown_r, before, count) < \
        (SHARK_DOUBT if style == SHARK else COUNTER_DOUBT)


cdef void end_game(Table* t, State* st) noexcept nogil:
    """Returns as game.Game.returns(): finished seats in order, then the rest (by hand
    size when the game stalled, else tied), scores shared within a tie."""
    cdef int n = t.n
    cdef int key[MAXP]
    cdef int s, i, g, k, place, best
    cdef double score
    for s in range(n):
        key[s] = -1
    for i in range(st.n_finished):
        key[st.finish_order[i]] = i
    for i in range(st.n_lost):          # the first to lose at once takes the last place
        key[st.lost_order[i]] = 2000 + st.n_lost - 1 - i
    for s in range(n):
        if key[s] < 0:
            key[s] = 1000 + (st.sizes[s] if st.stalled else 0)
    st.over = 1
    if not t.places:
        best = BIG
        for s in range(n):
            if key[s] < best:
                best = key[s]
        k = 0
        for s in range(n):
            if key[s] == best:
                k += 1
        for s in range(n):
            st.ret[s] = (<double>(n - k)) / k if key[s] == best else -1.0
        return
    place = 1
    g = -1
    while True:
        best = BIG
        for s in range(n):
            if key[s] > g and key[s] < best:
                best = key[s]
        if best == BIG:
            break
        k = 0
        for s in range(n):
            if key[s] == best:
                k += 1
        score = 0.0
        for i in range(k):
            score += (n + 1) / 2.0 - (place + i)
        score = score / k
        for s in range(n):
            if key[s] == best:
                st.ret[s] = score
        place += k
        g = best


cdef void finish(Table* t, State* st, int seat) noexcept nogil:
    cdef int s, alive = 0
    st.active[seat] = 0
    st.finish_order[st.n_finished] = seat
    st.n_finished += 1
    st.stall = 0
    st.record_low = BIG
    if not t.places:
        end_game(t, st)
        return
    for s in range(t.n):
        alive += st.active[s]
    if alive <= 1:
        end_game(t, st)


cdef void note_turn(Table* t, State* st) noexcept nogil:
    cdef int s, low = BIG
    if st.over:
        return
    for s in range(t.n):
        if st.active[s] and st.sizes[s] < low:
            low = st.sizes[s]
    if low == BIG:
        low = 0
    if low < st.record_low:
        st.record_low = low
        st.stall = 0
        return
    st.stall += 1
    if st.stall >= t.stall_turns:
        st.stalled = 1
        end_game(t, st)


cdef void take_pile(Table* t, State* st, int seat) noexcept nogil:
    cdef int c, s
    for c in range(NC):
        st.hands[seat][c] += st.pile[c]
        st.pile[c] = 0
    for s in range(t.n):
        for c in range(NC):
            st.known[s][c] = 0
    st.sizes[seat] += st.pile_size
    st.penalties[seat] += st.pile_size
    st.pile_size = 0
    st.has_play = 0
    if t.set_size:
        put_aside_sets(t, st, seat)


cdef void clear_pile(Table* t, State* st) noexcept nogil:
    """T: the pile leaves the game face down."""
    cdef int c, s
    for c in range(NC):
        st.pile[c] = 0
    for s in range(t.n):
        for c in range(NC):
            st.known[s][c] = 0
    st.gone += st.pile_size
    st.pile_size = 0
    st.has_play = 0


cdef void put_aside_sets(Table* t, State* st, int seat) noexcept nogil:
    """K/L: a full set of natural cards of one rank leaves play face up."""
    cdef int* h = st.hands[seat]
    cdef int rank, s, k, left
    for rank in range(13):
        if h[4 * rank] + h[4 * rank + 1] + h[4 * rank + 2] + h[4 * rank + 3] >= t.set_size:
            left = t.set_size
            for s in range(4):
                k = h[4 * rank + s] if h[4 * rank + s] < left else left
                h[4 * rank + s] -= k
                st.out[4 * rank + s] += k
                left -= k
            st.sizes[seat] -= t.set_size
    if st.sizes[seat] == 0 and st.active[seat] and not st.over:
        finish(t, st, seat)


cdef void start_round(Table* t, State* st, int leader) noexcept nogil:
    """A lead: any rank with G and O, else the rank due."""
    st.to_play = leader
    st.open_seat = -1
    st.req_suit = -1
    st.lead = 1
    if t.free or t.egyptian or t.rounds:
        st.round_rank = -1
        allow_all(t, st)
    else:
        allow_one(st, st.due)


cdef void turn_with_due(Table* t, State* st, int seat) noexcept nogil:
    """After a pick-up: the next rank, the round's rank (K, L), or any (G)."""
    st.to_play = seat
    st.open_seat = -1
    st.req_suit = -1
    st.lead = 0
    if t.rounds:
        allow_one(st, st.round_rank)
    elif t.free:
        allow_all(t, st)
    else:
        allow_one(st, st.due)


cdef inline int matches(Table* t, int card, int rank, int suit) noexcept nogil:
    """Is a laid card of the claim? A wild joker is of every rank and suit."""
    if card >= 52:
        return t.wild or rank == JOKER_RANK
    return card >> 2 == rank and (suit < 0 or card & 3 == suit)


cdef void settle(Table* t, State* st, int challenger, int lie) noexcept nogil:
    """The liar, else the challenger, takes the pile; a true last play goes out."""
    cdef int layer = st.last_seat
    take_pile(t, st, layer if lie else challenger)
    if not lie and st.sizes[layer] == 0 and st.active[layer]:
        finish(t, st, layer)


cdef int shown_card(State* st, double u) noexcept nogil:
    """S: the laid card that a draw `u` in [0, 1) turns. The outcomes are the cards laid in
    card-id order, each with odds copies / cards laid; the card is the first whose running
    sum of odds, over the whole sum, exceeds `u` (``rl._games.chance_cdf``, the arithmetic
    of the protocol envs' draws)."""
    cdef int ids[108]
    cdef double sums[108]
    cdef int c, i, k, m = 0
    cdef double acc = 0.0
    for c in range(NC):
        k = 0
        for i in range(st.last_laid):
            if st.last_cards[i] == c:
                k += 1
        if k:
            acc += (<double>k) / st.last_laid
            ids[m] = c
            sums[m] = acc
            m += 1
    for i in range(m - 1):
        if u < sums[i] / acc:
            return ids[i]
    return ids[m - 1]


cdef void reveal_one(Table* t, State* st, int challenger) noexcept nogil:
    """S: one laid card turned at random (`shown_card` of the next draw), then the seat
    after the player who laid plays the next rank."""
    cdef int layer = st.last_seat, rank = st.last_rank, card, lie
    card = shown_card(st, st.uniforms[st.next_uniform % st.n_uniforms])
    st.next_uniform += 1
    lie = not matches(t, card, rank, st.last_suit)
    st.actions += 1
    settle(t, st, challenger, lie)
    if st.over:
        return
    st.due = next_rank(t, rank)
    if t.free:
        start_round(t, st, next_active(st, t.n, layer))
    else:
        turn_with_due(t, st, next_active(st, t.n, layer))


cdef int is_lie(Table* t, State* st) noexcept nogil:
    """Is the last play a lie (a count that differs, or a card not of the claim)?"""
    cdef int i
    if t.counts_differ and st.last_laid != st.last_count:
        return 1
    for i in range(st.last_laid):
        if not matches(t, st.last_cards[i], st.last_rank, st.last_suit):
            return 1
    return 0


cdef void challenge(Table* t, State* st, int challenger) noexcept nogil:
    cdef int layer = st.last_seat, rank = st.last_rank, lie, c, taker, winner
    if t.only_one:
        reveal_one(t, st, challenger)
        return
    lie = is_lie(t, st)
    taker = layer if lie else challenger
    settle(t, st, challenger, lie)
    if st.over:
        return
    st.req_suit = -1
    if t.chinese:               # right: the doubter leads; wrong: the player after them
        start_round(t, st, challenger if lie else next_active(st, t.n, challenger))
        return
    if t.egyptian or t.rounds:  # the winner of the challenge leads any rank
        if t.egyptian:          # a pick-up at that lead moves on from the challenged rank
            st.due = rank
        winner = challenger if lie else layer
        start_round(t, st, winner if st.active[winner] else next_active(st, t.n, winner))
        return
    st.due = rank
    if t.free:
        allow_all(t, st)
    else:
        allow_one(st, rank)
    st.to_play = taker if st.active[taker] else next_active(st, t.n, taker)
    st.open_seat = -1
    st.lead = 0


cdef void stand(Table* t, State* st) noexcept nogil:
    cdef int layer = st.last_seat
    st.open_seat = -1
    if st.sizes[layer] == 0 and st.active[layer]:
        finish(t, st, layer)


cdef int one_suit(int* cards, int k) noexcept nogil:
    cdef int i
    for i in range(k):
        if cards[i] >= 52 or (cards[i] & 3) != (cards[0] & 3):
            return 0
    return 1


cdef void lead_lost(Table* t, State* st, int p, int* cards, int k) noexcept nogil:
    """K/L: a lead all of one suit loses the game for its leader at once."""
    cdef int i, c, s, alive = 0
    for i in range(k):
        st.out[cards[i]] += 1
        st.hands[p][cards[i]] -= 1
    for c in range(NC):
        st.gone += st.hands[p][c]
        st.hands[p][c] = 0
    st.sizes[p] = 0
    st.active[p] = 0
    st.lost_order[st.n_lost] = p
    st.n_lost += 1
    for s in range(t.n):
        alive += st.active[s]
    if alive <= 1:
        end_game(t, st)
        return
    note_turn(t, st)            # the losing lead was a play (the stuck-game rule)
    if st.over:
        return
    start_round(t, st, next_active(st, t.n, p))


cdef void chinese_pass(Table* t, State* st, int p) noexcept nogil:
    """T: a pass; when every other player has passed the pile leaves the game."""
    cdef int s, others = 0, leader
    st.passes += 1
    note_turn(t, st)
    if st.over:
        return
    for s in range(t.n):
        if st.active[s] and s != st.last_layer:
            others += 1
    if st.passes >= others:
        leader = st.last_layer if st.active[st.last_layer] else next_active(st, t.n, st.last_layer)
        clear_pile(t, st)
        start_round(t, st, leader)
        return
    st.to_play = next_active(st, t.n, p)
    st.open_seat = -1
    st.lead = 0


cdef inline void pile_up(Table* t, State* st, int p, int* cards, int k, int rank, int count,
                         int suit) noexcept nogil:
    """A play of `k` cards (out of `p`'s hand already) goes on the pile under its claim;
    the stuck-game rule counts it."""
    cdef int i, c
    for i in range(k):
        c = cards[i]
        st.pile[c] += 1
        st.known[p][c] += 1
        st.last_cards[i] = c
    st.pile_size += k
    st.has_play = 1
    st.last_laid = k
    st.last_seat = p
    st.last_rank = rank
    st.last_count = count
    st.last_suit = suit
    st.passes = 0
    st.last_layer = p
    if st.lead and t.rounds:
        st.round_rank = rank
    st.lead = 0
    st.due = next_rank(t, rank)
    note_turn(t, st)


cdef void play_game(Table* t, State* st, int* styles) noexcept nogil:
    cdef int p, k, i, c, rank, style, nxt, s, w, suit
    cdef int cards[16]
    while not st.over:
        p = st.to_play
        if st.open_seat == p:
            st.actions += 1
            if should_challenge(t, st, p, styles[p]):
                challenge(t, st, p)
                continue
            if st.sizes[st.last_seat] == 0:
                stand(t, st)          # an explicit accept
                if st.over:
                    break
            else:
                st.actions -= 1       # no accept: laying lets the play stand
                st.open_seat = -1
        style = styles[p]
        if st.pile_size == 0 and ((not t.chinese and not holds_truth(t, st, p))
                                  or (t.chinese and not st.lead)):
            style = HONEST            # picking up (or passing) costs nothing: no lie
        k = plan(t, st, p, style, cards, &rank)
        if k == 0 and t.chinese and st.lead:
            k = plan(t, st, p, LIAR, cards, &rank)     # a lead must lay: a lie
        if k == 0 and t.chinese:
            st.actions += 1
            chinese_pass(t, st, p)
            continue
        if k == 0:
            st.actions += 1
            take_pile(t, st, p)
            if not t.rounds:
                st.due = next_rank(t, st.due)
            note_turn(t, st)
            if st.over:
                break
            turn_with_due(t, st, next_active(st, t.n, p))
            continue
        if t.set_size and st.lead and k >= t.set_size and one_suit(cards, k):
            st.actions += k + 1
            lead_lost(t, st, p, cards, k)
            continue
        for i in range(k):
            st.hands[p][cards[i]] -= 1
        st.sizes[p] -= k
        st.actions += k + 1
        suit = -1
        if t.specificity:
            suit = st.req_suit if st.req_suit >= 0 else (cards[0] & 3 if cards[0] < 52 else 0)
        pile_up(t, st, p, cards, k, rank, k if k < 16 else 16, suit)
        if st.over:
            break
        after_play_allowed(t, st, rank)
        st.req_suit = st.last_suit
        if t.hawaiian:
            w = 0
            for i in range(1, t.n):
                s = (p + i) % t.n
                if not st.active[s]:
                    continue
                st.actions += 1
                if should_challenge(t, st, s, styles[s]):
                    challenge(t, st, s)
                    w = 1
                    break
            if w:
                continue
            stand(t, st)
            if st.over:
                break
            st.to_play = next_active(st, t.n, p)
            st.open_seat = -1
        else:
            nxt = next_active(st, t.n, p)
            st.to_play = nxt
            st.open_seat = nxt


cdef void setup(Table* t, State* st, const int* deal_cards, const long long* order, int m,
                int leader) noexcept nogil:
    cdef int s, c, i, low = BIG
    for s in range(t.n):
        for c in range(NC):
            st.hands[s][c] = 0
            st.known[s][c] = 0
        st.sizes[s] = 0
        st.active[s] = 1
        st.ret[s] = 0.0
        st.penalties[s] = 0
    for c in range(NC):
        st.pile[c] = 0
        st.out[c] = 0
    st.gone = 0
    st.n_lost = 0
    st.passes = 0
    st.last_layer = -1
    st.round_rank = -1
    st.lead = 0
    for i in range(m):
        s = i % t.n
        st.hands[s][deal_cards[order[i]]] += 1
        st.sizes[s] += 1
    st.n_finished = 0
    st.pile_size = 0
    st.has_play = 0
    st.last_laid = 0
    st.due = 12
    st.stall = 0
    st.over = 0
    st.stalled = 0
    st.actions = 0
    if t.set_size:
        for s in range(t.n):
            put_aside_sets(t, st, s)
    for s in range(t.n):
        if st.sizes[s] < low:
            low = st.sizes[s]
    st.record_low = low
    if st.over:
        return
    st.req_suit = -1
    st.last_suit = -1
    st.next_uniform = 0
    if t.egyptian:
        for s in range(t.n - 1, -1, -1):
            if st.hands[s][4 * 12 + 2]:
                leader = s
    start_round(t, st, leader)


cdef int read_table(dict table, Table* t, int* deal_cards) except -1:
    """Fill `t` from `_fast.table_for`'s description; the deck list into `deal_cards`
    (room for 108); returns how many cards the deck holds."""
    cdef int n = table["players"], s, i, m
    if n > MAXP:
        raise ValueError(f"the compiled loop seats at most {MAXP} players")
    t.n = n
    t.places = table["places"]
    t.fork = table["fork"]
    t.free = table["free"]
    t.egyptian = table["egyptian"]
    t.specificity = table["specificity"]
    t.only_one = table["only_one"]
    t.rounds = table["rounds"]
    t.chinese = table["chinese"]
    t.set_size = table["set_size"]
    t.counts_differ = table["counts_differ"]
    t.wild = table["wild"]
    t.max_lay = table["max_lay"]
    t.hawaiian = table["hawaiian"]
    t.stall_turns = table["stall_turns"]
    cyc = table["cycle"]
    t.cycle_len = len(cyc)
    for i in range(14):
        t.pos[i] = -1
    for i in range(t.cycle_len):
        t.cycle[i] = cyc[i]
        t.pos[cyc[i]] = i
    for i, r in enumerate(sorted(cyc)):
        t.all_ranks[i] = r
    deck = table["deck"]
    m = 0
    t.deck_total = 0
    for i in range(NC):
        t.deck[i] = deck[i]
        t.deck_total += deck[i]
        for s in range(deck[i]):
            deal_cards[m] = i
            m += 1
    return m


def play_games(dict table, cnp.int64_t[:, ::1] orders, cnp.int32_t[::1] styles,
               cnp.int64_t[::1] turned=None, double[:, ::1] uniforms=None):
    """Play one game per row of `orders` (a permutation of the deck list, dealt round
    the table from seat 0). N: ``turned[g]`` cards turned up before the first Jack
    (its receiver leads); S: ``uniforms[g]`` are the draws for the cards turned at
    challenges, used in turn (cycling). Returns (returns[games, n] float64,
    actions[games] int64, the chance actions included)."""
    cdef Table t
    cdef State st
    cdef int n = table["players"], s, i
    cdef Py_ssize_t g
    cdef int deal_cards[108]
    cdef int sty[MAXP]
    cdef int m = read_table(table, &t, deal_cards)
    cdef int canadian = table["canadian"]
    cdef double one_draw[1]
    one_draw[0] = 0.0
    if orders.shape[1] != m:
        raise ValueError(f"each deal must order {m} cards, not {orders.shape[1]}")
    for s in range(n):
        sty[s] = styles[s]
    cdef Py_ssize_t games = orders.shape[0]
    if canadian and (turned is None or turned.shape[0] != games):
        raise ValueError("canadian_start needs the cards turned for each game")
    if t.only_one and (uniforms is None or uniforms.shape[0] != games or uniforms.shape[1] < 1):
        raise ValueError("only_one needs draws for each game")
    cdef int leader
    rets = np.zeros((games, n), np.float64)
    acts = np.zeros(games, np.int64)
    cdef double[:, ::1] rv = rets
    cdef cnp.int64_t[::1] av = acts
    with nogil:
        for g in range(games):
            if t.only_one:
                st.uniforms = &uniforms[g, 0]
                st.n_uniforms = <int> uniforms.shape[1]
            else:
                st.uniforms = one_draw
                st.n_uniforms = 1
            leader = <int> (turned[g] % n) if canadian else 0
            setup(&t, &st, deal_cards, <const long long*> &orders[g, 0], m, leader)
            if canadian:
                st.actions += 1
            play_game(&t, &st, sty)
            for s in range(n):
                rv[g, s] = st.ret[s]
            av[g] = st.actions
    return rets, acts


# ---- N games stepped one action at a time (pokerbull.rl.vector_env("cheat")) -----------

from libc.stdint cimport int8_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset

cdef extern from "_pcg64.h":   # numpy's PCG64 in a struct, portable C (bull/_pcg64.h)
    ctypedef struct pb_pcg64:
        int has32
        uint32_t u32
    void pb_pcg_seed(pb_pcg64* r, uint64_t seed) noexcept nogil
    uint32_t pb_pcg_interval(pb_pcg64* r, uint32_t top) noexcept nogil
    void pb_pcg_set(pb_pcg64* r, uint64_t s_hi, uint64_t s_lo, uint64_t i_hi, uint64_t i_lo,
                    int has32, uint32_t u32) noexcept nogil
    uint64_t pb_pcg_word(const pb_pcg64* r, int which) noexcept nogil
    double pb_pcg_double(pb_pcg64* r) noexcept nogil
    uint64_t pb_pcg_below64(pb_pcg64* r, uint64_t n) noexcept nogil

cdef enum:                      # game.py's action space
    MAX_CLAIM = 16
    CLAIM = NC                  # CLAIM + rank*MAX_CLAIM + count-1
    CLAIM_SUITED = CLAIM + 14 * MAX_CLAIM   # F: CLAIM_SUITED + 4*rank + suit (one card)
    PICK_UP = CLAIM_SUITED + 52
    CHALLENGE = PICK_UP + 1
    ACCEPT = PICK_UP + 2
    CHECK = PICK_UP + 3         # J: look at the last play privately (then it stands)
    PASS = PICK_UP + 4          # T
    BELIEVE = PICK_UP + 5       # T: "I believe"
    NUM_ACTIONS = PICK_UP + 6 + 108

#: The variations (seed letters) the vector core plays: all of them. The chance nodes inside
#: a game (N: the cards turned for the first Jack; S: the card turned at a challenge) are
#: drawn from the env's generator exactly as the protocol envs draw them.
VECTOR_VARIATIONS = frozenset("ACDEFGIJKLNOPRSTV")
SEED_BOUND = 2**63 - 1          # a game's seed: the env generator's .integers(SEED_BOUND)
cdef uint64_t SEED_BOUND_C = 0x7FFFFFFFFFFFFFFF


cdef struct Seat:
    State st
    int pending[108]            # the cards laid so far in this turn's play
    int n_pending
    int check                   # J: checks allowed
    int any_count               # C with K or L: a claim may name any count up to 16
    int window[MAXP]            # P: the seats that answer the last claim, in turn
    int n_window
    int next_in_window          # where window[] goes on
    int in_window               # P: a seat answers the claim (challenge, accept, check)
    double draw                 # S: the env generator's draw for the card turned
    pb_pcg64 pcg


cdef int legal_list(Table* t, Seat* e, int* out) noexcept nogil:
    """``Game.legal_actions()`` (sorted) of the seat to act."""
    cdef State* st = &e.st
    cdef int p = st.to_play, k = 0, c, i, r, count, s
    cdef int* h = st.hands[p]
    if e.in_window or (e.n_pending == 0 and st.open_seat == p
                       and st.sizes[st.last_seat] == 0):   # an answer to the claim only
        out[0] = CHALLENGE
        out[1] = ACCEPT
        k = 2
        if e.check:
            out[k] = CHECK
            k += 1
        if t.chinese:
            out[k] = BELIEVE
            k += 1
        return k
    if e.n_pending == 0:
        for c in range(NC):
            if h[c]:
                out[k] = c
                k += 1
        if not t.chinese and not holds_truth(t, st, p):
            out[k] = PICK_UP
            k += 1
        if st.open_seat == p:
            out[k] = CHALLENGE
            k += 1
            if e.check:
                out[k] = CHECK
                k += 1
        if t.chinese and not st.lead:
            out[k] = PASS
            k += 1
        if t.chinese and st.open_seat == p:
            out[k] = BELIEVE
            k += 1
        return k
    if e.n_pending < t.max_lay:
        for c in range(NC):
            if h[c]:
                out[k] = c
                k += 1
    for i in range(st.n_allowed):
        r = st.allowed[i]
        if t.specificity:
            for s in range(4):
                if st.req_suit < 0 or s == st.req_suit:
                    out[k] = CLAIM_SUITED + 4 * r + s
                    k += 1
        elif t.set_size:                  # K, L: any count up to the cards laid (C: any)
            for count in range(1, (MAX_CLAIM if e.any_count else
                                   (e.n_pending if e.n_pending < MAX_CLAIM else MAX_CLAIM)) + 1):
                out[k] = CLAIM + r * MAX_CLAIM + count - 1
                k += 1
        elif t.counts_differ:
            for count in range(1, 5):
                out[k] = CLAIM + r * MAX_CLAIM + count - 1
                k += 1
        else:
            out[k] = CLAIM + r * MAX_CLAIM + e.n_pending - 1
            k += 1
    return k


cdef void claim(Table* t, Seat* e, int p, int rank, int count, int suit) noexcept nogil:
    """``Game._claim``: the cards laid go on the pile under the claim; the next seat may
    challenge it, or let it stand by playing on."""
    cdef State* st = &e.st
    cdef int k = e.n_pending, nxt, i, s
    e.n_pending = 0
    if t.set_size and st.lead and k >= t.set_size and one_suit(e.pending, k):
        for i in range(k):                # K, L: a lead of one suit loses the game
            st.hands[p][e.pending[i]] += 1    # (lead_lost takes the cards from the hand)
        lead_lost(t, st, p, e.pending, k)
        return
    pile_up(t, st, p, e.pending, k, rank, count, suit)
    if st.over:
        return
    after_play_allowed(t, st, rank)
    st.req_suit = suit
    if t.hawaiian:                        # every other seat in turn may answer the claim
        e.n_window = 0
        for i in range(1, t.n):
            s = (p + i) % t.n
            if st.active[s]:
                e.window[e.n_window] = s
                e.n_window += 1
        st.to_play = e.window[0]
        e.next_in_window = 1
        e.in_window = 1
        st.open_seat = -1
        return
    nxt = next_active(st, t.n, p)
    st.to_play = nxt
    st.open_seat = nxt


cdef void believe(Table* t, State* st, int p) noexcept nogil:
    """T: "I believe" shows the play: a lie goes to the believer with the pile, the next
    seat leading; the truth clears the pile and the believer leads. A layer with no cards
    left goes out either way."""
    cdef int layer = st.last_seat, lie = is_lie(t, st)
    if lie:
        take_pile(t, st, p)
    else:
        clear_pile(t, st)
    if st.sizes[layer] == 0 and st.active[layer]:
        finish(t, st, layer)
    if not st.over:
        start_round(t, st, next_active(st, t.n, p) if lie else p)


cdef void apply(Table* t, Seat* e, int a) noexcept nogil:
    """``Game._apply`` of a legal action of the seat to act."""
    cdef State* st = &e.st
    cdef int p = st.to_play, nxt, i
    if e.in_window:                       # P: answering the claim
        if a == CHALLENGE:
            e.in_window = 0
            challenge(t, st, p)
            return
        if a == CHECK:
            for i in range(st.last_laid):
                st.known[p][st.last_cards[i]] += 1
        if e.next_in_window < e.n_window:
            st.to_play = e.window[e.next_in_window]
            e.next_in_window += 1
            return
        e.in_window = 0                   # everyone let it stand
        stand(t, st)
        if st.over:
            return
        st.to_play = next_active(st, t.n, st.last_seat)
        return
    if a < CLAIM:                         # lay a card (laying lets an open claim stand)
        if st.open_seat == p:
            stand(t, st)
            if st.over:
                return
        st.hands[p][a] -= 1
        st.sizes[p] -= 1
        e.pending[e.n_pending] = a
        e.n_pending += 1
    elif a < CLAIM_SUITED:
        claim(t, e, p, (a - CLAIM) // MAX_CLAIM, (a - CLAIM) % MAX_CLAIM + 1, -1)
    elif a < PICK_UP:
        claim(t, e, p, (a - CLAIM_SUITED) // 4, 1, (a - CLAIM_SUITED) % 4)
    elif a == PICK_UP:
        if st.open_seat == p:
            stand(t, st)
        take_pile(t, st, p)
        if not t.rounds:
            st.due = next_rank(t, st.due)
        note_turn(t, st)
        if st.over:
            return
        nxt = next_active(st, t.n, p)
        if t.free:
            start_round(t, st, nxt)
        else:
            turn_with_due(t, st, nxt)
    elif a == CHALLENGE:
        challenge(t, st, p)
    elif a == PASS:                       # T: a pass lets an open claim stand
        if st.open_seat == p:
            stand(t, st)
            if st.over:
                return
        chinese_pass(t, st, p)
    elif a == BELIEVE:
        believe(t, st, p)
    else:                                 # ACCEPT, or CHECK: the seat sees the play first
        if a == CHECK:
            for i in range(st.last_laid):
                st.known[p][st.last_cards[i]] += 1
        stand(t, st)


cdef class VectorCore:
    """N games of Cheat of one table (any variation), stepped one action each at a time.

    The twin of N ``game.Game`` objects played through the protocol by
    ``rl.gym.ProtocolVectorEnv``: a game dealt from seed s shuffles exactly as
    ``Game(seed=s)`` (numpy's PCG64 seeded through SeedSequence, ``Generator.permutation``
    of the deck list), takes the same actions (``LAY``, ``CLAIM``, ``CLAIM_SUITED``,
    ``PICK_UP``, ``CHALLENGE``, ``ACCEPT``, ``CHECK``, ``PASS``, ``BELIEVE``) with the
    same legality, ends and scores alike, and observes as ``Observation.to_array`` for the
    seat to act (tests/test_rl_vector_compiled.py compares them step by step).

    The env's generator (a numpy PCG64 ``Generator``, given to :meth:`deal` and
    :meth:`step`) is drawn from in the protocol env's order: per game in turn, the chance
    node its action leads to (S: ``random()`` for the card turned), then, when the game
    ended, the next seat ``integers(SEED_BOUND)`` and its deal's chance node (N:
    ``random()`` for the cards turned up, against `turn_odds`, the running sums
    ``rl._games.chance_cdf`` gives for `turn_outcomes`, the ``TURN_UP`` actions' k).
    """
    cdef Table t
    cdef Seat* games
    cdef int deal_cards[108]
    cdef int m, check, any_count, canadian, n_turn
    cdef double turn_cdf[109]
    cdef int turn_k[109]
    cdef pb_pcg64 env
    cdef readonly int num_games, num_players, num_actions, observation_size

    def __cinit__(self, dict table, int num_games, turn_outcomes=None, turn_odds=None):
        cdef int i
        if num_games < 1:
            raise ValueError("at least one game")
        self.m = read_table(table, &self.t, self.deal_cards)
        self.canadian = table["canadian"]
        if self.canadian:
            if turn_outcomes is None or turn_odds is None \
                    or not 0 < len(turn_outcomes) == len(turn_odds) <= 109:
                raise ValueError("canadian_start (N) needs the turn-up outcomes (k) and their "
                                 "running odds, one each")
            self.n_turn = len(turn_outcomes)
            for i in range(self.n_turn):
                self.turn_k[i] = turn_outcomes[i]
                self.turn_cdf[i] = turn_odds[i]
        self.check = table["check"]
        self.any_count = table["count_lies"] and self.t.set_size > 0
        self.num_games = num_games
        self.num_players = self.t.n
        self.num_actions = NUM_ACTIONS
        self.observation_size = 216 + 14 + 19 + self.t.n + 4 + 5 + 4 * self.t.n
        self.games = <Seat*>calloc(num_games, sizeof(Seat))
        if self.games == NULL:
            raise MemoryError()

    def __dealloc__(self):
        free(self.games)

    cdef int _take_generator(self, rng) except -1:
        """The env generator's state into ``self.env``."""
        state = rng.bit_generator.state
        if state.get("bit_generator") != "PCG64":
            raise ValueError(f"the env's generator must be a numpy PCG64 Generator, not "
                             f"{state.get('bit_generator')!r}")
        s, inc = state["state"]["state"], state["state"]["inc"]
        pb_pcg_set(&self.env, s >> 64, s & 0xFFFFFFFFFFFFFFFF, inc >> 64,
                   inc & 0xFFFFFFFFFFFFFFFF, state["has_uint32"], state["uinteger"])
        return 0

    cdef int _give_generator(self, rng) except -1:
        """``self.env`` back into the env generator (it goes on from there)."""
        rng.bit_generator.state = {
            "bit_generator": "PCG64",
            "state": {"state": (int(pb_pcg_word(&self.env, 0)) << 64) | pb_pcg_word(&self.env, 1),
                      "inc": (int(pb_pcg_word(&self.env, 2)) << 64) | pb_pcg_word(&self.env, 3)},
            "has_uint32": self.env.has32, "uinteger": self.env.u32}
        return 0

    cdef void _deal_one(self, Seat* e) noexcept nogil:
        """A new game in `e`, its seed (and N's cards turned up) drawn from ``self.env``."""
        cdef int i, j, tmp, leader = 0
        cdef long long order[108]
        cdef double u
        pb_pcg_seed(&e.pcg, pb_pcg_below64(&self.env, SEED_BOUND_C))
        if self.canadian:                # the cards turned before the first Jack: its
            u = pb_pcg_double(&self.env)  # receiver (card k+1, seat k % n) leads
            i = 0
            while i < self.n_turn - 1 and not u < self.turn_cdf[i]:
                i += 1
            leader = self.turn_k[i] % self.t.n
        for i in range(self.m):
            order[i] = i
        i = self.m - 1
        while i > 0:                     # Generator.permutation: shuffle arange(m)
            j = <int>pb_pcg_interval(&e.pcg, <uint32_t>i)
            tmp = <int>order[i]
            order[i] = order[j]
            order[j] = tmp
            i -= 1
        e.n_pending = 0
        e.in_window = 0
        e.check = self.check
        e.any_count = self.any_count
        e.st.uniforms = &e.draw
        e.st.n_uniforms = 1
        setup(&self.t, &e.st, self.deal_cards, order, self.m, leader)
        if not e.st.over and not e.st.active[e.st.to_play]:  # out at the deal (K, L)
            start_round(&self.t, &e.st, next_active(&e.st, self.t.n, e.st.to_play))

    def deal(self, const int64_t[::1] games, rng):
        """Deal game ``games[k]`` afresh, in turn, each from a seed drawn from the env
        generator `rng` (as ``Game(seed=rng.integers(SEED_BOUND))``, N's turn-up drawn next)."""
        cdef Py_ssize_t k
        for k in range(games.shape[0]):
            if not 0 <= games[k] < self.num_games:
                raise ValueError(f"game {games[k]} does not exist: games are "
                                 f"0..{self.num_games - 1}")
        self._take_generator(rng)
        with nogil:
            for k in range(games.shape[0]):
                self._deal_one(&self.games[games[k]])
        self._give_generator(rng)

    def step(self, const int64_t[::1] actions, double[::1] reward, uint8_t[::1] dones,
             float[:, ::1] returns, rng):
        """One action per game: the acting seat's reward, ``dones`` and every seat's return
        of the games that ended; those are dealt again at once from the env generator
        `rng` (see the class). Returns -1, or the first game whose action is not legal
        (then no game has moved and nothing was drawn)."""
        cdef Py_ssize_t g, bad = -1
        cdef int k, i, ok, seat, s, n = self.t.n
        cdef int legal[NUM_ACTIONS]
        cdef Seat* e
        if actions.shape[0] != self.num_games or reward.shape[0] != self.num_games \
                or dones.shape[0] != self.num_games or returns.shape[0] != self.num_games \
                or returns.shape[1] != n:
            raise ValueError("one action, reward, done and row of returns per game")
        with nogil:
            for g in range(self.num_games):
                k = legal_list(&self.t, &self.games[g], legal)
                ok = 0
                for i in range(k):
                    if actions[g] == legal[i]:
                        ok = 1
                        break
                if not ok:
                    bad = g
                    break
        if bad >= 0:
            return bad
        self._take_generator(rng)
        with nogil:
            for g in range(self.num_games):
                e = &self.games[g]
                seat = e.st.to_play
                if self.t.only_one and actions[g] == CHALLENGE:
                    e.draw = pb_pcg_double(&self.env)     # S: the card the challenge turns
                apply(&self.t, e, <int>actions[g])
                dones[g] = e.st.over
                for s in range(n):
                    returns[g, s] = e.st.ret[s] if e.st.over else 0.0
                reward[g] = returns[g, seat]
                if e.st.over:
                    self._deal_one(e)
        self._give_generator(rng)
        return -1

    def observations(self, float[:, ::1] out):
        """Each game's ``Observation.to_array()`` for its seat to act."""
        cdef Py_ssize_t g
        cdef int n = self.t.n, seat, s, i, c, o
        cdef State* st
        cdef Seat* e
        cdef float* a
        if out.shape[0] != self.num_games or out.shape[1] != self.observation_size:
            raise ValueError("one observation row per game")
        with nogil:
            for g in range(self.num_games):
                e = &self.games[g]
                st = &e.st
                a = &out[g, 0]
                memset(a, 0, self.observation_size * sizeof(float))
                seat = st.to_play
                for c in range(NC):
                    a[c] = st.hands[seat][c]
                    a[54 + c] = st.known[seat][c]
                    a[108 + c] = st.out[c]
                for i in range(e.n_pending):
                    a[162 + e.pending[i]] += 1
                for i in range(st.n_allowed):
                    a[216 + st.allowed[i]] = 1
                o = 230
                if st.has_play:
                    a[o + st.last_rank] = 1
                    a[o + 14] = st.last_count
                    if st.last_suit >= 0:
                        a[o + 15 + st.last_suit] = 1
                    a[o + 19 + (st.last_seat - seat + n) % n] = 1
                o += 19 + n
                if st.req_suit >= 0:
                    a[o + st.req_suit] = 1
                o += 4
                a[o] = st.pile_size
                a[o + 1] = st.gone
                a[o + 2] = 1
                a[o + 3] = e.in_window
                a[o + 4] = e.in_window or (e.n_pending == 0 and st.open_seat == seat)
                o += 5
                for i in range(n):
                    s = (seat + i) % n
                    a[o + i] = st.sizes[s]
                    a[o + n + i] = not st.active[s]
                    a[o + 2 * n + i] = st.penalties[s]
                a[o + 3 * n] = 1

    def action_masks(self, int8_t[:, ::1] out):
        """1 for each legal action of each game (``Game.action_mask()``)."""
        cdef Py_ssize_t g
        cdef int k, i
        cdef int legal[NUM_ACTIONS]
        if out.shape[0] != self.num_games or out.shape[1] != NUM_ACTIONS:
            raise ValueError("one mask row per game")
        with nogil:
            for g in range(self.num_games):
                memset(&out[g, 0], 0, NUM_ACTIONS)
                k = legal_list(&self.t, &self.games[g], legal)
                for i in range(k):
                    out[g, legal[i]] = 1

    def random_actions(self, const double[::1] uniforms, int64_t[::1] out):
        """The legal action of each game that ``uniforms[g]`` (in [0, 1)) falls on."""
        cdef Py_ssize_t g
        cdef int k, i
        cdef int legal[NUM_ACTIONS]
        if uniforms.shape[0] != self.num_games or out.shape[0] != self.num_games:
            raise ValueError("one draw and one action per game")
        with nogil:
            for g in range(self.num_games):
                k = legal_list(&self.t, &self.games[g], legal)
                i = <int>(uniforms[g] * k)
                out[g] = legal[i if i < k else k - 1]
