import "server-only";
import { APIError } from "better-auth/api";
import { callerAddress } from "@/lib/api/caller";
import { BadRequestError, ConflictError, HttpError, NotFoundError, UnauthorizedError, ValidationError } from "@/lib/api/errors";
import { env } from "@/lib/env";
import { checkUniqueAddress } from "./addresses";
import { getAuth } from "./auth";
import { deviceCookie, deviceFor } from "./device";
import { toUserDto, type UserDto } from "./dto";
import { refuseDisabledSignIn } from "./disabled";
import { findUserByEmail, findUserById, updateUniqueLocal, updateUser } from "./repo";
import type { AuthEndpointInput, GoogleInput, LoginInput, RegisterInput, UniqueEmailInput, UpdateMeInput } from "./schemas";
import { forgetSessions, type SessionUser } from "./session";
import { admitPasswordGuess, forgive, throttle } from "./throttle";

/** A signed-in user and the Set-Cookie headers that start (or end) their session. */
export type SessionResult = { user: UserDto; headers: Headers };

async function userDto(userId: number | string): Promise<UserDto> {
  const row = await findUserById(Number(userId));
  if (!row) throw new NotFoundError("User not found");
  return toUserDto(row);
}

/** Better Auth's failures, in the words and statuses of docs/contract.md. */
function translate(error: unknown, map: Partial<Record<number, HttpError>>): never {
  if (error instanceof APIError) {
    const mapped = map[error.statusCode];
    if (mapped) throw mapped;
    if (error.statusCode < 500) throw new BadRequestError(error.body?.message ?? "Request refused");
  }
  throw error;
}

export async function register(input: RegisterInput, headers: Headers): Promise<SessionResult> {
  await throttle("registerEmail", input.email);
  await throttle("registerClient", callerAddress(headers));
  if (await findUserByEmail(input.email)) throw new ConflictError("Email already registered");
  try {
    const result = await getAuth().api.signUpEmail({ body: input, headers, returnHeaders: true });
    result.headers.append("set-cookie", deviceCookie(headers, input.email));
    return { user: await userDto(result.response.user.id), headers: result.headers };
  } catch (error) {
    translate(error, {
      422: new ConflictError("Email already registered"),
      400: ValidationError.of("email", "Please enter a valid email address."),
    });
  }
}

export async function login(input: LoginInput, headers: Headers): Promise<SessionResult> {
  const guess = await admitPasswordGuess(input.email, callerAddress(headers), deviceFor(headers, input.email));
  let result;
  try {
    result = await getAuth().api.signInEmail({ body: input, headers, returnHeaders: true });
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) await guess.failed();
    const invalid = new UnauthorizedError("Invalid email or password");
    translate(error, { 401: invalid, 400: invalid, 403: invalid });
  }
  await guess.succeeded();
  await refuseDisabledSignIn(Number(result.response.user.id), result.response.token);
  result.headers.append("set-cookie", deviceCookie(headers, input.email));
  return { user: await userDto(result.response.user.id), headers: result.headers };
}

export async function signInWithGoogle(input: GoogleInput, headers: Headers): Promise<SessionResult> {
  const client = callerAddress(headers);
  await throttle("google", client);
  try {
    const result = await getAuth().api.signInSocial({
      body: { provider: "google", idToken: { token: input.token } },
      headers,
      returnHeaders: true,
    });
    const response = result.response;
    if (!("user" in response) || !response.user) throw new BadRequestError("Invalid Google token");
    await forgive("google", client);
    await refuseDisabledSignIn(Number(response.user.id), "token" in response ? response.token : null);
    return { user: await userDto(response.user.id), headers: result.headers };
  } catch (error) {
    // Better Auth will not join a Google sign-in to an account whose e-mail nobody has verified:
    // whoever registered it first may not own the address.
    if (error instanceof APIError && error.body?.code === "OAUTH_LINK_ERROR") {
      throw new ConflictError("An account with this e-mail already exists. Log in with your password.");
    }
    const invalid = new BadRequestError("Invalid Google token");
    translate(error, { 400: invalid, 401: invalid, 403: invalid, 404: invalid });
  }
}

/** Ends the session on the server, so a replayed cookie is refused afterwards. */
export async function logout(user: SessionUser, headers: Headers): Promise<Headers> {
  const result = await getAuth().api.signOut({ headers, returnHeaders: true });
  forgetSessions(user.id);
  return result.headers;
}

export function describeUser(user: SessionUser): UserDto {
  return toUserDto(user);
}

export async function updateMe(user: SessionUser, input: UpdateMeInput): Promise<UserDto> {
  const row = await updateUser(user.id, { name: input.name, onboarded: input.model_metadata_field?.onboarded });
  forgetSessions(user.id);
  if (!row) throw new NotFoundError("User not found");
  return toUserDto(row);
}

export async function changeUniqueEmail(user: SessionUser, input: UniqueEmailInput): Promise<UserDto> {
  const check = checkUniqueAddress(input.unique_email, env.MAIL_DOMAIN);
  if (!check.ok) throw ValidationError.of("unique_email", check.message);
  if (check.localPart === user.uniqueLocal) return toUserDto(user);
  await throttle("uniqueEmail", String(user.id));
  if (!(await updateUniqueLocal(user.id, check.localPart))) throw new ConflictError("This address is already taken.");
  forgetSessions(user.id);
  return userDto(user.id);
}

// Only the session endpoints: Better Auth's others (update-user, change-email, delete-user...) would
// bypass the contract's validation and throttles, and fail with 500 on input it does not check.
const SESSION_ENDPOINTS = new Set(["/get-session", "/list-sessions", "/revoke-session", "/revoke-sessions", "/revoke-other-sessions"]);

/** Better Auth's own session endpoints, given the JSON body the route wrapper already parsed and checked. */
export async function handleAuthRequest(request: Request, body: AuthEndpointInput): Promise<Response> {
  const endpoint = new URL(request.url).pathname.replace(/^\/api\/better-auth/, "");
  if (!SESSION_ENDPOINTS.has(endpoint)) throw new NotFoundError();
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  const write = request.method !== "GET" && request.method !== "HEAD";
  if (write) headers.set("content-type", "application/json");
  const response = await getAuth().handler(
    new Request(request.url, { method: request.method, headers, body: write ? JSON.stringify(body) : undefined }),
  );
  // A revocation names sessions by token, of whichever user: this process forgets every session it kept.
  if (write) forgetSessions();
  if (response.ok) return response;
  throw new HttpError(response.status, await failureDetail(response));
}

/** Better Auth answers `{message, code}`; the contract's errors carry `detail`. */
async function failureDetail(response: Response): Promise<string> {
  if (response.status >= 500) return "Internal server error";
  const body: unknown = await response.json().catch(() => null);
  const message = typeof body === "object" && body !== null && "message" in body ? body.message : null;
  return typeof message === "string" && message ? message : "Request refused";
}
