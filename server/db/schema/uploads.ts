/** Uploaded files. */
import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { channels } from "./channels";
import { createdAt } from "./columns";
import { organizations } from "./organizations";

/** Uploaded files; the bytes live in the data folder under uploads/{id}. */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /**
     * A logo is public (search shows it); attachments, recordings and candidate photos (shown on an
     * election's ballot) are for the organization's members.
     */
    kind: text("kind", { enum: ["logo", "attachment", "recording", "candidate_photo"] }).notNull(),
    organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    channelId: uuid("channel_id").references(() => channels.id, { onDelete: "cascade" }),
    uploaderId: uuid("uploader_id").references(() => users.id, { onDelete: "set null" }),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // The sweeper's look at what passed its grace since its last pass (features/uploads/sweeper.ts).
    index("uploads_kind_created_idx").on(t.kind, t.createdAt),
    // Attachments are found by their names (features/search).
    index("uploads_search_document_idx")
      .using("gin", sql`search_document(${t.filename})`)
      .where(sql`${t.kind} = 'attachment'`),
  ],
);
