-- 006 (PostgreSQL): the extraction object of an extracted invoice (docs/api.md "Extracted
-- invoices": each field's confidence and place on the page), stored with its verdict and
-- returned as the invoice's `extraction`. NULL for every other invoice, and for those
-- extracted before this migration (their confidences were not kept). A nullable column
-- without a default: adding it rewrites no row. Compressed with lz4 where the server has it,
-- as the other JSON columns (005).
ALTER TABLE invoices ADD COLUMN extraction_json text;
DO $$
BEGIN
    IF 'lz4' = ANY (SELECT unnest(enumvals) FROM pg_settings
                    WHERE name = 'default_toast_compression') THEN
        ALTER TABLE invoices ALTER COLUMN extraction_json SET COMPRESSION lz4;
    END IF;
END
$$;
