CREATE TABLE "concierge_settings" (
	"domain_id" text PRIMARY KEY NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"ccs" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enquiries" (
	"id" text PRIMARY KEY NOT NULL,
	"domain_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"data" jsonb NOT NULL,
	"mail_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stories" (
	"id" text PRIMARY KEY NOT NULL,
	"domain_id" text NOT NULL,
	"slug" text NOT NULL,
	"draft" jsonb NOT NULL,
	"published_doc" jsonb,
	"published" boolean DEFAULT false NOT NULL,
	"last_published" timestamp with time zone,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "enquiries_domain_created" ON "enquiries" USING btree ("domain_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stories_domain_slug" ON "stories" USING btree ("domain_id","slug");