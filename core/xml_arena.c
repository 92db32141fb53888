/* libxml2's allocations of a parse in chunks that are released at once (see xml_arena.h). */
#include "xml_arena.h"
#include <libxml/parser.h>
#include <libxml/xmlmemory.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define CACHE_BYTES ((size_t)32 << 20)   /* idle chunks kept mapped and warm */
#define CHUNK_SHIFT 20
#define CHUNK ((size_t)1 << CHUNK_SHIFT)
#define BIG (CHUNK / 4)            /* larger blocks get a mapping of their own */
#define NSLOTS ((uintptr_t)1 << 28) /* 1 MiB slots of a 48-bit address space */
#define HDR 64                      /* chunk header, keeps blocks 16-byte aligned */

typedef struct xa_chunk {
    struct xa_chunk *next, *prev;   /* the owner's chunks */
    size_t size;                    /* bytes mapped, a multiple of CHUNK */
    xa_arena *owner;
    int big;                        /* holds one large block */
} xa_chunk;

struct xa_arena {
    xa_chunk *chunks;
    unsigned char *ptr, *end;       /* free space of the newest regular chunk */
    unsigned char *last;            /* the newest block, which may grow in place */
    size_t bytes;
};

_Static_assert(sizeof(xa_chunk) <= HDR, "chunk header fits");

static _Atomic uint64_t *slot_bits;         /* one bit per MiB: part of an arena chunk */
static int enabled;
static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static xa_chunk *cache;                     /* idle chunks, pages still warm */
static size_t cache_bytes;
static __thread xa_arena *cur __attribute__((tls_model("initial-exec")));

int xa_owns(const void *p)
{
    uintptr_t s = (uintptr_t)p >> CHUNK_SHIFT;
    if (!slot_bits || s >= NSLOTS)
        return 0;
    return (int)((atomic_load_explicit(&slot_bits[s >> 6], memory_order_acquire) >> (s & 63)) & 1);
}

static void mark(xa_chunk *c, int on)
{
    uintptr_t s = (uintptr_t)c >> CHUNK_SHIFT, e = s + (c->size >> CHUNK_SHIFT);
    for (; s < e; s++) {
        uint64_t bit = (uint64_t)1 << (s & 63);
        if (on)
            atomic_fetch_or_explicit(&slot_bits[s >> 6], bit, memory_order_release);
        else
            atomic_fetch_and_explicit(&slot_bits[s >> 6], ~bit, memory_order_release);
    }
}

