import { Link, Redirect, useLocation, useSearch } from "wouter";
import { AuthLayout } from "@/components/layouts/auth-layout";
import { PageSpinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { homePathFor, paths } from "@/config/paths";
import { useAuth } from "@/lib/auth";
import { GoogleSignInButton } from "@/features/auth/components/google-sign-in-button";
import { LoginForm } from "@/features/auth/components/login-form";
import { SecondFactorForm } from "@/features/auth/components/second-factor-form";
import { RegisterForm } from "@/features/auth/components/register-form";
import { useGoogleErrorNotice } from "@/features/auth/hooks/use-google-error-notice";

/** Sign-in variant 2, the target for signed-out visitors (spec 000 §2). */
export function AuthPage() {
  const { user, isLoading } = useAuth();
  const [, navigate] = useLocation();
  // a Google sign-in with two-factor sign-in on comes back here for its second step
  const isSecondStep = new URLSearchParams(useSearch()).get("step") === "two-factor";
  useGoogleErrorNotice();

  if (user) return <Redirect to={homePathFor(user)} replace />;

  return (
    <AuthLayout>
      <title>Sign in · Heirloom</title>
      <div className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight">Welcome to Heirloom</h1>
        <p className="mt-2 text-muted-foreground">Sign in or create an account to protect your digital legacy.</p>
      </div>
      {isLoading ? (
        <PageSpinner />
      ) : isSecondStep ? (
        <SecondFactorForm onRestart={() => navigate(paths.auth.getHref(), { replace: true })} />
      ) : (
        <div className="grid gap-6">
          <GoogleSignInButton />
          <div className="flex items-center gap-3 text-xs tracking-wide text-muted-foreground uppercase">
            <span className="h-px flex-1 bg-border" />
            or continue with e-mail
            <span className="h-px flex-1 bg-border" />
          </div>
          <Tabs defaultValue="sign-in">
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="sign-in">Sign In</TabsTrigger>
              <TabsTrigger value="sign-up">Sign Up</TabsTrigger>
            </TabsList>
            <TabsContent value="sign-in">
              <LoginForm />
            </TabsContent>
            <TabsContent value="sign-up">
              <RegisterForm />
            </TabsContent>
          </Tabs>
          <p className="text-center text-xs text-muted-foreground">
            By continuing you agree to our{" "}
            <Link href={paths.terms.getHref()} className="font-medium text-primary underline underline-offset-4">
              Terms of Service
            </Link>{" "}
            and{" "}
            <Link href={paths.privacy.getHref()} className="font-medium text-primary underline underline-offset-4">
              Privacy Policy
            </Link>
            .
          </p>
        </div>
      )}
    </AuthLayout>
  );
}
