-- A ballot's seal hashes its chain key, which is never published; ballots sealed before keys were
-- kept were hashed with their receipt hash, which becomes their key.
DROP INDEX "ballots_chain_order_idx";--> statement-breakpoint
ALTER TABLE "ballots" ADD COLUMN "chain_key" text;--> statement-breakpoint
UPDATE "ballots" SET "chain_key" = "receipt_hash";--> statement-breakpoint
ALTER TABLE "ballots" ALTER COLUMN "chain_key" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "ballots_chain_order_idx" ON "ballots" USING btree ("election_id","seal_id","position_id","candidate_id","chain_key" collate "C");
