-- Organization-wide search (server/features/search): a message's words as search compares them,
-- lower case, accents dropped (NFD, then combining marks removed), ASCII punctuation read as a space
-- ("budget-2026.pdf" is budget, 2026, pdf). Immutable, so GIN indexes hold it; the web and server
-- fold a query the same way (contract/search.ts foldForSearch).
CREATE OR REPLACE FUNCTION search_document(value text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN to_tsvector('simple', regexp_replace(
    regexp_replace(normalize(lower(value), NFD), '[\u0300-\u036f]', '', 'g'),
    '[\u0001-\u002f\u003a-\u0040\u005b-\u0060\u007b-\u007f]+', ' ', 'g'));--> statement-breakpoint
CREATE INDEX "comments_search_document_idx" ON "comments" USING gin (search_document("content"));--> statement-breakpoint
CREATE INDEX "direct_messages_search_document_idx" ON "direct_messages" USING gin (search_document("content"));--> statement-breakpoint
CREATE INDEX "posts_attachment_idx" ON "posts" USING btree ("attachment_id");--> statement-breakpoint
CREATE INDEX "posts_search_document_idx" ON "posts" USING gin (search_document("content"));--> statement-breakpoint
CREATE INDEX "uploads_search_document_idx" ON "uploads" USING gin (search_document("filename")) WHERE "uploads"."kind" = 'attachment';