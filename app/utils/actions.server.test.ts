import { describe, expect, it, vi } from "vitest";
import { attemptWrite, readForm, requireFound, WRITE_FAILED } from "./actions.server";
import { BODY_MESSAGES } from "./security.server";

async function thrown(work: () => unknown) {
  try {
    await work();
  } catch (error) {
    return error as { data: unknown; init: { status: number } };
  }
  throw new Error("expected a throw");
}

describe("action plumbing", () => {
  it("readForm: a form as posted; a body that is not one is a 400 with the body checks' message", async () => {
    const ok = new Request("http://localhost/", { method: "POST", body: new URLSearchParams({ intent: "save" }) });
    expect((await readForm(ok)).get("intent")).toBe("save");
    const bad = new Request("http://localhost/", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      body: "garbage",
    });
    const error = await thrown(() => readForm(bad));
    expect(error.init.status).toBe(400);
    expect(error.data).toBe(BODY_MESSAGES.unreadable);
  });

  it("requireFound: the row, or a 404 for null and undefined alike (0 and '' are rows)", async () => {
    expect(requireFound(0)).toBe(0);
    expect(requireFound("")).toBe("");
    expect((await thrown(() => requireFound(null))).init.status).toBe(404);
    expect((await thrown(() => requireFound(undefined))).init.status).toBe(404);
  });

  it("attemptWrite: the value; a failure logged as WRITE_FAILED; an expected error as its own value", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await attemptWrite("saving", async () => 7)).toBe(7);
    expect(await attemptWrite("saving", () => Promise.reject(new Error("down")))).toBe(WRITE_FAILED);
    expect(log).toHaveBeenCalledWith("saving failed", expect.any(Error));
    const race = () => Promise.reject(new Error("UNIQUE constraint failed"));
    expect(await attemptWrite("saving", race, (e) => (String(e).includes("UNIQUE") ? ("taken" as const) : undefined))).toBe("taken");
    expect(log).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });
});
