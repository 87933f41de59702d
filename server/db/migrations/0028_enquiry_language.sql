-- The language of the page a visitor sent an enquiry from (issue 33): kept with the enquiry, not only named in its mail.
ALTER TABLE "enquiries" ADD COLUMN "language" text;
