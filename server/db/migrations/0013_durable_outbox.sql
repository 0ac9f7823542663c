ALTER TABLE "outbox" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "kind" text DEFAULT 'notice' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "state" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "provider_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."state" in ('queued', 'sending');--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_state_check" CHECK ("outbox"."state" in ('queued', 'sending', 'sent', 'failed'));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_channel_check" CHECK ("outbox"."channel" in ('email', 'sms'));--> statement-breakpoint
-- Hand-written (after the columns it needs): messages stored before this migration only ever went to the developer outbox; they are not to be sent now.
UPDATE "outbox" SET "state" = 'sent', "sent_at" = "created_at";
