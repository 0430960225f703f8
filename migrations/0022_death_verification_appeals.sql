ALTER TABLE "death_verification_requests" ADD COLUMN "appealed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "death_verification_requests" ADD COLUMN "appeal_reason" text;