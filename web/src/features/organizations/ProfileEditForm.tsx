import { useEffect, useId, useMemo, useRef, useState } from "react";
import { messages } from "../../../../contract/messages";
import type { OrganizationProfile } from "../../../../contract/organizations";
import { updateOrganizationInput } from "../../../../contract/organizations";
import { organizationsEndpoints } from "../../../../contract/organizations-endpoints";
import { useEndpointMutation } from "../../api/query";
import { cx } from "../../ui/cx";
import { Field, SelectField } from "../../ui/Field";
import { FormError } from "../../ui/form/FormError";
import { fieldProps, submitting, useContractForm } from "../../ui/form/useContractForm";
import { changedFields, useFollowSaved } from "../../ui/form/useFollowSaved";
import { Status } from "../../ui/Status";
import { TextAreaField } from "../../ui/TextAreaField";
import { OrgLogo, OrgLogoPreview } from "./OrgLogo";
import profilePage from "./ProfilePage.module.css";
import { uploadLogo } from "./uploadLogo";

const LOGO_TYPES = "image/png,image/jpeg,image/gif,image/webp";
const LOGO_MAX_BYTES = 10 * 1024 * 1024;
/** A type the browser gave the file ("" when it cannot tell: then the server judges alone). */
const acceptedType = (type: string) => type === "" || LOGO_TYPES.split(",").includes(type);

const TIME_ZONES: readonly string[] = [
  "UTC",
  ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC"),
];

/** The profile's fields as the form edits them. */
const fieldsOf = (profile: OrganizationProfile) => ({
  name: profile.name,
  description: profile.description,
  website: profile.website,
  location: profile.location,
  timezone: profile.timezone,
});

/**
 * Edit Profile mode: name, description, website, location and logo; the server checks each field.
 *
 * The fields are independent, so a save sends only those changed here (`PATCH` writes only the
 * fields named): another tab's or administrator's change to the others is never written back with
 * the values this form opened with. While the form is open, such a change shows in the fields not
 * edited here; those edited keep their values.
 */
export function ProfileEditForm({
  profile,
  onApplied,
  onSaved,
  onCancel,
}: {
  profile: OrganizationProfile;
  /** Part of the change is saved (the logo, before the other fields are sent). */
  onApplied(profile: OrganizationProfile): void;
  /** Everything asked for is saved. */
  onSaved(profile: OrganizationProfile): void;
  onCancel(): void;
}) {
  const key = JSON.stringify(fieldsOf(profile));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the saved fields change when their content does
  const saved = useMemo(() => fieldsOf(profile), [key]);
  const form = useContractForm(updateOrganizationInput, { defaultValues: saved });
  useFollowSaved(form, saved);
  const update = useEndpointMutation(organizationsEndpoints.update);
  const [logo, setLogo] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  /** The new logo is saved and the other fields were then refused: said, so that Cancel misleads nobody. */
  const [logoSaved, setLogoSaved] = useState(false);
  const busy = form.formState.isSubmitting;
  const logoId = useId();
  // A refused logo leaves the picker empty, so that nothing shows as chosen that Save would not send.
  const logoInput = useRef<HTMLInputElement>(null);
  const refuseLogo = () => {
    setLogo(null);
    if (logoInput.current) logoInput.current.value = "";
    form.setError("root.server", { message: messages.logoInvalid });
  };

  useEffect(() => {
    if (!logo) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(logo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [logo]);

  // The logo first: only the server can judge it (by its first bytes), and a refused logo must leave
  // everything as it was. The other fields were checked here by the server's own schema, so they are
  // refused after a saved logo only by what the browser cannot know (a time zone that would move an
  // election's start into the past); the form then says that the logo alone was saved.
  const submit = submitting(form, async (body) => {
    setLogoSaved(false);
    if (logo) {
      onApplied(await uploadLogo(profile.id, logo));
      setLogo(null);
      setLogoSaved(true);
    }
    onSaved(await update.mutateAsync({ params: { id: profile.id }, body: changedFields(body, saved) }));
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
      {logoSaved && !busy && (
        <Status className="alert alert-success">The new logo is saved; your other changes are not.</Status>
      )}
      <div className={profilePage.editLogo}>
        {preview ? (
          <OrgLogoPreview
            className={profilePage.editLogoImage}
            src={preview}
            alt="New logo preview"
            size={72}
            // Not an image after all (a document renamed .png): said at once, and not sent.
            onError={refuseLogo}
          />
        ) : (
          <OrgLogo name={form.watch("name") || profile.name} url={profile.logo_url} size={72} />
        )}
        <div className="field">
          <label htmlFor={logoId}>Logo</label>
          <input
            id={logoId}
            ref={logoInput}
            type="file"
            accept={LOGO_TYPES}
            aria-describedby={`${logoId}-hint`}
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              // Refused at once when the browser already knows (too large, or named another type, as an
              // SVG is); the server still reads the first bytes of what is sent.
              const refused = chosen && (chosen.size > LOGO_MAX_BYTES || !acceptedType(chosen.type));
              if (refused) return refuseLogo();
              form.clearErrors("root.server");
              setLogo(chosen);
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
