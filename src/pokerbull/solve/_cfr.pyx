# cython: language_level=3
"""Counterfactual regret minimisation over the public tree of one Poker Bull hand.

The public state of a two-player hand is the sequence of calls made so far; the
seat to act is fixed by its length. Each node keeps, per private hand class of
the seat to act, one regret and one average-strategy weight per action, so every
pass is a walk over the public tree with vectors over the hand classes.

Data from Python (see ``pokerbull.solve.game``):
- ``first[j + 1]``: the first kept call (index into the K kept calls) that
  raises over kept call j; ``first[0] = 0`` (the opening).
- ``payoff[c, h0, h1]``: chance(h0, h1) times the caller's result (+1 if kept
  call c holds for the pool of classes h0 and h1, else -1) when c is challenged.

Actions at a node: the raises in ladder order, then the challenge (not at the root).
"""

import numpy as np
cimport numpy as cnp
from libc.string cimport memset
from libc.math cimport pow, INFINITY

cnp.import_array()


cdef inline bint any_positive(const double* x, int n) noexcept nogil:
    cdef int i
    for i in range(n):
        if x[i] > 0.0:
            return True
    return False


cdef void challenge_values(const double* M, const double* MT, int C0, int C1, int me,
                           int c, bint me_caller, const double* ropp,
                           double* out) noexcept nogil:
    """out[h]: seat `me`'s value per class when kept call c is challenged (the other
    seat's reach `ropp`); M[c, h0, h1] is the caller's chance-weighted result."""
    cdef int h, g
    cdef int cm = C0 if me == 0 else C1
    cdef int co = C1 if me == 0 else C0
    cdef const double* base = M if me == 0 else MT
    cdef const double* row
    cdef double acc, sign = 1.0 if me_caller else -1.0
    for h in range(cm):
        row = base + (<long long>c * cm + h) * co
        acc = 0.0
        for g in range(co):
            acc += row[g] * ropp[g]
        out[h] = sign * acc



cdef struct Node:
    int j        # the last call (kept index), -1 at the opening
    int actor    # the seat to act
    int f        # the first kept call that raises over j
    int nr       # raises open
    int na       # actions open (the raises, then the challenge if there is a call)
    int ca       # hand classes of the seat to act


