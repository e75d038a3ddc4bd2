/* The incremental maximum-weight matcher of core/pairing/matching/incremental.py and stage.py,
 * compiled: the same algorithm step for step (same row orders, same tie-breaks, same blossom
 * numbering), so both give identical matchings.  Why C: the Dutch bracket procedure re-solves
 * hundreds of times per round and each solve scans large parts of a dense graph; Python's
 * interpreter and its unbounded integers were the limit.
 *
 * Weights are several hundred bits wide: every weight and dual is a fixed-width two's
 * complement integer of L 64-bit limbs, L chosen from the widest value seen (and widened when
 * a wider one arrives).  Rows keep Python's dict insertion order (a removed neighbour leaves a
 * hole, a re-added one goes to the end), because the stages' results depend on scan order.
 * The Python modules are the specification; the comments here only say where C differs.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t limb;
#define MAXL 64
#define HEADROOM 20 /* bits kept free above the widest input: sums of duals, bdrop */
#define OUTER 1
#define INNER 2
#define DEFER_MIN 16

/* ------------------------------------------------------------------ fixed-width integers */
static inline void b_zero(limb *r, int L) { memset(r, 0, sizeof(limb) * (size_t)L); }
static inline void b_copy(limb *r, const limb *a, int L) { memcpy(r, a, sizeof(limb) * (size_t)L); }
static inline int b_iszero(const limb *a, int L) {
    for (int i = 0; i < L; i++) if (a[i]) return 0;
    return 1;
}
static inline int b_isneg(const limb *a, int L) { return (int64_t)a[L - 1] < 0; }
/* sign: -1, 0, 1 */
static inline int b_sign(const limb *a, int L) {
    if (b_isneg(a, L)) return -1;
    return b_iszero(a, L) ? 0 : 1;
}
static inline int b_cmp(const limb *a, const limb *b, int L) {
    int64_t ta = (int64_t)a[L - 1], tb = (int64_t)b[L - 1];
    if (ta != tb) return ta < tb ? -1 : 1;
    for (int i = L - 2; i >= 0; i--) {
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    }
    return 0;
}
static inline void b_add(limb *r, const limb *a, const limb *b, int L) {
    limb c = 0;
    for (int i = 0; i < L; i++) {
        limb s = a[i] + c;
        limb c1 = s < c;
        limb t = s + b[i];
        c = c1 | (t < s);
        r[i] = t;
    }
}
static inline void b_sub(limb *r, const limb *a, const limb *b, int L) {
    limb br = 0;
    for (int i = 0; i < L; i++) {
        limb ai = a[i], bi = b[i];
        limb t = ai - bi;
        limb b1 = ai < bi;
        limb u = t - br;
        limb b2 = t < br;
        r[i] = u;
        br = b1 | b2;
    }
}
/* r = a + b - c */
static inline void b_addsub(limb *r, const limb *a, const limb *b, const limb *c, int L) {
    limb cy = 0, br = 0;
    for (int i = 0; i < L; i++) {
        limb s = a[i] + cy;
        limb c1 = s < cy;
        limb t = s + b[i];
        cy = c1 | (t < s);
        limb ci = c[i];
        limb u = t - ci;
        limb b1 = t < ci;
        limb v = u - br;
        limb b2 = u < br;
        br = b1 | b2;
        r[i] = v;
    }
}
static inline void b_addsmall(limb *r, int64_t k, int L) {
    limb ext = k < 0 ? ~(limb)0 : 0;
    limb c = 0;
    for (int i = 0; i < L; i++) {
        limb bi = i == 0 ? (limb)k : ext;
        limb s = r[i] + c;
        limb c1 = s < c;
        limb t = s + bi;
        c = c1 | (t < s);
        r[i] = t;
    }
}
static inline void b_shr1(limb *r, const limb *a, int L) { /* floor division by 2 */
    for (int i = 0; i < L - 1; i++) r[i] = (a[i] >> 1) | (a[i + 1] << 63);
    r[L - 1] = (limb)((int64_t)a[L - 1] >> 1);
}
static inline void b_shl1(limb *r, const limb *a, int L) {
    for (int i = L - 1; i > 0; i--) r[i] = (a[i] << 1) | (a[i - 1] >> 63);
    r[0] = a[0] << 1;
}
static inline void b_max0(limb *r, int L) { if (b_isneg(r, L)) b_zero(r, L); }

/* number of significant bits of a signed value (as int.bit_length of its absolute value) */
static int b_bits(const limb *a, int L) {
    limb tmp[MAXL];
    if (b_isneg(a, L)) { b_zero(tmp, L); b_sub(tmp, tmp, a, L); a = tmp; }
    for (int i = L - 1; i >= 0; i--) {
        if (a[i]) return i * 64 + 64 - __builtin_clzll(a[i]);
    }
    return 0;
}

/* ------------------------------------------------------------------ growable arrays */
typedef struct { int *a; Py_ssize_t len, cap; } ivec;

static int iv_push(ivec *v, int x) {
    if (v->len == v->cap) {
        Py_ssize_t nc = v->cap ? 2 * v->cap : 16;
        int *na = (int *)realloc(v->a, sizeof(int) * (size_t)nc);
        if (!na) return -1;
        v->a = na; v->cap = nc;
    }
    v->a[v->len++] = x;
    return 0;
}

/* ------------------------------------------------------------------ the matcher */
typedef struct {
    int kind; int hit; int64_t edge; int blossom; limb value[MAXL];
} Delta;

typedef struct {
    PyObject_HEAD
    int n, N, L;
    /* weights (doubled): wid[a*n+b] = wid[b*n+a] indexes the table wt of distinct values
     * (id 0 = no edge / zero).  Why a table: few distinct weights cover the whole field, so a
     * row scan reads 4-byte ids in row order and a handful of cached values, instead of
     * hundreds of bytes per pair spread over memory (and 2000 players fit in ~50 MB) */
    limb *wt; int32_t *wid; int32_t tsize, tcap; int32_t *hslot; uint32_t hmask;
    int32_t *pos;     /* n*n: index of u in row v, or -1 */
    int32_t **ord;    /* row v: neighbours in insertion order, -1 = hole */
    int32_t *ordlen, *ordcap, *cnt;
    char *alive, *dirty, *deferred;
    int ndeferred;
    char *win;        /* window mode: group flags, or NULL */
    int32_t **near; int32_t *nearlen;
    limb *farmin; char *hasfarmin;
    int fresh;
    limb *pot; int haspot;
    /* state kept between solves */
    int64_t *mate;
    int *label; int64_t *labelend; int *inblossom; int *bparent; int *bbase; int64_t *bestedge;
    int **childs; int *nchilds; int64_t **endps;
    int *unused; int nunused;
    int **leaves; int *nleaves;
    int *selfidx;
    limb *dual;
    /* one solve's stage state */
    limb *bslack;
    int *rootof;
    ivec *members; int64_t memtotal; ivec memroots; /* roots with a members list */
    char *touchedf; ivec touched;
    char *topsf; ivec tops;
    char *freef; ivec freebest;
    char *incomplete;
    char *full;
    char *seenf;
    ivec queue; Py_ssize_t qhead;
    ivec exposed;
    limb bdrop[MAXL];
    int moved;
    int nomem;
} Matcher;

#define WT(m, a, b) ((m)->wt + (size_t)(m)->wid[(size_t)(a) * (size_t)(m)->n + (size_t)(b)] * (size_t)(m)->L)
#define DUAL(m, i) ((m)->dual + (size_t)(i) * (size_t)(m)->L)
#define BSL(m, i) ((m)->bslack + (size_t)(i) * (size_t)(m)->L)

static inline int64_t rev(const Matcher *m, int64_t p) {
    return (p % m->N) * m->N + p / m->N;
}
static inline int has_edge(const Matcher *m, int a, int b) { return m->pos[(size_t)a * m->n + b] >= 0; }

/* ------------------------------------------------------------------ conversions */
/* little-endian two's complement of width 64L: 0, 1 if it does not fit (no error set), -1 on
 * error */
static int py_to_limbs(PyObject *o, limb *out, int L) {
    if (!PyLong_Check(o)) { PyErr_SetString(PyExc_TypeError, "weights must be int"); return -1; }
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (!overflow) {
        if (v == -1 && PyErr_Occurred()) return -1;
        out[0] = (limb)v;
        limb ext = v < 0 ? ~(limb)0 : 0;
        for (int i = 1; i < L; i++) out[i] = ext;
        return 0;
    }
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t need = PyLong_AsNativeBytes(o, out, (Py_ssize_t)L * 8,
                                           Py_ASNATIVEBYTES_LITTLE_ENDIAN);
    if (need < 0) return -1;
    if (need > (Py_ssize_t)L * 8) return 1;
#else
    if (_PyLong_AsByteArray((PyLongObject *)o, (unsigned char *)out, (size_t)L * 8, 1, 1) < 0) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError)) return -1;
        PyErr_Clear();
        return 1;
    }
#endif
    return 0;
}

static int py_bits(PyObject *o) {
    PyObject *r = PyObject_CallMethod(o, "bit_length", NULL);
    if (!r) return -1;
    long b = PyLong_AsLong(r);
    Py_DECREF(r);
    return (int)b;
}

/* ------------------------------------------------------------------ allocation */
static void free_state(Matcher *m) {
    int n = m->n;
    if (m->childs) for (int i = 0; i < 2 * n; i++) free(m->childs[i]);
    if (m->endps) for (int i = 0; i < 2 * n; i++) free(m->endps[i]);
    if (m->leaves) for (int i = 0; i < 2 * n; i++) free(m->leaves[i]);
    free(m->childs); free(m->endps); free(m->leaves); free(m->nchilds); free(m->nleaves);
    m->childs = NULL; m->endps = NULL; m->leaves = NULL; m->nchilds = NULL; m->nleaves = NULL;
}

static inline uint32_t hash_limbs(const limb *a, int L) {
    uint64_t h = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < L; i++) { h ^= a[i]; h *= 0xff51afd7ed558ccdULL; h ^= h >> 32; }
    return (uint32_t)h;
}

static void rehash(Matcher *m) {
    uint32_t hcap = 1;
    while (hcap < 2u * (uint32_t)m->tcap) hcap <<= 1;
    free(m->hslot);
    m->hslot = (int32_t *)malloc(sizeof(int32_t) * hcap);
    if (!m->hslot) { m->nomem = 1; m->hmask = 0; return; }
    memset(m->hslot, 0xff, sizeof(int32_t) * hcap);
    m->hmask = hcap - 1;
    for (int32_t id = 0; id < m->tsize; id++) {
        uint32_t h = hash_limbs(m->wt + (size_t)id * m->L, m->L) & m->hmask;
        while (m->hslot[h] != -1) h = (h + 1) & m->hmask;
        m->hslot[h] = id;
    }
}

/* the table is full.  While it is small next to the n*n id array, it simply doubles (a
 * clean-up pass reads the whole id array: not worth it for a few values).  Beyond that, the
 * values no pair uses any more are dropped, and it doubles only if that frees less than a
 * quarter: memory stays within 4/3 of the live values, and each pass is paid for by at least
 * n*n/32 insertions. */
