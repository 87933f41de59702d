CREATE TABLE "result_daily" (
	"day" date NOT NULL,
	"domain_id" text NOT NULL,
	"language" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"count" integer NOT NULL,
	"demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "result_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"domain_id" text NOT NULL,
	"language" text NOT NULL,
	"kind" text NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"target" text DEFAULT 'page' NOT NULL,
	"referrer" text DEFAULT '' NOT NULL,
	"device" text DEFAULT '' NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"found" boolean,
	"operator" text DEFAULT '' NOT NULL,
	"visitor" text
);
--> statement-breakpoint
CREATE TABLE "result_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
CREATE INDEX "result_daily_domain_kind_day" ON "result_daily" USING btree ("domain_id","kind","day");--> statement-breakpoint
CREATE INDEX "result_events_day" ON "result_events" USING btree ("day","domain_id");