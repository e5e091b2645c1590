CREATE TABLE "two_step_code_attempts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"attempts" integer NOT NULL,
	"warned_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "two_step_code_attempts" ADD CONSTRAINT "two_step_code_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;