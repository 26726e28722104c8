// The fields more than one of the visitor's forms asks for, and the end every form shares.
import { useQuery } from "@tanstack/react-query";
import type { LucideIcon } from "lucide-react";
import { materialQueries } from "@/api/queries";
import { Button } from "@/components/ui/button";
import { FormField } from "./form-field";
import { FormAlert } from "./form-messages";

type TextInput = { id: string; error?: string; value: string; onChange: (value: string) => void };

/** The sender's (required) e-mail address. */
export function EmailField({
  id,
  label,
  hint,
  error,
  maxLength,
  value,
  onChange,
}: TextInput & { label: string; hint?: string; maxLength?: number }) {
  return (
    <FormField id={id} label={label} required hint={hint} error={error}>
      {(props) => (
        <input
          {...props}
          type="email"
          name="email"
          autoComplete="email"
          maxLength={maxLength}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}

/** A (required) choice of material from GET /api/materials. */
export function MaterialField({ id, error, value, onChange }: TextInput) {
  const materials = useQuery(materialQueries.list());
  return (
    <FormField id={id} label="Material" required error={error}>
      {(props) => (
        <select {...props} name="materialSlug" value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{materials.isPending ? "Loading materials..." : "Choose a material"}</option>
          {materials.data?.map((material) => (
            <option key={material.slug} value={material.slug}>
              {material.name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** A note for the moderators, never published. */
export function NoteField({ id, hint, limit, value, onChange }: TextInput & { hint: string; limit: number }) {
  return (
    <FormField id={id} label="Note (optional)" hint={hint}>
      {(props) => (
        <textarea
          {...props}
          name="note"
          rows={3}
          maxLength={limit}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}

/** The server's refusal (read out as it appears), then the send button, "Sending..." while it works. */
export function FormActions({
  refusal,
  pending,
  icon: Icon,
  label,
}: {
  refusal: string | null;
  pending: boolean;
  icon: LucideIcon;
  label: string;
}) {
  return (
    <>
      <FormAlert message={refusal} />
      <Button type="submit" disabled={pending} className="w-full sm:w-auto">
        <Icon aria-hidden="true" className="h-4 w-4" />
        {pending ? "Sending..." : label}
      </Button>
    </>
  );
}
