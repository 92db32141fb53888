/* The store (server/store.h) against SQLite always and against PostgreSQL when
 * EINV_TEST_PG_URL is set: every function, the races that matter (one account per subject,
 * exact quota under 50 concurrent submits, two claimers never sharing a job), leases,
 * paging and sorting, migrations (idempotent, embedded copy equal to the .sql files, changed
 * or newer schemas refused) and, on PostgreSQL, reconnecting after the server drops every
 * connection and LISTEN/NOTIFY between two store instances. Each backend runs in a fresh
 * database that the suite creates and drops. */
#include <CUnit/Basic.h>
#include <dirent.h>
#include <libpq-fe.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "store.h"
#include "store_int.h"
#include "tsupport.h"

#define PERIOD "2026-11"
#define POOL 8

static char g_url[1024];        /* the store URL of the running suite */
static char g_sqlite_dir[512];  /* SQLite: temp dir; PG: unused */
static char g_sqlite_path[600];
static char g_pg_admin[1024];   /* PG: URL of the database used to create/drop ours */
static char g_pg_db[64];
static int g_is_pg;
static einv_store_t *S;
static int g_seq;

/* ---------------------------------------------------------------- helpers */

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int iso_ok(const char *t)
{
    static const char pat[] = "dddd-dd-ddTdd:dd:dd.dddZ";
    if (strlen(t) != sizeof pat - 1)
        return 0;
    for (size_t i = 0; pat[i]; i++)
        if (pat[i] == 'd' ? (t[i] < '0' || t[i] > '9') : t[i] != pat[i])
            return 0;
    return 1;
}

/* Run one SQL statement directly on the suite's database (outside the store). Returns the
 * first column of the first row (static buffer) or NULL. */
static const char *db_sql(const char *sql)
{
    static char out[256];
    out[0] = '\0';
    if (g_is_pg) {
        PGconn *c = PQconnectdb(g_url);
        PGresult *r = PQexec(c, sql);
        int st = PQresultStatus(r);
        if (st == PGRES_TUPLES_OK && PQntuples(r) > 0)
            snprintf(out, sizeof out, "%s", PQgetvalue(r, 0, 0));
        if (st != PGRES_TUPLES_OK && st != PGRES_COMMAND_OK)
            fprintf(stderr, "db_sql: %s", PQerrorMessage(c));
        PQclear(r);
        PQfinish(c);
        return st == PGRES_TUPLES_OK || st == PGRES_COMMAND_OK ? out : NULL;
    }
    sqlite3 *db;
    sqlite3_stmt *st;
    int ok = 0;
    if (sqlite3_open(g_sqlite_path, &db) != SQLITE_OK)
        return NULL;
    sqlite3_busy_timeout(db, 5000);
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK) {
        int rc = sqlite3_step(st);
        if (rc == SQLITE_ROW && sqlite3_column_text(st, 0))
            snprintf(out, sizeof out, "%s", (const char *)sqlite3_column_text(st, 0));
        ok = rc == SQLITE_ROW || rc == SQLITE_DONE;
        sqlite3_finalize(st);
    }
    sqlite3_close(db);
    return ok ? out : NULL;
}

static void new_account(char id[37], int pro)
{
    store_account_t a;
    einv_error_t err = {0};
    char email[64];
    snprintf(email, sizeof email, "user%d-%d@example.com", getpid(), ++g_seq);
    int rc = store_account_create(S, email, pro, 0, NULL, &a, &err);
    CU_ASSERT_EQUAL_FATAL(rc, EINV_OK);
    memcpy(id, a.id, 37);
    store_account_clear(&a);
}

static void new_key(const char *account, long long limit, int sandbox, char id[37])
{
    store_key_t k;
    einv_error_t err = {0};
    char hash[65];
    char raw[64];
    snprintf(raw, sizeof raw, "svc_live_key-%d-%d", getpid(), ++g_seq);
    store_sha256_hex(raw, hash);
    int rc = store_key_create(S, account, "k", sandbox, limit, hash,
                              sandbox ? "svc_test_" : "svc_live_", "abcd", &k, &err);
    CU_ASSERT_EQUAL_FATAL(rc, EINV_OK);
    memcpy(id, k.id, 37);
    store_key_clear(&k);
}

static int submit(einv_store_t *s, const char *account, const char *key, const char *profile,
                  const char *api_format, int counts, long long key_limit, long long acc_limit,
                  char id[37], store_quota_state_t *q)
{
    static const char payload[] = "<Invoice>\0binary\xff</Invoice>";
    store_submit_t in = {0};
    einv_error_t err = {0};
    in.account_id = account;
    in.key_id = key;
    in.profile = profile;
    in.format = "ubl";
    in.api_format = api_format;
    in.payload = payload;
    in.payload_len = sizeof payload - 1;
    in.content_type = "application/xml";
    in.counts = counts;
    in.period = PERIOD;
    in.key_limit = key_limit;
    in.account_limit = acc_limit;
    return store_submit(s, &in, id, q, &err);
}

/* ---------------------------------------------------------------- suites */

static int open_store(void)
{
    einv_error_t err = {0};
    S = store_open(g_url, POOL, &err);
    if (!S)
        fprintf(stderr, "store_open(%s): %s: %s\n", g_url, err.message, err.detail);
    return S ? 0 : 1;
}

static int init_sqlite(void)
{
    g_is_pg = 0;
    snprintf(g_sqlite_dir, sizeof g_sqlite_dir, "/tmp/einv-store-XXXXXX");
    if (!mkdtemp(g_sqlite_dir))
        return 1;
    /* a directory that does not exist yet: store_open creates it */
    snprintf(g_sqlite_path, sizeof g_sqlite_path, "%s/var/data/einvoice.db", g_sqlite_dir);
    snprintf(g_url, sizeof g_url, "sqlite:%s", g_sqlite_path);
    return open_store();
}

static int cleanup_sqlite(void)
{
    char cmd[700];
    store_close(S);
    S = NULL;
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", g_sqlite_dir);
    return system(cmd) == 0 ? 0 : 1;
}

/* Same URL with another database name (the path part of a postgresql:// URL). */
static void url_with_db(const char *base, const char *db, char *out, size_t cap)
{
    const char *p = strstr(base, "://");
    p = p ? strchr(p + 3, '/') : NULL;
    const char *q = strchr(base, '?');
    if (!p || (q && q < p)) {
        size_t n = q ? (size_t)(q - base) : strlen(base);
        snprintf(out, cap, "%.*s/%s%s", (int)n, base, db, q ? q : "");
    } else {
        snprintf(out, cap, "%.*s/%s%s", (int)(p - base), base, db, q ? q : "");
    }
}

static int pg_admin(const char *sql)
{
    PGconn *c = PQconnectdb(g_pg_admin);
    PGresult *r = PQexec(c, sql);
    int ok = PQresultStatus(r) == PGRES_COMMAND_OK || PQresultStatus(r) == PGRES_TUPLES_OK;
    if (!ok)
        fprintf(stderr, "pg admin: %s", PQerrorMessage(c));
    PQclear(r);
    PQfinish(c);
    return ok;
}

static int init_pg(void)
{
    char sql[128];
    g_is_pg = 1;
    snprintf(g_pg_admin, sizeof g_pg_admin, "%s", getenv("EINV_TEST_PG_URL"));
    snprintf(g_pg_db, sizeof g_pg_db, "einv_store_%d_%ld", getpid(), (long)time(NULL));
    snprintf(sql, sizeof sql, "CREATE DATABASE %s", g_pg_db);
    if (!pg_admin(sql))
        return 1;
    url_with_db(g_pg_admin, g_pg_db, g_url, sizeof g_url);
    return open_store();
}

static int cleanup_pg(void)
{
    char sql[128];
    store_close(S);
    S = NULL;
    snprintf(sql, sizeof sql, "DROP DATABASE IF EXISTS %s WITH (FORCE)", g_pg_db);
    return pg_admin(sql) ? 0 : 1;
}

/* ---------------------------------------------------------------- tests */

static void test_open_and_migrations(void)
{
    einv_error_t err = {0};
    const store_migration_t *m = g_is_pg ? store_migrations_pg : store_migrations_sqlite;
    size_t n = g_is_pg ? store_migrations_pg_n : store_migrations_sqlite_n;
    char buf[32];

    CU_ASSERT_STRING_EQUAL(store_kind(S), g_is_pg ? "postgresql" : "sqlite");
    CU_ASSERT_EQUAL(store_ping(S), EINV_OK);
    snprintf(buf, sizeof buf, "%zu", n);
    CU_ASSERT_STRING_EQUAL(db_sql("SELECT count(*) FROM schema_migrations"), buf);

    /* open twice (and concurrently with the first): nothing is applied again */
    einv_store_t *again = store_open(g_url, 2, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(again);
    CU_ASSERT_EQUAL(store_ping(again), EINV_OK);
    store_close(again);
    CU_ASSERT_STRING_EQUAL(db_sql("SELECT count(*) FROM schema_migrations"), buf);

    /* an applied migration whose text changed is refused, as is a newer schema */
    const char *old = db_sql("SELECT checksum FROM schema_migrations WHERE version = 1");
    CU_ASSERT_PTR_NOT_NULL_FATAL(old);
    char saved[80], sql[200];
    snprintf(saved, sizeof saved, "%s", old);
    CU_ASSERT_PTR_NOT_NULL(db_sql("UPDATE schema_migrations SET checksum = 'x' WHERE version = 1"));
    memset(&err, 0, sizeof err);
    again = store_open(g_url, 1, &err);
    CU_ASSERT_PTR_NULL(again);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "changed"));
    store_close(again);
    snprintf(sql, sizeof sql, "UPDATE schema_migrations SET checksum = '%s' WHERE version = 1", saved);
    CU_ASSERT_PTR_NOT_NULL(db_sql(sql));
    CU_ASSERT_PTR_NOT_NULL(db_sql("INSERT INTO schema_migrations (version, name, checksum, applied_at)"
                                  " VALUES (999, 'future.sql', 'x', '2030-01-01T00:00:00.000Z')"));
    memset(&err, 0, sizeof err);
    again = store_open(g_url, 1, &err);
    CU_ASSERT_PTR_NULL(again);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "newer"));
    store_close(again);
    CU_ASSERT_PTR_NOT_NULL(db_sql("DELETE FROM schema_migrations WHERE version = 999"));
    again = store_open(g_url, 1, &err);
    CU_ASSERT_PTR_NOT_NULL(again);
    store_close(again);

    /* the embedded copies equal the .sql files, one for one, in increasing order */
    char dir[700];
    snprintf(dir, sizeof dir, "%s/%s", EINV_MIGRATIONS_DIR, g_is_pg ? "pg" : "sqlite");
    DIR *d = opendir(dir);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    size_t files = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".sql") != 0)
            continue;
        files++;
        char path[1000];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "rb");
        CU_ASSERT_PTR_NOT_NULL_FATAL(f);
        static char text[1 << 16];
        size_t got = fread(text, 1, sizeof text - 1, f);
        fclose(f);
        text[got] = '\0';
        int found = 0;
        for (size_t i = 0; i < n; i++) {
            if (strcmp(m[i].name, e->d_name) == 0) {
                found = 1;
                if (strcmp(m[i].sql, text) != 0)
                    fprintf(stderr, "embedded migration differs from %s\n", path);
                CU_ASSERT_STRING_EQUAL(m[i].sql, text);
                CU_ASSERT_EQUAL(m[i].version, atoi(e->d_name));
            }
        }
        if (!found)
            fprintf(stderr, "migration %s is not embedded (store_migrations.c)\n", path);
        CU_ASSERT(found);
    }
    closedir(d);
    CU_ASSERT_EQUAL(files, n);
    for (size_t i = 1; i < n; i++)
        CU_ASSERT(m[i].version > m[i - 1].version);

    /* bad URLs */
    CU_ASSERT_PTR_NULL(store_open("mysql://x", 1, &err));
    CU_ASSERT_PTR_NULL(store_open("sqlite::memory:", 1, &err));
    CU_ASSERT_PTR_NULL(store_open(NULL, 1, &err));
}