cdef class PublicTree:
    """The public tree of calls for K kept calls, with CFR tables per node."""

    cdef readonly int K, C0, C1, cmax
    cdef readonly long long n_nodes, size
    cdef readonly object first_arr, last_arr, depth_arr, child_arr, off_arr
    cdef readonly object payoff_arr, payoff_t_arr, regret_arr, average_arr, work_arr
    cdef int* first
    cdef int* last
    cdef int* depth
    cdef long long* child
    cdef long long* off
    cdef double* M
    cdef double* MT
    cdef double* reg
    cdef double* avg
    cdef double* work
    cdef long long stride
    # algorithm parameters
    cdef public double alpha, beta, gamma
    cdef public bint plus
    cdef double pos_disc, neg_disc

    def __init__(self, first, payoff, long long n_nodes):
        cdef int K, j, f, nr, na, ca
        cdef long long head, n, size
        payoff = np.ascontiguousarray(payoff, dtype=np.float64)
        K = payoff.shape[0]
        self.K = K
        self.C0 = payoff.shape[1]
        self.C1 = payoff.shape[2]
        self.cmax = max(self.C0, self.C1)
        self.first_arr = np.ascontiguousarray(first, dtype=np.int32)
        if self.first_arr.shape[0] != K + 1:
            raise ValueError("first needs K + 1 entries")
        self.payoff_arr = payoff
        self.payoff_t_arr = np.ascontiguousarray(payoff.transpose(0, 2, 1))
        self.last_arr = np.empty(n_nodes, np.int32)
        self.depth_arr = np.empty(n_nodes, np.int32)
        self.child_arr = np.empty(n_nodes, np.int64)
        self.off_arr = np.empty(n_nodes + 1, np.int64)
        self.first = <int*>cnp.PyArray_DATA(self.first_arr)
        self.last = <int*>cnp.PyArray_DATA(self.last_arr)
        self.depth = <int*>cnp.PyArray_DATA(self.depth_arr)
        self.child = <long long*>cnp.PyArray_DATA(self.child_arr)
        self.off = <long long*>cnp.PyArray_DATA(self.off_arr)
        self.M = <double*>cnp.PyArray_DATA(self.payoff_arr)
        self.MT = <double*>cnp.PyArray_DATA(self.payoff_t_arr)
        # breadth first: the children of a node are consecutive
        self.last[0] = -1
        self.depth[0] = 0
        n = 1
        head = 0
        size = 0
        while head < n:
            j = self.last[head]
            f = self.first[j + 1]
            nr = K - f
            na = nr + (1 if j >= 0 else 0)
            ca = self.C0 if (self.depth[head] & 1) == 0 else self.C1
            self.child[head] = n
            if n + nr > n_nodes:
                raise ValueError("the tree has more nodes than counted")
            for i in range(nr):
                self.last[n] = f + i
                self.depth[n] = self.depth[head] + 1
                n += 1
            self.off[head] = size
            size += <long long>na * ca
            head += 1
        if n != n_nodes:
            raise ValueError("the tree has fewer nodes than counted")
        self.off[n] = size
        self.n_nodes = n
        self.size = size
        self.regret_arr = np.zeros(size, np.float64)
        self.average_arr = np.zeros(size, np.float64)
        self.reg = <double*>cnp.PyArray_DATA(self.regret_arr)
        self.avg = <double*>cnp.PyArray_DATA(self.average_arr)
        self.stride = 2 * (K + 1) * self.cmax + 2 * self.cmax
        self.work_arr = np.zeros((K + 3) * self.stride, np.float64)
        self.work = <double*>cnp.PyArray_DATA(self.work_arr)
        self.alpha = 1.5
        self.beta = 0.0
        self.gamma = 2.0
        self.plus = True

    cdef inline Node node(self, long long n) noexcept nogil:
        cdef Node q
        q.j = self.last[n]
        q.actor = self.depth[n] & 1
        q.f = self.first[q.j + 1]
        q.nr = self.K - q.f
        q.na = q.nr + (1 if q.j >= 0 else 0)
        q.ca = self.C0 if q.actor == 0 else self.C1
        return q

    # ---- one terminal: a challenge of kept call c made by `caller`
    cdef inline void terminal(self, int c, int caller, int trav, const double* ropp,
                              double* out) noexcept nogil:
        challenge_values(self.M, self.MT, self.C0, self.C1, trav, c, caller == trav, ropp, out)

    cdef void regret_matching(self, const double* R, int na, int ca, double* sig) noexcept nogil:
        cdef int a, h
        cdef double tot, r
        for h in range(ca):
            tot = 0.0
            for a in range(na):
                r = R[a * ca + h]
                if r > 0.0:
                    tot += r
            if tot > 0.0:
                for a in range(na):
                    r = R[a * ca + h]
                    sig[a * ca + h] = r / tot if r > 0.0 else 0.0
            else:
                for a in range(na):
                    sig[a * ca + h] = 1.0 / na

    cdef void average_strategy(self, const double* S, int na, int ca, double* sig) noexcept nogil:
        cdef int a, h
        cdef double tot
        for h in range(ca):
            tot = 0.0
            for a in range(na):
                tot += S[a * ca + h]
            if tot > 0.0:
                for a in range(na):
                    sig[a * ca + h] = S[a * ca + h] / tot
            else:
                for a in range(na):
                    sig[a * ca + h] = 1.0 / na

    # ---- one CFR pass for seat `trav`; out[h] is trav's counterfactual value
    cdef void cfr(self, long long n, int trav, double w, const double* rown,
                  const double* ropp, double* out, int d) noexcept nogil:
        cdef Node q = self.node(n)
        cdef int ct = self.C0 if trav == 0 else self.C1
        cdef double* R = self.reg + self.off[n]
        cdef double* S = self.avg + self.off[n]
        cdef double* sig = self.work + d * self.stride
        cdef double* vals = sig + (self.K + 1) * self.cmax
        cdef double* rnew = vals + (self.K + 1) * self.cmax
        cdef double* v
        cdef int a, h
        cdef bint own_any = any_positive(rown, ct)
        cdef bint opp_any
        cdef double r
        self.regret_matching(R, q.na, q.ca, sig)
        memset(out, 0, ct * sizeof(double))
        if q.actor == trav:
            opp_any = any_positive(ropp, self.C1 if trav == 0 else self.C0)
            for a in range(q.na):
                v = vals + a * ct
                for h in range(ct):
                    rnew[h] = rown[h] * sig[a * q.ca + h]
                if a < q.nr:
                    if opp_any or any_positive(rnew, ct):
                        self.cfr(self.child[n] + a, trav, w, rnew, ropp, v, d + 1)
                    else:
                        memset(v, 0, ct * sizeof(double))
                elif opp_any:
                    self.terminal(q.j, 1 - q.actor, trav, ropp, v)
                else:
                    memset(v, 0, ct * sizeof(double))
                for h in range(ct):
                    out[h] += sig[a * q.ca + h] * v[h]
            if opp_any:
                for a in range(q.na):
                    for h in range(ct):
                        r = R[a * ct + h]
                        if self.plus:
                            r += vals[a * ct + h] - out[h]
                            R[a * ct + h] = r if r > 0.0 else 0.0
                        else:
                            r *= self.pos_disc if r > 0.0 else self.neg_disc
                            R[a * ct + h] = r + vals[a * ct + h] - out[h]
            for a in range(q.na):
                for h in range(ct):
                    S[a * ct + h] += w * rown[h] * sig[a * ct + h]
        else:
            v = vals
            for a in range(q.na):
                for h in range(q.ca):
                    rnew[h] = ropp[h] * sig[a * q.ca + h]
                if a < q.nr:
                    if own_any or any_positive(rnew, q.ca):
                        self.cfr(self.child[n] + a, trav, w, rown, rnew, v, d + 1)
                    else:
                        continue
                elif any_positive(rnew, q.ca):
                    self.terminal(q.j, 1 - q.actor, trav, rnew, v)
                else:
                    continue
                for h in range(ct):
                    out[h] += v[h]

    def iterate(self, int iterations, int start=1):
        """Run `iterations` alternating iterations numbered from `start`."""
        cdef int t, trav
        cdef double w
        cdef double* ones = self.work + (self.K + 2) * self.stride
        cdef double* out = ones + self.cmax
        for h in range(self.cmax):
            ones[h] = 1.0
        with nogil:
            for t in range(start, start + iterations):
                if self.plus:
                    w = pow(<double>t, self.gamma)
                else:
                    w = pow(<double>t, self.gamma)
                    self.pos_disc = pow(<double>t, self.alpha) / (pow(<double>t, self.alpha) + 1.0)
                    self.neg_disc = pow(<double>t, self.beta) / (pow(<double>t, self.beta) + 1.0)
                for trav in range(2):
                    self.cfr(0, trav, w, ones, ones, out, 0)

    # ---- exact best response of seat `brp` to the average strategy of the other
    cdef void best(self, long long n, int brp, const double* ropp, double* out,
                   int d) noexcept nogil:
        cdef Node q = self.node(n)
        cdef int ct = self.C0 if brp == 0 else self.C1
        cdef double* sig = self.work + d * self.stride
        cdef double* v = sig + (self.K + 1) * self.cmax
        cdef double* rnew = v + (self.K + 1) * self.cmax
        cdef int a, h
        if q.actor == brp:
            for h in range(ct):
                out[h] = -INFINITY
            for a in range(q.na):
                if a < q.nr:
                    self.best(self.child[n] + a, brp, ropp, v, d + 1)
                else:
                    self.terminal(q.j, 1 - q.actor, brp, ropp, v)
                for h in range(ct):
                    if v[h] > out[h]:
                        out[h] = v[h]
        else:
            memset(out, 0, ct * sizeof(double))
            self.average_strategy(self.avg + self.off[n], q.na, q.ca, sig)
            for a in range(q.na):
                for h in range(q.ca):
                    rnew[h] = ropp[h] * sig[a * q.ca + h]
                if not any_positive(rnew, q.ca):
                    continue
                if a < q.nr:
                    self.best(self.child[n] + a, brp, rnew, v, d + 1)
                else:
                    self.terminal(q.j, 1 - q.actor, brp, rnew, v)
                for h in range(ct):
                    out[h] += v[h]

    def best_response(self, int seat):
        """Seat's best-response value per hand class against the average strategy."""
        cdef double* ones = self.work + (self.K + 2) * self.stride
        cdef int h
        if seat not in (0, 1):
            raise ValueError("seat must be 0 or 1")
        out = np.zeros(self.C0 if seat == 0 else self.C1, np.float64)
        cdef double[::1] o = out
        for h in range(self.cmax):
            ones[h] = 1.0
        with nogil:
            self.best(0, seat, ones, &o[0], 0)
        return out

    # ---- value of the average strategy profile for seat 0
    cdef void value(self, long long n, const double* r1, double* out, int d) noexcept nogil:
        cdef Node q = self.node(n)
        cdef double* sig = self.work + d * self.stride
        cdef double* v = sig + (self.K + 1) * self.cmax
        cdef double* rnew = v + (self.K + 1) * self.cmax
        cdef int a, h
        memset(out, 0, self.C0 * sizeof(double))
        if not any_positive(r1, self.C1):
            return
        self.average_strategy(self.avg + self.off[n], q.na, q.ca, sig)
        for a in range(q.na):
            if q.actor == 0:
                if a < q.nr:
                    self.value(self.child[n] + a, r1, v, d + 1)
                else:
                    self.terminal(q.j, 1, 0, r1, v)
                for h in range(self.C0):
                    out[h] += sig[a * q.ca + h] * v[h]
            else:
                for h in range(q.ca):
                    rnew[h] = r1[h] * sig[a * q.ca + h]
                if a < q.nr:
                    self.value(self.child[n] + a, rnew, v, d + 1)
                else:
                    self.terminal(q.j, 0, 0, rnew, v)
                for h in range(self.C0):
                    out[h] += v[h]

    def profile_value(self):
        """Seat 0's expected result per hand class when both seats play the average strategy."""
        cdef double* ones = self.work + (self.K + 2) * self.stride
        cdef int h
        out = np.zeros(self.C0, np.float64)
        cdef double[::1] o = out
        for h in range(self.cmax):
            ones[h] = 1.0
        with nogil:
            self.value(0, ones, &o[0], 0)
        return out

    def node_of(self, calls):
        """The node reached by a sequence of kept-call indices (ValueError if not a raise)."""
        cdef long long n = 0
        cdef int j, f
        for c in calls:
            j = self.last[n]
            f = self.first[j + 1]
            if not f <= c < self.K:
                raise ValueError(f"kept call {c} is not a raise over kept call {j}")
            n = self.child[n] + (c - f)
        return n

    def actions_at(self, long long n):
        """(number of raises, number of actions, hand classes of the seat to act) at node n."""
        if not 0 <= n < self.n_nodes:
            raise ValueError(f"no node {n}")
        j = self.last[n]
        nr = self.K - self.first[j + 1]
        return nr, nr + (1 if j >= 0 else 0), (self.C0 if self.depth[n] % 2 == 0 else self.C1)

    def set_average(self, long long n, table):
        """Overwrite node n's average-strategy weights (actions x classes)."""
        nr, na, ca = self.actions_at(n)
        cdef long long o = self.off[n]
        self.average_arr[o:o + na * ca] = np.asarray(table, np.float64).reshape(na * ca)


