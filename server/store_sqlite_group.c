/* Group commit on SQLite: the writes of concurrent submits and verdicts share one
 * transaction and one fsync. Callers queue their writes; one committer thread (started on
 * the first write) takes everything queued (up to SQ_GROUP_MAX), runs each write in a
 * SAVEPOINT of one BEGIN IMMEDIATE transaction (a failing write is undone alone) on its own
 * connection, and commits once (synchronous=FULL when the group holds a durable write: a
 * submit). Writes queued while it commits form the next group, so the group grows with the
 * load and a lone write commits at once.
 *
 * A submit returns only after the commit that holds its write (so a 202 is sent after the
 * invoice is durable), or with EINV_ERR when that commit failed (then nothing of the group
 * was written). A verdict does not wait (sq_group_write_async): the worker validates the
 * next job while its verdict is committed, and learns the outcome in a callback (a verdict
 * lost to a failed commit leaves its job leased: it runs again when the lease runs out).
 * Quotas stay exact: the writes of a group run one after another inside the transaction,
 * each reading the counters the previous one left. */
#include <stdlib.h>
#include "store_sqlite_int.h"

/* Writes per group: bounds the time a transaction holds the write lock (~20 µs each). */
#define SQ_GROUP_MAX 256
/* Writes queued without a waiting caller (verdicts): each holds its verdict's JSON. */
#define SQ_ASYNC_MAX 1024
/* ... and the bytes they hold at most (large invoices' canonical JSON): one beyond it waits */
#define SQ_ASYNC_MAX_BYTES (64u << 20)

typedef struct sq_gop {
    sq_group_fn fn;
    void *arg;
    int durable;
    int rc;
    int done;
    struct sq_gop *next;
    void (*after)(int rc, void *arg);   /* set: nobody waits (sq_group_write_async) */
    size_t bytes;                       /* what an async write holds (SQ_ASYNC_MAX_BYTES) */
    /* the waiting caller's own condition: the committer wakes the callers of its group
     * only, not every caller queued (at 64 connections, most wait for the next group) */
    pthread_cond_t *wake;
} sq_gop_t;

/* The writes of a group inside one transaction on db. Without savepoints (the usual case):
 * a write that fails without having changed a row (a quota refusal, a verdict whose claim
 * was lost) needs no undo, and one that fails after changing rows makes the pass answer
 * SQ_PASS_RETRY, so that the group is rolled back and run again with each write in its own
 * savepoint, where such a write is undone alone. A savepoint per write costs: SQLite copies
 * every page a write touches into the statement journal first. */
enum { SQ_PASS_OK, SQ_PASS_FAILED, SQ_PASS_RETRY };
static int run_pass(sqlite3 *db, sq_gop_t *first, int savepoints)
{
    for (sq_gop_t *op = first; op; op = op->next) {
        /* sq_exec: prepared once per connection (the statement cache), not parsed per write */
        if (savepoints && sq_exec(db, "SAVEPOINT g", "") != SQLITE_DONE)
            return SQ_PASS_FAILED;
        sqlite3_int64 changes = sqlite3_total_changes64(db);
        op->rc = op->fn(db, op->arg);
        if (sqlite3_get_autocommit(db))
            return SQ_PASS_FAILED;      /* an I/O error ended the whole transaction */
        if (op->rc != EINV_OK && savepoints)
            sq_exec(db, "ROLLBACK TO g", "");
        else if (op->rc != EINV_OK && sqlite3_total_changes64(db) != changes)
            return SQ_PASS_RETRY;
        if (savepoints && sq_exec(db, "RELEASE g", "") != SQLITE_DONE)
            return SQ_PASS_FAILED;
    }
    return SQ_PASS_OK;
}

/* Run one group (the leader, without group_mu held) in one transaction, its writes without
 * savepoints unless one of them must be undone alone (run_pass). */
static void run_group(sq_store_t *s, sq_gop_t *first)
{
    sqlite3 *db = s->group_db;     /* only the leader uses it */
    sq_gop_t *op;
    int durable = 0, ok, held, pass = SQ_PASS_FAILED;
    for (op = first; op; op = op->next)
        durable |= op->durable;
    /* a group of verdicts only need not wait for the disk: in WAL mode it becomes durable
     * with the next synchronous commit, and losing it to a power cut only runs the jobs
     * again (their rows are still there); a group with a submit syncs (its 202 waits) */
    if (!durable)
        sq_exec(db, "PRAGMA synchronous=NORMAL", "");
    held = sq_begin(s, db) == EINV_OK;     /* the write mutex and a transaction */
    if (held && (pass = run_pass(db, first, 0)) == SQ_PASS_RETRY) {
        sq_rollback(s, db);
        held = sq_begin(s, db) == EINV_OK;
        pass = held ? run_pass(db, first, 1) : SQ_PASS_FAILED;
    }
    ok = held && pass == SQ_PASS_OK && sq_commit(s, db) == EINV_OK;
    if (held && pass != SQ_PASS_OK)
        sq_rollback(s, db);     /* also releases the mutex when an error ended the transaction */
    if (!durable)
        sq_exec(db, "PRAGMA synchronous=FULL", "");
    if (!ok) {
        store_log("sqlite: a group of writes could not be committed; each is answered with an error");
        for (op = first; op; op = op->next)
            op->rc = EINV_ERR;
    }
}

/* See store_sqlite_int.h. */
int sq_group_wal_hook(void *p, sqlite3 *db, const char *name, int frames)
{
    (void)db;
    (void)name;
    ((sq_store_t *)p)->group_wal_frames = frames;
    return SQLITE_OK;
}

/* Unlink up to SQ_GROUP_MAX queued writes, oldest first, and mark the group under way
 * (group_mu held, queue not empty). */
