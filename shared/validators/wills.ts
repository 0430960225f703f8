import { z } from "zod";
import { stripControl, stripInvisible } from "./common";

export const WILL_MESSAGES = { title: "Title is required", content: "Content must be at least 10 characters" } as const;
export const WILL_CONTENT_MAX = 100_000;

/** Spec 000 §5: title at least 1 character, content at least 10. */
export const saveWillSchema = z.object({
  title: z
    .string({ error: WILL_MESSAGES.title })
    .transform(stripInvisible)
    .pipe(
      z
        .string()
        .trim()
        .min(1, { error: WILL_MESSAGES.title })
        .max(200, { error: "Title must be at most 200 characters" }),
    ),
  content: z
    .string({ error: WILL_MESSAGES.content })
    .transform(stripControl)
    .pipe(
      z
        .string()
        .trim()
        .min(10, { error: WILL_MESSAGES.content })
        .max(WILL_CONTENT_MAX, { error: `Content must be at most ${WILL_CONTENT_MAX} characters` }),
    ),
});
export type SaveWillInput = z.infer<typeof saveWillSchema>;
