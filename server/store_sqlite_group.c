/* Group commit on SQLite: the writes of concurrent submits and verdicts share one
 * transaction and one fsync. A caller queues its write and waits; whoever finds no commit
 * under way becomes the leader, takes everything queued (up to SQ_GROUP_MAX), runs each
 * write in a SAVEPOINT of one BEGIN IMMEDIATE transaction (a failing write is undone alone)
 * and commits once (synchronous=FULL when the group holds a durable write: a submit). Writes queued while it commits form the next
 * group, so the group grows with the load and a lone write commits at once.
 *
 * A caller returns only after the commit that holds its write (so a 202 is sent after the
 * invoice is durable), or with EINV_ERR when that commit failed (then nothing of the group
 * was written). Quotas stay exact: the writes of a group run one after another inside the
 * transaction, each reading the counters the previous one left. */
#include <stdlib.h>
#include "store_sqlite_int.h"

/* Writes per group: bounds the time a transaction holds the write lock (~20 µs each). */
#define SQ_GROUP_MAX 256

typedef struct sq_gop {
    sq_group_fn fn;
    void *arg;
    int durable;
    int rc;
    int done;
    struct sq_gop *next;
} sq_gop_t;

/* Run one group (the leader, without group_mu held): every write in its own savepoint. */
static void run_group(sq_store_t *s, sq_gop_t *first)
{
    sqlite3 *db = sq_acquire(s);
    sq_gop_t *op;
    int durable = 0, ok;
    for (op = first; op; op = op->next)
        durable |= op->durable;
    /* a group of verdicts only need not wait for the disk: in WAL mode it becomes durable
     * with the next synchronous commit, and losing it to a power cut only runs the jobs
     * again (their rows are still there); a group with a submit syncs (its 202 waits) */
    if (!durable)
        sqlite3_exec(db, "PRAGMA synchronous=NORMAL", NULL, NULL, NULL);
    ok = sq_begin(s, db) == EINV_OK;
    for (op = first; ok && op; op = op->next) {
        /* sq_exec: prepared once per connection (the statement cache), not parsed per write */
        if (sq_exec(db, "SAVEPOINT g", "") != SQLITE_DONE) {
            ok = 0;
            break;
        }
        op->rc = op->fn(db, op->arg);
        if (op->rc != EINV_OK)
            sq_exec(db, "ROLLBACK TO g", "");
        if (sq_exec(db, "RELEASE g", "") != SQLITE_DONE)
            ok = 0;
    }
    if (ok)
        ok = sq_commit(s, db) == EINV_OK;
    else if (!sqlite3_get_autocommit(db))
        sq_rollback(s, db);
    if (!durable)
        sqlite3_exec(db, "PRAGMA synchronous=FULL", NULL, NULL, NULL);
    sq_release(s, db);
    if (!ok) {
        store_log("sqlite: a group of writes could not be committed; each is answered with an error");
        for (op = first; op; op = op->next)
            op->rc = EINV_ERR;
    }
}

/* See store_sqlite_int.h. */
int sq_group_write(sq_store_t *s, sq_group_fn fn, void *arg, int durable)
{
    sq_gop_t me = {fn, arg, durable, EINV_ERR, 0, NULL};
    pthread_mutex_lock(&s->group_mu);
    if (s->group_tail)
        s->group_tail->next = &me;
    else
        s->group_head = &me;
    s->group_tail = &me;
    while (!me.done) {
        if (s->group_leader) {
            pthread_cond_wait(&s->group_cond, &s->group_mu);
            continue;
        }
        /* lead: take up to SQ_GROUP_MAX queued writes, oldest first (when more are queued
         * ahead of ours, ours is done by the next group) */
        sq_gop_t *first = s->group_head, *last = first;
        int n = 1;
        while (last->next && n < SQ_GROUP_MAX) {
            last = last->next;
            n++;
        }
        s->group_head = last->next;
        if (!s->group_head)
            s->group_tail = NULL;
        last->next = NULL;
        s->group_leader = 1;
        pthread_mutex_unlock(&s->group_mu);
        run_group(s, first);
        pthread_mutex_lock(&s->group_mu);
        for (sq_gop_t *op = first; op; op = op->next)
            op->done = 1;
        s->group_leader = 0;
        pthread_cond_broadcast(&s->group_cond);
    }
    pthread_mutex_unlock(&s->group_mu);
    return me.rc;
}
