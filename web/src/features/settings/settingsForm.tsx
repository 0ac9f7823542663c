import type { ReactNode } from "react";
import { type Path, useController } from "react-hook-form";
import type { UserSettings } from "../../../../contract/settings";
import type { userSettingsSchema } from "../../../../contract/settings-input";
import type { ContractForm } from "../../ui/form/useContractForm";
import { Toggle } from "../../ui/Toggle";

/** The settings screen's form: the saved settings, edited section by section, saved together. */
export type SettingsForm = ContractForm<typeof userSettingsSchema>;

/** A setting's value and how to change it (the change marks the form as having unsaved changes). */
export function useSetting<P extends Path<UserSettings>>(form: SettingsForm, name: P) {
  const { field } = useController({ control: form.control, name });
  return field;
}

/** One on/off setting of the form, as a switch. */
export function SettingToggle({
  form,
  name,
  label,
  description,
  disabled,
}: {
  form: SettingsForm;
  name: Path<UserSettings>;
  label: string;
  description: ReactNode;
  disabled?: boolean;
}) {
  const setting = useSetting(form, name);
  return (
    <Toggle
      label={label}
      description={description}
      checked={setting.value === true}
      disabled={disabled}
      onChange={setting.onChange}
    />
  );
}
