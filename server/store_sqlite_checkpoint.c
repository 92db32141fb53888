/* WAL checkpoints on SQLite, mostly off the committer's path. A checkpoint copies the WAL's
 * frames into the database file and syncs both: 5-8 ms for the ~1,000 frames of ~400
 * invoices (docs/performance.md, "Third round: SQLite"), and every submit that arrives
 * meanwhile waits for it when the committer does it. So a checkpointer thread with its own
 * connection does the copying once the WAL has grown by SQ_CKPT_FRAMES, while the committer
 * goes on. Such a checkpoint always lags the writer, and the WAL starts again from its
 * beginning only when a writer finds it wholly copied; so past SQ_CKPT_HARD frames the
 * committer checkpoints itself, between two groups: by then only the frames since the
 * checkpointer's last pass are left to copy, and the next group starts the WAL again. The
 * WAL thus stays below ~SQ_CKPT_HARD frames whatever the load. */
#include "store_sqlite_int.h"

/* frames after which the checkpointer is asked to copy (SQLite's automatic default) */
#define SQ_CKPT_FRAMES 1000
/* frames after which the committer checkpoints itself (bounds the WAL: ~32 MiB of 4 KiB pages) */
#define SQ_CKPT_HARD 8000

static void *checkpointer(void *p)
{
    sq_store_t *s = p;
    pthread_mutex_lock(&s->ckpt_mu);
    for (;;) {
        while (!s->ckpt_due && !s->ckpt_stop)
            pthread_cond_wait(&s->ckpt_cond, &s->ckpt_mu);
        if (s->ckpt_stop)
            break;
        s->ckpt_due = 0;
        pthread_mutex_unlock(&s->ckpt_mu);
        /* PASSIVE: copies what no reader still needs, never waits for readers or the writer */
        sqlite3_wal_checkpoint_v2(s->ckpt_db, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
        pthread_mutex_lock(&s->ckpt_mu);
    }
    pthread_mutex_unlock(&s->ckpt_mu);
    return NULL;
}

/* See store_sqlite_int.h. */
void sq_checkpointer_start(sq_store_t *s)
{
    pthread_mutex_init(&s->ckpt_mu, NULL);
    pthread_cond_init(&s->ckpt_cond, NULL);
    s->ckpt_init = 1;
    /* without its thread the committer checkpoints as before (sq_checkpoint_due) */
    s->ckpt_started = s->ckpt_db && pthread_create(&s->ckpt_thread, NULL, checkpointer, s) == 0;
}

/* See store_sqlite_int.h. */
void sq_checkpointer_stop(sq_store_t *s)
{
    if (!s->ckpt_init)
        return;
    if (s->ckpt_started) {
        pthread_mutex_lock(&s->ckpt_mu);
        s->ckpt_stop = 1;
        pthread_cond_signal(&s->ckpt_cond);
        pthread_mutex_unlock(&s->ckpt_mu);
        pthread_join(s->ckpt_thread, NULL);
        s->ckpt_started = 0;
    }
    pthread_mutex_destroy(&s->ckpt_mu);
    pthread_cond_destroy(&s->ckpt_cond);
    s->ckpt_init = 0;
}

/* See store_sqlite_int.h. */
void sq_checkpoint_due(sq_store_t *s)
{
    int frames = s->group_wal_frames;
    if (frames < SQ_CKPT_FRAMES)
        return;
    if (frames >= SQ_CKPT_HARD || !s->ckpt_started) {
        /* BUSY while the checkpointer runs: the next group tries again */
        if (sqlite3_wal_checkpoint_v2(s->group_db, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL) == SQLITE_OK)
            s->group_wal_frames = 0;
        return;
    }
    if (frames - s->ckpt_asked_at < SQ_CKPT_FRAMES && frames >= s->ckpt_asked_at)
        return;     /* asked for these already */
    s->ckpt_asked_at = frames;
    pthread_mutex_lock(&s->ckpt_mu);
    s->ckpt_due = 1;
    pthread_cond_signal(&s->ckpt_cond);
    pthread_mutex_unlock(&s->ckpt_mu);
}
