import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { messages } from "../../../../contract/messages";
import type { OrganizationProfile } from "../../../../contract/organizations";
import { call } from "../../api/client";
import { ApiError } from "../../api/http";
import { createQueryClient } from "../../api/query";
import { ProfileEditForm } from "./ProfileEditForm";
import { uploadLogo } from "./uploadLogo";

vi.mock("../../api/client", () => ({ call: vi.fn() }));
vi.mock("./uploadLogo", () => ({ uploadLogo: vi.fn() }));

beforeAll(() => {
  URL.createObjectURL = () => "blob:logo";
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => {
  vi.mocked(call).mockReset();
  vi.mocked(uploadLogo).mockReset();
});

const profile = {
  id: "org-1",
  name: "Riverside Housing Co-op",
  description: "",
  website: "",
  location: "Nairobi, Kenya",
  logo_url: "",
  timezone: "UTC",
} as OrganizationProfile;

function renderForm() {
  const callbacks = { onApplied: vi.fn(), onSaved: vi.fn(), onCancel: vi.fn() };
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ProfileEditForm profile={profile} {...callbacks} />
    </QueryClientProvider>,
  );
  return callbacks;
}

async function renameWithLogo() {
  const user = userEvent.setup();
  const name = screen.getByLabelText(/Organization Name/);
  await user.clear(name);
  await user.type(name, "Riverside Co-op Renamed");
  await user.upload(screen.getByLabelText("Logo"), new File(["<svg/>"], "logo.png", { type: "image/png" }));
  await user.click(screen.getByRole("button", { name: "Save Changes" }));
}

describe("Edit Profile: all of the change or none of it", () => {
  it("a refused logo saves nothing: the name is not sent, and the form stays open with the refusal", async () => {
    vi.mocked(uploadLogo).mockRejectedValue(new Error(messages.logoInvalid));
    const done = renderForm();
    await renameWithLogo();
    await screen.findByText(messages.logoInvalid);
    expect(uploadLogo).toHaveBeenCalledTimes(1);
    expect(call).not.toHaveBeenCalled();
    expect(done.onApplied).not.toHaveBeenCalled();
    expect(done.onSaved).not.toHaveBeenCalled();
    expect(done.onCancel).not.toHaveBeenCalled();
  });

  it("an accepted logo, then the fields: saved and closed", async () => {
    vi.mocked(uploadLogo).mockResolvedValue({ ...profile, logo_url: "/api/uploads/1" });
    vi.mocked(call).mockResolvedValue({
      ...profile,
      name: "Riverside Co-op Renamed",
      logo_url: "/api/uploads/1",
    });
    const done = renderForm();
    await renameWithLogo();
    await vi.waitFor(() => expect(done.onCancel).toHaveBeenCalled());
    expect(vi.mocked(call).mock.calls[0]?.[1]).toMatchObject({ body: { name: "Riverside Co-op Renamed" } });
    expect(done.onSaved).toHaveBeenCalledWith(expect.objectContaining({ name: "Riverside Co-op Renamed" }));
  });

  it("fields refused after the logo was saved: says that the logo alone was saved", async () => {
    vi.mocked(uploadLogo).mockResolvedValue({ ...profile, logo_url: "/api/uploads/1" });
    vi.mocked(call).mockRejectedValue(
      new ApiError(400, "bad_request", messages.timeZoneStartPast, "timezone"),
    );
    const done = renderForm();
    await renameWithLogo();
    await screen.findByText("The new logo is saved; your other changes are not.");
    expect(done.onApplied).toHaveBeenCalledWith(expect.objectContaining({ logo_url: "/api/uploads/1" }));
    expect(done.onCancel).not.toHaveBeenCalled();
  });

  it("a logo the browser names as another type (an SVG) is refused when chosen, and never sent", async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderForm();
    await user.upload(
      screen.getByLabelText("Logo"),
      new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" }),
    );
    await screen.findByText(messages.logoInvalid);
    // The picker shows nothing chosen: Save would not send it.
    expect((screen.getByLabelText("Logo") as HTMLInputElement).files).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(uploadLogo).not.toHaveBeenCalled();
  });
});

describe("Edit Profile in two tabs", () => {
  it("sends only the fields changed here, and takes another tab's change to the others while editing", async () => {
    vi.mocked(call).mockResolvedValue({ ...profile, name: "Riverside Co-op Renamed" });
    const user = userEvent.setup();
    const callbacks = { onApplied: vi.fn(), onSaved: vi.fn(), onCancel: vi.fn() };
    const view = (shown: OrganizationProfile) => (
      <QueryClientProvider client={client}>
        <ProfileEditForm profile={shown} {...callbacks} />
      </QueryClientProvider>
    );
    const client = createQueryClient();
    const { rerender } = render(view(profile));
    const name = screen.getByLabelText(/Organization Name/);
    await user.clear(name);
    await user.type(name, "Riverside Co-op Renamed");
    // Another tab saves a description and a location meanwhile; its event brings the new profile.
    rerender(view({ ...profile, description: "Homes for all", location: "Mombasa, Kenya" }));
    await vi.waitFor(() =>
      expect(screen.getByLabelText("Description")).toHaveProperty("value", "Homes for all"),
    );
    expect(screen.getByLabelText(/Organization Name/)).toHaveProperty("value", "Riverside Co-op Renamed");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await vi.waitFor(() => expect(callbacks.onCancel).toHaveBeenCalled());
    // Only the name: the other tab's description and location are not written back with old values.
    expect(vi.mocked(call).mock.calls[0]?.[1]).toEqual({
      params: { id: "org-1" },
      body: { name: "Riverside Co-op Renamed" },
    });
  });
});
