CREATE TABLE "election_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"election_id" uuid NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "elections" ADD COLUMN "security_settings" jsonb;--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "seal_id" integer;--> statement-breakpoint
ALTER TABLE "election_audit" ADD CONSTRAINT "election_audit_election_id_elections_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."elections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_audit" ADD CONSTRAINT "election_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "election_audit_election_idx" ON "election_audit" USING btree ("election_id","created_at");--> statement-breakpoint
-- Existing participations: disclosed by their position's latest seal, all but as many of the newest as the position has unsealed ballots (those wait for the next seal, with their ballots).
UPDATE "participations" p SET "seal_id" = d.last_seal FROM (
  SELECT pa.position_id, pa.user_id,
    row_number() OVER (PARTITION BY pa.position_id ORDER BY pa.created_at DESC) AS newest,
    (SELECT max(b.seal_id) FROM "ballots" b WHERE b.position_id = pa.position_id) AS last_seal,
    (SELECT count(*) FROM "ballots" b WHERE b.position_id = pa.position_id AND b.seal_id IS NULL) AS waiting
  FROM "participations" pa
) d
WHERE p.position_id = d.position_id AND p.user_id = d.user_id AND d.newest > d.waiting AND d.last_seal IS NOT NULL;
