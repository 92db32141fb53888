/* Job leases of the real einvoiced (server/workers.c), on SQLite and on PostgreSQL when
 * EINV_TEST_PG_URL is set. The server runs as a child process with the built plugins plus
 * the test profiles SLOWTEST and SLOWTEST8 (fixture_slow_profile.c: 4 s and 8 s per document,
 * the same on a loaded machine). Test-only triggers on its database record every claim, every lease renewal and
 * every verdict written, so the checks count what happened instead of trusting the server:
 *   - a job that takes 4 s with a 2 s lease is claimed once and renewed while it runs;
 *   - a job whose workers crash (SIGKILL) EINV_JOB_MAX_ATTEMPTS times ends
 *     failed_validation with PROCESSING-TIMEOUT;
 *   - a job past EINV_JOB_DEADLINE is taken over and ended with PROCESSING-TIMEOUT, and the
 *     late verdict of the worker that lost its lease is refused;
 *   - PostgreSQL: two servers on one database, one killed with SIGKILL while it holds jobs:
 *     every accepted invoice reaches a final status exactly once (one fenced verdict each,
 *     and a job is claimed again only after its holder died). */
#define _GNU_SOURCE
#include <CUnit/Basic.h>
#include <json-c/json.h>
#include <libpq-fe.h>
#include <pthread.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "http_client.h"
#include "server_proc.h"
#include "tsupport.h"

static sp_db_kind KIND;
static char *SAMPLE;            /* a valid UBL invoice */
static size_t SAMPLE_LEN;
static char PLUGIN_DIR[300];    /* the built plugins and slowtest.so */
static char PLUGIN_ENV[340];    /* EINV_PLUGIN_DIR=PLUGIN_DIR, for every server here */

/* ---------------------------------------------------------------- plugins */

/* A temp dir with copies of the built plugins and the SLOWTEST fixture (the server loads
 * one directory; symlinks are refused by the loader). 0 or -1. */
static int make_plugin_dir(void)
{
    const char *built = getenv("EINV_TEST_PLUGIN_DIR"), *slow = getenv("EINV_SLOW_PLUGIN");
    char cmd[1200];
    snprintf(PLUGIN_DIR, sizeof PLUGIN_DIR, "/tmp/einv-workers-plugins.XXXXXX");
    if (!built || !slow || !mkdtemp(PLUGIN_DIR)) {
        fprintf(stderr, "test_workers: needs EINV_TEST_PLUGIN_DIR and EINV_SLOW_PLUGIN (run by ctest)\n");
        return -1;
    }
    snprintf(cmd, sizeof cmd, "cp '%s'/*.so '%s' '%s'/ && chmod 0755 '%s'/*.so", built, slow,
             PLUGIN_DIR, PLUGIN_DIR);
    snprintf(PLUGIN_ENV, sizeof PLUGIN_ENV, "EINV_PLUGIN_DIR=%s", PLUGIN_DIR);
    return system(cmd) == 0 ? 0 : -1;
}

/* ---------------------------------------------------------------- the server's database */

/* First column of the first row of sql on the server's database (static buffer; "" when no
 * row), or NULL when the statement failed. */
static const char *q1(const sp_server_t *s, const char *sql)
{
    static char out[512];
    out[0] = '\0';
    if (s->kind == SP_POSTGRES) {
        PGconn *c = PQconnectdb(s->database);
        PGresult *r = PQexec(c, sql);
        int st = PQresultStatus(r), ok = st == PGRES_TUPLES_OK || st == PGRES_COMMAND_OK;
        if (st == PGRES_TUPLES_OK && PQntuples(r) > 0)
            snprintf(out, sizeof out, "%s", PQgetvalue(r, 0, 0));
        if (!ok)
            fprintf(stderr, "\n  SQL failed: %s", PQerrorMessage(c));
        PQclear(r);
        PQfinish(c);
        return ok ? out : NULL;
    }
    sqlite3 *db;
    char *err = NULL;
    int ok;
    if (sqlite3_open(s->database + strlen("sqlite:"), &db) != SQLITE_OK)
        return NULL;
    sqlite3_busy_timeout(db, 10000);
    sqlite3_stmt *st = NULL;
    const char *tail = NULL;
    ok = sqlite3_prepare_v2(db, sql, -1, &st, &tail) == SQLITE_OK;
    if (ok && tail && *tail) {
        /* a script (the recorders): run it whole */
        sqlite3_finalize(st);
        st = NULL;
        ok = sqlite3_exec(db, sql, NULL, NULL, &err) == SQLITE_OK;
    } else if (ok) {
        int rc = sqlite3_step(st);
        if (rc == SQLITE_ROW && sqlite3_column_text(st, 0))
            snprintf(out, sizeof out, "%s", (const char *)sqlite3_column_text(st, 0));
        ok = rc == SQLITE_ROW || rc == SQLITE_DONE;
    }
    if (!ok)
        fprintf(stderr, "\n  SQL failed: %s", err ? err : sqlite3_errmsg(db));
    sqlite3_free(err);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return ok ? out : NULL;
}

