export type DiffLineKind = "same" | "added" | "removed";
export type DiffLine = { kind: DiffLineKind; text: string };

/**
 * Above this many cells (changed old lines × changed new lines) the LCS table would cost too much memory
 * (4 bytes a cell), so the changed middle is shown as removed-then-added instead of aligned line by line.
 */
export const MAX_LCS_CELLS = 4_000_000;

/** "" is no lines at all; Windows and old Mac line endings count as one break. */
export function splitLines(text: string): string[] {
  if (text === "") return [];
  return text.replace(/\r\n?/g, "\n").split("\n");
}

/** Longest-common-subsequence alignment of the changed middle; removals come before additions. */
function diffMiddle(a: string[], b: string[]): DiffLine[] {
  const n = a.length;
  const m = b.length;
  if (n * m > MAX_LCS_CELLS) {
    return [
      ...a.map((text): DiffLine => ({ kind: "removed", text })),
      ...b.map((text): DiffLine => ({ kind: "added", text })),
    ];
  }
  const width = m + 1;
  // lcs[i * width + j] = LCS length of a[i..] and b[j..]
  const lcs = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) {
      lcs[i * width + j] =
        a[i] === b[j] ? lcs[(i + 1) * width + j + 1] + 1 : Math.max(lcs[(i + 1) * width + j], lcs[i * width + j + 1]);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ kind: "same", text: a[i] });
      i += 1;
      j += 1;
    } else if (lcs[(i + 1) * width + j] >= lcs[i * width + j + 1]) {
      out.push({ kind: "removed", text: a[i] });
      i += 1;
    } else {
      out.push({ kind: "added", text: b[j] });
      j += 1;
    }
  }
  for (; i < n; i += 1) out.push({ kind: "removed", text: a[i] });
  for (; j < m; j += 1) out.push({ kind: "added", text: b[j] });
  return out;
}

/** Line diff from `before` to `after`: every line of both, each marked same, added or removed. */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = splitLines(before);
  const b = splitLines(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const same = (text: string): DiffLine => ({ kind: "same", text });
  return [
    ...a.slice(0, start).map(same),
    ...diffMiddle(a.slice(start, endA), b.slice(start, endB)),
    ...a.slice(endA).map(same),
  ];
}

/** How many lines were added and removed, for the summary above a diff. */
export function countChanges(diff: readonly DiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const line of diff) {
    if (line.kind === "added") added += 1;
    else if (line.kind === "removed") removed += 1;
  }
  return { added, removed };
}
