/** Column helpers shared by the tables of every feature. */
import { customType, timestamp } from "drizzle-orm/pg-core";

/** PostgreSQL full-text search vector (posts are searched with it). */
export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
