import { useMutation } from "@tanstack/react-query";
import type { PublicUser } from "@shared/api-types";
import type { ProfileFormInput } from "@shared/validators/account";
import { apiRequest, NetworkError } from "@/lib/api-client";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";

export function useUpdateProfile() {
  return useMutation<PublicUser, Error, ProfileFormInput>({
    mutationFn: async (input) => (await (await apiRequest("PATCH", "/api/user", input)).json()) as PublicUser,
    onSuccess: (user) => queryClient.setQueryData(queryKeys.user(), user),
  });
}

/** Sends the photo as its own bytes (JPEG or PNG); failures read like apiRequest's ("<status>: <body>"). */
export function useUploadPhoto() {
  return useMutation<void, Error, File>({
    mutationFn: async (file) => {
      let res: Response;
      try {
        res = await fetch("/api/user/photo", {
          method: "POST",
          headers: { "Content-Type": file.type || "application/octet-stream" },
          body: file,
          credentials: "include",
        });
      } catch (cause) {
        throw new NetworkError({ cause });
      }
      if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.user() }),
  });
}

export function useRemovePhoto() {
  return useMutation<void, Error, void>({
    mutationFn: async () => {
      await apiRequest("DELETE", "/api/user/photo");
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.user() }),
  });
}