static void test_helpers(void)
{
    char a[37], b[37], t[32];
    store_uuid(a);
    store_uuid(b);
    CU_ASSERT_EQUAL(strlen(a), 36);
    CU_ASSERT_STRING_NOT_EQUAL(a, b);
    CU_ASSERT_EQUAL(a[14], '4');
    CU_ASSERT(strchr("89ab", a[19]) != NULL);
    store_now(t);
    CU_ASSERT(iso_ok(t));
    store_time_iso(0, t);
    CU_ASSERT_STRING_EQUAL(t, "1970-01-01T00:00:00.000Z");
    store_time_iso(1795253400123LL, t);
    CU_ASSERT_STRING_EQUAL(t, "2026-11-21T09:30:00.123Z");
}

static void test_accounts(void)
{
    store_account_t a, b;
    einv_error_t err = {0};
    char email[64];
    snprintf(email, sizeof email, "Boss%d@Example.com", getpid());
    CU_ASSERT_EQUAL_FATAL(store_account_create(S, email, 1, 1, NULL, &a, &err), EINV_OK);
    CU_ASSERT_EQUAL(strlen(a.id), 36);
    CU_ASSERT_STRING_EQUAL(a.email, email);
    CU_ASSERT_PTR_NULL(a.subject);
    CU_ASSERT_EQUAL(a.pro, 1);
    CU_ASSERT_EQUAL(a.super_admin, 1);
    CU_ASSERT(iso_ok(a.created_at));

    CU_ASSERT_EQUAL(store_account_by_id(S, a.id, &b), EINV_OK);
    CU_ASSERT_STRING_EQUAL(b.id, a.id);
    CU_ASSERT_STRING_EQUAL(b.email, email);
    CU_ASSERT_STRING_EQUAL(b.created_at, a.created_at);
    store_account_clear(&b);
    /* ids are case-insensitive; email lookup too */
    char upper[37];
    for (int i = 0; i < 37; i++)
        upper[i] = (char)(a.id[i] >= 'a' && a.id[i] <= 'f' ? a.id[i] - 32 : a.id[i]);
    CU_ASSERT_EQUAL(store_account_by_id(S, upper, &b), EINV_OK);
    store_account_clear(&b);
    char lower[64];
    for (int i = 0; i < 64; i++)
        lower[i] = (char)(email[i] >= 'A' && email[i] <= 'Z' ? email[i] + 32 : email[i]);
    CU_ASSERT_EQUAL(store_account_by_email(S, lower, &b), EINV_OK);
    CU_ASSERT_STRING_EQUAL(b.id, a.id);
    store_account_clear(&b);

    /* duplicate email refused */
    memset(&err, 0, sizeof err);
    CU_ASSERT_EQUAL(store_account_create(S, lower, 0, 0, NULL, &b, &err), EINV_ERR);
    CU_ASSERT(err.message[0] != '\0');

    /* flags */
    CU_ASSERT_EQUAL(store_account_set_plan(S, a.id, 0), EINV_OK);
    CU_ASSERT_EQUAL(store_account_set_super_admin(S, a.id, 0), EINV_OK);
    CU_ASSERT_EQUAL(store_account_by_id(S, a.id, &b), EINV_OK);
    CU_ASSERT_EQUAL(b.pro, 0);
    CU_ASSERT_EQUAL(b.super_admin, 0);
    store_account_clear(&b);

    /* unknown and malformed ids, hostile strings */
    char unknown[37];
    store_uuid(unknown);
    CU_ASSERT_EQUAL(store_account_by_id(S, unknown, &b), EINV_ERR_NOTFOUND);
    CU_ASSERT_EQUAL(store_account_by_id(S, "' OR 1=1 --", &b), EINV_ERR_NOTFOUND);
    CU_ASSERT_EQUAL(store_account_by_id(S, NULL, &b), EINV_ERR_NOTFOUND);
    CU_ASSERT_EQUAL(store_account_by_email(S, "x' OR '1'='1", &b), EINV_ERR_NOTFOUND);
    CU_ASSERT_EQUAL(store_account_set_plan(S, unknown, 1), EINV_ERR_NOTFOUND);
    CU_ASSERT_EQUAL(store_account_set_super_admin(S, "nope", 1), EINV_ERR_NOTFOUND);
    CU_ASSERT_EQUAL(store_account_create(S, "evil'); DROP TABLE accounts; --@x", 0, 0, NULL, &b, &err),
                    EINV_OK);
    CU_ASSERT_STRING_EQUAL(b.email, "evil'); DROP TABLE accounts; --@x");
    store_account_clear(&b);
    CU_ASSERT_EQUAL(store_account_by_id(S, a.id, &b), EINV_OK);
    store_account_clear(&b);

    /* usage of an account that never submitted */
    long long au = -1, ku = -1;
    CU_ASSERT_EQUAL(store_usage(S, a.id, NULL, PERIOD, &au, &ku), EINV_OK);
    CU_ASSERT_EQUAL(au, 0);
    CU_ASSERT_EQUAL(ku, 0);
    CU_ASSERT_EQUAL(store_usage(S, a.id, NULL, "2026-1", &au, &ku), EINV_ERR);
    store_account_clear(&a);
}

typedef struct subject_arg {
    pthread_barrier_t *bar;
    const char *subject, *email;
    int rc;
    char id[37];
} subject_arg_t;

static void *subject_thread(void *p)
{
    subject_arg_t *a = p;
    store_account_t acc;
    einv_error_t err = {0};
    pthread_barrier_wait(a->bar);
    a->rc = store_account_for_subject(S, a->subject, a->email, &acc, &err);
    if (a->rc == EINV_OK)
        memcpy(a->id, acc.id, 37);
    else
        fprintf(stderr, "for_subject: %s\n", err.message);
    store_account_clear(&acc);
    return NULL;
}

static void test_subject_race(void)
{
    enum { N = 8 };
    pthread_t th[N];
    subject_arg_t args[N];
    pthread_barrier_t bar;
    char subject[128], email[64], sql[256];
    snprintf(subject, sizeof subject, "https://idp.example|user-%d-%d", getpid(), ++g_seq);
    snprintf(email, sizeof email, "subject%d-%d@example.com", getpid(), g_seq);
    pthread_barrier_init(&bar, NULL, N);
    for (int i = 0; i < N; i++) {
        args[i] = (subject_arg_t){&bar, subject, email, -99, ""};
        pthread_create(&th[i], NULL, subject_thread, &args[i]);
    }
    for (int i = 0; i < N; i++)
        pthread_join(th[i], NULL);
    pthread_barrier_destroy(&bar);
    int same = 1;
    for (int i = 0; i < N; i++) {
        CU_ASSERT_EQUAL(args[i].rc, EINV_OK);
        same &= strcmp(args[i].id, args[0].id) == 0;
    }
    CU_ASSERT(same);
    snprintf(sql, sizeof sql, "SELECT count(*) FROM accounts WHERE subject = '%s'", subject);
    CU_ASSERT_STRING_EQUAL(db_sql(sql), "1");
    printf("\n    subject race: %d threads -> %s account(s)\n", N, db_sql(sql));

    store_account_t a;
    einv_error_t err = {0};
    CU_ASSERT_EQUAL(store_account_for_subject(S, subject, email, &a, &err), EINV_OK);
    CU_ASSERT_STRING_EQUAL(a.id, args[0].id);
    CU_ASSERT_STRING_EQUAL(a.subject, subject);
    CU_ASSERT_EQUAL(a.pro, 0);
    store_account_clear(&a);

    /* an account created by email (admin command) is linked on first sign-in */
    char admin_email[64], id[37];
    store_account_t b;
    snprintf(admin_email, sizeof admin_email, "linked%d@example.com", getpid());
    CU_ASSERT_EQUAL_FATAL(store_account_create(S, admin_email, 1, 0, NULL, &b, &err), EINV_OK);
    memcpy(id, b.id, 37);
    store_account_clear(&b);
    CU_ASSERT_EQUAL(store_account_for_subject(S, "iss|linked", admin_email, &a, &err), EINV_OK);
    CU_ASSERT_STRING_EQUAL(a.id, id);
    CU_ASSERT_EQUAL(a.pro, 1);
    CU_ASSERT_STRING_EQUAL(a.subject, "iss|linked");
    store_account_clear(&a);
    /* another subject with that email is not merged: an account of its own, addressed by
     * its subject (the email is taken) */
    memset(&err, 0, sizeof err);
    CU_ASSERT_EQUAL(store_account_for_subject(S, "iss|other", admin_email, &a, &err), EINV_OK);
    CU_ASSERT_STRING_NOT_EQUAL(a.id, id);
    CU_ASSERT_STRING_EQUAL(a.email ? a.email : "", "iss|other");
    store_account_clear(&a);
    /* a super-admin account is never linked by email, even without a subject */
    char sa_email[64], sa_id[37];
    snprintf(sa_email, sizeof sa_email, "root%d@example.com", getpid());
    CU_ASSERT_EQUAL_FATAL(store_account_create(S, sa_email, 1, 1, NULL, &b, &err), EINV_OK);
    memcpy(sa_id, b.id, 37);
    store_account_clear(&b);
    CU_ASSERT_EQUAL(store_account_for_subject(S, "iss|root", sa_email, &a, &err), EINV_OK);
    CU_ASSERT_STRING_NOT_EQUAL(a.id, sa_id);
    CU_ASSERT_EQUAL(a.super_admin, 0);
    store_account_clear(&a);
    /* the admin binds it by subject: the subject moves over to the super-admin account */
    CU_ASSERT_EQUAL(store_account_bind_subject(S, sa_email, "iss|root", &a, &err), EINV_OK);
    CU_ASSERT_STRING_EQUAL(a.id, sa_id);
    store_account_clear(&a);
    CU_ASSERT_EQUAL(store_account_for_subject(S, "iss|root", NULL, &a, &err), EINV_OK);
    CU_ASSERT_STRING_EQUAL(a.id, sa_id);
    CU_ASSERT_EQUAL(a.super_admin, 1);
    store_account_clear(&a);
    snprintf(sql, sizeof sql, "SELECT count(*) FROM accounts WHERE subject = 'iss|root'");
    CU_ASSERT_STRING_EQUAL(db_sql(sql), "1");
    CU_ASSERT_EQUAL(store_account_bind_subject(S, "nobody-here@example.com", "iss|x", &a, &err), EINV_ERR_NOTFOUND);
    /* no email claim at all: the subject is the address */
    CU_ASSERT_EQUAL(store_account_for_subject(S, "iss|noemail", NULL, &a, &err), EINV_OK);
    CU_ASSERT_STRING_EQUAL(a.email ? a.email : "", "iss|noemail");
    store_account_clear(&a);
    CU_ASSERT_EQUAL(store_account_for_subject(S, "", NULL, &a, &err), EINV_ERR_USAGE);
}

