CREATE TABLE "guide_courses" (
	"guide_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "guide_courses_guide_id_course_id_pk" PRIMARY KEY("guide_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "guide_distance_markers" (
	"guide_id" integer NOT NULL,
	"hole_id" integer NOT NULL,
	"distance" integer NOT NULL,
	CONSTRAINT "guide_distance_markers_guide_id_hole_id_distance_pk" PRIMARY KEY("guide_id","hole_id","distance")
);
--> statement-breakpoint
CREATE TABLE "guide_holes" (
	"guide_id" integer NOT NULL,
	"hole_id" integer NOT NULL,
	"page" boolean DEFAULT true NOT NULL,
	"green" boolean DEFAULT true NOT NULL,
	"pin_chart" boolean DEFAULT true NOT NULL,
	"pro_guideline" boolean DEFAULT true NOT NULL,
	"override_file_name" text,
	"override_updated_at" timestamp with time zone,
	CONSTRAINT "guide_holes_guide_id_hole_id_pk" PRIMARY KEY("guide_id","hole_id")
);
--> statement-breakpoint
CREATE TABLE "guide_ratings" (
	"guide_id" integer NOT NULL,
	"tee_id" integer NOT NULL,
	"sex" text NOT NULL,
	"course_rating" numeric(4, 1) NOT NULL,
	"slope" integer NOT NULL,
	CONSTRAINT "guide_ratings_guide_id_tee_id_sex_pk" PRIMARY KEY("guide_id","tee_id","sex"),
	CONSTRAINT "guide_ratings_sex_check" CHECK ("guide_ratings"."sex" in ('men', 'women'))
);
--> statement-breakpoint
CREATE TABLE "guides" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"title" text NOT NULL,
	"settings" jsonb NOT NULL,
	"icon_file_name" text,
	"front_page_image_file_name" text,
	"app_order" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"generated_at_json" timestamp with time zone,
	"generated_at_overview" timestamp with time zone,
	"generated_at_pdf" timestamp with time zone,
	"generated_at_tee_signs" timestamp with time zone,
	"generated_at_web_images" timestamp with time zone,
	"generated_at_green_drawings" timestamp with time zone,
	"requested_at_json" timestamp with time zone,
	"requested_at_overview" timestamp with time zone,
	"requested_at_pdf" timestamp with time zone,
	"requested_at_tee_signs" timestamp with time zone,
	"requested_at_web_images" timestamp with time zone,
	"requested_at_green_drawings" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_course_tees" (
	"id" integer PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"club_name" text NOT NULL,
	"course_name" text NOT NULL,
	"tee_name" text NOT NULL,
	"sex" text NOT NULL,
	"par" integer NOT NULL,
	"course_rating" numeric(4, 1) NOT NULL,
	"slope" integer NOT NULL,
	CONSTRAINT "org_course_tees_sex_check" CHECK ("org_course_tees"."sex" in ('men', 'women'))
);
--> statement-breakpoint
CREATE TABLE "orgs" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country_code" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guide_courses" ADD CONSTRAINT "guide_courses_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_courses" ADD CONSTRAINT "guide_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_distance_markers" ADD CONSTRAINT "guide_distance_markers_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_distance_markers" ADD CONSTRAINT "guide_distance_markers_hole_id_holes_id_fk" FOREIGN KEY ("hole_id") REFERENCES "public"."holes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_holes" ADD CONSTRAINT "guide_holes_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_holes" ADD CONSTRAINT "guide_holes_hole_id_holes_id_fk" FOREIGN KEY ("hole_id") REFERENCES "public"."holes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_ratings" ADD CONSTRAINT "guide_ratings_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_ratings" ADD CONSTRAINT "guide_ratings_tee_id_tees_id_fk" FOREIGN KEY ("tee_id") REFERENCES "public"."tees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_course_tees" ADD CONSTRAINT "org_course_tees_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orgs" ADD CONSTRAINT "orgs_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guide_courses_course_idx" ON "guide_courses" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "guide_distance_markers_hole_idx" ON "guide_distance_markers" USING btree ("hole_id");--> statement-breakpoint
CREATE INDEX "guide_holes_hole_idx" ON "guide_holes" USING btree ("hole_id");--> statement-breakpoint
CREATE INDEX "guide_ratings_tee_idx" ON "guide_ratings" USING btree ("tee_id");--> statement-breakpoint
CREATE INDEX "guides_club_idx" ON "guides" USING btree ("club_id","app_order");--> statement-breakpoint
CREATE INDEX "org_course_tees_org_idx" ON "org_course_tees" USING btree ("org_id");