import { type FormEvent, useEffect, useId, useState } from "react";
import { messages } from "../../../../contract/messages";
import type { OrganizationProfile } from "../../../../contract/organizations";
import { organizationsEndpoints } from "../../../../contract/organizations";
import { call } from "../../api/client";
import { Field, SelectField } from "../../ui/Field";
import { TextAreaField } from "../../ui/TextAreaField";
import { errorText } from "./errors";
import { OrgLogo } from "./OrgLogo";
import { uploadLogo } from "./uploadLogo";

const LOGO_TYPES = "image/png,image/jpeg,image/gif,image/webp";
const LOGO_MAX_BYTES = 10 * 1024 * 1024;

const TIME_ZONES: readonly string[] = [
  "UTC",
  ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC"),
];

/** Edit Profile mode: name, description, website, location and logo; the server checks each field. */
export function ProfileEditForm({
  profile,
  onSaved,
  onCancel,
}: {
  profile: OrganizationProfile;
  onSaved(profile: OrganizationProfile): void;
  onCancel(): void;
}) {
  const [form, setForm] = useState({
    name: profile.name,
    description: profile.description,
    website: profile.website,
    location: profile.location,
    timezone: profile.timezone,
  });
  const [logo, setLogo] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
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

  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.name.trim()) {
      setError(messages.organizationNameRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      let saved = await call(organizationsEndpoints.update, { params: { id: profile.id }, body: form });
      if (logo) {
        try {
          saved = await uploadLogo(profile.id, logo);
        } catch (failure) {
          // The text fields are saved; stay here so the logo can be fixed.
          onSaved(saved);
          setError(errorText(failure));
          setBusy(false);
          return;
        }
      }
      onSaved(saved);
      onCancel();
    } catch (failure) {
      setError(errorText(failure));
      setBusy(false);
    }
  }

  return (
    <form className="card op-edit" onSubmit={submit} noValidate aria-labelledby="op-edit-title">
      <h2 id="op-edit-title">Edit Profile</h2>
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      <div className="op-edit-logo">
        {preview ? (
          <img className="org-logo" src={preview} alt="New logo preview" width={72} height={72} />
        ) : (
          <OrgLogo name={form.name || profile.name} url={profile.logo_url} size={72} />
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
              setError(file && file.size > LOGO_MAX_BYTES ? messages.logoInvalid : null);
              setLogo(file && file.size <= LOGO_MAX_BYTES ? file : null);
            }}
          />
          <span id={`${logoId}-hint`} className="hint">
            PNG, JPEG, GIF or WebP, 10 MB at most. Saved with the other changes.
          </span>
        </div>
      </div>
      <Field
        label="Organization Name"
        name="name"
        required
        maxLength={100}
        value={form.name}
        onChange={(e) => set("name")(e.target.value)}
      />
      <TextAreaField
        label="Description"
        name="description"
        rows={4}
        maxLength={1000}
        value={form.description}
        onChange={(e) => set("description")(e.target.value)}
      />
      <div className="op-edit-grid">
        <Field
          label="Website"
          name="website"
          type="url"
          placeholder="https://example.org"
          maxLength={300}
          value={form.website}
          onChange={(e) => set("website")(e.target.value)}
        />
        <Field
          label="Location"
          name="location"
          maxLength={120}
          placeholder="City, Country"
          value={form.location}
          onChange={(e) => set("location")(e.target.value)}
        />
        <SelectField
          label="Time Zone (election dates and hours)"
          name="timezone"
          value={form.timezone}
          options={TIME_ZONES}
          onChange={set("timezone")}
        />
      </div>
      <div className="op-edit-actions">
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