static void test_keys(void)
{
    char acc[37], other[37], hash[3][65];
    store_key_t k[3], got;
    einv_error_t err = {0};
    new_account(acc, 0);
    new_account(other, 0);
    for (int i = 0; i < 3; i++) {
        char raw[64];
        snprintf(raw, sizeof raw, "svc_live_keys-%d-%d", getpid(), i);
        store_sha256_hex(raw, hash[i]);
        CU_ASSERT_EQUAL_FATAL(store_key_create(S, acc, i == 1 ? "O'Brien; DROP TABLE api_keys"
                                                               : "ci key", i == 2, i == 0 ? -1 : 500,
                                               hash[i], i == 2 ? "svc_test_" : "svc_live_",
                                               "wxyz", &k[i], &err), EINV_OK);
        CU_ASSERT(iso_ok(k[i].created_at));
        CU_ASSERT_STRING_EQUAL(k[i].last_used_at, "");
        CU_ASSERT_STRING_EQUAL(k[i].revoked_at, "");
    }
    CU_ASSERT_EQUAL(k[0].quota_limit, -1);
    CU_ASSERT_EQUAL(k[1].quota_limit, 500);
    CU_ASSERT_EQUAL(k[2].sandbox, 1);
    CU_ASSERT_STRING_EQUAL(k[2].prefix, "svc_test_");

    /* a duplicate hash, an unknown account */
    CU_ASSERT_EQUAL(store_key_create(S, acc, "dup", 0, -1, hash[0], "svc_live_", "wxyz", &got, &err),
                    EINV_ERR);
    char unknown[37];
    store_uuid(unknown);
    CU_ASSERT_EQUAL(store_key_create(S, unknown, "x", 0, -1, "0000000000000000000000000000000000000000000000000000000000000000",
                                     "svc_live_", "wxyz", &got, &err), EINV_ERR_NOTFOUND);
    CU_ASSERT_EQUAL(store_key_create(S, acc, "x", 0, -1, "short", "svc_live_", "wxyz", &got, &err),
                    EINV_ERR_USAGE);

    /* list: newest first, all fields */
    store_key_t *list = NULL;
    size_t n = 0;
    CU_ASSERT_EQUAL(store_key_list(S, acc, &list, &n), EINV_OK);
    CU_ASSERT_EQUAL_FATAL(n, 3);
    CU_ASSERT_STRING_EQUAL(list[0].id, k[2].id);
    CU_ASSERT_STRING_EQUAL(list[1].id, k[1].id);
    CU_ASSERT_STRING_EQUAL(list[2].id, k[0].id);
    CU_ASSERT_STRING_EQUAL(list[1].name, "O'Brien; DROP TABLE api_keys");
    CU_ASSERT_STRING_EQUAL(list[1].account_id, acc);
    CU_ASSERT_STRING_EQUAL(list[1].last_four, "wxyz");
    CU_ASSERT_EQUAL(list[1].quota_limit, 500);
    for (size_t i = 0; i < n; i++)
        store_key_clear(&list[i]);
    free(list);
    CU_ASSERT_EQUAL(store_key_list(S, other, &list, &n), EINV_OK);
    CU_ASSERT_EQUAL(n, 0);
    CU_ASSERT_PTR_NULL(list);

    /* by hash, touch */
    CU_ASSERT_EQUAL(store_key_by_hash(S, hash[1], &got), EINV_OK);
    CU_ASSERT_STRING_EQUAL(got.id, k[1].id);
    store_key_clear(&got);
    CU_ASSERT_EQUAL(store_key_touch(S, k[1].id), EINV_OK);
    CU_ASSERT_EQUAL(store_key_by_hash(S, hash[1], &got), EINV_OK);
    CU_ASSERT(iso_ok(got.last_used_at));
    store_key_clear(&got);
    CU_ASSERT_EQUAL(store_key_touch(S, unknown), EINV_ERR_NOTFOUND);
    CU_ASSERT_EQUAL(store_key_by_hash(S, "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", &got),
                    EINV_ERR_NOTFOUND);
    CU_ASSERT_EQUAL(store_key_by_hash(S, "' OR 1=1 --", &got), EINV_ERR_NOTFOUND);

    /* revoke: another account's -> NOTFOUND; twice -> OK, first time kept */
    CU_ASSERT_EQUAL(store_key_revoke(S, other, k[0].id), EINV_ERR_NOTFOUND);
    CU_ASSERT_EQUAL(store_key_revoke(S, acc, unknown), EINV_ERR_NOTFOUND);
    CU_ASSERT_EQUAL(store_key_revoke(S, acc, "not-a-uuid"), EINV_ERR_NOTFOUND);
    CU_ASSERT_EQUAL(store_key_revoke(S, acc, k[0].id), EINV_OK);
    CU_ASSERT_EQUAL(store_key_by_hash(S, hash[0], &got), EINV_OK);
    CU_ASSERT(iso_ok(got.revoked_at));
    char first[32];
    memcpy(first, got.revoked_at, 32);
    store_key_clear(&got);
    tst_sleep_ms(5);
    CU_ASSERT_EQUAL(store_key_revoke(S, acc, k[0].id), EINV_OK);
    CU_ASSERT_EQUAL(store_key_by_hash(S, hash[0], &got), EINV_OK);
    CU_ASSERT_STRING_EQUAL(got.revoked_at, first);
    store_key_clear(&got);
    CU_ASSERT_EQUAL(store_key_by_hash(S, hash[1], &got), EINV_OK);
    CU_ASSERT_STRING_EQUAL(got.revoked_at, "");
    store_key_clear(&got);

    /* the key and its account in one read (authentication): the revoke shows at once */
    {
        store_account_t a;
        CU_ASSERT_EQUAL(store_key_auth(S, hash[0], &got, &a), EINV_OK);
        CU_ASSERT_STRING_EQUAL(got.id, k[0].id);
        CU_ASSERT_STRING_EQUAL(got.revoked_at, first);
        CU_ASSERT_STRING_EQUAL(a.id, acc);
        CU_ASSERT_PTR_NOT_NULL(a.email);
        store_key_clear(&got);
        store_account_clear(&a);
        CU_ASSERT_EQUAL(store_key_auth(S, hash[1], &got, &a), EINV_OK);
        CU_ASSERT_STRING_EQUAL(got.id, k[1].id);
        CU_ASSERT_STRING_EQUAL(got.account_id, acc);
        CU_ASSERT_STRING_EQUAL(got.name, "O'Brien; DROP TABLE api_keys");
        CU_ASSERT_EQUAL(got.quota_limit, 500);
        CU_ASSERT_STRING_EQUAL(got.revoked_at, "");
        CU_ASSERT_STRING_EQUAL(a.id, acc);
        CU_ASSERT(iso_ok(a.created_at));
        store_key_clear(&got);
        store_account_clear(&a);
        CU_ASSERT_EQUAL(store_key_auth(S, "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", &got, &a),
                        EINV_ERR_NOTFOUND);
        CU_ASSERT_EQUAL(store_key_auth(S, "' OR 1=1 --", &got, &a), EINV_ERR_NOTFOUND);
    }
    for (int i = 0; i < 3; i++)
        store_key_clear(&k[i]);
}

typedef struct quota_arg {
    pthread_barrier_t *bar;
    const char *account, *key;
    long long key_limit, acc_limit;
    int rc;
    store_quota_state_t q;
} quota_arg_t;

static void *quota_thread(void *p)
{
    quota_arg_t *a = p;
    char id[37];
    pthread_barrier_wait(a->bar);
    a->rc = submit(S, a->account, a->key, "EN16931", NULL, 1, a->key_limit, a->acc_limit, id, &a->q);
    return NULL;
}

/* Run n concurrent submits; returns the number accepted (and counts refusals). */
static int quota_race(int n, const char *account, const char *const *keys, int nkeys,
                      long long key_limit, long long acc_limit, int *refused, int *other)
{
    pthread_t *th = calloc((size_t)n, sizeof *th);
    quota_arg_t *args = calloc((size_t)n, sizeof *args);
    pthread_barrier_t bar;
    int ok = 0;
    *refused = *other = 0;
    pthread_barrier_init(&bar, NULL, (unsigned)n);
    for (int i = 0; i < n; i++) {
        args[i] = (quota_arg_t){&bar, account, nkeys ? keys[i % nkeys] : NULL, key_limit, acc_limit,
                                -99, {0, 0}};
        pthread_create(&th[i], NULL, quota_thread, &args[i]);
    }
    for (int i = 0; i < n; i++) {
        pthread_join(th[i], NULL);
        if (args[i].rc == EINV_OK)
            ok++;
        else if (args[i].rc == STORE_QUOTA)
            (*refused)++;
        else
            (*other)++;
    }
    pthread_barrier_destroy(&bar);
    free(th);
    free(args);
    return ok;
}

