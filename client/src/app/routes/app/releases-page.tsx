import { ReleasesList } from "@/features/releases/components/releases-list";

/** The owner's releases (issue 14): every release, who opened what and when, and a Revoke for each live one. */
export function ReleasesPage() {
  return (
    <div className="grid grid-cols-1 gap-8">
      <title>Releases · Heirloom</title>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Releases</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          What your triggers have released, to whom, and every time it was opened or downloaded. Revoke a release to
          stop its link at once.
        </p>
      </div>
      <ReleasesList />
    </div>
  );
}
