/**
 * Authentication and deal access, in one place. Local single-user mode (no SUPABASE_URL): one
 * fixed local user who owns every deal. Supabase mode: the user comes from a Supabase access token
 * (Bearer header or the Supabase auth cookie) checked with Supabase, and deal_members decides.
 */
export { authMode, authCookieName, supabasePublicConfig } from "./mode";
export { getCurrentUser, verifySupabaseToken, ensureUserRow, clearAuthCache, hasSessionCookie } from "./session";
export { requireDealRole, dealRoleOf, accessibleDealIds, setDealMember, createDealAsOwner, listDealMembers, removeDealMember, type DealMember } from "./access";
export { accessTokenOf, type AuthInput } from "./token";
export { LOCAL_USER, ROLE_RANK, roleAtLeast, roleForMethod, type AuthUser, type AuthMode, type DealRole } from "./types";
export { getRequestUser, requireDealAccess, toRequestUser, type RequestUser } from "./request";
