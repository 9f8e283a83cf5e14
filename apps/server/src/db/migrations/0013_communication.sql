CREATE TABLE "channel_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"announcement_id" integer,
	"post_id" integer,
	"channel" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"external_id" text,
	"notification_id" integer,
	"error" text,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_deliveries_owner_check" CHECK (("channel_deliveries"."announcement_id" is null) <> ("channel_deliveries"."post_id" is null)),
	CONSTRAINT "channel_deliveries_channel_check" CHECK ("channel_deliveries"."channel" in ('app', 'rss', 'notification', 'national', 'facebook')),
	CONSTRAINT "channel_deliveries_state_check" CHECK ("channel_deliveries"."state" in ('pending', 'done', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "club_announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"header" text NOT NULL,
	"priority" text NOT NULL,
	"body" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"to_rss" boolean DEFAULT false NOT NULL,
	"to_notification" boolean DEFAULT false NOT NULL,
	"to_facebook" boolean DEFAULT false NOT NULL,
	"to_national" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_announcements_priority_check" CHECK ("club_announcements"."priority" in ('neutral', 'normal', 'important', 'critical')),
	CONSTRAINT "club_announcements_period_check" CHECK ("club_announcements"."ends_at" is null or "club_announcements"."ends_at" > "club_announcements"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "external_feed_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"feed_id" integer NOT NULL,
	"guid" text NOT NULL,
	"title" text NOT NULL,
	"link" text,
	"summary" text,
	"published_at" timestamp with time zone,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"url" text NOT NULL,
	"title" text,
	"last_fetched_at" timestamp with time zone,
	"error" text,
	"error_code" text,
	"etag" text,
	"last_modified" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"text" text NOT NULL,
	"link" text,
	"image_key" text,
	"publish_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"to_app" boolean DEFAULT false NOT NULL,
	"to_notification" boolean DEFAULT false NOT NULL,
	"to_national" boolean DEFAULT false NOT NULL,
	"to_facebook" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"views" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_posts_period_check" CHECK ("feed_posts"."end_at" is null or "feed_posts"."end_at" > "feed_posts"."publish_at")
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"notification_id" integer NOT NULL,
	"subscription_id" integer,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_status" integer,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_deliveries_state_check" CHECK ("notification_deliveries"."state" in ('pending', 'sending', 'delivered', 'failed', 'gone'))
);
--> statement-breakpoint
CREATE TABLE "notification_guides" (
	"notification_id" integer NOT NULL,
	"guide_id" integer NOT NULL,
	CONSTRAINT "notification_guides_notification_id_guide_id_pk" PRIMARY KEY("notification_id","guide_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"url" text,
	"source" text NOT NULL,
	"topic" text NOT NULL,
	"priority" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"targeted" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_source_check" CHECK ("notifications"."source" in ('message', 'status', 'post')),
	CONSTRAINT "notifications_state_check" CHECK ("notifications"."state" in ('queued', 'sending', 'done'))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"app_user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_connections" (
	"club_id" integer NOT NULL,
	"kind" text NOT NULL,
	"account_id" text NOT NULL,
	"account_name" text,
	"token_ciphertext" text NOT NULL,
	"connected_by" integer,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	CONSTRAINT "social_connections_club_id_kind_pk" PRIMARY KEY("club_id","kind"),
	CONSTRAINT "social_connections_kind_check" CHECK ("social_connections"."kind" in ('facebook', 'national'))
);
--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "plan" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_deliveries" ADD CONSTRAINT "channel_deliveries_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_deliveries" ADD CONSTRAINT "channel_deliveries_announcement_id_club_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."club_announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_deliveries" ADD CONSTRAINT "channel_deliveries_post_id_feed_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."feed_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_deliveries" ADD CONSTRAINT "channel_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_announcements" ADD CONSTRAINT "club_announcements_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_announcements" ADD CONSTRAINT "club_announcements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_feed_items" ADD CONSTRAINT "external_feed_items_feed_id_external_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."external_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_feeds" ADD CONSTRAINT "external_feeds_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_feeds" ADD CONSTRAINT "external_feeds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_posts" ADD CONSTRAINT "feed_posts_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_posts" ADD CONSTRAINT "feed_posts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_guides" ADD CONSTRAINT "notification_guides_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_guides" ADD CONSTRAINT "notification_guides_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_app_user_id_app_users_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_connections" ADD CONSTRAINT "social_connections_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_connections" ADD CONSTRAINT "social_connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_deliveries_announcement_key" ON "channel_deliveries" USING btree ("announcement_id","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_deliveries_post_key" ON "channel_deliveries" USING btree ("post_id","channel");--> statement-breakpoint
CREATE INDEX "channel_deliveries_club_idx" ON "channel_deliveries" USING btree ("club_id");--> statement-breakpoint
CREATE UNIQUE INDEX "club_announcements_club_key" ON "club_announcements" USING btree ("club_id");--> statement-breakpoint
CREATE UNIQUE INDEX "external_feed_items_guid_key" ON "external_feed_items" USING btree ("feed_id","guid");--> statement-breakpoint
CREATE INDEX "external_feed_items_feed_idx" ON "external_feed_items" USING btree ("feed_id","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "external_feeds_club_url_key" ON "external_feeds" USING btree ("club_id","url");--> statement-breakpoint
CREATE INDEX "feed_posts_club_idx" ON "feed_posts" USING btree ("club_id","publish_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_key" ON "notification_deliveries" USING btree ("notification_id","subscription_id");--> statement-breakpoint
CREATE INDEX "notification_deliveries_due_idx" ON "notification_deliveries" USING btree ("notification_id","state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "notifications_club_idx" ON "notifications" USING btree ("club_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_user_endpoint_key" ON "push_subscriptions" USING btree ("app_user_id","endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_club_idx" ON "push_subscriptions" USING btree ("club_id");