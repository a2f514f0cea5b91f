CREATE SCHEMA "cache";
--> statement-breakpoint
CREATE TABLE "cache"."image" (
	"key" "bytea" PRIMARY KEY NOT NULL,
	"body" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
