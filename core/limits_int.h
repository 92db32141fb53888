/* Core-internal side of the validation budget (include/einvoice/limits.h). */
#ifndef EINV_LIMITS_INT_H
#define EINV_LIMITS_INT_H
#include <einvoice/limits.h>
#include <einvoice/finding.h>
#include <einvoice/status.h>

/* defaults overlaid with the caller's non-zero fields (in may be NULL) */
void einv_limits_merge(einv_limits_t *out, const einv_limits_t *in);
/* make l / deadline the calling thread's active budget; the previous ones are returned so
 * nested validations can restore them */
void einv_limits_activate(const einv_limits_t *l, uint64_t deadline_ns,
                          const einv_limits_t **prev_l, uint64_t *prev_deadline);
extern const einv_rule_t einv_rule_limit_time;   /* LIMIT-TIME */

/* A parse that stopped at a limit notes its error here (per thread, the first one since the
 * validation began): nested parses inside plugins are reported by the engine that way. */
void einv_limit_note(const einv_error_t *err);
/* The noted limit error, cleared: 1 when there was one. */
int einv_limit_take(einv_error_t *out);

/* Mark the validation expired and report LIMIT-TIME, once. */
void einv_ctx_expire(einv_ctx_t *ctx);
#endif
