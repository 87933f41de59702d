CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'english_unaccent') THEN
    CREATE TEXT SEARCH CONFIGURATION english_unaccent (COPY = english);
    ALTER TEXT SEARCH CONFIGURATION english_unaccent ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'simple_unaccent') THEN
    CREATE TEXT SEARCH CONFIGURATION simple_unaccent (COPY = simple);
    ALTER TEXT SEARCH CONFIGURATION simple_unaccent ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;
  END IF;
END $$;--> statement-breakpoint
DROP INDEX IF EXISTS "search_index_title_words";--> statement-breakpoint
ALTER TABLE "search_index" drop column "document";--> statement-breakpoint
ALTER TABLE "search_index" ADD COLUMN "document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english_unaccent', coalesce(title, '')), 'A') || setweight(to_tsvector('english_unaccent', coalesce(headings, '') || ' ' || coalesce(description, '')), 'B') || setweight(to_tsvector('english_unaccent', coalesce(body, '')), 'C')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_index_document" ON "search_index" USING gin ("document") WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "search_index_title_words" ON "search_index" USING gin (to_tsvector('simple_unaccent', "title")) WITH (gin_pending_list_limit=256);