static void test_submit_quota(void)
{
    char acc[37], key[37], id[37];
    long long au, ku, count;
    int refused, other;
    store_quota_state_t q;
    new_account(acc, 1);
    new_key(acc, 15, 0, key);

    /* 5 used before the race: 10 remain of the key's 15 */
    for (int i = 0; i < 5; i++) {
        CU_ASSERT_EQUAL(submit(S, acc, key, "EN16931", NULL, 1, 15, -1, id, &q), EINV_OK);
        CU_ASSERT_EQUAL(q.key_used, i + 1);
        CU_ASSERT_EQUAL(q.account_used, i + 1);
    }
    const char *keys[] = {key};
    double t0 = now_s();
    int ok = quota_race(50, acc, keys, 1, 15, -1, &refused, &other);
    printf("\n    %s quota race (key limit, 10 remaining): 50 threads -> %d OK, %d STORE_QUOTA, %d other"
           " in %.2f s\n", store_kind(S), ok, refused, other, now_s() - t0);
    CU_ASSERT_EQUAL(ok, 10);
    CU_ASSERT_EQUAL(refused, 40);
    CU_ASSERT_EQUAL(other, 0);
    CU_ASSERT_EQUAL(store_count_invoices(S, acc, &count), EINV_OK);
    CU_ASSERT_EQUAL(count, 15);
    CU_ASSERT_EQUAL(store_usage(S, acc, key, PERIOD, &au, &ku), EINV_OK);
    CU_ASSERT_EQUAL(au, 15);
    CU_ASSERT_EQUAL(ku, 15);
    /* refused: nothing written, current counters reported */
    memset(&q, 0, sizeof q);
    CU_ASSERT_EQUAL(submit(S, acc, key, "EN16931", NULL, 1, 15, -1, id, &q), STORE_QUOTA);
    CU_ASSERT_EQUAL(q.key_used, 15);
    CU_ASSERT_EQUAL(q.account_used, 15);
    CU_ASSERT_EQUAL(id[0], '\0');
    CU_ASSERT_EQUAL(store_count_invoices(S, acc, &count), EINV_OK);
    CU_ASSERT_EQUAL(count, 15);
    /* another period starts at zero */
    CU_ASSERT_EQUAL(store_usage(S, acc, key, "2026-12", &au, &ku), EINV_OK);
    CU_ASSERT_EQUAL(au + ku, 0);

    /* the account cap across two keys and token submissions: 10 remain of 12 */
    char acc2[37], k1[37], k2[37];
    new_account(acc2, 0);
    new_key(acc2, -1, 0, k1);
    new_key(acc2, 500, 0, k2);
    CU_ASSERT_EQUAL(submit(S, acc2, NULL, "EN16931", NULL, 1, -1, 12, id, &q), EINV_OK);
    CU_ASSERT_EQUAL(submit(S, acc2, k1, "EN16931", NULL, 1, -1, 12, id, &q), EINV_OK);
    const char *keys2[] = {k1, k2, NULL};
    t0 = now_s();
    ok = quota_race(50, acc2, keys2, 3, 500, 12, &refused, &other);
    printf("    %s quota race (account cap over 2 keys + token, 10 remaining): 50 threads -> %d OK,"
           " %d STORE_QUOTA, %d other in %.2f s\n", store_kind(S), ok, refused, other, now_s() - t0);
    CU_ASSERT_EQUAL(ok, 10);
    CU_ASSERT_EQUAL(refused, 40);
    CU_ASSERT_EQUAL(store_count_invoices(S, acc2, &count), EINV_OK);
    CU_ASSERT_EQUAL(count, 12);
    CU_ASSERT_EQUAL(store_usage(S, acc2, NULL, PERIOD, &au, NULL), EINV_OK);
    CU_ASSERT_EQUAL(au, 12);
    long long u1, u2;
    store_usage(S, acc2, k1, PERIOD, NULL, &u1);
    store_usage(S, acc2, k2, PERIOD, NULL, &u2);
    CU_ASSERT(u1 + u2 <= 11 && u1 + u2 >= 1);

    /* limit 0 refuses at once; counts = 0 never counts nor refuses */
    char acc3[37], k3[37];
    new_account(acc3, 0);
    new_key(acc3, 0, 0, k3);
    CU_ASSERT_EQUAL(submit(S, acc3, k3, "EN16931", NULL, 1, 0, -1, id, &q), STORE_QUOTA);
    CU_ASSERT_EQUAL(submit(S, acc3, NULL, "EN16931", NULL, 1, -1, 0, id, &q), STORE_QUOTA);
    CU_ASSERT_EQUAL(submit(S, acc3, k3, "EN16931", NULL, 0, 0, 0, id, &q), EINV_OK);
    CU_ASSERT_EQUAL(store_usage(S, acc3, k3, PERIOD, &au, &ku), EINV_OK);
    CU_ASSERT_EQUAL(au + ku, 0);

    /* unknown account / key, malformed input */
    char unknown[37];
    store_uuid(unknown);
    CU_ASSERT_EQUAL(submit(S, unknown, NULL, "EN16931", NULL, 1, -1, 5, id, &q), EINV_ERR_NOTFOUND);
    CU_ASSERT_EQUAL(submit(S, acc3, unknown, "EN16931", NULL, 1, 5, -1, id, &q), EINV_ERR_NOTFOUND);
    CU_ASSERT_EQUAL(submit(S, "x", NULL, "EN16931", NULL, 1, -1, 5, id, &q), EINV_ERR_NOTFOUND);
    CU_ASSERT_EQUAL(submit(S, acc3, NULL, "A-PROFILE-NAME-TOO-LONG", NULL, 0, -1, -1, id, &q),
                    EINV_ERR_USAGE);
    CU_ASSERT_EQUAL(store_count_invoices(S, acc3, &count), EINV_OK);
    CU_ASSERT_EQUAL(count, 1);
}

static void test_invoice_and_payload(void)
{
    char acc[37], other[37], id[37];
    store_quota_state_t q;
    store_invoice_t inv;
    new_account(acc, 0);
    new_account(other, 0);
    CU_ASSERT_EQUAL_FATAL(submit(S, acc, NULL, "PEPPOL", "UBL", 0, -1, -1, id, &q), EINV_OK);
    CU_ASSERT_EQUAL(strlen(id), 36);
    CU_ASSERT_EQUAL(store_invoice_get(S, id, acc, &inv), EINV_OK);
    CU_ASSERT_STRING_EQUAL(inv.id, id);
    CU_ASSERT_STRING_EQUAL(inv.account_id, acc);
    CU_ASSERT_STRING_EQUAL(inv.key_id, "");
    CU_ASSERT_STRING_EQUAL(inv.status, "processing");
    CU_ASSERT_STRING_EQUAL(inv.profile, "PEPPOL");
    CU_ASSERT_STRING_EQUAL(inv.format, "UBL");
    CU_ASSERT_EQUAL(inv.sandbox, 0);
    CU_ASSERT(iso_ok(inv.created_at));
    CU_ASSERT_PTR_NULL(inv.canonical_json);
    CU_ASSERT_PTR_NULL(inv.result_json);
    CU_ASSERT_PTR_NULL(inv.invoice_number);
    store_invoice_clear(&inv);
    CU_ASSERT_EQUAL(store_invoice_get(S, id, NULL, &inv), EINV_OK);
    store_invoice_clear(&inv);
    CU_ASSERT_EQUAL(store_invoice_get(S, id, other, &inv), EINV_ERR_NOTFOUND);
    CU_ASSERT_EQUAL(store_invoice_get(S, "../../etc/passwd", NULL, &inv), EINV_ERR_NOTFOUND);

    void *data;
    size_t len;
    char *ct;
    CU_ASSERT_EQUAL(store_invoice_payload(S, id, &data, &len, &ct), EINV_OK);
    CU_ASSERT_EQUAL(len, sizeof "<Invoice>\0binary\xff</Invoice>" - 1);
    CU_ASSERT(memcmp(data, "<Invoice>\0binary\xff</Invoice>", len) == 0);
    CU_ASSERT_STRING_EQUAL(ct, "application/xml");
    free(data);
    free(ct);
    CU_ASSERT_EQUAL(store_invoice_payload(S, other, &data, &len, NULL), EINV_ERR_NOTFOUND);
    CU_ASSERT_PTR_NULL(data);
}

static void test_sandbox(void)
{
    char acc[37], key[37], id[37];
    long long jobs_before, jobs_after, au, ku;
    store_invoice_t inv;
    store_quota_state_t q;
    einv_error_t err = {0};
    static const char canonical[] = "{\"invoiceNumber\":\"SANDBOX-1\",\"currency\":\"EUR\"}";
    static const char result[] = "{\"valid\":true,\"errors\":[{\"severity\":\"WARNING\"}],"
                                 "\"kositResult\":{\"valid\":true,\"errors\":[]}}";
    new_account(acc, 0);
    new_key(acc, 0, 1, key);
    store_job_count(S, &jobs_before);
    store_submit_t in = {0};
    in.account_id = acc;
    in.key_id = key;
    in.profile = "XRECHNUNG";
    in.format = NULL;
    in.api_format = "CII";
    in.sandbox = 1;
    in.payload = "whatever";
    in.payload_len = 8;
    in.content_type = "application/octet-stream";
    in.sandbox_canonical_json = canonical;
    in.sandbox_result_json = result;
    in.counts = 1;              /* ignored for sandbox */
    in.period = PERIOD;
    in.key_limit = 0;           /* would refuse a live submit */
    in.account_limit = 0;
    CU_ASSERT_EQUAL_FATAL(store_submit(S, &in, id, &q, &err), EINV_OK);
    store_job_count(S, &jobs_after);
    CU_ASSERT_EQUAL(jobs_after, jobs_before);
    CU_ASSERT_EQUAL(store_invoice_get(S, id, acc, &inv), EINV_OK);
    CU_ASSERT_STRING_EQUAL(inv.status, "validated");
    CU_ASSERT_EQUAL(inv.sandbox, 1);
    CU_ASSERT_EQUAL(inv.valid, 1);
    CU_ASSERT_EQUAL(inv.error_count, 0);
    CU_ASSERT_EQUAL(inv.warning_count, 1);
    CU_ASSERT_STRING_EQUAL(inv.format, "CII");
    CU_ASSERT_STRING_EQUAL(inv.key_id, key);
    CU_ASSERT_PTR_NOT_NULL(inv.invoice_number);
    if (inv.invoice_number)
        CU_ASSERT_STRING_EQUAL(inv.invoice_number, "SANDBOX-1");
    CU_ASSERT_PTR_NOT_NULL(inv.canonical_json);
    if (inv.canonical_json)
        CU_ASSERT_STRING_EQUAL(inv.canonical_json, canonical);
    if (inv.result_json)
        CU_ASSERT_STRING_EQUAL(inv.result_json, result);
    store_invoice_clear(&inv);
    CU_ASSERT_EQUAL(store_usage(S, acc, key, PERIOD, &au, &ku), EINV_OK);
    CU_ASSERT_EQUAL(au + ku, 0);
}

