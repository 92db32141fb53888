/* The registry refuses broken plugins with a message naming what differs, loads the good
 * ones, honours the allow-list (descriptor names), routes by profile and format name,
 * searches the plugin path before the built-in folder (first found wins, symlinks followed
 * to trusted files) and refuses profiles whose base chain is missing or cyclic. */
#define _GNU_SOURCE
#include <CUnit/Basic.h>
#include "engine.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char logbuf[16384];

static void capture(int level, const char *msg)
{
    strncat(logbuf, msg, sizeof logbuf - strlen(logbuf) - 2);
    strcat(logbuf, "\n");
}

static int logged(const char *a, const char *b)
{
    const char *line = logbuf;
    while (line && *line) {
        const char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        char tmp[1024];
        snprintf(tmp, sizeof tmp, "%.*s", (int)n, line);
        if (strstr(tmp, a) && strstr(tmp, b))
            return 1;
        line = end ? end + 1 : NULL;
    }
    return 0;
}

/* An engine over the fixture plugins, its log captured from the start. */
static einv_engine_t *open_fixtures(einv_error_t *err)
{
    logbuf[0] = 0;
    einv_engine_set_log(capture);
    return einv_engine_open_dir(getenv("EINV_FIXTURE_PLUGIN_DIR"), NULL, err);
}

