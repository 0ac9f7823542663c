ALTER TABLE "elections" DROP CONSTRAINT "elections_channel_id_channels_id_fk";
--> statement-breakpoint
ALTER TABLE "elections" ADD CONSTRAINT "elections_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;