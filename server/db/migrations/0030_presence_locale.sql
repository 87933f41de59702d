-- The further language a tab edits the page in, so "Also here" says who is in which language (issue 33).
ALTER TABLE "page_presence" ADD COLUMN "locale" text;