static void drain_jobs(void)
{
    store_job_t j;
    while (store_job_claim(S, "drain", 60, &j) == EINV_OK) {
        store_job_complete(S, j.id, j.attempts, &(store_verdict_t){j.invoice_id, "failed_validation", NULL,
                                                                   NULL, "{}", "{}", NULL, 1, 0});
        store_job_clear(&j);
    }
}

static void test_jobs(void)
{
    char acc[37], id[37];
    store_quota_state_t q;
    store_job_t j;
    store_invoice_t inv;
    long long n;
    drain_jobs();
    new_account(acc, 0);
    CU_ASSERT_EQUAL(store_job_claim(S, "w1", 30, &j), EINV_ERR_NOTFOUND);
    CU_ASSERT_EQUAL(store_job_count(S, &n), EINV_OK);
    CU_ASSERT_EQUAL(n, 0);
    CU_ASSERT_EQUAL_FATAL(submit(S, acc, NULL, "EN16931", NULL, 0, -1, -1, id, &q), EINV_OK);
    CU_ASSERT_EQUAL(store_job_count(S, &n), EINV_OK);
    CU_ASSERT_EQUAL(n, 1);
    CU_ASSERT_EQUAL_FATAL(store_job_claim(S, "w1", 30, &j), EINV_OK);
    CU_ASSERT_STRING_EQUAL(j.invoice_id, id);
    CU_ASSERT_STRING_EQUAL(j.account_id, acc);
    CU_ASSERT_STRING_EQUAL(j.profile, "EN16931");
    CU_ASSERT_STRING_EQUAL(j.format, "ubl");
    CU_ASSERT_PTR_NULL(j.tier);
    CU_ASSERT_EQUAL(j.attempts, 1);
    CU_ASSERT_EQUAL(j.payload_len, sizeof "<Invoice>\0binary\xff</Invoice>" - 1);
    CU_ASSERT(j.payload && memcmp(j.payload, "<Invoice>\0binary\xff</Invoice>", j.payload_len) == 0);
    /* leased: nobody else gets it */
    store_job_t j2;
    CU_ASSERT_EQUAL(store_job_claim(S, "w2", 30, &j2), EINV_ERR_NOTFOUND);
    /* still counted until complete */
    CU_ASSERT_EQUAL(store_job_count(S, &n), EINV_OK);
    CU_ASSERT_EQUAL(n, 1);
    /* a wrong invoice id for the job changes nothing */
    char unknown[37];
    store_uuid(unknown);
    CU_ASSERT_EQUAL(store_job_complete(S, j.id, j.attempts, &(store_verdict_t){unknown, "validated", "UBL",
            "X", "{}", "{}", NULL, 0, 0}),
                    EINV_ERR_NOTFOUND);
    CU_ASSERT_EQUAL(store_job_complete(S, j.id, j.attempts, &(store_verdict_t){id, "bogus", "UBL", "X",
            "{}", "{}", NULL, 0, 0}), EINV_ERR);
    CU_ASSERT_EQUAL(store_job_complete(S, j.id, j.attempts, &(store_verdict_t){id, "validated", "UBL",
            "INV-42", "{\"invoiceNumber\":\"INV-42\"}", "{\"valid\":true,\"errors\":[]}", NULL, 0, 2}),
                        EINV_OK);
    CU_ASSERT_EQUAL(store_job_count(S, &n), EINV_OK);
    CU_ASSERT_EQUAL(n, 0);
    CU_ASSERT_EQUAL(store_invoice_get(S, id, acc, &inv), EINV_OK);
    CU_ASSERT_STRING_EQUAL(inv.status, "validated");
    CU_ASSERT_STRING_EQUAL(inv.format, "UBL");
    CU_ASSERT_EQUAL(inv.valid, 1);
    CU_ASSERT_EQUAL(inv.warning_count, 2);
    CU_ASSERT_STRING_EQUAL(inv.invoice_number, "INV-42");
    CU_ASSERT_STRING_EQUAL(inv.canonical_json, "{\"invoiceNumber\":\"INV-42\"}");
    CU_ASSERT_STRING_EQUAL(inv.result_json, "{\"valid\":true,\"errors\":[]}");
    store_invoice_clear(&inv);
    store_job_clear(&j);
    CU_ASSERT_EQUAL(store_job_claim(S, "w1", 30, &j), EINV_ERR_NOTFOUND);

    /* a failed verdict; tier carried to the job */
    store_submit_t in = {0};
    einv_error_t err = {0};
    in.account_id = acc;
    in.profile = "EN16931";
    in.format = "pdf";
    in.tier = "ACCURATE";
    in.payload = "%PDF-1.7";
    in.payload_len = 8;
    in.content_type = "application/pdf";
    CU_ASSERT_EQUAL_FATAL(store_submit(S, &in, id, NULL, &err), EINV_OK);
    CU_ASSERT_EQUAL_FATAL(store_job_claim(S, "w1", 30, &j), EINV_OK);
    CU_ASSERT_STRING_EQUAL(j.tier, "ACCURATE");
    CU_ASSERT_STRING_EQUAL(j.format, "pdf");
    CU_ASSERT_EQUAL(store_job_complete(S, j.id, j.attempts, &(store_verdict_t){j.invoice_id,
            "failed_validation", "PDF_EXTRACTED", NULL, "{}", "{\"valid\":false}", NULL, 3, 1}), EINV_OK);
    CU_ASSERT_EQUAL(store_invoice_get(S, id, NULL, &inv), EINV_OK);
    CU_ASSERT_STRING_EQUAL(inv.status, "failed_validation");
    CU_ASSERT_STRING_EQUAL(inv.format, "PDF_EXTRACTED");
    CU_ASSERT_EQUAL(inv.valid, 0);
    CU_ASSERT_EQUAL(inv.error_count, 3);
    store_invoice_clear(&inv);
    store_job_clear(&j);
}

typedef struct wait_arg {
    einv_store_t *s;
    int timeout, rc;
    double took;
} wait_arg_t;

static void *wait_thread(void *p)
{
    wait_arg_t *a = p;
    double t0 = now_s();
    a->rc = store_job_wait(a->s, a->timeout);
    a->took = now_s() - t0;
    return NULL;
}

static void test_job_wait(void)
{
    char acc[37], id[37];
    store_quota_state_t q;
    double t0;
    drain_jobs();
    new_account(acc, 0);
    /* the first wait of this thread settles what it has seen (and on PostgreSQL starts the
     * LISTEN thread, which wakes waiters once when connected) */
    store_job_wait(S, 0);
    tst_sleep_ms(300);
    store_job_wait(S, 0);
    t0 = now_s();
    CU_ASSERT_EQUAL(store_job_wait(S, 300), EINV_DECLINED);
    CU_ASSERT(now_s() - t0 >= 0.25);
    CU_ASSERT(now_s() - t0 < 2.0);

    /* a submit wakes a waiting worker at once */
    pthread_t th;
    wait_arg_t w = {S, 5000, -1, 0};
    pthread_create(&th, NULL, wait_thread, &w);
    tst_sleep_ms(200);
    CU_ASSERT_EQUAL(submit(S, acc, NULL, "EN16931", NULL, 0, -1, -1, id, &q), EINV_OK);
    pthread_join(th, NULL);
    CU_ASSERT_EQUAL(w.rc, EINV_OK);   /* woken */
    CU_ASSERT(w.took < 2.0);
    /* a submit between an empty claim and the wait is not lost */
    CU_ASSERT_EQUAL(submit(S, acc, NULL, "EN16931", NULL, 0, -1, -1, id, &q), EINV_OK);
    t0 = now_s();
    CU_ASSERT_EQUAL(store_job_wait(S, 3000), EINV_OK);
    CU_ASSERT(now_s() - t0 < 1.0);
    drain_jobs();
}

static void test_lease_expiry(void)
{
    char acc[37], id[37], sql[200];
    store_quota_state_t q;
    store_job_t j, j2;
    store_invoice_t inv;
    drain_jobs();
    new_account(acc, 0);
    CU_ASSERT_EQUAL_FATAL(submit(S, acc, NULL, "EN16931", NULL, 0, -1, -1, id, &q), EINV_OK);
    CU_ASSERT_EQUAL_FATAL(store_job_claim(S, "dies", 1, &j), EINV_OK);
    CU_ASSERT_EQUAL(j.attempts, 1);
    CU_ASSERT_EQUAL(j.running_ms, 0);
    CU_ASSERT_STRING_EQUAL(j.prev_worker, "");
    CU_ASSERT_EQUAL(store_job_claim(S, "other", 1, &j2), EINV_ERR_NOTFOUND);
    tst_sleep_ms(1300);
    /* the first worker "died": its job is claimed again, with a new fencing token */
    CU_ASSERT_EQUAL_FATAL(store_job_claim(S, "other", 30, &j2), EINV_OK);
    CU_ASSERT_EQUAL(j2.id, j.id);
    CU_ASSERT_STRING_EQUAL(j2.invoice_id, id);
    CU_ASSERT_EQUAL(j2.attempts, 2);
    CU_ASSERT_STRING_EQUAL(j2.prev_worker, "dies");
    CU_ASSERT(j2.running_ms >= 1000 && j2.running_ms < 60000);
    CU_ASSERT(j2.payload_len > 0);
    /* one renewal of both claims: only the current one is held */
    {
        store_lease_t l[2] = {{j.id, j.attempts}, {j2.id, j2.attempts}};
        unsigned char held[2] = {9, 9};
        CU_ASSERT_EQUAL(store_jobs_renew(S, l, 2, 30, held), EINV_OK);
        CU_ASSERT_EQUAL(held[0], 0);
        CU_ASSERT_EQUAL(held[1], 1);
    }
    /* the late first worker is refused and changes nothing, before and after the verdict */
    CU_ASSERT_EQUAL(store_job_complete(S, j.id, j.attempts, &(store_verdict_t){j.invoice_id,
            "failed_validation", "UBL", "LATE", "{}", "{\"late\":1}", NULL, 1, 0}), EINV_ERR_NOTFOUND);
    CU_ASSERT_EQUAL(store_invoice_get(S, id, NULL, &inv), EINV_OK);
    CU_ASSERT_STRING_EQUAL(inv.status, "processing");
    store_invoice_clear(&inv);
    CU_ASSERT_EQUAL(store_job_complete(S, j2.id, j2.attempts, &(store_verdict_t){j2.invoice_id, "validated",
            "UBL", NULL, "{}", "{}", NULL, 0, 0}), EINV_OK);
    CU_ASSERT_EQUAL(store_job_complete(S, j.id, j.attempts, &(store_verdict_t){j.invoice_id,
            "failed_validation", "UBL", "LATE", "{}", "{\"late\":1}", NULL, 1, 0}), EINV_ERR_NOTFOUND);
    CU_ASSERT_EQUAL(store_invoice_get(S, id, NULL, &inv), EINV_OK);
    CU_ASSERT_STRING_EQUAL(inv.status, "validated");
    CU_ASSERT_STRING_EQUAL(inv.result_json, "{}");
    CU_ASSERT_PTR_NULL(inv.invoice_number);
    store_invoice_clear(&inv);
    /* the verdict records the claims it took and who stored it */
    snprintf(sql, sizeof sql, "SELECT attempts || ' ' || completed_by FROM invoices WHERE id = '%s'", id);
    CU_ASSERT_STRING_EQUAL(db_sql(sql), "2 other");
    store_job_clear(&j);
    store_job_clear(&j2);
    long long n;
    store_job_count(S, &n);
    CU_ASSERT_EQUAL(n, 0);
}

