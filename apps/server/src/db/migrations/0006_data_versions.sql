CREATE TABLE "data_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Every statement that writes a table of a cached data set raises the set's version (the name is
-- the trigger's argument), so servers keeping the set in memory see the change on their next read.
CREATE FUNCTION "raise_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "data_versions" ("name", "version") VALUES (TG_ARGV[0], 1)
  ON CONFLICT ("name") DO UPDATE SET "version" = "data_versions"."version" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO "data_versions" ("name", "version") VALUES ('graphics', 1);
--> statement-breakpoint
CREATE TRIGGER "graphics_themes_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "graphics_themes" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"('graphics');
--> statement-breakpoint
CREATE TRIGGER "graphics_groups_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "graphics_groups" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"('graphics');
--> statement-breakpoint
CREATE TRIGGER "graphics_layers_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "graphics_layers" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"('graphics');
--> statement-breakpoint
CREATE TRIGGER "graphics_elements_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "graphics_elements" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"('graphics');
--> statement-breakpoint
CREATE TRIGGER "graphics_attribute_units_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "graphics_attribute_units" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"('graphics');
--> statement-breakpoint
CREATE TRIGGER "graphics_attributes_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "graphics_attributes" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"('graphics');
--> statement-breakpoint
CREATE TRIGGER "graphics_theme_attributes_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "graphics_theme_attributes" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"('graphics');
--> statement-breakpoint
CREATE TRIGGER "graphics_attribute_graphics_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "graphics_attribute_graphics" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"('graphics');
--> statement-breakpoint
CREATE TRIGGER "graphics_contexts_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "graphics_contexts" FOR EACH STATEMENT EXECUTE FUNCTION "raise_data_version"('graphics');
