CREATE TABLE "momo_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"reference" varchar(36) NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"subject_id" integer,
	"network" varchar(16) NOT NULL,
	"provider" varchar(8) NOT NULL,
	"phone_last4" varchar(4) NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" varchar(3) DEFAULT 'GHS' NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"test_answer" varchar(16),
	"external_reference" varchar(64),
	"failure_reason" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_checked_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "momo_payments" ADD CONSTRAINT "momo_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "momo_payments_reference_idx" ON "momo_payments" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "momo_payments_user_idx" ON "momo_payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "momo_payments_pending_idx" ON "momo_payments" USING btree ("expires_at") WHERE status = 'pending';