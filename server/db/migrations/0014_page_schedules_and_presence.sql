CREATE TABLE "page_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" text NOT NULL,
	"domain_id" text NOT NULL,
	"collection" text NOT NULL,
	"action" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"user_id" text NOT NULL,
	"username" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"claimed_by" text,
	"finished_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "page_schedules" ADD CONSTRAINT "page_schedules_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "page_schedules_one_pending" ON "page_schedules" USING btree ("page_id","action") WHERE "page_schedules"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "page_schedules_due" ON "page_schedules" USING btree ("due_at") WHERE "page_schedules"."status" IN ('pending', 'running');--> statement-breakpoint
CREATE INDEX "page_schedules_domain" ON "page_schedules" USING btree ("domain_id","status","due_at");--> statement-breakpoint
CREATE TABLE "page_presence" (
	"page_id" text NOT NULL,
	"tab_id" text NOT NULL,
	"user_id" text NOT NULL,
	"username" text NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_presence_page_id_tab_id_pk" PRIMARY KEY("page_id","tab_id")
);
--> statement-breakpoint
CREATE INDEX "page_presence_seen_at" ON "page_presence" USING btree ("seen_at");
