import type { BeneficiaryDto } from "@shared/api-types";

/** Lower case without combining accents (é → e); letters such as Ɔ and ɛ are letters of their own and stay. */
function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase();
}

/** The search box: every word must appear in the name, e-mail or relationship. */
export function filterBeneficiaries(list: readonly BeneficiaryDto[], query: string): BeneficiaryDto[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...list];
  return list.filter((b) => {
    const haystack = fold(`${b.firstName} ${b.lastName} ${b.email} ${b.relationship}`);
    return words.every((word) => haystack.includes(word));
  });
}

export function fullName(b: Pick<BeneficiaryDto, "firstName" | "lastName">): string {
  return `${b.firstName} ${b.lastName}`.trim();
}
