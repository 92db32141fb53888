/* The settings registry (server/settings.c): every setting is read from the environment
 * and the EINV_CONFIG file alike (the environment wins), errors name the setting by
 * subject, `einvoiced --help` and docs/operations.md list every one, and einvoiced starts
 * on a new SQLite database, and again on it, without a warning. */
#define _GNU_SOURCE
#include <CUnit/Basic.h>
#include "server.h"
#include "settings.h"
#include "server_proc.h"
#include "http_client.h"
#include "tsupport.h"
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char cfg_path[] = "/tmp/einv-settings-XXXXXX";

/* Write the EINV_CONFIG file and point the environment at it. */
static void write_config(const char *text)
{
    FILE *f = fopen(cfg_path, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs(text, f);
    fclose(f);
    setenv("EINV_CONFIG", cfg_path, 1);
}

static void clear_env(void)
{
    size_t i;
    for (i = 0; i < einv_settings_count(); i++)
        unsetenv(einv_setting_at(i)->name);
    unsetenv("EINV_CONFIG");
}

static void test_file_and_environment(void)
{
    einv_config_t c;
    einv_error_t err;
    clear_env();
    write_config("# every kind of setting\n"
                 "EINV_DOCS_URL=https://docs.example.test/rules\n"
                 "EINV_XML_ARENA=0\n"
                 "export EINV_PLUGIN_PATH=\"/opt/partner/plugins:/srv/more\"\n"
                 "EINV_SCHEMA_DIR=/opt/schemas\n"
                 "EINV_MAX_UPLOAD=2M\n"
                 "EINV_WORKERS=5\n"
                 "EINV_LIMIT_TIMEOUT_MS=1234\n");
    CU_ASSERT_EQUAL_FATAL(einv_config_load(&c, &err), EINV_OK);
    CU_ASSERT_STRING_EQUAL(c.docs_url, "https://docs.example.test/rules");
    CU_ASSERT_EQUAL(c.xml_arena, 0);
    CU_ASSERT_STRING_EQUAL(c.plugin_path, "/opt/partner/plugins:/srv/more");
    CU_ASSERT_STRING_EQUAL(c.schema_dir, "/opt/schemas");
    CU_ASSERT_EQUAL(c.max_upload, 2u << 20);
    CU_ASSERT_EQUAL(c.workers, 5);
    CU_ASSERT_EQUAL(c.limits.timeout_ms, 1234u);
    CU_ASSERT_EQUAL(c.limits.max_findings, 1000u);   /* default */
    CU_ASSERT_STRING_EQUAL(c.listen, "127.0.0.1:8080");
    {
        einv_engine_options_t o;
        einv_config_engine_options(&c, &o);
        CU_ASSERT_EQUAL(o.struct_size, sizeof o);
        CU_ASSERT_EQUAL(o.no_xml_arena, 1);
        CU_ASSERT_STRING_EQUAL(o.docs_url, "https://docs.example.test/rules");
        CU_ASSERT_STRING_EQUAL(o.plugin_path, "/opt/partner/plugins:/srv/more");
        CU_ASSERT_EQUAL(o.limits->timeout_ms, 1234u);
    }
    /* the environment wins over the file */
    setenv("EINV_DOCS_URL", "https://env.example.test", 1);
    setenv("EINV_XML_ARENA", "1", 1);
    CU_ASSERT_EQUAL_FATAL(einv_config_load(&c, &err), EINV_OK);
    CU_ASSERT_STRING_EQUAL(c.docs_url, "https://env.example.test");
    CU_ASSERT_EQUAL(c.xml_arena, 1);
    /* defaults when neither has it */
    clear_env();
    CU_ASSERT_EQUAL_FATAL(einv_config_load(&c, &err), EINV_OK);
    CU_ASSERT_STRING_EQUAL(c.docs_url, "/docs/rules/{code}");
    CU_ASSERT_EQUAL(c.xml_arena, 1);
    CU_ASSERT_EQUAL(c.limits.struct_size, sizeof c.limits);
    CU_ASSERT_EQUAL(c.limits.max_attributes, 256u);
    CU_ASSERT_EQUAL(c.limits.max_text, (size_t)256 << 20);
}

static void test_errors_name_the_setting(void)
{
    einv_config_t c;
    einv_error_t err;
    clear_env();
    write_config("EINV_DOCS_URLS=https://typo.example\n");
    CU_ASSERT_NOT_EQUAL(einv_config_load(&c, &err), EINV_OK);
    CU_ASSERT_EQUAL(err.subject, EINV_SUBJECT_SETTING);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.detail, "EINV_DOCS_URLS"));
    write_config("EINV_XML_ARENA=2\n");
    CU_ASSERT_NOT_EQUAL(einv_config_load(&c, &err), EINV_OK);
    CU_ASSERT_EQUAL(err.subject, EINV_SUBJECT_SETTING);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.detail, "EINV_XML_ARENA=2"));
    clear_env();
    setenv("EINV_LIMIT_TEXT", "12X", 1);
    CU_ASSERT_NOT_EQUAL(einv_config_load(&c, &err), EINV_OK);
    CU_ASSERT_EQUAL(err.subject, EINV_SUBJECT_SETTING);
    CU_ASSERT_STRING_EQUAL(err.message, "setting is not a number");
    CU_ASSERT_PTR_NOT_NULL(strstr(err.detail, "EINV_LIMIT_TEXT"));
    clear_env();
}

