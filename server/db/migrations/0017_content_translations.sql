CREATE TABLE "translation_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"locale" text NOT NULL,
	"version" integer NOT NULL,
	"action" text NOT NULL,
	"fields" jsonb NOT NULL,
	"user_id" text,
	"username" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "translations" (
	"kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"locale" text NOT NULL,
	"domain_id" text NOT NULL,
	"draft" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"published" jsonb,
	"last_published" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translations_kind_subject_id_locale_pk" PRIMARY KEY("kind","subject_id","locale")
);
--> statement-breakpoint
DROP INDEX "page_schedules_one_pending";--> statement-breakpoint
ALTER TABLE "page_schedules" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "translation_versions_subject" ON "translation_versions" USING btree ("kind","subject_id","locale","version");--> statement-breakpoint
CREATE INDEX "translations_domain" ON "translations" USING btree ("domain_id","kind","locale");--> statement-breakpoint
CREATE UNIQUE INDEX "page_schedules_one_pending" ON "page_schedules" USING btree ("page_id","action",coalesce("locale", '')) WHERE "page_schedules"."status" = 'pending';