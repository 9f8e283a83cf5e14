CREATE TABLE "club_former_handles" (
	"handle" text PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "club_former_handles" ADD CONSTRAINT "club_former_handles_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "club_former_handles_club_idx" ON "club_former_handles" USING btree ("club_id");