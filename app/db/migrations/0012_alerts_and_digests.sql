ALTER TABLE "saved_searches" ADD COLUMN "alert_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "email_notifications" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "notification_frequency" text DEFAULT 'daily' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "digest_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "digest_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "popup_dismissed_at" timestamp with time zone;