# ---- full-tree best response, streamed (no table of nodes) -------------------

cdef struct Stream:
    int K
    int C0
    int C1
    int seat            # the best responder
    int memory          # the other seat's strategy sees its last `memory` calls
    long long span      # (K + 1) ** memory keys
    const int* first
    const double* M     # payoff[c, h0, h1] to the caller
    const double* MT
    const double* chance    # chance[h_me, h_other] oriented for the best responder
    const double* table     # table[key, action, class] of the other seat
    double* work
    long long stride
    long long visited
    long long limit     # stop once this many states are visited (0: no limit)


cdef void stream_best(Stream* s, int last, long long key, int depth, const double* ropp,
                      double* out) noexcept nogil:
    """out[h]: the best responder's value per class below a node (last call, key)."""
    cdef int K = s.K
    cdef int f = s.first[last + 1]
    cdef int nr = K - f
    cdef int actor = depth & 1
    cdef int cm = s.C0 if s.seat == 0 else s.C1
    cdef int co = s.C1 if s.seat == 0 else s.C0
    cdef double* v = s.work + depth * s.stride
    cdef double* rnew = v + s.stride // 2
    cdef long long child_key, span = s.span
    cdef const double* sig
    cdef int a, h, g
    cdef double acc
    s.visited += 1
    if s.limit and s.visited > s.limit:
        return
    if actor == s.seat:
        for h in range(cm):
            out[h] = -INFINITY
        for a in range(nr):
            child_key = (key * (K + 1) + (f + a + 1)) % span
            stream_best(s, f + a, child_key, depth + 1, ropp, v)
            for h in range(cm):
                if v[h] > out[h]:
                    out[h] = v[h]
        if last >= 0:
            challenge_values(s.M, s.MT, s.C0, s.C1, s.seat, last, False, ropp, v)
            for h in range(cm):
                if v[h] > out[h]:
                    out[h] = v[h]
        return
    memset(out, 0, cm * sizeof(double))
    sig = s.table + key * (K + 2) * co
    for a in range(K + 2):
        # actions: raise to kept call a (a < K), challenge (K), a call no pool satisfies (K + 1)
        if a < K and a < f:
            continue
        if a == K and last < 0:
            continue
        for h in range(co):
            rnew[h] = ropp[h] * sig[a * co + h]
        if not any_positive(rnew, co):
            continue
        if a < K:
            child_key = (key * (K + 1) + (a + 1)) % span
            stream_best(s, a, child_key, depth + 1, rnew, v)
        elif a == K:
            challenge_values(s.M, s.MT, s.C0, s.C1, s.seat, last, True, rnew, v)
        else:
            for h in range(cm):
                acc = 0.0
                for g in range(co):
                    acc += s.chance[h * co + g] * rnew[g]
                v[h] = acc
        for h in range(cm):
            out[h] += v[h]


