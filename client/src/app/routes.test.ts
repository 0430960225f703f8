import { describe, expect, it } from "vitest";
import { homeOf, navFor, protectedPaths, ROUTES, routesReachedBy } from "@/app/routes";

describe("the route table", () => {
  it("gives the client the spec's top navigation, in its order (spec 000 §2), with Releases after Time Triggers (issue 14)", () => {
    expect(navFor("client").map(({ label, href }) => `${label} ${href}`)).toEqual([
      "Dashboard /dashboard",
      "Assets /assets",
      "Online Accounts /online-accounts",
      "Beneficiaries /beneficiaries",
      "Digital Will /digital-will",
      "Time Triggers /time-triggers",
      "Releases /releases",
      "Death Verification /death-verification",
      "Gift Cards /gift-cards",
      "Become Agent /agent-onboarding",
      "Backup & Export /backup-export",
      "Activity /activity",
    ]);
    expect(navFor("client").filter((link) => link.isHome)).toEqual([
      { href: "/dashboard", label: "Dashboard", isHome: true },
    ]);
  });

  it("gives the agent and admin headers their links (spec 001 §2)", () => {
    expect(navFor("agent").map((link) => link.label)).toEqual(["Pricing", "Gift Cards"]);
    expect(navFor("admin").map((link) => `${link.label} ${link.href}`)).toEqual([
      "Pricing /pricing",
      "Gift Cards /gift-cards",
      "Client View /dashboard",
    ]);
  });

  it("protects every screen that needs a session, and only those", () => {
    expect(protectedPaths().sort()).toEqual(
      [
        "/dashboard",
        "/assets",
        "/online-accounts",
        "/beneficiaries",
        "/digital-will",
        "/digital-will/sign",
        "/time-triggers",
        "/releases",
        "/backup-export",
        "/activity",
        "/death-verification",
        "/trusted",
        "/pricing",
        "/agent-dashboard",
        "/admin-dashboard",
        "/admin/death-verifications",
        "/onboarding",
        "/settings",
      ].sort(),
    );
  });

  it("has one home per area and no address twice in an area", () => {
    for (const area of ["visitor", "client", "agent", "admin", "onboarding"] as const) {
      expect(homeOf(area), area).toBeDefined();
      const paths = ROUTES.filter((route) => route.area === area).map((route) => route.path);
      expect(new Set(paths).size, area).toBe(paths.length);
    }
  });

  it("lets a user still choosing a role open the client and agent dashboards, not the admin's", () => {
    const reached = routesReachedBy("onboarding").map((route) => route.path);
    expect(reached).toEqual(expect.arrayContaining(["/onboarding", "/dashboard", "/agent-dashboard", "/pricing"]));
    expect(reached).not.toContain("/admin-dashboard");
  });
});
