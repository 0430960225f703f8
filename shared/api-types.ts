/** Shapes the API answers with; the server's presenters produce exactly these. */
export type UserType = "client" | "agent" | "admin";

export type PublicUser = {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  userType: UserType;
  agentId: number | null;
  plan: string;
  storageUsed: number;
  storageLimit: number;
  emailVerified: boolean;
  authProvider: "local" | "google";
  createdAt: string;
};

export type ApiErrorBody = {
  message: string;
  errors?: { path: string; message: string }[];
  requestId?: string;
};
