/* The extraction object of an extracted invoice in the store (invoices.extraction_json,
 * migrations sqlite/005 and pg/006), on SQLite and, with EINV_TEST_PG_URL, PostgreSQL (a
 * fresh database each): stored with the verdict, by store_job_complete and by the batched
 * or grouped store_job_complete_async, returned by store_invoice_get, NULL for a verdict
 * without one and absent from list items; and a database of the release before the column
 * (this schema without its migration, holding a verdict) migrates at open, its invoices
 * unchanged with no extraction object, new verdicts storing theirs. */
#include <CUnit/Basic.h>
#include <libpq-fe.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "server_proc.h"
#include "store.h"
#include "store_int.h"
#include "tsupport.h"

#define EXTRACTION "{\"tier\":\"FAST\",\"readings\":1,\"pages\":1,\"ocrPages\":0,\"fields\":" \
                   "{\"/invoiceNumber\":{\"confidence\":0.97,\"page\":1,\"box\":[56.7,70.1,180.0,82.2]}}}"

static sp_server_t g_db;     /* only its fresh database: no server runs */
static einv_store_t *S;
static char g_account[37];

/* One statement on the suite's database, outside the store: 0 when it ran; a failure is
 * printed when loud (not where the test expects one). */
static int db_run(const char *sql, int loud)
{
    if (g_db.kind == SP_POSTGRES) {
        PGconn *c = PQconnectdb(g_db.database);
        PGresult *r = PQexec(c, sql);
        int ok = PQresultStatus(r) == PGRES_COMMAND_OK || PQresultStatus(r) == PGRES_TUPLES_OK;
        if (!ok && loud)
            fprintf(stderr, "\n  %s: %s", sql, PQerrorMessage(c));
        PQclear(r);
        PQfinish(c);
        return ok ? 0 : -1;
    }
    sqlite3 *db;
    char *msg = NULL;
    int rc = sqlite3_open(g_db.database + strlen("sqlite:"), &db);
    if (rc == SQLITE_OK)
        rc = sqlite3_exec(db, sql, NULL, NULL, &msg);
    if (rc != SQLITE_OK && loud)
        fprintf(stderr, "\n  %s: %s", sql, msg ? msg : sqlite3_errmsg(db));
    sqlite3_free(msg);
    sqlite3_close(db);
    return rc == SQLITE_OK ? 0 : -1;
}

static int db_exec(const char *sql) { return db_run(sql, 1); }

static int open_store(void)
{
    einv_error_t err = {0};
    S = store_open(g_db.database, 4, &err);
    if (!S)
        fprintf(stderr, "store_open: %s %s\n", err.message, err.detail);
    return S ? 0 : -1;
}

static int open_kind(sp_db_kind kind)
{
    store_account_t a;
    einv_error_t err = {0};
    if (sp_init(&g_db, kind) != 0 || open_store() != 0)
        return 1;
    if (store_account_create(S, "extraction@example.com", 1, 0, NULL, &a, &err) != EINV_OK)
        return 1;
    memcpy(g_account, a.id, sizeof g_account);
    store_account_clear(&a);
    return 0;
}

static int init_sqlite(void) { return open_kind(SP_SQLITE); }
static int init_pg(void) { return open_kind(SP_POSTGRES); }

static int cleanup(void)
{
    store_close(S);
    S = NULL;
    sp_cleanup(&g_db);
    return 0;
}

/* An extraction job, submitted and claimed: its invoice id and claim in j. */
static void extraction_job(store_job_t *j)
{
    store_submit_t in = {0};
    einv_error_t err = {0};
    char id[37];
    in.account_id = g_account;
    in.profile = "EN16931";
    in.format = "pdf";
    in.api_format = "PDF_EXTRACTED";
    in.tier = "FAST";
    in.payload = "%PDF-1.7";
    in.payload_len = 8;
    in.content_type = "application/pdf";
    CU_ASSERT_EQUAL_FATAL(store_submit(S, &in, id, NULL, &err), EINV_OK);
    CU_ASSERT_EQUAL_FATAL(store_job_claim(S, "w", 30, j), EINV_OK);
    CU_ASSERT_STRING_EQUAL_FATAL(j->invoice_id, id);
}

