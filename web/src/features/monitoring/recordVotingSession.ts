import { votingSessionEndpoints } from "../../../../contract/voting-sessions";
import { call } from "../../api/client";
import { currentLocation, deviceHash, deviceInfo } from "./deviceSignals";

/**
 * Tells the server a voter opened this election (security monitoring): first with what the
 * browser knows at once, then again with the location if the voter allows it (the server keeps
 * one session per voter, election and device, so the second call fills the first in). Nothing
 * here waits on or blocks voting; a failure is only logged.
 */
export async function recordVotingSession(electionId: string): Promise<void> {
  try {
    const body = { device_hash: await deviceHash(), device_info: deviceInfo() };
    await call(votingSessionEndpoints.record, {
      params: { id: electionId },
      body: { ...body, location: null },
    });
    const location = await currentLocation();
    if (location)
      await call(votingSessionEndpoints.record, { params: { id: electionId }, body: { ...body, location } });
  } catch (failure) {
    console.warn("Could not record the voting session", failure);
  }
}
