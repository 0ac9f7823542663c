CREATE TABLE "election_notice_settings" (
	"election_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "election_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"election_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"sent_by" uuid,
	"recipients" integer DEFAULT 0 NOT NULL,
	"queued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "election_notice_settings" ADD CONSTRAINT "election_notice_settings_election_id_elections_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."elections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_notices" ADD CONSTRAINT "election_notices_election_id_elections_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."elections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_notices" ADD CONSTRAINT "election_notices_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "election_notices_once_idx" ON "election_notices" USING btree ("election_id","kind") WHERE not "election_notices"."manual";--> statement-breakpoint
CREATE INDEX "election_notices_election_idx" ON "election_notices" USING btree ("election_id","queued_at");