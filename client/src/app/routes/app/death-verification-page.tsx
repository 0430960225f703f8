import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { VerificationTab } from "@/features/death-verification/components/verification-tab";
import { TrustedPartiesTab } from "@/features/trusted-parties/components/trusted-parties-tab";

const COMING_NEXT: { value: string; label: string; text: string }[] = [
  {
    value: "overview",
    label: "Overview",
    text: "Counts of requests and the most recent requests arrive with death verification requests, in the next release.",
  },
  {
    value: "distribution",
    label: "Distribution",
    text: "Your estate distribution settings arrive in a later release. Nothing is distributed through this page yet.",
  },
];

/**
 * Spec 001 /death-verification. The Trusted Parties and Verification (the owner's rehearsal) tabs are real; the
 * other tabs say plainly what comes next.
 */
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
      <Tabs defaultValue="trusted-parties">
        <TabsList className="w-full">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="trusted-parties">Trusted Parties</TabsTrigger>
          <TabsTrigger value="verification">Verification</TabsTrigger>
          <TabsTrigger value="distribution">Distribution</TabsTrigger>
        </TabsList>
        <TabsContent value="trusted-parties">
          <TrustedPartiesTab />
        </TabsContent>
        <TabsContent value="verification">
          <VerificationTab />
        </TabsContent>
        {COMING_NEXT.map((tab) => (
          <TabsContent key={tab.value} value={tab.value}>
            <Card>
              <CardHeader>
                <CardTitle>{tab.label}</CardTitle>
                <CardDescription>Coming next</CardDescription>
              </CardHeader>
              <CardContent>
                <p className="text-sm">{tab.text}</p>
              </CardContent>
            </Card>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
