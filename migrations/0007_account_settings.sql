CREATE TABLE "email_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"old_email" varchar(254) NOT NULL,
	"new_email" varchar(254) NOT NULL,
	"confirm_token_hash" varchar(64) NOT NULL,
	"confirm_expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"undo_token_hash" varchar(64),
	"undo_expires_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_photos" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"blob_key" varchar(128) NOT NULL,
	"file_id" varchar(64) NOT NULL,
	"mime_type" varchar(32) NOT NULL,
	"file_size" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "user_id" integer GENERATED ALWAYS AS (case when ("sess"->'passport'->>'user') ~ '^[0-9]{1,9}$' then ("sess"->'passport'->>'user')::int end) STORED;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_photos" ADD CONSTRAINT "profile_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_changes_user_idx" ON "email_changes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_confirm_token_idx" ON "email_changes" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_undo_token_idx" ON "email_changes" USING btree ("undo_token_hash");--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree ("user_id");