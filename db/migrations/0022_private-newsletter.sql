CREATE TABLE "private_newsletter" (
	"user_id" integer NOT NULL,
	"identity_key" text NOT NULL,
	"newsletter_id" integer NOT NULL,
	CONSTRAINT "private_newsletter_user_id_identity_key_pk" PRIMARY KEY("user_id","identity_key")
);
--> statement-breakpoint
ALTER TABLE "private_newsletter" ADD CONSTRAINT "private_newsletter_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_newsletter" ADD CONSTRAINT "private_newsletter_newsletter_id_newsletter_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletter"("id") ON DELETE cascade ON UPDATE no action;