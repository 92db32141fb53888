/* Prepared statements kept per PostgreSQL connection (pg_x): a statement text is parsed and
 * planned by the server once per connection instead of on every call (the verdict's and the
 * submit's CTE statements cost more to plan than to run). Entries are keyed by connection,
 * its backend's pid and the text, so a connection that was reset (PQreset: a new backend,
 * which has none of the old statements) simply prepares again. Statements whose plan
 * depends on their values (LIMIT, ORDER BY) are left unprepared. Bounded: at most
 * PG_STMT_PER_CONN texts a connection (listings with filters vary their text); beyond, and
 * whenever preparing fails, the text runs unprepared as before. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "store_pg_int.h"

#define PG_STMT_SLOTS 2048
#define PG_STMT_PER_CONN 64

typedef struct pg_stmt {
    const PGconn *c;            /* NULL: free */
    int pid;                    /* the backend that holds the statement */
    unsigned long long hash;
    char *sql;
    char name[24];
} pg_stmt_t;

static pg_stmt_t cache[PG_STMT_SLOTS];
static pthread_mutex_t cache_mu = PTHREAD_MUTEX_INITIALIZER;

static unsigned long long fnv1a(const char *s)
{
    unsigned long long h = 1469598103934665603ULL;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h;
}

/* The prepared name of sql on c (copied into name), 1; or 0 when it must be prepared first
 * (*free_slot: where to record it, -1 when c has its share already). Under cache_mu. */
static int lookup(const PGconn *c, int pid, unsigned long long h, const char *sql, char name[24],
                  int *free_slot)
{
    int mine = 0;
    *free_slot = -1;
    for (int i = 0; i < PG_STMT_SLOTS; i++) {
        pg_stmt_t *e = &cache[i];
        if (e->c == c && e->pid != pid) {
            /* left by the connection's previous backend: gone with it */
            free(e->sql);
            memset(e, 0, sizeof *e);
        }
        if (!e->c) {
            if (*free_slot < 0)
                *free_slot = i;
            continue;
        }
        if (e->c != c)
            continue;
        mine++;
        if (e->hash == h && strcmp(e->sql, sql) == 0) {
            memcpy(name, e->name, sizeof e->name);
            return 1;
        }
    }
    if (mine >= PG_STMT_PER_CONN)
        *free_slot = -1;
    return 0;
}

/* Statements whose best plan depends on their values are not prepared: after five runs
 * PostgreSQL may settle on a generic plan, and for a LIMIT or an ORDER BY (the job claims,
 * the listings) a generic plan can sort or join a whole table where the values' plan reads
 * a few rows from an index. Unprepared, they are planned for their values on every call. */
static int plan_depends_on_values(const char *sql)
{
    return strstr(sql, "LIMIT") || strstr(sql, "ORDER BY") || strstr(sql, "OFFSET");
}

/* See store_pg_int.h. */
PGresult *pg_exec_cached(PGconn *c, const char *sql, int n, const char *const *vals,
                         const int *lens, const int *fmts, int binary_result)
{
    char name[24];
    int pid = PQbackendPID(c), slot, found;
    unsigned long long h = fnv1a(sql);
    pthread_mutex_lock(&cache_mu);
    found = lookup(c, pid, h, sql, name, &slot);
    pthread_mutex_unlock(&cache_mu);
    if (found)
        return PQexecPrepared(c, name, n, vals, lens, fmts, binary_result);
    if (slot < 0 || pid == 0 || plan_depends_on_values(sql))
        return PQexecParams(c, sql, n, NULL, vals, lens, fmts, binary_result);
    /* a name never used before: a statement prepared earlier whose entry was not kept must
     * not make this PREPARE fail (inside a transaction that failure would abort it) */
    static unsigned long long seq;
    snprintf(name, sizeof name, "einv_%llu", __atomic_add_fetch(&seq, 1, __ATOMIC_RELAXED));
    PGresult *p = PQprepare(c, name, sql, n, NULL);
    int ok = pg_ok(p);
    PQclear(p);
    if (!ok)    /* an aborted transaction or an error in sql: run it as before to report it */
        return PQexecParams(c, sql, n, NULL, vals, lens, fmts, binary_result);
    char *copy = strdup(sql);
    pthread_mutex_lock(&cache_mu);
    /* the slot found free may have been taken meanwhile (by another connection's thread) */
    for (int i = 0; copy && i < PG_STMT_SLOTS; i++) {
        int k = (slot + i) % PG_STMT_SLOTS;
        if (!cache[k].c) {
            cache[k] = (pg_stmt_t){c, pid, h, copy, ""};
            memcpy(cache[k].name, name, sizeof name);
            copy = NULL;
        }
    }
    pthread_mutex_unlock(&cache_mu);
    free(copy);
    return PQexecPrepared(c, name, n, vals, lens, fmts, binary_result);
}

/* See store_pg_int.h. */
void pg_stmt_forget(const PGconn *c)
{
    pthread_mutex_lock(&cache_mu);
    for (int i = 0; i < PG_STMT_SLOTS; i++)
        if (cache[i].c == c) {
            free(cache[i].sql);
            memset(&cache[i], 0, sizeof cache[i]);
        }
    pthread_mutex_unlock(&cache_mu);
}
