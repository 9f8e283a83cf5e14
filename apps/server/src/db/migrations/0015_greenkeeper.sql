CREATE TABLE "area_snapshots" (
	"course_id" integer NOT NULL,
	"taken_on" date NOT NULL,
	"totals" jsonb NOT NULL,
	"holes" jsonb NOT NULL,
	"drawn_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "area_snapshots_course_id_taken_on_pk" PRIMARY KEY("course_id","taken_on")
);
--> statement-breakpoint
CREATE TABLE "hole_group_texts" (
	"hole_id" integer NOT NULL,
	"tracking_group_id" integer NOT NULL,
	"group_text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hole_group_texts_hole_id_tracking_group_id_pk" PRIMARY KEY("hole_id","tracking_group_id")
);
--> statement-breakpoint
CREATE TABLE "pin_rotation_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"played_on" date NOT NULL,
	"pin_setup_id" integer,
	"pin_setup_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pin_rotation_settings" (
	"club_id" integer PRIMARY KEY NOT NULL,
	"edge_distance" real NOT NULL,
	"blocked_radius" real NOT NULL,
	"reuse_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pin_rotation_spots" (
	"day_id" integer NOT NULL,
	"hole_id" integer NOT NULL,
	"out_meters" integer NOT NULL,
	"side_meters" integer NOT NULL,
	"longitude" double precision,
	"latitude" double precision,
	CONSTRAINT "pin_rotation_spots_day_id_hole_id_pk" PRIMARY KEY("day_id","hole_id")
);
--> statement-breakpoint
CREATE TABLE "tracking_comment_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"comment_id" integer NOT NULL,
	"file_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"tracking_group_id" integer NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_descriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tracking_group_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_group_elements" (
	"tracking_group_id" integer NOT NULL,
	"hole_id" integer NOT NULL,
	"feature_id" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_group_elements_tracking_group_id_hole_id_feature_id_pk" PRIMARY KEY("tracking_group_id","hole_id","feature_id")
);
--> statement-breakpoint
CREATE TABLE "tracking_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '#2e7d32' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "area_snapshots" ADD CONSTRAINT "area_snapshots_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hole_group_texts" ADD CONSTRAINT "hole_group_texts_hole_id_holes_id_fk" FOREIGN KEY ("hole_id") REFERENCES "public"."holes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hole_group_texts" ADD CONSTRAINT "hole_group_texts_tracking_group_id_tracking_groups_id_fk" FOREIGN KEY ("tracking_group_id") REFERENCES "public"."tracking_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin_rotation_days" ADD CONSTRAINT "pin_rotation_days_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin_rotation_days" ADD CONSTRAINT "pin_rotation_days_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin_rotation_days" ADD CONSTRAINT "pin_rotation_days_pin_setup_id_pin_setups_id_fk" FOREIGN KEY ("pin_setup_id") REFERENCES "public"."pin_setups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin_rotation_settings" ADD CONSTRAINT "pin_rotation_settings_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin_rotation_spots" ADD CONSTRAINT "pin_rotation_spots_day_id_pin_rotation_days_id_fk" FOREIGN KEY ("day_id") REFERENCES "public"."pin_rotation_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin_rotation_spots" ADD CONSTRAINT "pin_rotation_spots_hole_id_holes_id_fk" FOREIGN KEY ("hole_id") REFERENCES "public"."holes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_comment_images" ADD CONSTRAINT "tracking_comment_images_comment_id_tracking_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."tracking_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_comments" ADD CONSTRAINT "tracking_comments_tracking_group_id_tracking_groups_id_fk" FOREIGN KEY ("tracking_group_id") REFERENCES "public"."tracking_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_comments" ADD CONSTRAINT "tracking_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_descriptions" ADD CONSTRAINT "tracking_descriptions_tracking_group_id_tracking_groups_id_fk" FOREIGN KEY ("tracking_group_id") REFERENCES "public"."tracking_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_group_elements" ADD CONSTRAINT "tracking_group_elements_tracking_group_id_tracking_groups_id_fk" FOREIGN KEY ("tracking_group_id") REFERENCES "public"."tracking_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_group_elements" ADD CONSTRAINT "tracking_group_elements_hole_id_holes_id_fk" FOREIGN KEY ("hole_id") REFERENCES "public"."holes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_groups" ADD CONSTRAINT "tracking_groups_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hole_group_texts_group_idx" ON "hole_group_texts" USING btree ("tracking_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pin_rotation_days_course_date_idx" ON "pin_rotation_days" USING btree ("course_id","played_on");--> statement-breakpoint
CREATE INDEX "pin_rotation_spots_hole_idx" ON "pin_rotation_spots" USING btree ("hole_id");--> statement-breakpoint
CREATE INDEX "tracking_comment_images_comment_idx" ON "tracking_comment_images" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "tracking_comments_group_idx" ON "tracking_comments" USING btree ("tracking_group_id","created_at");--> statement-breakpoint
CREATE INDEX "tracking_descriptions_group_idx" ON "tracking_descriptions" USING btree ("tracking_group_id");--> statement-breakpoint
CREATE INDEX "tracking_group_elements_hole_idx" ON "tracking_group_elements" USING btree ("hole_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_groups_club_name_idx" ON "tracking_groups" USING btree ("club_id","name");