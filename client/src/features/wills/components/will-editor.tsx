import { Card, CardContent } from "@/components/ui/card";
import { useActiveWill } from "@/features/wills/api/get-active-will";
import { WillForm } from "@/features/wills/components/will-form";

/** The form, once the active will has loaded so it can start from it; the will card reports a failed read. */
export function WillEditor() {
  const { data: current, isSuccess } = useActiveWill();
  if (!isSuccess) return null;
  return (
    <Card>
      <CardContent className="pt-6">
        <WillForm key={current?.id ?? "new"} current={current} />
      </CardContent>
    </Card>
  );
}
