import { ClientLayout } from "@/components/layouts/client-layout";
import { AreaSwitch } from "@/app/area-switch";
import { navFor } from "@/app/routes";
import { useNavWithTrustedLink } from "@/app/trusted-nav";
import { useLocation } from "wouter";
import { usePendingInvitationRedirect } from "@/features/agents/api/agent-invitation";
import { NotificationBell } from "@/features/notifications/components/notification-bell";

const CLIENT_NAV = navFor("client");

/** The client's screens inside one persistent top navigation (spec 000 §2, Client row). */
export function ClientArea() {
  const links = useNavWithTrustedLink(CLIENT_NAV);
  const [, navigate] = useLocation();
  usePendingInvitationRedirect(navigate);
  return (
    <ClientLayout links={links} headerActions={<NotificationBell />}>
      <AreaSwitch area="client" />
    </ClientLayout>
  );
}
