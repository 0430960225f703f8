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
CREATE TABLE "account_credits" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" varchar(3) DEFAULT 'GHS' NOT NULL,
	"reason" varchar(32) NOT NULL,
	"card_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_card_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"card_type" varchar(16) NOT NULL,
	"denomination_minor" integer NOT NULL,
	"quantity" integer NOT NULL,
	"shipping_minor" integer DEFAULT 0 NOT NULL,
	"total_minor" integer NOT NULL,
	"currency" varchar(3) DEFAULT 'GHS' NOT NULL,
	"recipient_name" varchar(200) NOT NULL,
	"recipient_phone" text NOT NULL,
	"recipient_email" text,
	"personal_message" text,
	"delivery_method" varchar(16) NOT NULL,
	"design" varchar(16) NOT NULL,
	"physical_address" text,
	"payment_method" varchar(16) NOT NULL,
	"payment_reference" varchar(36),
	"status" varchar(24) DEFAULT 'awaiting_payment' NOT NULL,
	"pending_codes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "prepaid_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"purchased_by" integer NOT NULL,
	"card_number" varchar(16) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"card_type" varchar(16) NOT NULL,
	"denomination_minor" integer NOT NULL,
	"currency" varchar(3) DEFAULT 'GHS' NOT NULL,
	"design" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"expiry_date" timestamp with time zone NOT NULL,
	"redeemed_by" integer,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "momo_payments" ADD CONSTRAINT "momo_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_card_id_prepaid_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."prepaid_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_purchases" ADD CONSTRAINT "gift_card_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepaid_cards" ADD CONSTRAINT "prepaid_cards_purchase_id_gift_card_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."gift_card_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepaid_cards" ADD CONSTRAINT "prepaid_cards_purchased_by_users_id_fk" FOREIGN KEY ("purchased_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepaid_cards" ADD CONSTRAINT "prepaid_cards_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "momo_payments_reference_idx" ON "momo_payments" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "momo_payments_user_idx" ON "momo_payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "momo_payments_pending_idx" ON "momo_payments" USING btree ("expires_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "account_credits_user_idx" ON "account_credits" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "account_credits_card_idx" ON "account_credits" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "gift_card_purchases_user_idx" ON "gift_card_purchases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "prepaid_cards_number_idx" ON "prepaid_cards" USING btree ("card_number");--> statement-breakpoint
CREATE UNIQUE INDEX "prepaid_cards_code_idx" ON "prepaid_cards" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "prepaid_cards_buyer_idx" ON "prepaid_cards" USING btree ("purchased_by","created_at");--> statement-breakpoint
CREATE INDEX "prepaid_cards_purchase_idx" ON "prepaid_cards" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "prepaid_cards_redeemer_idx" ON "prepaid_cards" USING btree ("redeemed_by");--> statement-breakpoint
CREATE INDEX "prepaid_cards_expiry_idx" ON "prepaid_cards" USING btree ("expiry_date") WHERE status = 'active';