static store_verdict_t verdict_of(const store_job_t *j, const char *extraction)
{
    return (store_verdict_t){j->invoice_id, "validated", "PDF_EXTRACTED", "INV-1", "{\"invoiceNumber\":\"INV-1\"}",
                             "{\"valid\":true,\"errors\":[]}", extraction, 0, 1};
}

/* The extraction object of invoice id is want as stored (NULL: none). */
static void expect_extraction(const char *id, const char *want)
{
    store_invoice_t inv;
    CU_ASSERT_EQUAL_FATAL(store_invoice_get(S, id, g_account, &inv), EINV_OK);
    CU_ASSERT_STRING_EQUAL(inv.status, "validated");
    if (want) {
        CU_ASSERT(inv.extraction_json && !strcmp(inv.extraction_json, want));
    } else {
        CU_ASSERT_PTR_NULL(inv.extraction_json);
    }
    store_invoice_clear(&inv);
}

static void test_stored_with_the_verdict(void)
{
    store_job_t j;
    store_verdict_t v;
    extraction_job(&j);
    v = verdict_of(&j, EXTRACTION);
    CU_ASSERT_EQUAL(store_job_complete(S, j.id, j.attempts, &v), EINV_OK);
    expect_extraction(j.invoice_id, EXTRACTION);
    store_job_clear(&j);
    /* a verdict without one (every format but extraction) */
    extraction_job(&j);
    v = verdict_of(&j, NULL);
    CU_ASSERT_EQUAL(store_job_complete(S, j.id, j.attempts, &v), EINV_OK);
    expect_extraction(j.invoice_id, NULL);
    store_job_clear(&j);
}

typedef struct done_wait {
    pthread_mutex_t mu;
    pthread_cond_t cond;
    int n, failed;
} done_wait_t;

static void verdict_done(int rc, void *arg)
{
    done_wait_t *w = arg;
    pthread_mutex_lock(&w->mu);
    w->n++;
    w->failed += rc != EINV_OK;
    pthread_cond_signal(&w->cond);
    pthread_mutex_unlock(&w->mu);
}

/* Queued verdicts (SQLite's group commit, PostgreSQL's verdict batch, one statement from
 * arrays): the texts are the callers' copies, the object as large as the core lets through
 * stored whole, and a verdict without one beside it NULL. */
static void test_stored_batched(void)
{
    enum { N = 6 };
    store_job_t j[N];
    store_verdict_t v;
    done_wait_t w = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0};
    size_t big_len = EINV_EXTRACTION_MAX;
    char *big = malloc(big_len + 1), *mine;
    int i;
    CU_ASSERT_PTR_NOT_NULL_FATAL(big);
    memset(big, 'x', big_len);
    memcpy(big, "{\"note\":\"", 9);
    memcpy(big + big_len - 2, "\"}", 3);
    for (i = 0; i < N; i++)
        extraction_job(&j[i]);
    for (i = 0; i < N; i++) {
        mine = strdup(i == 0 ? big : EXTRACTION);
        v = verdict_of(&j[i], i % 3 == 2 ? NULL : mine);
        CU_ASSERT_EQUAL(store_job_complete_async(S, j[i].id, j[i].attempts, &v, verdict_done, &w), EINV_OK);
        memset(mine, '?', strlen(mine));   /* the store keeps its own copy */
        free(mine);
    }
    pthread_mutex_lock(&w.mu);
    while (w.n < N)
        pthread_cond_wait(&w.cond, &w.mu);
    pthread_mutex_unlock(&w.mu);
    CU_ASSERT_EQUAL(w.failed, 0);
    for (i = 0; i < N; i++) {
        expect_extraction(j[i].invoice_id, i % 3 == 2 ? NULL : i == 0 ? big : EXTRACTION);
        store_job_clear(&j[i]);
    }
    free(big);
}