static int compact_table(Matcher *m) {
    int n = m->n, L = m->L;
    size_t nn = (size_t)n * (size_t)n;
    if ((size_t)m->tcap * 8 >= nn) {
        int32_t *remap = (int32_t *)malloc(sizeof(int32_t) * ((size_t)m->tsize + 1));
        if (!remap) { PyErr_NoMemory(); return -1; }
        for (int32_t i = 0; i < m->tsize; i++) remap[i] = -1;
        remap[0] = 0;
        for (size_t i = 0; i < nn; i++) remap[m->wid[i]] = 0;
        int32_t k = 1;
        for (int32_t i = 1; i < m->tsize; i++) {
            if (remap[i] == 0) {
                remap[i] = k;
                if (k != i) memcpy(m->wt + (size_t)k * L, m->wt + (size_t)i * L, sizeof(limb) * (size_t)L);
                k++;
            }
        }
        for (size_t i = 0; i < nn; i++) m->wid[i] = remap[m->wid[i]];
        free(remap);
        m->tsize = k;
        if ((int64_t)k * 4 <= (int64_t)m->tcap * 3) {
            rehash(m);
            if (m->nomem) { PyErr_NoMemory(); return -1; }
            return 0;
        }
    }
    if (m->tcap > INT32_MAX / 2) { PyErr_SetString(PyExc_OverflowError, "too many distinct weights"); return -1; }
    limb *nw = (limb *)realloc(m->wt, sizeof(limb) * ((size_t)m->tcap * 2 * (size_t)L + 1));
    if (!nw) { PyErr_NoMemory(); return -1; }
    m->wt = nw;
    m->tcap *= 2;
    rehash(m);
    if (m->nomem) { PyErr_NoMemory(); return -1; }
    return 0;
}

/* the id of value w (L limbs), added to the table if new; -1 on error */
static int32_t intern(Matcher *m, const limb *w) {
    int L = m->L;
    for (;;) {
        uint32_t h = hash_limbs(w, L) & m->hmask;
        for (;;) {
            int32_t id = m->hslot[h];
            if (id == -1) break;
            if (memcmp(m->wt + (size_t)id * L, w, sizeof(limb) * (size_t)L) == 0) return id;
            h = (h + 1) & m->hmask;
        }
        if (m->tsize < m->tcap) {
            int32_t id = m->tsize++;
            memcpy(m->wt + (size_t)id * L, w, sizeof(limb) * (size_t)L);
            m->hslot[h] = id;
            return id;
        }
        if (compact_table(m) < 0) return -1;
    }
}

static int widen(Matcher *m, int L2) {
    /* re-encode every wide array at L2 limbs (sign-extended) */
    if (L2 > MAXL) { PyErr_SetString(PyExc_OverflowError, "weights too wide for the native matcher"); return -1; }
    int L = m->L, n = m->n;
    limb **arrs[4] = {&m->wt, &m->dual, &m->bslack, &m->farmin};
    size_t counts[4] = {(size_t)m->tcap, (size_t)2 * n, (size_t)2 * n, (size_t)n};
    for (int k = 0; k < 4; k++) {
        limb *old = *arrs[k];
        limb *nw = (limb *)malloc(sizeof(limb) * (counts[k] * (size_t)L2 + 1));
        if (!nw) { PyErr_NoMemory(); return -1; }
        for (size_t i = 0; i < counts[k]; i++) {
            limb *src = old + i * (size_t)L, *dst = nw + i * (size_t)L2;
            memcpy(dst, src, sizeof(limb) * (size_t)L);
            limb ext = (int64_t)src[L - 1] < 0 ? ~(limb)0 : 0;
            for (int j = L; j < L2; j++) dst[j] = ext;
        }
        free(old);
        *arrs[k] = nw;
    }
    if (m->pot) {
        limb *nw = (limb *)malloc(sizeof(limb) * ((size_t)n * (size_t)L2 + 1));
        if (!nw) { PyErr_NoMemory(); return -1; }
        for (int i = 0; i < n; i++) {
            limb *src = m->pot + (size_t)i * L, *dst = nw + (size_t)i * L2;
            memcpy(dst, src, sizeof(limb) * (size_t)L);
            limb ext = (int64_t)src[L - 1] < 0 ? ~(limb)0 : 0;
            for (int j = L; j < L2; j++) dst[j] = ext;
        }
        free(m->pot);
        m->pot = nw;
    }
    limb ext = (int64_t)m->bdrop[L - 1] < 0 ? ~(limb)0 : 0;
    for (int j = L; j < L2; j++) m->bdrop[j] = ext;
    m->L = L2;
    rehash(m);
    return 0;
}

/* make sure a value of `bits` significant bits fits with the headroom (doubling, sign, sums) */
static int ensure_bits(Matcher *m, int bits) {
    int need = bits + 2 + HEADROOM;
    if (need <= 64 * m->L) return 0;
    return widen(m, (need + 63) / 64);
}

/* a Python int as L limbs, widening the matcher first if it does not fit with headroom */
static int to_limbs(Matcher *m, PyObject *o, limb *out) {
    for (;;) {
        int rc = py_to_limbs(o, out, m->L);
        if (rc < 0) return -1;
        int bits;
        if (rc == 1) { bits = py_bits(o); if (bits < 0) return -1; }
        else bits = b_bits(out, m->L);
        if (bits + 2 + HEADROOM <= 64 * m->L) return 0;
        if (ensure_bits(m, bits) < 0) return -1;
    }
}

/* ------------------------------------------------------------------ rows */
static int row_append(Matcher *m, int v, int u) {
    if (m->ordlen[v] == m->ordcap[v]) {
        if (m->cnt[v] <= m->ordcap[v] / 2 && m->ordcap[v] > 0) {
            /* compact, keeping order */
            int32_t *r = m->ord[v]; int k = 0;
            for (int i = 0; i < m->ordlen[v]; i++) {
                if (r[i] >= 0) { r[k] = r[i]; m->pos[(size_t)v * m->n + r[i]] = k; k++; }
            }
            m->ordlen[v] = k;
        } else {
            int nc = m->ordcap[v] ? 2 * m->ordcap[v] : 8;
            int32_t *na = (int32_t *)realloc(m->ord[v], sizeof(int32_t) * (size_t)nc);
            if (!na) { PyErr_NoMemory(); return -1; }
            m->ord[v] = na; m->ordcap[v] = nc;
        }
    }
    m->pos[(size_t)v * m->n + u] = m->ordlen[v];
    m->ord[v][m->ordlen[v]++] = u;
    m->cnt[v]++;
    return 0;
}
static void row_remove(Matcher *m, int v, int u) {
    int32_t p = m->pos[(size_t)v * m->n + u];
    if (p < 0) return;
    m->ord[v][p] = -1;
    m->pos[(size_t)v * m->n + u] = -1;
    m->cnt[v]--;
}
static void row_clear(Matcher *m, int v) {
    for (int i = 0; i < m->ordlen[v]; i++) {
        int u = m->ord[v][i];
        if (u >= 0) m->pos[(size_t)v * m->n + u] = -1;
    }
    m->ordlen[v] = 0; m->cnt[v] = 0;
}

/* set doubled weight w2 (already L limbs) of a-b as dict semantics: W[a][b] = W[b][a] = w2 */
static int put_edge(Matcher *m, int a, int b, const limb *w2) {
    if (!has_edge(m, a, b)) {
        if (row_append(m, a, b) < 0 || row_append(m, b, a) < 0) return -1;
    }
    int32_t id = intern(m, w2);
    if (id < 0) return -1;
    m->wid[(size_t)a * m->n + b] = m->wid[(size_t)b * m->n + a] = id;
    return 0;
}
static void drop_edge(Matcher *m, int a, int b) {
    if (!has_edge(m, a, b)) return;
    row_remove(m, a, b); row_remove(m, b, a);
    m->wid[(size_t)a * m->n + b] = m->wid[(size_t)b * m->n + a] = 0;
}

/* the row a vertex scans in a stage */
static inline const int32_t *row_of(const Matcher *m, int v, int *len) {
    if (m->win == NULL || !m->win[v] || m->full[v]) { *len = m->ordlen[v]; return m->ord[v]; }
    *len = m->nearlen[v];
    return m->near[v];
}

/* ------------------------------------------------------------------ leaves (cached) */
static const int *leaves_of(Matcher *m, int b, int *len) {
    if (b < m->n) { *len = 1; return &m->selfidx[b]; }
    if (m->leaves[b]) { *len = m->nleaves[b]; return m->leaves[b]; }
    ivec out = {0, 0, 0};
    for (int i = 0; i < m->nchilds[b]; i++) {
        int t = m->childs[b][i];
        if (t < m->n) { if (iv_push(&out, t) < 0) { m->nomem = 1; break; } }
        else {
            int l2; const int *s = leaves_of(m, t, &l2);
            for (int k = 0; k < l2; k++) if (iv_push(&out, s[k]) < 0) { m->nomem = 1; break; }
        }
    }
    if (!out.a) { out.a = (int *)malloc(sizeof(int)); if (!out.a) m->nomem = 1; }
    m->leaves[b] = out.a; m->nleaves[b] = (int)out.len;
    *len = (int)out.len;
    return out.a ? out.a : &m->selfidx[0];
}
static void drop_leaves(Matcher *m, int b) {
    if (b >= m->n && m->leaves[b]) { free(m->leaves[b]); m->leaves[b] = NULL; m->nleaves[b] = 0; }
}

/* ------------------------------------------------------------------ stage sets */
static inline void touch(Matcher *m, int i) {
    if (!m->touchedf[i]) { m->touchedf[i] = 1; if (iv_push(&m->touched, i) < 0) m->nomem = 1; }
}
static inline void add_top(Matcher *m, int b) {
    if (!m->topsf[b]) { m->topsf[b] = 1; if (iv_push(&m->tops, b) < 0) m->nomem = 1; }
}
static inline void qpush(Matcher *m, int v) { if (iv_push(&m->queue, v) < 0) m->nomem = 1; }

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* ------------------------------------------------------------------ blossom helpers */
static void set_childs(Matcher *m, int b, int *ch, int64_t *ep, int k) {
    free(m->childs[b]); free(m->endps[b]);
    m->childs[b] = ch; m->endps[b] = ep; m->nchilds[b] = k;
}
static void clear_blossom(Matcher *m, int b) {
    free(m->childs[b]); free(m->endps[b]);
    m->childs[b] = NULL; m->endps[b] = NULL; m->nchilds[b] = 0;
}

static void dissolve(Matcher *m, int b) {
    int N = m->N, n = m->n, L = m->L;
    limb *z = DUAL(m, b);
    int nl; const int *lv = leaves_of(m, b, &nl);
    if (!b_iszero(z, L)) {
        for (int i = 0; i < nl; i++) b_add(DUAL(m, lv[i]), DUAL(m, lv[i]), z, L);
        int base = m->bbase[b];
        if (m->mate[base] != -1) {
            int u = (int)(m->mate[base] % N);
            m->mate[u] = -1; m->mate[base] = -1;
        }
    }
    for (int i = 0; i < m->nchilds[b]; i++) {
        int s = m->childs[b][i];
        m->bparent[s] = -1;
        if (s < n) m->inblossom[s] = s;
        else {
            int l2; const int *sl = leaves_of(m, s, &l2);
            for (int k = 0; k < l2; k++) m->inblossom[sl[k]] = s;
        }
    }
    clear_blossom(m, b);
    m->bbase[b] = -1;
    m->bestedge[b] = -1;
    m->label[b] = 0;
    m->labelend[b] = -1;
    b_zero(z, L);
    drop_leaves(m, b);
    m->unused[m->nunused++] = b;
}

