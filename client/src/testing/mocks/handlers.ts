import { http, HttpResponse } from "msw";
import { TEST_USER } from "@/testing/mocks/data";

/**
 * What every component test's API answers unless a test says otherwise (server.use): a signed-in client with no
 * beneficiaries, no notifications yet and named as nobody's trusted party. Anything else a component asks for fails the test (onUnhandledRequest: "error").
 */
export const handlers = [
  http.get("/api/user", () => HttpResponse.json(TEST_USER)),
  http.get("/api/beneficiaries", () => HttpResponse.json([], { headers: { "X-Total-Count": "0" } })),
  // the header bell: nothing new
  http.get("/api/notifications", () =>
    HttpResponse.json([], { headers: { "X-Total-Count": "0", "X-Unread-Count": "0" } }),
  ),
  // the navigation's "Trusted Party" link: nobody has named this user
  http.get("/api/trusted-for", () => HttpResponse.json([])),
];
