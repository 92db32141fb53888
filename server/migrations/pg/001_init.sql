-- 001 (PostgreSQL): accounts, API keys, invoices with payloads, the job queue, monthly
-- quota counters and ERP mapping documents. Timestamps are timestamptz rounded to
-- milliseconds; einv_iso() renders them as ISO 8601 UTC ("2026-11-21T09:30:00.123Z").

CREATE FUNCTION einv_iso(t timestamptz) RETURNS text
    LANGUAGE sql STABLE
    AS $$ SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;

CREATE TABLE accounts (
    id          uuid PRIMARY KEY,
    email       text,
    subject     text UNIQUE,
    pro         boolean NOT NULL DEFAULT false,
    super_admin boolean NOT NULL DEFAULT false,
    created_at  timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX accounts_email ON accounts (lower(email));

CREATE TABLE api_keys (
    seq          bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
    id           uuid PRIMARY KEY,
    account_id   uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    name         text NOT NULL,
    sandbox      boolean NOT NULL DEFAULT false,
    key_hash     text NOT NULL UNIQUE,
    prefix       text NOT NULL,
    last_four    text NOT NULL,
    quota_limit  bigint,
    created_at   timestamptz(3) NOT NULL DEFAULT now(),
    last_used_at timestamptz(3),
    revoked_at   timestamptz(3)
);
CREATE INDEX api_keys_account ON api_keys (account_id, created_at);

CREATE TABLE invoices (
    seq            bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
    id             uuid PRIMARY KEY,
    account_id     uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    key_id         uuid REFERENCES api_keys (id) ON DELETE SET NULL,
    status         text NOT NULL,
    profile        text NOT NULL,
    source_format  text,
    invoice_format text NOT NULL DEFAULT '',
    tier           text,
    sandbox        boolean NOT NULL DEFAULT false,
    created_at     timestamptz(3) NOT NULL DEFAULT now(),
    completed_at   timestamptz(3),
    invoice_number text,
    canonical_json text,
    result_json    text,
    valid          boolean,
    error_count    integer NOT NULL DEFAULT 0,
    warning_count  integer NOT NULL DEFAULT 0
);
CREATE INDEX invoices_account_created ON invoices (account_id, created_at);
CREATE INDEX invoices_created ON invoices (created_at);

CREATE TABLE invoice_payloads (
    invoice_id   uuid PRIMARY KEY REFERENCES invoices (id) ON DELETE CASCADE,
    content_type text,
    data         bytea NOT NULL
);

-- One row per invoice waiting for (or being given) its verdict. lease_until NULL: not
-- claimed; a lease in the past: its worker died, the job may be claimed again. Workers of
-- every instance claim with FOR UPDATE SKIP LOCKED.
CREATE TABLE jobs (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    invoice_id  uuid NOT NULL UNIQUE REFERENCES invoices (id) ON DELETE CASCADE,
    worker      text,
    lease_until timestamptz,
    attempts    integer NOT NULL DEFAULT 0,
    created_at  timestamptz(3) NOT NULL DEFAULT now()
);

-- Monthly counters; period is "YYYY-MM" (UTC). Submits lock the rows they increment.
CREATE TABLE account_usage (
    account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    period     text NOT NULL,
    used       bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (account_id, period)
);
CREATE TABLE key_usage (
    key_id uuid NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
    period text NOT NULL,
    used   bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (key_id, period)
);

CREATE TABLE account_mappings (
    account_id uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    document   text NOT NULL,
    updated_at timestamptz(3) NOT NULL DEFAULT now()
);
