ALTER TABLE "elections" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "elections" ADD COLUMN "roll_version" integer DEFAULT 1 NOT NULL;