static int top_of(Matcher *m, int v) {
    int b = m->inblossom[v];
    while (m->bparent[b] != -1) b = m->bparent[b];
    return b;
}

static void free_vertex(Matcher *m, int v) {
    int N = m->N, L = m->L;
    while (m->inblossom[v] != v) dissolve(m, top_of(m, v));
    limb need[MAXL], d[MAXL];
    b_zero(need, L);
    int mm = m->mate[v] != -1 ? (int)(m->mate[v] % N) : -1;
    const int32_t *r = m->ord[v];
    for (int i = 0; i < m->ordlen[v]; i++) {
        int u = r[i];
        if (u < 0 || u == mm) continue;
        b_sub(d, WT(m, v, u), DUAL(m, u), L);
        if (b_cmp(d, need, L) > 0) b_copy(need, d, L);
    }
    if (mm != -1) {
        if (has_edge(m, v, mm)) {
            limb keep[MAXL];
            b_sub(keep, WT(m, v, mm), DUAL(m, mm), L);
            if (!b_iszero(WT(m, v, mm), L) && b_cmp(keep, need, L) >= 0) {
                b_copy(DUAL(m, v), keep, L);
                return;
            }
        }
        m->mate[mm] = -1; m->mate[v] = -1;
    }
    b_copy(DUAL(m, v), need, L);
}

/* ------------------------------------------------------------------ reset (fresh start) */
static int reset_state(Matcher *m) {
    int n = m->n, L = m->L, N = m->N;
    free_state(m);
    m->childs = (int **)calloc((size_t)2 * n + 1, sizeof(int *));
    m->endps = (int64_t **)calloc((size_t)2 * n + 1, sizeof(int64_t *));
    m->leaves = (int **)calloc((size_t)2 * n + 1, sizeof(int *));
    m->nchilds = (int *)calloc((size_t)2 * n + 1, sizeof(int));
    m->nleaves = (int *)calloc((size_t)2 * n + 1, sizeof(int));
    if (!m->childs || !m->endps || !m->leaves || !m->nchilds || !m->nleaves) { PyErr_NoMemory(); return -1; }
    for (int i = 0; i < n; i++) m->mate[i] = -1;
    for (int i = 0; i < 2 * n; i++) {
        m->label[i] = 0; m->labelend[i] = -1; m->bparent[i] = -1; m->bestedge[i] = -1;
        m->bbase[i] = i < n ? i : -1;
    }
    for (int i = 0; i < n; i++) m->inblossom[i] = i;
    m->nunused = 0;
    for (int i = 2 * n - 1; i >= n; i--) m->unused[m->nunused++] = i;
    b_zero(m->dual, 2 * n * L);
    limb t[MAXL];
    if (m->haspot) {
        for (int v = 0; v < n; v++) {
            if (m->alive[v]) { b_copy(DUAL(m, v), m->pot + (size_t)v * L, L); b_max0(DUAL(m, v), L); }
        }
        for (int v = 0; v < n; v++) {
            limb *dv = DUAL(m, v);
            const int32_t *r = m->ord[v];
            for (int i = 0; i < m->ordlen[v]; i++) {
                int u = r[i];
                if (u < 0) continue;
                b_add(t, dv, DUAL(m, u), L);
                if (b_cmp(t, WT(m, v, u), L) < 0) b_sub(dv, WT(m, v, u), DUAL(m, u), L);
            }
        }
    } else {
        for (int v = 0; v < n; v++) {
            limb best[MAXL];
            b_zero(best, L);
            const int32_t *r = m->ord[v];
            for (int i = 0; i < m->ordlen[v]; i++) {
                int u = r[i];
                if (u < 0) continue;
                if (b_cmp(WT(m, v, u), best, L) > 0) b_copy(best, WT(m, v, u), L);
            }
            b_shr1(DUAL(m, v), best, L);
        }
    }
    m->haspot = 0;
    for (int v = 0; v < n; v++) {
        if (m->mate[v] != -1 || !m->alive[v]) continue;
        const int32_t *r = m->ord[v];
        for (int i = 0; i < m->ordlen[v]; i++) {
            int u = r[i];
            if (u < 0) continue;
            if (m->mate[u] == -1 && u != v) {
                b_add(t, DUAL(m, v), DUAL(m, u), L);
                if (b_cmp(t, WT(m, v, u), L) == 0) {
                    m->mate[v] = (int64_t)v * N + u;
                    m->mate[u] = (int64_t)u * N + v;
                    break;
                }
            }
        }
    }
    memset(m->dirty, 0, (size_t)n);
    return 0;
}

/* ------------------------------------------------------------------ stages */
static void assign_label(Matcher *m, int w, int t, int64_t p);
static void expand_blossom(Matcher *m, int b, int endstage);

/* members[r] of stage.py: the vertices labelled in r's tree (a blossom has >= 1 leaf, so a
 * root with a list has cap > 0; memroots lists them for the reset at the next solve) */
static void members_add(Matcher *m, int r, const int *lv, int k) {
    ivec *mv = &m->members[r];
    if (mv->cap == 0) { if (iv_push(&m->memroots, r) < 0) m->nomem = 1; }
    for (int i = 0; i < k; i++) if (iv_push(mv, lv[i]) < 0) m->nomem = 1;
    m->memtotal += k;
}

static void assign_label(Matcher *m, int w, int t, int64_t p) {
    int N = m->N;
    for (;;) {
        int b = m->inblossom[w];
        m->label[w] = m->label[b] = t;
        m->labelend[w] = m->labelend[b] = p;
        m->bestedge[w] = m->bestedge[b] = -1;
        touch(m, w); touch(m, b); add_top(m, b);
        int r = p == -1 ? w : m->rootof[p % N];
        int nl; const int *lv = leaves_of(m, b, &nl);
        for (int i = 0; i < nl; i++) m->rootof[lv[i]] = r;
        members_add(m, r, lv, nl);
        if (t == OUTER) {
            for (int i = 0; i < nl; i++) qpush(m, lv[i]);
            return;
        }
        int64_t mb = m->mate[m->bbase[b]];
        w = (int)(mb % N); t = OUTER; p = rev(m, mb);
    }
}

static void augment_blossom(Matcher *m, int b, int v) {
    int n = m->n, N = m->N;
    int t = v;
    while (m->bparent[t] != b) t = m->bparent[t];
    if (t >= n) augment_blossom(m, t, v);
    int *childs = m->childs[b];
    int64_t *endps = m->endps[b];
    int k = m->nchilds[b];
    int i = 0;
    while (childs[i] != t) i++;
    int j = i, jstep, endptrick;
    if (i & 1) { j -= k; jstep = 1; endptrick = 0; }
    else { jstep = -1; endptrick = 1; }
    while (j != 0) {
        j += jstep;
        t = childs[((j % k) + k) % k];
        int64_t p = endps[(((j - endptrick) % k) + k) % k];
        if (endptrick) p = rev(m, p);
        if (t >= n) augment_blossom(m, t, (int)(p % N));
        j += jstep;
        t = childs[((j % k) + k) % k];
        if (t >= n) augment_blossom(m, t, (int)(rev(m, p) % N));
        m->mate[p % N] = rev(m, p);
        m->mate[rev(m, p) % N] = p;
    }
    /* rotate so that child i comes first */
    int *nc = (int *)malloc(sizeof(int) * (size_t)k);
    int64_t *ne = (int64_t *)malloc(sizeof(int64_t) * (size_t)k);
    if (!nc || !ne) { free(nc); free(ne); m->nomem = 1; return; }
    for (int q = 0; q < k; q++) { nc[q] = childs[(i + q) % k]; ne[q] = endps[(i + q) % k]; }
    set_childs(m, b, nc, ne, k);
    m->bbase[b] = m->bbase[nc[0]];
}

static void augment_path(Matcher *m, int s, int64_t p) {
    int N = m->N, n = m->n;
    for (;;) {
        int bs = m->inblossom[s];
        while (m->bparent[bs] != -1) bs = m->bparent[bs];
        if (bs >= n) augment_blossom(m, bs, s);
        m->mate[s] = p;
        if (m->labelend[bs] == -1) break;
        int t = (int)(m->labelend[bs] % N);
        int bt = m->inblossom[t];
        s = (int)(m->labelend[bt] % N);
        int j = (int)(rev(m, m->labelend[bt]) % N);
        if (bt >= n) augment_blossom(m, bt, j);
        m->mate[j] = m->labelend[bt];
        p = rev(m, m->labelend[bt]);
    }
}

/* roots: 1 or 2 distinct roots, in order */
static void after_augment(Matcher *m, const int *roots, int nroots) {
    int64_t size = 0;
    for (int k = 0; k < nroots; k++) if (roots[k] >= 0) size += m->members[roots[k]].len;
    int64_t rest = m->memtotal - size;
    if (size > rest) return;
    int n = m->n;
    ivec gone = {0, 0, 0};
    char *seenf = m->seenf; /* all zero between calls */
    for (int k = 0; k < nroots; k++) {
        int r = roots[k];
        if (r < 0) continue;
        ivec *mv = &m->members[r];
        for (Py_ssize_t i = 0; i < mv->len; i++) {
            int x = mv->a[i];
            if (m->rootof[x] == r && !seenf[x]) {
                seenf[x] = 1;
                if (iv_push(&gone, x) < 0) m->nomem = 1;
            }
        }
    }
    for (Py_ssize_t i = 0; i < gone.len; i++) seenf[gone.a[i]] = 0;
    for (Py_ssize_t i = 0; i < gone.len; i++) {
        int b = m->inblossom[gone.a[i]];
        if (b >= n && m->bparent[b] == -1 && m->bbase[b] >= 0 && m->label[b] == OUTER
            && b_iszero(DUAL(m, b), m->L))
            expand_blossom(m, b, 1);
    }
    for (Py_ssize_t i = 0; i < gone.len; i++) {
        int x = gone.a[i];
        m->rootof[x] = -1;
        int b = x;
        while (b != -1) { m->label[b] = 0; b = m->bparent[b]; }
    }
    free(gone.a);
}

static void augment_edge(Matcher *m, int v, int w, int64_t p, int r1, int r2) {
    augment_path(m, v, p);
    augment_path(m, w, rev(m, p));
    int roots[2]; int k = 0;
    /* the Python side iterates the roots as a tuple in this order */
    if (r2 >= 0 && r2 != r1) {
        if (r1 < r2) { roots[0] = r1; roots[1] = r2; } else { roots[0] = r2; roots[1] = r1; }
        k = 2;
    } else { roots[0] = r1; k = 1; }
    after_augment(m, roots, k);
}

