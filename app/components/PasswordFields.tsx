import { TextField } from "./forms";
import type { ComponentProps } from "react";

type Field = ComponentProps<typeof TextField>["field"];

/** A new password and its confirmation, with the rules told before they are broken. */
export function PasswordFields({
  password,
  confirm,
  label = "Password",
}: {
  password: Field;
  confirm: Field;
  label?: string;
}) {
  return (
    <>
      <TextField
        field={password}
        label={label}
        type="password"
        autoComplete="new-password"
        required
        hint="At least 12 characters. Not your email address, and not a common password: a few unrelated words make a strong one."
      />
      <TextField
        field={confirm}
        label={`Confirm ${label.toLowerCase()}`}
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}
