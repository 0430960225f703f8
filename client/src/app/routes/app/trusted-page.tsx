import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { usePeopleWhoNamedMe } from "@/features/death-verification/api/trusted-for";
import { PartyRequests } from "@/features/death-verification/components/party-requests";
import { ReportDeathDialog } from "@/features/death-verification/components/report-death-dialog";
import { TrustedForList } from "@/features/trusted-parties/components/trusted-for-list";

/** The trusted party's own area (issue 16): who named them, reporting a death, and the requests to answer. */
export function TrustedPage() {
  const people = usePeopleWhoNamedMe();
  return (
    <div className="grid grid-cols-1 gap-6">
      <title>Trusted party · Heirloom</title>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">You are a trusted party</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          The people below have named you and you have accepted. If one of them has died, you can report it; when
          another party reports a death, you are asked to confirm or deny it here.
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>People who named you</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <TrustedForList />
          {people.data ? <ReportDeathDialog people={people.data} /> : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Death verification requests</CardTitle>
        </CardHeader>
        <CardContent>
          <PartyRequests />
        </CardContent>
      </Card>
    </div>
  );
}
