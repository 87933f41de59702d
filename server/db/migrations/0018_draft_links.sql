CREATE TABLE "draft_links" (
	"id" text PRIMARY KEY NOT NULL,
	"domain_id" text NOT NULL,
	"page_id" text NOT NULL,
	"created_by" text,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" text
);
--> statement-breakpoint
CREATE INDEX "draft_links_page" ON "draft_links" USING btree ("page_id","created_at");