CREATE TABLE "page_translation_search" (
	"kind" text NOT NULL,
	"page_id" text NOT NULL,
	"locale" text NOT NULL,
	"domain_id" text NOT NULL,
	"title" text,
	"description" text,
	"text" text NOT NULL,
	"search" "tsvector",
	CONSTRAINT "page_translation_search_page_id_locale_pk" PRIMARY KEY("page_id","locale")
);
--> statement-breakpoint
ALTER TABLE "page_translation_search" ADD CONSTRAINT "page_translation_search_translation_fk" FOREIGN KEY ("kind","page_id","locale") REFERENCES "public"."translations"("kind","subject_id","locale") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_translation_search_domain" ON "page_translation_search" USING btree ("domain_id","locale");--> statement-breakpoint
INSERT INTO "page_translation_search" ("kind", "page_id", "locale", "domain_id", "title", "description", "text", "search") SELECT t."kind", t."subject_id", t."locale", t."domain_id", nullif(t."published"->>'header.title', ''), nullif(t."published"->>'header.description', ''), regexp_replace(coalesce((SELECT string_agg(f.value, ' ') FROM jsonb_each_text(t."published") AS f), ''), '<[^>]*>', ' ', 'g'), CASE WHEN c.config IS NULL THEN NULL ELSE setweight(to_tsvector(c.config, coalesce(t."published"->>'header.title', '')), 'A') || setweight(to_tsvector(c.config, coalesce(t."published"->>'header.description', '')), 'B') || setweight(to_tsvector(c.config, regexp_replace(coalesce((SELECT string_agg(f.value, ' ') FROM jsonb_each_text(t."published") AS f WHERE f.key NOT IN ('header.title', 'header.description')), ''), '<[^>]*>', ' ', 'g')), 'C') END FROM "translations" AS t JOIN (VALUES ('de', 'german'::regconfig), ('fr', 'french'), ('it', 'italian'), ('es', 'spanish'), ('pt', 'portuguese'), ('id', 'indonesian'), ('ja', NULL), ('ko', NULL), ('zh-Hans', NULL)) AS c(locale, config) ON c.locale = t."locale" WHERE t."kind" = 'page' AND t."published" IS NOT NULL;