import type { EstateDistributionFields } from "@shared/validators/estate-distribution";
import { ESTATE_DISTRIBUTION_MESSAGES } from "@shared/validators/estate-distribution";
import { LoadFailure } from "@/components/load-failure";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { describeFailure } from "@/lib/describe-failure";
import {
  useDistributionPreview,
  useEstateDistribution,
} from "@/features/estate-distribution/api/get-estate-distribution";
import { useSaveEstateDistribution } from "@/features/estate-distribution/api/save-estate-distribution";
import { DistributionSettingsForm } from "@/features/estate-distribution/components/distribution-settings-form";
import { DistributionTimeline } from "@/features/estate-distribution/components/distribution-timeline";

function Timeline() {
  const preview = useDistributionPreview();
  if (preview.isPending) return <Spinner label="Loading timeline..." showLabel />;
  if (preview.error) return <LoadFailure what="your distribution timeline" onRetry={() => void preview.refetch()} />;
  return <DistributionTimeline preview={preview.data} />;
}

/** The Distribution tab of /death-verification (spec 001): the owner's real timeline and their settings. */
export function DistributionTab() {
  const settings = useEstateDistribution();
  const save = useSaveEstateDistribution();
  const submit = async (values: EstateDistributionFields) => {
    try {
      await save.mutateAsync(values);
      toast({ title: "Success", description: ESTATE_DISTRIBUTION_MESSAGES.saved, variant: "success" });
    } catch (error) {
      const description = `${ESTATE_DISTRIBUTION_MESSAGES.saveFailed}: ${describeFailure(error)}`;
      toast({ title: "Error", description, variant: "destructive" });
      throw error;
    }
  };
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Your Distribution Timeline</CardTitle>
          <CardDescription>
            Counted from the day a death verification about you completes. Nothing is distributed before then.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Timeline />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Distribution Settings</CardTitle>
          <CardDescription>
            {settings.data?.savedAt === null ? "These are the default settings; save to make them yours." : null}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {settings.isPending ? (
            <Spinner label="Loading settings..." showLabel />
          ) : settings.error ? (
            <LoadFailure what="your distribution settings" onRetry={() => void settings.refetch()} />
          ) : (
            <DistributionSettingsForm settings={settings.data} onSubmit={submit} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
