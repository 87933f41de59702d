CREATE TABLE "activity" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" text,
	"username" text,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"domain_id" text,
	"subject_id" text,
	"subject" text DEFAULT '' NOT NULL,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "email_changes" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "activity_at" ON "activity" USING btree ("at");--> statement-breakpoint
CREATE INDEX "activity_user_at" ON "activity" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "activity_kind_at" ON "activity" USING btree ("kind","at");--> statement-breakpoint
-- Issue 21: accounts made before roles were shown on screen (editor:create without a role) become admins.
UPDATE "users" SET "roles" = array_append("roles", 'admin') WHERE cardinality("roles") = 0;
