CREATE TABLE "estate_distribution_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"trigger_type" varchar(32) DEFAULT 'death_verified' NOT NULL,
	"immediate_distribution" boolean DEFAULT false NOT NULL,
	"waiting_period_days" integer DEFAULT 30 NOT NULL,
	"requires_legal_review" boolean DEFAULT true NOT NULL,
	"include_digital_files" boolean DEFAULT true NOT NULL,
	"include_online_accounts" boolean DEFAULT false NOT NULL,
	"include_financial_assets" boolean DEFAULT false NOT NULL,
	"include_intellectual_property" boolean DEFAULT false NOT NULL,
	"category_timings" jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"execution_date" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "estate_distribution_settings" ADD CONSTRAINT "estate_distribution_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;