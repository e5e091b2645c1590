ALTER TABLE "outbox" ADD COLUMN "redacted_body" text;--> statement-breakpoint
-- Emails written before: the reset and invitation tokens in their links are removed from
-- those already sent, and will be from the others once sent (app/lib/email.server.ts).
UPDATE "outbox"
   SET "text_body" = regexp_replace("text_body", '((changepassword\?token|register\?invitationCode)=)[A-Za-z0-9_-]+', '\1[removed once sent]', 'g')
 WHERE "sent_at" IS NOT NULL AND "text_body" ~ '(changepassword\?token|register\?invitationCode)=[A-Za-z0-9_-]';--> statement-breakpoint
UPDATE "outbox"
   SET "redacted_body" = regexp_replace("text_body", '((changepassword\?token|register\?invitationCode)=)[A-Za-z0-9_-]+', '\1[removed once sent]', 'g')
 WHERE "sent_at" IS NULL AND "text_body" ~ '(changepassword\?token|register\?invitationCode)=[A-Za-z0-9_-]';
