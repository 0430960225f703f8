import { setupServer } from "msw/node";
import { handlers } from "@/testing/mocks/handlers";

/** The API at the HTTP boundary: fetch and XMLHttpRequest calls are answered here, nothing leaves the process. */
export const server = setupServer(...handlers);
