ALTER INDEX "search_index_document" SET (gin_pending_list_limit=256);--> statement-breakpoint
ALTER INDEX "search_terms_word_trgm" SET (gin_pending_list_limit=256);--> statement-breakpoint
ALTER INDEX "listings_tags" SET (gin_pending_list_limit=256);--> statement-breakpoint
ALTER INDEX "listings_search" SET (gin_pending_list_limit=256);
