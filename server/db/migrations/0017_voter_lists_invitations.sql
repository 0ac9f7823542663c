CREATE TABLE "election_roll_lists" (
	"election_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	CONSTRAINT "election_roll_lists_election_id_list_id_pk" PRIMARY KEY("election_id","list_id")
);
--> statement-breakpoint
CREATE TABLE "election_roll_members" (
	"election_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "election_roll_members_election_id_user_id_pk" PRIMARY KEY("election_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "election_rolls" (
	"election_id" uuid PRIMARY KEY NOT NULL,
	"chosen_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"id_type" text,
	"voter_id_hash" text,
	"weight" double precision DEFAULT 1 NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"outbox_id" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invited_by" uuid,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" uuid,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_email_lower_check" CHECK ("invitations"."email" = lower("invitations"."email"))
);
--> statement-breakpoint
CREATE TABLE "voter_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "election_roll_lists" ADD CONSTRAINT "election_roll_lists_election_id_election_rolls_election_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."election_rolls"("election_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_roll_lists" ADD CONSTRAINT "election_roll_lists_list_id_voter_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."voter_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_roll_members" ADD CONSTRAINT "election_roll_members_election_id_election_rolls_election_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."election_rolls"("election_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_roll_members" ADD CONSTRAINT "election_roll_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_rolls" ADD CONSTRAINT "election_rolls_election_id_elections_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."elections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_rolls" ADD CONSTRAINT "election_rolls_chosen_by_users_id_fk" FOREIGN KEY ("chosen_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_list_id_voter_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."voter_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_user_id_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voter_lists" ADD CONSTRAINT "voter_lists_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voter_lists" ADD CONSTRAINT "voter_lists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_key" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_open_email_key" ON "invitations" USING btree ("organization_id","email") WHERE "invitations"."accepted_at" is null and "invitations"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "invitations_list_idx" ON "invitations" USING btree ("list_id");--> statement-breakpoint
CREATE INDEX "voter_lists_organization_idx" ON "voter_lists" USING btree ("organization_id");