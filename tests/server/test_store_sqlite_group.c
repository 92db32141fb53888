/* SQLite's group commit (server/store_sqlite_group.c) runs the writes of a group without
 * savepoints, and runs the group again with one savepoint per write when a write failed after
 * it had changed rows. These tests make writes fail exactly there, with triggers the tests
 * add to the database (a submit's payload insert comes after its quota counters and its
 * invoice; a verdict's invoice update comes after its job's removal), among concurrent
 * writes that share groups with them: the failing ones must leave nothing behind (counters
 * exact, the job still there), the others must all be stored. */
#include <CUnit/Basic.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "store.h"
#include "store_int.h"
#include "tsupport.h"

#define PERIOD "2026-11"
#define FAIL_TYPE "application/x-fail-here"
#define FAIL_NUMBER "FAIL-HERE"

static einv_store_t *S;
static char g_dir[256], g_db[300];

/* Runs sql on a connection of its own (the store's connections see the new schema). */
static int db_exec(const char *sql)
{
    sqlite3 *db = NULL;
    int rc = sqlite3_open(g_db, &db);
    if (rc == SQLITE_OK) {
        sqlite3_busy_timeout(db, 10000);
        rc = sqlite3_exec(db, sql, NULL, NULL, NULL);
    }
    sqlite3_close(db);
    return rc;
}

static long long db_count(const char *sql)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;
    long long n = -1;
    if (sqlite3_open(g_db, &db) == SQLITE_OK && sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
        n = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return n;
}

static void new_account_key(char acc[37], char key[37], const char *tag)
{
    store_account_t a;
    store_key_t k;
    einv_error_t err = {0};
    char email[80], raw[80], hash[65];
    snprintf(email, sizeof email, "group-%s-%d@example.com", tag, getpid());
    CU_ASSERT_EQUAL_FATAL(store_account_create(S, email, 1, 0, NULL, &a, &err), EINV_OK);
    snprintf(raw, sizeof raw, "svc_live_group-%s-%d", tag, getpid());
    store_sha256_hex(raw, hash);
    CU_ASSERT_EQUAL_FATAL(store_key_create(S, a.id, "k", 0, -1, hash, "svc_live_", "abcd", &k, &err), EINV_OK);
    memcpy(acc, a.id, 37);
    memcpy(key, k.id, 37);
    store_account_clear(&a);
    store_key_clear(&k);
}

typedef struct sub_arg {
    pthread_barrier_t *bar;
    const char *account, *key, *content_type;
    const char *claim_worker;
    int rc;
    long long job_id;
    char id[37];
} sub_arg_t;

/* A counted submit of payload without limits. */
static store_submit_t counted_submit(const char *account, const char *key, const void *payload,
                                     size_t len, const char *content_type)
{
    store_submit_t in = {0};
    in.account_id = account;
    in.key_id = key;
    in.profile = "EN16931";
    in.format = "ubl";
    in.payload = payload;
    in.payload_len = len;
    in.content_type = content_type;
    in.counts = 1;
    in.period = PERIOD;
    in.key_limit = in.account_limit = -1;
    return in;
}

static void *submit_thread(void *p)
{
    sub_arg_t *a = p;
    static const char payload[] = "<Invoice>group</Invoice>";
    store_submit_t in = counted_submit(a->account, a->key, payload, sizeof payload - 1, a->content_type);
    store_quota_state_t q;
    einv_error_t err = {0};
    in.claim_worker = a->claim_worker;
    in.claim_lease_seconds = 600;
    in.job_id = &a->job_id;
    if (a->bar)
        pthread_barrier_wait(a->bar);
    a->rc = store_submit(S, &in, a->id, &q, &err);
    return NULL;
}

/* A submit whose payload insert fails (after its counters and its invoice were written) is
 * undone alone; the concurrent submits of its groups are stored, the counters count exactly
 * the stored ones. */
