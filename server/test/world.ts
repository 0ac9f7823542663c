import { randomUUID } from "node:crypto";
import { signedInAdmin } from "../features/platform-admin/test-helpers";
import { electionChannel, electionOfChannel } from "./elections";
import { createMember, createOrganization } from "./factories";
import { call } from "./http";
import type { TestApp } from "./support";

/**
 * The six roles of the deny-by-default walk (DESIGN 5.9), each with a cookie (none for the
 * anonymous caller), and one object of each kind in the first organization, so a walk over the
 * live routes can fill a route's parameters with ids that exist.
 */
export async function buildWorld(t: TestApp) {
  const owner = await createOrganization(t.app);
  const member = await createMember(t.app, owner.organizationId, { full_name: "Ama Owusu" });
  const otherOwner = await createOrganization(t.app);
  const otherMember = await createMember(t.app, otherOwner.organizationId);
  const platform = await signedInAdmin(t);
  const as = call(t.app, owner.cookie);

  const made = async (response: Awaited<ReturnType<typeof as.post>>) => {
    if (response.statusCode >= 300) throw new Error(`world setup failed: ${response.body}`);
    return response.json();
  };
  const channel = (await made(await as.post("/api/channels", { name: `text-${suffix()}`, type: "text" })))
    .channel as { id: string };
  const airing = (await made(await as.post("/api/channels", { name: `air-${suffix()}`, type: "airing" })))
    .channel as { id: string };
  const room = (await made(await as.post(`/api/channels/${airing.id}/room`))).session as { id: string };
  const vote = (await made(await as.post("/api/channels", electionChannel(t.clock)))).channel as {
    id: string;
  };
  const election = (await electionOfChannel(t.app, owner.cookie, vote.id)) as { id: string };
  const post = (await made(await as.post(`/api/channels/${channel.id}/posts`, { content: "hello" }))) as {
    id: string;
  };
  const invite = (await made(await as.post(`/api/organizations/${owner.organizationId}/invite-code`))) as {
    invite_code: string;
  };

  /** A route's URL with each parameter replaced by the id of an object of that kind (else a random UUID). */
  const fill = (url: string): string =>
    url.replace(/:(\w+)/g, (_, name: string, offset: number) => {
      const before = url.slice(0, offset);
      if (name === "code") return invite.invite_code;
      if (name === "userId") return member.id;
      if (before.endsWith("/organizations/")) return owner.organizationId;
      if (before.endsWith("/channels/")) {
        if (/\/(room|recordings)$/.test(url)) return airing.id;
        if (url.endsWith("/election")) return vote.id;
        return channel.id;
      }
      if (before.endsWith("/posts/")) return post.id;
      if (before.endsWith("/elections/")) return election.id;
      if (before.endsWith("/rooms/sessions/")) return room.id;
      if (before.endsWith("/chat/conversations/")) return member.id;
      return randomUUID();
    });

  const roles = [
    { name: "anonymous", kind: "anonymous", cookie: undefined },
    { name: "voter", kind: "voter", cookie: member.cookie },
    { name: "voter of another organization", kind: "voter", cookie: otherMember.cookie },
    { name: "admin", kind: "organization", cookie: owner.cookie },
    { name: "admin of another organization", kind: "organization", cookie: otherOwner.cookie },
    { name: "platform admin", kind: "admin", cookie: platform.cookie },
  ] as const;

  return { owner, member, otherOwner, otherMember, platform, roles, fill, channel, post, election, room };
}

const suffix = () => randomUUID().slice(0, 6);
