ALTER TABLE "security_alerts" DROP CONSTRAINT "security_alerts_type_check";--> statement-breakpoint
ALTER TABLE "join_requests" ADD COLUMN "duplicate_of_user_id" uuid;--> statement-breakpoint
ALTER TABLE "organization_memberships" ADD COLUMN "voter_id_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
ALTER TABLE "join_requests" ADD CONSTRAINT "join_requests_duplicate_of_user_id_users_id_fk" FOREIGN KEY ("duplicate_of_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organization_memberships_voter_id_key" ON "organization_memberships" USING btree ("organization_id","voter_id_hash") WHERE "organization_memberships"."voter_id_hash" is not null;--> statement-breakpoint
ALTER TABLE "security_alerts" ADD CONSTRAINT "security_alerts_type_check" CHECK ("security_alerts"."type" in ('identity_theft', 'suspicious_location', 'device_anomaly', 'duplicate_identity'));--> statement-breakpoint
-- Backfill (hand-written; keep when migrations are combined): each existing member gets their ID
-- number hash on the roll, except a later joiner repeating an earlier member's number (left null).
UPDATE "organization_memberships" AS m SET "voter_id_hash" = u."voter_id_hash" FROM "users" AS u WHERE u."id" = m."user_id" AND u."voter_id_hash" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "organization_memberships" AS m2 JOIN "users" AS u2 ON u2."id" = m2."user_id" WHERE m2."organization_id" = m."organization_id" AND u2."voter_id_hash" = u."voter_id_hash" AND (m2."created_at", m2."id") < (m."created_at", m."id"));