static int scan_blossom(Matcher *m, int v, int w) {
    int N = m->N;
    ivec path = {0, 0, 0};
    int base = -1;
    while (v != -1 || w != -1) {
        int b = m->inblossom[v];
        if (m->label[b] & 4) { base = m->bbase[b]; break; }
        if (iv_push(&path, b) < 0) m->nomem = 1;
        m->label[b] = 5;
        if (m->labelend[b] == -1) v = -1;
        else {
            v = (int)(m->labelend[b] % N);
            b = m->inblossom[v];
            v = (int)(m->labelend[b] % N);
        }
        if (w != -1) { int tmp = v; v = w; w = tmp; }
    }
    for (Py_ssize_t i = 0; i < path.len; i++) m->label[path.a[i]] = 1;
    free(path.a);
    return base;
}

/* complete_best_edges of stage.py: the least-slack edge from outer blossom b to another outer
 * blossom, ties to the first leaf (in leaves order) and then the first row entry.  When few
 * outer vertices lie outside b (a giant blossom in a dense, tight field), the same minimum is
 * found by looking only at the edges to those vertices: the row position (pos) breaks ties as
 * the row scan would, and in window mode a group row holds exactly the edges to the group. */
static void complete_best_edges(Matcher *m, int b, const int *s_tops, Py_ssize_t ns) {
    int N = m->N, L = m->L, n = m->n;
    int64_t best = -1;
    limb bsl[MAXL], sl[MAXL];
    b_zero(bsl, L);
    int nl; const int *lv = leaves_of(m, b, &nl);
    ivec outs = {0, 0, 0};
    Py_ssize_t limit = n / 4;
    for (Py_ssize_t t = 0; t < ns && outs.len <= limit; t++) {
        if (s_tops[t] == b) continue;
        int k; const int *ol = leaves_of(m, s_tops[t], &k);
        for (int q = 0; q < k; q++) if (iv_push(&outs, ol[q]) < 0) m->nomem = 1;
    }
    if (outs.len <= limit) {
        for (int k = 0; k < nl; k++) {
            int i = lv[k];
            const limb *di = DUAL(m, i);
            int nearonly = m->win != NULL && m->win[i] && !m->full[i];
            int64_t lbest = -1; int32_t lpos = 0;
            limb lsl[MAXL];
            const int32_t *prow = m->pos + (size_t)i * n;
            for (Py_ssize_t q = 0; q < outs.len; q++) {
                int j = outs.a[q];
                int32_t pj = prow[j];
                if (pj < 0 || (nearonly && !m->win[j])) continue;
                b_addsub(sl, di, DUAL(m, j), WT(m, i, j), L);
                int c = lbest == -1 ? -1 : b_cmp(sl, lsl, L);
                if (c < 0 || (c == 0 && pj < lpos)) { lbest = (int64_t)i * N + j; lpos = pj; b_copy(lsl, sl, L); }
            }
            if (lbest != -1 && (best == -1 || b_cmp(lsl, bsl, L) < 0)) { best = lbest; b_copy(bsl, lsl, L); }
        }
    } else {
        for (int k = 0; k < nl; k++) {
            int i = lv[k];
            const limb *di = DUAL(m, i);
            int len; const int32_t *r = row_of(m, i, &len);
            for (int q = 0; q < len; q++) {
                int j = r[q];
                if (j < 0) continue;
                int bj = m->inblossom[j];
                if (bj != b && m->label[bj] == OUTER) {
                    b_addsub(sl, di, DUAL(m, j), WT(m, i, j), L);
                    if (best == -1 || b_cmp(sl, bsl, L) < 0) { best = (int64_t)i * N + j; b_copy(bsl, sl, L); }
                }
            }
        }
    }
    free(outs.a);
    m->bestedge[b] = best;
    b_copy(BSL(m, b), bsl, L);
    m->incomplete[b] = 0;
}

static void merge_best_edges(Matcher *m, int b, const int *path, int k) {
    int N = m->N, L = m->L;
    int64_t best = -1;
    limb bsl[MAXL];
    b_zero(bsl, L);
    int lost = 0;
    for (int q = 0; q < k; q++) {
        int sub = path[q];
        if (m->incomplete[sub]) { m->incomplete[sub] = 0; lost = 1; }
        int64_t e = m->bestedge[sub];
        if (e != -1) {
            if (m->inblossom[e % N] == b) lost = 1;
            else if (best == -1 || b_cmp(BSL(m, sub), bsl, L) < 0) { best = e; b_copy(bsl, BSL(m, sub), L); }
        }
        m->bestedge[sub] = -1;
    }
    m->bestedge[b] = best;
    b_copy(BSL(m, b), bsl, L);
    if (lost) m->incomplete[b] = 1;
}

static void add_blossom(Matcher *m, int base, int v, int w) {
    int N = m->N;
    int v0 = v, w0 = w;
    int bb = m->inblossom[base], bv = m->inblossom[v], bw = m->inblossom[w];
    int b = m->unused[--m->nunused];
    m->bbase[b] = base;
    m->bparent[b] = -1;
    m->bparent[bb] = b;
    ivec path = {0, 0, 0};
    /* the endpoints: first part, reversed afterwards */
    int64_t *ep = NULL; Py_ssize_t ne = 0, ce = 0;
#define EPUSH(x) do { if (ne == ce) { ce = ce ? 2 * ce : 16; int64_t *na_ = (int64_t *)realloc(ep, sizeof(int64_t) * (size_t)ce); if (!na_) { m->nomem = 1; return; } ep = na_; } ep[ne++] = (x); } while (0)
    while (bv != bb) {
        m->bparent[bv] = b;
        if (iv_push(&path, bv) < 0) m->nomem = 1;
        EPUSH(m->labelend[bv]);
        v = (int)(m->labelend[bv] % N);
        bv = m->inblossom[v];
    }
    if (iv_push(&path, bb) < 0) m->nomem = 1;
    for (Py_ssize_t i = 0, j = path.len - 1; i < j; i++, j--) { int t = path.a[i]; path.a[i] = path.a[j]; path.a[j] = t; }
    for (Py_ssize_t i = 0, j = ne - 1; i < j; i++, j--) { int64_t t = ep[i]; ep[i] = ep[j]; ep[j] = t; }
    EPUSH((int64_t)w0 * N + v0);
    while (bw != bb) {
        m->bparent[bw] = b;
        if (iv_push(&path, bw) < 0) m->nomem = 1;
        EPUSH(rev(m, m->labelend[bw]));
        w = (int)(m->labelend[bw] % N);
        bw = m->inblossom[w];
    }
#undef EPUSH
    set_childs(m, b, path.a, ep, (int)path.len);
    m->label[b] = OUTER;
    m->labelend[b] = m->labelend[bb];
    b_zero(DUAL(m, b), m->L);
    touch(m, b); add_top(m, b);
    int nl; const int *lv = leaves_of(m, b, &nl);
    for (int i = 0; i < nl; i++) {
        int x = lv[i];
        if (m->label[m->inblossom[x]] == INNER) qpush(m, x);
        m->inblossom[x] = b;
    }
    merge_best_edges(m, b, m->childs[b], m->nchilds[b]);
}

static void relabel_expanded(Matcher *m, int b, const int *childs, const int64_t *endps, int k) {
    int N = m->N;
    int entrychild = m->inblossom[rev(m, m->labelend[b]) % N];
    int j = 0;
    while (childs[j] != entrychild) j++;
    int jstep, endptrick;
    if (j & 1) { j -= k; jstep = 1; endptrick = 0; }
    else { jstep = -1; endptrick = 1; }
#define IDX(x) ((((x) % k) + k) % k)
    int64_t p = m->labelend[b];
    while (j != 0) {
        m->label[rev(m, p) % N] = 0;
        int64_t q = endps[IDX(j - endptrick)];
        m->label[(endptrick ? q : rev(m, q)) % N] = 0;
        assign_label(m, (int)(rev(m, p) % N), INNER, p);
        j += jstep;
        q = endps[IDX(j - endptrick)];
        p = endptrick ? rev(m, q) : q;
        j += jstep;
    }
    int bv = childs[IDX(j)];
    int x = (int)(rev(m, p) % N);
    m->label[x] = m->label[bv] = INNER;
    m->labelend[x] = m->labelend[bv] = p;
    m->bestedge[bv] = -1;
    touch(m, x); touch(m, bv); add_top(m, bv);
    j += jstep;
    while (childs[IDX(j)] != entrychild) {
        bv = childs[IDX(j)];
        if (m->label[bv] == OUTER) { j += jstep; continue; }
        int nl; const int *lv = leaves_of(m, bv, &nl);
        int found = -1;
        for (int i = 0; i < nl; i++) if (m->label[lv[i]] != 0) { found = lv[i]; break; }
        if (found != -1) {
            m->label[found] = 0;
            m->label[m->mate[m->bbase[bv]] % N] = 0;
            assign_label(m, found, INNER, m->labelend[found]);
        }
        j += jstep;
    }
#undef IDX
}

static void expand_blossom(Matcher *m, int b, int endstage) {
    int n = m->n, L = m->L;
    int k = m->nchilds[b];
    int *childs = m->childs[b];
    int64_t *endps = m->endps[b];
    for (int i = 0; i < k; i++) {
        int s = childs[i];
        m->bparent[s] = -1;
        if (s < n) m->inblossom[s] = s;
        else if (endstage && b_iszero(DUAL(m, s), L)) expand_blossom(m, s, endstage);
        else {
            int nl; const int *lv = leaves_of(m, s, &nl);
            for (int q = 0; q < nl; q++) m->inblossom[lv[q]] = s;
        }
    }
    if (!endstage && m->label[b] == INNER) relabel_expanded(m, b, childs, endps, k);
    m->label[b] = -1; m->labelend[b] = -1;
    touch(m, b);
    clear_blossom(m, b);
    m->bbase[b] = -1;
    m->bestedge[b] = -1;
    b_zero(DUAL(m, b), L);
    drop_leaves(m, b);
    m->unused[m->nunused++] = b;
}

/* scan the edges of outer vertex v; 1 if the stage augmented */
static int scan(Matcher *m, int v) {
    int N = m->N, L = m->L;
    int *inblossom = m->inblossom, *label = m->label;
    int bv_ = inblossom[v];
    const limb *dv = DUAL(m, v);
    limb ks[MAXL];
    int len; const int32_t *r = row_of(m, v, &len);
    for (int q = 0; q < len; q++) {
        int w = r[q];
        if (w < 0) continue;
        int bw_ = inblossom[w];
        if (bv_ == bw_) continue;
        if (label[bw_] == INNER && label[w]) continue;
        b_addsub(ks, dv, DUAL(m, w), WT(m, v, w), L);
        if (b_sign(ks, L) <= 0) {
            int64_t p = (int64_t)v * N + w;
            int lw = label[bw_];
            if (lw == 0) {
                if (m->mate[m->bbase[bw_]] == -1) {
                    augment_edge(m, v, w, p, m->rootof[v], -1);
                    return 1;
                }
                assign_label(m, w, INNER, rev(m, p));
            } else if (lw == OUTER) {
                int base = scan_blossom(m, v, w);
                if (base >= 0) {
                    add_blossom(m, base, v, w);
                    bv_ = inblossom[v];
                } else {
                    augment_edge(m, v, w, p, m->rootof[v], m->rootof[w]);
                    return 1;
                }
            } else if (label[w] == 0) {
                label[w] = INNER;
                m->labelend[w] = rev(m, p);
                touch(m, w);
            }
        } else if (label[bw_] == OUTER) {
            if (m->bestedge[bv_] == -1 || b_cmp(ks, BSL(m, bv_), L) < 0) {
                m->bestedge[bv_] = (int64_t)v * N + w;
                b_copy(BSL(m, bv_), ks, L);
            }
        } else if (label[w] == 0) {
            int64_t be = m->bestedge[w];
            if (be == -1) {
                touch(m, w);
                if (!m->freef[w]) { m->freef[w] = 1; if (iv_push(&m->freebest, w) < 0) m->nomem = 1; }
                m->bestedge[w] = (int64_t)w * N + v;
                b_copy(BSL(m, w), ks, L);
            } else if (b_cmp(ks, BSL(m, w), L) < 0) {
                m->bestedge[w] = (int64_t)w * N + v;
                b_copy(BSL(m, w), ks, L);
            }
        }
    }
    return 0;
}

