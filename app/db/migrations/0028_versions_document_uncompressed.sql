-- Record documents are stored out of line but not compressed. Compressing each one (pglz:
-- the embedded database has no lz4) was a third of the database's time in a large import
-- and is paid again by every read of a record page and by every rebuild of the search index.
-- The cost is disk: about 5.4 KB a version instead of 3 KB. Rows written before this keep
-- their compressed form; both read the same. See docs/decisions/036-import-in-two-threads.md.
ALTER TABLE "record_versions" ALTER COLUMN "document" SET STORAGE EXTERNAL;
