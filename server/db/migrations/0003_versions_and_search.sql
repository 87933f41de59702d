CREATE TABLE "page_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" text NOT NULL,
	"version" integer NOT NULL,
	"action" text NOT NULL,
	"doc" jsonb NOT NULL,
	"slug" text NOT NULL,
	"user_id" text,
	"username" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_index" (
	"domain_id" text NOT NULL,
	"collection" text NOT NULL,
	"item_id" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"image_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B') || setweight(to_tsvector('english', coalesce(body, '')), 'C')) STORED NOT NULL,
	CONSTRAINT "search_index_domain_id_collection_item_id_pk" PRIMARY KEY("domain_id","collection","item_id")
);
--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_versions_page" ON "page_versions" USING btree ("page_id","created_at");--> statement-breakpoint
CREATE INDEX "search_index_document" ON "search_index" USING gin ("document");--> statement-breakpoint
CREATE INDEX "search_index_title_trgm" ON "search_index" USING gin ("title" gin_trgm_ops);