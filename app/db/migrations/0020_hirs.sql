CREATE TABLE "hir_file_chunks" (
	"file_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "hir_file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
CREATE TABLE "hir_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"byte_size" bigint DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hir_topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_of_topic" text NOT NULL,
	"ihsi_categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"publication_date" date,
	"hss_id" text NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hirs" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"file_id" integer,
	"hss_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hirs_title_length" CHECK (char_length("hirs"."title") <= 250)
);
--> statement-breakpoint
ALTER TABLE "hir_file_chunks" ADD CONSTRAINT "hir_file_chunks_file_id_hir_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."hir_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hir_topics" ADD CONSTRAINT "hir_topics_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hir_topics" ADD CONSTRAINT "hir_topics_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hirs" ADD CONSTRAINT "hirs_file_id_hir_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."hir_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hirs" ADD CONSTRAINT "hirs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hirs" ADD CONSTRAINT "hirs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hir_topics_hss_id_idx" ON "hir_topics" USING btree ("hss_id");--> statement-breakpoint
CREATE INDEX "hirs_updated_at_idx" ON "hirs" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "hirs_hss_ids_idx" ON "hirs" USING gin ("hss_ids");--> statement-breakpoint
-- PDFs are compressed already: their chunks are stored out of line without another attempt.
ALTER TABLE "hir_file_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;
