import type { CreateTrustedPartyInput } from "@shared/validators/trusted-parties";
import { TRUSTED_PARTY_MESSAGES } from "@shared/validators/trusted-parties";
import { LoadFailure } from "@/components/load-failure";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { describeFailure } from "@/lib/describe-failure";
import { useCreateTrustedParty } from "@/features/trusted-parties/api/create-trusted-party";
import { useTrustedParties } from "@/features/trusted-parties/api/get-trusted-parties";
import { TrustedPartyForm } from "@/features/trusted-parties/components/trusted-party-form";
import { TrustedPartyRow } from "@/features/trusted-parties/components/trusted-party-row";

function TrustedPartyList() {
  const list = useTrustedParties();
  if (list.isPending) return <Spinner label="Loading trusted parties..." showLabel />;
  if (list.error) {
    return <LoadFailure what="your trusted parties" onRetry={() => void list.refetch()} />;
  }
  if (list.data.length === 0) {
    return <p className="text-sm text-muted-foreground">You have not named any trusted parties yet.</p>;
  }
  return (
    <ul className="grid gap-3" aria-label="Trusted parties">
      {list.data.map((party) => (
        <TrustedPartyRow key={party.id} party={party} />
      ))}
    </ul>
  );
}

/** The Trusted Parties tab of /death-verification (spec 001): the add form and the list. */
export function TrustedPartiesTab() {
  const create = useCreateTrustedParty();
  const add = async (values: CreateTrustedPartyInput) => {
    try {
      const created = await create.mutateAsync(values);
      const waiting = created.invitationMail === "waiting_for_your_email";
      toast({
        title: "Success",
        description: `${TRUSTED_PARTY_MESSAGES.added}. ${
          waiting
            ? "We will e-mail the invitation once you confirm your own e-mail address."
            : `We e-mailed ${values.trustedPersonEmail} an invitation.`
        }`,
        variant: "success",
      });
    } catch (error) {
      toast({
        title: "Error",
        description: `${TRUSTED_PARTY_MESSAGES.addFailed}: ${describeFailure(error)}`,
        variant: "destructive",
      });
      throw error;
    }
  };
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Add Trusted Party</CardTitle>
          <CardDescription>
            We e-mail them an invitation; they accept it in their own Heirloom account (a free one is enough).
          </CardDescription>
        </CardHeader>
        <CardContent>
          <TrustedPartyForm onSubmit={add} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Your Trusted Parties</CardTitle>
        </CardHeader>
        <CardContent>
          <TrustedPartyList />
        </CardContent>
      </Card>
    </div>
  );
}
