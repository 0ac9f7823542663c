ALTER TABLE "elections" ADD COLUMN "definition_hash" text;--> statement-breakpoint
ALTER TABLE "elections" ADD COLUMN "roll_size" integer;