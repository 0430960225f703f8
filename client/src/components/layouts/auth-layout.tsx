import type { ReactNode } from "react";
import { CircleCheck } from "lucide-react";
import { Brand } from "@/components/brand";
import { SkipLink } from "@/components/layouts/skip-link";

const PROMISES = [
  "Catalogue documents, accounts and valuables in one secure place",
  "Name beneficiaries and decide exactly who receives what",
  "Keep a current digital will and export a backup at any time",
];

/** Two-column frame for the sign-in and account e-mail screens; the brand panel hides on small screens. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-screen lg:grid-cols-2">
      <SkipLink />
      <aside className="hidden flex-col justify-between bg-primary p-10 text-primary-foreground lg:flex">
        <Brand inverted />
        <div className="max-w-md">
          <p className="text-3xl leading-tight font-semibold">
            Your digital legacy, safely in the hands of the people you love.
          </p>
          <ul className="mt-8 grid gap-4">
            {PROMISES.map((promise) => (
              <li key={promise} className="flex gap-3 text-primary-foreground/90">
                <CircleCheck className="mt-0.5 size-5 shrink-0 text-amber-300" aria-hidden="true" />
                <span>{promise}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-primary-foreground/80">Trusted estate planning for families and professionals.</p>
      </aside>
      <main id="main" className="flex flex-col items-center justify-center px-4 py-10 sm:px-8">
        <div className="mb-8 lg:hidden">
          <Brand />
        </div>
        <div className="w-full max-w-md">{children}</div>
      </main>
    </div>
  );
}
