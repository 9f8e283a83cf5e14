CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "app_token" text DEFAULT encode(substring(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')) from 1 for 16), 'hex') NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "guides_app_token_key" ON "guides" USING btree ("app_token");