def stream_best_response(first, payoff, chance, table, int memory, int seat,
                         long long limit=0):
    """Seat's exact best-response value per class against the other seat's table.

    The other seat plays ``table[key, action, class]`` where key encodes its
    last `memory` calls of the hand (0 for none, else 1 + kept index, base
    K + 1, the latest call lowest) and actions are the K raises, the challenge
    and one call no pool satisfies. Walks the whole public tree depth first,
    pruning only where the other seat never goes. Returns (values, nodes visited).
    With a `limit`, gives up once more than `limit` states are visited (the values
    are then meaningless: check ``visited > limit``).
    """
    cdef Stream s
    first_a = np.ascontiguousarray(first, dtype=np.int32)
    pay = np.ascontiguousarray(payoff, dtype=np.float64)
    pay_t = np.ascontiguousarray(pay.transpose(0, 2, 1))
    K, C0, C1 = pay.shape
    if seat not in (0, 1):
        raise ValueError("seat must be 0 or 1")
    if memory < 1:
        raise ValueError("memory must be at least one call")
    co = C1 if seat == 0 else C0
    cm = C0 if seat == 0 else C1
    ch = np.ascontiguousarray(chance if seat == 0 else np.asarray(chance).T, dtype=np.float64)
    tab = np.ascontiguousarray(table, dtype=np.float64)
    if tab.shape != ((K + 1) ** memory, K + 2, co):
        raise ValueError(f"table must have shape {((K + 1) ** memory, K + 2, co)}, "
                         f"not {tab.shape}")
    cmax = max(C0, C1)
    work = np.zeros((K + 3) * 2 * cmax, np.float64)
    ones = np.ones(co, np.float64)
    out = np.zeros(cm, np.float64)
    cdef double[::1] o = out
    cdef double[::1] r = ones
    cdef int[::1] fv = first_a
    cdef double[::1] mv = pay.reshape(-1)
    cdef double[::1] mtv = pay_t.reshape(-1)
    cdef double[::1] chv = ch.reshape(-1)
    cdef double[::1] tv = tab.reshape(-1)
    cdef double[::1] wv = work
    s.K = K
    s.C0 = C0
    s.C1 = C1
    s.seat = seat
    s.memory = memory
    s.span = (K + 1) ** memory
    s.first = &fv[0]
    s.M = &mv[0]
    s.MT = &mtv[0]
    s.chance = &chv[0]
    s.table = &tv[0]
    s.work = &wv[0]
    s.stride = 2 * cmax
    s.visited = 0
    s.limit = limit
    with nogil:
        stream_best(&s, -1, 0, 0, &r[0], &o[0])
    return out, s.visited


