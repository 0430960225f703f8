import { HeartPulse } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { useCheckIn } from "@/features/check-in/api/check-in";
import { describeFailure } from "@/lib/describe-failure";

/** The dashboard's check-in: counts as the owner's activity, so inactivity triggers start their period again. */
export function StillHereButton() {
  const checkIn = useCheckIn();
  const press = async () => {
    try {
      const result = await checkIn.mutateAsync();
      toast({ title: "Checked in", description: result.message, variant: "success" });
    } catch (error) {
      toast({ title: "Check-in failed", description: describeFailure(error), variant: "destructive" });
    }
  };
  return (
    <Button variant="outline" disabled={checkIn.isPending} onClick={press}>
      <HeartPulse aria-hidden="true" />
      {checkIn.isPending ? "Checking in..." : "I'm still here"}
    </Button>
  );
}
