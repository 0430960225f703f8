CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"channel" varchar(16) NOT NULL,
	"kind" varchar(48) NOT NULL,
	"recipient" varchar(320) NOT NULL,
	"payload" text,
	"payload_kid" varchar(64) NOT NULL,
	"dedupe_key" varchar(200) NOT NULL,
	"sender_user_id" integer,
	"to_others" boolean DEFAULT false NOT NULL,
	"status" varchar(16) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone,
	"last_error" varchar(500),
	"created_at" timestamp (3) with time zone NOT NULL,
	"sent_at" timestamp (3) with time zone,
	CONSTRAINT "outbox_messages_channel_check" CHECK ("outbox_messages"."channel" in ('email', 'sms', 'whatsapp')),
	CONSTRAINT "outbox_messages_status_check" CHECK ("outbox_messages"."status" in ('held', 'pending', 'sending', 'sent', 'failed', 'dropped'))
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_dedupe_key_unique" ON "outbox_messages" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "outbox_messages_due_idx" ON "outbox_messages" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_sender_idx" ON "outbox_messages" USING btree ("sender_user_id","created_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_recipient_idx" ON "outbox_messages" USING btree ("recipient","created_at");