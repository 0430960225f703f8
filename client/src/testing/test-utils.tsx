import type { ReactElement } from "react";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { AppProvider } from "@/app/provider";
import type { ApiFieldError } from "@/lib/api-client";

/** Renders `ui` inside the app's providers (query client, session, notices), with a user to drive it. */
export function renderWithApp(ui: ReactElement, options: Parameters<typeof userEvent.setup>[0] = {}) {
  const user = userEvent.setup(options);
  return { user, ...render(<AppProvider>{ui}</AppProvider>) };
}

/** The contract's error body (`{ message, errors? }`) with `status`. */
export function apiError(status: number, message: string, errors?: ApiFieldError[]) {
  return HttpResponse.json(errors ? { message, errors } : { message }, { status });
}

/** A reply the test releases when it is ready: the request stays in flight until then. */
export function heldReply() {
  let release!: (response: Response) => void;
  const reply = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { reply, release };
}
