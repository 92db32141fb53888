/* Submits that share a commit (PostgreSQL's submit batches, store_pg_submits.c; SQLite's group
 * commit) count each submit exactly: under concurrent submits of two accounts, each with two
 * keys and ID-token submits, every submit's "used after this request" is distinct and the
 * values of one counter are exactly 1..n (no two submits of a batch report the same value, none
 * is skipped), the stored counters equal the submits, and a batch holding an unknown key
 * still stores the others and refuses that one alone; with limits (a key's and an account's)
 * exactly the remaining quota is accepted, each refused submit sees a full counter; and batched
 * claims bring the account's mapping document on PostgreSQL. Runs on SQLite, and on PostgreSQL when
 * EINV_TEST_PG_URL is set (a fresh database, dropped afterwards). */
#include <CUnit/Basic.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "store.h"
#include "server_proc.h"
#include "store_int.h"
#include "tsupport.h"

#define PERIOD "2026-11"
#define T 48            /* concurrent submits: more than one batch's worth at once */

static einv_store_t *S;
static int g_seq;

typedef struct sub_arg {
    pthread_barrier_t *bar;
    const char *account, *key;
    int rc;
    store_quota_state_t q;
    long long key_limit, account_limit;     /* 0 in the initialisers below: set to -1 */
} sub_arg_t;

static void *submit_thread(void *p)
{
    sub_arg_t *a = p;
    static const char payload[] = "<Invoice>\0bytes\xff\"{\\}</Invoice>";
    store_submit_t in = {0};
    einv_error_t err = {0};
    char id[37];
    in.account_id = a->account;
    in.key_id = a->key;
    in.profile = "EN16931";
    in.format = "ubl";
    in.tier = "a \"quoted\\ tier";     /* array literals must carry any text */
    in.payload = payload;
    in.payload_len = sizeof payload - 1;
    in.content_type = "application/xml";
    in.counts = 1;
    in.period = PERIOD;
    in.key_limit = a->key_limit ? a->key_limit : -1;
    in.account_limit = a->account_limit ? a->account_limit : -1;
    if (a->bar)
        pthread_barrier_wait(a->bar);
    a->rc = store_submit(S, &in, id, &a->q, &err);
    return NULL;
}

static void new_account(char id[37])
{
    store_account_t a;
    einv_error_t err = {0};
    char email[64];
    snprintf(email, sizeof email, "batch%d-%d@example.com", getpid(), ++g_seq);
    CU_ASSERT_EQUAL_FATAL(store_account_create(S, email, 1, 0, NULL, &a, &err), EINV_OK);
    memcpy(id, a.id, 37);
    store_account_clear(&a);
}

static void new_key(const char *account, char id[37])
{
    store_key_t k;
    einv_error_t err = {0};
    char raw[64], hash[65];
    snprintf(raw, sizeof raw, "svc_live_batch-%d-%d", getpid(), ++g_seq);
    store_sha256_hex(raw, hash);
    CU_ASSERT_EQUAL_FATAL(store_key_create(S, account, "k", 0, -1, hash, "svc_live_", "abcd", &k, &err),
                          EINV_OK);
    memcpy(id, k.id, 37);
    store_key_clear(&k);
}

/* 1 when the n values are exactly 1..n in some order. */
static int one_to_n(const long long *v, int n)
{
    char seen[T + 1] = {0};
    for (int i = 0; i < n; i++) {
        if (v[i] < 1 || v[i] > n || seen[v[i]])
            return 0;
        seen[v[i]] = 1;
    }
    return 1;
}

/* Two accounts, each with two keys and token submits (key NULL), T submits at once; the
 * submits of owner k (an account or a key) report 1..n_k; gone: every 8th submit uses a key
 * that does not exist (NOTFOUND, nothing counted). */
