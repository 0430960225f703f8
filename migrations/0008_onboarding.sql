ALTER TABLE "users" ADD COLUMN "role_choice" varchar(16);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "onboarded_at" timestamp with time zone;--> statement-breakpoint
-- Everyone already using the app has been onboarded: only accounts created from now on meet the role selection screen.
UPDATE "users" SET "onboarded_at" = "created_at" WHERE "onboarded_at" IS NULL;
