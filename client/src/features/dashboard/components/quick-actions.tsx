import { Link } from "wouter";
import { FileText, Upload, UserPlus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { paths } from "@/config/paths";

const actionClass = "w-full justify-start";

/** Spec 000 §2: Upload Assets, Add Beneficiary, Update Will. */
export function QuickActions({ onAddAssets }: { onAddAssets: () => void }) {
  return (
    <Card aria-labelledby="quick-actions-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="quick-actions-title">Quick Actions</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Button variant="outline" className={actionClass} onClick={onAddAssets}>
          <Upload aria-hidden="true" />
          Upload Assets
        </Button>
        <Button asChild variant="outline" className={actionClass}>
          <Link href={paths.beneficiaries.getHref()}>
            <UserPlus aria-hidden="true" />
            Add Beneficiary
          </Link>
        </Button>
        <Button asChild variant="outline" className={actionClass}>
          <Link href={paths.digitalWill.getHref()}>
            <FileText aria-hidden="true" />
            Update Will
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
