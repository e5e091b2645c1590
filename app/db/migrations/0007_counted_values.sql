DROP INDEX "filter_values_value_trgm_idx";--> statement-breakpoint
CREATE INDEX "filter_values_spelling_trgm_idx" ON "filter_values" USING gin ("value" gin_trgm_ops) WHERE filter_id IN ('substanceName', 'brandName', 'synonym', 'company', 'drugClass', 'target', 'disease', 'therapeuticArea', 'meddraPt');--> statement-breakpoint
-- Room on each page, so that updating a record count is a HOT update (no index entries written).
ALTER TABLE "filter_values" SET (fillfactor = 70);
