import type { OrganizationProfile } from "../../../../contract/organizations";

/**
 * Multipart upload of a PNG, JPEG, GIF or WebP logo (10 MB at most). Not a declared endpoint: the
 * route takes a file stream (server/features/uploads/routes.ts), which the JSON client does not send.
 */
export async function uploadLogo(id: string, file: File): Promise<OrganizationProfile> {
  const form = new FormData();
  form.append("file", file);
  const response = await fetch(`/api/organizations/${id}/logo`, {
    method: "POST",
    body: form,
    credentials: "same-origin",
  });
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new Error(data?.error?.message ?? `Upload failed (${response.status})`);
  return data as OrganizationProfile;
}