# ---- CFR+ on an abstraction: strategies that see only the last calls ---------

cdef struct Tables:
    int K
    int C0
    int C1
    const int* first
    const double* M         # payoff[c, h0, h1] to the caller, and its transpose
    const double* MT
    double* reg[2]          # reg[seat][key, action, class], action K = challenge
    double* inst[2]         # this iteration's regrets
    double* avg[2]
    double w                # this iteration's averaging weight


cdef struct Abstract:
    Tables t
    int memory
    long long span          # (K + 1) ** memory keys
    double* work
    long long stride
    long long visited


cdef inline double* data(arr):
    return <double*>cnp.PyArray_DATA(arr)


def _tables(first, payoff, int memory, regrets, averages):
    """The arrays both solvers share, checked: (first, payoff, its transpose, this
    iteration's regrets, span)."""
    first_a = np.ascontiguousarray(first, dtype=np.int32)
    pay = np.ascontiguousarray(payoff, dtype=np.float64)
    pay_t = np.ascontiguousarray(pay.transpose(0, 2, 1))
    K, C0, C1 = pay.shape
    span = (K + 1) ** memory
    for seat, C in ((0, C0), (1, C1)):
        for arr in (regrets[seat], averages[seat]):
            if arr.shape != (span, K + 1, C) or arr.dtype != np.float64 \
                    or not arr.flags.c_contiguous:
                raise ValueError(f"tables must be C-contiguous float64 of shape "
                                 f"{(span, K + 1, C)}")
    inst = [np.zeros_like(regrets[0]), np.zeros_like(regrets[1])]
    return first_a, pay, pay_t, inst, span


cdef void bind(Tables* t, first_a, pay, pay_t, regrets, inst, averages):
    t.K, t.C0, t.C1 = pay.shape
    t.first = <int*>cnp.PyArray_DATA(first_a)
    t.M = data(pay)
    t.MT = data(pay_t)
    for seat in range(2):
        t.reg[seat] = data(regrets[seat])
        t.inst[seat] = data(inst[seat])
        t.avg[seat] = data(averages[seat])


cdef void apply_regrets(Tables* t, int trav, long long span) noexcept nogil:
    """Add this iteration's regrets of seat `trav`, floor at zero (CFR+), clear them."""
    cdef double* R = t.reg[trav]
    cdef double* I = t.inst[trav]
    cdef long long i, n = span * (t.K + 1) * (t.C0 if trav == 0 else t.C1)
    for i in range(n):
        R[i] += I[i]
        if R[i] < 0.0:
            R[i] = 0.0
        I[i] = 0.0


