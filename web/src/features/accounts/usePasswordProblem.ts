import { useEffect, useState } from "react";
import { loadCommonPasswords } from "../../../../contract/accounts";
import { newPassword } from "../../../../contract/accounts-input";
import { messages } from "../../../../contract/messages";

/**
 * What is wrong with a new password, checked as it is typed with the contract's own rule
 * (`newPassword`, the schema the server parses with): the length rule at once, and "too common"
 * once the list (a lazy chunk, loaded when the form opens) has arrived. Until then the server's
 * answer says it (`serverSaid`: the form's error on the field), under the field too (`hint`).
 */
export function usePasswordProblem(password: string, serverSaid: string | null = null) {
  const [, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    loadCommonPasswords()
      .then(() => live && setLoaded(true))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const checked = newPassword.safeParse(password);
  const problem = checked.success ? serverSaid : (checked.error.issues[0]?.message ?? null);
  return {
    problem,
    /** The hint under the field: the rule, or what breaks it once something is typed. */
    hint: password.length > 0 && problem ? problem : messages.passwordLength,
    invalid: password.length > 0 && problem !== null,
  };
}