static void run_race(int with_unknown)
{
    char acc[2][37], key[2][2][37], gone[37] = "00000000-0000-4000-8000-0000000000ab";
    pthread_t th[T];
    sub_arg_t args[T];
    pthread_barrier_t bar;
    for (int a = 0; a < 2; a++) {
        new_account(acc[a]);
        new_key(acc[a], key[a][0]);
        new_key(acc[a], key[a][1]);
    }
    pthread_barrier_init(&bar, NULL, T);
    for (int i = 0; i < T; i++) {
        int a = i % 2, k = i / 2 % 3;   /* key 0, key 1, or a token submit */
        const char *kid = k < 2 ? key[a][k] : NULL;
        if (with_unknown && i % 8 == 7)
            kid = gone;
        args[i] = (sub_arg_t){&bar, acc[a], kid, -99, {-1, -1}, 0, 0};
        CU_ASSERT_EQUAL_FATAL(pthread_create(&th[i], NULL, submit_thread, &args[i]), 0);
    }
    for (int i = 0; i < T; i++)
        pthread_join(th[i], NULL);
    pthread_barrier_destroy(&bar);
    for (int a = 0; a < 2; a++) {
        long long accv[T], keyv[2][T], au = -1, ku = -1, count = -1;
        int na = 0, nk[2] = {0, 0};
        for (int i = 0; i < T; i++) {
            if (args[i].account != acc[a])
                continue;
            if (args[i].key == gone) {
                CU_ASSERT_EQUAL(args[i].rc, EINV_ERR_NOTFOUND);
                continue;
            }
            CU_ASSERT_EQUAL(args[i].rc, EINV_OK);
            accv[na++] = args[i].q.account_used;
            for (int k = 0; k < 2; k++)
                if (args[i].key == key[a][k])
                    keyv[k][nk[k]++] = args[i].q.key_used;
            if (!args[i].key)
                CU_ASSERT_EQUAL(args[i].q.key_used, 0);
        }
        CU_ASSERT(one_to_n(accv, na));
        CU_ASSERT_EQUAL(store_count_invoices(S, acc[a], &count), EINV_OK);
        CU_ASSERT_EQUAL(count, na);
        for (int k = 0; k < 2; k++) {
            CU_ASSERT(one_to_n(keyv[k], nk[k]));
            CU_ASSERT_EQUAL(store_usage(S, acc[a], key[a][k], PERIOD, &au, &ku), EINV_OK);
            CU_ASSERT_EQUAL(au, na);
            CU_ASSERT_EQUAL(ku, nk[k]);
        }
    }
    int refused = 0;
    for (int i = 0; i < T; i++)
        refused += args[i].rc == EINV_ERR_NOTFOUND;
    CU_ASSERT_EQUAL(refused, with_unknown ? T / 8 : 0);
}

static void test_exact_counters(void)
{
    run_race(0);
}

static void test_unknown_key_in_batch(void)
{
    run_race(1);
}

/* The stored payload and texts come back byte for byte from a batch. */
static void test_payload_round_trip(void)
{
    static const char payload[] = "<Invoice>\0bytes\xff\"{\\}</Invoice>";
    char acc[37], key[37];
    long long count = -1;
    new_account(acc);
    new_key(acc, key);
    pthread_barrier_t bar;
    pthread_t th[8];
    sub_arg_t args[8];
    pthread_barrier_init(&bar, NULL, 8);
    for (int i = 0; i < 8; i++) {
        args[i] = (sub_arg_t){&bar, acc, key, -99, {-1, -1}, 0, 0};
        pthread_create(&th[i], NULL, submit_thread, &args[i]);
    }
    for (int i = 0; i < 8; i++)
        pthread_join(th[i], NULL);
    pthread_barrier_destroy(&bar);
    CU_ASSERT_EQUAL(store_count_invoices(S, acc, &count), EINV_OK);
    CU_ASSERT_EQUAL(count, 8);
    store_page_t page = {0};
    CU_ASSERT_EQUAL_FATAL(store_invoice_list(S, acc, 0, 10, NULL, 0, &page), EINV_OK);
    CU_ASSERT_EQUAL_FATAL(page.n, 8u);
    for (size_t i = 0; i < page.n; i++) {
        void *data = NULL;
        size_t len = 0;
        char *ct = NULL;
        store_invoice_t inv = {0};
        CU_ASSERT_EQUAL(store_invoice_payload(S, page.items[i].id, &data, &len, &ct), EINV_OK);
        CU_ASSERT_EQUAL(len, sizeof payload - 1);
        CU_ASSERT(data && memcmp(data, payload, sizeof payload - 1) == 0);
        CU_ASSERT(ct && strcmp(ct, "application/xml") == 0);
        CU_ASSERT_EQUAL(store_invoice_get(S, page.items[i].id, acc, &inv), EINV_OK);
        CU_ASSERT_STRING_EQUAL(inv.status, "processing");
        CU_ASSERT_STRING_EQUAL(inv.key_id, key);
        store_invoice_clear(&inv);
        free(data);
        free(ct);
    }
    store_page_clear(&page);
    /* every job is there to be claimed, with its payload */
    store_job_t jobs[8];
    size_t n = 0, got = 0;
    while (store_jobs_claim(S, "w", 60, 8, jobs, &n) == EINV_OK && n > 0) {
        for (size_t i = 0; i < n; i++) {
            CU_ASSERT_EQUAL(jobs[i].payload_len, sizeof payload - 1);
            CU_ASSERT_STRING_EQUAL(jobs[i].tier, "a \"quoted\\ tier");
            store_job_clear(&jobs[i]);
        }
        got += n;
    }
    CU_ASSERT(got >= 8);
}

