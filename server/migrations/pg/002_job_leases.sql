-- 002 (PostgreSQL): leases that are kept and fenced, bounded retries.
-- jobs.attempts (001) counts the claims of a job and is the claim's fencing token: the lease
-- is renewed and the verdict stored only while it still equals the claim's value, so a
-- worker that lost its lease never overwrites a newer verdict. first_claimed_at starts the
-- job deadline (EINV_JOB_DEADLINE); it is counted from the first claim, not from the
-- submit, so a long queue does not fail invoices that never ran.
ALTER TABLE jobs ADD COLUMN first_claimed_at timestamptz;

-- The audit of a verdict: how many claims it took and which worker stored it.
ALTER TABLE invoices ADD COLUMN attempts integer NOT NULL DEFAULT 0,
                     ADD COLUMN completed_by text;
