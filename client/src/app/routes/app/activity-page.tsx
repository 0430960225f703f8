import { ActivityList } from "@/features/activity/components/activity-list";

/** GET /api/activity on a screen: what you did and what happened to your estate (contract "Background work…"). */
export function ActivityPage() {
  return (
    <div className="grid gap-6">
      <title>Activity · Heirloom</title>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Activity</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Everything that happened to your account and your estate plan, newest first.
        </p>
      </div>
      <ActivityList />
    </div>
  );
}
