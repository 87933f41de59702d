CREATE TABLE "search_terms" (
	"domain_id" text NOT NULL,
	"collection" text NOT NULL,
	"item_id" text NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "search_terms_domain_id_collection_item_id_word_pk" PRIMARY KEY("domain_id","collection","item_id","word")
);
--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "search_index" ADD COLUMN "viewer_roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "search_terms_word_trgm" ON "search_terms" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
UPDATE "search_index" AS s SET "viewer_roles" = ARRAY(SELECT jsonb_array_elements_text(p."published_doc"->'viewerRoles')) FROM "pages" AS p WHERE p."id" = s."item_id" AND p."domain_id" = s."domain_id" AND p."collection" = s."collection" AND jsonb_typeof(p."published_doc"->'viewerRoles') = 'array';--> statement-breakpoint
INSERT INTO "search_terms" ("domain_id", "collection", "item_id", "word") SELECT s."domain_id", s."collection", s."item_id", t.lexeme FROM "search_index" AS s, unnest(to_tsvector('simple', s."title" || ' ' || s."description" || ' ' || s."body")) AS t WHERE cardinality(s."viewer_roles") = 0 AND length(t.lexeme) BETWEEN 3 AND 40 AND t.lexeme !~ '^[0-9]+$' ON CONFLICT DO NOTHING;
