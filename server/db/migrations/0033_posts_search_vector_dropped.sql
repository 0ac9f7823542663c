DROP INDEX "posts_search_idx";--> statement-breakpoint
ALTER TABLE "posts" DROP COLUMN "search_vector";