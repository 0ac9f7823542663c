import fastifyMultipart from "@fastify/multipart";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { electionsEndpoints } from "../../../contract/elections-endpoints";
import { messages } from "../../../contract/messages";
import type { AppContext } from "../../context";
import { uploads } from "../../db/schema";
import { currentUser } from "../../http/access";
import { route } from "../../http/endpoint";
import { notFound } from "../../http/errors";
import { idParam } from "../../http/params";
import { announceProfile } from "../organizations/events";
import { roleIn } from "../organizations/policy";
import { storeAttachment } from "../posts/attachments";
import { storeCandidatePhoto } from "./candidate-photo";
import { setOrganizationLogo } from "./logo";
import { IMAGE_TYPES } from "./sniff";
import { MAX_UPLOAD_BYTES } from "./store";
import { UploadInterrupted } from "./stream";

/** Uploads in, files out: multipart parsing lives only in this scope. */
export async function uploadRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });
    scope.addHook("onError", async (request, _reply, error) => {
      if (error instanceof UploadInterrupted) request.log.debug("upload aborted by the client");
    });

    scope.post("/api/channels/:id/attachments", { config: { access: "user" } }, async (request, reply) => {
      const file = request.isMultipart() ? await request.file() : undefined;
      const attachment = await storeAttachment(ctx, currentUser(request), idParam(request.params), file);
      return reply.code(201).send(attachment);
    });

    scope.post("/api/organizations/:id/logo", { config: { access: "organization" } }, async (request) => {
      const id = idParam(request.params);
      const file = request.isMultipart() ? await request.file() : undefined;
      const profile = await setOrganizationLogo(ctx, currentUser(request), id, file);
      await announceProfile(ctx.bus, profile);
      return profile;
    });

    route(scope, electionsEndpoints.uploadCandidatePhoto, async ({ params, request }) => {
      const file = request.isMultipart() ? await request.file() : undefined;
      return storeCandidatePhoto(ctx, currentUser(request), params.id, file);
    });
  });

  /**
   * Logos are public; other files only for members of their organization. Streamed from storage with
   * the type recorded at upload: images inline, the rest as downloads.
   */
  app.get("/api/uploads/:id", { config: { access: "public" } }, async (request, reply) => {
    const [upload] = await ctx.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, idParam(request.params)));
    if (!upload) throw notFound();
    if (upload.kind !== "logo") {
      const user = request.auth?.user;
      const allowed = user && upload.organizationId && (await roleIn(ctx.db, user.id, upload.organizationId));
      if (!allowed) throw notFound(messages.notFound);
    }
    // A row whose file is gone (removed by hand, another bucket) is a 404, not a broken stream.
    const body = await ctx.storage.read(upload.id);
    if (!body) throw notFound(messages.notFound);
    const inline = IMAGE_TYPES.has(upload.contentType as never);
    const filename = encodeURIComponent(upload.filename);
    // A member's file must not outlive their session in a shared browser's cache; logos are public.
    const caching = upload.kind === "logo" ? "private, max-age=86400" : "private, no-store";
    return reply
      .header("content-type", upload.contentType)
      .header("content-length", upload.size)
      .header("content-disposition", `${inline ? "inline" : "attachment"}; filename*=UTF-8''${filename}`)
      .header("cache-control", caching)
      .send(body);
  });
}
