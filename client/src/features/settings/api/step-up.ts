import { apiRequest, parseApiError } from "@/lib/api-client";

/**
 * Runs a sensitive settings action that needs a recent sign-in (contract: 15 minutes). When the server asks for a
 * password confirmation (401 with its own message, not "Unauthorized"), the password the form already holds confirms
 * it (POST /api/user/reauth) and the action runs once more. A wrong password fails there, with 401 and its message.
 */
export async function withStepUp<T>(password: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    const { status, message } = parseApiError(error);
    if (status !== 401 || /Unauthorized/.test(message)) throw error;
    await apiRequest("POST", "/api/user/reauth", { password });
    return action();
  }
}
