CREATE TABLE "enhanced_trusted_parties" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"trusted_person_id" integer,
	"trusted_person_name" varchar(200) NOT NULL,
	"trusted_person_email" varchar(254) NOT NULL,
	"trusted_person_phone" text,
	"relationship" varchar(16) NOT NULL,
	"can_initiate_death_verification" boolean DEFAULT true NOT NULL,
	"can_access_assets" boolean DEFAULT false NOT NULL,
	"can_manage_beneficiaries" boolean DEFAULT false NOT NULL,
	"ghana_card_number" text,
	"mobile_money_number" text,
	"traditional_authority" varchar(200),
	"status" varchar(16) DEFAULT 'inactive' NOT NULL,
	"invitation_token_hash" varchar(64),
	"invitation_expires" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enhanced_trusted_parties" ADD CONSTRAINT "enhanced_trusted_parties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enhanced_trusted_parties" ADD CONSTRAINT "enhanced_trusted_parties_trusted_person_id_users_id_fk" FOREIGN KEY ("trusted_person_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enhanced_trusted_parties_user_idx" ON "enhanced_trusted_parties" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "enhanced_trusted_parties_person_idx" ON "enhanced_trusted_parties" USING btree ("trusted_person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enhanced_trusted_parties_token_idx" ON "enhanced_trusted_parties" USING btree ("invitation_token_hash");