/* The whole of a file, or NULL. (transfer full) */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    long n;
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    rewind(f);
    buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n)
        n = 0;
    if (buf)
        buf[n] = 0;
    fclose(f);
    return buf;
}

static void test_help_and_docs_list_every_setting(void)
{
    const char *bin = getenv("EINV_SERVER_BIN"), *src = getenv("EINV_SOURCE_DIR");
    char cmd[2500], path[1200], *help, *ops;
    size_t i;
    CU_ASSERT_PTR_NOT_NULL_FATAL(bin);
    CU_ASSERT_PTR_NOT_NULL_FATAL(src);
    snprintf(path, sizeof path, "%s.help", cfg_path);
    snprintf(cmd, sizeof cmd, "'%s' --help > '%s'", bin, path);
    CU_ASSERT_EQUAL_FATAL(system(cmd), 0);
    help = slurp(path);
    unlink(path);
    snprintf(path, sizeof path, "%s/docs/operations.md", src);
    ops = slurp(path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(help);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ops);
    for (i = 0; i < einv_settings_count(); i++) {
        const einv_setting_t *s = einv_setting_at(i);
        char row[100], line[100], cell[100];
        snprintf(line, sizeof line, "  %s ", s->name);
        snprintf(row, sizeof row, "| `%s`", s->name);
        snprintf(cell, sizeof cell, "`%s` |", s->name);   /* "| `A` / `B` |" rows */
        if (!strstr(help, line))
            fprintf(stderr, "not in --help: %s\n", s->name);
        if (!strstr(ops, row) && !strstr(ops, cell))
            fprintf(stderr, "no row in docs/operations.md: %s\n", s->name);
        CU_ASSERT_PTR_NOT_NULL(strstr(help, line));
        CU_ASSERT_TRUE(strstr(ops, row) || strstr(ops, cell));
    }
    free(help);
    free(ops);
}

static void test_starts_without_warning(void)
{
    sp_server_t s;
    CU_ASSERT_EQUAL_FATAL(sp_init(&s, SP_SQLITE), 0);
    /* a new database, then the same one again */
    CU_ASSERT_EQUAL(sp_start(&s, NULL), 0);
    CU_ASSERT_EQUAL(sp_stop(&s), 0);
    CU_ASSERT_EQUAL(sp_start(&s, SP_SAME_ENV), 0);
    CU_ASSERT_EQUAL(sp_stop(&s), 0);
    CU_ASSERT_TRUE(sp_log_contains(&s, "listening on"));
    CU_ASSERT_FALSE(sp_log_contains(&s, "could not"));
    CU_ASSERT_FALSE(sp_log_contains(&s, "warning"));
    CU_ASSERT_FALSE(sp_log_contains(&s, "einvoice: "));   /* the engine's own warnings */
    if (sp_log_contains(&s, "could not") || sp_log_contains(&s, "warning"))
        sp_log_tail(&s, 30);
    sp_cleanup(&s);
}

