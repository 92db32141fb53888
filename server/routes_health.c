/* GET /api/health (no authentication): 200 {"status":"ok"} when the store answers, else 503
 * with Retry-After, so load balancers take an instance without its database out. */
#include "http.h"

static void health(einv_req_t *r, const char *const *params, int nparams)
{
    if (store_ping(r->srv->store) == EINV_OK)
        http_send_json(r, 200, "{\"status\":\"ok\"}", NULL);
    else
        http_send_error(r, 503, "The database does not answer", "Retry-After: 5\r\n");
}

/* Registers GET /api/health. */
void routes_health_register(void)
{
    http_route("GET", "/api/health", health);
}
