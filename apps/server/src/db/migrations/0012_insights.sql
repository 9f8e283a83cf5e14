CREATE TABLE "app_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "app_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"app_id" text NOT NULL,
	"language" text NOT NULL,
	"following" boolean DEFAULT false NOT NULL,
	"followed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guide_downloads" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"guide_id" integer NOT NULL,
	"product" text NOT NULL,
	"app_user_id" integer,
	"downloaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "heatmap_filters" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"filter" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_course_origins" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"lon" double precision NOT NULL,
	"lat" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_settings" (
	"club_id" integer PRIMARY KEY NOT NULL,
	"round_goal_minutes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "round_holes" (
	"round_id" integer NOT NULL,
	"hole_number" smallint NOT NULL,
	"hole_id" integer,
	"par" smallint NOT NULL,
	"strokes" smallint NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "round_holes_round_id_hole_number_pk" PRIMARY KEY("round_id","hole_number")
);
--> statement-breakpoint
CREATE TABLE "round_tracks" (
	"round_id" integer PRIMARY KEY NOT NULL,
	"x" real[] NOT NULL,
	"y" real[] NOT NULL,
	"seconds" integer[] NOT NULL,
	"hole" smallint[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"app_round_id" text NOT NULL,
	"guide_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"tee_id" integer,
	"app_user_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"local_start" timestamp NOT NULL,
	"sex" text NOT NULL,
	"handicap" real NOT NULL,
	"home" boolean NOT NULL,
	"points" integer NOT NULL,
	"strokes" integer NOT NULL,
	"holes_played" smallint NOT NULL,
	"shot_tracked" real NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rounds_sex_check" CHECK ("rounds"."sex" in ('male', 'female'))
);
--> statement-breakpoint
CREATE TABLE "shots" (
	"round_id" integer NOT NULL,
	"seq" smallint NOT NULL,
	"hole_number" smallint NOT NULL,
	"lon" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"x" real NOT NULL,
	"y" real NOT NULL,
	"played_at" timestamp with time zone NOT NULL,
	"golf_club" text,
	CONSTRAINT "shots_round_id_seq_pk" PRIMARY KEY("round_id","seq")
);
--> statement-breakpoint
ALTER TABLE "app_keys" ADD CONSTRAINT "app_keys_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_keys" ADD CONSTRAINT "app_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_users" ADD CONSTRAINT "app_users_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_downloads" ADD CONSTRAINT "guide_downloads_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_downloads" ADD CONSTRAINT "guide_downloads_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_downloads" ADD CONSTRAINT "guide_downloads_app_user_id_app_users_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "heatmap_filters" ADD CONSTRAINT "heatmap_filters_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "heatmap_filters" ADD CONSTRAINT "heatmap_filters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_course_origins" ADD CONSTRAINT "insight_course_origins_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_settings" ADD CONSTRAINT "insight_settings_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_holes" ADD CONSTRAINT "round_holes_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_holes" ADD CONSTRAINT "round_holes_hole_id_holes_id_fk" FOREIGN KEY ("hole_id") REFERENCES "public"."holes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_tracks" ADD CONSTRAINT "round_tracks_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_tee_id_tees_id_fk" FOREIGN KEY ("tee_id") REFERENCES "public"."tees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_app_user_id_app_users_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shots" ADD CONSTRAINT "shots_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_keys_hash_key" ON "app_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "app_keys_club_idx" ON "app_keys" USING btree ("club_id");--> statement-breakpoint
CREATE UNIQUE INDEX "app_users_club_app_id_key" ON "app_users" USING btree ("club_id","app_id");--> statement-breakpoint
CREATE INDEX "app_users_following_idx" ON "app_users" USING btree ("club_id","following");--> statement-breakpoint
CREATE INDEX "guide_downloads_club_idx" ON "guide_downloads" USING btree ("club_id","downloaded_at");--> statement-breakpoint
CREATE INDEX "guide_downloads_guide_idx" ON "guide_downloads" USING btree ("guide_id");--> statement-breakpoint
CREATE UNIQUE INDEX "heatmap_filters_name_key" ON "heatmap_filters" USING btree ("club_id","user_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "rounds_club_app_round_key" ON "rounds" USING btree ("club_id","app_round_id");--> statement-breakpoint
CREATE INDEX "rounds_course_idx" ON "rounds" USING btree ("club_id","course_id","local_start");--> statement-breakpoint
CREATE INDEX "rounds_guide_idx" ON "rounds" USING btree ("guide_id");--> statement-breakpoint
CREATE INDEX "rounds_app_user_idx" ON "rounds" USING btree ("app_user_id");