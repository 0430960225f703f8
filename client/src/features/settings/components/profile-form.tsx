import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { PublicUser } from "@shared/api-types";
import { profileFormSchema, type ProfileFormInput, type ProfileFormValues } from "@shared/validators/account";
import { Button } from "@/components/ui/button";
import { FirstNameField, LastNameField, TextField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/hooks/use-toast";
import { useRemovePhoto, useUpdateProfile, useUploadPhoto } from "@/features/settings/api/profile";
import { describeFailure } from "@/lib/describe-failure";
import { applyServerErrors } from "@/lib/form-errors";

/**
 * Names, mobile number and photo. The number (optional) is where inactivity warnings are texted; the photo is stored
 * encrypted, like uploaded files, and only its owner can load it.
 */
export function ProfileForm({ user }: { user: PublicUser }) {
  const updateProfile = useUpdateProfile();
  const uploadPhoto = useUploadPhoto();
  const removePhoto = useRemovePhoto();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormValues, unknown, ProfileFormInput>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { firstName: user.firstName ?? "", lastName: user.lastName ?? "", phone: user.phone ?? "" },
  });
  const fail = (title: string) => (error: unknown) =>
    toast({ title, description: describeFailure(error), variant: "destructive" });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await updateProfile.mutateAsync(values);
      // The number as it is stored (+233…), so the user sees what we will text.
      reset({ firstName: saved.firstName ?? "", lastName: saved.lastName ?? "", phone: saved.phone ?? "" });
      toast({ title: "Profile Updated", variant: "success" });
    } catch (error) {
      applyServerErrors(error, ["firstName", "lastName", "phone"] as const, setError);
      fail("Failed to update profile")(error);
    }
  });

  const photo = user.profileImageUrl?.startsWith("/api/") ? user.profileImageUrl : null;
  return (
    <div className="grid max-w-md gap-6">
      <div className="flex items-center gap-4">
        {photo ? (
          <img src={photo} alt="Your profile photo" className="size-16 rounded-full border object-cover" />
        ) : (
          <div className="size-16 rounded-full border bg-muted" aria-hidden="true" />
        )}
        <div className="grid gap-2">
          <Label htmlFor="profile-photo">Photo (JPEG or PNG, up to 2 MB)</Label>
          <Input
            id="profile-photo"
            type="file"
            accept="image/jpeg,image/png"
            disabled={uploadPhoto.isPending}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) uploadPhoto.mutate(file, { onError: fail("Failed to upload photo") });
              event.target.value = "";
            }}
          />
          {photo ? (
            <Button
              variant="outline"
              size="sm"
              className="w-fit"
              disabled={removePhoto.isPending}
              onClick={() => removePhoto.mutate(undefined, { onError: fail("Failed to remove photo") })}
            >
              Remove photo
            </Button>
          ) : null}
        </div>
      </div>
      <form onSubmit={onSubmit} noValidate aria-label="Profile" className="grid gap-4">
        <fieldset disabled={isSubmitting} className="grid gap-4">
          <FirstNameField error={errors.firstName?.message} {...register("firstName")} />
          <LastNameField error={errors.lastName?.message} {...register("lastName")} />
          <TextField
            label="Mobile number (optional)"
            type="tel"
            autoComplete="tel"
            hint="Inactivity warnings are also sent here by SMS. Leave it empty to receive them by e-mail only."
            error={errors.phone?.message}
            {...register("phone")}
          />
          <Button type="submit" className="w-fit">
            {isSubmitting ? "Saving..." : "Save Profile"}
          </Button>
        </fieldset>
      </form>
    </div>
  );
}
