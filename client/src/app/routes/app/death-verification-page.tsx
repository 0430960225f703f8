import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useDeathVerificationRequests } from "@/features/death-verification/api/requests";
import { OverviewTab } from "@/features/death-verification/components/overview-tab";
import { VerificationTab } from "@/features/death-verification/components/verification-tab";
import { DistributionTab } from "@/features/estate-distribution/components/distribution-tab";
import { useTrustedParties } from "@/features/trusted-parties/api/get-trusted-parties";
import { TrustedPartiesTab } from "@/features/trusted-parties/components/trusted-parties-tab";

function Overview() {
  const parties = useTrustedParties();
  const requests = useDeathVerificationRequests();
  const counts = parties.data
    ? { total: parties.data.length, active: parties.data.filter((p) => p.status === "active").length }
    : undefined;
  // the requests about the owner (their rehearsals included), newest first; not those they were asked to answer
  const aboutMe = (requests.data ?? [])
    .filter((r) => r.role === "subject")
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return <OverviewTab requests={aboutMe} trustedParties={counts} />;
}

/** Spec 001 /death-verification: Overview, Trusted Parties, Verification (the owner's rehearsal) and Distribution. */
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
          <VerificationTab />
        </TabsContent>
        <TabsContent value="distribution">
          <DistributionTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