cdef inline void abstract_strategy(Abstract* s, const double* R, int f, bint can_challenge,
                                   int ca, double* sig) noexcept nogil:
    """Regret matching+ over the legal actions (raises f.., the challenge); with no
    positive regret, the challenge (or the lowest raise at the opening)."""
    cdef int a, h, K = s.t.K
    cdef double tot, r
    for h in range(ca):
        tot = 0.0
        for a in range(f, K + 1):
            if a == K and not can_challenge:
                continue
            r = R[a * ca + h]
            if r > 0.0:
                tot += r
        for a in range(f, K + 1):
            if a == K and not can_challenge:
                continue
            r = R[a * ca + h]
            if tot > 0.0:
                sig[a * ca + h] = r / tot if r > 0.0 else 0.0
            else:
                sig[a * ca + h] = 1.0 if (a == K or (not can_challenge and a == f)) else 0.0


cdef void abstract_cfr(Abstract* s, int trav, int last, long long key, int depth,
                       const double* ropp, double* out) noexcept nogil:
    cdef int K = s.t.K
    cdef int f = s.t.first[last + 1]
    cdef int actor = depth & 1
    cdef int ca = s.t.C0 if actor == 0 else s.t.C1
    cdef int ct = s.t.C0 if trav == 0 else s.t.C1
    cdef int co = s.t.C1 if trav == 0 else s.t.C0
    cdef bint can_challenge = last >= 0
    cdef double* sig = s.work + depth * s.stride
    cdef double* vals = sig + (K + 1) * (s.t.C0 if s.t.C0 > s.t.C1 else s.t.C1)
    cdef double* rnew = vals + (K + 1) * (s.t.C0 if s.t.C0 > s.t.C1 else s.t.C1)
    cdef double* R = s.t.reg[actor] + key * (K + 1) * ca
    cdef double* I
    cdef double* S
    cdef double* v
    cdef int a, h
    s.visited += 1
    abstract_strategy(s, R, f, can_challenge, ca, sig)
    memset(out, 0, ct * sizeof(double))
    if actor == trav:
        for a in range(f, K + 1):
            if a == K and not can_challenge:
                continue
            v = vals + a * ct
            abstract_action(s, trav, last, key, depth, a, False, ropp, v)
            for h in range(ct):
                out[h] += sig[a * ca + h] * v[h]
        I = s.t.inst[actor] + key * (K + 1) * ca
        for a in range(f, K + 1):
            if a == K and not can_challenge:
                continue
            for h in range(ct):
                I[a * ca + h] += vals[a * ct + h] - out[h]
        return
    S = s.t.avg[actor] + key * (K + 1) * ca
    v = vals
    for a in range(f, K + 1):
        if a == K and not can_challenge:
            continue
        for h in range(ca):
            rnew[h] = ropp[h] * sig[a * ca + h]
            S[a * ca + h] += s.t.w * rnew[h]
        if not any_positive(rnew, ca):
            continue
        abstract_action(s, trav, last, key, depth, a, True, rnew, v)
        for h in range(ct):
            out[h] += v[h]


cdef inline void abstract_action(Abstract* s, int trav, int last, long long key, int depth,
                                 int a, bint trav_called, const double* reach,
                                 double* v) noexcept nogil:
    """v: trav's values after action a (a raise to kept call a, or the challenge a = K)."""
    if a < s.t.K:
        abstract_cfr(s, trav, a, (key * (s.t.K + 1) + (a + 1)) % s.span, depth + 1, reach, v)
    else:
        challenge_values(s.t.M, s.t.MT, s.t.C0, s.t.C1, trav, last, trav_called, reach, v)


def abstract_solve(first, payoff, int memory, int iterations, regrets, averages,
                   int start=1, double gamma=2.0):
    """CFR+ iterations on the last-`memory`-calls abstraction of the whole public tree.

    `regrets` and `averages` are two arrays per seat, shape ((K + 1) ** memory,
    K + 1, classes), updated in place (actions: K raises, then the challenge).
    Each seat's regrets are floored at zero after its pass (alternating updates);
    average weights are added with weight t ** gamma in the other seat's pass,
    where that seat's reach is known. Returns the public states visited.
    """
    cdef Abstract s
    first_a, pay, pay_t, inst, span = _tables(first, payoff, memory, regrets, averages)
    bind(&s.t, first_a, pay, pay_t, regrets, inst, averages)
    cmax = max(s.t.C0, s.t.C1)
    stride = 2 * (s.t.K + 1) * cmax + cmax
    work = np.zeros((s.t.K + 3) * stride, np.float64)
    ones = np.ones(cmax, np.float64)
    out = np.zeros(cmax, np.float64)
    cdef int it, trav
    cdef double* onep = data(ones)
    cdef double* outp = data(out)
    s.memory = memory
    s.span = span
    s.work = data(work)
    s.stride = stride
    s.visited = 0
    with nogil:
        for it in range(start, start + iterations):
            s.t.w = pow(<double>it, gamma)
            for trav in range(2):
                abstract_cfr(&s, trav, -1, 0, 0, onep, outp)
                apply_regrets(&s.t, trav, s.span)
    return s.visited


