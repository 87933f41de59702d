CREATE TABLE "stale_findings" (
	"id" text PRIMARY KEY NOT NULL,
	"domain_id" text NOT NULL,
	"source" text NOT NULL,
	"page_id" text,
	"slug" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"check" text NOT NULL,
	"block" jsonb,
	"path" text NOT NULL,
	"href" text NOT NULL,
	"target" jsonb,
	"suggestions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stale_findings_domain_found" ON "stale_findings" USING btree ("domain_id","found_at");