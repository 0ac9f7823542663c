-- A member's open report of a message stands once: repeats made before this are folded into the first.
DELETE FROM "reports" r USING "reports" k WHERE r.status = 'open' AND k.status = 'open' AND r.post_id = k.post_id AND r.reporter_id = k.reporter_id AND (k.created_at, k.id) < (r.created_at, r.id);--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_once_idx" ON "reports" USING btree ("post_id","reporter_id") WHERE status = 'open';