/* GET the invoice until it is no longer processing (or 30 s pass); its body. (transfer full) */
static char *final_invoice(int port, const char *key, const char *id)
{
    char path[128];
    double t0 = tst_now_ms();
    snprintf(path, sizeof path, "/api/v1/invoices/%s", id);
    for (;;) {
        hc_response_t r;
        char *body;
        hc_json(port, "GET", path, key, NULL, &r);
        if (r.status != 200) {
            fprintf(stderr, "GET %s: %d %.200s\n", path, r.status, r.body ? r.body : r.error);
            hc_response_free(&r);
            return NULL;
        }
        body = r.body;
        r.body = NULL;
        hc_response_free(&r);
        if (!strstr(body, "\"status\":\"processing\"") || tst_now_ms() - t0 > 30000)
            return body;
        free(body);
        tst_sleep_ms(100);
    }
}

/* A job whose profile is gone when a worker takes it (a restart with fewer plugins): the
 * worker tells it from a missing format by the error's subject, not its words. */
static void test_job_profile_gone(void)
{
    const char *queue_only[] = {"EINV_WORKERS=0", NULL};
    const char *fewer[] = {"EINV_WORKERS=1", "EINV_PLUGINS=ubl,cii,en16931", NULL};
    char key[SP_KEY_MAX], id[64] = "", *body;
    size_t len;
    char *ubl = tst_read_data("ubl/sample-invoice.xml", &len);
    hc_multipart_t *mp = hc_mp_new();
    sp_server_t s;
    hc_response_t r;
    json_object *o, *v;
    CU_ASSERT_EQUAL_FATAL(sp_init(&s, SP_SQLITE), 0);
    CU_ASSERT_EQUAL_FATAL(sp_start(&s, queue_only), 0);
    CU_ASSERT_EQUAL_FATAL(sp_account_key(&s, "gone@example.com", "PRO", 0, 0, -1, key), 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ubl);
    hc_mp_field(mp, "profile", "PEPPOL");
    hc_mp_file(mp, "file", "invoice.xml", "application/xml", ubl, len);
    hc_request_auth(s.port, "POST", "/api/v1/invoices/validate", key, hc_mp_content_type(mp), hc_mp_data(mp),
                    hc_mp_len(mp), &r);
    CU_ASSERT_EQUAL(r.status, 202);
    if (r.status != 202) {
        fprintf(stderr, "submit: %d %s %.300s\n", r.status, r.error, r.body ? r.body : "");
        sp_log_tail(&s, 20);
    }
    hc_mp_free(mp);
    free(ubl);
    if ((o = json_tokener_parse(r.body ? r.body : "")) && json_object_object_get_ex(o, "id", &v))
        snprintf(id, sizeof id, "%s", json_object_get_string(v));
    json_object_put(o);
    hc_response_free(&r);
    CU_ASSERT_EQUAL(sp_stop(&s), 0);
    CU_ASSERT_EQUAL_FATAL(sp_start(&s, fewer), 0);
    body = id[0] ? final_invoice(s.port, key, id) : NULL;
    CU_ASSERT_PTR_NOT_NULL(body);
    if (body) {
        CU_ASSERT_PTR_NOT_NULL(strstr(body, "\"code\":\"PROFILE-UNAVAILABLE\""));
        CU_ASSERT_PTR_NULL(strstr(body, "FORMAT-UNAVAILABLE"));
        CU_ASSERT_PTR_NOT_NULL(strstr(body, "\"layer\":\"PROFILE\""));
        if (!strstr(body, "PROFILE-UNAVAILABLE"))
            fprintf(stderr, "invoice: %.600s\n", body);
    }
    free(body);
    sp_cleanup(&s);
}