static long long q1_ll(const sp_server_t *s, const char *sql)
{
    const char *v = q1(s, sql);
    return v && *v ? atoll(v) : -1;
}

/* Record claims (the worker column is set), renewals (the lease moves under the same claim)
 * and verdicts (status leaves processing) in test tables of the server's own database. */
static int add_recorders(const sp_server_t *s)
{
    if (s->kind == SP_POSTGRES)
        return q1(s,
            "CREATE TABLE test_claims (worker text, invoice_id uuid, attempts int,"
            " at timestamptz DEFAULT clock_timestamp());"
            "CREATE TABLE test_renewals (invoice_id uuid, attempts int);"
            "CREATE TABLE test_verdicts (invoice_id uuid, status text, attempts int, completed_by text);"
            "CREATE FUNCTION test_claim() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
            " INSERT INTO test_claims (worker, invoice_id, attempts)"
            " VALUES (NEW.worker, NEW.invoice_id, NEW.attempts); RETURN NEW; END $$;"
            "CREATE FUNCTION test_renewal() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
            " INSERT INTO test_renewals VALUES (NEW.invoice_id, NEW.attempts); RETURN NEW; END $$;"
            "CREATE FUNCTION test_verdict() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
            " INSERT INTO test_verdicts VALUES (NEW.id, NEW.status, NEW.attempts, NEW.completed_by);"
            " RETURN NEW; END $$;"
            "CREATE TRIGGER test_claim AFTER UPDATE OF worker ON jobs FOR EACH ROW"
            " WHEN (NEW.attempts > OLD.attempts) EXECUTE FUNCTION test_claim();"
            /* a job handed off in memory is inserted already claimed (workers.c) */
            "CREATE TRIGGER test_claim_ins AFTER INSERT ON jobs FOR EACH ROW"
            " WHEN (NEW.worker IS NOT NULL) EXECUTE FUNCTION test_claim();"
            "CREATE TRIGGER test_renewal AFTER UPDATE OF lease_until ON jobs FOR EACH ROW"
            " WHEN (NEW.attempts = OLD.attempts AND NEW.lease_until IS NOT NULL)"
            " EXECUTE FUNCTION test_renewal();"
            "CREATE TRIGGER test_verdict AFTER UPDATE OF status ON invoices FOR EACH ROW"
            " WHEN (NEW.status <> 'processing') EXECUTE FUNCTION test_verdict();") ? 0 : -1;
    return q1(s,
        "CREATE TABLE test_claims (worker TEXT, invoice_id TEXT, attempts INTEGER);"
        "CREATE TABLE test_renewals (invoice_id TEXT, attempts INTEGER);"
        "CREATE TABLE test_verdicts (invoice_id TEXT, status TEXT, attempts INTEGER, completed_by TEXT);"
        "CREATE TRIGGER test_claim AFTER UPDATE OF worker ON jobs WHEN NEW.attempts > OLD.attempts"
        " BEGIN INSERT INTO test_claims VALUES (NEW.worker, NEW.invoice_id, NEW.attempts); END;"
        "CREATE TRIGGER test_claim_ins AFTER INSERT ON jobs WHEN NEW.worker IS NOT NULL"
        " BEGIN INSERT INTO test_claims VALUES (NEW.worker, NEW.invoice_id, NEW.attempts); END;"
        "CREATE TRIGGER test_renewal AFTER UPDATE OF lease_until ON jobs"
        " WHEN NEW.attempts = OLD.attempts AND NEW.lease_until IS NOT NULL"
        " BEGIN INSERT INTO test_renewals VALUES (NEW.invoice_id, NEW.attempts); END;"
        "CREATE TRIGGER test_verdict AFTER UPDATE OF status ON invoices"
        " WHEN NEW.status <> 'processing' BEGIN INSERT INTO test_verdicts"
        " VALUES (NEW.id, NEW.status, NEW.attempts, NEW.completed_by); END;") ? 0 : -1;
}

