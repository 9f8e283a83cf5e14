CREATE TABLE "asset_bundles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"published_by" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_bundles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "asset_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"bundle_name" text NOT NULL,
	"manifest" jsonb NOT NULL,
	"staged_dir" text NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"bundle_id" integer NOT NULL,
	"path" text NOT NULL,
	"category" text NOT NULL,
	"club_id" integer,
	"element_name" text,
	"media_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"stored_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mismatch_dismissals" (
	"fingerprint" text PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"dismissed_by" integer,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mismatch_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"found" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mismatches" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"club_id" integer NOT NULL,
	"guide_id" integer,
	"course_id" integer,
	"hole_id" integer,
	"kind" text NOT NULL,
	"severity" text NOT NULL,
	"fingerprint" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_user_erasures" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id_sha256" text NOT NULL,
	"erased_by" integer,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL,
	"counts" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "graphics_elements" ADD COLUMN "required_attributes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "graphics_elements" ADD COLUMN "must_lie_inside" text;--> statement-breakpoint
ALTER TABLE "graphics_elements" ADD COLUMN "min_area_m2" double precision;--> statement-breakpoint
ALTER TABLE "graphics_elements" ADD COLUMN "max_area_m2" double precision;--> statement-breakpoint
ALTER TABLE "asset_bundles" ADD CONSTRAINT "asset_bundles_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_uploads" ADD CONSTRAINT "asset_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_bundle_id_asset_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."asset_bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mismatch_dismissals" ADD CONSTRAINT "mismatch_dismissals_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mismatch_dismissals" ADD CONSTRAINT "mismatch_dismissals_dismissed_by_users_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mismatches" ADD CONSTRAINT "mismatches_run_id_mismatch_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."mismatch_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mismatches" ADD CONSTRAINT "mismatches_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mismatches" ADD CONSTRAINT "mismatches_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mismatches" ADD CONSTRAINT "mismatches_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mismatches" ADD CONSTRAINT "mismatches_hole_id_holes_id_fk" FOREIGN KEY ("hole_id") REFERENCES "public"."holes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user_erasures" ADD CONSTRAINT "app_user_erasures_erased_by_users_id_fk" FOREIGN KEY ("erased_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assets_bundle_path_key" ON "assets" USING btree ("bundle_id","path");--> statement-breakpoint
CREATE INDEX "assets_category_idx" ON "assets" USING btree ("category");--> statement-breakpoint
CREATE INDEX "assets_club_element_idx" ON "assets" USING btree ("club_id","element_name");--> statement-breakpoint
CREATE INDEX "mismatches_guide_idx" ON "mismatches" USING btree ("guide_id");--> statement-breakpoint
CREATE INDEX "mismatches_club_idx" ON "mismatches" USING btree ("club_id");--> statement-breakpoint
CREATE INDEX "mismatches_fingerprint_idx" ON "mismatches" USING btree ("fingerprint");--> statement-breakpoint
-- Data: an installation seeded before issue 26 gets the catalogue rules that a new one is seeded with
-- (packages/contract/src/graphics-catalogue.ts CATALOGUE_RULES), for the elements it has.
UPDATE "graphics_elements" AS e
SET "must_lie_inside" = r.inside, "min_area_m2" = r.min_area, "max_area_m2" = r.max_area
FROM (VALUES
  ('green', 'hole boundary', 100::double precision, 6000::double precision),
  ('fringe', 'hole boundary', NULL, NULL),
  ('tee', 'hole boundary', 5, 3000),
  ('tee cut', 'hole boundary', NULL, NULL),
  ('fairway', 'hole boundary', 50, 150000),
  ('bunker', NULL, 3, 5000),
  ('pin position', 'hole boundary', NULL, NULL)
) AS r(name, inside, min_area, max_area)
WHERE e."name" = r.name
  AND (r.inside IS NULL OR EXISTS (SELECT 1 FROM "graphics_elements" b WHERE b."name" = r.inside AND b."geometry_type" = 'polygon'));