static sp_server_t g_db;     /* only its fresh database: no server runs */

static int open_kind(sp_db_kind kind)
{
    einv_error_t err = {0};
    if (sp_init(&g_db, kind) != 0)
        return 1;
    S = store_open(g_db.database, 8, &err);
    if (!S)
        fprintf(stderr, "store_open: %s %s\n", err.message, err.detail);
    return S ? 0 : 1;
}

static int init_sqlite(void)
{
    return open_kind(SP_SQLITE);
}

static int init_pg(void)
{
    return open_kind(SP_POSTGRES);
}

static int cleanup(void)
{
    store_close(S);
    S = NULL;
    sp_cleanup(&g_db);
    return 0;
}

/* A batch straddling the limits: a key with a limit of 10 (3 used before) and a key without
 * one share an account capped at 15 (3 used); 40 submit at once. Exactly 12 more are
 * accepted, each reporting a distinct account count 4..15; the limited key takes at most its
 * 7; a refused submit reports a full counter (the key's 10 or the account's 15); nothing
 * refused is stored or counted. */
static void test_limits_straddled(void)
{
    char acc[37], lim[37], free_key[37];
    sub_arg_t args[40];
    pthread_t th[40];
    pthread_barrier_t bar;
    long long au = -1, ku = -1, count = -1;
    int accepted = 0, lim_accepted = 0, refused = 0;
    char seen[16] = {0};
    new_account(acc);
    new_key(acc, lim);
    new_key(acc, free_key);
    for (int i = 0; i < 3; i++) {
        sub_arg_t one = {NULL, acc, lim, -99, {-1, -1}, 10, 15};
        submit_thread(&one);
        CU_ASSERT_EQUAL(one.rc, EINV_OK);
        CU_ASSERT_EQUAL(one.q.key_used, i + 1);
    }
    pthread_barrier_init(&bar, NULL, 40);
    for (int i = 0; i < 40; i++) {
        args[i] = (sub_arg_t){&bar, acc, i % 2 ? lim : free_key, -99, {-1, -1}, i % 2 ? 10 : 0, 15};
        CU_ASSERT_EQUAL_FATAL(pthread_create(&th[i], NULL, submit_thread, &args[i]), 0);
    }
    for (int i = 0; i < 40; i++)
        pthread_join(th[i], NULL);
    pthread_barrier_destroy(&bar);
    for (int i = 0; i < 40; i++) {
        if (args[i].rc == EINV_OK) {
            accepted++;
            lim_accepted += args[i].key == lim;
            CU_ASSERT(args[i].q.account_used >= 4 && args[i].q.account_used <= 15);
            if (args[i].q.account_used >= 4 && args[i].q.account_used <= 15) {
                CU_ASSERT_FALSE(seen[args[i].q.account_used]);
                seen[args[i].q.account_used] = 1;
            }
            if (args[i].key == lim)
                CU_ASSERT(args[i].q.key_used >= 4 && args[i].q.key_used <= 10);
        } else {
            refused++;
            CU_ASSERT_EQUAL(args[i].rc, STORE_QUOTA);
            CU_ASSERT(args[i].q.account_used == 15 || (args[i].key == lim && args[i].q.key_used == 10));
        }
    }
    CU_ASSERT_EQUAL(accepted, 12);
    CU_ASSERT_EQUAL(refused, 28);
    CU_ASSERT(lim_accepted <= 7);
    CU_ASSERT_EQUAL(store_count_invoices(S, acc, &count), EINV_OK);
    CU_ASSERT_EQUAL(count, 15);
    CU_ASSERT_EQUAL(store_usage(S, acc, lim, PERIOD, &au, &ku), EINV_OK);
    CU_ASSERT_EQUAL(au, 15);
    CU_ASSERT_EQUAL(ku, 3 + lim_accepted);
}