static sq_gop_t *take_group(sq_store_t *s)
{
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
    return first;
}

/* The committer: takes up to SQ_GROUP_MAX queued writes, oldest first, runs them as one
 * group, answers the waiting callers and runs the afters of the others; until stopped with
 * an empty queue. */
static void *committer(void *p)
{
    sq_store_t *s = p;
    pthread_mutex_lock(&s->group_mu);
    for (;;) {
        while (!s->group_head && !s->group_stop)
            pthread_cond_wait(&s->group_work, &s->group_mu);
        if (!s->group_head)
            break;
        sq_gop_t *first = take_group(s), *async = NULL, *op, *next;
        int k = 0;
        size_t bytes = 0;
        pthread_mutex_unlock(&s->group_mu);
        run_group(s, first);
        pthread_mutex_lock(&s->group_mu);
        /* a waiting caller's op lives on its stack: not touched once done is set */
        for (op = first; op; op = next) {
            next = op->next;
            if (op->after) {
                op->next = async;
                async = op;
                k++;
                bytes += op->bytes;
            } else {
                op->done = 1;
                if (op->wake)
                    pthread_cond_signal(op->wake);
            }
        }
        s->group_leader = 0;
        s->group_async_n -= k;
        s->group_async_bytes -= bytes;
        pthread_cond_broadcast(&s->group_cond);
        pthread_mutex_unlock(&s->group_mu);
        for (op = async; op; op = next) {
            next = op->next;
            op->after(op->rc, op->arg);
            free(op);
        }
        sq_checkpoint_due(s);   /* after the answers: nobody waits for it */
        pthread_mutex_lock(&s->group_mu);
    }
    pthread_mutex_unlock(&s->group_mu);
    return NULL;
}

/* Queue op (group_mu held) and make sure a committer runs it: 1, or 0 when the thread
 * cannot be started (the caller then commits the group itself). */
static int enqueue(sq_store_t *s, sq_gop_t *op)
{
    if (!s->group_started && !s->group_stop &&
        pthread_create(&s->group_thread, NULL, committer, s) == 0)
        s->group_started = 1;
    if (s->group_tail)
        s->group_tail->next = op;
    else
        s->group_head = op;
    s->group_tail = op;
    pthread_cond_signal(&s->group_work);
    return s->group_started;
}

/* Without the committer thread: the caller leads its own group (and any queued before). */
static void lead_inline(sq_store_t *s, sq_gop_t *me)
{
    while (!me->done) {
        if (s->group_leader) {
            pthread_cond_wait(&s->group_cond, &s->group_mu);
            continue;
        }
        sq_gop_t *first = take_group(s);
        pthread_mutex_unlock(&s->group_mu);
        run_group(s, first);
        sq_checkpoint_due(s);
        pthread_mutex_lock(&s->group_mu);
        for (sq_gop_t *op = first, *next; op; op = next) {
            next = op->next;
            op->done = 1;
            if (op->wake)
                pthread_cond_signal(op->wake);
            if (op->after) {    /* cannot happen: async writes need the committer */
                op->after(op->rc, op->arg);
                free(op);
            }
        }
        s->group_leader = 0;
        pthread_cond_broadcast(&s->group_cond);
    }
}

/* See store_sqlite_int.h. */
int sq_group_write(sq_store_t *s, sq_group_fn fn, void *arg, int durable)
{
    pthread_cond_t wake;
    sq_gop_t me = {fn, arg, durable, EINV_ERR, 0, NULL, NULL, 0, &wake};
    pthread_cond_init(&wake, NULL);
    pthread_mutex_lock(&s->group_mu);
    if (enqueue(s, &me)) {
        while (!me.done)
            pthread_cond_wait(&wake, &s->group_mu);
    } else {
        me.wake = NULL;     /* no committer: the callers take turns leading (group_cond) */
        lead_inline(s, &me);
    }
    pthread_mutex_unlock(&s->group_mu);
    pthread_cond_destroy(&wake);
    return me.rc;
}

/* See store_sqlite_int.h. */
void sq_group_write_async(sq_store_t *s, sq_group_fn fn, void *arg, size_t bytes,
                          void (*after)(int rc, void *arg))
{
    sq_gop_t *op = calloc(1, sizeof *op);
    if (!op) {
        /* no memory for the queue entry: write and wait, as a waiting caller does */
        after(sq_group_write(s, fn, arg, 0), arg);
        return;
    }
    *op = (sq_gop_t){fn, arg, 0, EINV_ERR, 0, NULL, after, bytes, NULL};
    pthread_mutex_lock(&s->group_mu);
    while (s->group_started && s->group_async_n > 0 &&
           (s->group_async_n >= SQ_ASYNC_MAX || s->group_async_bytes + bytes > SQ_ASYNC_MAX_BYTES))
        pthread_cond_wait(&s->group_cond, &s->group_mu);
    s->group_async_n++;
    s->group_async_bytes += bytes;
    if (!enqueue(s, op)) {
        /* no committer thread: commit it now, as a waiting caller would */
        op->after = NULL;
        lead_inline(s, op);
        s->group_async_n--;
        s->group_async_bytes -= bytes;
        pthread_mutex_unlock(&s->group_mu);
        after(op->rc, arg);
        free(op);
        return;
    }
    pthread_mutex_unlock(&s->group_mu);
}

/* See store_sqlite_int.h. */
void sq_group_stop(sq_store_t *s)
{
    pthread_mutex_lock(&s->group_mu);
    s->group_stop = 1;
    pthread_cond_signal(&s->group_work);
    int started = s->group_started;
    pthread_mutex_unlock(&s->group_mu);
    if (started)
        pthread_join(s->group_thread, NULL);
}
