ALTER TABLE "guides" ADD COLUMN "sponsor_setup_id" integer;--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_sponsor_setup_id_sponsor_setups_id_fk" FOREIGN KEY ("sponsor_setup_id") REFERENCES "public"."sponsor_setups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guides_sponsor_setup_idx" ON "guides" USING btree ("sponsor_setup_id");--> statement-breakpoint
-- The stored choice moves out of the guide's JSON into the column: only a setup that exists and
-- belongs to the guide's club is kept (any other stored value becomes null), compared as text so
-- that no stored value can fail a cast.
UPDATE "guides" AS g SET "sponsor_setup_id" = s."id"
FROM "sponsor_setups" AS s
WHERE jsonb_typeof(g."settings" -> 'sponsor_setup_id') = 'number'
  AND s."id"::text = g."settings" ->> 'sponsor_setup_id'
  AND s."club_id" = g."club_id";
--> statement-breakpoint
-- The JSON no longer holds the key: the column is the one place of the choice.
UPDATE "guides" SET "settings" = "settings" - 'sponsor_setup_id' WHERE "settings" ? 'sponsor_setup_id';
--> statement-breakpoint
-- A guide whose sponsor setup is deleted (the foreign key sets the column to null) becomes a new
-- version, changed now, so that its products show out of date. An update that counts the version
-- itself (the products service saving the guide) is left as it is.
CREATE FUNCTION "guide_sponsor_setup_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."version" = OLD."version" THEN
    NEW."version" := OLD."version" + 1;
    NEW."updated_at" := now();
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "guides_sponsor_setup_gone" BEFORE UPDATE OF "sponsor_setup_id" ON "guides" FOR EACH ROW WHEN (OLD."sponsor_setup_id" IS NOT NULL AND NEW."sponsor_setup_id" IS NULL) EXECUTE FUNCTION "guide_sponsor_setup_gone"();
