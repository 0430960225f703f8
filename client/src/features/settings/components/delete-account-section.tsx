import { useState } from "react";
import { Link } from "wouter";
import { Download, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { DeleteAccountDialog } from "./delete-account-dialog";

/** Offers an export first, then the typed confirmation. */
export function DeleteAccountSection() {
  const [isOpen, setOpen] = useState(false);
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Deleting your account erases everything in it for good. Download a backup first if you may need any of it.
      </p>
      <div className="flex flex-wrap gap-3">
        <Button asChild variant="outline">
          <Link href={paths.backupExport.getHref()}>
            <Download aria-hidden="true" />
            Download a backup first
          </Link>
        </Button>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" />
          Delete Account
        </Button>
      </div>
      <DeleteAccountDialog open={isOpen} onOpenChange={setOpen} />
    </div>
  );
}
