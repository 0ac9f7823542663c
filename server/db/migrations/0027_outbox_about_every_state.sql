DROP INDEX "outbox_about_idx";--> statement-breakpoint
CREATE INDEX "outbox_about_idx" ON "outbox" USING btree ("about") WHERE "outbox"."about" is not null;