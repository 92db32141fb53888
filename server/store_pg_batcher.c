/* The thread behind each of PostgreSQL's batchers (store_pg_submits.c, store_pg_verdicts.c):
 * started with the first item queued, stopped (after draining its queue) by pg_close. */
#include <pthread.h>
#include <stdlib.h>
#include "store_pg_int.h"

/* See store_pg_int.h. */
pg_batcher_t *pg_batcher_start(pg_batcher_t **slot, size_t size, void (*init)(pg_batcher_t *),
                               void *(*run)(void *), void *arg)
{
    static pthread_mutex_t start_mu = PTHREAD_MUTEX_INITIALIZER;
    pg_batcher_t *b;
    pthread_mutex_lock(&start_mu);
    if (!*slot && (b = calloc(1, size)) != NULL) {
        pthread_mutex_init(&b->mu, NULL);
        pthread_cond_init(&b->work, NULL);
        if (init)
            init(b);
        *slot = b;
        if (pthread_create(&b->thread, NULL, run, arg) != 0) {
            *slot = NULL;
            pthread_mutex_destroy(&b->mu);
            pthread_cond_destroy(&b->work);
            free(b);    /* init's objects are condition variables: nothing to release */
        }
    }
    b = *slot;
    pthread_mutex_unlock(&start_mu);
    return b;
}

/* See store_pg_int.h. */
void pg_batcher_stop(pg_batcher_t **slot, void (*fini)(pg_batcher_t *))
{
    pg_batcher_t *b = *slot;
    if (!b)
        return;
    pthread_mutex_lock(&b->mu);
    b->stop = 1;
    pthread_cond_signal(&b->work);
    pthread_mutex_unlock(&b->mu);
    pthread_join(b->thread, NULL);
    pthread_mutex_destroy(&b->mu);
    pthread_cond_destroy(&b->work);
    if (fini)
        fini(b);
    free(b);
    *slot = NULL;
}
