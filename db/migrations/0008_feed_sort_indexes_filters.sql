DROP INDEX "email_user_subject_idx";--> statement-breakpoint
DROP INDEX "email_user_sender_idx";--> statement-breakpoint
DROP INDEX "email_user_words_idx";--> statement-breakpoint
CREATE INDEX "email_user_subject_idx" ON "email" USING btree ("user_id","subject","id","is_read","is_subscribed","date_received","kind","newsletter_id");--> statement-breakpoint
CREATE INDEX "email_user_sender_idx" ON "email" USING btree ("user_id","sender_name","id","is_read","is_subscribed","date_received","kind","newsletter_id");--> statement-breakpoint
CREATE INDEX "email_user_words_idx" ON "email" USING btree ("user_id","word_count","id","is_read","is_subscribed","date_received","kind","newsletter_id");