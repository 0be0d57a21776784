import type { Queryable } from "../types";

/** The id of the user with this email (stored lower-case), or null if they never signed in. */
export async function userIdByEmail({ db, email }: { db: Queryable; email: string }): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>("select id from users where email = $1", [email.toLowerCase()]);
  return rows[0]?.id ?? null;
}
