/* Test plugin for tests/server/test_workers.c: the profiles SLOWTEST and SLOWTEST8, whose
 * check takes 4 and 8 seconds of wall time on any document (sleeping, so it costs no CPU and
 * takes the same time on a loaded machine). It stops early when the validation's deadline
 * passes, as every long-running check must. Built only for the tests, never installed. */
#define _POSIX_C_SOURCE 200809L
#include <time.h>
#include <einvoice/limits.h>
#include <einvoice/plugin.h>

static void sleep_checked(einv_ctx_t *ctx, unsigned ms)
{
    uint64_t until = einv_now_ns() + (uint64_t)ms * 1000000u;
    struct timespec step = {0, 20 * 1000000L};
    while (einv_now_ns() < until && !einv_ctx_expired(ctx))
        nanosleep(&step, NULL);
}

static void check4(einv_ctx_t *ctx)
{
    sleep_checked(ctx, 4000);
}

static void check8(einv_ctx_t *ctx)
{
    sleep_checked(ctx, 8000);
}

static int init(const einv_host_api_t *host, einv_error_t *err)
{
    static const einv_profile_ops_t four = {sizeof(einv_profile_ops_t), "SLOWTEST", NULL, 0,
                                            "test fixture", 0, check4, NULL, 0, NULL, NULL, NULL, 0};
    static const einv_profile_ops_t eight = {sizeof(einv_profile_ops_t), "SLOWTEST8", NULL, 0,
                                             "test fixture", 0, check8, NULL, 0, NULL, NULL, NULL, 0};
    int rc = host->register_profile(&four, err);
    return rc == EINV_OK ? host->register_profile(&eight, err) : rc;
}
EINV_PLUGIN_DEFINE("slowtest", EINV_PLUGIN_PROFILE, "1", "test fixture: 4 s and 8 s profiles", init, NULL)
