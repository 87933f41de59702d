CREATE TABLE "listing_translations" (
	"listing_id" text NOT NULL,
	"locale" text NOT NULL,
	"domain_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"search" "tsvector" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_translations_listing_id_locale_pk" PRIMARY KEY("listing_id","locale")
);
--> statement-breakpoint
ALTER TABLE "listing_translations" ADD CONSTRAINT "listing_translations_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_translations_search" ON "listing_translations" USING gin ("search") WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "listing_translations_domain" ON "listing_translations" USING btree ("domain_id","locale");