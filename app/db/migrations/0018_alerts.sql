CREATE TABLE "alert_types" (
	"name" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_views" (
	"user_id" integer NOT NULL,
	"alert_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_views_user_id_alert_id_pk" PRIMARY KEY("user_id","alert_id")
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"alert_type" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"audience_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"severity" text DEFAULT 'information' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"popup_duration" integer DEFAULT 3000 NOT NULL,
	"notify_date" timestamp with time zone NOT NULL,
	"expire_date" timestamp with time zone NOT NULL,
	"requested_by" text DEFAULT '' NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alerts_window" CHECK ("alerts"."expire_date" > "alerts"."notify_date"),
	CONSTRAINT "alerts_popup_duration" CHECK ("alerts"."popup_duration" BETWEEN 1000 AND 600000),
	CONSTRAINT "alerts_severity" CHECK ("alerts"."severity" IN ('critical', 'warning', 'information', 'info', 'success'))
);
--> statement-breakpoint
CREATE TABLE "alerts_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "alerts_version_single_row" CHECK ("alerts_version"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "alert_views" ADD CONSTRAINT "alert_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_views" ADD CONSTRAINT "alert_views_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_alert_type_alert_types_name_fk" FOREIGN KEY ("alert_type") REFERENCES "public"."alert_types"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_views_alert_idx" ON "alert_views" USING btree ("alert_id");--> statement-breakpoint
INSERT INTO "alert_types" ("name", "label", "sort_order") VALUES
	('announcement', 'Announcement', 1),
	('release', 'Release', 2),
	('maintenance', 'Planned maintenance', 3),
	('data', 'Data update', 4),
	('incident', 'Service incident', 5);--> statement-breakpoint
INSERT INTO "alerts_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "bump_alerts_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "alerts_version" SET "version" = "version" + 1 WHERE "id" = 1;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "alerts_version_bump" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "alerts"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_alerts_version"();