# ---- the same CFR+ on a graph of abstract states (no walk over histories) ----
#
# A strategy that sees the last `memory` calls, and the game below a public
# state, depend only on (key, seat to act): the subtree below every history
# with the same key and parity is the same game played with the same
# strategies. So each seat's counterfactual values, summed over the histories
# of a key, are W[n] @ (the other seat's reach summed over those histories),
# with W[n][h_trav, h_other] the traverser's chance-weighted result below the
# abstract state n. One forward pass (summed reaches, in order of the last
# call) and one backward pass (the W matrices) per seat give exactly the
# regret and average updates of ``abstract_solve``, in time linear in the
# abstract states instead of the histories.

def abstract_graph(first, int K, int memory):
    """The abstract states reachable from the opening, in an order where every
    state comes before the states it leads to.

    Returns (keys, actors, lasts, children): ``children[n, a]`` is the state
    after raise a (kept call a) from state n, -1 where a is not a raise there.
    """
    span = 1
    for _ in range(memory):
        span *= K + 1
    first_a = np.asarray(first, dtype=np.int64)
    index = {(0, 0): 0}
    keys, actors = [0], [0]
    head = 0
    while head < len(keys):
        key, actor = keys[head], actors[head]
        last = key % (K + 1) - 1
        for a in range(int(first_a[last + 1]), K):
            child = ((key * (K + 1) + a + 1) % span, 1 - actor)
            if child not in index:
                index[child] = len(keys)
                keys.append(child[0])
                actors.append(child[1])
        head += 1
    lasts = [k % (K + 1) - 1 for k in keys]
    order = sorted(range(len(keys)), key=lambda n: (lasts[n], n))
    rank = {n: i for i, n in enumerate(order)}
    keys_s = np.array([keys[n] for n in order], np.int64)
    actors_s = np.array([actors[n] for n in order], np.int32)
    lasts_s = np.array([lasts[n] for n in order], np.int32)
    children = np.full((len(keys), K), -1, np.int64)
    for i, n in enumerate(order):
        key, actor, last = keys[n], actors[n], lasts[n]
        for a in range(int(first_a[last + 1]), K):
            children[i, a] = rank[index[((key * (K + 1) + a + 1) % span, 1 - actor)]]
    return keys_s, actors_s, lasts_s, children


cdef struct Graph:
    Tables t
    long long n
    const long long* keys
    const int* actors
    const int* lasts
    const long long* children
    double* sig          # sig[n, action, class of the actor], K + 1 actions
    double* reach        # reach[n, class of the other seat]: summed over histories
    double* W            # W[n, h_trav, h_other]
    double* cfv          # K + 1 rows of the traverser's classes
    double* term         # the challenge's result, W-shaped


