import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../server/db/connect";
import { organizationMemberships, sessions, users } from "../server/db/schema";
import { newToken, sha256 } from "../server/lib/crypto";

/** An organization registered through the API (argon2 once) and its administrator signed in. */
export async function registeredAdmin(
  app: FastifyInstance,
  label: string,
): Promise<{ stamp: number; userId: string; organizationId: string; adminCookie: string }> {
  const stamp = Date.now();
  const email = `${label}-${stamp}@bench.votespace.local`;
  const registered = await app.inject({
    method: "POST",
    url: "/api/accounts/organizations",
    payload: {
      full_name: "Bench Admin",
      email,
      password: "vs-secret12",
      organization: `${label} ${stamp}`,
      country: "Ghana",
    },
  });
  if (registered.statusCode !== 201) throw new Error(`registration failed: ${registered.body}`);
  const signIn = await app.inject({
    method: "POST",
    url: "/api/session",
    payload: { email, password: "vs-secret12" },
  });
  const adminCookie = `votespace_session=${signIn.cookies.find((c) => c.name === "votespace_session")?.value}`;
  const organizationId = signIn.json().profile.organization_id as string;
  return { stamp, userId: registered.json().user_id, organizationId, adminCookie };
}

/**
 * An organization registered through the API, with `count` voters signed in: users, memberships
 * and sessions written directly (argon2 once, for the administrator). Each member comes with the
 * cookie of their session.
 */
export async function signedInOrganization(
  app: FastifyInstance,
  database: Database,
  count: number,
  label: string,
): Promise<{ organizationId: string; adminCookie: string; members: Array<{ id: string; cookie: string }> }> {
  const { stamp, userId, organizationId, adminCookie } = await registeredAdmin(app, label);
  const { db } = database;
  const [admin] = await db.select().from(users).where(eq(users.id, userId));
  if (!admin) throw new Error("no administrator");
  const created = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `${label}-${stamp}-${i}@bench.votespace.local`,
        passwordHash: admin.passwordHash,
        fullName: `Member ${i}`,
        userType: "voter" as const,
        organizationId,
      })),
    )
    .returning({ id: users.id });
  await db
    .insert(organizationMemberships)
    .values(created.map(({ id }) => ({ organizationId, userId: id, role: "member" as const })));
  const expiresAt = new Date(Date.now() + 24 * 3_600_000);
  const signedIn = created.map(({ id }) => ({ id, token: newToken() }));
  await db
    .insert(sessions)
    .values(
      signedIn.map(({ id, token }) => ({ id: sha256(token), userId: id, lastSeenAt: new Date(), expiresAt })),
    );
  return {
    organizationId,
    adminCookie,
    members: signedIn.map(({ id, token }) => ({ id, cookie: `votespace_session=${token}` })),
  };
}
