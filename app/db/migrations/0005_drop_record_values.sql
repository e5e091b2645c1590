DROP TABLE "record_values" CASCADE;