static void test_submit_fails_after_rows(void)
{
    enum { T = 48 };
    char acc[37], key[37], sql[300];
    pthread_t th[T];
    sub_arg_t args[T];
    pthread_barrier_t bar;
    long long au = -1, ku = -1, n = -1;
    int ok = 0, failed = 0;
    new_account_key(acc, key, "submit");
    CU_ASSERT_EQUAL_FATAL(db_exec("CREATE TRIGGER fail_payload BEFORE INSERT ON invoice_payloads"
                                  " WHEN NEW.content_type = '" FAIL_TYPE "'"
                                  " BEGIN SELECT RAISE(ABORT, 'injected failure'); END"), SQLITE_OK);
    pthread_barrier_init(&bar, NULL, T);
    for (int i = 0; i < T; i++) {
        args[i] = (sub_arg_t){&bar, acc, key, i % 4 == 1 ? FAIL_TYPE : "application/xml", NULL, -99, 0, ""};
        pthread_create(&th[i], NULL, submit_thread, &args[i]);
    }
    for (int i = 0; i < T; i++) {
        pthread_join(th[i], NULL);
        if (i % 4 == 1)
            failed += args[i].rc != EINV_OK;
        else
            ok += args[i].rc == EINV_OK;
    }
    pthread_barrier_destroy(&bar);
    CU_ASSERT_EQUAL(db_exec("DROP TRIGGER fail_payload"), SQLITE_OK);
    CU_ASSERT_EQUAL(ok, T - T / 4);
    CU_ASSERT_EQUAL(failed, T / 4);
    CU_ASSERT_EQUAL(store_count_invoices(S, acc, &n), EINV_OK);
    CU_ASSERT_EQUAL(n, T - T / 4);
    CU_ASSERT_EQUAL(store_usage(S, acc, key, PERIOD, &au, &ku), EINV_OK);
    CU_ASSERT_EQUAL(au, T - T / 4);
    CU_ASSERT_EQUAL(ku, T - T / 4);
    /* every stored invoice has its payload and its job, nothing else was left */
    snprintf(sql, sizeof sql, "SELECT count(*) FROM invoices i JOIN invoice_payloads p ON p.invoice_id = i.id"
                              " JOIN jobs j ON j.invoice_id = i.id WHERE i.account_id = '%s'", acc);
    CU_ASSERT_EQUAL(db_count(sql), T - T / 4);
    CU_ASSERT_EQUAL(db_count("SELECT count(*) FROM invoice_payloads WHERE invoice_id NOT IN"
                             " (SELECT id FROM invoices)"), 0);
}

typedef struct done_arg {
    pthread_mutex_t mu;
    pthread_cond_t cond;
    int n, ok;
} done_arg_t;

static done_arg_t g_done = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0};
static int g_rc[64];

static void verdict_done(int rc, void *arg)
{
    int *slot = arg;
    pthread_mutex_lock(&g_done.mu);
    *slot = rc;
    g_done.n++;
    pthread_cond_broadcast(&g_done.cond);
    pthread_mutex_unlock(&g_done.mu);
}

/* A verdict whose invoice update fails (after its job row was deleted) is undone alone: the
 * job stays (leased: it runs again after its lease), the invoice stays processing; the
 * verdicts queued with it are stored. */
static void test_verdict_fails_after_rows(void)
{
    enum { N = 40 };
    char acc[37], key[37], sql[300];
    sub_arg_t subs[N];
    int refused = 0, stored = 0;
    new_account_key(acc, key, "verdict");
    for (int i = 0; i < N; i++) {
        subs[i] = (sub_arg_t){NULL, acc, key, "application/xml", "test:1:0", -99, 0, ""};
        submit_thread(&subs[i]);
        CU_ASSERT_EQUAL_FATAL(subs[i].rc, EINV_OK);
    }
    CU_ASSERT_EQUAL_FATAL(db_exec("CREATE TRIGGER fail_verdict BEFORE UPDATE OF status ON invoices"
                                  " WHEN NEW.invoice_number = '" FAIL_NUMBER "'"
                                  " BEGIN SELECT RAISE(ABORT, 'injected failure'); END"), SQLITE_OK);
    g_done.n = 0;
    /* queued back to back: they share the committer's groups */
    for (int i = 0; i < N; i++) {
        g_rc[i] = -99;
        CU_ASSERT_EQUAL(store_job_complete_async(S, subs[i].job_id, 1, &(store_verdict_t){subs[i].id,
                "validated", "UBL", i % 5 == 2 ? FAIL_NUMBER : "INV-1", "{\"c\":1}", "{\"valid\":true}",
                NULL, 0, 0}, verdict_done, &g_rc[i]),
                        EINV_OK);
    }
    pthread_mutex_lock(&g_done.mu);
    while (g_done.n < N)
        pthread_cond_wait(&g_done.cond, &g_done.mu);
    pthread_mutex_unlock(&g_done.mu);
    CU_ASSERT_EQUAL(db_exec("DROP TRIGGER fail_verdict"), SQLITE_OK);
    for (int i = 0; i < N; i++) {
        store_invoice_t inv;
        CU_ASSERT_EQUAL_FATAL(store_invoice_get(S, subs[i].id, acc, &inv), EINV_OK);
        if (i % 5 == 2) {
            refused += g_rc[i] != EINV_OK;
            CU_ASSERT_STRING_EQUAL(inv.status, "processing");
            CU_ASSERT_PTR_NULL(inv.canonical_json);
        } else {
            stored += g_rc[i] == EINV_OK;
            CU_ASSERT_STRING_EQUAL(inv.status, "validated");
            CU_ASSERT_PTR_NOT_NULL(inv.canonical_json);
            if (inv.canonical_json)
                CU_ASSERT_STRING_EQUAL(inv.canonical_json, "{\"c\":1}");
            if (inv.result_json)
                CU_ASSERT_STRING_EQUAL(inv.result_json, "{\"valid\":true}");
        }
        store_invoice_clear(&inv);
    }
    CU_ASSERT_EQUAL(refused, N / 5);
    CU_ASSERT_EQUAL(stored, N - N / 5);
    /* the refused verdicts' jobs are still there, with their claim */
    snprintf(sql, sizeof sql, "SELECT count(*) FROM jobs j JOIN invoices i ON i.id = j.invoice_id"
                              " WHERE i.account_id = '%s' AND j.attempts = 1 AND j.worker = 'test:1:0'", acc);
    CU_ASSERT_EQUAL(db_count(sql), N / 5);
    /* and a verdict stored again for one of them now succeeds */
    CU_ASSERT_EQUAL(store_job_complete(S, subs[2].job_id, 1, &(store_verdict_t){subs[2].id, "validated",
            "UBL", "INV-2", "{\"c\":2}", "{\"valid\":true}", NULL, 0, 0}), EINV_OK);
}

