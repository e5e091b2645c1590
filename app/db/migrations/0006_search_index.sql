CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "record_index" (
	"record_id" integer PRIMARY KEY NOT NULL,
	"value_ids" integer[] NOT NULL,
	"facet_ids" integer[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX "record_index_value_ids_idx" ON "record_index" USING gin ("value_ids");--> statement-breakpoint
ALTER TABLE "filter_values" ADD COLUMN "record_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "filter_values_value_trgm_idx" ON "filter_values" USING gin ("value" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "records_last_updated_idx" ON "records" USING btree ("last_updated");--> statement-breakpoint
CREATE INDEX "records_title_idx" ON "records" USING btree ("title");
