import { ClientLayout } from "@/components/layouts/client-layout";
import { AreaSwitch } from "@/app/area-switch";
import { navFor } from "@/app/routes";
import { useNavWithTrustedLink } from "@/app/trusted-nav";
import { NotificationBell } from "@/features/notifications/components/notification-bell";

const CLIENT_NAV = navFor("client");

/** The client's screens inside one persistent top navigation (spec 000 §2, Client row). */
export function ClientArea() {
  const links = useNavWithTrustedLink(CLIENT_NAV);
  return (
    <ClientLayout links={links} headerActions={<NotificationBell />}>
      <AreaSwitch area="client" />
    </ClientLayout>
  );
}