/* The fixture plugins of this build (tests/fixture-plugins beside the test binaries). */
static void fixture_dir(char *buf, size_t size)
{
    char exe[1024];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    char *slash;
    buf[0] = 0;
    if (n <= 0)
        return;
    exe[n] = 0;
    if ((slash = strrchr(exe, '/')))
        *slash = 0;
    snprintf(buf, size, "%s/fixture-plugins", exe);
}

/* A partner's profile loaded through EINV_PLUGIN_PATH beside the built-in plugins, which
 * declares requires_pro: FREE accounts get 403, PRO accounts 202; the server names no
 * country of its own. */
static void test_partner_profile_requires_pro(void)
{
    char fix[1100], path_env[1200], free_key[SP_KEY_MAX], pro_key[SP_KEY_MAX];
    const char *env[] = {path_env, NULL};
    size_t len;
    char *ubl = tst_read_data("ubl/sample-invoice.xml", &len);
    sp_server_t s;
    int i;
    fixture_dir(fix, sizeof fix);
    snprintf(path_env, sizeof path_env, "EINV_PLUGIN_PATH=%s", fix);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ubl);
    CU_ASSERT_EQUAL_FATAL(sp_init(&s, SP_SQLITE), 0);
    CU_ASSERT_EQUAL_FATAL(sp_start(&s, env), 0);
    CU_ASSERT_TRUE(sp_log_contains(&s, "PARTNERPRO"));        /* listed at start */
    CU_ASSERT_TRUE(sp_log_contains(&s, "refusing profile ORPHAN"));
    CU_ASSERT_EQUAL(sp_account_key(&s, "free@example.com", "FREE", 0, 0, -1, free_key), 0);
    CU_ASSERT_EQUAL(sp_account_key(&s, "pro@example.com", "PRO", 0, 0, -1, pro_key), 0);
    for (i = 0; i < 2; i++) {
        hc_multipart_t *mp = hc_mp_new();
        hc_response_t r;
        hc_mp_field(mp, "profile", "PARTNERPRO");
        hc_mp_file(mp, "file", "invoice.xml", "application/xml", ubl, len);
        hc_request_auth(s.port, "POST", "/api/v1/invoices/validate", i ? pro_key : free_key,
                        hc_mp_content_type(mp), hc_mp_data(mp), hc_mp_len(mp), &r);
        CU_ASSERT_EQUAL(r.status, i ? 202 : 403);
        if (!i)
            CU_ASSERT_PTR_NOT_NULL(r.body && strstr(r.body, "PARTNERPRO requires the Pro plan"));
        hc_response_free(&r);
        hc_mp_free(mp);
    }
    free(ubl);
    sp_cleanup(&s);
}

unsigned tst_after(void)
{
    unlink(cfg_path);
    return 0;
}

void tst_suites(void)
{
    CU_pSuite s;
    int fd = mkstemp(cfg_path);
    if (fd < 0) {
        tst_setup_failed("no temporary configuration file");
        return;
    }
    close(fd);
    s = CU_add_suite("settings", NULL, NULL);
    CU_add_test(s, "file and environment alike", test_file_and_environment);
    CU_add_test(s, "errors name the setting", test_errors_name_the_setting);
    CU_add_test(s, "--help and docs list every setting", test_help_and_docs_list_every_setting);
    CU_add_test(s, "einvoiced starts on SQLite without a warning", test_starts_without_warning);
    CU_add_test(s, "a job whose profile is gone: PROFILE-UNAVAILABLE by subject", test_job_profile_gone);
    CU_add_test(s, "a partner profile via EINV_PLUGIN_PATH that requires Pro", test_partner_profile_requires_pro);
}
