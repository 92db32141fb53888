-- 005 (PostgreSQL): the stored payload and the verdict's JSON columns compressed with lz4
-- instead of pglz, where the server has lz4 (PostgreSQL 14+ built with it): an invoice's
-- payload and its canonical and result JSON are compressed when written, and pglz cost
-- several times lz4's CPU for about the same size. Rows already stored keep their
-- compression; both are read back the same way.
DO $$
BEGIN
    IF 'lz4' = ANY (SELECT unnest(enumvals) FROM pg_settings
                    WHERE name = 'default_toast_compression') THEN
        ALTER TABLE invoices ALTER COLUMN canonical_json SET COMPRESSION lz4,
                             ALTER COLUMN result_json SET COMPRESSION lz4;
        ALTER TABLE invoice_payloads ALTER COLUMN data SET COMPRESSION lz4;
        ALTER TABLE webhook_deliveries ALTER COLUMN body SET COMPRESSION lz4;
    END IF;
END
$$;
