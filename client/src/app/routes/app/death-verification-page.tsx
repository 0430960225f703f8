import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { OverviewTab } from "@/features/death-verification/components/overview-tab";
import { DistributionTab } from "@/features/estate-distribution/components/distribution-tab";
import { useTrustedParties } from "@/features/trusted-parties/api/get-trusted-parties";
import { TrustedPartiesTab } from "@/features/trusted-parties/components/trusted-parties-tab";

function Overview() {
  const parties = useTrustedParties();
  const counts = parties.data
    ? { total: parties.data.length, active: parties.data.filter((p) => p.status === "active").length }
    : undefined;
  // NOTE: no requests endpoint yet (issue 16, second slice): its GET /api/death-verification/requests list goes here.
  return <OverviewTab requests={[]} trustedParties={counts} />;
}

/** Spec 001 /death-verification: Overview, Trusted Parties and Distribution are real; Verification comes next. */
export function DeathVerificationPage() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <title>Death Verification · Heirloom</title>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Death Verification</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Name trusted parties and set out how a death is verified before anything is distributed.
        </p>
      </div>
      <Tabs defaultValue="overview">
        <TabsList className="w-full">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="trusted-parties">Trusted Parties</TabsTrigger>
          <TabsTrigger value="verification">Verification</TabsTrigger>
          <TabsTrigger value="distribution">Distribution</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <Overview />
        </TabsContent>
        <TabsContent value="trusted-parties">
          <TrustedPartiesTab />
        </TabsContent>
        <TabsContent value="verification">
          <Card>
            <CardHeader>
              <CardTitle>Verification</CardTitle>
              <CardDescription>Coming next</CardDescription>
            </CardHeader>
            <CardContent>
              <p className="text-sm">
                Reporting a death, evidence and review are not available yet: they arrive in the next release. Until
                then nothing can be reported about you.
              </p>
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="distribution">
          <DistributionTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
