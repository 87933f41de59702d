-- The draft texts a machine translation suggested and nobody reviewed yet (issue 33, decision 041).
ALTER TABLE "translations" ADD COLUMN "suggested" text[] DEFAULT '{}'::text[] NOT NULL;