CREATE TABLE "held_verifications" (
	"election_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"ip" text NOT NULL,
	CONSTRAINT "held_verifications_election_id_user_id_pk" PRIMARY KEY("election_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "held_verifications" ADD CONSTRAINT "held_verifications_election_id_elections_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."elections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_verifications" ADD CONSTRAINT "held_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;