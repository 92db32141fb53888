-- 005 (SQLite): the extraction object of an extracted invoice (docs/api.md "Extracted
-- invoices": each field's confidence and place on the page), stored with its verdict and
-- returned as the invoice's `extraction`. NULL for every other invoice, and for those
-- extracted before this migration (their confidences were not kept).
ALTER TABLE invoices ADD COLUMN extraction_json TEXT;
