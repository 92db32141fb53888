-- 001 (SQLite): accounts, API keys, invoices with payloads, the job queue, monthly quota
-- counters and ERP mapping documents. Timestamps are ISO 8601 UTC text with milliseconds
-- ("2026-11-21T09:30:00.123Z"), so text order is time order.

CREATE TABLE accounts (
    id          TEXT PRIMARY KEY,
    email       TEXT,
    subject     TEXT UNIQUE,
    pro         INTEGER NOT NULL DEFAULT 0,
    super_admin INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT NOT NULL
);
CREATE UNIQUE INDEX accounts_email ON accounts (lower(email));

CREATE TABLE api_keys (
    seq          INTEGER PRIMARY KEY AUTOINCREMENT,
    id           TEXT NOT NULL UNIQUE,
    account_id   TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    sandbox      INTEGER NOT NULL DEFAULT 0,
    key_hash     TEXT NOT NULL UNIQUE,
    prefix       TEXT NOT NULL,
    last_four    TEXT NOT NULL,
    quota_limit  INTEGER,
    created_at   TEXT NOT NULL,
    last_used_at TEXT,
    revoked_at   TEXT
);
CREATE INDEX api_keys_account ON api_keys (account_id, created_at);

CREATE TABLE invoices (
    seq            INTEGER PRIMARY KEY AUTOINCREMENT,
    id             TEXT NOT NULL UNIQUE,
    account_id     TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    key_id         TEXT REFERENCES api_keys (id) ON DELETE SET NULL,
    status         TEXT NOT NULL,
    profile        TEXT NOT NULL,
    source_format  TEXT,
    invoice_format TEXT NOT NULL DEFAULT '',
    tier           TEXT,
    sandbox        INTEGER NOT NULL DEFAULT 0,
    created_at     TEXT NOT NULL,
    completed_at   TEXT,
    invoice_number TEXT,
    canonical_json TEXT,
    result_json    TEXT,
    valid          INTEGER,
    error_count    INTEGER NOT NULL DEFAULT 0,
    warning_count  INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX invoices_account_created ON invoices (account_id, created_at);
CREATE INDEX invoices_created ON invoices (created_at);

CREATE TABLE invoice_payloads (
    invoice_id   TEXT PRIMARY KEY REFERENCES invoices (id) ON DELETE CASCADE,
    content_type TEXT,
    data         BLOB NOT NULL
);

-- One row per invoice waiting for (or being given) its verdict. lease_until NULL: not
-- claimed; a lease in the past: its worker died, the job may be claimed again.
CREATE TABLE jobs (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    invoice_id  TEXT NOT NULL UNIQUE REFERENCES invoices (id) ON DELETE CASCADE,
    worker      TEXT,
    lease_until TEXT,
    attempts    INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT NOT NULL
);

-- Monthly counters; period is "YYYY-MM" (UTC).
CREATE TABLE account_usage (
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    period     TEXT NOT NULL,
    used       INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (account_id, period)
);
CREATE TABLE key_usage (
    key_id TEXT NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
    period TEXT NOT NULL,
    used   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (key_id, period)
);

CREATE TABLE account_mappings (
    account_id TEXT PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    document   TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
