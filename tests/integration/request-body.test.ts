// What the server entries hand the app: the body read within 1 MB, form text without control
// characters (the one place every form's text passes through).
import { describe, expect, it } from "vitest";
import { prepareRequest } from "../../app/utils/request-body.server";
import { connectionContext } from "../../app/utils/request-context.server";

function post(body: BodyInit, type: string, path = "/clientes") {
  return new Request(`http://localhost${path}`, { method: "POST", body, headers: { "Content-Type": type }, duplex: "half" } as RequestInit);
}

describe("prepareRequest", () => {
  it("strips NUL and other control characters from every field, keeping line breaks", async () => {
    const body = new URLSearchParams({ name: "Ana\u0000 Souza\u001b", notes: "linha 1\r\nlinha\t2\u0007", "in\u0000tent": "create" });
    const { request } = await prepareRequest(post(body, "application/x-www-form-urlencoded"), { socketAddress: "192.0.2.1" });
    const form = await request.formData();
    expect(form.get("name")).toBe("Ana Souza");
    expect(form.get("notes")).toBe("linha 1\r\nlinha\t2");
    expect(form.get("intent")).toBe("create");
  });

  it("does the same for a multipart form without files", async () => {
    const data = new FormData();
    data.set("name", "Bia\u0000\u0008 Lima");
    const encoded = new Response(data);
    const type = encoded.headers.get("content-type")!;
    const { request } = await prepareRequest(post(await encoded.arrayBuffer(), type), { socketAddress: "192.0.2.1" });
    expect((await request.formData()).get("name")).toBe("Bia Lima");
  });

  it("a body over 1 MB without Content-Length reaches the app empty and marked", async () => {
    const chunk = new TextEncoder().encode("a".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 200) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    const { request, context } = await prepareRequest(post(stream, "application/x-www-form-urlencoded"), { socketAddress: "192.0.2.1" });
    expect(context.get(connectionContext)).toEqual({ socketAddress: "192.0.2.1", bodyTooLarge: true });
    expect(await request.text()).toBe("");
  });

  it("leaves GETs, the photo upload and the Stripe webhook alone", async () => {
    const get = new Request("http://localhost/clientes");
    expect((await prepareRequest(get, { socketAddress: null })).request).toBe(get);
    const webhook = post("{}", "application/json", "/stripe/webhook");
    expect((await prepareRequest(webhook, { socketAddress: null })).request).toBe(webhook);
    const upload = post(new FormData() as unknown as BodyInit, "multipart/form-data; boundary=x", "/configuracoes/perfil");
    expect((await prepareRequest(upload, { socketAddress: null })).request).toBe(upload);
  });
});
