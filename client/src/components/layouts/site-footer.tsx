import { Link } from "wouter";
import { paths } from "@/config/paths";

export function SiteFooter() {
  return (
    <footer className="border-t border-border bg-card">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:px-6 lg:px-8">
        <p>© {new Date().getFullYear()} Heirloom. Digital estate planning.</p>
        <nav aria-label="Legal" className="flex gap-4">
          <Link href={paths.terms.getHref()} className="hover:text-foreground hover:underline">
            Terms of Service
          </Link>
          <Link href={paths.privacy.getHref()} className="hover:text-foreground hover:underline">
            Privacy Policy
          </Link>
        </nav>
      </div>
    </footer>
  );
}
