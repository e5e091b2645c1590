-- The staff roles of spec section 6 and the one row of site settings exist in every deployment.
INSERT INTO "roles" ("name") VALUES ('admin'), ('editor'), ('reportadmin'), ('websitealerts') ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "site_settings" ("id") VALUES (1) ON CONFLICT ("id") DO NOTHING;
