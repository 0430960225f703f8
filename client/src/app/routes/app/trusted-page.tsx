import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { TrustedForList } from "@/features/trusted-parties/components/trusted-for-list";

/** The trusted party's own area (issue 16): who named them and their permissions. Reporting comes next. */
export function TrustedPage() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <title>Trusted party · Heirloom</title>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">You are a trusted party</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          The people below have named you and you have accepted. This page is read-only for now: reporting a death and
          confirming another party's report are not available yet; they arrive in the next release.
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>People who named you</CardTitle>
        </CardHeader>
        <CardContent>
          <TrustedForList />
        </CardContent>
      </Card>
    </div>
  );
}