static void clean(Matcher *m) {
    for (Py_ssize_t i = 0; i < m->tops.len; i++) touch(m, m->tops.a[i]);
    for (Py_ssize_t k = 0; k < m->touched.len; k++) {
        int i = m->touched.a[k];
        m->label[i] = 0; m->labelend[i] = -1; m->bestedge[i] = -1;
        m->touchedf[i] = 0;
    }
    m->touched.len = 0;
    for (Py_ssize_t k = 0; k < m->tops.len; k++) m->topsf[m->tops.a[k]] = 0;
    m->tops.len = 0;
    for (Py_ssize_t k = 0; k < m->freebest.len; k++) m->freef[m->freebest.a[k]] = 0;
    m->freebest.len = 0;
    memset(m->incomplete, 0, (size_t)2 * m->n);
}

static int augment_tight(Matcher *m);

static int start_stage(Matcher *m) {
    clean(m);
    m->queue.len = 0; m->qhead = 0;
    if (m->moved) { augment_tight(m); m->moved = 0; }
    int roots = 0;
    Py_ssize_t k = 0;
    for (Py_ssize_t i = 0; i < m->exposed.len; i++) {
        int v = m->exposed.a[i];
        if (m->mate[v] == -1) m->exposed.a[k++] = v;
    }
    m->exposed.len = k;
    for (Py_ssize_t i = 0; i < k; i++) {
        int v = m->exposed.a[i];
        if (m->label[m->inblossom[v]] == 0 && b_sign(DUAL(m, v), m->L) > 0 && !m->deferred[v]) {
            assign_label(m, v, OUTER, -1);
            roots++;
        }
    }
    return roots;
}

static void offer(Delta *d, int kind, const limb *value, int L, int64_t edge, int blossom) {
    if (b_cmp(value, d->value, L) < 0) {
        d->kind = kind; b_copy(d->value, value, L); d->edge = edge; d->blossom = blossom;
    }
}

static int sorted_tops(Matcher *m, ivec *out) {
    out->len = 0;
    for (Py_ssize_t i = 0; i < m->tops.len; i++) if (iv_push(out, m->tops.a[i]) < 0) return -1;
    qsort(out->a, (size_t)out->len, sizeof(int), cmp_int);
    return 0;
}

/* one dual step; 1 if the stage is over */
static int dual_step(Matcher *m) {
    int n = m->n, L = m->L, N = m->N;
    ivec all = {0, 0, 0}, s_tops = {0, 0, 0}, t_tops = {0, 0, 0}, free_now = {0, 0, 0};
    int over = 0;
    if (sorted_tops(m, &all) < 0) m->nomem = 1;
    for (Py_ssize_t i = 0; i < all.len; i++) {
        int b = all.a[i];
        if (m->bparent[b] == -1 && (b < n || m->bbase[b] >= 0)) {
            if (m->label[b] == OUTER) { if (iv_push(&s_tops, b) < 0) m->nomem = 1; }
            else if (m->label[b] == INNER) { if (iv_push(&t_tops, b) < 0) m->nomem = 1; }
        }
    }
    if (s_tops.len == 0) { over = 1; goto done; }
    Delta d;
    int have = 0, outer_other = 0;
    d.kind = 1; d.hit = -1; d.edge = -1; d.blossom = -1;
    for (Py_ssize_t i = 0; i < s_tops.len; i++) {
        int nl; const int *lv = leaves_of(m, s_tops.a[i], &nl);
        for (int q = 0; q < nl; q++) {
            int v = lv[q];
            int c = have ? b_cmp(DUAL(m, v), d.value, L) : -1;
            if (!have || c < 0 || (c == 0 && v < d.hit)) { have = 1; b_copy(d.value, DUAL(m, v), L); d.hit = v; }
            if (m->win && !m->win[v]) outer_other = 1;
        }
    }
    limb t[MAXL];
    if (m->win) {
        for (Py_ssize_t i = 0; i < s_tops.len; i++) {
            int nl; const int *lv = leaves_of(m, s_tops.a[i], &nl);
            for (int q = 0; q < nl; q++) {
                int v = lv[q];
                if (m->win[v] && !m->full[v]) {
                    if (!m->hasfarmin[v]) continue;
                    b_add(t, DUAL(m, v), m->farmin + (size_t)v * L, L);
                    b_sub(t, t, m->bdrop, L);
                    if (outer_other) b_shr1(t, t, L);
                    offer(&d, 5, t, L, -1, v);
                }
            }
        }
    }
    /* types 2, 3, 4 */
    {
        ivec fb = {0, 0, 0};
        for (Py_ssize_t i = 0; i < m->freebest.len; i++) if (iv_push(&fb, m->freebest.a[i]) < 0) m->nomem = 1;
        if (fb.len) qsort(fb.a, (size_t)fb.len, sizeof(int), cmp_int);
        for (Py_ssize_t i = 0; i < fb.len; i++) {
            int v = fb.a[i];
            if (m->bestedge[v] != -1 && m->label[m->inblossom[v]] == 0) {
                if (iv_push(&free_now, v) < 0) m->nomem = 1;
                offer(&d, 2, BSL(m, v), L, m->bestedge[v], -1);
            }
        }
        free(fb.a);
    }
    for (Py_ssize_t i = 0; i < s_tops.len; i++) {
        int b = s_tops.a[i];
        if (m->incomplete[b]) complete_best_edges(m, b, s_tops.a, s_tops.len);
        if (m->bestedge[b] != -1) {
            b_shr1(t, BSL(m, b), L);
            offer(&d, 3, t, L, m->bestedge[b], -1);
        }
    }
    for (Py_ssize_t i = 0; i < t_tops.len; i++) {
        int b = t_tops.a[i];
        if (b >= n) offer(&d, 4, DUAL(m, b), L, -1, b);
    }
    if (!b_iszero(d.value, L)) {
        m->moved = 1;
        if (outer_other) b_add(m->bdrop, m->bdrop, d.value, L);
    }
    /* apply */
    {
        const limb *dv = d.value;
        limb d2[MAXL];
        b_add(d2, dv, dv, L);
        for (Py_ssize_t i = 0; i < s_tops.len; i++) {
            int b = s_tops.a[i];
            if (b >= n) {
                int nl; const int *lv = leaves_of(m, b, &nl);
                for (int q = 0; q < nl; q++) b_sub(DUAL(m, lv[q]), DUAL(m, lv[q]), dv, L);
                b_add(DUAL(m, b), DUAL(m, b), dv, L);
            } else b_sub(DUAL(m, b), DUAL(m, b), dv, L);
            if (m->bestedge[b] != -1) b_sub(BSL(m, b), BSL(m, b), d2, L);
        }
        for (Py_ssize_t i = 0; i < free_now.len; i++) {
            int v = free_now.a[i];
            b_sub(BSL(m, v), BSL(m, v), dv, L);
        }
        for (Py_ssize_t i = 0; i < t_tops.len; i++) {
            int b = t_tops.a[i];
            if (b >= n) {
                int nl; const int *lv = leaves_of(m, b, &nl);
                for (int q = 0; q < nl; q++) b_add(DUAL(m, lv[q]), DUAL(m, lv[q]), dv, L);
                b_sub(DUAL(m, b), DUAL(m, b), dv, L);
            } else b_add(DUAL(m, b), DUAL(m, b), dv, L);
        }
    }
    /* act */
    if (d.kind == 1) {
        int hit = d.hit;
        int root = m->rootof[hit];
        if (m->mate[hit] != -1) augment_path(m, hit, -1);
        after_augment(m, &root, 1);
        over = 1;
    } else if (d.kind == 2) {
        int i = (int)(d.edge / N), j = (int)(d.edge % N);
        if (m->label[m->inblossom[i]] == 0) i = j;
        qpush(m, i);
    } else if (d.kind == 3) {
        qpush(m, (int)(d.edge / N));
    } else if (d.kind == 5) {
        m->full[d.blossom] = 1;
        qpush(m, d.blossom);
    } else {
        expand_blossom(m, d.blossom, 0);
    }
done:
    free(all.a); free(s_tops.a); free(t_tops.a); free(free_now.a);
    return over;
}

static void expand_zero_outer(Matcher *m) {
    int n = m->n;
    ivec all = {0, 0, 0};
    if (sorted_tops(m, &all) < 0) { m->nomem = 1; return; }
    for (Py_ssize_t i = 0; i < all.len; i++) {
        int b = all.a[i];
        if (b >= n && m->bparent[b] == -1 && m->bbase[b] >= 0 && m->label[b] == OUTER
            && b_iszero(DUAL(m, b), m->L))
            expand_blossom(m, b, 1);
    }
    free(all.a);
}

static void grow(Matcher *m) {
    for (;;) {
        while (m->qhead < m->queue.len) {
            int v = m->queue.a[m->qhead++];
            if (scan(m, v)) return;
            if (m->nomem) return;
        }
        if (dual_step(m)) return;
        if (m->nomem) return;
    }
}

static int run_stages(Matcher *m) {
    int n = m->n;
    /* Stage.__init__ */
    for (int i = 0; i < n; i++) m->rootof[i] = -1;
    for (Py_ssize_t i = 0; i < m->memroots.len; i++) {
        ivec *mv = &m->members[m->memroots.a[i]];
        free(mv->a); mv->a = NULL; mv->len = mv->cap = 0;
    }
    m->memroots.len = 0; m->memtotal = 0;
    m->exposed.len = 0;
    for (int v = 0; v < n; v++) if (m->alive[v] && m->mate[v] == -1) if (iv_push(&m->exposed, v) < 0) m->nomem = 1;
    memset(m->full, 0, (size_t)n);
    b_zero(m->bdrop, m->L);
    m->moved = 0;
    for (;;) {
        if (m->nomem) break;
        if (!start_stage(m)) {
            if (!m->ndeferred) break;
            memset(m->deferred, 0, (size_t)n); m->ndeferred = 0;
            continue;
        }
        grow(m);
        if (m->nomem) break;
        expand_zero_outer(m);
    }
    if (m->nomem) { PyErr_NoMemory(); return -1; }
    return 0;
}