/* List items are summaries: the extraction object is not read for them. */
static void test_not_in_lists(void)
{
    store_page_t p;
    CU_ASSERT_EQUAL_FATAL(store_invoice_list(S, g_account, 0, 100, "createdAt", 1, &p), EINV_OK);
    CU_ASSERT(p.n > 0);
    for (size_t i = 0; i < p.n; i++)
        CU_ASSERT_PTR_NULL(p.items[i].extraction_json);
    store_page_clear(&p);
}

/* The previous release's database: this schema without the last migration (the column
 * dropped, its row forgotten), with a verdict stored. Opening it applies the migration. */
static void test_migration_from_before(void)
{
    const store_migration_t *m = g_db.kind == SP_POSTGRES ? store_migrations_pg : store_migrations_sqlite;
    size_t n = g_db.kind == SP_POSTGRES ? store_migrations_pg_n : store_migrations_sqlite_n;
    char sql[160];
    store_job_t j;
    store_verdict_t v;
    store_invoice_t inv;
    CU_ASSERT_STRING_EQUAL_FATAL(m[n - 1].name + 4, "invoice_extraction.sql");
    extraction_job(&j);
    v = verdict_of(&j, NULL);
    CU_ASSERT_EQUAL_FATAL(store_job_complete(S, j.id, j.attempts, &v), EINV_OK);
    store_close(S);
    S = NULL;
    snprintf(sql, sizeof sql, "DELETE FROM schema_migrations WHERE version = %d", m[n - 1].version);
    CU_ASSERT_EQUAL_FATAL(db_exec("ALTER TABLE invoices DROP COLUMN extraction_json"), 0);
    CU_ASSERT_EQUAL_FATAL(db_exec(sql), 0);
    CU_ASSERT_NOT_EQUAL(db_run("SELECT extraction_json FROM invoices", 0), 0);   /* the old schema */

    CU_ASSERT_EQUAL_FATAL(open_store(), 0);
    CU_ASSERT_EQUAL(db_exec("SELECT extraction_json FROM invoices"), 0);
    /* the invoice of before: as it was, no extraction object */
    CU_ASSERT_EQUAL_FATAL(store_invoice_get(S, j.invoice_id, g_account, &inv), EINV_OK);
    CU_ASSERT_STRING_EQUAL(inv.canonical_json, "{\"invoiceNumber\":\"INV-1\"}");
    CU_ASSERT_STRING_EQUAL(inv.invoice_number, "INV-1");
    CU_ASSERT_PTR_NULL(inv.extraction_json);
    store_invoice_clear(&inv);
    store_job_clear(&j);
    /* a new verdict stores its object */
    extraction_job(&j);
    v = verdict_of(&j, EXTRACTION);
    CU_ASSERT_EQUAL(store_job_complete(S, j.id, j.attempts, &v), EINV_OK);
    expect_extraction(j.invoice_id, EXTRACTION);
    store_job_clear(&j);
}

static void add(CU_pSuite s)
{
    CU_add_test(s, "stored with the verdict", test_stored_with_the_verdict);
    CU_add_test(s, "stored with queued verdicts", test_stored_batched);
    CU_add_test(s, "not in list items", test_not_in_lists);
    CU_add_test(s, "migration of a database from before", test_migration_from_before);
}

void tst_suites(void)
{
    add(CU_add_suite("extraction column sqlite", init_sqlite, cleanup));
    if (sp_pg_missing())
        tst_skip("the extraction column on PostgreSQL: EINV_TEST_PG_URL not set");
    else
        add(CU_add_suite("extraction column postgresql", init_pg, cleanup));
}
