CREATE TABLE "imaging_diagnostics" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"ema_code" text DEFAULT '' NOT NULL,
	"chemical_name" text NOT NULL,
	"trade_name" text DEFAULT '' NOT NULL,
	"indication_statement" text NOT NULL,
	"created_or_updated_by" integer,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imaging_diagnostics_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"event_name_id" integer NOT NULL,
	"event_date" date NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imaging_event_names" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imaging_selection_items" (
	"user_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imaging_selection_items_user_id_entry_id_pk" PRIMARY KEY("user_id","entry_id")
);
--> statement-breakpoint
ALTER TABLE "imaging_diagnostics" ADD CONSTRAINT "imaging_diagnostics_created_or_updated_by_users_id_fk" FOREIGN KEY ("created_or_updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imaging_diagnostics_events" ADD CONSTRAINT "imaging_diagnostics_events_entry_id_imaging_diagnostics_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."imaging_diagnostics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imaging_diagnostics_events" ADD CONSTRAINT "imaging_diagnostics_events_event_name_id_imaging_event_names_id_fk" FOREIGN KEY ("event_name_id") REFERENCES "public"."imaging_event_names"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imaging_selection_items" ADD CONSTRAINT "imaging_selection_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imaging_selection_items" ADD CONSTRAINT "imaging_selection_items_entry_id_imaging_diagnostics_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."imaging_diagnostics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imaging_diagnostics_archived_idx" ON "imaging_diagnostics" USING btree ("archived","category");--> statement-breakpoint
CREATE INDEX "imaging_diagnostics_events_entry_idx" ON "imaging_diagnostics_events" USING btree ("entry_id","event_date");--> statement-breakpoint
CREATE INDEX "imaging_diagnostics_events_name_idx" ON "imaging_diagnostics_events" USING btree ("event_name_id");--> statement-breakpoint
CREATE UNIQUE INDEX "imaging_event_names_name_lower_idx" ON "imaging_event_names" USING btree (lower("name"));--> statement-breakpoint
INSERT INTO "imaging_event_names" ("name", "sort_order") VALUES
	('Pre-submission meeting', 1),
	('Eligibility request', 2),
	('Submission', 3),
	('Validation', 4),
	('Start of procedure', 5),
	('Day 120 list of questions', 6),
	('Clock stop', 7),
	('Restart of the clock', 8),
	('Day 180 list of outstanding issues', 9),
	('Oral explanation', 10),
	('CHMP opinion', 11),
	('Re-examination', 12),
	('EC decision', 13),
	('Withdrawal of application', 14);
