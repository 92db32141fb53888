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

/* What an error is about, so callers classify errors by code and subject, never by the
 * words of the message (as SQLSTATE classes do). */
typedef enum einv_subject {
    EINV_SUBJECT_NONE = 0,
    EINV_SUBJECT_PROFILE = 1,   /* a validation profile (e.g. not installed) */
    EINV_SUBJECT_FORMAT = 2,    /* an input format / format plugin */
    EINV_SUBJECT_PLUGIN = 3,    /* a plugin file or its descriptor */
    EINV_SUBJECT_SETTING = 4,   /* a configuration setting */
    EINV_SUBJECT_STORE = 5      /* the database */
} einv_subject;

/* Error details in fixed buffers so no allocation is needed to report a failure. The
 * record keeps the size it had before subject existed (772 bytes: hint gave up 4), so
 * plugins built against SDK 1.0-1.3 still pass records of the right size. */
typedef struct einv_error {
    int code;               /* an einv_status */
    char message[256];
    char detail[256];
    char hint[252];
    int subject;            /* an einv_subject (einv_error_set: EINV_SUBJECT_NONE). Since 1.4 */
} einv_error_t;

/* Fill err (may be NULL) and return code. Never allocates. */
EINV_API int einv_error_set(einv_error_t *err, int code, const char *message,
                            const char *detail, const char *hint);
/* Same, naming what the error is about (an einv_subject). Since 1.4. */
EINV_API int einv_error_set_subject(einv_error_t *err, int code, int subject, const char *message,
                                    const char *detail, const char *hint);

#ifdef __cplusplus
}
#endif
#endif
