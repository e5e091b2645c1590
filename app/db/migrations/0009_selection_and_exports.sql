CREATE TABLE "export_files" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"format" text NOT NULL,
	"record_count" integer NOT NULL,
	"byte_size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "selection_items" (
	"user_id" integer NOT NULL,
	"record_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "selection_items_user_id_record_id_pk" PRIMARY KEY("user_id","record_id")
);
--> statement-breakpoint
CREATE TABLE "selections" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"criteria" text NOT NULL,
	"all_results" jsonb,
	"all_count" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "export_files" ADD CONSTRAINT "export_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_items" ADD CONSTRAINT "selection_items_user_id_selections_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."selections"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_items" ADD CONSTRAINT "selection_items_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selections" ADD CONSTRAINT "selections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_files_expires_idx" ON "export_files" USING btree ("expires_at");