/* Core-internal side of the validation budget (include/einvoice/limits.h). */
#ifndef EINV_LIMITS_INT_H
#define EINV_LIMITS_INT_H
#include <einvoice/limits.h>
#include <einvoice/finding.h>

/* defaults overlaid with the caller's non-zero fields (in may be NULL) */
void einv_limits_merge(einv_limits_t *out, const einv_limits_t *in);
/* make l / deadline the calling thread's active budget; the previous ones are returned so
 * nested validations can restore them */
void einv_limits_activate(const einv_limits_t *l, uint64_t deadline_ns,
                          const einv_limits_t **prev_l, uint64_t *prev_deadline);
extern const einv_rule_t *const einv_limit_time_rule;
#endif
