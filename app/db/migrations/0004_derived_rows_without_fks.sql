ALTER TABLE "record_dates" DROP CONSTRAINT "record_dates_record_id_records_id_fk";
--> statement-breakpoint
ALTER TABLE "record_values" DROP CONSTRAINT "record_values_record_id_records_id_fk";
--> statement-breakpoint
ALTER TABLE "record_values" DROP CONSTRAINT "record_values_value_id_filter_values_id_fk";
