import { Copy, Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";

const FILE_NAME = "heirloom-recovery-codes.txt";

function asText(codes: readonly string[]): string {
  return [
    "Heirloom recovery codes",
    "Each code signs you in once if your authenticator app is not at hand. Keep them somewhere safe.",
    "",
    ...codes,
    "",
  ].join("\n");
}

/** The ten recovery codes, shown once, with copy and download. */
export function RecoveryCodesPanel({ codes }: { codes: readonly string[] }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(asText(codes));
      toast({ title: "Recovery codes copied", variant: "success" });
    } catch {
      toast({
        title: "Could not copy",
        description: "Select the codes and copy them yourself.",
        variant: "destructive",
      });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([asText(codes)], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = FILE_NAME;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Save these codes now: they are not shown again. Each one signs you in once if your phone is lost.
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-md border bg-muted p-4 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          Copy Codes
        </Button>
        <Button variant="outline" onClick={download}>
          <Download aria-hidden="true" />
          Download Codes
        </Button>
      </div>
    </div>
  );
}
