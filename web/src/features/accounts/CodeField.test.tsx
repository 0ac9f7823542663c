import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { totpCodeInput } from "../../../../contract/accounts-input";
import { messages } from "../../../../contract/messages";
import { fieldProps, submitting, useContractForm } from "../../ui/form/useContractForm";
import { CodeField } from "./CodeField";

const codeInput = totpCodeInput.pick({ code: true });

function CodeForm({ send }: { send(values: { code: string }): void }) {
  const form = useContractForm(codeInput, { defaultValues: { code: "" } });
  return (
    <form onSubmit={submitting(form, send)} noValidate>
      <CodeField {...fieldProps(form, "code")} />
      <button type="submit">Turn On</button>
    </form>
  );
}

describe("CodeField", () => {
  it("keeps only six digits, and refuses a short code in the contract's words", async () => {
    const user = userEvent.setup();
    const send = vi.fn();
    render(<CodeForm send={send} />);
    const code = screen.getByLabelText("Authentication Code");
    await user.type(code, "12a3-4");
    expect(code).toHaveValue("1234");
    await user.click(screen.getByRole("button", { name: "Turn On" }));
    expect(send).not.toHaveBeenCalled();
    expect(code).toHaveAccessibleDescription(messages.totpCodeInvalid);
    await user.type(code, "56789");
    expect(code).toHaveValue("123456");
    await user.click(screen.getByRole("button", { name: "Turn On" }));
    expect(send).toHaveBeenCalledWith({ code: "123456" });
  });

  it("reads digits typed in full width or in Arabic-Indic as the code, not as nothing", async () => {
    const user = userEvent.setup();
    render(<CodeForm send={vi.fn()} />);
    const code = screen.getByLabelText("Authentication Code");
    await user.type(code, "１２３٤٥٦");
    expect(code).toHaveValue("123456");
  });
});