static void test_broken_plugins(void)
{
    einv_error_t err;
    einv_engine_t *e = open_fixtures(&err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_TRUE(logged("bad_abi.so", "abi_major"));
    CU_ASSERT_TRUE(logged("bad_kind.so", "unknown plugin kind"));
    CU_ASSERT_TRUE(logged("bad_size.so", "struct_size"));
    CU_ASSERT_TRUE(logged("no_symbol.so", "einv_plugin_describe"));
    CU_ASSERT_TRUE(logged("init_fails.so", "fixture refuses to start"));
    /* dup_name.so sorts before good.so, so good.so is the one refused */
    CU_ASSERT_TRUE(logged("good.so", "already loaded"));
    /* init_fails registered HALF before failing: undone */
    CU_ASSERT_PTR_NULL(einv_engine_profile(e, "HALF"));
    /* an ABI 1.1 profile (shorter ops struct) still loads and validates */
    CU_ASSERT_PTR_NOT_NULL(einv_engine_profile(e, "OLD11"));
    if (einv_engine_profile(e, "OLD11")) {
        einv_validate_opts_t o = {"OLD11", NULL, NULL, 0, NULL};
        einv_result_t *r = einv_validate(e, &o, "<a/>", 4, &err);
        CU_ASSERT_PTR_NOT_NULL(r);
        einv_result_free(r);
    }
    /* a longer descriptor (a newer SDK's) is accepted */
    CU_ASSERT_PTR_NOT_NULL(einv_engine_profile(e, "BIGDESC"));
    CU_ASSERT_FALSE(logged("big_desc.so", "refusing"));
    if (!logged("bad_abi.so", "abi_major"))
        fprintf(stderr, "log was:\n%s", logbuf);
    einv_engine_close(e);
    einv_engine_set_log(NULL);
}

static void test_allow_list_and_routing(void)
{
    einv_error_t err;
    einv_engine_t *e = einv_engine_open_dir(getenv("EINV_TEST_PLUGIN_DIR"), "ubl,en16931", &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_PTR_NOT_NULL(einv_engine_profile(e, "EN16931"));
    CU_ASSERT_PTR_NOT_NULL(einv_engine_profile(e, "en16931"));
    CU_ASSERT_PTR_NOT_NULL(einv_engine_format(e, "ubl"));
    CU_ASSERT_PTR_NOT_NULL(einv_engine_format(e, "UBL"));
    CU_ASSERT_PTR_NULL(einv_engine_format(e, "cii"));   /* not in the allow-list */
    {
        einv_validate_opts_t o = {"NOPE", NULL, NULL, 0, NULL};
        CU_ASSERT_PTR_NULL(einv_validate(e, &o, "<a/>", 4, &err));
        CU_ASSERT_STRING_EQUAL(err.message, "unknown profile");
        o.profile = "EN16931";
        o.format = "cii";
        CU_ASSERT_PTR_NULL(einv_validate(e, &o, "<a/>", 4, &err));
        CU_ASSERT_STRING_EQUAL(err.message, "unknown format");
    }
    einv_engine_close(e);
}

/* Lines of the log that hold a (the refusals of one profile are one line each). */
static int count_logged(const char *a)
{
    int n = 0;
    const char *p = logbuf;
    while ((p = strstr(p, a))) {
        n++;
        p += strlen(a);
    }
    return n;
}

static int listed(const einv_engine_t *e, const char *name)
{
    size_t i;
    for (i = 0; i < einv_engine_profile_count(e); i++)
        if (strcmp(einv_engine_profile_at(e, i)->name, name) == 0)
            return 1;
    return 0;
}

static void test_missing_or_cyclic_base(void)
{
    einv_error_t err;
    einv_engine_t *e = open_fixtures(&err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    /* refused at load, with one clear line each, and not listed */
    CU_ASSERT_PTR_NULL(einv_engine_profile(e, "ORPHAN"));
    CU_ASSERT_FALSE(listed(e, "ORPHAN"));
    CU_ASSERT_TRUE(logged("refusing profile ORPHAN:", "base profile NOSUCHBASE is not loaded"));
    CU_ASSERT_EQUAL(count_logged("refusing profile ORPHAN:"), 1);
    /* building on a refused profile breaks the chain too */
    CU_ASSERT_PTR_NULL(einv_engine_profile(e, "ORPHAN_CHILD"));
    CU_ASSERT_TRUE(logged("refusing profile ORPHAN_CHILD:", "ORPHAN"));
    CU_ASSERT_PTR_NULL(einv_engine_profile(e, "CYCLE_A"));
    CU_ASSERT_PTR_NULL(einv_engine_profile(e, "CYCLE_B"));
    CU_ASSERT_TRUE(logged("refusing profile CYCLE_", "cyclic"));
    /* a validation asking for it is a usage error naming the profile, by subject */
    {
        einv_validate_opts_t o = {"ORPHAN", NULL, NULL, 0, NULL};
        CU_ASSERT_PTR_NULL(einv_validate(e, &o, "<a/>", 4, &err));
        CU_ASSERT_EQUAL(err.code, EINV_ERR_USAGE);
        CU_ASSERT_EQUAL(err.subject, EINV_SUBJECT_PROFILE);
    }
    /* the good ones stay */
    CU_ASSERT_PTR_NOT_NULL(einv_engine_profile(e, "OLD11"));
    CU_ASSERT_PTR_NOT_NULL(einv_engine_profile(e, "BIGDESC"));
    einv_engine_close(e);
    einv_engine_set_log(NULL);
}

/* A temporary plugin folder; removed by rm_tree. */
static void link_into(const char *dir, const char *name, const char *target)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    CU_ASSERT_EQUAL(symlink(target, path), 0);
}

static void rm_tree(const char *dir)
{
    char cmd[1100];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CU_ASSERT_EQUAL(system(cmd), 0);
}

static int copy_file(const char *from, const char *to)
{
    char cmd[2400];
    snprintf(cmd, sizeof cmd, "cp '%s' '%s'", from, to);
    return system(cmd);
}

static void test_plugin_path(void)
{
    const char *builtin = getenv("EINV_TEST_PLUGIN_DIR"), *fix = getenv("EINV_FIXTURE_PLUGIN_DIR");
    char a[] = "/tmp/einv-path-a-XXXXXX", b[] = "/tmp/einv-path-b-XXXXXX";
    char target[1024], path[2200], gw[1200];
    einv_engine_options_t o;
    einv_error_t err;
    einv_engine_t *e;
    CU_ASSERT_PTR_NOT_NULL_FATAL(builtin);
    CU_ASSERT_PTR_NOT_NULL_FATAL(fix);
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(a));
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(b));
    /* a: a symlink under another file name to the fixture plugin, and one to the built-in
     * ubl.so (so the built-in folder's own ubl.so is a duplicate, found later) */
    snprintf(target, sizeof target, "%s/good.so", fix);
    link_into(a, "partner.so", target);
    snprintf(target, sizeof target, "%s/ubl.so", builtin);
    link_into(a, "aa_ubl.so", target);
    /* b: a group-writable copy (refused) and a dangling link (skipped) */
    snprintf(gw, sizeof gw, "%s/writable.so", b);
    snprintf(target, sizeof target, "%s/big_desc.so", fix);
    CU_ASSERT_EQUAL(copy_file(target, gw), 0);
    CU_ASSERT_EQUAL(chmod(gw, 0775), 0);
    link_into(b, "dangling.so", "/nonexistent/plugin.so");
    snprintf(path, sizeof path, "%s:%s", a, b);

    logbuf[0] = 0;
    einv_engine_set_log(capture);
    memset(&o, 0, sizeof o);
    o.struct_size = sizeof o;
    o.plugin_path = path;
    o.plugin_dir = builtin;
    e = einv_engine_open(&o, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    /* the partner's plugin (through its symlink) beside every built-in one */
    CU_ASSERT_PTR_NOT_NULL(einv_engine_profile(e, "FIXTURE"));
    CU_ASSERT_PTR_NOT_NULL(einv_engine_profile(e, "EN16931"));
    CU_ASSERT_PTR_NOT_NULL(einv_engine_profile(e, "XRECHNUNG"));
    CU_ASSERT_PTR_NOT_NULL(einv_engine_format(e, "cii"));
    CU_ASSERT_PTR_NOT_NULL(einv_engine_format(e, "ubl"));
    /* the built-in ubl.so is the duplicate: the one found first (in a) won */
    snprintf(target, sizeof target, "%s/ubl.so", builtin);
    CU_ASSERT_TRUE(logged(target, "already loaded"));
    CU_ASSERT_TRUE(logged(target, "the first found wins"));
    CU_ASSERT_TRUE(logged("writable.so", "writable by group or others"));
    CU_ASSERT_PTR_NULL(einv_engine_profile(e, "BIGDESC"));
    CU_ASSERT_TRUE(logged("dangling.so", "broken link"));
    einv_engine_close(e);

    /* EINV_PLUGINS names descriptors, not files: partner.so is fixture_good */
    logbuf[0] = 0;
    o.allow = "fixture_good, ubl ,EN16931";
    e = einv_engine_open(&o, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_PTR_NOT_NULL(einv_engine_profile(e, "FIXTURE"));
    CU_ASSERT_PTR_NOT_NULL(einv_engine_profile(e, "EN16931"));
    CU_ASSERT_PTR_NOT_NULL(einv_engine_format(e, "ubl"));
    CU_ASSERT_PTR_NULL(einv_engine_format(e, "cii"));
    CU_ASSERT_PTR_NULL(einv_engine_profile(e, "XRECHNUNG"));
    einv_engine_close(e);
    o.allow = "partner";   /* a file name is no plugin name */
    e = einv_engine_open(&o, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_PTR_NULL(einv_engine_profile(e, "FIXTURE"));
    einv_engine_close(e);
    einv_engine_set_log(NULL);
    rm_tree(a);
    rm_tree(b);
}

/* The engine's options reach the results: documentationUrl's base. */
static void test_docs_url_option(void)
{
    einv_engine_options_t o;
    einv_error_t err;
    einv_engine_t *e;
    einv_result_t *r;
    char *json;
    einv_validate_opts_t v = {"EN16931", NULL, NULL, 0, NULL};
    memset(&o, 0, sizeof o);
    o.struct_size = sizeof o;
    o.plugin_dir = getenv("EINV_TEST_PLUGIN_DIR");
    o.allow = "ubl,en16931";
    o.docs_url = "https://docs.example.test/r";
    e = einv_engine_open(&o, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    r = einv_validate(e, &v, "", 0, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    json = einv_result_json(r);
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"documentationUrl\":\"https://docs.example.test/r/XML-EMPTY\""));
    free(json);
    einv_result_free(r);
    einv_engine_close(e);
}

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("registry", NULL, NULL);
    CU_add_test(s, "broken plugins are refused", test_broken_plugins);
    CU_add_test(s, "allow-list and routing", test_allow_list_and_routing);
    CU_add_test(s, "a missing or cyclic base chain is refused", test_missing_or_cyclic_base);
    CU_add_test(s, "plugin path, symlinks, duplicates, descriptor names", test_plugin_path);
    CU_add_test(s, "engine options: docs URL", test_docs_url_option);
}
