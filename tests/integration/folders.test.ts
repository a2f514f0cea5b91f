import { describe, expect, it } from "vitest";
import { DELETE as removeFolderEmail } from "@/app/api/users/me/folders/[folderId]/emails/[emailId]/route";
import { POST as addFolderEmail } from "@/app/api/users/me/folders/[folderId]/emails/route";
import { DELETE as deleteFolder } from "@/app/api/users/me/folders/[folderId]/route";
import { GET as listFolders, POST as createFolder } from "@/app/api/users/me/folders/route";
import { GET as getEmail } from "@/app/api/issues/[emailId]/route";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { seedEmail } from "../support/seed";

useDatabase();

const create = (user: TestUser, body: unknown) =>
  call(createFolder, "/api/users/me/folders", { method: "POST", cookie: user.cookie, body });
const list = (user: TestUser) => call(listFolders, "/api/users/me/folders", { cookie: user.cookie });
const add = (user: TestUser, folderId: number, emailId: unknown) =>
  call(addFolderEmail, `/api/users/me/folders/${folderId}/emails`, {
    method: "POST",
    cookie: user.cookie,
    params: { folderId: String(folderId) },
    body: { email_id: emailId },
  });
const remove = (user: TestUser, folderId: number, emailId: number) =>
  call(removeFolderEmail, `/api/users/me/folders/${folderId}/emails/${emailId}`, {
    method: "DELETE",
    cookie: user.cookie,
    params: { folderId: String(folderId), emailId: String(emailId) },
  });
const drop = (user: TestUser, folderId: number) =>
  call(deleteFolder, `/api/users/me/folders/${folderId}`, {
    method: "DELETE",
    cookie: user.cookie,
    params: { folderId: String(folderId) },
  });