/* ------------------------------------------------------------------ matcher-level helpers */
static int augment_tight(Matcher *m) {
    int n = m->n, N = m->N, L = m->L;
    char *visited = (char *)calloc((size_t)n + 1, 1);
    int *parent = (int *)malloc(sizeof(int) * ((size_t)n + 1));
    ivec stack = {0, 0, 0};
    if (!visited || !parent) { free(visited); free(parent); m->nomem = 1; return 0; }
    char *win = m->win;
    if (win) for (int v = 0; v < n; v++) if (!win[v]) visited[v] = 1;
    limb t[MAXL];
    int found = 0;
    for (int r = 0; r < n; r++) {
        if (visited[r] || m->mate[r] != -1 || !m->alive[r] || m->inblossom[r] != r
            || b_sign(DUAL(m, r), L) <= 0)
            continue;
        visited[r] = 1;
        stack.len = 0;
        if (iv_push(&stack, r) < 0) { m->nomem = 1; break; }
        int target = -1;
        while (stack.len && target < 0) {
            int v = stack.a[--stack.len];
            const limb *dv = DUAL(m, v);
            int len; const int32_t *row;
            if (win) { if (win[v]) { len = m->nearlen[v]; row = m->near[v]; } else { len = 0; row = NULL; } }
            else { len = m->ordlen[v]; row = m->ord[v]; }
            for (int q = 0; q < len; q++) {
                int u = row[q];
                if (u < 0) continue;
                if (visited[u] || m->inblossom[u] != u) continue;
                b_add(t, dv, DUAL(m, u), L);
                if (b_cmp(t, WT(m, v, u), L) != 0) continue;
                int64_t mu = m->mate[u];
                if (mu == -1) { visited[u] = 1; parent[u] = v; target = u; break; }
                int mm = (int)(mu % N);
                if (visited[mm] || m->inblossom[mm] != mm) continue;
                visited[u] = visited[mm] = 1;
                parent[u] = v;
                if (iv_push(&stack, mm) < 0) m->nomem = 1;
            }
        }
        if (target < 0) continue;
        found++;
        int u = target;
        for (;;) {
            int v = parent[u];
            int old = m->mate[v] != -1 ? (int)(m->mate[v] % N) : -1;
            m->mate[v] = (int64_t)v * N + u;
            m->mate[u] = (int64_t)u * N + v;
            if (v == r) break;
            u = old;
        }
    }
    free(visited); free(parent); free(stack.a);
    return found;
}

static void greedy(Matcher *m, const int *verts, int nv) {
    int N = m->N, L = m->L;
    limb t[MAXL];
    ivec tight = {0, 0, 0};
    for (int k = 0; k < nv; k++) {
        int v = verts[k];
        if (m->mate[v] != -1 || m->inblossom[v] != v || b_iszero(DUAL(m, v), L)) continue;
        const limb *dv = DUAL(m, v);
        tight.len = 0;
        for (int q = 0; q < m->ordlen[v]; q++) {
            int u = m->ord[v][q];
            if (u < 0 || m->inblossom[u] != u) continue;
            b_add(t, dv, DUAL(m, u), L);
            if (b_cmp(t, WT(m, v, u), L) == 0) if (iv_push(&tight, u) < 0) m->nomem = 1;
        }
        int done = 0;
        for (Py_ssize_t i = 0; i < tight.len; i++) {
            int u = tight.a[i];
            if (m->mate[u] == -1) {
                m->mate[v] = (int64_t)v * N + u; m->mate[u] = (int64_t)u * N + v;
                done = 1; break;
            }
        }
        if (done) continue;
        for (Py_ssize_t i = 0; i < tight.len && !done; i++) {
            int u = tight.a[i];
            int mm = (int)(m->mate[u] % N);
            if (m->inblossom[mm] != mm) continue;
            const limb *dm = DUAL(m, mm);
            for (int q = 0; q < m->ordlen[mm]; q++) {
                int x = m->ord[mm][q];
                if (x < 0) continue;
                if (x != v && m->mate[x] == -1 && m->inblossom[x] == x) {
                    b_add(t, dm, DUAL(m, x), L);
                    if (b_cmp(t, WT(m, mm, x), L) == 0) {
                        m->mate[v] = (int64_t)v * N + u; m->mate[u] = (int64_t)u * N + v;
                        m->mate[mm] = (int64_t)mm * N + x; m->mate[x] = (int64_t)x * N + mm;
                        done = 1; break;
                    }
                }
            }
        }
    }
    free(tight.a);
}

static void make_even(Matcher *m, int v) {
    int L = m->L;
    for (;;) {
        int b = m->inblossom[v];
        if (b == v) { b_addsmall(DUAL(m, v), 1, L); return; }
        while (m->bparent[b] != -1) b = m->bparent[b];
        if (b_iszero(DUAL(m, b), L)) { dissolve(m, b); continue; }
        int nl; const int *lv = leaves_of(m, b, &nl);
        for (int i = 0; i < nl; i++) b_addsmall(DUAL(m, lv[i]), 1, L);
        b_addsmall(DUAL(m, b), -1, L);
        return;
    }
}

static void fix_parity(Matcher *m) {
    int n = m->n, changed = 1;
    while (changed) {
        changed = 0;
        for (int v = 0; v < n; v++) {
            if (m->alive[v] && m->mate[v] == -1 && (DUAL(m, v)[0] & 1)) { make_even(m, v); changed = 1; }
        }
    }
}

static void clear_window(Matcher *m) {
    if (m->near) {
        for (int v = 0; v < m->n; v++) { free(m->near[v]); m->near[v] = NULL; m->nearlen[v] = 0; }
    }
    free(m->win); m->win = NULL;
    memset(m->hasfarmin, 0, (size_t)m->n);
}

/* ------------------------------------------------------------------ Python methods */
static int check_vertex(Matcher *m, long v) {
    if (v < 0 || v >= m->n) { PyErr_Format(PyExc_IndexError, "vertex %ld out of range", v); return -1; }
    return 0;
}

/* doubled weight of a Python int into out (L limbs); widens first if needed */
static int doubled(Matcher *m, PyObject *w, limb *out) {
    limb tmp[MAXL];
    if (to_limbs(m, w, tmp) < 0) return -1;
    b_shl1(out, tmp, m->L);
    return 0;
}

static int set_one(Matcher *m, int a, int b, PyObject *w, int *changed) {
    limb w2[MAXL];
    if (doubled(m, w, w2) < 0) return -1;
    int L = m->L;
    int has = has_edge(m, a, b);
    if (has) { if (b_cmp(WT(m, a, b), w2, L) == 0) return 0; }
    else if (b_iszero(w2, L)) return 0;
    *changed = 1;
    if (!b_iszero(w2, L)) return put_edge(m, a, b, w2);
    drop_edge(m, a, b);
    return 0;
}

static PyObject *M_set_weight(Matcher *m, PyObject *args) {
    long a, b; PyObject *w;
    if (!PyArg_ParseTuple(args, "llO", &a, &b, &w)) return NULL;
    if (check_vertex(m, a) < 0 || check_vertex(m, b) < 0) return NULL;
    if (a == b) { PyErr_SetString(PyExc_ValueError, "no loops"); return NULL; }
    int changed = 0;
    if (set_one(m, (int)a, (int)b, w, &changed) < 0) return NULL;
    if (changed) m->dirty[a] = 1;
    Py_RETURN_NONE;
}

static PyObject *M_set_row(Matcher *m, PyObject *args) {
    long a; PyObject *others, *weights;
    if (!PyArg_ParseTuple(args, "lOO", &a, &others, &weights)) return NULL;
    if (check_vertex(m, a) < 0) return NULL;
    PyObject *fo = PySequence_Fast(others, "others must be a sequence");
    if (!fo) return NULL;
    PyObject *fw = PySequence_Fast(weights, "weights must be a sequence");
    if (!fw) { Py_DECREF(fo); return NULL; }
    Py_ssize_t k = PySequence_Fast_GET_SIZE(fo);
    if (PySequence_Fast_GET_SIZE(fw) < k) k = PySequence_Fast_GET_SIZE(fw);
    int changed = 0;
    for (Py_ssize_t i = 0; i < k; i++) {
        long b = PyLong_AsLong(PySequence_Fast_GET_ITEM(fo, i));
        if (b == -1 && PyErr_Occurred()) goto fail;
        if (check_vertex(m, b) < 0) goto fail;
        if (set_one(m, (int)a, (int)b, PySequence_Fast_GET_ITEM(fw, i), &changed) < 0) goto fail;
    }
    Py_DECREF(fo); Py_DECREF(fw);
    if (changed) m->dirty[a] = 1;
    Py_RETURN_NONE;
fail:
    Py_DECREF(fo); Py_DECREF(fw);
    return NULL;
}

static PyObject *M_load(Matcher *m, PyObject *rows) {
    int n = m->n;
    for (int v = 0; v < n; v++) row_clear(m, v);
    memset(m->wid, 0, sizeof(int32_t) * (size_t)n * (size_t)n);
    m->tsize = 1; /* only the zero value */
    rehash(m);
    if (m->nomem) return PyErr_NoMemory();
    PyObject *it = PyObject_GetIter(rows);
    if (!it) return NULL;
    PyObject *row;
    int p = 0;
    while ((row = PyIter_Next(it)) != NULL) {
        if (p >= n) { Py_DECREF(row); break; }
        if (m->alive[p]) {
            PyObject *fr = PySequence_Fast(row, "rows must be sequences");
            if (!fr) { Py_DECREF(row); Py_DECREF(it); return NULL; }
            Py_ssize_t k = PySequence_Fast_GET_SIZE(fr);
            for (Py_ssize_t i = 0; i < k; i++) {
                PyObject *pair = PySequence_Fast_GET_ITEM(fr, i);
                if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
                    PyErr_SetString(PyExc_TypeError, "row items must be (vertex, weight)");
                    goto fail;
                }
                long o = PyLong_AsLong(PyTuple_GET_ITEM(pair, 0));
                if (o == -1 && PyErr_Occurred()) goto fail;
                if (check_vertex(m, o) < 0) goto fail;
                PyObject *w = PyTuple_GET_ITEM(pair, 1);
                int truth = PyObject_IsTrue(w);
                if (truth < 0) goto fail;
                if (truth && m->alive[o]) {
                    limb w2[MAXL];
                    if (doubled(m, w, w2) < 0) goto fail;
                    if (o == p) { PyErr_SetString(PyExc_ValueError, "no loops"); goto fail; }
                    if (put_edge(m, p, (int)o, w2) < 0) goto fail;
                }
            }
            Py_DECREF(fr);
            goto next;
        fail:
            Py_DECREF(fr); Py_DECREF(row); Py_DECREF(it);
            return NULL;
        }
    next:
        Py_DECREF(row);
        p++;
    }
    Py_DECREF(it);
    if (PyErr_Occurred()) return NULL;
    memset(m->dirty, 0, (size_t)n);
    m->fresh = 1;
    Py_RETURN_NONE;
}

/* load_sums: load() with weight(p, o) = left[p] + right[o] for each o of rows[p] (in order);
 * rows may be array('i') objects (read through the buffer protocol) or sequences of ints */
