import { Link } from "wouter";
import { CircleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { paths } from "@/config/paths";

/** Spec 000 §2 not-found screen, for a signed-in user on a path their role has no screen for. */
export function NotFoundPage() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center py-10">
      <title>Page not found · Heirloom</title>
      <Card className="w-full max-w-md">
        <CardContent className="grid gap-4 pt-6">
          <div className="flex items-center gap-2">
            <CircleAlert className="size-8 text-destructive" aria-hidden="true" />
            <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          </div>
          <p className="text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
          <Button asChild variant="outline" className="w-fit">
            <Link href={paths.home.getHref()}>Go to your home page</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

/** The same screen with its own landmark, for areas without a shared layout. */
export function StandaloneNotFoundPage() {
  return (
    <main id="main" className="px-4">
      <NotFoundPage />
    </main>
  );
}
