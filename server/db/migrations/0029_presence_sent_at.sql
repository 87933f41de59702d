-- A tab's leave is kept as a mark (left_at, the tab's clock) so a heartbeat sent before it but answered after it does not bring the tab back (issue 31).
ALTER TABLE "page_presence" ADD COLUMN "sent_at" double precision;--> statement-breakpoint
ALTER TABLE "page_presence" ADD COLUMN "left_at" double precision;