/* count(*) of a recorder table for one invoice. */
static long long recorded(const sp_server_t *s, const char *table, const char *id)
{
    char sql[200];
    snprintf(sql, sizeof sql, "SELECT count(*) FROM %s WHERE invoice_id = '%s'", table, id);
    return q1_ll(s, sql);
}

/* ---------------------------------------------------------------- HTTP */

/* Submit the sample invoice for a profile; 202 fills id. Returns the HTTP status. */
static int submit(int port, const char *key, const char *profile, char id[40])
{
    hc_multipart_t *mp = hc_mp_new();
    hc_response_t res;
    int st;
    hc_mp_field(mp, "profile", profile);
    hc_mp_file(mp, "file", "invoice.xml", "application/xml", SAMPLE, SAMPLE_LEN);
    st = hc_request_auth(port, "POST", "/api/v1/invoices/validate", key, hc_mp_content_type(mp),
                         hc_mp_data(mp), hc_mp_len(mp), &res);
    hc_mp_free(mp);
    id[0] = '\0';
    if (st == 202 && res.body) {
        json_object *o = json_tokener_parse(res.body), *v;
        if (o && json_object_object_get_ex(o, "id", &v))
            snprintf(id, 40, "%s", json_object_get_string(v));
        json_object_put(o);
    }
    hc_response_free(&res);
    return st == 202 && !id[0] ? -1 : st;
}

/* GET the invoice (NULL unless 200). */
static json_object *invoice(int port, const char *key, const char *id)
{
    char path[128];
    hc_response_t res;
    json_object *o = NULL;
    snprintf(path, sizeof path, "/api/v1/invoices/%s", id);
    if (hc_request_auth(port, "GET", path, key, NULL, NULL, 0, &res) == 200 && res.body)
        o = json_tokener_parse(res.body);
    hc_response_free(&res);
    return o;
}

/* The member k of o (NULL when absent or o is NULL). */
static json_object *member(json_object *o, const char *k)
{
    json_object *v = NULL;
    return o && json_object_object_get_ex(o, k, &v) ? v : NULL;
}

static const char *status_of(json_object *inv)
{
    const char *s = json_object_get_string(member(inv, "status"));
    return s ? s : "";
}

/* Poll until the invoice is final or ms pass; the last answer (caller frees) or NULL. */
static json_object *wait_final(int port, const char *key, const char *id, int ms)
{
    double t0 = tst_now_ms();
    for (;;) {
        json_object *o = invoice(port, key, id);
        if ((o && strcmp(status_of(o), "processing") != 0) || tst_now_ms() - t0 > ms)
            return o;
        json_object_put(o);
        tst_sleep_ms(100);
    }
}

/* Wait until the server recorded n claims of the invoice (1) or ms pass (0). */
static int wait_claims(const sp_server_t *s, const char *id, long long n, int ms)
{
    double t0 = tst_now_ms();
    while (recorded(s, "test_claims", id) < n)
        if (tst_now_ms() - t0 > ms)
            return 0;
        else
            tst_sleep_ms(20);
    return 1;
}

/* 1 when the verdict is failed_validation with exactly one PROCESSING-TIMEOUT ERROR, in a
 * validationResult shaped as the API says: a SCHEMA-layer finding (the document was never
 * checked), so kositResult's alone, kositResult.valid false and errors empty. */
