import { useParams } from "wouter";
import { Brand } from "@/components/brand";
import { SkipLink } from "@/components/layouts/skip-link";
import { ReleasePortal } from "@/features/releases/components/release-portal";

/**
 * Public: the beneficiary's page behind the e-mailed link `/release/:token`, and `/release` once the token has left
 * the address bar. Calm and plain, no navigation to anything else, and printable (the header and buttons drop out).
 */
export function ReleasePage() {
  const { token } = useParams<{ token?: string }>();
  return (
    <div className="min-h-screen bg-background print:bg-white">
      <SkipLink />
      <header className="border-b border-border bg-card print:hidden">
        <div className="mx-auto flex min-h-16 max-w-3xl items-center px-4 sm:px-6">
          <Brand />
        </div>
      </header>
      <main id="main" className="mx-auto max-w-3xl px-4 py-10 sm:px-6 print:p-0">
        <title>A release for you · Heirloom</title>
        <ReleasePortal token={token} />
      </main>
    </div>
  );
}
