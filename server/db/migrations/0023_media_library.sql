CREATE TABLE "media_folders" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "caption" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "credit" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "licence" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "folder_id" text;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "focal_x" real;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "focal_y" real;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "trashed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "media_folders" ADD CONSTRAINT "media_folders_parent_id_media_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."media_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_folders_parent_name" ON "media_folders" USING btree (coalesce("parent_id", ''),lower("name"));--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_folder_id_media_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."media_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "images_content_hash" ON "images" USING btree ("content_hash");--> statement-breakpoint
CREATE INDEX "images_created" ON "images" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "images_folder" ON "images" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "images_tags" ON "images" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "images_trashed" ON "images" USING btree ("trashed_at");