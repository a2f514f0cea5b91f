CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "newsletter_search_trgm_idx" ON "newsletter" USING gin (("name" || ' ' || coalesce("publisher", '') || ' ' || coalesce("description", '')) gin_trgm_ops) WHERE "newsletter"."is_public";--> statement-breakpoint
CREATE INDEX "newsletter_search_fts_idx" ON "newsletter" USING gin (to_tsvector('english', "name" || ' ' || coalesce("publisher", '') || ' ' || coalesce("description", ''))) WHERE "newsletter"."is_public";--> statement-breakpoint
CREATE INDEX "comment_recent_idx" ON "comment" USING btree ("created_at","issue_id");--> statement-breakpoint
CREATE INDEX "email_like_recent_idx" ON "email_like" USING btree ("created_at","issue_id");--> statement-breakpoint
CREATE INDEX "email_read_recent_idx" ON "email_read" USING btree ("last_read_at","issue_id");