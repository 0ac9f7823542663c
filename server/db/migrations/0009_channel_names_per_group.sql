DROP INDEX "channels_org_name_key";--> statement-breakpoint
CREATE UNIQUE INDEX "channels_org_type_name_key" ON "channels" USING btree ("organization_id","type",lower("name"));