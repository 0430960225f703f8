import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countChanges, lineDiff, MAX_LCS_CELLS, splitLines, type DiffLine } from "./line-diff";

const side = (diff: DiffLine[], drop: DiffLine["kind"]) => diff.filter((l) => l.kind !== drop).map((l) => l.text);

/** Reference LCS length by plain recursion with memo, for small inputs only. */
function lcsLength(a: string[], b: string[]): number {
  const memo = new Map<string, number>();
  const go = (i: number, j: number): number => {
    if (i === a.length || j === b.length) return 0;
    const key = `${i},${j}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const value = a[i] === b[j] ? go(i + 1, j + 1) + 1 : Math.max(go(i + 1, j), go(i, j + 1));
    memo.set(key, value);
    return value;
  };
  return go(0, 0);
}

describe("lineDiff", () => {
  it("marks every line the same when nothing changed", () => {
    expect(lineDiff("a\nb", "a\nb")).toEqual([
      { kind: "same", text: "a" },
      { kind: "same", text: "b" },
    ]);
  });

  it("shows a replaced line as removed then added, keeping its neighbours", () => {
    expect(lineDiff("I leave\nmy house\nto Ama", "I leave\nmy farm\nto Ama")).toEqual([
      { kind: "same", text: "I leave" },
      { kind: "removed", text: "my house" },
      { kind: "added", text: "my farm" },
      { kind: "same", text: "to Ama" },
    ]);
  });

  it("treats empty text as no lines, so everything is added or removed", () => {
    expect(lineDiff("", "x\ny")).toEqual([
      { kind: "added", text: "x" },
      { kind: "added", text: "y" },
    ]);
    expect(lineDiff("x", "")).toEqual([{ kind: "removed", text: "x" }]);
    expect(lineDiff("", "")).toEqual([]);
  });

  it("ignores the difference between CRLF and LF line endings", () => {
    expect(countChanges(lineDiff("a\r\nb\r\n", "a\nb\n"))).toEqual({ added: 0, removed: 0 });
  });

  it("finds the longest common subsequence in the classic example", () => {
    const diff = lineDiff(["A", "B", "C", "B", "D", "A", "B"].join("\n"), ["B", "D", "C", "A", "B", "A"].join("\n"));
    expect(diff.filter((l) => l.kind === "same")).toHaveLength(4);
    expect(countChanges(diff)).toEqual({ added: 2, removed: 3 });
  });

  it("keeps Unicode and markup-looking lines as plain text", () => {
    const diff = lineDiff("Ɔsɛi\n<b>x</b>", "Ɔsɛi\n<img src=x>");
    expect(diff).toContainEqual({ kind: "added", text: "<img src=x>" });
    expect(diff[0]).toEqual({ kind: "same", text: "Ɔsɛi" });
  });

  it("falls back to removed-then-added when the changed middle is too large to align", () => {
    const size = Math.ceil(Math.sqrt(MAX_LCS_CELLS)) + 1;
    const before = Array.from({ length: size }, (_, i) => `old ${i}`).join("\n");
    const after = Array.from({ length: size }, (_, i) => `new ${i}`).join("\n");
    const diff = lineDiff(`head\n${before}\ntail`, `head\n${after}\ntail`);
    expect(diff[0]).toEqual({ kind: "same", text: "head" });
    expect(diff[1]).toEqual({ kind: "removed", text: "old 0" });
    expect(diff[size + 1]).toEqual({ kind: "added", text: "new 0" });
    expect(diff.at(-1)).toEqual({ kind: "same", text: "tail" });
  });

  it("always rebuilds both texts and keeps a longest common subsequence", () => {
    const lines = fc.array(fc.constantFrom("a", "b", "c", "", "d e"), { maxLength: 12 });
    fc.assert(
      fc.property(lines, lines, (a, b) => {
        const diff = lineDiff(a.join("\n"), b.join("\n"));
        const [before, after] = [splitLines(a.join("\n")), splitLines(b.join("\n"))];
        expect(side(diff, "added")).toEqual(before);
        expect(side(diff, "removed")).toEqual(after);
        expect(diff.filter((l) => l.kind === "same")).toHaveLength(lcsLength(before, after));
      }),
    );
  });
});
