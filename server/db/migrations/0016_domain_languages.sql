ALTER TABLE "domains" ADD COLUMN "default_language" text DEFAULT 'en-AU' NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "languages" text[] DEFAULT '{}'::text[] NOT NULL;