import { useEffect, useId, useState } from "react";
import { messages } from "../../../../contract/messages";
import type { OrganizationProfile } from "../../../../contract/organizations";
import { updateOrganizationInput } from "../../../../contract/organizations";
import { organizationsEndpoints } from "../../../../contract/organizations-endpoints";
import { useEndpointMutation } from "../../api/query";
import { cx } from "../../ui/cx";
import { Field, SelectField } from "../../ui/Field";
import { FormError } from "../../ui/form/FormError";
import { fieldProps, submitting, useContractForm } from "../../ui/form/useContractForm";
import { TextAreaField } from "../../ui/TextAreaField";
import { OrgLogo, OrgLogoPreview } from "./OrgLogo";
import profilePage from "./ProfilePage.module.css";
import { uploadLogo } from "./uploadLogo";

const LOGO_TYPES = "image/png,image/jpeg,image/gif,image/webp";
const LOGO_MAX_BYTES = 10 * 1024 * 1024;

const TIME_ZONES: readonly string[] = [
  "UTC",
  ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC"),
];

/** Where the organization is, as its profile shows and edits it: its location, else its sign-up country. */
export const locationOf = (profile: Pick<OrganizationProfile, "location" | "country">) =>
  profile.location || profile.country;

/** Edit Profile mode: name, description, website, location and logo; the server checks each field. */
export function ProfileEditForm({
  profile,
  onApplied,
  onSaved,
  onCancel,
}: {
  profile: OrganizationProfile;
  /** Part of the change is saved (the text fields, before the logo is sent). */
  onApplied(profile: OrganizationProfile): void;
  /** Everything asked for is saved. */
  onSaved(profile: OrganizationProfile): void;
  onCancel(): void;
}) {
  const form = useContractForm(updateOrganizationInput, {
    defaultValues: {
      name: profile.name,
      description: profile.description,
      website: profile.website,
      // What the profile shows: the location, or the country given at sign-up.
      location: locationOf(profile),
      timezone: profile.timezone,
    },
  });
  const update = useEndpointMutation(organizationsEndpoints.update);
  const [logo, setLogo] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;
  const logoId = useId();

  useEffect(() => {
    if (!logo) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(logo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [logo]);

  const submit = submitting(form, async (body) => {
    let saved = await update.mutateAsync({ params: { id: profile.id }, body });
    if (logo) {
      // The text fields are saved whatever becomes of the logo; a refused logo keeps the form open.
      onApplied(saved);
      saved = await uploadLogo(profile.id, logo);
    }
    onSaved(saved);
    onCancel();
  });

  return (
    <form
      className={cx("card", profilePage.edit)}
      onSubmit={submit}
      noValidate
      aria-labelledby="op-edit-title"
    >
      <h1 id="op-edit-title">Edit Profile</h1>
      <FormError form={form} />
      <div className={profilePage.editLogo}>
        {preview ? (
          <OrgLogoPreview
            className={profilePage.editLogoImage}
            src={preview}
            alt="New logo preview"
            size={72}
            // Not an image after all (a document renamed .png): said at once, and not sent.
            onError={() => {
              setLogo(null);
              form.setError("root.server", { message: messages.logoInvalid });
            }}
          />
        ) : (
          <OrgLogo name={form.watch("name") || profile.name} url={profile.logo_url} size={72} />
        )}
        <div className="field">
          <label htmlFor={logoId}>Logo</label>
          <input
            id={logoId}
            type="file"
            accept={LOGO_TYPES}
            aria-describedby={`${logoId}-hint`}
            onChange={(e) => {
              const file = e.target.files?.[0] ?? null;
              if (file && file.size > LOGO_MAX_BYTES)
                form.setError("root.server", { message: messages.logoInvalid });
              else form.clearErrors("root.server");
              setLogo(file && file.size <= LOGO_MAX_BYTES ? file : null);
            }}
          />
          <span id={`${logoId}-hint`} className="hint">
            PNG, JPEG, GIF or WebP, 10 MB at most. Saved with the other changes.
          </span>
        </div>
      </div>
      <Field label="Organization Name" required maxLength={100} {...fieldProps(form, "name")} />
      <TextAreaField label="Description" rows={4} maxLength={1000} {...fieldProps(form, "description")} />
      <div className={profilePage.editGrid}>
        <Field
          label="Website"
          type="url"
          placeholder="https://example.org"
          maxLength={300}
          {...fieldProps(form, "website")}
        />
        <Field
          label="Location"
          maxLength={120}
          placeholder="City, Country"
          {...fieldProps(form, "location")}
        />
        <SelectField
          label="Time Zone (election dates and hours)"
          name="timezone"
          value={form.watch("timezone") ?? ""}
          options={TIME_ZONES}
          onChange={(zone) => form.setValue("timezone", zone)}
        />
      </div>
      <div className={profilePage.editActions}>
        <button type="button" className="btn" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "Saving..." : "Save Changes"}
        </button>
      </div>
    </form>
  );
}
