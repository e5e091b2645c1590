-- The four staff roles (admin, editor, report admin, website alerts; docs/product.md) and the
-- one row of site settings exist in every deployment.
INSERT INTO "roles" ("name") VALUES ('admin'), ('editor'), ('reportadmin'), ('websitealerts') ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "site_settings" ("id") VALUES (1) ON CONFLICT ("id") DO NOTHING;