/* A CHUNK-aligned mapping of size bytes (a multiple of CHUNK), marked as arena memory. */
static xa_chunk *map_chunk(size_t size)
{
    unsigned char *m, *a;
    uintptr_t u;
    xa_chunk *c;
    if (size > SIZE_MAX - CHUNK)
        return NULL;
    m = mmap(NULL, size + CHUNK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
        return NULL;
    u = ((uintptr_t)m + CHUNK - 1) & ~(uintptr_t)(CHUNK - 1);
    a = (unsigned char *)u;
    if (a > m)
        munmap(m, (size_t)(a - m));
    munmap(a + size, (size_t)(m + size + CHUNK - (a + size)));
    if ((u >> CHUNK_SHIFT) + (size >> CHUNK_SHIFT) > NSLOTS) {
        munmap(a, size);
        return NULL;
    }
    c = (xa_chunk *)(void *)a;
    memset(c, 0, sizeof *c);
    c->size = size;
    mark(c, 1);
    return c;
}

static void unmap_chunk(xa_chunk *c)
{
    mark(c, 0);   /* before the addresses can be handed out by anyone else */
    munmap(c, c->size);
}

/* A chunk of at least size bytes: an idle one of at most twice that size (first touching
 * fresh pages costs the kernel a fault and a cleared page each), else a new mapping. */
static xa_chunk *take_chunk(size_t size)
{
    xa_chunk *c, **pp;
    pthread_mutex_lock(&cache_lock);
    for (pp = &cache; (c = *pp) != NULL; pp = &c->next)
        /* regular chunks must be exactly CHUNK: chunk_of() finds a block's header by
         * rounding its address down */
        if (size == CHUNK ? c->size == CHUNK : c->size >= size && c->size / 2 <= size) {
            *pp = c->next;
            cache_bytes -= c->size;
            break;
        }
    pthread_mutex_unlock(&cache_lock);
    if (!c)
        c = map_chunk(size);
    return c;
}

static void drop_chunk(xa_chunk *c)
{
    pthread_mutex_lock(&cache_lock);
    if (cache_bytes + c->size <= CACHE_BYTES) {
        c->next = cache;
        cache = c;
        cache_bytes += c->size;
        c = NULL;
    }
    pthread_mutex_unlock(&cache_lock);
    if (c)
        unmap_chunk(c);
}

static void link_chunk(xa_arena *a, xa_chunk *c, int big)
{
    c->owner = a;
    c->big = big;
    c->prev = NULL;
    c->next = a->chunks;
    if (a->chunks)
        a->chunks->prev = c;
    a->chunks = c;
    a->bytes += c->size;
}

static void *big_alloc(xa_arena *a, size_t n)
{
    size_t size;
    xa_chunk *c;
    if (n > SIZE_MAX - HDR - CHUNK)
        return NULL;
    size = (n + HDR + CHUNK - 1) & ~(CHUNK - 1);
    if (!(c = take_chunk(size)))
        return NULL;
    link_chunk(a, c, 1);
    return (unsigned char *)c + HDR;
}

/* A large block's mapping goes back at once when its own arena frees it (libxml2 grows
 * big text by realloc: without this a 50 MB text node would leave every smaller copy). */
static void big_release(xa_chunk *c)
{
    xa_arena *a = c->owner;
    if (c->prev)
        c->prev->next = c->next;
    else
        a->chunks = c->next;
    if (c->next)
        c->next->prev = c->prev;
    a->bytes -= c->size;
    drop_chunk(c);
}

/* A block's footprint: 16-byte aligned, at least 16 (malloc(0) is a unique pointer too). */
static size_t round16(size_t n) { return n ? (n + 15) & ~(size_t)15 : 16; }

static void *xa_alloc(xa_arena *a, size_t n)
{
    size_t r;
    unsigned char *p;
    if (n > BIG)
        return big_alloc(a, n);
    r = round16(n);
    if ((size_t)(a->end - a->ptr) < r) {
        xa_chunk *c = take_chunk(CHUNK);
        if (!c)
            return NULL;
        link_chunk(a, c, 0);
        a->ptr = (unsigned char *)c + HDR;
        a->end = (unsigned char *)c + c->size;
    }
    p = a->ptr;
    a->ptr += r;
    a->last = p;
    return p;
}

static xa_chunk *chunk_of(const void *p)
{
    return (xa_chunk *)((uintptr_t)p & ~(uintptr_t)(CHUNK - 1));
}

xa_arena *xa_current(void) { return cur; }
xa_arena *xa_owner_of(const void *p) { return chunk_of(p)->owner; }
int xa_cache_within_bound(void)
{
    size_t b;
    pthread_mutex_lock(&cache_lock);
    b = cache_bytes;
    pthread_mutex_unlock(&cache_lock);
    return b <= CACHE_BYTES;
}

/* ---- the functions libxml2 calls ------------------------------------------------------ */

static void *h_malloc(size_t n)
{
    xa_arena *a = cur;
    return a ? xa_alloc(a, n) : malloc(n);
}

static void h_free(void *p)
{
    if (!p)
        return;
    if (!xa_owns(p)) {
        free(p);
        return;
    }
    {
        xa_chunk *c = chunk_of(p);
        if (c->big && c->owner == cur)
            big_release(c);
    }
}

static void *h_realloc(void *p, size_t n)
{
    xa_arena *a = cur;
    xa_chunk *c;
    unsigned char *q;
    size_t limit;
    if (!p)
        return h_malloc(n);
    if (!xa_owns(p))
        return realloc(p, n);
    c = chunk_of(p);
    if (c->big) {
        if (n <= c->size - HDR)
            return p;
    } else if (a && c->owner == a && p == a->last && n <= BIG &&
               (size_t)(a->end - (unsigned char *)p) >= round16(n)) {
        a->ptr = (unsigned char *)p + round16(n);
        return p;
    }
    q = h_malloc(n);
    if (!q)
        return NULL;
    /* the old size is not recorded: copy what the new block holds, within the old chunk
     * (bytes past the old block are of no meaning but are readable) */
    limit = (size_t)((unsigned char *)c + c->size - (unsigned char *)p);
    memcpy(q, p, n < limit ? n : limit);
    if (c->big && c->owner == a)
        big_release(c);
    return q;
}

static char *h_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = h_malloc(n);
    if (p)
        memcpy(p, s, n);
    return p;
}

/* xa_configure's word; read once by init */
static int wanted = 1;

void xa_configure(int enabled_) { wanted = enabled_; }

static void init(void)
{
#ifdef XA_SANITIZED
    /* the sanitizer must see every allocation: the hooks stay unused */
    (void)h_free, (void)h_malloc, (void)h_realloc, (void)h_strdup, (void)wanted;
#else
    void *m;
    if (!wanted)
        return;
    m = mmap(NULL, NSLOTS / 8, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED)
        return;
    slot_bits = m;
    xmlInitParser();   /* global state first, on the C heap */
    if (xmlMemSetup(h_free, h_malloc, h_realloc, h_strdup) != 0)
        return;
    enabled = 1;
#endif
}

xa_arena *xa_arena_new(void)
{
    xa_chunk *c;
    xa_arena *a;
    pthread_once(&init_once, init);
    if (!enabled || !(c = take_chunk(CHUNK)))
        return NULL;
    a = (xa_arena *)(void *)((unsigned char *)c + HDR);
    memset(a, 0, sizeof *a);
    link_chunk(a, c, 0);
    a->ptr = (unsigned char *)c + HDR + ((sizeof *a + 15) & ~(size_t)15);
    a->end = (unsigned char *)c + c->size;
    return a;
}

xa_arena *xa_begin(xa_arena *a)
{
    xa_arena *prev = cur;
    cur = a;
    return prev;
}

void xa_end(xa_arena *previous) { cur = previous; }

void xa_arena_free(xa_arena *a)
{
    xa_chunk *c, *home;
    if (!a)
        return;
    home = chunk_of(a);   /* holds a itself: goes last */
    for (c = a->chunks; c;) {
        xa_chunk *next = c->next;
        if (c != home)
            drop_chunk(c);
        c = next;
    }
    if (cur == a)
        cur = NULL;
    drop_chunk(home);
}

size_t xa_arena_bytes(const xa_arena *a) { return a ? a->bytes : 0; }