typedef struct stream_arg {
    const char *account, *key;
    int n, failed;
    off_t wal_max;
} stream_arg_t;

static off_t wal_size(void)
{
    char path[320];
    struct stat st;
    snprintf(path, sizeof path, "%s-wal", g_db);
    return stat(path, &st) == 0 ? st.st_size : 0;
}

static void *stream_thread(void *p)
{
    stream_arg_t *a = p;
    static char payload[5000];
    memset(payload, 'x', sizeof payload);
    for (int i = 0; i < a->n; i++) {
        store_submit_t in = counted_submit(a->account, a->key, payload, sizeof payload, "application/xml");
        store_quota_state_t q;
        einv_error_t err = {0};
        char id[37];
        a->failed += store_submit(S, &in, id, &q, &err) != EINV_OK;
        off_t w = wal_size();
        if (w > a->wal_max)
            a->wal_max = w;
    }
    return NULL;
}

/* Under a steady stream of writes the WAL is checkpointed and starts again (the
 * checkpointer copies in the background, the committer finishes past a hard bound of 8,000
 * frames): ~6,000 invoices of 5 KB write far more than 8,000 frames (~50 MB without
 * checkpoints), yet the WAL file stays below ~40 MB and the database file has grown. */
static void test_wal_bounded(void)
{
    enum { TH = 8, PER = 750 };
    char acc[37], key[37], path[320];
    pthread_t th[TH];
    stream_arg_t args[TH];
    off_t wal_max = 0;
    struct stat st;
    int failed = 0;
    new_account_key(acc, key, "stream");
    for (int i = 0; i < TH; i++) {
        args[i] = (stream_arg_t){acc, key, PER, 0, 0};
        pthread_create(&th[i], NULL, stream_thread, &args[i]);
    }
    for (int i = 0; i < TH; i++) {
        pthread_join(th[i], NULL);
        failed += args[i].failed;
        if (args[i].wal_max > wal_max)
            wal_max = args[i].wal_max;
    }
    CU_ASSERT_EQUAL(failed, 0);
    CU_ASSERT(wal_max > 0);
    CU_ASSERT(wal_max < (off_t)40 << 20);
    snprintf(path, sizeof path, "%s", g_db);
    CU_ASSERT_EQUAL_FATAL(stat(path, &st), 0);
    CU_ASSERT(st.st_size > (off_t)TH * PER * 5000);    /* the payloads reached the database file */
}

static int init_suite(void)
{
    einv_error_t err = {0};
    char url[320];
    snprintf(g_dir, sizeof g_dir, "/tmp/einv-test-group.XXXXXX");
    if (!mkdtemp(g_dir))
        return -1;
    snprintf(g_db, sizeof g_db, "%s/group.db", g_dir);
    snprintf(url, sizeof url, "sqlite:%s", g_db);
    S = store_open(url, 8, &err);
    if (!S)
        fprintf(stderr, "store_open: %s %s\n", err.message, err.detail);
    return S ? 0 : -1;
}

static int cleanup_suite(void)
{
    char path[320];
    store_close(S);
    S = NULL;
    const char *ext[] = {"", "-wal", "-shm"};
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s%s", g_db, ext[i]);
        unlink(path);
    }
    rmdir(g_dir);
    return 0;
}

void tst_suites(void)
{
    CU_pSuite s = CU_add_suite("sqlite group commit", init_suite, cleanup_suite);
    CU_add_test(s, "a submit failing after its first rows: undone alone", test_submit_fails_after_rows);
    CU_add_test(s, "a verdict failing after its job's removal: undone alone", test_verdict_fails_after_rows);
    CU_add_test(s, "the WAL stays bounded under a steady stream of writes", test_wal_bounded);
}
