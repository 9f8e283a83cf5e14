CREATE TABLE "sponsor_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"sponsor_setup_id" integer NOT NULL,
	"sponsor_id" integer NOT NULL,
	"hole_id" integer NOT NULL,
	"placement" text NOT NULL,
	"format" text,
	"longitude" double precision,
	"latitude" double precision,
	CONSTRAINT "sponsor_positions_placement_check" CHECK ("sponsor_positions"."placement" in ('page', 'sign')),
	CONSTRAINT "sponsor_positions_format_check" CHECK ("sponsor_positions"."format" is null or "sponsor_positions"."format" in ('full-filled', 'full-centered', 'bottom-single', 'bottom-double')),
	CONSTRAINT "sponsor_positions_shape_check" CHECK (("sponsor_positions"."placement" = 'page' and "sponsor_positions"."format" is not null and "sponsor_positions"."longitude" is null and "sponsor_positions"."latitude" is null) or ("sponsor_positions"."placement" = 'sign' and "sponsor_positions"."format" is null and "sponsor_positions"."longitude" is not null and "sponsor_positions"."latitude" is not null))
);
--> statement-breakpoint
CREATE TABLE "sponsor_setups" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sponsors" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"logo_file_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sponsor_positions" ADD CONSTRAINT "sponsor_positions_sponsor_setup_id_sponsor_setups_id_fk" FOREIGN KEY ("sponsor_setup_id") REFERENCES "public"."sponsor_setups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_positions" ADD CONSTRAINT "sponsor_positions_sponsor_id_sponsors_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."sponsors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_positions" ADD CONSTRAINT "sponsor_positions_hole_id_holes_id_fk" FOREIGN KEY ("hole_id") REFERENCES "public"."holes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_setups" ADD CONSTRAINT "sponsor_setups_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_setups" ADD CONSTRAINT "sponsor_setups_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsors" ADD CONSTRAINT "sponsors_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sponsor_positions_setup_idx" ON "sponsor_positions" USING btree ("sponsor_setup_id");--> statement-breakpoint
CREATE INDEX "sponsor_positions_sponsor_idx" ON "sponsor_positions" USING btree ("sponsor_id");--> statement-breakpoint
CREATE INDEX "sponsor_positions_hole_idx" ON "sponsor_positions" USING btree ("hole_id");--> statement-breakpoint
CREATE INDEX "sponsor_setups_club_idx" ON "sponsor_setups" USING btree ("club_id","course_id");--> statement-breakpoint
CREATE INDEX "sponsors_club_idx" ON "sponsors" USING btree ("club_id","name");