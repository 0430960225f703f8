import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { AgentsTab } from "@/features/admin/components/agents-tab";
import { AnalyticsTab } from "@/features/admin/components/analytics-tab";
import { AuditTab } from "@/features/admin/components/audit-tab";
import { SettingsTab } from "@/features/admin/components/settings-tab";
import { StatCards } from "@/features/admin/components/stat-cards";
import { UsersTab } from "@/features/admin/components/users-tab";

const TABS = [
  { value: "users", label: "User Management", Panel: UsersTab },
  { value: "agents", label: "Agent Oversight", Panel: AgentsTab },
  { value: "analytics", label: "Analytics", Panel: AnalyticsTab },
  { value: "settings", label: "Platform Settings", Panel: SettingsTab },
  { value: "audit", label: "Audit Log", Panel: AuditTab },
] as const;

/** Spec 001 §2 admin dashboard (its header comes from the admin area, app/routes/roles/role-areas.tsx). */
export function AdminDashboardPage() {
  const [tab, setTab] = useState<string>("users");
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Admin Dashboard</h1>
          <p className="text-muted-foreground">Oversee users and agents, verify agents and follow the platform.</p>
        </div>
        <Button variant="outline" onClick={() => setTab("settings")}>
          Admin Settings
        </Button>
      </div>
      <StatCards />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="flex h-auto flex-wrap">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(({ value, Panel }) => (
          <TabsContent key={value} value={value} className="mt-4">
            <Panel />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