/* A renewed lease is never claimed by another worker, however long the job runs; a lease
 * renewed for a job that is gone is reported lost. */
static void test_lease_renewal(void)
{
    char acc[37], id[37];
    store_quota_state_t q;
    store_job_t j, j2;
    store_lease_t l;
    unsigned char held = 9;
    int stolen = 0, renewed = 0;
    drain_jobs();
    new_account(acc, 0);
    CU_ASSERT_EQUAL_FATAL(submit(S, acc, NULL, "EN16931", NULL, 0, -1, -1, id, &q), EINV_OK);
    CU_ASSERT_EQUAL_FATAL(store_job_claim(S, "keeper", 1, &j), EINV_OK);
    l.job_id = j.id;
    l.attempts = j.attempts;
    /* 2.5 s, 2.5 leases: renewed every 300 ms, tried by another claimer in between */
    for (int i = 0; i < 8; i++) {
        tst_sleep_ms(300);
        renewed += store_jobs_renew(S, &l, 1, 1, &held) == EINV_OK && held == 1;
        if (store_job_claim(S, "thief", 1, &j2) == EINV_OK) {
            stolen++;
            store_job_clear(&j2);
        }
    }
    CU_ASSERT_EQUAL(renewed, 8);
    CU_ASSERT_EQUAL(stolen, 0);
    CU_ASSERT_EQUAL(store_jobs_renew(S, NULL, 0, 1, NULL), EINV_OK);   /* nothing to renew */
    CU_ASSERT_EQUAL(store_job_complete(S, j.id, j.attempts, &(store_verdict_t){j.invoice_id, "validated",
            "UBL", NULL, "{}", "{}", NULL, 0, 0}), EINV_OK);
    held = 9;
    CU_ASSERT_EQUAL(store_jobs_renew(S, &l, 1, 1, &held), EINV_OK);
    CU_ASSERT_EQUAL(held, 0);
    store_job_clear(&j);
}

/* store_jobs_recover answers in the store's codes (it returned SQLITE_DONE once, logged as
 * a failure at every start); on SQLite it frees held jobs at once, keeping the claim count. */
static void test_jobs_recover(void)
{
    char acc[37], id[37];
    store_quota_state_t q;
    store_job_t j, j2;
    drain_jobs();
    new_account(acc, 0);
    CU_ASSERT_EQUAL(store_jobs_recover(S), EINV_OK);
    CU_ASSERT_EQUAL_FATAL(submit(S, acc, NULL, "EN16931", NULL, 0, -1, -1, id, &q), EINV_OK);
    CU_ASSERT_EQUAL_FATAL(store_job_claim(S, "crashed", 60, &j), EINV_OK);
    CU_ASSERT_EQUAL(store_jobs_recover(S), EINV_OK);
    if (g_is_pg) {
        /* other live processes may hold leases: they expire instead */
        CU_ASSERT_EQUAL(store_job_claim(S, "next", 60, &j2), EINV_ERR_NOTFOUND);
    } else {
        CU_ASSERT_EQUAL_FATAL(store_job_claim(S, "next", 60, &j2), EINV_OK);
        CU_ASSERT_EQUAL(j2.attempts, 2);
        CU_ASSERT_STRING_EQUAL(j2.prev_worker, "crashed");
        CU_ASSERT_EQUAL(store_job_complete(S, j.id, j.attempts, &(store_verdict_t){j.invoice_id,
                "validated", "UBL", NULL, "{}", "{}", NULL, 0, 0}), EINV_ERR_NOTFOUND);
        CU_ASSERT_EQUAL(store_job_complete(S, j2.id, j2.attempts, &(store_verdict_t){j2.invoice_id,
                "validated", "UBL", NULL, "{}", "{}", NULL, 0, 0}), EINV_OK);
        store_job_clear(&j2);
    }
    store_job_clear(&j);
    if (g_is_pg)
        CU_ASSERT_PTR_NOT_NULL(db_sql("UPDATE jobs SET lease_until = NULL"));
    drain_jobs();
}

#define CLAIM_JOBS 60
typedef struct claim_arg {
    pthread_barrier_t *bar;
    long long got[CLAIM_JOBS];
    int n, errors;
    char name[16];
} claim_arg_t;

static void *claim_thread(void *p)
{
    claim_arg_t *a = p;
    store_job_t j;
    int rc;
    pthread_barrier_wait(a->bar);
    while ((rc = store_job_claim(S, a->name, 60, &j)) == EINV_OK) {
        if (a->n < CLAIM_JOBS)
            a->got[a->n] = j.id;
        a->n++;
        if (store_job_complete(S, j.id, j.attempts, &(store_verdict_t){j.invoice_id, "validated", "UBL",
                NULL, "{}", "{}", NULL, 0, 0}) != EINV_OK)
            a->errors++;
        store_job_clear(&j);
    }
    if (rc != EINV_ERR_NOTFOUND)
        a->errors++;
    return NULL;
}

static void test_concurrent_claims(void)
{
    enum { T = 4 };
    char acc[37], id[37];
    store_quota_state_t q;
    pthread_t th[T];
    claim_arg_t *args = calloc(T, sizeof *args);
    pthread_barrier_t bar;
    drain_jobs();
    new_account(acc, 0);
    for (int i = 0; i < CLAIM_JOBS; i++)
        CU_ASSERT_EQUAL_FATAL(submit(S, acc, NULL, "EN16931", NULL, 0, -1, -1, id, &q), EINV_OK);
    pthread_barrier_init(&bar, NULL, T);
    double t0 = now_s();
    for (int i = 0; i < T; i++) {
        args[i].bar = &bar;
        snprintf(args[i].name, sizeof args[i].name, "w%d", i);
        pthread_create(&th[i], NULL, claim_thread, &args[i]);
    }
    int total = 0, errors = 0, dup = 0;
    for (int i = 0; i < T; i++) {
        pthread_join(th[i], NULL);
        total += args[i].n;
        errors += args[i].errors;
    }
    pthread_barrier_destroy(&bar);
    for (int a = 0; a < T; a++)
        for (int i = 0; i < args[a].n && i < CLAIM_JOBS; i++)
            for (int b = 0; b < T; b++)
                for (int k = 0; k < args[b].n && k < CLAIM_JOBS; k++)
                    if ((a != b || i != k) && args[a].got[i] == args[b].got[k])
                        dup++;
    printf("\n    %s claims: %d jobs, %d claimers -> %d claimed (%d/%d/%d/%d), %d duplicates,"
           " %d errors in %.2f s\n", store_kind(S), CLAIM_JOBS, T, total, args[0].n, args[1].n,
           args[2].n, args[3].n, dup, errors, now_s() - t0);
    CU_ASSERT_EQUAL(total, CLAIM_JOBS);
    CU_ASSERT_EQUAL(dup, 0);
    CU_ASSERT_EQUAL(errors, 0);
    long long n;
    store_job_count(S, &n);
    CU_ASSERT_EQUAL(n, 0);
    free(args);
}

static int cmp_field(const store_invoice_t *a, const store_invoice_t *b, const char *field)
{
    if (strcmp(field, "status") == 0)
        return strcmp(a->status, b->status);
    if (strcmp(field, "validationProfile") == 0)
        return strcmp(a->profile, b->profile);
    if (strcmp(field, "invoiceFormat") == 0)
        return strcmp(a->format, b->format);
    return strcmp(a->created_at, b->created_at);
}

