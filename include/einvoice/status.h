/* einvoice SDK: status codes and the error record filled on failure. */
#ifndef EINVOICE_STATUS_H
#define EINVOICE_STATUS_H

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) && !defined(EINV_BUILDING_STATIC)
#define EINV_API __attribute__((visibility("default")))
#else
#define EINV_API
#endif

/* Small return codes; details go into an einv_error_t the caller owns. */
typedef enum einv_status {
    EINV_OK = 0,
    EINV_DECLINED = 1,      /* "not mine": a sniffer declines, the registry tries the next */
    EINV_ERR = -1,          /* generic failure, see einv_error_t */
    EINV_ERR_NOMEM = -2,
    EINV_ERR_IO = -3,
    EINV_ERR_USAGE = -4,
    EINV_ERR_NOTFOUND = -5,
    EINV_ERR_ABI = -6,
    EINV_ERR_LIMIT = -7     /* a limit of the budget (limits.h) was reached; err->detail names it */
} einv_status;

/* Error details in fixed buffers so no allocation is needed to report a failure. */
typedef struct einv_error {
    int code;               /* an einv_status */
    char message[256];
    char detail[256];
    char hint[256];
} einv_error_t;

/* Fill err (may be NULL) and return code. Never allocates. */
EINV_API int einv_error_set(einv_error_t *err, int code, const char *message,
                            const char *detail, const char *hint);

#ifdef __cplusplus
}
#endif
#endif
