import { ClientLayout } from "@/components/layouts/client-layout";
import { AreaSwitch } from "@/app/area-switch";
import { navFor } from "@/app/routes";

const CLIENT_NAV = navFor("client");

/** The client's screens inside one persistent top navigation (spec 000 §2, Client row). */
export function ClientArea() {
  return (
    <ClientLayout links={CLIENT_NAV}>
      <AreaSwitch area="client" />
    </ClientLayout>
  );
}