cdef void graph_pass(Graph* g, int trav) noexcept nogil:
    cdef int K = g.t.K
    cdef int ct = g.t.C0 if trav == 0 else g.t.C1
    cdef int co = g.t.C1 if trav == 0 else g.t.C0
    cdef long long n, child, cell = <long long>ct * co
    cdef int a, h, o, actor, f, last, ca, end
    cdef double* sig
    cdef double* R
    cdef double* S
    cdef double* I
    cdef double* Wn
    cdef double* Q
    cdef double* rn
    cdef double* rc
    cdef const double* T
    cdef double p, acc, tot, sign
    # strategies of every state (regret matching+, as abstract_strategy)
    for n in range(g.n):
        actor = g.actors[n]
        ca = g.t.C0 if actor == 0 else g.t.C1
        last = g.lasts[n]
        f = g.t.first[last + 1]
        sig = g.sig + n * (K + 1) * (g.t.C0 if g.t.C0 > g.t.C1 else g.t.C1)
        R = g.t.reg[actor] + g.keys[n] * (K + 1) * ca
        for h in range(ca):
            tot = 0.0
            for a in range(f, K + 1):
                if a == K and last < 0:
                    continue
                if R[a * ca + h] > 0.0:
                    tot += R[a * ca + h]
            for a in range(f, K + 1):
                if a == K and last < 0:
                    sig[a * ca + h] = 0.0
                elif tot > 0.0:
                    sig[a * ca + h] = R[a * ca + h] / tot if R[a * ca + h] > 0.0 else 0.0
                else:
                    sig[a * ca + h] = 1.0 if (a == K or (last < 0 and a == f)) else 0.0
    # forward: the other seat's reach summed over the histories of each state
    memset(g.reach, 0, g.n * co * sizeof(double))
    for o in range(co):
        g.reach[o] = 1.0
    for n in range(g.n):
        actor = g.actors[n]
        last = g.lasts[n]
        f = g.t.first[last + 1]
        rn = g.reach + n * co
        if actor == trav:
            for a in range(f, K):
                rc = g.reach + g.children[n * K + a] * co
                for o in range(co):
                    rc[o] += rn[o]
            continue
        sig = g.sig + n * (K + 1) * (g.t.C0 if g.t.C0 > g.t.C1 else g.t.C1)
        S = g.t.avg[actor] + g.keys[n] * (K + 1) * co
        for a in range(f, K + 1):
            if a == K and last < 0:
                continue
            for o in range(co):
                p = rn[o] * sig[a * co + o]
                S[a * co + o] += g.t.w * p
                if a < K:
                    g.reach[g.children[n * K + a] * co + o] += p
    # backward: W[n] and the traverser's regrets
    I = g.t.inst[trav]
    for n in range(g.n - 1, -1, -1):
        actor = g.actors[n]
        last = g.lasts[n]
        f = g.t.first[last + 1]
        sig = g.sig + n * (K + 1) * (g.t.C0 if g.t.C0 > g.t.C1 else g.t.C1)
        Wn = g.W + n * cell
        memset(Wn, 0, cell * sizeof(double))
        rn = g.reach + n * co
        end = K + 1 if last >= 0 else K
        if last >= 0:
            # the challenge of the last call: the actor challenges, so the traverser
            # is the caller when it is not the actor
            T = (g.t.M if trav == 0 else g.t.MT) + <long long>last * cell
            sign = 1.0 if actor != trav else -1.0
            for h in range(cell):
                g.term[h] = sign * T[h]
        for a in range(f, end):
            Q = g.term if a == K else g.W + g.children[n * K + a] * cell
            if actor == trav:
                for h in range(ct):
                    p = sig[a * ct + h]
                    acc = 0.0
                    for o in range(co):
                        acc += Q[h * co + o] * rn[o]
                        Wn[h * co + o] += p * Q[h * co + o]
                    g.cfv[a * ct + h] = acc
            else:
                for o in range(co):
                    p = sig[a * co + o]
                    if p != 0.0:
                        for h in range(ct):
                            Wn[h * co + o] += p * Q[h * co + o]
        if actor == trav:
            R = I + g.keys[n] * (K + 1) * ct
            for h in range(ct):
                acc = 0.0
                for a in range(f, end):
                    acc += sig[a * ct + h] * g.cfv[a * ct + h]
                for a in range(f, end):
                    R[a * ct + h] += g.cfv[a * ct + h] - acc


def graph_solve(first, payoff, int memory, int iterations, regrets, averages,
                int start=1, double gamma=2.0):
    """``abstract_solve`` on the graph of abstract states: the same iterations
    (up to rounding), in time linear in the states (key, seat to act) instead
    of the histories. Returns the abstract states visited."""
    cdef Graph g
    first_a, pay, pay_t, inst, span = _tables(first, payoff, memory, regrets, averages)
    bind(&g.t, first_a, pay, pay_t, regrets, inst, averages)
    K, C0, C1 = pay.shape
    keys, actors, lasts, children = abstract_graph(first_a, K, memory)
    n = len(keys)
    cmax = max(C0, C1)
    sig = np.zeros(n * (K + 1) * cmax, np.float64)
    reach = np.zeros(n * cmax, np.float64)
    W = np.zeros(n * C0 * C1, np.float64)
    cfv = np.zeros((K + 1) * cmax, np.float64)
    term = np.zeros(C0 * C1, np.float64)
    cdef int it, trav
    cdef long long span_c = span
    g.n = n
    g.keys = <long long*>cnp.PyArray_DATA(keys)
    g.actors = <int*>cnp.PyArray_DATA(actors)
    g.lasts = <int*>cnp.PyArray_DATA(lasts)
    g.children = <long long*>cnp.PyArray_DATA(children)
    g.sig = data(sig)
    g.reach = data(reach)
    g.W = data(W)
    g.cfv = data(cfv)
    g.term = data(term)
    with nogil:
        for it in range(start, start + iterations):
            g.t.w = pow(<double>it, gamma)
            for trav in range(2):
                graph_pass(&g, trav)
                apply_regrets(&g.t, trav, span_c)
    return n * iterations * 2