static int is_processing_timeout(json_object *inv)
{
    json_object *vr = member(inv, "validationResult"), *errs = member(vr, "errors"), *f;
    json_object *kosit = member(vr, "kositResult"), *kerrs = member(kosit, "errors");
    if (strcmp(status_of(inv), "failed_validation") != 0 || !vr ||
        json_object_get_boolean(member(vr, "valid")) || !json_object_is_type(errs, json_type_array) ||
        json_object_array_length(errs) != 0 || !json_object_is_type(kosit, json_type_object) ||
        !json_object_is_type(kerrs, json_type_array) || json_object_array_length(kerrs) != 1 ||
        !json_object_is_type(member(kosit, "valid"), json_type_boolean) ||
        json_object_get_boolean(member(kosit, "valid")))
        return 0;
    f = json_object_array_get_idx(kerrs, 0);
    return strcmp(json_object_get_string(member(f, "code")), "PROCESSING-TIMEOUT") == 0 &&
           strcmp(json_object_get_string(member(f, "severity")), "ERROR") == 0 &&
           json_object_get_string(member(f, "message"))[0] != '\0';
}

/* A check whose failure ends the test (the servers are still cleaned up). */
#define REQUIRE(cond)             \
    do {                          \
        if (!(cond)) {            \
            CU_FAIL(#cond);       \
            goto out;             \
        }                         \
    } while (0)

/* A fresh server with the recorders and one PRO key; 0 or -1 (test failed). */
static int start(sp_server_t *s, const char *const *env, char key[SP_KEY_MAX])
{
    memset(s, 0, sizeof *s);
    if (sp_init(s, KIND) != 0 || sp_start(s, env) != 0 ||
        sp_account_key(s, "lease@example.com", "PRO", 0, 0, -1, key) != 0 || add_recorders(s) != 0) {
        CU_FAIL("server did not start");
        return -1;
    }
    return 0;
}

/* ---------------------------------------------------------------- tests */

/* A job of 4 s with a 2 s lease must still be claimed once, renewed while it runs, and
 * given one verdict. Without the heartbeat another worker claims it again after 2 s.
 * (tests/server/long_document_lease.sh does the same with 170,000 attributes, by hand.) */
static void test_long_job_one_worker(void)
{
    sp_server_t s;
    const char *env[] = {"EINV_WORKERS=3", "EINV_JOB_LEASE=2", PLUGIN_ENV, NULL};
    char key[SP_KEY_MAX], id[40];
    json_object *inv = NULL;
    double t0, took;
    if (start(&s, env, key) != 0)
        goto out;
    REQUIRE(submit(s.port, key, "SLOWTEST", id) == 202);
    t0 = tst_now_ms();
    inv = wait_final(s.port, key, id, 120000);
    took = tst_now_ms() - t0;
    printf("\n  long job (%s): final after %.1f s with a 2 s lease: %lld claims, %lld renewals,"
           " %lld verdicts, status %s\n", KIND == SP_POSTGRES ? "postgresql" : "sqlite",
           took / 1000.0, recorded(&s, "test_claims", id),
           recorded(&s, "test_renewals", id), recorded(&s, "test_verdicts", id), status_of(inv));
    CU_ASSERT_STRING_NOT_EQUAL(status_of(inv), "processing");
    CU_ASSERT_PTR_NULL(strstr(json_object_to_json_string(inv), "PROCESSING-TIMEOUT"));
    CU_ASSERT_EQUAL(recorded(&s, "test_claims", id), 1);
    CU_ASSERT_EQUAL(recorded(&s, "test_verdicts", id), 1);
    /* it ran for at least two leases, so it was renewed, and did not need to be re-run */
    CU_ASSERT_TRUE(took >= 3500);
    CU_ASSERT_TRUE(recorded(&s, "test_renewals", id) >= 2);
    CU_ASSERT_FALSE(sp_log_contains(&s, "lost its lease"));
    CU_ASSERT_FALSE(sp_log_contains(&s, "attempt 2"));
out:
    json_object_put(inv);
    sp_cleanup(&s);
}

/* Every claim of the job dies with its process (SIGKILL); after EINV_JOB_MAX_ATTEMPTS claims
 * the next one ends it with PROCESSING-TIMEOUT instead of running it again. */
static void test_attempts_exhausted(void)
{
    sp_server_t s;
    const char *env[] = {"EINV_WORKERS=1", "EINV_JOB_LEASE=1", "EINV_JOB_MAX_ATTEMPTS=2", PLUGIN_ENV,
                         NULL};
    char key[SP_KEY_MAX], id[40];
    json_object *inv = NULL;
    if (start(&s, env, key) != 0)
        goto out;
    REQUIRE(submit(s.port, key, "SLOWTEST", id) == 202);
    for (int k = 1; k <= 2; k++) {
        REQUIRE(wait_claims(&s, id, k, 30000));
        sp_kill(&s);                /* the worker dies mid-job */
        REQUIRE(sp_start(&s, SP_SAME_ENV) == 0);
    }
    inv = wait_final(s.port, key, id, 30000);
    CU_ASSERT_TRUE(is_processing_timeout(inv));
    CU_ASSERT_EQUAL(recorded(&s, "test_claims", id), 3);    /* the third only wrote the verdict */
    CU_ASSERT_EQUAL(recorded(&s, "test_verdicts", id), 1);
    CU_ASSERT_TRUE(sp_log_contains(&s, "PROCESSING-TIMEOUT"));
    printf("\n  attempts (%s): 2 claims killed, the 3rd: %s\n",
           KIND == SP_POSTGRES ? "postgresql" : "sqlite",
           json_object_get_string(member(json_object_array_get_idx(
               member(member(inv, "validationResult"), "errors"), 0), "message")));
out:
    json_object_put(inv);
    sp_cleanup(&s);
}

/* A job past its deadline is no longer renewed: another worker takes it over and ends it
 * with PROCESSING-TIMEOUT; the first worker's verdict, arriving later, is refused. The job
 * takes 8 s; the take-over comes after about 1 s (deadline) + 1 s (lease) + 1 s (poll). */
static void test_deadline_and_stolen_lease(void)
{
    sp_server_t s;
    const char *env[] = {"EINV_WORKERS=2", "EINV_JOB_LEASE=1", "EINV_JOB_DEADLINE=1", PLUGIN_ENV, NULL};
    char key[SP_KEY_MAX], id[40];
    json_object *inv = NULL, *again = NULL;
    double t0;
    if (start(&s, env, key) != 0)
        goto out;
    REQUIRE(submit(s.port, key, "SLOWTEST8", id) == 202);
    inv = wait_final(s.port, key, id, 60000);
    CU_ASSERT_TRUE(is_processing_timeout(inv));
    /* the first worker is still parsing; wait for its refused verdict */
    t0 = tst_now_ms();
    while (!sp_log_contains(&s, "lost its lease to another claim") && tst_now_ms() - t0 < 120000)
        tst_sleep_ms(200);
    CU_ASSERT_TRUE(sp_log_contains(&s, "lost its lease to another claim"));
    CU_ASSERT_TRUE(sp_log_contains(&s, "ran past the job deadline"));
    again = invoice(s.port, key, id);
    CU_ASSERT_TRUE(is_processing_timeout(again));
    CU_ASSERT_EQUAL(recorded(&s, "test_claims", id), 2);
    CU_ASSERT_EQUAL(recorded(&s, "test_verdicts", id), 1);
out:
    json_object_put(inv);
    json_object_put(again);
    sp_cleanup(&s);
}

/* ---- PostgreSQL: two servers, one killed mid-load ---- */

#define LOAD_N 200

typedef struct load {
    int port[2];
    const char *key;
    char (*ids)[40];
    int next;                   /* next document to submit (atomic) */
    int accepted;               /* 202 answers (atomic) */
} load_t;

static void *load_thread(void *p)
{
    load_t *l = p;
    int i;
    while ((i = __atomic_fetch_add(&l->next, 1, __ATOMIC_SEQ_CST)) < LOAD_N)
        /* 2 in 50 are 4 s jobs, so a SIGKILL finds work in flight */
        if (submit(l->port[i % 2], l->key, i % 50 == 7 || i % 50 == 8 ? "SLOWTEST" : "EN16931",
                   l->ids[i]) == 202)
            __atomic_add_fetch(&l->accepted, 1, __ATOMIC_SEQ_CST);
        else
            l->ids[i][0] = '\0';
    return NULL;
}

static void test_pg_two_servers_kill(void)
{
    sp_server_t A, B;
    /* A has more workers, so it surely holds one of the 4 s jobs when it is killed */
    const char *envA[] = {"EINV_WORKERS=3", "EINV_JOB_LEASE=2", PLUGIN_ENV, NULL};
    const char *envB[] = {"EINV_WORKERS=2", "EINV_JOB_LEASE=2", PLUGIN_ENV, NULL};
    char key[SP_KEY_MAX], (*ids)[40] = calloc(LOAD_N, 40), sql[400], apid[16];
    pthread_t th[8];
    load_t l;
    int final = 0, validated = 0, pending = 0;
    long long verdicts, distinct, unknown_verdicts, early_reclaims, reclaimed, held_by_a = 0;
    double t0, t_kill = 0;
    memset(&B, 0, sizeof B);
    if (start(&A, envA, key) != 0)
        goto out;
    /* B: same database, its own port and log; A owns the database and the directory */
    B = A;
    B.pid = 0;
    B.port = 0;
    B.env = NULL;
    B.pg_dbname[0] = 0;
    snprintf(B.log_path, sizeof B.log_path, "%s/server-b.log", A.dir);
    B.dir[0] = 0;
    REQUIRE(sp_start(&B, envB) == 0);
    snprintf(apid, sizeof apid, "%d", (int)A.pid);
    l = (load_t){{A.port, B.port}, key, ids, 0, 0};
    t0 = tst_now_ms();
    for (int i = 0; i < 8; i++)
        pthread_create(&th[i], NULL, load_thread, &l);
    /* mid-load, at a moment A's workers hold a 4 s job (it cannot finish before the kill) */
    snprintf(sql, sizeof sql, "SELECT count(*) FROM jobs j JOIN invoices i ON i.id = j.invoice_id"
             " WHERE split_part(j.worker, ':', 2) = '%s' AND j.lease_until > now()"
             " AND i.profile = 'SLOWTEST'", apid);
    while (__atomic_load_n(&l.next, __ATOMIC_SEQ_CST) < LOAD_N / 2)
        tst_sleep_ms(10);
    while ((held_by_a = q1_ll(&A, sql)) < 1 && tst_now_ms() - t0 < 30000)
        tst_sleep_ms(5);
    sp_kill(&A);
    t_kill = tst_now_ms() - t0;
    for (int i = 0; i < 8; i++)
        pthread_join(th[i], NULL);
    /* every accepted invoice reaches a final status (through B) */
    for (int i = 0; i < LOAD_N; i++) {
        json_object *inv;
        if (!ids[i][0])
            continue;
        inv = wait_final(B.port, key, ids[i], 60000);
        final += inv && strcmp(status_of(inv), "processing") != 0;
        validated += inv && strcmp(status_of(inv), "validated") == 0;
        json_object_put(inv);
    }
    /* invoices A stored but never answered (its submit batch committed, then the kill) are
     * nobody's to wait for above: their jobs, leased to A, come back to B when the lease ends */
    for (double t1 = tst_now_ms(); tst_now_ms() - t1 < 30000; tst_sleep_ms(50))
        if (q1_ll(&B, "SELECT (SELECT count(*) FROM jobs) + (SELECT count(*) FROM invoices"
                      " WHERE status = 'processing')") == 0)
            break;
    pending = (int)q1_ll(&B, "SELECT count(*) FROM jobs");
    verdicts = q1_ll(&B, "SELECT count(*) FROM test_verdicts");
    distinct = q1_ll(&B, "SELECT count(DISTINCT invoice_id) FROM test_verdicts");
    /* invoices stored whose 202 never reached the client (A died answering) count apart */
    unknown_verdicts = verdicts - l.accepted;
    /* a claim followed by a later claim of the same job must have been held by A (dead) */
    snprintf(sql, sizeof sql, "SELECT count(*) FROM test_claims c WHERE EXISTS (SELECT 1 FROM"
             " test_claims n WHERE n.invoice_id = c.invoice_id AND n.attempts > c.attempts)"
             " AND split_part(c.worker, ':', 2) <> '%s'", apid);
    early_reclaims = q1_ll(&B, sql);
    reclaimed = q1_ll(&B, "SELECT count(DISTINCT invoice_id) FROM test_claims WHERE attempts > 1");
    printf("\n  two servers, one killed (postgresql): %d submitted, %d accepted, A (pid %s) killed"
           " at %.1f s holding %lld jobs; after %.1f s: %d final (%d validated), %d jobs left,"
           " %lld verdicts for %lld invoices (%lld from unanswered submits), %lld invoices re-run"
           " after A died, %lld claims taken over from a live worker\n",
           LOAD_N, l.accepted, apid, t_kill / 1000.0, held_by_a, (tst_now_ms() - t0) / 1000.0,
           final, validated, pending, verdicts, distinct, unknown_verdicts, reclaimed, early_reclaims);
    CU_ASSERT_TRUE(l.accepted >= LOAD_N / 2);
    CU_ASSERT_TRUE(held_by_a >= 1);
    CU_ASSERT_EQUAL(final, l.accepted);
    CU_ASSERT_EQUAL(q1_ll(&B, "SELECT count(*) FROM invoices WHERE result_json LIKE '%PROCESSING-%'"), 0);
    CU_ASSERT_EQUAL(pending, 0);
    CU_ASSERT_EQUAL(verdicts, distinct);            /* exactly one verdict per invoice */
    CU_ASSERT_TRUE(unknown_verdicts >= 0);
    CU_ASSERT_EQUAL(q1_ll(&B, "SELECT count(*) FROM invoices WHERE status = 'processing'"), 0);
    CU_ASSERT_EQUAL(q1_ll(&B, "SELECT count(*) FROM invoices i WHERE NOT EXISTS (SELECT 1 FROM"
                              " test_verdicts v WHERE v.invoice_id = i.id)"), 0);
    CU_ASSERT_EQUAL(early_reclaims, 0);
    CU_ASSERT_TRUE(reclaimed >= 1);                 /* the kill hit work in flight */
    CU_ASSERT_EQUAL(q1_ll(&B, "SELECT max(attempts) FROM test_verdicts") <= 2, 1);
out:
    sp_cleanup(&B);
    sp_cleanup(&A);
    free(ids);
}

/* ---------------------------------------------------------------- suites */

static int init_sqlite(void)
{
    KIND = SP_SQLITE;
    return 0;
}

static int init_pg(void)
{
    KIND = SP_POSTGRES;
    return 0;
}

static void add_tests(CU_pSuite s, int pg)
{
    CU_add_test(s, "long job, short lease: one worker", test_long_job_one_worker);
    CU_add_test(s, "attempts exhausted: PROCESSING-TIMEOUT", test_attempts_exhausted);
    CU_add_test(s, "deadline: taken over, late verdict refused", test_deadline_and_stolen_lease);
    if (pg)
        CU_add_test(s, "two servers, one killed: exactly once", test_pg_two_servers_kill);
}

unsigned tst_after(void)
{
    char cmd[400];
    free(SAMPLE);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", PLUGIN_DIR);
    if (system(cmd) != 0)
        fprintf(stderr, "test_workers: could not remove %s\n", PLUGIN_DIR);
    return 0;
}

void tst_suites(void)
{
    signal(SIGPIPE, SIG_IGN);
    SAMPLE = tst_read_data("ubl/sample-invoice.xml", &SAMPLE_LEN);
    if (!SAMPLE || !strstr(SAMPLE, "<Invoice")) {
        tst_setup_failed("tests/data/ubl/sample-invoice.xml not found");
        return;
    }
    if (make_plugin_dir() != 0) {
        tst_setup_failed("the slow profile's plugin folder cannot be made");
        return;
    }
    add_tests(CU_add_suite("workers sqlite", init_sqlite, NULL), 0);
    if (!sp_pg_missing())
        add_tests(CU_add_suite("workers postgresql", init_pg, NULL), 1);
    else
        tst_skip("EINV_TEST_PG_URL not set (PostgreSQL worker tests)");
}
