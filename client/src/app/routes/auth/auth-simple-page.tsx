import { useState } from "react";
import { Link, Redirect, useLocation } from "wouter";
import { AuthLayout } from "@/components/layouts/auth-layout";
import { PageSpinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { paths } from "@/config/paths";
import { useAuth } from "@/lib/auth";
import { CreateAccountForm } from "@/features/auth/components/create-account-form";
import { LoginForm } from "@/features/auth/components/login-form";

/** Spec 000 §9: the pause between a successful sign-in and the move to "/". */
const AFTER_SIGN_IN_DELAY_MS = 100;

const linkClass = "font-medium text-primary underline-offset-4 hover:underline";

/** Sign-in variant 1 (spec 000 §2): Sign In and Create Account, then "/". */
export function AuthSimplePage() {
  const { user, isLoading } = useAuth();
  const [, navigate] = useLocation();
  const [hasJustSignedIn, setHasJustSignedIn] = useState(false);

  const goHomeSoon = () => {
    setHasJustSignedIn(true);
    setTimeout(() => navigate(paths.home.getHref()), AFTER_SIGN_IN_DELAY_MS);
  };

  if (isLoading) {
    return (
      <AuthLayout>
        <PageSpinner />
      </AuthLayout>
    );
  }
  if (user && !hasJustSignedIn) return <Redirect to={paths.home.getHref()} replace />;

  return (
    <AuthLayout>
      <title>Sign in · Heirloom</title>
      <div className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight">Your Heirloom account</h1>
        <p className="mt-2 text-muted-foreground">Sign in, or create an account in under a minute.</p>
      </div>
      <Tabs defaultValue="sign-in">
        <TabsList className="grid w-full grid-cols-2">
          <TabsTrigger value="sign-in">Sign In</TabsTrigger>
          <TabsTrigger value="create-account">Create Account</TabsTrigger>
        </TabsList>
        <TabsContent value="sign-in">
          <LoginForm onSuccess={goHomeSoon} />
        </TabsContent>
        <TabsContent value="create-account">
          <CreateAccountForm onSuccess={goHomeSoon} />
        </TabsContent>
      </Tabs>
      <nav aria-label="More" className="mt-8 grid gap-3 text-center text-sm">
        <p className="flex flex-wrap justify-center gap-x-4 gap-y-2">
          <Link href={paths.agentOnboarding.getHref()} className={linkClass}>
            Become Agent
          </Link>
          <Link href={paths.giftCards.getHref()} className={linkClass}>
            Gift Cards
          </Link>
          <Link href={paths.home.getHref()} className={linkClass}>
            Back to Home
          </Link>
        </p>
        <p className="flex flex-wrap justify-center gap-x-4 text-xs text-muted-foreground">
          <Link href={paths.terms.getHref()} className="underline-offset-4 hover:underline">
            Terms of Service
          </Link>
          <Link href={paths.privacy.getHref()} className="underline-offset-4 hover:underline">
            Privacy Policy
          </Link>
        </p>
      </nav>
    </AuthLayout>
  );
}
