-- 003 (PostgreSQL): webhooks and their deliveries (docs/api.md "Webhooks").
-- The secret is kept as issued: the delivery worker needs it to compute each signature.
CREATE TABLE webhooks (
    seq         bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
    id          uuid PRIMARY KEY,
    account_id  uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    url         text NOT NULL,
    events      integer NOT NULL,
    description text,
    secret      text NOT NULL,
    created_at  timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX webhooks_account ON webhooks (account_id, seq);

-- One row per (event, webhook), written in the transaction that gives an invoice its final
-- status. status pending: due at next_attempt_at (while an attempt runs, that is the end of
-- its lease, so a crashed worker's delivery comes due again; instances claim with FOR UPDATE
-- SKIP LOCKED); attempts is also the fencing token of the attempt in flight. delivered /
-- failed are final.
CREATE TABLE webhook_deliveries (
    seq              bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
    id               uuid PRIMARY KEY,
    webhook_id       uuid NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    event_id         uuid NOT NULL,
    event_type       text NOT NULL,
    invoice_id       uuid NOT NULL,
    body             text NOT NULL,
    status           text NOT NULL DEFAULT 'pending',
    attempts         integer NOT NULL DEFAULT 0,
    created_at       timestamptz(3) NOT NULL DEFAULT now(),
    next_attempt_at  timestamptz(3),
    last_attempt_at  timestamptz(3),
    last_status_code integer,
    last_error       text,
    completed_at     timestamptz(3)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id, seq);