describe("folders", () => {
  it("POST /api/users/me/folders creates a folder, trimmed", async () => {
    const user = await registerUser();
    const result = await create(user, { name: "  Reading list " });
    expect(result).toMatchObject({ status: 201, body: { id: expect.any(Number), name: "Reading list", emails: [], email_count: 0 } });
    expect((await list(user)).body).toEqual({ items: [result.body] });
  });

  it("POST /api/users/me/folders refuses a blank name with the spec's words, and a duplicate with 409", async () => {
    const user = await registerUser();
    expect(await create(user, { name: "   " })).toMatchObject({ status: 422, body: { detail: "Folder name cannot be empty." } });
    expect((await create(user, { name: "Later" })).status).toBe(201);
    expect(await create(user, { name: "Later" })).toMatchObject({
      status: 409,
      body: { detail: "A folder with this name already exists." },
    });
  });

  it("POST /api/users/me/folders refuses a name that differs from one of the reader's folders only in case, not another reader's", async () => {
    const user = await registerUser();
    const other = await registerUser();
    expect((await create(user, { name: "Weekend Reads" })).status).toBe(201);
    for (const name of ["weekend reads", "WEEKEND READS", " Weekend reads "]) {
      expect(await create(user, { name })).toMatchObject({ status: 409, body: { detail: "A folder with this name already exists." } });
    }
    expect((await list(user)).body).toMatchObject({ items: [{ name: "Weekend Reads" }] });
    expect(await create(other, { name: "weekend reads" })).toMatchObject({ status: 201, body: { name: "weekend reads" } });
  });

  it("POST /api/users/me/folders refuses a name with a NUL character with 422, creating nothing", async () => {
    const user = await registerUser();
    expect(await create(user, { name: "Read\u0000later" })).toMatchObject({
      status: 422,
      body: { detail: "name cannot contain NUL characters or broken Unicode." },
    });
    expect((await list(user)).body).toEqual({ items: [] });
  });

  it("POST .../emails files an email, twice without error; DELETE takes it out", async () => {
    const user = await registerUser();
    const { id: emailId } = await seedEmail(user.id);
    const folder = (await create(user, { name: "Keep" })).body as { id: number };
    expect(await add(user, folder.id, emailId)).toMatchObject({
      status: 200,
      body: { id: folder.id, name: "Keep", emails: [emailId], email_count: 1 },
    });
    expect(await add(user, folder.id, emailId)).toMatchObject({ status: 200, body: { emails: [emailId], email_count: 1 } });
    expect(
      (await call(getEmail, `/api/issues/${emailId}`, { cookie: user.cookie, params: { emailId: String(emailId) } })).body,
    ).toMatchObject({ folder_ids: [folder.id] });
    expect((await remove(user, folder.id, emailId)).status).toBe(204);
    expect((await list(user)).body).toEqual({ items: [{ id: folder.id, name: "Keep", emails: [], email_count: 0 }] });
  });

  it("POST .../emails refuses a missing email_id with 422 and an unknown one with 404", async () => {
    const user = await registerUser();
    const folder = (await create(user, { name: "Box" })).body as { id: number };
    expect((await add(user, folder.id, undefined)).status).toBe(422);
    expect((await add(user, folder.id, 999_999_999)).status).toBe(404);
  });

  it("answers 404 to a folder or email id written any other way than plain digits, touching nothing", async () => {
    const user = await registerUser();
    const { id: emailId } = await seedEmail(user.id);
    const folder = (await create(user, { name: "Aliases" })).body as { id: number };
    expect((await add(user, folder.id, emailId)).status).toBe(200);
    for (const alias of [` ${folder.id}`, `${folder.id}.0`, `0${folder.id}`, `${folder.id}e0`, `0x${folder.id.toString(16)}`]) {
      const params = { folderId: alias, emailId: String(emailId) };
      expect(
        await call(removeFolderEmail, "/api/users/me/folders/x/emails/y", { method: "DELETE", cookie: user.cookie, params }),
        alias,
      ).toMatchObject({ status: 404, body: { detail: "Not found" } });
      expect(await call(deleteFolder, "/api/users/me/folders/x", { method: "DELETE", cookie: user.cookie, params }), alias).toMatchObject({
        status: 404,
      });
    }
    expect((await list(user)).body).toEqual({ items: [{ id: folder.id, name: "Aliases", emails: [emailId], email_count: 1 }] });
  });

  it("DELETE /api/users/me/folders/{id} deletes the folder", async () => {
    const user = await registerUser();
    const folder = (await create(user, { name: "Gone" })).body as { id: number };
    expect((await drop(user, folder.id)).status).toBe(204);
    expect((await list(user)).body).toEqual({ items: [] });
    expect((await drop(user, folder.id)).status).toBe(404);
  });

  it("another user's folders and emails are not found, and nothing changes", async () => {
    const owner = await registerUser();
    const stranger = await registerUser();
    const { id: ownerEmail } = await seedEmail(owner.id);
    const { id: strangerEmail } = await seedEmail(stranger.id);
    const folder = (await create(owner, { name: "Private" })).body as { id: number };
    const strangerFolder = (await create(stranger, { name: "Mine" })).body as { id: number };
    expect((await add(stranger, folder.id, strangerEmail)).status).toBe(404);
    expect((await add(stranger, strangerFolder.id, ownerEmail)).status).toBe(404);
    expect((await add(owner, folder.id, ownerEmail)).status).toBe(200);
    expect((await remove(stranger, folder.id, ownerEmail)).status).toBe(404);
    expect((await drop(stranger, folder.id)).status).toBe(404);
    expect((await list(stranger)).body).toEqual({ items: [{ id: strangerFolder.id, name: "Mine", emails: [], email_count: 0 }] });
    expect((await list(owner)).body).toEqual({ items: [{ id: folder.id, name: "Private", emails: [ownerEmail], email_count: 1 }] });
  });

  it("every folder call answers 401 without a session", async () => {
    expect((await call(listFolders, "/api/users/me/folders")).status).toBe(401);
    expect((await call(createFolder, "/api/users/me/folders", { method: "POST", body: { name: "x" } })).status).toBe(401);
    expect((await call(deleteFolder, "/api/users/me/folders/1", { method: "DELETE", params: { folderId: "1" } })).status).toBe(401);
  });
});
