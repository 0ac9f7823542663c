import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError, NetworkError } from "../../api/http";
import { Field } from "../Field";
import { TextAreaField } from "../TextAreaField";
import { FormError } from "./FormError";
import { fieldProps, formError, submitting, useContractForm } from "./useContractForm";

const schema = z.strictObject({
  username: z.string().trim().min(1, { error: "Username is required" }),
  bio: z.string().max(5, { error: "Bio is at most 5 characters" }),
});

function Profile({ send }: { send(values: z.output<typeof schema>): unknown }) {
  const form = useContractForm(schema, { defaultValues: { username: "", bio: "" } });
  const failed = formError(form);
  return (
    <form onSubmit={submitting(form, send)} noValidate>
      {failed && <div role="alert">{failed}</div>}
      <Field label="Username" hint="Letters and digits" {...fieldProps(form, "username")} />
      <TextAreaField label="Bio" {...fieldProps(form, "bio")} />
      <button type="submit" disabled={form.formState.isSubmitting}>
        Save
      </button>
    </form>
  );
}

describe("a form on a contract schema", () => {
  it("refuses in the schema's words under the field, described by it, and sends nothing", async () => {
    const user = userEvent.setup();
    const send = vi.fn();
    render(<Profile send={send} />);
    const username = screen.getByLabelText("Username");
    expect(username).not.toHaveAttribute("aria-invalid");
    expect(username).toHaveAccessibleDescription("Letters and digits");
    await user.type(screen.getByLabelText("Bio"), "far too long");
    await user.click(screen.getByRole("button", { name: "Save" }));
    // The schema is checked asynchronously: waited for, as a loaded machine may take a while.
    await waitFor(() => expect(username).toHaveAttribute("aria-invalid", "true"));
    expect(send).not.toHaveBeenCalled();
    expect(username).toHaveAccessibleDescription("Username is required");
    expect(screen.getByLabelText("Bio")).toHaveAccessibleDescription("Bio is at most 5 characters");
    // Checked again as it changes: fixed, the field's own hint comes back.
    await user.type(username, "ada");
    await waitFor(() => expect(username).not.toHaveAttribute("aria-invalid"));
    expect(username).toHaveAccessibleDescription("Letters and digits");
  });

  it("hands over the parsed values", async () => {
    const user = userEvent.setup();
    const send = vi.fn();
    render(<Profile send={send} />);
    await user.type(screen.getByLabelText("Username"), "  ada ");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(send).toHaveBeenCalledWith({ username: "ada", bio: "" });
  });

  it("puts the server's refusal on the field it names, until the field changes", async () => {
    const user = userEvent.setup();
    const send = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(409, "conflict", "That username is taken", "username"));
    render(<Profile send={send} />);
    const username = screen.getByLabelText("Username");
    await user.type(username, "ada");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(username).toHaveAttribute("aria-invalid", "true");
    expect(username).toHaveAccessibleDescription("That username is taken");
    expect(username).toHaveFocus();
    // Announced as it appears, under the field only.
    expect(screen.getByRole("alert")).toHaveTextContent("That username is taken");
    await user.type(username, "2");
    expect(username).toHaveAccessibleDescription("Letters and digits");
  });

  it("shows a refusal about no field of the form, and any other failure, as the form's error", async () => {
    const user = userEvent.setup();
    const send = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(400, "bad_request", "No such thing", "id"))
      .mockRejectedValueOnce(new NetworkError("Could not reach the Votespace server."))
      .mockResolvedValueOnce(undefined);
    render(<Profile send={send} />);
    await user.type(screen.getByLabelText("Username"), "ada");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByRole("alert")).toHaveTextContent("No such thing");
    expect(screen.getByLabelText("Username")).not.toHaveAttribute("aria-invalid");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Could not reach the Votespace server.");
    // A new submission clears it.
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(send).toHaveBeenCalledTimes(3);
  });
});

const signIn = z.strictObject({
  email: z.string().trim().min(1, { error: "Email and password are required" }),
  password: z.string().min(1, { error: "Email and password are required" }),
});

function SignIn() {
  const form = useContractForm(signIn, { defaultValues: { email: "", password: "" } });
  return (
    <form onSubmit={submitting(form, () => undefined)} noValidate>
      <FormError form={form} fields={["email", "password"]} />
      <Field label="Email" {...form.register("email")} />
      <Field label="Password" {...form.register("password")} />
      <button type="submit">Sign In</button>
    </form>
  );
}

describe("FormError", () => {
  it("says the errors of the fields it is given once, above the form", async () => {
    const user = userEvent.setup();
    render(<SignIn />);
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(screen.getByRole("alert")).toHaveTextContent("Email and password are required");
    await user.type(screen.getByLabelText("Email"), "a@b.c");
    await user.type(screen.getByLabelText("Password"), "x");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
