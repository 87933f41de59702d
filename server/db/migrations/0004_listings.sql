CREATE TABLE "listing_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"domain_id" text NOT NULL,
	"doc" jsonb NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_sync_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"counts" jsonb,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "listing_tags" (
	"domain_id" text PRIMARY KEY NOT NULL,
	"draft" jsonb NOT NULL,
	"published_doc" jsonb,
	"last_published" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" text PRIMARY KEY NOT NULL,
	"domain_id" text NOT NULL,
	"listing_type" text DEFAULT 'product' NOT NULL,
	"parent_id" text,
	"is_custom" boolean DEFAULT true NOT NULL,
	"active_status" text DEFAULT 'ACTIVE' NOT NULL,
	"doc" jsonb NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"public_doc" jsonb,
	"name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"product_category" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"start_date" date,
	"dates" daterange,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B')) STORED NOT NULL,
	"last_synced" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_categories" ADD CONSTRAINT "listing_categories_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_tags" ADD CONSTRAINT "listing_tags_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_categories_domain" ON "listing_categories" USING btree ("domain_id","created_at");--> statement-breakpoint
CREATE INDEX "listings_public_order" ON "listings" USING btree ("domain_id","published","start_date","name");--> statement-breakpoint
CREATE INDEX "listings_tags" ON "listings" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "listings_search" ON "listings" USING gin ("search");--> statement-breakpoint
CREATE INDEX "listings_dates" ON "listings" USING gist ("dates");--> statement-breakpoint
CREATE INDEX "listings_location" ON "listings" USING btree ("domain_id","location");--> statement-breakpoint
CREATE INDEX "listings_parent" ON "listings" USING btree ("parent_id");