/* Test plugin for tests/server/test_workers.c: the profile SLOWTEST, whose check takes
 * 4 seconds of wall time on any document (sleeping, so it costs no CPU and takes the same
 * time on a loaded machine). It stops early when the validation's deadline passes, as
 * every long-running check must. Built only for the tests, never installed. */
#define _POSIX_C_SOURCE 200809L
#include <time.h>
#include <einvoice/limits.h>
#include <einvoice/plugin.h>

#define SLOW_MS 4000

static void check(einv_ctx_t *ctx)
{
    uint64_t until = einv_now_ns() + (uint64_t)SLOW_MS * 1000000u;
    struct timespec step = {0, 20 * 1000000L};
    while (einv_now_ns() < until && !einv_ctx_expired(ctx))
        nanosleep(&step, NULL);
}

static int init(const einv_host_api_t *host, einv_error_t *err)
{
    static const einv_profile_ops_t ops = {sizeof(einv_profile_ops_t), "SLOWTEST", NULL, 0,
                                           "test fixture", 0, check, NULL, 0, NULL, NULL};
    return host->register_profile(&ops, err);
}
EINV_PLUGIN_DEFINE("slowtest", EINV_PLUGIN_PROFILE, "1", "test fixture: a 4 s profile", init, NULL)