static void test_list(void)
{
    enum { N = 7 };
    static const char *profiles[N] = {"PEPPOL", "EN16931", "XRECHNUNG", "EN16931", "FRANCE", "PEPPOL", "ITALY"};
    static const char *formats[N] = {"UBL", "CII", "UBL", NULL, "IDOC", "CII", "UBL"};
    static const char *fields[] = {"createdAt", "status", "validationProfile", "invoiceFormat", NULL};
    char acc[37], other[37], ids[N][37], oid[37];
    store_quota_state_t q;
    store_page_t page;
    drain_jobs();
    new_account(acc, 0);
    new_account(other, 0);
    for (int i = 0; i < N; i++) {
        CU_ASSERT_EQUAL_FATAL(submit(S, acc, NULL, profiles[i], formats[i], 0, -1, -1, ids[i], &q), EINV_OK);
        if (i == 2)
            tst_sleep_ms(3);    /* some distinct times, some equal ones */
    }
    CU_ASSERT_EQUAL_FATAL(submit(S, other, NULL, "EN16931", "UBL", 0, -1, -1, oid, &q), EINV_OK);
    /* give some a verdict: 1 validated with counts, 4 failed */
    store_job_t j;
    while (store_job_claim(S, "w", 60, &j) == EINV_OK) {
        int k = -1;
        for (int i = 0; i < N; i++)
            if (strcmp(j.invoice_id, ids[i]) == 0)
                k = i;
        if (k == 1)
            store_job_complete(S, j.id, j.attempts, &(store_verdict_t){j.invoice_id, "validated", "CII",
                    "N-1", "{}", "{}", NULL, 0, 4});
        else if (k == 4)
            store_job_complete(S, j.id, j.attempts, &(store_verdict_t){j.invoice_id, "failed_validation",
                    "IDOC", "N-4", "{}", "{}", NULL, 2, 1});
        else if (k == 6) {
            store_job_clear(&j);
            continue;   /* stays processing (leased) */
        } else
            store_job_complete(S, j.id, j.attempts, &(store_verdict_t){j.invoice_id,
                    k % 2 ? "validated" : "failed_validation", NULL, NULL, "{}", "{}", NULL, k % 2 ? 0 : 1,
                    0});
        store_job_clear(&j);
    }

    /* createdAt: insertion order, both directions, across pages of 3 */
    for (int desc = 0; desc <= 1; desc++) {
        int pos = 0;
        for (long long p = 0; p < 4; p++) {
            CU_ASSERT_EQUAL_FATAL(store_invoice_list(S, acc, p, 3, "createdAt", desc, &page), EINV_OK);
            CU_ASSERT_EQUAL(page.total, N);
            CU_ASSERT_EQUAL(page.n, p < 2 ? 3u : p == 2 ? 1u : 0u);
            for (size_t i = 0; i < page.n; i++, pos++) {
                int want = desc ? N - 1 - pos : pos;
                CU_ASSERT_STRING_EQUAL(page.items[i].id, ids[want]);
                CU_ASSERT_PTR_NULL(page.items[i].canonical_json);
                CU_ASSERT_PTR_NULL(page.items[i].result_json);
            }
            store_page_clear(&page);
        }
        CU_ASSERT_EQUAL(pos, N);
    }
    /* every field, both directions: sorted, ties by insertion order, no row twice */
    for (int f = 0; fields[f]; f++) {
        for (int desc = 0; desc <= 1; desc++) {
            store_invoice_t all[N];
            int idx[N], n = 0;
            for (long long p = 0; p < 3; p++) {
                CU_ASSERT_EQUAL_FATAL(store_invoice_list(S, acc, p, 3, fields[f], desc, &page), EINV_OK);
                for (size_t i = 0; i < page.n && n < N; i++) {
                    all[n] = page.items[i];     /* fixed fields only; the page keeps its strings */
                    idx[n] = -1;
                    for (int k = 0; k < N; k++)
                        if (strcmp(all[n].id, ids[k]) == 0)
                            idx[n] = k;
                    all[n].invoice_number = NULL;
                    n++;
                }
                store_page_clear(&page);
            }
            CU_ASSERT_EQUAL(n, N);
            for (int i = 1; i < n; i++) {
                int c = cmp_field(&all[i - 1], &all[i], fields[f]);
                CU_ASSERT(desc ? c >= 0 : c <= 0);
                if (c == 0)
                    CU_ASSERT(desc ? idx[i - 1] > idx[i] : idx[i - 1] < idx[i]);
            }
        }
    }
    /* summaries */
    CU_ASSERT_EQUAL(store_invoice_list(S, acc, 0, 100, "createdAt", 0, &page), EINV_OK);
    CU_ASSERT_EQUAL_FATAL(page.n, (size_t)N);
    CU_ASSERT_STRING_EQUAL(page.items[1].status, "validated");
    CU_ASSERT_EQUAL(page.items[1].valid, 1);
    CU_ASSERT_EQUAL(page.items[1].warning_count, 4);
    CU_ASSERT_STRING_EQUAL(page.items[1].invoice_number, "N-1");
    CU_ASSERT_STRING_EQUAL(page.items[4].status, "failed_validation");
    CU_ASSERT_EQUAL(page.items[4].valid, 0);
    CU_ASSERT_EQUAL(page.items[4].error_count, 2);
    CU_ASSERT_EQUAL(page.items[4].warning_count, 1);
    CU_ASSERT_STRING_EQUAL(page.items[4].format, "IDOC");
    CU_ASSERT_STRING_EQUAL(page.items[6].status, "processing");
    CU_ASSERT_STRING_EQUAL(page.items[3].format, "");
    CU_ASSERT_STRING_EQUAL(page.items[0].profile, "PEPPOL");
    CU_ASSERT(iso_ok(page.items[0].created_at));
    store_page_clear(&page);

    /* all accounts (super-admin), other account alone, count */
    long long total_all, n_other;
    CU_ASSERT_EQUAL(store_count_invoices(S, NULL, &total_all), EINV_OK);
    CU_ASSERT(total_all >= N + 1);
    CU_ASSERT_EQUAL(store_invoice_list(S, NULL, 0, 5, NULL, 1, &page), EINV_OK);
    CU_ASSERT_EQUAL(page.total, total_all);
    CU_ASSERT_EQUAL(page.n, 5u);
    CU_ASSERT_STRING_EQUAL(page.items[0].id, oid);  /* newest first by default */
    store_page_clear(&page);
    CU_ASSERT_EQUAL(store_invoice_list(S, other, 0, 20, "createdAt", 1, &page), EINV_OK);
    CU_ASSERT_EQUAL(page.total, 1);
    CU_ASSERT_EQUAL_FATAL(page.n, 1u);
    CU_ASSERT_STRING_EQUAL(page.items[0].id, oid);
    store_page_clear(&page);
    CU_ASSERT_EQUAL(store_count_invoices(S, other, &n_other), EINV_OK);
    CU_ASSERT_EQUAL(n_other, 1);

    /* bad arguments; a page far past the end */
    CU_ASSERT_EQUAL(store_invoice_list(S, acc, 0, 3, "id; DROP TABLE invoices", 0, &page), EINV_ERR);
    CU_ASSERT_EQUAL(store_invoice_list(S, acc, -1, 3, NULL, 0, &page), EINV_ERR);
    CU_ASSERT_EQUAL(store_invoice_list(S, acc, 0, -3, NULL, 0, &page), EINV_ERR);
    CU_ASSERT_EQUAL(store_invoice_list(S, acc, 9000000000000000000LL, 100, NULL, 0, &page), EINV_OK);
    CU_ASSERT_EQUAL(page.n, 0u);
    CU_ASSERT_EQUAL(page.total, N);
    store_page_clear(&page);
    CU_ASSERT_EQUAL(store_invoice_list(S, acc, 0, 0, NULL, 0, &page), EINV_OK);
    CU_ASSERT_EQUAL(page.n, 0u);
    CU_ASSERT_EQUAL(page.total, N);
    store_page_clear(&page);
    drain_jobs();
}

static void test_mappings(void)
{
    char acc[37], unknown[37];
    char *json = (char *)"sentinel";
    static const char doc[] = "{\"taxCodes\":{\"A1\":{\"category\":\"S\",\"rate\":19}},\"units\":{\"PCE\":\"H87\"},"
                              "\"parties\":{},\"companyCodes\":{\"1000\":{\"name\":\"K\\u00e4ufer GmbH's\"}}}";
    new_account(acc, 0);
    store_uuid(unknown);
    CU_ASSERT_EQUAL(store_mappings_get(S, acc, &json), EINV_ERR_NOTFOUND);
    CU_ASSERT_PTR_NULL(json);
    CU_ASSERT_EQUAL(store_mappings_put(S, acc, doc), EINV_OK);
    CU_ASSERT_EQUAL(store_mappings_get(S, acc, &json), EINV_OK);
    CU_ASSERT_STRING_EQUAL(json, doc);
    free(json);
    CU_ASSERT_EQUAL(store_mappings_put(S, acc, "{\"units\":{}}"), EINV_OK);
    CU_ASSERT_EQUAL(store_mappings_get(S, acc, &json), EINV_OK);
    CU_ASSERT_STRING_EQUAL(json, "{\"units\":{}}");
    free(json);
    CU_ASSERT_EQUAL(store_mappings_put(S, unknown, doc), EINV_ERR_NOTFOUND);
    CU_ASSERT_EQUAL(store_mappings_get(S, unknown, &json), EINV_ERR_NOTFOUND);
    CU_ASSERT_EQUAL(store_mappings_get(S, "1' OR '1'='1", &json), EINV_ERR_NOTFOUND);
}

/* Counted submits without any limit (PostgreSQL: one statement each) count exactly under
 * concurrency, key and account alike, and report the counters they left. */
static void test_submit_unlimited_counts(void)
{
    char acc[37], key[37], id[37];
    long long au = -1, ku = -1, count = -1;
    int refused, other;
    store_quota_state_t q;
    new_account(acc, 1);
    new_key(acc, -1, 0, key);
    const char *keys[] = {key, NULL};
    int ok = quota_race(40, acc, keys, 2, -1, -1, &refused, &other);
    CU_ASSERT_EQUAL(ok, 40);
    CU_ASSERT_EQUAL(refused, 0);
    CU_ASSERT_EQUAL(other, 0);
    CU_ASSERT_EQUAL(store_count_invoices(S, acc, &count), EINV_OK);
    CU_ASSERT_EQUAL(count, 40);
    CU_ASSERT_EQUAL(store_usage(S, acc, key, PERIOD, &au, &ku), EINV_OK);
    CU_ASSERT_EQUAL(au, 40);
    CU_ASSERT_EQUAL(ku, 20);        /* every other submit went with the key */
    memset(&q, 0, sizeof q);
    CU_ASSERT_EQUAL(submit(S, acc, key, "EN16931", NULL, 1, -1, -1, id, &q), EINV_OK);
    CU_ASSERT_EQUAL(q.account_used, 41);
    CU_ASSERT_EQUAL(q.key_used, 21);
    /* an unknown key is refused, nothing written or counted */
    CU_ASSERT_EQUAL(submit(S, acc, "00000000-0000-4000-8000-0000000000aa", "EN16931", NULL, 1, -1, -1,
                           id, &q), EINV_ERR_NOTFOUND);
    CU_ASSERT_EQUAL(store_count_invoices(S, acc, &count), EINV_OK);
    CU_ASSERT_EQUAL(count, 41);
    CU_ASSERT_EQUAL(store_usage(S, acc, key, PERIOD, &au, &ku), EINV_OK);
    CU_ASSERT_EQUAL(au, 41);
    drain_jobs();
}

/* PostgreSQL: every pooled connection is killed (as a server restart does); the next calls
 * reconnect by themselves, and the LISTEN connection comes back too. */
static void test_pg_reconnect(void)
{
    char acc[37], id[37], sql[300];
    store_quota_state_t q;
    store_account_t a;
    new_account(acc, 0);
    /* use several pool connections so there are several to kill */
    const char *keys[] = {NULL};
    int refused, other;
    quota_race(12, acc, keys, 0, -1, -1, &refused, &other);
    CU_ASSERT_EQUAL(other, 0);
    store_job_wait(S, 0);   /* start the LISTEN thread */
    snprintf(sql, sizeof sql, "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE"
                              " datname = '%s' AND pid <> pg_backend_pid()", g_pg_db);
    const char *killed = db_sql(sql);
    printf("\n    killed %s server connections\n", killed ? killed : "?");
    CU_ASSERT(killed && atoi(killed) >= 2);
    tst_sleep_ms(100);
    CU_ASSERT_EQUAL(store_ping(S), EINV_OK);
    CU_ASSERT_EQUAL(store_account_by_id(S, acc, &a), EINV_OK);
    store_account_clear(&a);
    long long before, after;
    store_count_invoices(S, acc, &before);
    int ok = quota_race(12, acc, keys, 0, -1, -1, &refused, &other);
    CU_ASSERT_EQUAL(ok, 12);
    CU_ASSERT_EQUAL(other, 0);
    store_count_invoices(S, acc, &after);
    CU_ASSERT_EQUAL(after, before + 12);
    CU_ASSERT_EQUAL(submit(S, acc, NULL, "EN16931", NULL, 0, -1, -1, id, &q), EINV_OK);
    drain_jobs();
}

