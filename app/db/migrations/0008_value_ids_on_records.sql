DROP INDEX "record_index_value_ids_idx";--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "value_ids" integer[];--> statement-breakpoint
CREATE INDEX "records_value_ids_idx" ON "records" USING gin ("value_ids");