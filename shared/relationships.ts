/** A beneficiary's relationship to the owner (spec 000 §5). No imports: the browser bundle reads it too. */
export const RELATIONSHIPS = ["spouse", "child", "parent", "sibling", "friend", "other"] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];
