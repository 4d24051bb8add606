// The Stripe client's own contract, against the local stand-in: configuration, the immediate
// cancel used by account deletion, and how a non-2xx answer surfaces.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkoutAvailable, planForPriceId, priceIdFor } from "../../app/domain/billing/prices.server";
import { cancelStripeSubscription, formEncode, stripeConfigured, StripeError } from "../../app/utils/stripe.server";
import { STRIPE_ENV_KEYS, stripeTestEnv, subscriptionObject, TEST_SECRET_KEY } from "../support/stripe";
import { envOverrides } from "../support/env";
import { startStripeStandIn, type StandIn } from "../support/stripe-stand-in";

let standIn: StandIn;
const env = envOverrides();
const setEnv = env.set;

beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(async () => {
  await standIn.close();
  env.restore();
});
beforeEach(() => {
  setEnv(stripeTestEnv(standIn.url));
  standIn.requests.length = 0;
});

describe("configuration", () => {
  it("is configured with a secret key; checkout also needs the webhook secret and a price", () => {
    expect(stripeConfigured()).toBe(true);
    expect(checkoutAvailable()).toBe(true);
    setEnv({ STRIPE_WEBHOOK_SECRET: "" });
    expect(stripeConfigured()).toBe(true);
    expect(checkoutAvailable()).toBe(false);
    setEnv(Object.fromEntries(STRIPE_ENV_KEYS.map((k) => [k, undefined])));
    expect(stripeConfigured()).toBe(false);
    expect(checkoutAvailable()).toBe(false);
    expect(priceIdFor("essencial", "monthly")).toBeUndefined();
  });

  it("maps price ids to plan and period both ways", () => {
    expect(priceIdFor("avancado", "yearly")).toBe("price_test_avancado_yearly");
    expect(planForPriceId("price_test_enterprise_monthly")).toEqual({ planId: "enterprise", period: "monthly" });
    expect(planForPriceId("price_unknown")).toBeUndefined();
    expect(planForPriceId(null)).toBeUndefined();
  });

  it("form-encodes Stripe's bracket keys and skips empty values", () => {
    expect(formEncode({ "line_items[0][price]": "price_1", customer: undefined, quantity: 1, x: null })).toBe(
      "line_items%5B0%5D%5Bprice%5D=price_1&quantity=1",
    );
  });
});

describe("cancelStripeSubscription", () => {
  it("cancels at once with DELETE /v1/subscriptions/{id}", async () => {
    const sub = subscriptionObject();
    standIn.subscriptions.set(String(sub.id), sub);
    await cancelStripeSubscription(String(sub.id));
    expect(standIn.requests).toEqual([
      expect.objectContaining({ method: "DELETE", path: `/v1/subscriptions/${sub.id}`, authorization: `Bearer ${TEST_SECRET_KEY}` }),
    ]);
    expect(standIn.subscriptions.get(String(sub.id))?.status).toBe("canceled");
  });

  it("throws a StripeError with Stripe's status and code on a non-2xx answer", async () => {
    const error = await cancelStripeSubscription("sub_does_not_exist").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StripeError);
    expect(error).toMatchObject({ status: 404, code: "resource_missing" });
  });

  it("throws when the key is wrong or Stripe cannot be reached", async () => {
    setEnv({ STRIPE_SECRET_KEY: "sk_test_wrong" });
    await expect(cancelStripeSubscription("sub_1")).rejects.toMatchObject({ status: 401 });
    setEnv({ STRIPE_SECRET_KEY: TEST_SECRET_KEY, STRIPE_API_BASE: "http://127.0.0.1:9" });
    await expect(cancelStripeSubscription("sub_1")).rejects.toBeInstanceOf(StripeError);
  });

  it("throws without a secret key", async () => {
    setEnv({ STRIPE_SECRET_KEY: undefined });
    await expect(cancelStripeSubscription("sub_1")).rejects.toBeInstanceOf(StripeError);
    expect(standIn.requests).toHaveLength(0);
  });
});
