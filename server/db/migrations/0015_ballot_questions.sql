ALTER TABLE "ballots" ALTER COLUMN "candidate_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "election_positions" ADD COLUMN "method" jsonb DEFAULT '{"kind":"plurality"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "election_positions" ADD COLUMN "blank" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "election_positions" ADD COLUMN "candidate_order" text DEFAULT 'as_entered' NOT NULL;--> statement-breakpoint
ALTER TABLE "elections" ADD COLUMN "quorum_percent" integer;--> statement-breakpoint
ALTER TABLE "elections" ADD COLUMN "tie_seed" text;--> statement-breakpoint
ALTER TABLE "ballots" ADD COLUMN "answer" jsonb;--> statement-breakpoint
ALTER TABLE "ballots" ADD CONSTRAINT "ballots_answer_check" CHECK ("ballots"."candidate_id" is not null or "ballots"."answer" is not null);