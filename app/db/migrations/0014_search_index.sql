-- Search moves into an index in each app process (docs/decisions/010-search-index.md): the
-- rows only the SQL engine read go, and a catalogue version tells each index what changed.
CREATE TABLE "catalogue_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "catalogue_version" ("id", "version") VALUES (1, 1);--> statement-breakpoint
DROP TABLE "filter_values" CASCADE;--> statement-breakpoint
DROP TABLE "record_dates" CASCADE;--> statement-breakpoint
DROP TABLE "record_index" CASCADE;--> statement-breakpoint
DROP INDEX "records_search_vector_idx";--> statement-breakpoint
DROP INDEX "records_value_ids_idx";--> statement-breakpoint
ALTER TABLE "records" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "records" DROP COLUMN "value_ids";--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "catalogue_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "records" SET "catalogue_version" = 1 WHERE "published_version_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "records_catalogue_version_idx" ON "records" USING btree ("catalogue_version");--> statement-breakpoint
-- Alerts and digests count changes from a catalogue version, not a clock: a change is counted
-- once, whatever the clocks of the processes that published and read it.
ALTER TABLE "saved_searches" ADD COLUMN "alert_checked_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "saved_searches" SET "alert_checked_version" = 1;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "digest_checked_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "user_preferences" SET "digest_checked_version" = 1;
