-- 003 (SQLite): webhooks and their deliveries (docs/api.md "Webhooks").
-- The secret is kept as issued: the delivery worker needs it to compute each signature.
CREATE TABLE webhooks (
    seq         INTEGER PRIMARY KEY AUTOINCREMENT,
    id          TEXT NOT NULL UNIQUE,
    account_id  TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    url         TEXT NOT NULL,
    events      INTEGER NOT NULL,
    description TEXT,
    secret      TEXT NOT NULL,
    created_at  TEXT NOT NULL
);
CREATE INDEX webhooks_account ON webhooks (account_id, seq);

-- One row per (event, webhook), written in the transaction that gives an invoice its final
-- status. status pending: due at next_attempt_at (while an attempt runs, that is the end of
-- its lease, so a crashed worker's delivery comes due again); attempts is also the fencing
-- token of the attempt in flight. delivered / failed are final.
CREATE TABLE webhook_deliveries (
    seq              INTEGER PRIMARY KEY AUTOINCREMENT,
    id               TEXT NOT NULL UNIQUE,
    webhook_id       TEXT NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    event_id         TEXT NOT NULL,
    event_type       TEXT NOT NULL,
    invoice_id       TEXT NOT NULL,
    body             TEXT NOT NULL,
    status           TEXT NOT NULL DEFAULT 'pending',
    attempts         INTEGER NOT NULL DEFAULT 0,
    created_at       TEXT NOT NULL,
    next_attempt_at  TEXT,
    last_attempt_at  TEXT,
    last_status_code INTEGER,
    last_error       TEXT,
    completed_at     TEXT
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at);
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id, seq);
