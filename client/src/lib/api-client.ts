import type { QueryFunction } from "@tanstack/react-query";

/** Thrown when the request never got an answer (offline, DNS, connection reset). */
export class NetworkError extends Error {
  constructor(options?: { cause?: unknown }) {
    super("Network error. Please try again.", options);
    this.name = "NetworkError";
  }
}

export type ApiFieldError = { path: string; message: string };

export type ParsedApiError = {
  /** null when the request never reached the server. */
  status: number | null;
  /** The server's `message`, or the raw body text when it is not our JSON error shape. Empty if none. */
  message: string;
  errors: ApiFieldError[];
};

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Spec 000 §7: a non-OK answer fails with "<status>: <body text or status text>". */
async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
}

/** The one way the SPA talks to the API: cookies always, JSON bodies, failures as thrown Errors. */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const hasBody = body !== undefined;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: hasBody ? { "Content-Type": "application/json" } : {},
      body: hasBody ? JSON.stringify(body) : undefined,
      credentials: "include",
    });
  } catch (cause) {
    throw new NetworkError({ cause });
  }
  await throwIfResNotOk(res);
  return res;
}

/**
 * POST a multipart `form` to `url` with XMLHttpRequest, because fetch cannot report upload progress: `onProgress`
 * gets 0–1 as the body goes out. Cookies always; failures read exactly like apiRequest's ("<status>: <body or status
 * text>", NetworkError when nothing answered), so parseApiError reads them the same way. Answers the parsed JSON.
 */
export function uploadWithProgress<T>(url: string, form: FormData, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new Error(`${xhr.status}: ${xhr.responseText || xhr.statusText}`));
        return;
      }
      try {
        resolve(JSON.parse(xhr.responseText) as T);
      } catch (cause) {
        reject(new Error("Unexpected answer from the server.", { cause }));
      }
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.onabort = () => reject(new NetworkError());
    xhr.send(form);
  });
}

export type UnauthorizedBehavior = "returnNull" | "throw";

/** The default data read: GET on the key segments joined by "/", parsed as JSON. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    let res: Response;
    try {
      res = await fetch(queryKey.join("/"), { credentials: "include" });
    } catch (cause) {
      throw new NetworkError({ cause });
    }
    if (options.on401 === "returnNull" && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

function isFieldErrorList(value: unknown): value is ApiFieldError[] {
  return (
    Array.isArray(value) &&
    value.every(
      (e: unknown) =>
        typeof e === "object" &&
        e !== null &&
        typeof (e as Record<string, unknown>).path === "string" &&
        typeof (e as Record<string, unknown>).message === "string",
    )
  );
}

/** Splits an apiRequest failure back into status, the server's message and its field errors. */
export function parseApiError(error: unknown): ParsedApiError {
  if (error instanceof NetworkError) return { status: null, message: error.message, errors: [] };
  const raw = error instanceof Error ? error.message : String(error);
  const match = /^(\d{3}): ?([\s\S]*)$/.exec(raw);
  if (!match) return { status: null, message: raw, errors: [] };
  const status = Number(match[1]);
  const bodyText = match[2].trim();
  try {
    const body: unknown = JSON.parse(bodyText);
    if (typeof body === "object" && body !== null) {
      const record = body as Record<string, unknown>;
      const message = typeof record.message === "string" ? record.message : "";
      return { status, message, errors: isFieldErrorList(record.errors) ? record.errors : [] };
    }
  } catch {
    // Not JSON (an HTML proxy page or plain text): the text itself is the message.
  }
  return { status, message: bodyText, errors: [] };
}

/** Spec 000 §8: a 401 failure whose message mentions Unauthorized. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/s.test(error.message);
}
