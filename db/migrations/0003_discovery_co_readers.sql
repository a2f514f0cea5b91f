DROP INDEX "subscription_newsletter_status_idx";--> statement-breakpoint
CREATE INDEX "subscription_user_status_idx" ON "subscription" USING btree ("user_id","status","newsletter_id");--> statement-breakpoint
CREATE INDEX "subscription_newsletter_status_idx" ON "subscription" USING btree ("newsletter_id","status","user_id");