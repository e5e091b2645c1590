CREATE TABLE "filter_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"filter_id" text NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"section" text NOT NULL,
	"field" text NOT NULL,
	"before" text,
	"after" text
);
--> statement-breakpoint
CREATE TABLE "record_dates" (
	"record_id" integer NOT NULL,
	"filter_id" text NOT NULL,
	"event_name" text DEFAULT '' NOT NULL,
	"date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"filename" text NOT NULL,
	"mode" text NOT NULL,
	"state" text NOT NULL,
	"content" text,
	"item_count" integer DEFAULT 0 NOT NULL,
	"report" jsonb NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "record_values" (
	"record_id" integer NOT NULL,
	"value_id" integer NOT NULL,
	CONSTRAINT "record_values_record_id_value_id_pk" PRIMARY KEY("record_id","value_id")
);
--> statement-breakpoint
CREATE TABLE "record_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"version" integer NOT NULL,
	"state" text NOT NULL,
	"document" jsonb NOT NULL,
	"import_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "record_versions_state_check" CHECK ("record_versions"."state" in ('staged', 'published', 'superseded', 'discarded'))
);
--> statement-breakpoint
CREATE TABLE "records" (
	"id" serial PRIMARY KEY NOT NULL,
	"hss_id" text NOT NULL,
	"published_version_id" integer,
	"title" text,
	"record_status" text,
	"last_updated" date,
	"search_vector" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"activity_type" text NOT NULL,
	"activity_value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"toggle_view" text DEFAULT 'cardView' NOT NULL,
	"print_sections" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "record_changes" ADD CONSTRAINT "record_changes_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_changes" ADD CONSTRAINT "record_changes_version_id_record_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."record_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_dates" ADD CONSTRAINT "record_dates_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_imports" ADD CONSTRAINT "record_imports_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_values" ADD CONSTRAINT "record_values_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_values" ADD CONSTRAINT "record_values_value_id_filter_values_id_fk" FOREIGN KEY ("value_id") REFERENCES "public"."filter_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_versions" ADD CONSTRAINT "record_versions_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_versions" ADD CONSTRAINT "record_versions_import_id_record_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."record_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_activity" ADD CONSTRAINT "user_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "filter_values_filter_value_key" ON "filter_values" USING btree ("filter_id","value");--> statement-breakpoint
CREATE INDEX "record_changes_record_idx" ON "record_changes" USING btree ("record_id","changed_at");--> statement-breakpoint
CREATE INDEX "record_changes_version_idx" ON "record_changes" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "record_changes_changed_at_idx" ON "record_changes" USING btree ("changed_at");--> statement-breakpoint
CREATE INDEX "record_dates_record_idx" ON "record_dates" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "record_dates_filter_date_idx" ON "record_dates" USING btree ("filter_id","date");--> statement-breakpoint
CREATE INDEX "record_values_value_idx" ON "record_values" USING btree ("value_id","record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "record_versions_record_version_key" ON "record_versions" USING btree ("record_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "record_versions_one_staged" ON "record_versions" USING btree ("record_id") WHERE state = 'staged';--> statement-breakpoint
CREATE UNIQUE INDEX "records_hss_id_key" ON "records" USING btree ("hss_id");--> statement-breakpoint
CREATE INDEX "records_updated_at_idx" ON "records" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "records_search_vector_idx" ON "records" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "user_activity_user_type_idx" ON "user_activity" USING btree ("user_id","activity_type","created_at");--> statement-breakpoint
CREATE INDEX "user_activity_created_idx" ON "user_activity" USING btree ("created_at");