import { useEffect, type ReactNode } from "react";
import { Link, useSearch } from "wouter";
import type { PublicUser } from "@shared/api-types";
import { PublicLayout } from "@/components/layouts/public-layout";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { paths, TWO_FACTOR_SECTION } from "@/config/paths";
import { MyAgentSection } from "@/features/agents/components/my-agent-section";
import { DeleteAccountSection } from "@/features/settings/components/delete-account-section";
import { EmailForm } from "@/features/settings/components/email-form";
import { PasskeysSection } from "@/features/settings/components/passkeys-section";
import { PasswordForm } from "@/features/settings/components/password-form";
import { ProfileForm } from "@/features/settings/components/profile-form";
import { SessionsList } from "@/features/settings/components/sessions-list";
import { TwoFactorSection } from "@/features/settings/components/two-factor-section";
import { useAuth } from "@/lib/auth";

type SectionProps = { id?: string; title: string; description: string; children: ReactNode };

function Section({ id, title, description, children }: SectionProps) {
  return (
    <Card id={id} className="scroll-mt-24">
      <CardHeader>
        <CardTitle asChild>
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/**
 * Account settings (issue 15): profile, password, e-mail, sessions, deleting the account. Every signed-in area reaches
 * it from the user menu, so it has the shared header (with its Dashboard link back), as Pricing does.
 */
export function SettingsPage() {
  const { user } = useAuth();
  if (!user) return <PageSpinner />;
  return (
    <PublicLayout>
      <SettingsSections user={user} />
    </PublicLayout>
  );
}

function SettingsSections({ user }: { user: PublicUser }) {
  const isLocal = user.authProvider === "local";
  // ?section=two-factor: where agents and admins are sent until their second factor is on
  const section = new URLSearchParams(useSearch()).get("section");
  useEffect(() => {
    if (section) document.getElementById(section)?.scrollIntoView?.({ block: "start" });
  }, [section]);
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-6">
      <title>Settings · Heirloom</title>
      <h1 className="text-3xl font-bold tracking-tight">Settings</h1>
      <Section title="Profile" description="Your name and photo.">
        <ProfileForm user={user} />
      </Section>
      {user.userType === "client" ? (
        <Section title="Role" description="How you use Heirloom: as a client, an agent or an administrator.">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm">You use Heirloom as a client.</p>
            <Button asChild variant="outline">
              <Link href={paths.onboarding.getHref()}>Choose Another Role</Link>
            </Button>
          </div>
        </Section>
      ) : null}
      {user.userType === "client" ? (
        <Section title="Your agent" description="The professional who invited you, if any.">
          <MyAgentSection />
        </Section>
      ) : null}
      {isLocal ? (
        <Section title="Password" description="Changing it signs out every other session and e-mails you a notice.">
          <PasswordForm />
        </Section>
      ) : null}
      {isLocal ? (
        <Section
          title="E-mail"
          description="The new address must be confirmed by a link; your current address is told and can undo it for 72 hours."
        >
          <EmailForm currentEmail={user.email} />
        </Section>
      ) : null}
      <Section
        id={TWO_FACTOR_SECTION}
        title="Two-factor sign-in"
        description="A code from an authenticator app on your phone, asked for at every sign-in after the password."
      >
        <TwoFactorSection user={user} />
      </Section>
      <Section
        id="passkeys"
        title="Passkeys"
        description="Sign in with your fingerprint, face or device PIN instead of your password. With two-factor sign-in on, a passkey also stands in for the code."
      >
        <PasskeysSection user={user} />
      </Section>
      <Section
        title="Sessions"
        description="Where your account is signed in. Sign out any device you do not recognise."
      >
        <SessionsList />
      </Section>
      {isLocal ? (
        <Section title="Delete account" description="Erase your account, your records and your files.">
          <DeleteAccountSection />
        </Section>
      ) : null}
    </div>
  );
}
