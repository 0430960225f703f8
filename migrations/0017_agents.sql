CREATE TABLE "agent_earnings" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"client_id" integer,
	"transaction_type" varchar(32) NOT NULL,
	"transaction_id" varchar(255) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"commission_rate" numeric(5, 2) NOT NULL,
	"commission" numeric(16, 6) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"payout_month" varchar(7),
	"paid_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"email" varchar(254) NOT NULL,
	"first_name" varchar(100),
	"last_name" varchar(100),
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"month" varchar(7) NOT NULL,
	"earnings_count" integer NOT NULL,
	"total" numeric(18, 6) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"business_name" varchar(200) NOT NULL,
	"license_number" varchar(100),
	"practice_areas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"specializations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"business_address" text,
	"business_phone" varchar(32),
	"website" varchar(500),
	"years_experience" integer,
	"client_capacity" integer,
	"commission_rate" numeric(5, 2) DEFAULT '10.00' NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_by" integer,
	"terms_accepted_at" timestamp with time zone,
	"earnings_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_earnings" ADD CONSTRAINT "agent_earnings_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_earnings" ADD CONSTRAINT "agent_earnings_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_invitations" ADD CONSTRAINT "agent_invitations_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_invitations" ADD CONSTRAINT "agent_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_payouts" ADD CONSTRAINT "agent_payouts_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_profiles" ADD CONSTRAINT "agent_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_profiles" ADD CONSTRAINT "agent_profiles_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_earnings_agent_idx" ON "agent_earnings" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_earnings_client_idx" ON "agent_earnings" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_earnings_transaction_idx" ON "agent_earnings" USING btree ("transaction_type","transaction_id");--> statement-breakpoint
CREATE INDEX "agent_earnings_pending_idx" ON "agent_earnings" USING btree ("created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "agent_invitations_agent_idx" ON "agent_invitations" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_invitations_token_idx" ON "agent_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_payouts_agent_month_idx" ON "agent_payouts" USING btree ("agent_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_profiles_user_idx" ON "agent_profiles" USING btree ("user_id");