static int limbs_of_list(Matcher *m, PyObject *seq, limb **out) {
    PyObject *f = PySequence_Fast(seq, "terms must be a sequence");
    if (!f) return -1;
    if (PySequence_Fast_GET_SIZE(f) < m->n) {
        Py_DECREF(f); PyErr_SetString(PyExc_ValueError, "one term per vertex"); return -1;
    }
    limb tmp[MAXL];
    for (int v = 0; v < m->n; v++) {
        if (to_limbs(m, PySequence_Fast_GET_ITEM(f, v), tmp) < 0) { Py_DECREF(f); return -1; }
    }
    *out = (limb *)malloc(sizeof(limb) * ((size_t)m->n * (size_t)m->L + 1));
    if (!*out) { Py_DECREF(f); PyErr_NoMemory(); return -1; }
    for (int v = 0; v < m->n; v++) {
        if (py_to_limbs(PySequence_Fast_GET_ITEM(f, v), *out + (size_t)v * m->L, m->L) != 0) {
            Py_DECREF(f); free(*out); *out = NULL; return -1;
        }
    }
    Py_DECREF(f);
    return 0;
}

static int load_pair(Matcher *m, int p, long o, const limb *left, const limb *right) {
    int L = m->L;
    if (check_vertex(m, o) < 0) return -1;
    if (!m->alive[o]) return 0;
    limb w[MAXL], w2[MAXL];
    b_add(w, left + (size_t)p * L, right + (size_t)o * L, L);
    if (b_iszero(w, L)) return 0;
    if (o == p) { PyErr_SetString(PyExc_ValueError, "no loops"); return -1; }
    b_shl1(w2, w, L);
    return put_edge(m, p, (int)o, w2);
}

static PyObject *M_load_sums(Matcher *m, PyObject *args) {
    PyObject *rows, *lseq, *rseq;
    if (!PyArg_ParseTuple(args, "OOO", &rows, &lseq, &rseq)) return NULL;
    int n = m->n;
    limb *left = NULL, *right = NULL;
    /* both term lists first: converting may widen, and the sums need one more bit */
    if (limbs_of_list(m, lseq, &left) < 0) return NULL;
    if (limbs_of_list(m, rseq, &right) < 0) { free(left); return NULL; }
    int bits = 0;
    for (int v = 0; v < n; v++) {
        /* left was converted at a width that may since have grown: only its value matters */
        int b1 = b_bits(right + (size_t)v * m->L, m->L);
        if (b1 > bits) bits = b1;
    }
    free(left); free(right); left = right = NULL;
    if (limbs_of_list(m, lseq, &left) < 0) return NULL;
    for (int v = 0; v < n; v++) {
        int b1 = b_bits(left + (size_t)v * m->L, m->L);
        if (b1 > bits) bits = b1;
    }
    free(left); left = NULL;
    if (ensure_bits(m, bits + 1) < 0) return NULL;
    if (limbs_of_list(m, lseq, &left) < 0) return NULL;
    if (limbs_of_list(m, rseq, &right) < 0) { free(left); return NULL; }
    for (int v = 0; v < n; v++) row_clear(m, v);
    memset(m->wid, 0, sizeof(int32_t) * (size_t)n * (size_t)n);
    m->tsize = 1;
    rehash(m);
    PyObject *fr = PySequence_Fast(rows, "rows must be a sequence");
    if (!fr || m->nomem) { free(left); free(right); if (!fr) return NULL; return PyErr_NoMemory(); }
    Py_ssize_t k = PySequence_Fast_GET_SIZE(fr);
    if (k > n) k = n;
    for (Py_ssize_t p = 0; p < k; p++) {
        if (!m->alive[p]) continue;
        PyObject *row = PySequence_Fast_GET_ITEM(fr, p);
        Py_buffer view;
        if (PyObject_CheckBuffer(row) && PyObject_GetBuffer(row, &view, PyBUF_FORMAT | PyBUF_ND) == 0) {
            int ok = view.itemsize == 4 && view.format && strcmp(view.format, "i") == 0 && view.ndim == 1;
            if (!ok) {
                PyBuffer_Release(&view);
                PyErr_SetString(PyExc_TypeError, "row arrays must be array('i')");
                goto fail;
            }
            const int32_t *a = (const int32_t *)view.buf;
            Py_ssize_t cnt = view.len / 4;
            for (Py_ssize_t i = 0; i < cnt; i++) {
                if (load_pair(m, (int)p, a[i], left, right) < 0) { PyBuffer_Release(&view); goto fail; }
            }
            PyBuffer_Release(&view);
        } else {
            PyErr_Clear();
            PyObject *fs = PySequence_Fast(row, "rows must be sequences of vertices");
            if (!fs) goto fail;
            Py_ssize_t cnt = PySequence_Fast_GET_SIZE(fs);
            for (Py_ssize_t i = 0; i < cnt; i++) {
                long o = PyLong_AsLong(PySequence_Fast_GET_ITEM(fs, i));
                if ((o == -1 && PyErr_Occurred()) || load_pair(m, (int)p, o, left, right) < 0) { Py_DECREF(fs); goto fail; }
            }
            Py_DECREF(fs);
        }
    }
    Py_DECREF(fr); free(left); free(right);
    memset(m->dirty, 0, (size_t)n);
    m->fresh = 1;
    Py_RETURN_NONE;
fail:
    Py_DECREF(fr); free(left); free(right);
    return NULL;
}

static int read_potentials(Matcher *m, PyObject *pot) {
    PyObject *f = PySequence_Fast(pot, "potentials must be a sequence");
    if (!f) return -1;
    if (PySequence_Fast_GET_SIZE(f) < m->n) {
        Py_DECREF(f); PyErr_SetString(PyExc_ValueError, "one potential per vertex"); return -1;
    }
    for (int v = 0; v < m->n; v++) {
        limb tmp_[MAXL];
        if (to_limbs(m, PySequence_Fast_GET_ITEM(f, v), tmp_) < 0) { Py_DECREF(f); return -1; }
    }
    if (!m->pot) {
        m->pot = (limb *)malloc(sizeof(limb) * ((size_t)m->n * (size_t)m->L + 1));
        if (!m->pot) { Py_DECREF(f); PyErr_NoMemory(); return -1; }
    }
    for (int v = 0; v < m->n; v++) {
        if (py_to_limbs(PySequence_Fast_GET_ITEM(f, v), m->pot + (size_t)v * m->L, m->L) != 0) {
            Py_DECREF(f); return -1;
        }
    }
    Py_DECREF(f);
    return 0;
}

static PyObject *M_restart(Matcher *m, PyObject *pot) {
    if (read_potentials(m, pot) < 0) return NULL;
    m->haspot = 1;
    m->fresh = 1;
    Py_RETURN_NONE;
}

static PyObject *M_remove_vertex(Matcher *m, PyObject *arg) {
    long v = PyLong_AsLong(arg);
    if (v == -1 && PyErr_Occurred()) return NULL;
    if (check_vertex(m, v) < 0) return NULL;
    free_vertex(m, (int)v);
    if (m->mate[v] != -1) {
        int u = (int)(m->mate[v] % m->N);
        m->mate[u] = -1; m->mate[v] = -1;
    }
    for (int i = 0; i < m->ordlen[v]; i++) {
        int u = m->ord[v][i];
        if (u < 0) continue;
        row_remove(m, u, (int)v);
        m->wid[(size_t)v * m->n + u] = m->wid[(size_t)u * m->n + v] = 0;
    }
    row_clear(m, (int)v);
    m->alive[v] = 0;
    b_zero(DUAL(m, v), m->L);
    m->dirty[v] = 0;
    Py_RETURN_NONE;
}

static PyObject *M_restart_group(Matcher *m, PyObject *args) {
    PyObject *group, *pot;
    if (!PyArg_ParseTuple(args, "OO", &group, &pot)) return NULL;
    if (m->fresh) return M_restart(m, pot);
    int n = m->n, N = m->N, L = m->L;
    PyObject *fg = PySequence_Fast(group, "group must be a sequence");
    if (!fg) return NULL;
    Py_ssize_t k = PySequence_Fast_GET_SIZE(fg);
    ivec members = {0, 0, 0};
    for (Py_ssize_t i = 0; i < k; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fg, i));
        if ((v == -1 && PyErr_Occurred()) || check_vertex(m, v) < 0) { Py_DECREF(fg); free(members.a); return NULL; }
        if (m->alive[v]) if (iv_push(&members, (int)v) < 0) { Py_DECREF(fg); free(members.a); return PyErr_NoMemory(); }
    }
    Py_DECREF(fg);
    /* read the potentials first (may widen) */
    PyObject *fp = PySequence_Fast(pot, "potentials must be a sequence");
    if (!fp) { free(members.a); return NULL; }
    if (PySequence_Fast_GET_SIZE(fp) < n) { Py_DECREF(fp); free(members.a); PyErr_SetString(PyExc_ValueError, "one potential per vertex"); return NULL; }
    for (Py_ssize_t i = 0; i < members.len; i++) {
        limb tmp_[MAXL];
        if (to_limbs(m, PySequence_Fast_GET_ITEM(fp, members.a[i]), tmp_) < 0) { Py_DECREF(fp); free(members.a); return NULL; }
    }
    L = m->L;
    limb *pv = (limb *)malloc(sizeof(limb) * ((size_t)members.len * (size_t)L + 1));
    if (!pv) { Py_DECREF(fp); free(members.a); return PyErr_NoMemory(); }
    for (Py_ssize_t i = 0; i < members.len; i++) {
        if (py_to_limbs(PySequence_Fast_GET_ITEM(fp, members.a[i]), pv + (size_t)i * L, L) != 0) {
            Py_DECREF(fp); free(members.a); free(pv); return NULL;
        }
    }
    Py_DECREF(fp);
    /* _release */
    for (Py_ssize_t i = 0; i < members.len; i++) {
        int v = members.a[i];
        while (m->inblossom[v] != v) dissolve(m, top_of(m, v));
    }
    char *side = (char *)calloc((size_t)n + 1, 1);
    if (!side) { free(members.a); free(pv); return PyErr_NoMemory(); }
    for (Py_ssize_t i = 0; i < members.len; i++) side[members.a[i]] = 1;
    for (Py_ssize_t i = 0; i < members.len; i++) {
        int v = members.a[i];
        if (m->mate[v] != -1) {
            int u = (int)(m->mate[v] % N);
            m->mate[u] = -1; m->mate[v] = -1;
            if (!side[u] && !m->deferred[u]) { m->deferred[u] = 1; m->ndeferred++; }
        }
    }
    for (Py_ssize_t i = 0; i < members.len; i++) {
        int v = members.a[i];
        b_copy(DUAL(m, v), pv + (size_t)i * L, L);
        b_max0(DUAL(m, v), L);
    }
    free(pv);
    /* _raise_and_split */
    clear_window(m);
    limb t[MAXL], fm[MAXL];
    for (Py_ssize_t i = 0; i < members.len; i++) {
        int v = members.a[i];
        limb *dv = DUAL(m, v);
        int hasfm = 0;
        int32_t *nr = (int32_t *)malloc(sizeof(int32_t) * ((size_t)m->cnt[v] + 1));
        if (!nr) { free(side); free(members.a); return PyErr_NoMemory(); }
        int nn = 0;
        for (int q = 0; q < m->ordlen[v]; q++) {
            int u = m->ord[v][q];
            if (u < 0) continue;
            const limb *du = DUAL(m, u), *w2 = WT(m, v, u);
            b_add(t, dv, du, L);
            if (b_cmp(t, w2, L) < 0) b_sub(dv, w2, du, L);
            if (side[u]) nr[nn++] = u;
            else {
                b_sub(t, du, w2, L);
                if (!hasfm || b_cmp(t, fm, L) < 0) { b_copy(fm, t, L); hasfm = 1; }
            }
        }
        m->near[v] = nr; m->nearlen[v] = nn;
        if (hasfm) { b_copy(m->farmin + (size_t)v * L, fm, L); m->hasfarmin[v] = 1; }
    }
    /* _match_tight */
    for (Py_ssize_t i = 0; i < members.len; i++) {
        int v = members.a[i];
        if (m->mate[v] != -1) continue;
        const limb *dv = DUAL(m, v);
        for (int q = 0; q < m->ordlen[v]; q++) {
            int u = m->ord[v][q];
            if (u < 0) continue;
            if (m->mate[u] == -1 && m->inblossom[u] == u) {
                b_add(t, dv, DUAL(m, u), L);
                if (b_cmp(t, WT(m, v, u), L) == 0) {
                    m->mate[v] = (int64_t)v * N + u; m->mate[u] = (int64_t)u * N + v;
                    break;
                }
            }
        }
    }
    for (Py_ssize_t i = 0; i < members.len; i++) m->dirty[members.a[i]] = 0;
    free(members.a);
    m->win = side;
    Py_RETURN_NONE;
}

