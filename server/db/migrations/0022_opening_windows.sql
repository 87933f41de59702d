ALTER TABLE "listings" ADD COLUMN "open_days" integer[];--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "open_minutes" integer[];