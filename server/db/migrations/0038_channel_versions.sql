ALTER TABLE "channels" ADD COLUMN "security_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "posters_version" integer DEFAULT 1 NOT NULL;