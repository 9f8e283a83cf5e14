CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "graphics_attribute_graphics" (
	"element_name" text NOT NULL,
	"attribute_name" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "graphics_attribute_graphics_element_name_attribute_name_pk" PRIMARY KEY("element_name","attribute_name")
);
--> statement-breakpoint
CREATE TABLE "graphics_attribute_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "graphics_attribute_units_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "graphics_attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"attribute_unit_name" text NOT NULL,
	CONSTRAINT "graphics_attributes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "graphics_contexts" (
	"name" text PRIMARY KEY NOT NULL,
	"element_names" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "graphics_elements" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"group_name" text NOT NULL,
	"layer_name" text NOT NULL,
	"geometry_type" text NOT NULL,
	"shorthand" text NOT NULL,
	CONSTRAINT "graphics_elements_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "graphics_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "graphics_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "graphics_layers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"z_index" integer NOT NULL,
	CONSTRAINT "graphics_layers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "graphics_theme_attributes" (
	"theme_name" text NOT NULL,
	"element_name" text NOT NULL,
	"attribute_name" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "graphics_theme_attributes_theme_name_element_name_attribute_name_pk" PRIMARY KEY("theme_name","element_name","attribute_name")
);
--> statement-breakpoint
CREATE TABLE "graphics_themes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_name" text,
	CONSTRAINT "graphics_themes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "hole_drawings" (
	"hole_id" integer NOT NULL,
	"style_id" integer NOT NULL,
	"document" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hole_drawings_hole_id_style_id_pk" PRIMARY KEY("hole_id","style_id")
);
--> statement-breakpoint
CREATE TABLE "hole_tees" (
	"hole_id" integer NOT NULL,
	"tee_id" integer NOT NULL,
	"distance" integer NOT NULL,
	CONSTRAINT "hole_tees_hole_id_tee_id_pk" PRIMARY KEY("hole_id","tee_id")
);
--> statement-breakpoint
CREATE TABLE "holes" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"order" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"par" integer NOT NULL,
	"handicap" integer,
	"pro_guideline" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pin_positions" (
	"pin_setup_id" integer NOT NULL,
	"hole_id" integer NOT NULL,
	"out_meters" integer NOT NULL,
	"side_meters" integer NOT NULL,
	"longitude" double precision,
	"latitude" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pin_positions_pin_setup_id_hole_id_pk" PRIMARY KEY("pin_setup_id","hole_id")
);
--> statement-breakpoint
CREATE TABLE "pin_setups" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tees" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hole_drawings" ADD CONSTRAINT "hole_drawings_hole_id_holes_id_fk" FOREIGN KEY ("hole_id") REFERENCES "public"."holes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hole_drawings" ADD CONSTRAINT "hole_drawings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hole_tees" ADD CONSTRAINT "hole_tees_hole_id_holes_id_fk" FOREIGN KEY ("hole_id") REFERENCES "public"."holes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hole_tees" ADD CONSTRAINT "hole_tees_tee_id_tees_id_fk" FOREIGN KEY ("tee_id") REFERENCES "public"."tees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holes" ADD CONSTRAINT "holes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin_positions" ADD CONSTRAINT "pin_positions_pin_setup_id_pin_setups_id_fk" FOREIGN KEY ("pin_setup_id") REFERENCES "public"."pin_setups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin_positions" ADD CONSTRAINT "pin_positions_hole_id_holes_id_fk" FOREIGN KEY ("hole_id") REFERENCES "public"."holes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin_setups" ADD CONSTRAINT "pin_setups_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin_setups" ADD CONSTRAINT "pin_setups_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tees" ADD CONSTRAINT "tees_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courses_club_idx" ON "courses" USING btree ("club_id");--> statement-breakpoint
CREATE INDEX "hole_tees_tee_idx" ON "hole_tees" USING btree ("tee_id");--> statement-breakpoint
CREATE INDEX "holes_course_idx" ON "holes" USING btree ("course_id","order");--> statement-breakpoint
CREATE INDEX "pin_setups_club_idx" ON "pin_setups" USING btree ("club_id","course_id");--> statement-breakpoint
CREATE INDEX "tees_course_idx" ON "tees" USING btree ("course_id");