/* The accept layer in front of CivetWeb. CivetWeb holds a thread per connection from
 * accept on, so clients that send their request head slowly (slowloris) would take every
 * thread. Here one thread owns the public listening socket, waits with epoll until a
 * connection's request head is complete (peeking, nothing consumed), and only then hands
 * the socket itself to CivetWeb, which listens on an internal loopback port: the handover
 * goes through accept(), which this module defines for the process (see conn_guard.c).
 * It also caps connections (in total, and per client address while they are still sending
 * their head) with a fast 503, answers 408 to heads and bodies that do not arrive in time,
 * and tells the request handler when keep-alive must give its thread back. */
#ifndef EINV_CONN_GUARD_H
#define EINV_CONN_GUARD_H

#include <stddef.h>
#include <civetweb.h>
#include "server.h"

/* Bind the public socket (cfg->listen) and take the settings. Returns 0, or -1 with a
 * message in msg. Call once, before mg_start. */
int conn_guard_open(const einv_config_t *cfg, char *msg, size_t msglen);
/* The listening_ports value for CivetWeb: an internal loopback port only we connect to. */
const char *conn_guard_civet_ports(void);
/* EINV_MAX_CONNECTIONS as applied: lowered at open when the open-file limit is too low. */
int conn_guard_max_connections(void);
/* Add the guard's CivetWeb callback (connection_close) to cb. */
void conn_guard_callbacks(struct mg_callbacks *cb);
/* Start the accept thread once CivetWeb runs. Returns 0, or -1 with a message. */
int conn_guard_start(struct mg_context *mg, char *msg, size_t msglen);
/* Stop accepting and close the connections not yet handed over; call before mg_stop. */
void conn_guard_stop(void);

/* The request handler's marks. begin: a request head was read (starts the body deadline
 * when the request has a body). body_done: the body was read completely. respond: the
 * response is about to start; returns 1 when the guard already answered 408 for this
 * request (then nothing more may be written). */
void conn_guard_request_begin(struct mg_connection *conn);
void conn_guard_body_done(struct mg_connection *conn);
int conn_guard_respond(struct mg_connection *conn);
/* 0 when CivetWeb's threads are scarce and this connection should close after its
 * response instead of waiting for another request (keep-alive holds a thread). */
int conn_guard_keep_alive_ok(void);
#endif
