import { useEffect, useState } from "react";
import { loadCommonPasswords, passwordProblem } from "../../../../contract/accounts";
import { messages } from "../../../../contract/messages";

/**
 * What is wrong with a new password, as the server would say it: the length rule at once, and
 * "too common" once the list (a lazy chunk, loaded when the form opens) has arrived. Until then
 * the server's answer says it, and the form shows that answer under the field too (`hint`).
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
  const problem = passwordProblem(password) ?? serverSaid;
  return {
    problem,
    /** The hint under the field: the rule, or what breaks it once something is typed. */
    hint: password.length > 0 && problem ? problem : messages.passwordLength,
    invalid: password.length > 0 && problem !== null,
  };
}

/** Server answers that are about the new password, and so belong under its field. */
export function isPasswordMessage(message: string): boolean {
  return message === messages.passwordLength || message === messages.passwordCommon;
}