/* PostgreSQL: a submit through one store instance wakes a waiter of another (as between two
 * einvoiced processes): LISTEN/NOTIFY. */
static void test_pg_notify(void)
{
    char acc[37], id[37];
    store_quota_state_t q;
    einv_error_t err = {0};
    einv_store_t *other = store_open(g_url, 2, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(other);
    new_account(acc, 0);
    /* the first wait starts the LISTEN thread, which wakes once when it is connected */
    store_job_wait(other, 3000);
    store_job_wait(other, 0);
    pthread_t th;
    wait_arg_t w = {other, 8000, -1, 0};
    pthread_create(&th, NULL, wait_thread, &w);
    tst_sleep_ms(300);
    CU_ASSERT_EQUAL(submit(S, acc, NULL, "EN16931", NULL, 0, -1, -1, id, &q), EINV_OK);
    pthread_join(th, NULL);
    printf("\n    NOTIFY across instances: woken=%d after %.3f s\n", w.rc, w.took);
    CU_ASSERT_EQUAL(w.rc, EINV_OK);   /* woken */
    CU_ASSERT(w.took < 2.0);
    /* the other instance claims what this one accepted */
    store_job_t j;
    CU_ASSERT_EQUAL(store_job_claim(other, "other-instance", 30, &j), EINV_OK);
    CU_ASSERT_STRING_EQUAL(j.invoice_id, id);
    CU_ASSERT_EQUAL(store_job_complete(other, j.id, j.attempts, &(store_verdict_t){j.invoice_id,
            "validated", "UBL", NULL, "{}", "{}", NULL, 0, 0}),
                    EINV_OK);
    store_job_clear(&j);
    store_close(other);
}

static void test_pg_missing(void)
{
    CU_FAIL("EINV_TEST_PG_URL not set (required when CI=true)");
}

/* In-process hand-off (issue 16): a submit with claim_worker stores its job already claimed
 * (attempts 1, leased), so no claimer takes it while the lease holds; when the process that
 * holds it dies, the lease runs out and the job is claimed like any other, fenced. */
static void test_handoff_claim(void)
{
    static const char payload[] = "<Invoice/>";
    char acc[37], id[37];
    long long job_id = 0;
    store_submit_t in = {0};
    store_quota_state_t q;
    einv_error_t err = {0};
    store_job_t j;
    drain_jobs();
    new_account(acc, 0);
    in.account_id = acc;
    in.profile = "EN16931";
    in.payload = payload;
    in.payload_len = sizeof payload - 1;
    in.claim_worker = "host:1:handoff";
    in.claim_lease_seconds = 1;
    in.job_id = &job_id;
    CU_ASSERT_EQUAL_FATAL(store_submit(S, &in, id, &q, &err), EINV_OK);
    CU_ASSERT(job_id > 0);
    CU_ASSERT_EQUAL(store_job_claim(S, "other", 30, &j), EINV_ERR_NOTFOUND);
    tst_sleep_ms(1300);
    /* the holder "died": the job is claimed again with the next fencing token */
    CU_ASSERT_EQUAL_FATAL(store_job_claim(S, "other", 30, &j), EINV_OK);
    CU_ASSERT_EQUAL(j.id, job_id);
    CU_ASSERT_STRING_EQUAL(j.invoice_id, id);
    CU_ASSERT_EQUAL(j.attempts, 2);
    CU_ASSERT_STRING_EQUAL(j.prev_worker, "host:1:handoff");
    CU_ASSERT_EQUAL(j.payload_len, sizeof payload - 1);
    /* the first holder's late verdict is refused; the new claim's counts */
    CU_ASSERT_EQUAL(store_job_complete(S, job_id, 1, &(store_verdict_t){id, "validated", NULL, NULL, "{}",
            "{}", NULL, 0, 0}),
                    EINV_ERR_NOTFOUND);
    CU_ASSERT_EQUAL(store_job_complete(S, job_id, 2, &(store_verdict_t){id, "validated", NULL, NULL, "{}",
            "{}", NULL, 0, 0}),
                    EINV_OK);
    store_job_clear(&j);
}

/* Batched claims: up to max jobs at once (PostgreSQL: one statement); a payload larger than
 * the claim carries inline is left out (payload_deferred) and read by its worker later. */
static void test_batched_claim(void)
{
    enum { BIG = 300 * 1024 };
    char acc[37], ids[3][37];
    char *big = malloc(BIG);
    store_quota_state_t q;
    store_job_t jobs[8];
    size_t n = 0;
    einv_error_t err = {0};
    CU_ASSERT_PTR_NOT_NULL_FATAL(big);
    memset(big, 'x', BIG);
    drain_jobs();
    new_account(acc, 0);
    for (int i = 0; i < 3; i++) {
        store_submit_t in = {0};
        in.account_id = acc;
        in.profile = "EN16931";
        in.payload = i == 1 ? big : "<Invoice/>";
        in.payload_len = i == 1 ? BIG : 10;
        CU_ASSERT_EQUAL_FATAL(store_submit(S, &in, ids[i], &q, &err), EINV_OK);
    }
    /* one by one where the backend has no batched claim (SQLite): all three either way */
    size_t got = 0;
    int deferred = 0, inline_ok = 0;
    while (got < 3 && store_jobs_claim(S, "batch", 30, 8, jobs + got, &n) == EINV_OK)
        got += n;
    CU_ASSERT_EQUAL(got, 3);
    for (size_t k = 0; k < got; k++) {
        int is_big = strcmp(jobs[k].invoice_id, ids[1]) == 0;
        if (is_big && g_is_pg)
            deferred += jobs[k].payload_deferred && !jobs[k].payload;
        else if (is_big)
            inline_ok += jobs[k].payload_len == BIG && !jobs[k].payload_deferred;
        else
            inline_ok += jobs[k].payload_len == 10 && !jobs[k].payload_deferred;
        CU_ASSERT_EQUAL(jobs[k].attempts, 1);
        CU_ASSERT_EQUAL(store_job_complete(S, jobs[k].id, 1, &(store_verdict_t){jobs[k].invoice_id,
                "validated", NULL, NULL, "{}", "{}", NULL, 0, 0}), EINV_OK);
        store_job_clear(&jobs[k]);
    }
    CU_ASSERT_EQUAL(deferred + inline_ok, 3);
    CU_ASSERT_EQUAL(deferred, g_is_pg ? 1 : 0);
    free(big);
}

typedef struct mixed_arg {
    pthread_barrier_t *bar;
    const char *account, *key;
    int rc;
} mixed_arg_t;

static void *mixed_thread(void *p)
{
    mixed_arg_t *a = p;
    char id[37];
    store_quota_state_t q;
    pthread_barrier_wait(a->bar);
    a->rc = submit(S, a->account, a->key, "EN16931", NULL, 1, -1, -1, id, &q);
    return NULL;
}

/* Group commit (SQLite): concurrent submits share transactions; one that fails (a key that
 * does not exist) is undone alone, the others of its group are stored. */
static void test_group_commit_failures(void)
{
    enum { T = 40 };
    char acc[37], key[37], gone[37] = "00000000-0000-4000-8000-000000000000";
    pthread_t th[T];
    mixed_arg_t args[T];
    pthread_barrier_t bar;
    long long count = -1, au = -1, ku = -1;
    int ok = 0, notfound = 0;
    new_account(acc, 1);
    new_key(acc, -1, 0, key);
    pthread_barrier_init(&bar, NULL, T);
    for (int i = 0; i < T; i++) {
        args[i] = (mixed_arg_t){&bar, acc, i % 4 == 3 ? gone : key, -99};
        pthread_create(&th[i], NULL, mixed_thread, &args[i]);
    }
    for (int i = 0; i < T; i++) {
        pthread_join(th[i], NULL);
        ok += args[i].rc == EINV_OK;
        notfound += args[i].rc == EINV_ERR_NOTFOUND;
    }
    pthread_barrier_destroy(&bar);
    CU_ASSERT_EQUAL(ok, T - T / 4);
    CU_ASSERT_EQUAL(notfound, T / 4);
    CU_ASSERT_EQUAL(store_count_invoices(S, acc, &count), EINV_OK);
    CU_ASSERT_EQUAL(count, T - T / 4);
    /* the refused ones counted nothing */
    CU_ASSERT_EQUAL(store_usage(S, acc, key, PERIOD, &au, &ku), EINV_OK);
    CU_ASSERT_EQUAL(au, T - T / 4);
    CU_ASSERT_EQUAL(ku, T - T / 4);
}

static void add_tests(CU_pSuite s, int pg)
{
    CU_add_test(s, "open, migrations", test_open_and_migrations);
    CU_add_test(s, "helpers", test_helpers);
    CU_add_test(s, "accounts", test_accounts);
    CU_add_test(s, "subject race", test_subject_race);
    CU_add_test(s, "api keys", test_keys);
    CU_add_test(s, "submit and quota", test_submit_quota);
    CU_add_test(s, "counted submits without limits: exact under concurrency", test_submit_unlimited_counts);
    CU_add_test(s, "invoice and payload", test_invoice_and_payload);
    CU_add_test(s, "sandbox submit", test_sandbox);
    CU_add_test(s, "jobs", test_jobs);
    CU_add_test(s, "job wait", test_job_wait);
    CU_add_test(s, "lease expiry", test_lease_expiry);
    CU_add_test(s, "lease renewal", test_lease_renewal);
    CU_add_test(s, "jobs recover", test_jobs_recover);
    CU_add_test(s, "concurrent claims", test_concurrent_claims);
    CU_add_test(s, "hand-off claim at submit", test_handoff_claim);
    CU_add_test(s, "batched claim, large payload deferred", test_batched_claim);
    CU_add_test(s, "group commit: a failing submit alone", test_group_commit_failures);
    CU_add_test(s, "list sort and paging", test_list);
    CU_add_test(s, "mappings", test_mappings);
    if (pg) {
        CU_add_test(s, "reconnect", test_pg_reconnect);
        CU_add_test(s, "notify across instances", test_pg_notify);
    }
}

void tst_suites(void)
{
    add_tests(CU_add_suite("store sqlite", init_sqlite, cleanup_sqlite), 0);
    const char *pg = getenv("EINV_TEST_PG_URL");
    if (pg && *pg) {
        add_tests(CU_add_suite("store postgresql", init_pg, cleanup_pg), 1);
    } else {
        printf("skipped: EINV_TEST_PG_URL not set (PostgreSQL store tests)\n");
        const char *ci = getenv("CI");
        if (ci && strcmp(ci, "true") == 0)
            CU_add_test(CU_add_suite("store postgresql", NULL, NULL), "EINV_TEST_PG_URL", test_pg_missing);
    }
}
