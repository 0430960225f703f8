import { apiRequest } from "@/lib/api-client";

/** One page of a list route: its rows and the X-Total-Count of the whole (filtered) list. */
export type ListPage<T> = { items: T[]; total: number };

export type PageParams = { limit: number; offset: number; q?: string };

/**
 * GET `path?limit&offset[&q][&filters]`: a list route's page and its total (the row count when the header is
 * missing). Empty filters are left out.
 */
export async function fetchListPage<T>(
  path: string,
  params: PageParams,
  filters: Record<string, string> = {},
): Promise<ListPage<T>> {
  const search = new URLSearchParams({ limit: String(params.limit), offset: String(params.offset) });
  if (params.q) search.set("q", params.q);
  for (const [key, value] of Object.entries(filters)) if (value) search.set(key, value);
  const res = await apiRequest("GET", `${path}?${search.toString()}`);
  const items = (await res.json()) as T[];
  const total = Number(res.headers.get("X-Total-Count"));
  return { items, total: res.headers.has("X-Total-Count") && Number.isFinite(total) ? total : items.length };
}

/**
 * Every row of a list route, page by page (for pickers, which must offer every choice). Stops at the total the first
 * page announced, or at an empty page, whichever comes first.
 */
export async function fetchAllPages<T>(path: string, pageSize: number): Promise<T[]> {
  const rows: T[] = [];
  for (;;) {
    const page = await fetchListPage<T>(path, { limit: pageSize, offset: rows.length });
    rows.push(...page.items);
    if (page.items.length === 0 || rows.length >= page.total) return rows;
  }
}
