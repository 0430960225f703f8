import { ActiveWillCard } from "@/features/wills/components/active-will-card";
import { ExecutedWillCard } from "@/features/wills/components/execution/executed-will-card";
import { WillEditor } from "@/features/wills/components/will-editor";
import { WillHistory } from "@/features/wills/components/will-history";
import { WillInfoCard } from "@/features/wills/components/will-info-card";

/** Spec 000 §2 Digital Will: the current will, the form that replaces it, history and the info card. */
export function DigitalWillPage() {
  return (
    <div className="grid grid-cols-1 gap-8">
      <title>Digital Will · Heirloom</title>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Digital Will</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Write down your wishes. Your latest saved version is your current will.
        </p>
      </div>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 grid-cols-1 gap-6 lg:col-span-2">
          <ExecutedWillCard />
          <ActiveWillCard />
          <WillEditor />
        </div>
        <div className="grid min-w-0 grid-cols-1 gap-6">
          <WillInfoCard />
          <WillHistory />
        </div>
      </div>
    </div>
  );
}
