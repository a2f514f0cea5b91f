CREATE TABLE "unsubscribe_route" (
	"user_id" integer NOT NULL,
	"newsletter_id" integer NOT NULL,
	"list_unsubscribe" text NOT NULL,
	"list_unsubscribe_post" text,
	"seen_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone,
	CONSTRAINT "unsubscribe_route_user_id_newsletter_id_pk" PRIMARY KEY("user_id","newsletter_id")
);
--> statement-breakpoint
ALTER TABLE "unsubscribe_route" ADD CONSTRAINT "unsubscribe_route_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsubscribe_route" ADD CONSTRAINT "unsubscribe_route_newsletter_id_newsletter_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletter"("id") ON DELETE cascade ON UPDATE no action;