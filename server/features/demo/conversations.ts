/** The demo's conversations: channel messages with attachments, and direct messages. */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { channels } from "../../db/schema";
import type { Clock } from "../../lib/clock";
import { localBus } from "../../realtime/bus";
import type { FileStorage } from "../../storage/index";
import type { User } from "../accounts/sessions";
import { DEFAULT_CHANNEL_NAME } from "../channels/defaults";
import { readMessagesFrom, sendMessage } from "../chat/service";
import { createPost } from "../posts/service";
import { saveUpload } from "../uploads/store";
import { gradientPng } from "./png";

/** A conversation in the General text channel with an image and a file, through the real message path. */
export async function demoConversation(
  db: Db,
  clock: Clock,
  storage: FileStorage,
  admin: User,
  voters: User[],
  organizationId: string,
) {
  const [general] = await db
    .select()
    .from(channels)
    .where(
      and(
        eq(channels.organizationId, organizationId),
        eq(channels.type, "text"),
        eq(channels.name, DEFAULT_CHANNEL_NAME),
      ),
    );
  const [amara, daniel, lucia] = voters;
  if (!general || !amara || !daniel || !lucia) return;
  const attach = async (user: User, filename: string, contentType: string, bytes: Buffer) =>
    (
      await saveUpload(db, storage, {
        kind: "attachment",
        organizationId,
        channelId: general.id,
        uploaderId: user.id,
        filename,
        contentType,
        bytes,
      })
    ).id;
  const say = (user: User, content: string, attachmentId?: string) =>
    createPost(db, clock, user, general.id, { content, attachment_id: attachmentId });

  await say(
    admin,
    "Welcome to the Riverside Student Union workspace! Debates are in #debate-night, votes in the election channels.",
  );
  await say(amara, "Thanks Grace! Is the senate by-election open already?");
  await say(
    admin,
    "It is, until the day after tomorrow at 18:00. Verify with your National ID and vote in #senate-by-election.",
  );
  const poster = await attach(
    daniel,
    "debate-poster.png",
    "image/png",
    gradientPng(480, 270, [79, 70, 229], [14, 165, 233]),
  );
  await say(daniel, "Here is the poster for Thursday's debate night.", poster);
  const agenda = await attach(
    lucia,
    "town-hall-agenda.txt",
    "text/plain; charset=utf-8",
    Buffer.from(
      "Town hall agenda\n\n1. Welcome\n2. Study hall budget\n3. Senate by-election: how to vote\n4. Questions from members\n",
    ),
  );
  await say(lucia, "And the agenda for the town hall. @Daniel Mensah can you bring the projector?", agenda);
  await say(daniel, "Sure, I'll bring it 👍");
}

/** A few direct messages, some read and one waiting for the admin, so the chat panel has conversations. */
export async function demoDirectMessages(db: Db, clock: Clock, admin: User, voters: User[]) {
  const [amara, daniel, lucia] = voters;
  if (!amara || !daniel || !lucia) return;
  // Made before anyone can connect: told to no one.
  const nobody = localBus();
  await sendMessage(db, nobody, amara, admin.id, "Hi Grace, could I help count ballots on election day?");
  await sendMessage(db, nobody, admin, amara.id, "Yes please! I'll add you to the volunteers list.");
  await readMessagesFrom(db, clock, admin, amara.id);
  await readMessagesFrom(db, clock, amara, admin.id);
  await sendMessage(db, nobody, daniel, lucia.id, "Do you have the slides for the town hall?");
  await sendMessage(db, nobody, lucia, daniel.id, "Sending them tonight, with the budget figures.");
  await sendMessage(db, nobody, daniel, admin.id, "Is the projector booked for Thursday's debate?");
}