/* A batched claim brings each job's account mapping document on PostgreSQL (the worker then
 * reads no mapping per job): the document of an account that has one, NULL for one that has
 * none; a mapping changed before the claim is the one it brings. SQLite's claims leave it to
 * the worker (mapping_known 0). */
static void test_claim_brings_mapping(void)
{
    static const char doc1[] = "{\"units\":{\"PCE\":\"H87\"}}", doc2[] = "{\"units\":{}}";
    char with[37], without[37], key[37];
    sub_arg_t one = {NULL, NULL, NULL, -99, {-1, -1}, 0, 0};
    store_job_t jobs[8];
    size_t n = 0;
    int pg = strcmp(store_kind(S), "postgresql") == 0, seen_with = 0, seen_without = 0;
    /* earlier tests' jobs are claimed (and dropped) first */
    while (store_jobs_claim(S, "drain", 60, 8, jobs, &n) == EINV_OK && n > 0)
        for (size_t i = 0; i < n; i++)
            store_job_clear(&jobs[i]);
    new_account(with);
    new_account(without);
    new_key(with, key);
    CU_ASSERT_EQUAL(store_mappings_put(S, with, doc1), EINV_OK);
    CU_ASSERT_EQUAL(store_mappings_put(S, with, doc2), EINV_OK);
    one.account = with;
    one.key = key;
    submit_thread(&one);
    CU_ASSERT_EQUAL(one.rc, EINV_OK);
    one.account = without;
    one.key = NULL;
    submit_thread(&one);
    CU_ASSERT_EQUAL(one.rc, EINV_OK);
    while (store_jobs_claim(S, "w", 60, 8, jobs, &n) == EINV_OK && n > 0) {
        for (size_t i = 0; i < n; i++) {
            CU_ASSERT_EQUAL(jobs[i].mapping_known, pg);
            if (strcmp(jobs[i].account_id, with) == 0) {
                seen_with++;
                if (pg)
                    CU_ASSERT(jobs[i].mapping && strcmp(jobs[i].mapping, doc2) == 0);
            } else if (strcmp(jobs[i].account_id, without) == 0) {
                seen_without++;
                CU_ASSERT_PTR_NULL(jobs[i].mapping);
            }
            store_job_clear(&jobs[i]);
        }
    }
    CU_ASSERT_EQUAL(seen_with, 1);
    CU_ASSERT_EQUAL(seen_without, 1);
}

static void add(CU_pSuite s)
{
    CU_add_test(s, "concurrent submits: each counter 1..n, exact", test_exact_counters);
    CU_add_test(s, "an unknown key in a batch: refused alone", test_unknown_key_in_batch);
    CU_add_test(s, "payloads and texts from a batch, byte for byte", test_payload_round_trip);
    CU_add_test(s, "a batch straddling a key's limit and an account's cap", test_limits_straddled);
    CU_add_test(s, "claims bring the account's mapping document", test_claim_brings_mapping);
}

static void test_pg_missing(void)
{
    CU_FAIL("EINV_TEST_PG_URL is not set (CI must run the PostgreSQL store)");
}

void tst_suites(void)
{
    add(CU_add_suite("submit batches sqlite", init_sqlite, cleanup));
    const char *pg = getenv("EINV_TEST_PG_URL");
    if (pg && *pg) {
        add(CU_add_suite("submit batches postgresql", init_pg, cleanup));
    } else {
        printf("skipped: EINV_TEST_PG_URL not set (PostgreSQL submit batches)\n");
        const char *ci = getenv("CI");
        if (ci && strcmp(ci, "true") == 0)
            CU_add_test(CU_add_suite("submit batches postgresql", NULL, NULL), "EINV_TEST_PG_URL",
                        test_pg_missing);
    }
}
