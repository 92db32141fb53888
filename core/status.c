/* Error records and the names of severities and layers. */
#include <einvoice/status.h>
#include <einvoice/finding.h>
#include <stdio.h>

int einv_error_set(einv_error_t *err, int code, const char *message, const char *detail,
                   const char *hint)
{
    if (err) {
        err->code = code;
        snprintf(err->message, sizeof err->message, "%s", message ? message : "");
        snprintf(err->detail, sizeof err->detail, "%s", detail ? detail : "");
        snprintf(err->hint, sizeof err->hint, "%s", hint ? hint : "");
        err->subject = EINV_SUBJECT_NONE;
    }
    return code;
}

int einv_error_set_subject(einv_error_t *err, int code, int subject, const char *message,
                           const char *detail, const char *hint)
{
    einv_error_set(err, code, message, detail, hint);
    if (err)
        err->subject = subject;
    return code;
}

const char *einv_severity_name(einv_severity s)
{
    switch (s) {
    case EINV_SEV_ERROR: return "ERROR";
    case EINV_SEV_WARNING: return "WARNING";
    default: return "INFO";
    }
}

const char *einv_layer_name(einv_layer l)
{
    static const char *names[] = {"SCHEMA", "SYNTAX", "CORE", "PROFILE", "PDF", "EXTRACTION"};
    return (unsigned)l < sizeof names / sizeof names[0] ? names[l] : "CORE";
}
