import type { DeliveredCodes, SecuritySettings } from "../../../../contract/channels";
import { channelsEndpoints } from "../../../../contract/channels-endpoints";
import { messages } from "../../../../contract/messages";
import { useEndpointQuery } from "../../api/query";

type VerificationSwitch = keyof Pick<SecuritySettings, "emailVerification" | "phoneVerification">;

const CODES_OF: Record<VerificationSwitch, keyof DeliveredCodes> = {
  emailVerification: "email",
  phoneVerification: "phone",
};
const UNDELIVERED: Record<VerificationSwitch, string> = {
  emailVerification: messages.emailCodesUnavailable,
  phoneVerification: messages.phoneCodesUnavailable,
};

/**
 * Why a verification switch cannot be turned on, where this server cannot send its codes (by e-mail,
 * by text message; config.ts deliveredCodes), else null. A switch that is already on stays a switch,
 * so that it can be turned off; the server refuses the same. Until the server has said, none is held
 * back (its save would be refused in the same words).
 */
export function useUndeliveredCodes(): (key: VerificationSwitch, on: boolean) => string | null {
  const codes = useEndpointQuery(channelsEndpoints.deliveredCodes, undefined, {
    staleTime: Number.POSITIVE_INFINITY,
  }).data;
  return (key, on) => (codes && !codes[CODES_OF[key]] && !on ? UNDELIVERED[key] : null);
}
