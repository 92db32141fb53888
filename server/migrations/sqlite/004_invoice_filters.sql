-- 004 (SQLite): indexes for the filters of GET /v1/invoices (docs/api.md "Listing
-- invoices: filters"). A status filter, and the count of its page, read one account's rows of
-- that status in creation order; an invoice number is looked up within its account. Profile
-- and format filters are few-valued and ride on invoices_account_created.
CREATE INDEX invoices_account_status_created ON invoices (account_id, status, created_at);
CREATE INDEX invoices_account_number ON invoices (account_id, invoice_number);
