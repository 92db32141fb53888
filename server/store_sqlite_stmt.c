/* Prepared statements kept per SQLite connection: sq_exec and sq_scalar (the submit's and the
 * verdict's statements, the webhook events, the quota reads) used to parse their SQL on every
 * call, 15 % of einvoiced's CPU under load (docs/performance.md, "Throughput (issue 16)").
 * A statement is found by its connection and its text, reset and unbound after each use, and
 * finalized when its connection closes. The cache is bounded: when its slots for a text are
 * taken (many distinct texts), the statement is prepared and finalized as before.
 * A connection is used by one thread at a time (the pool), so a cached statement is never
 * in use twice; the table's mutex only guards the table. */
#include <stdint.h>
#include <string.h>
#include "store_sqlite_int.h"

#define CACHE_SLOTS 1024
#define CACHE_PROBE 16

typedef struct cached {
    sqlite3 *db;
    uint64_t hash;
    sqlite3_stmt *st;
    int busy;
} cached_t;

static cached_t cache[CACHE_SLOTS];
static pthread_mutex_t cache_mu = PTHREAD_MUTEX_INITIALIZER;

static uint64_t text_hash(const char *s)
{
    uint64_t h = 1469598103934665603ULL;    /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h;
}

static size_t slot_of(sqlite3 *db, uint64_t h)
{
    return (size_t)((h ^ ((uintptr_t)db * 0x9E3779B97F4A7C15ULL)) % CACHE_SLOTS);
}

/* See store_sqlite_int.h. */
sqlite3_stmt *sq_stmt_get(sqlite3 *db, const char *sql, int *slot)
{
    uint64_t h = text_hash(sql);
    size_t base = slot_of(db, h), i, free_slot = CACHE_SLOTS;
    sqlite3_stmt *st = NULL;
    *slot = -1;
    pthread_mutex_lock(&cache_mu);
    for (i = 0; i < CACHE_PROBE; i++) {
        cached_t *c = &cache[(base + i) % CACHE_SLOTS];
        if (!c->db) {
            if (free_slot == CACHE_SLOTS)
                free_slot = (base + i) % CACHE_SLOTS;
            continue;
        }
        if (c->db == db && c->hash == h && !c->busy && strcmp(sqlite3_sql(c->st), sql) == 0) {
            c->busy = 1;
            st = c->st;
            *slot = (int)((base + i) % CACHE_SLOTS);
            break;
        }
    }
    pthread_mutex_unlock(&cache_mu);
    if (st)
        return st;
    if (sqlite3_prepare_v3(db, sql, -1, free_slot < CACHE_SLOTS ? SQLITE_PREPARE_PERSISTENT : 0,
                           &st, NULL) != SQLITE_OK) {
        sqlite3_finalize(st);
        return NULL;
    }
    if (free_slot < CACHE_SLOTS) {
        pthread_mutex_lock(&cache_mu);
        if (!cache[free_slot].db) {     /* still free: another connection may have taken it */
            cache[free_slot] = (cached_t){db, h, st, 1};
            *slot = (int)free_slot;
        }
        pthread_mutex_unlock(&cache_mu);
    }
    return st;
}

/* See store_sqlite_int.h. */
void sq_stmt_put(sqlite3_stmt *st, int slot)
{
    if (!st)
        return;
    if (slot < 0) {
        sqlite3_finalize(st);
        return;
    }
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    pthread_mutex_lock(&cache_mu);
    cache[slot].busy = 0;
    pthread_mutex_unlock(&cache_mu);
}

/* See store_sqlite_int.h. */
void sq_stmt_drop(sqlite3 *db)
{
    pthread_mutex_lock(&cache_mu);
    for (size_t i = 0; i < CACHE_SLOTS; i++) {
        if (cache[i].db == db) {
            sqlite3_finalize(cache[i].st);
            memset(&cache[i], 0, sizeof cache[i]);
        }
    }
    pthread_mutex_unlock(&cache_mu);
}