static PyObject *M_solve(Matcher *m, PyObject *unused) {
    (void)unused;
    int n = m->n, N = m->N;
    if (m->fresh) {
        if (reset_state(m) < 0) return NULL;
        m->fresh = 0;
    } else {
        int *freed = (int *)malloc(sizeof(int) * ((size_t)n + 1));
        int *partners = (int *)malloc(sizeof(int) * ((size_t)n + 1));
        if (!freed || !partners) { free(freed); free(partners); return PyErr_NoMemory(); }
        int nf = 0, np = 0;
        for (int v = 0; v < n; v++) if (m->dirty[v] && m->alive[v]) freed[nf++] = v;
        for (int i = 0; i < nf; i++) if (m->mate[freed[i]] != -1) partners[np++] = (int)(m->mate[freed[i]] % N);
        for (int i = 0; i < nf; i++) free_vertex(m, freed[i]);
        memset(m->dirty, 0, (size_t)n);
        greedy(m, freed, nf);
        if (nf >= DEFER_MIN) {
            char *inside = (char *)calloc((size_t)n + 1, 1);
            if (!inside) { free(freed); free(partners); return PyErr_NoMemory(); }
            for (int i = 0; i < nf; i++) inside[freed[i]] = 1;
            for (int i = 0; i < np; i++) {
                int u = partners[i];
                if (m->mate[u] == -1 && !inside[u] && !m->deferred[u]) { m->deferred[u] = 1; m->ndeferred++; }
            }
            free(inside);
        }
        free(freed); free(partners);
    }
    fix_parity(m);
    int rc = run_stages(m);
    clear_window(m);
    if (rc < 0) return NULL;
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int v = 0; v < n; v++) {
        PyObject *x = PyLong_FromLong(m->mate[v] != -1 ? (long)(m->mate[v] % N) : -1L);
        if (!x) { Py_DECREF(out); return NULL; }
        PyList_SET_ITEM(out, v, x);
    }
    return out;
}

static PyObject *M_limbs(Matcher *m, PyObject *unused) {
    (void)unused;
    return PyLong_FromLong(m->L);
}

static void M_dealloc(Matcher *m) {
    int n = m->n;
    free_state(m);
    if (m->ord) for (int v = 0; v < n; v++) free(m->ord[v]);
    if (m->near) for (int v = 0; v < n; v++) free(m->near[v]);
    if (m->members) for (int v = 0; v < n; v++) free(m->members[v].a);
    free(m->ord); free(m->ordlen); free(m->ordcap); free(m->cnt); free(m->pos); free(m->wt); free(m->wid); free(m->hslot);
    free(m->alive); free(m->dirty); free(m->deferred); free(m->win); free(m->near); free(m->nearlen);
    free(m->farmin); free(m->hasfarmin); free(m->pot); free(m->mate); free(m->label);
    free(m->labelend); free(m->inblossom); free(m->bparent); free(m->bbase); free(m->bestedge);
    free(m->unused); free(m->selfidx); free(m->dual); free(m->bslack); free(m->rootof);
    free(m->members); free(m->memroots.a); free(m->touchedf); free(m->touched.a); free(m->topsf);
    free(m->tops.a); free(m->freef); free(m->freebest.a); free(m->incomplete); free(m->full); free(m->seenf);
    free(m->queue.a); free(m->exposed.a);
    Py_TYPE(m)->tp_free((PyObject *)m);
}

static int M_init(Matcher *m, PyObject *args, PyObject *kw) {
    long n;
    static char *kwlist[] = {"n", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kw, "l", kwlist, &n)) return -1;
    if (n < 0 || n > 46000) { PyErr_SetString(PyExc_ValueError, "vertex count out of range"); return -1; }
    if (m->ord) { PyErr_SetString(PyExc_RuntimeError, "already initialised"); return -1; }
    m->n = (int)n; m->N = n > 0 ? (int)n : 1; m->L = 2;
    size_t nn = (size_t)n + 1, n2 = 2 * (size_t)n + 1;
    m->tcap = 1024; m->tsize = 1;
    m->wt = (limb *)calloc((size_t)m->tcap * (size_t)m->L + 1, sizeof(limb));
    m->wid = (int32_t *)calloc((size_t)n * (size_t)n + 1, sizeof(int32_t));
    m->pos = (int32_t *)malloc(sizeof(int32_t) * ((size_t)n * (size_t)n + 1));
    m->ord = (int32_t **)calloc(nn, sizeof(int32_t *));
    m->ordlen = (int32_t *)calloc(nn, sizeof(int32_t));
    m->ordcap = (int32_t *)calloc(nn, sizeof(int32_t));
    m->cnt = (int32_t *)calloc(nn, sizeof(int32_t));
    m->alive = (char *)malloc(nn); m->dirty = (char *)calloc(nn, 1); m->deferred = (char *)calloc(nn, 1);
    m->near = (int32_t **)calloc(nn, sizeof(int32_t *)); m->nearlen = (int32_t *)calloc(nn, sizeof(int32_t));
    m->farmin = (limb *)calloc(nn * (size_t)m->L, sizeof(limb)); m->hasfarmin = (char *)calloc(nn, 1);
    m->mate = (int64_t *)malloc(sizeof(int64_t) * nn);
    m->label = (int *)malloc(sizeof(int) * n2); m->labelend = (int64_t *)malloc(sizeof(int64_t) * n2);
    m->inblossom = (int *)malloc(sizeof(int) * nn); m->bparent = (int *)malloc(sizeof(int) * n2);
    m->bbase = (int *)malloc(sizeof(int) * n2); m->bestedge = (int64_t *)malloc(sizeof(int64_t) * n2);
    m->unused = (int *)malloc(sizeof(int) * n2); m->selfidx = (int *)malloc(sizeof(int) * nn);
    m->dual = (limb *)calloc(n2 * (size_t)m->L, sizeof(limb));
    m->bslack = (limb *)calloc(n2 * (size_t)m->L, sizeof(limb));
    m->rootof = (int *)malloc(sizeof(int) * nn);
    m->members = (ivec *)calloc(nn, sizeof(ivec));
    m->touchedf = (char *)calloc(n2, 1); m->topsf = (char *)calloc(n2, 1); m->freef = (char *)calloc(n2, 1);
    m->incomplete = (char *)calloc(n2, 1); m->full = (char *)calloc(nn, 1); m->seenf = (char *)calloc(nn, 1);
    if (!m->wt || !m->wid || !m->pos || !m->ord || !m->ordlen || !m->ordcap || !m->cnt || !m->alive || !m->dirty
        || !m->deferred || !m->near || !m->nearlen || !m->farmin || !m->hasfarmin || !m->mate || !m->label
        || !m->labelend || !m->inblossom || !m->bparent || !m->bbase || !m->bestedge || !m->unused
        || !m->selfidx || !m->dual || !m->bslack || !m->rootof || !m->members || !m->touchedf
        || !m->topsf || !m->freef || !m->incomplete || !m->full || !m->seenf) {
        PyErr_NoMemory();
        return -1;
    }
    for (size_t i = 0; i < (size_t)n * (size_t)n; i++) m->pos[i] = -1;
    rehash(m);
    if (m->nomem) { PyErr_NoMemory(); return -1; }
    memset(m->alive, 1, nn);
    for (long i = 0; i < n; i++) m->selfidx[i] = (int)i;
    m->fresh = 1;
    if (reset_state(m) < 0) return -1;
    return 0;
}

static PyMethodDef M_methods[] = {
    {"set_weight", (PyCFunction)M_set_weight, METH_VARARGS, "Set the weight of edge a-b (0 removes it)."},
    {"set_row", (PyCFunction)M_set_row, METH_VARARGS, "set_weight for a and each others[i]."},
    {"load", (PyCFunction)M_load, METH_O, "Replace all weights of living vertices at once."},
    {"load_sums", (PyCFunction)M_load_sums, METH_VARARGS, "load() with weight(p, o) = left[p] + right[o]."},
    {"restart", (PyCFunction)M_restart, METH_O, "Start the next solve afresh from these duals."},
    {"restart_group", (PyCFunction)M_restart_group, METH_VARARGS, "Restart only a group's vertices."},
    {"remove_vertex", (PyCFunction)M_remove_vertex, METH_O, "Take a vertex out for good."},
    {"solve", (PyCFunction)M_solve, METH_NOARGS, "Optimal matching: partner or -1 per vertex."},
    {"limbs", (PyCFunction)M_limbs, METH_NOARGS, "Current width of weights in 64-bit limbs."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject MatcherType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "core.pairing.matching._native.Matcher",
    .tp_basicsize = sizeof(Matcher),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The incremental maximum-weight matcher, compiled (same results as the Python one).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)M_init,
    .tp_dealloc = (destructor)M_dealloc,
    .tp_methods = M_methods,
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "_native", "Compiled core of the incremental matcher.", -1, NULL,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__native(void) {
    uint16_t probe = 1;
    if (*(unsigned char *)&probe != 1) {
        PyErr_SetString(PyExc_ImportError, "the native matcher needs a little-endian machine");
        return NULL;
    }
    if (PyType_Ready(&MatcherType) < 0) return NULL;
    PyObject *mod = PyModule_Create(&moduledef);
    if (!mod) return NULL;
    Py_INCREF(&MatcherType);
    if (PyModule_AddObject(mod, "Matcher", (PyObject *)&MatcherType) < 0) {
        Py_DECREF(&MatcherType); Py_DECREF(mod); return NULL;
    }
    return mod;
}
