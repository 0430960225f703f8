import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { adminAuditQuerySchema, type AdminAuditQuery } from "@shared/validators/admin";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";
import type { AuditFilters as Filters } from "@/features/admin/api/get-audit";

type FormValues = z.input<typeof adminAuditQuerySchema>;
export const NO_FILTERS: Filters = { actorId: "", action: "", from: "", to: "" };

/** The audit viewer's filters: actor (a user id), action and a day range, checked by the route's own schema. */
export function AuditFilters({ onApply }: { onApply: (filters: Filters) => void }) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormValues, unknown, AdminAuditQuery>({
    resolver: zodResolver(adminAuditQuerySchema),
    defaultValues: NO_FILTERS,
  });
  const apply = handleSubmit((q) =>
    onApply({
      actorId: q.actorId ? String(q.actorId) : "",
      action: q.action ?? "",
      from: q.from ?? "",
      to: q.to ?? "",
    }),
  );
  return (
    <form onSubmit={apply} noValidate aria-label="Filter audit log" className="grid gap-3 sm:grid-cols-5 sm:items-end">
      <TextField label="Actor (user id)" inputMode="numeric" error={errors.actorId?.message} {...register("actorId")} />
      <TextField
        label="Action"
        placeholder="admin_user_suspended"
        error={errors.action?.message}
        {...register("action")}
      />
      <TextField label="From" type="date" error={errors.from?.message} {...register("from")} />
      <TextField label="To" type="date" error={errors.to?.message} {...register("to")} />
      <div className="flex gap-2">
        <Button type="submit">Apply</Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            reset(NO_FILTERS);
            onApply(NO_FILTERS);
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}
